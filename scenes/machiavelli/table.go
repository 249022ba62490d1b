package machiavelli

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// Config is a match's setup: the options, who sits where, the seed, and whether hints
// may be asked for.
type Config struct {
	Options mach.Options
	Players []play.Player
	Seed    uint64
	NoHints bool
}

// tableData is what the table keeps in the autosave beside the record.
type tableData struct {
	NoHints bool `json:"no_hints,omitempty"`
}

// shown is the part of the picture that events change while they are animated: what
// the seat in view sees, as far as the animations have got. At rest it is re-read from
// the observation.
type shown struct {
	table  [][]mach.Card
	hands  []int
	stock  int
	free   []mach.Card
	totals []int
	gameNo int
	dealer int
	turn   int
	laid   map[mach.Card]bool // cards laid by the last play (marked until the next)
}

// Table is the Machiavelli table scene.
type Table struct {
	cfg    Config
	m      *play.Match
	priv   *play.Privacy
	viewer rules.Seat
	seq    table.Sequence
	log    table.Log
	prefs  prefs

	covered bool // the hot-seat curtain is up
	sh      shown
	hand    []mach.Card        // the viewer's hand, in the order shown (at rest)
	fresh   map[mach.Card]bool // cards the viewer has just drawn (outlined until their next turn ends)
	groups  map[mach.Card]bool // cards that start a group the player made in their own order
	draft   *Draft             // the viewer's turn being built (nil when not building)
	verdict error              // what the rules say of the draft as a play (nil: End turn is enabled)
	sig     string             // the draft's table when verdict was computed

	cards  map[mach.Card]*cardPos // where each visible card is drawn
	in     input
	hint   *hint
	ending *gameEnd // a game of the match is over: its scores are shown

	layer table.Layer // everything at rest, redrawn when its signature changes

	pacer     play.Pacer // holds an AI decision until its thinking has been seen
	overTicks int
	skip      bool // the player clicked to skip the animation under way

	replay *replaying // set when the table plays back a game (replay.go)
}

// NewTable starts a new match.
func NewTable(ctx *game.Context, cfg Config) (*Table, error) {
	opts, err := json.Marshal(cfg.Options)
	if err != nil {
		return nil, err
	}
	m, opening, err := play.NewMatch("machiavelli", opts, cfg.Seed, cfg.Players, table.Autosaver{Store: ctx.Store})
	if err != nil {
		return nil, err
	}
	if cfg.NoHints {
		data, _ := json.Marshal(tableData{NoHints: true})
		m.SetTableData(data)
	}
	t := newTable(ctx, cfg, m)
	for _, e := range opening {
		t.logEvent(ctx, e)
	}
	return t, nil
}

// ResumeTable rebuilds a match from the autosave document, its chronicle replayed from
// the record.
func ResumeTable(ctx *game.Context, data []byte) (*Table, error) {
	m, err := play.Resume("machiavelli", data, table.Autosaver{Store: ctx.Store})
	if err != nil {
		return nil, err
	}
	s, ok := m.State().(*mach.State)
	if !ok {
		return nil, fmt.Errorf("the saved game is not a Machiavelli game")
	}
	cfg := Config{Options: s.Opt, Players: m.Players(), Seed: m.Record().Seed}
	var td tableData
	if raw := m.TableData(); len(raw) > 0 && json.Unmarshal(raw, &td) == nil {
		cfg.NoHints = td.NoHints
	}
	t := newTable(ctx, cfg, m)
	t.replayChronicle(ctx)
	t.log.Add(table.LogLine{Text: countF(ctx, "machiavelli.log.resumed", len(m.Record().Actions)), Strong: true})
	return t, nil
}

