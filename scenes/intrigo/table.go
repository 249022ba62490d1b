package intrigo

import (
	"encoding/json"
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// Config is a game's setup: who sits in each of the 3–5 seats, and the seed.
type Config struct {
	Players []play.Player
	Seed    uint64
}

func (c Config) options() json.RawMessage {
	data, _ := json.Marshal(ig.Options{Players: len(c.Players)})
	return data
}

// Table is the Intrigo table scene: the palaces, the island, the action panel (what the
// seat to act may do, the negotiation among it), the log and the ledger.
type Table struct {
	replay *table.ReplayEyes // set when the table plays back a game (replay.go)

	cfg  Config
	m    *play.Match
	priv *play.Privacy
	seq  table.Sequence
	log  table.Log
	rng  rules.RNG
	v    view

	viewer  rules.Seat
	covered bool // the hot-seat curtain is up

	in      input        // the human's choices under way
	neg     *offerDraft  // the offer being built (the seat to speak is a human)
	counter int          // the owner's counter-price being set
	ledger  *ledgerPanel // the ledger, when open
	notes   notes

	pacer      play.Pacer // holds an AI decision until its thinking has been seen
	coinsFlown int        // coin flights animated (for the frame benchmark)
	overTicks  int
}

// NewTable starts a new game from a setup.
func NewTable(ctx *game.Context, cfg Config) (*Table, error) {
	m, _, err := play.NewMatch(ig.Game{}.Name(), cfg.options(), cfg.Seed, cfg.Players, table.Autosaver{Store: ctx.Store})
	if err != nil {
		return nil, err
	}
	t := newTable(ctx, cfg, m)
	tb := t.table()
	t.log.Add(table.LogLine{Text: ctx.F("intrigo.log.first", seatName(ctx, tb.First)), Colour: seatColour(tb.First), Strong: true})
	t.log.Add(table.LogLine{Text: ctx.F("intrigo.log.turn", seatName(ctx, tb.Active), 1, ig.TurnsPerPlayer), Colour: seatColour(tb.Active), Strong: true})
	return t, nil
}

// ResumeTable rebuilds a game from the autosave document.
func ResumeTable(ctx *game.Context, data []byte) (*Table, error) {
	m, err := play.Resume(ig.Game{}.Name(), data, table.Autosaver{Store: ctx.Store})
	if err != nil {
		return nil, err
	}
	cfg := Config{Seed: m.Record().Seed, Players: m.Players()}
	t := newTable(ctx, cfg, m)
	t.retell(ctx)
	t.log.Add(table.LogLine{Text: ctx.F("intrigo.log.resumed", len(m.Record().Actions)), Strong: true})
	return t, nil
}

// retell writes the chronicle of a resumed game again, by replaying its record with the
// rules (every event in it is public).
func (t *Table) retell(ctx *game.Context) {
	rec := t.m.Record()
	st, err := ig.Game{}.NewState(rec.Options, rec.Seed)
	if err != nil {
		return
	}
	s := st.(*ig.State)
	t.log.Add(table.LogLine{Text: ctx.F("intrigo.log.first", seatName(ctx, s.Table.First)), Colour: seatColour(s.Table.First), Strong: true})
	for _, step := range rec.Actions {
		m, err := ig.DecodeMove(step.Action)
		if err != nil {
			return
		}
		ev, err := s.Apply(rules.Seat(step.Seat), m)
		if err != nil {
			return
		}
		tb := &s.Table
		evs := asEvents(ev)
		told := retold(evs)
		for i, e := range evs {
			if line, strong, ok := eventLine(ctx, tb, e); ok && told[i] {
				t.log.Add(table.LogLine{Text: line, Colour: seatColour(actor(e)), Strong: strong})
			}
		}
	}
}

func newTable(ctx *game.Context, cfg Config, m *play.Match) *Table {
	t := &Table{cfg: cfg, m: m, rng: rules.NewRNG(cfg.Seed ^ 0x1e7160)}
	t.in.reset()
	t.priv = play.NewPrivacy(m.Humans())
	t.viewer = rules.NoSeat
	if s, ok := t.priv.SoleHuman(); ok {
		t.viewer = s
		t.priv.Reveal(s)
	}
	t.notes = loadNotes(ctx.Store, cfg.Seed)
	t.v.reset(t.obs())
	return t
}

// obs is the observation of the seat in view (with no seat in view, a spectator's:
// everything public, no purse).
func (t *Table) obs() *ig.Observation {
	return t.m.State().Observe(t.viewer).(*ig.Observation)
}

// table is the public table as the seat in view sees it.
func (t *Table) table() *ig.Table { return &t.obs().Table }

// Match is the match being played (for tests).
func (t *Table) Match() *play.Match { return t.m }

// Busy reports whether animations are playing (for tests).
func (t *Table) Busy() bool { return t.seq.Busy() }

// Enter implements game.Entered.
func (t *Table) Enter(ctx *game.Context) { ctx.Audio.SetMusic(false) }

// Update implements game.Scene.
func (t *Table) Update(ctx *game.Context) error {
	t.log.Update(ctx, logRect)
	if t.covered {
		if ctx.Input.Clicked() || ctx.Input.Confirm() {
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.covered = false
			next := t.m.ToAct()
			t.priv.Reveal(next)
			t.viewer = next
			t.v.reset(t.obs())
		}
		return nil
	}
	if t.header(ctx) {
		return nil
	}
	if t.ledger != nil {
		if t.ledger.update(ctx, t) {
			t.ledger = nil
		}
		return nil
	}
	if t.seq.Busy() {
		// A click or Space skips the animations under way.
		clicked := ctx.Input.Clicked()
		skip := clicked || ctx.Input.KeyOnce(ebiten.KeySpace)
		if skip {
			t.seq.Finish()
		} else {
			t.seq.Tick()
		}
		if !t.seq.Busy() {
			t.atRest()
		}
		// A click that ends the animations when the human in view is to act is also that
		// human's click (picking up an advisor, pressing a button): a player who acts at once
		// does not have to do it twice.
		if !clicked || t.seq.Busy() || !t.inViewToAct() {
			if skip {
				ctx.Input.UseClick()
			}
			return nil
		}
	}
	if t.m.State().Over() {
		if t.replay != nil {
			return nil // a replay stays on the last action
		}
		t.overTicks++
		if t.overTicks > ctx.Frames(2)+20 || (t.overTicks > 10 && (ctx.Input.Clicked() || ctx.Input.Confirm())) {
			ctx.Input.UseClick()
			ctx.Replace(newResults(ctx, t.m.State().(*ig.State), t.m.Players()))
		}
		return nil
	}
	seat := t.m.ToAct()
	switch t.m.Player(seat).Kind {
	case play.AI:
		return t.updateAI(ctx)
	case play.Human:
		if t.priv.NeedsCover(seat) {
			t.covered = true
			t.priv.Hide()
			t.viewer = rules.NoSeat
			t.clearChoice()
			t.v.reset(t.obs())
			return nil
		}
		if t.viewer != seat {
			t.viewer = seat
			t.v.reset(t.obs())
		}
		t.updateHuman(ctx, seat)
	}
	return nil
}

// header handles the Menu, Help and Ledger buttons; it reports whether it took the click.
func (t *Table) header(ctx *game.Context) bool {
	if !ctx.Input.Clicked() {
		if ctx.Input.KeyOnce(ebiten.KeyL) && t.ledger == nil && !t.in.typing() {
			t.ledger = newLedgerPanel(t.viewer)
			return true
		}
		return false
	}
	x, y := ctx.Input.Cursor()
	switch {
	case menuButton.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		t.m.Close()
		ctx.Pop()
		return true
	case helpButton.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		ctx.Push(newHelp(ctx))
		return true
	case ledgerButton.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		if t.ledger == nil {
			t.ledger = newLedgerPanel(t.viewer)
		} else {
			t.ledger = nil
		}
		return true
	}
	return false
}

// atRest re-reads the picture from the observation once the animations are over.
func (t *Table) atRest() {
	if t.priv.HumanCount() == 0 && !t.m.State().Over() {
		t.viewer = rules.NoSeat
	}
	if t.replay != nil {
		t.viewer = t.replayViewer()
	}
	t.v.reset(t.obs())
}

// minThink is how long an AI seat shows it is thinking at least, so a person can follow
// (shorter at faster animation speeds, nothing when they are instant).
func minThink(ctx *game.Context) int { return ctx.Frames(0.7) }

func (t *Table) updateAI(ctx *game.Context) error {
	seat, a, ready, err := t.pacer.Poll(t.m, minThink(ctx))
	if err != nil {
		return fmt.Errorf("intrigo: %w", err)
	}
	if ready {
		t.apply(ctx, seat, a)
	}
	return nil
}

// apply makes an action through the match (which records and autosaves it) and queues
// the animation of its events. A refusal shows the rules' reason and changes nothing.
func (t *Table) apply(ctx *game.Context, seat rules.Seat, a rules.Action) bool {
	// What is still moving lands first, so each animation starts from a settled picture.
	t.seq.Finish()
	before := t.m.State().Observe(t.viewer).(*ig.Observation)
	ev, err := t.m.Apply(seat, a)
	if err != nil {
		ctx.Notice(err.Error())
		return false
	}
	if t.m.SaveErr != nil {
		ctx.Notice(ctx.F("intrigo.notice.autosave", t.m.SaveErr))
	}
	t.pacer.Reset()
	t.clearChoice()
	t.animate(ctx, before, t.obs(), ev)
	if t.seq.Busy() {
		t.seq.Tick()
	}
	if !t.seq.Busy() {
		t.atRest()
	}
	return true
}

func (t *Table) clearChoice() {
	t.in.reset()
	t.neg = nil
	t.counter = 0
}

// Draw implements game.Scene.
func (t *Table) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	if t.covered {
		next := t.m.ToAct()
		table.DrawPrivacy(p, ctx.F("intrigo.privacy.pass", seatName(ctx, next)), ctx.T("intrigo.privacy.hint"), ctx.Tick)
		return
	}
	t.draw(p, ctx)
}

// thinking is the AI seat deciding now (its indicator shows), or NoSeat.
func (t *Table) thinking() rules.Seat {
	seat := t.m.ToAct()
	if seat < 0 || t.m.Player(seat).Kind != play.AI || t.seq.Busy() {
		return rules.NoSeat
	}
	return seat
}

// inViewToAct says whether the seat to act is the human whose side of the table is shown.
func (t *Table) inViewToAct() bool {
	seat := t.m.ToAct()
	return seat != rules.NoSeat && t.m.Player(seat).Kind == play.Human && seat == t.viewer && !t.priv.NeedsCover(seat)
}
