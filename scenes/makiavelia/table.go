package makiavelia

import (
	"encoding/json"
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// Config is a game's setup: who sits in each seat (3 to 8) and the seed.
type Config struct {
	Players []play.Player
	Seed    uint64
}

func (c Config) options() json.RawMessage {
	data, _ := json.Marshal(mak.Options{Players: len(c.Players)})
	return data
}

// roundLog is what one round left behind, for the results chart and the regime history.
type roundLog struct {
	Round   int
	Power   []int
	Regimes []mak.Regime
	Earned  []int // coins received this round, seat by seat
	Winners []rules.Seat
	Tie     bool
}

// Table is the Makiavelia table scene.
type Table struct {
	cfg  Config
	m    *play.Match
	priv *play.Privacy
	seq  table.Sequence
	log  table.Log
	rng  rules.RNG

	viewer  rules.Seat
	covered bool

	obs   *mak.Observation // the seat in view's observation, read at rest
	toAct rules.Seat       // the seat to act when obs was read (NoSeat: the game is over)
	world *mak.State       // a state sampled from obs, for the rules' read-only helpers
	legal []mak.Move       // the legal moves of the human to act (nil otherwise)
	key   int              // the record length obs was read at

	drawn    map[mak.CardID]scenes.Rect // where each card was drawn in the last frame
	shown    [][]mak.CardID             // each seat's City as drawn in the last frame (tests read it)
	zoomKind mak.Kind                   // a design to show large this frame (-1 none)

	in  input // the human's choices in progress
	fx  effects
	btn []button // the action panel's buttons this tick

	rounds []roundLog

	replay    *table.ReplayEyes // set when the table plays back a game (replay.go)
	layer     table.Layer       // the cached layer: what changes only when the game or the choices move on
	refreshes int               // how many times the observation was re-read (part of the signature)

	warmed    bool       // every card face drawn into its sprite
	pacer     play.Pacer // holds an AI decision until its thinking has been seen
	overTicks int
	overlay   overlay
}

// NewTable starts a new game from a setup.
func NewTable(ctx *game.Context, cfg Config) (*Table, error) {
	m, _, err := play.NewMatch(mak.Name, cfg.options(), cfg.Seed, cfg.Players, table.Autosaver{Store: ctx.Store})
	if err != nil {
		return nil, err
	}
	t := newTable(cfg, m)
	t.start(ctx)
	t.log.Add(table.LogLine{Text: ctx.F("makiavelia.log.round", 1), Strong: true})
	t.log.Add(table.LogLine{Text: ctx.F("makiavelia.log.first", seatName(t.obs.First)), Colour: seatColour(t.obs.First)})
	return t, nil
}

// ResumeTable rebuilds a game from the autosave document.
func ResumeTable(ctx *game.Context, data []byte) (*Table, error) {
	m, err := play.Resume(mak.Name, data, table.Autosaver{Store: ctx.Store})
	if err != nil {
		return nil, err
	}
	cfg := Config{Seed: m.Record().Seed, Players: m.Players()}
	t := newTable(cfg, m)
	t.start(ctx)
	if err := t.replayHistory(ctx); err != nil {
		return nil, err
	}
	t.log.Add(table.LogLine{Text: ctx.F("makiavelia.log.resumed", len(m.Record().Actions)), Strong: true})
	return t, nil
}

func newTable(cfg Config, m *play.Match) *Table {
	return &Table{cfg: cfg, m: m, rng: rules.NewRNG(cfg.Seed ^ 0x6d616b), in: newInput(), zoomKind: -1}
}

// replayHistory rebuilds the rounds' record (power, regimes, earnings) and the log by
// replaying the match's record through the rules, as the seat in view may know it.
func (t *Table) replayHistory(ctx *game.Context) error {
	rec := t.m.Record()
	g, _ := rules.Lookup(mak.Name)
	s, err := g.NewState(rec.Options, rec.Seed)
	if err != nil {
		return err
	}
	for i, step := range rec.Actions {
		a, err := g.DecodeAction(step.Action)
		if err != nil {
			return fmt.Errorf("action %d: %v", i, err)
		}
		ev, err := s.Apply(rules.Seat(step.Seat), a)
		if err != nil {
			return fmt.Errorf("action %d: %v", i, err)
		}
		for _, e := range ev {
			t.note(forViewer(e.(mak.Event), rules.NoSeat))
			if line := describe(ctx, forViewer(e.(mak.Event), t.logViewer())); line.Text != "" {
				t.log.Add(line)
			}
		}
	}
	return nil
}

func (t *Table) start(ctx *game.Context) {
	t.priv = play.NewPrivacy(t.m.Humans())
	t.viewer = rules.NoSeat
	if s, ok := t.priv.SoleHuman(); ok {
		t.viewer = s
		t.priv.Reveal(s)
	} else if t.priv.HumanCount() == 0 {
		t.viewer = t.m.ToAct()
	}
	t.refresh()
}

// logViewer is the seat whose secrets the log may tell: the one human at the table (or
// the seat in view when only AIs play). At a hot seat the log stays in view of every
// human, under and out of the curtain, so it tells what a spectator sees (NoSeat).
func (t *Table) logViewer() rules.Seat {
	if t.replay != nil {
		return t.replayLogViewer()
	}
	if s, ok := t.priv.SoleHuman(); ok {
		return s
	}
	if t.priv.HumanCount() > 1 {
		return rules.NoSeat
	}
	return t.viewer
}

// refresh re-reads the observation of the seat in view (and the legal moves of the
// human to act) from the match.
func (t *Table) refresh() {
	seat := t.viewer
	if seat == rules.NoSeat && t.priv.HumanCount() > 1 {
		seat = rules.NoSeat // the curtain is up: nobody's Reserve is shown
	}
	t.obs = t.m.State().Observe(seat).(*mak.Observation)
	t.refreshes++
	t.fx.growths = nil // the observation now has the Memorials' new strengths
	w := t.obs.Sample(&t.rng).(*mak.State)
	t.world = w
	t.key = len(t.m.Record().Actions)
	t.toAct = t.m.ToAct()
	t.legal = nil
	if to := t.m.ToAct(); to != rules.NoSeat && to == t.viewer && t.m.Player(to).Kind == play.Human {
		for _, a := range t.m.State().Legal(to) {
			t.legal = append(t.legal, a.(mak.Move))
		}
	}
	t.in.sync(t)
}

// Enter implements game.Entered.
func (t *Table) Enter(ctx *game.Context) { ctx.Audio.SetMusic(false) }

// Update implements game.Scene.
func (t *Table) Update(ctx *game.Context) error {
	t.fx.tick()
	if d := t.fx.dice; d != nil && t.obs.Step == mak.StepWounds {
		d.shown = max(d.shown, 2) // the roll stays in view while its wounds are placed
	}
	t.btn = t.btn[:0] // the panel's buttons exist only while a human is choosing
	t.log.Update(ctx, logRect)
	if t.covered {
		if ctx.Input.Clicked() || ctx.Input.Confirm() {
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.covered = false
			next := t.m.ToAct()
			t.priv.Reveal(next)
			t.viewer = next
			t.refresh()
		}
		return nil
	}
	if t.overlay.update(ctx, t) {
		return nil
	}
	if t.header(ctx) {
		return nil
	}
	if t.seq.Busy() {
		if ctx.Input.Clicked() && !leftArea.Contains(ctx.Input.Cursor()) {
			t.seq.Finish() // a click outside the Cities skips the animations
		} else {
			t.seq.Tick()
		}
		if !t.seq.Busy() {
			t.atRest()
		}
		return nil
	}
	if t.m.State().Over() {
		if t.replay != nil {
			return nil // a replay stays on the last action
		}
		t.overTicks++
		if t.overTicks > ctx.Frames(2.5)+20 || (t.overTicks > 10 && (ctx.Input.Clicked() || ctx.Input.Confirm())) {
			ctx.Input.UseClick()
			ctx.Replace(newResults(ctx, t))
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
			t.in.clear()
			t.refresh()
			return nil
		}
		if t.viewer != seat {
			t.viewer = seat
			t.refresh()
		}
		if t.key != len(t.m.Record().Actions) {
			t.refresh()
		}
		t.updateHuman(ctx, seat)
	}
	return nil
}

// header handles the buttons along the top; it reports whether it took the click.
func (t *Table) header(ctx *game.Context) bool {
	if !ctx.Input.Clicked() {
		return false
	}
	x, y := ctx.Input.Cursor()
	switch {
	case menuButton.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		t.m.Close()
		ctx.Pop()
	case helpButton.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		ctx.Push(newHelp(ctx))
	case cardsButton.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		ctx.Push(newBrowser(ctx))
	case historyButton.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		t.overlay = overlay{kind: overlayHistory}
	default:
		return false
	}
	return true
}

// atRest re-reads the picture from the observation once the animations are over.
func (t *Table) atRest() {
	if t.priv.HumanCount() == 0 && !t.m.State().Over() {
		t.viewer = t.m.ToAct()
	}
	if t.replay != nil {
		t.viewer = t.replay.Viewer(t.m, t.viewer)
	}
	t.refresh()
}

// minThink is how long the "thinking" indicator shows at least, so AI moves can be
// followed (0 when animations are instant).
func minThink(ctx *game.Context) int { return ctx.Frames(0.45) }

func (t *Table) updateAI(ctx *game.Context) error {
	seat, a, ready, err := t.pacer.Poll(t.m, minThink(ctx))
	if err != nil {
		return fmt.Errorf("makiavelia: %w", err)
	}
	if ready {
		t.apply(ctx, seat, a)
	}
	return nil
}

// apply makes an action through the match (which records and autosaves it) and queues
// the animation of its events as the seat in view may see them. A refusal shows the
// rules' reason and changes nothing.
func (t *Table) apply(ctx *game.Context, seat rules.Seat, a rules.Action) bool {
	before := memorialStrengths(t.m.State().Observe(t.viewer).(*mak.Observation))
	ev, err := t.m.Apply(seat, a)
	if err != nil {
		ctx.Notice(err.Error())
		return false
	}
	if t.m.SaveErr != nil {
		ctx.Notice(ctx.F("makiavelia.notice.autosave", t.m.SaveErr))
	}
	t.pacer.Reset()
	// Memorials grow when armies reach their owners' Cemeteries: shown after the burials
	// of the damage resolution, before the power is summed (or after the action's own
	// animations, for an army buried on the way, as a cancelled one).
	grown := memorialGrowths(before, memorialStrengths(t.m.State().Observe(t.viewer).(*mak.Observation)))
	damage, power := damageStart(ev), powerIndex(ev)
	for i, e := range ev {
		if i == damage {
			t.seq.Add(table.Step{Ticks: ctx.Frames(0.9), Start: func() {
				t.fx.showBanner(ctx.T("makiavelia.banner.damage"), ctx.Frames(1.2))
				t.log.Add(table.LogLine{Text: ctx.T("makiavelia.log.damage"), Strong: true})
			}})
		}
		if i == power && len(grown) > 0 {
			t.seq.Add(t.growStep(ctx, grown))
			grown = nil
		}
		t.note(forViewer(e.(mak.Event), rules.NoSeat))
		t.animate(ctx, forViewer(e.(mak.Event), t.viewer), describe(ctx, forViewer(e.(mak.Event), t.logViewer())))
	}
	if len(grown) > 0 {
		t.seq.Add(t.growStep(ctx, grown))
	}
	if t.seq.Busy() {
		t.seq.Tick()
	}
	if !t.seq.Busy() {
		t.atRest()
	}
	return true
}

// damageStart is the index of the first event of the damage resolution in ev (the
// burials just before the power is computed, or the power itself when nothing falls), or
// -1 when ev holds no damage resolution.
func damageStart(ev []rules.Event) int {
	for i, e := range ev {
		if e.(mak.Event).Kind != mak.EvPower {
			continue
		}
		j := i
		for j > 0 && ev[j-1].(mak.Event).Kind == mak.EvBury {
			j--
		}
		return j
	}
	return -1
}

// powerIndex is the index of the power event in ev (the end of the damage resolution),
// or -1.
func powerIndex(ev []rules.Event) int {
	for i, e := range ev {
		if e.(mak.Event).Kind == mak.EvPower {
			return i
		}
	}
	return -1
}

// note keeps the rounds' record from the public events.
func (t *Table) note(e mak.Event) {
	cur := func() *roundLog {
		if len(t.rounds) == 0 {
			t.rounds = append(t.rounds, roundLog{Round: 1})
		}
		return &t.rounds[len(t.rounds)-1]
	}
	switch e.Kind {
	case mak.EvPower:
		cur().Power = append([]int(nil), e.Values...)
	case mak.EvRegime:
		if e.Regime != nil {
			r := cur()
			r.Regimes = append(r.Regimes, mak.Regime{Members: append([]rules.Seat(nil), e.Regime.Members...), Shares: append([]int(nil), e.Regime.Shares...)})
		}
	case mak.EvVictory:
		cur().Winners = append([]rules.Seat(nil), e.Seats...)
	case mak.EvTie:
		cur().Tie = true
	case mak.EvCoin:
		r := cur()
		if r.Power != nil && e.Target == rules.NoSeat && e.Seat >= 0 {
			for len(r.Earned) <= int(e.Seat) {
				r.Earned = append(r.Earned, 0)
			}
			r.Earned[e.Seat]++
		}
	case mak.EvRound:
		t.rounds = append(t.rounds, roundLog{Round: e.Value})
	}
}

// Draw implements game.Scene.
func (t *Table) Draw(screen *ebiten.Image, ctx *game.Context) {
	t.draw(screen, ctx)
}