func newTable(ctx *game.Context, cfg Config, m *play.Match) *Table {
	t := &Table{cfg: cfg, m: m, cards: map[mach.Card]*cardPos{}, prefs: loadPrefs(ctx.Store)}
	t.priv = play.NewPrivacy(m.Humans())
	t.viewer = m.ToAct()
	if s, ok := t.priv.SoleHuman(); ok {
		t.viewer = s
		t.priv.Reveal(s)
	}
	t.atRest()
	if t.priv.HumanCount() > 1 {
		t.hand = nil
	}
	return t
}

// replayChronicle rebuilds the log from the record: the game is deterministic, so
// replaying its actions gives back every event.
func (t *Table) replayChronicle(ctx *game.Context) {
	rec := t.m.Record()
	g, _ := rules.Lookup(rec.Game)
	s, err := g.NewState(rec.Options, rec.Seed)
	if err != nil {
		return
	}
	if o, ok := s.(interface{ OpeningEvents() []rules.Event }); ok {
		for _, e := range o.OpeningEvents() {
			t.logEvent(ctx, e)
		}
	}
	for _, a := range rec.Actions {
		act, err := g.DecodeAction(a.Action)
		if err != nil {
			return
		}
		t.sh.table = s.Observe(t.viewer).(*mach.Observation).Table
		ev, err := s.Apply(rules.Seat(a.Seat), act)
		if err != nil {
			return
		}
		for _, e := range ev {
			t.logEvent(ctx, forSeat(e, t.viewer))
		}
	}
	t.atRest()
}

// forSeat hides what a seat may not see in an event: another seat's drawn cards.
func forSeat(e rules.Event, viewer rules.Seat) rules.Event {
	if d, ok := e.(mach.DrewEvent); ok && rules.Seat(d.Seat) != viewer {
		d.Cards = make([]mach.Card, len(d.Cards))
		for i := range d.Cards {
			d.Cards[i] = hiddenCard
		}
		return d
	}
	return e
}

// hiddenCard stands for a card the viewer may not see (it is never a real card: the
// copy bits of face 63 are never dealt).
const hiddenCard = mach.Card(63)

// obs is the observation of the seat in view.
func (t *Table) obs() *mach.Observation {
	return t.m.State().Observe(t.viewer).(*mach.Observation)
}

// Enter implements game.Entered.
func (t *Table) Enter(ctx *game.Context) { ctx.Audio.SetMusic(false) }

// atRest re-reads the picture from the observation once the animations are over.
func (t *Table) atRest() {
	if t.priv.HumanCount() == 0 && !t.m.State().Over() {
		t.viewer = t.m.ToAct()
	}
	if t.replay != nil {
		t.viewer = t.replay.Viewer(t.m, t.viewer)
	}
	o := t.obs()
	laid := t.sh.laid
	t.sh = shown{table: cloneTable(o.Table), hands: slices.Clone(o.HandSizes), stock: o.StockSize,
		free: slices.Clone(o.Free), totals: slices.Clone(o.Totals), gameNo: o.GameNo, dealer: o.Dealer, turn: o.Turn, laid: laid}
	t.mergeHand(o.Hand)
}

// mergeHand keeps the viewer's own order of the cards still in hand and adds new ones
// at the end.
func (t *Table) mergeHand(cards []mach.Card) {
	var out []mach.Card
	for _, c := range t.hand {
		if slices.Contains(cards, c) {
			out = append(out, c)
		}
	}
	for _, c := range cards {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	t.hand = out
}

// Update implements game.Scene.
func (t *Table) Update(ctx *game.Context) error {
	err := t.update(ctx)
	if !t.covered {
		t.arrange(ctx)
	}
	return err
}

func (t *Table) update(ctx *game.Context) error {
	t.log.Update(ctx, logRect)
	t.tickCards()
	if t.covered {
		if ctx.Input.Clicked() || ctx.Input.Confirm() {
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.covered = false
			next := t.m.ToAct()
			t.priv.Reveal(next)
			t.viewer = next
			t.hand = nil
			t.atRest()
		}
		return nil
	}
	if t.header(ctx) {
		return nil
	}
	if t.ending != nil {
		t.updateGameEnd(ctx)
		return nil
	}
	if t.seq.Busy() {
		if ctx.Input.Clicked() {
			ctx.Input.UseClick()
			t.skip = true
		}
		if t.skip {
			t.seq.Finish()
			t.finishCards()
		} else {
			t.seq.Tick()
		}
		if !t.seq.Busy() {
			t.skip = false
			if t.ending == nil {
				t.atRest()
			}
		}
		return nil
	}
	if t.m.State().Over() {
		if t.replay != nil {
			return nil // a replay stays on the last action
		}
		t.overTicks++
		if t.overTicks > ctx.Frames(1.2)+10 || (t.overTicks > 10 && (ctx.Input.Clicked() || ctx.Input.Confirm())) {
			ctx.Input.UseClick()
			ctx.Replace(newResults(ctx, t))
		}
		return nil
	}
	seat := t.m.ToAct()
	switch t.m.Player(seat).Kind {
	case play.AI:
		t.updateHand(ctx) // the viewer may rearrange their hand while others play
		return t.updateAI(ctx)
	case play.Human:
		if t.priv.NeedsCover(seat) {
			t.covered = true
			t.priv.Hide()
			t.closeHint()
			t.hand, t.draft = nil, nil
			return nil
		}
		if t.viewer != seat {
			t.viewer = seat
			t.atRest()
		}
		t.updateHuman(ctx, seat)
	}
	return nil
}

// header handles the Menu, Help and Hint buttons; it reports whether it took the input.
func (t *Table) header(ctx *game.Context) bool {
	x, y := ctx.Input.Cursor()
	if !ctx.Input.Clicked() {
		return false
	}
	switch {
	case headerMenu.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		t.m.Close()
		ctx.Pop()
		return true
	case headerHelp.Contains(x, y):
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		ctx.Push(newHelp(ctx))
		return true
	}
	return false
}

// minThink is how long the "thinking" indicator shows at least, so AI turns can be
// followed.
func minThink(ctx *game.Context) int { return ctx.Frames(0.6) }

func (t *Table) updateAI(ctx *game.Context) error {
	seat, a, ready, err := t.pacer.Poll(t.m, minThink(ctx))
	if err != nil {
		return fmt.Errorf("machiavelli: %w", err)
	}
	if ready {
		t.apply(ctx, seat, a)
	}
	return nil
}

// apply makes an action through the match (which records and autosaves it) and queues
// the animation of its events as the seat in view may see them.
func (t *Table) apply(ctx *game.Context, seat rules.Seat, a rules.Action) bool {
	before := cloneTable(t.sh.table)
	ev, err := t.m.Apply(seat, a)
	if err != nil {
		ctx.Notice(err.Error())
		return false
	}
	if t.m.SaveErr != nil {
		ctx.Notice(ctx.F("machiavelli.notice.autosave", t.m.SaveErr))
	}
	t.pacer.Reset()
	if seat == t.viewer {
		t.fresh = nil
	}
	t.closeHint()
	t.draft, t.verdict, t.sig = nil, nil, ""
	t.in.clear()
	for _, e := range ev {
		t.animate(ctx, forSeat(e, t.viewer), before)
	}
	t.seq.Tick()
	if !t.seq.Busy() && t.ending == nil {
		t.atRest()
	}
	return true
}

// updateHuman turns the player's gestures into a draft, and the draft into a play.
func (t *Table) updateHuman(ctx *game.Context, seat rules.Seat) {
	o := t.obs()
	if t.draft == nil {
		t.draft = NewDraftOrdered(o, t.hand)
	}
	t.refreshVerdict(o)
	t.updateHint(ctx, o)
	if t.updateButtons(ctx, seat, o) {
		return
	}
	t.updateGestures(ctx)
}

// refreshVerdict asks the rules about the draft when it has changed.
func (t *Table) refreshVerdict(o *mach.Observation) {
	sig := fmt.Sprint(t.draft.Table)
	if sig == t.sig && t.sig != "" {
		return
	}
	t.sig = sig
	t.verdict = o.CheckPlay(t.draft.Action())
}

// drawAction is what the Draw button does now: draw, pass with the stock empty, or
// (BGA) restore the table and take the fine once table cards were moved (cards only laid
// from the hand go back to it, and the player simply draws).
func (t *Table) drawAction(o *mach.Observation) mach.Action {
	switch {
	case o.StockSize == 0:
		return mach.Action{Kind: mach.KindPass}
	case t.draft != nil && t.draft.MovedTable() && o.Opt.RestoreFine > 0:
		return mach.Action{Kind: mach.KindRestore}
	}
	return mach.Draw()
}

// NewDraftOrdered starts a draft whose hand keeps the viewer's order.
func NewDraftOrdered(o *mach.Observation, order []mach.Card) *Draft {
	d := NewDraft(o)
	var hand []mach.Card
	for _, c := range order {
		if slices.Contains(d.Hand, c) {
			hand = append(hand, c)
		}
	}
	for _, c := range d.Hand {
		if !slices.Contains(hand, c) {
			hand = append(hand, c)
		}
	}
	d.Hand, d.hand0 = hand, slices.Clone(hand)
	return d
}

// cardPos is where a card is drawn and where it is going.
type cardPos struct {
	x, y, w, h        float64
	fx, fy, fw, fh    float64 // where the move started
	tx, ty, tw, th    float64 // where it goes
	delay, dur, ticks int
	lift              float64
}

// place sets where card c should be; it glides there over dur ticks after delay.
func (t *Table) place(c mach.Card, x, y, w, h float64, delay, dur int) {
	p, ok := t.cards[c]
	if !ok {
		t.cards[c] = &cardPos{x: x, y: y, w: w, h: h, tx: x, ty: y, tw: w, th: h}
		return
	}
	if p.tx == x && p.ty == y && p.tw == w {
		return
	}
	p.fx, p.fy, p.fw, p.fh = p.x, p.y, p.w, p.h
	p.tx, p.ty, p.tw, p.th = x, y, w, h
	p.delay, p.dur, p.ticks = delay, max(dur, 0), 0
	if p.dur == 0 && p.delay == 0 {
		p.x, p.y, p.w, p.h = x, y, w, h
	}
}

// startFrom puts a card that has just come into view at (x, y) so it flies from there.
func (t *Table) startFrom(c mach.Card, x, y, w, h float64) {
	t.cards[c] = &cardPos{x: x, y: y, w: w, h: h, tx: x, ty: y, tw: w, th: h}
}

// tickCards moves every card one tick along its glide.
func (t *Table) tickCards() {
	for _, p := range t.cards {
		if p.x == p.tx && p.y == p.ty && p.w == p.tw {
			p.lift = 0
			continue
		}
		if p.delay > 0 {
			p.delay--
			continue
		}
		p.ticks++
		k := 1.0
		if p.dur > 0 {
			k = easeInOut(math.Min(1, float64(p.ticks)/float64(p.dur)))
		}
		p.x, p.y = table.Lerp(p.fx, p.tx, k), table.Lerp(p.fy, p.ty, k)
		p.w, p.h = table.Lerp(p.fw, p.tw, k), table.Lerp(p.fh, p.th, k)
		p.lift = math.Sin(k * math.Pi)
		if k >= 1 {
			p.x, p.y, p.w, p.h, p.lift = p.tx, p.ty, p.tw, p.th, 0
		}
	}
}

// finishCards puts every card where it is going (the player skipped the animation).
func (t *Table) finishCards() {
	for _, p := range t.cards {
		p.x, p.y, p.w, p.h, p.lift, p.delay = p.tx, p.ty, p.tw, p.th, 0, 0
	}
}

func easeInOut(t float64) float64 { return t * t * (3 - 2*t) }

// Draw implements game.Scene.
func (t *Table) Draw(screen *ebitenImage, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	t.draw(p, ctx)
}
