package niccolo

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// Config is a game's setup as chosen in the setup scene: who sits in each seat, the
// variant and the seed.
type Config struct {
	Players [4]play.Player
	Variant nic.Variant
	Seed    uint64
}

// options is the rules' options JSON for this setup.
func (c Config) options() json.RawMessage {
	o := nic.Options{Variant: c.Variant.String()}
	for _, p := range c.Players {
		if p.Kind == play.Auto {
			o.Seats = append(o.Seats, "envoy")
		} else {
			o.Seats = append(o.Seats, "player")
		}
	}
	data, _ := json.Marshal(o)
	return data
}

// stats are counted from the events, for the results screen.
type stats struct {
	cards    [4]int
	squares  [4]int
	jumps    [4]int
	gambados [4]int
	reshuffl int
}

// Table is the Niccolò table scene.
type Table struct {
	cfg  Config
	m    *play.Match
	priv *play.Privacy
	v    view
	seq  table.Sequence
	log  table.Log
	rng  rules.RNG

	viewer  rules.Seat
	covered bool // the hot-seat privacy screen is up

	// The card being played and its choices.
	sel     int // index into the hand, -1 none
	marker  int // chosen marker, -1 none
	zone    int // chosen zone (Bribery), -1 none
	dir     int // Signoria: 1 clockwise, 2 anticlockwise, 0 none
	hoverZ  int
	hoverM  int
	hoverC  int // hand card under the cursor
	press   int // hand card pressed (drag source), -1 none
	pressX  float64
	pressY  float64
	drag    bool
	preview *preview

	prompt    *table.Prompt
	promptKey int
	outcomes  []outcome

	showPile int // discard pile shown in full, -1 none

	pacer     play.Pacer  // holds an AI decision until its thinking has been seen
	layer     table.Layer // the board and panels at rest, redrawn when their signature changes
	overTicks int
	st        stats
	replay    *replaying // set when the table plays back a game (replay.go)
}

// preview is what a candidate card would do: the markers after it (from the rules,
// applied to a sample of the seat's own observation) and where each token's rule would
// then send it (from the rules' Observation.PreviewMoves).
type preview struct {
	move    nic.Move
	markers [4]nic.Zone
	targets [4]int
	blocked [4]bool
}

// outcome is one answer of a prompt and where it would take the token.
type outcome struct {
	move   nic.Move
	path   []int
	to     int
	asks   bool // it leads to another question (a Gambado's landing is taken)
	family int
}

// NewTable starts a new game from a setup.
func NewTable(ctx *game.Context, cfg Config) (*Table, error) {
	t := newTable(cfg)
	m, opening, err := play.NewMatch(nic.Name, cfg.options(), cfg.Seed, cfg.Players[:], table.Autosaver{Store: ctx.Store})
	if err != nil {
		return nil, err
	}
	t.m = m
	t.start(ctx)
	t.v.beforeDeal(t.obs())
	t.animate(ctx, nic.ForSeat(opening, t.viewer))
	return t, nil
}

// ResumeTable rebuilds a game from the autosave document.
func ResumeTable(ctx *game.Context, data []byte) (*Table, error) {
	m, err := play.Resume(nic.Name, data, table.Autosaver{Store: ctx.Store})
	if err != nil {
		return nil, err
	}
	cfg := Config{Seed: m.Record().Seed}
	copy(cfg.Players[:], m.Players())
	if s, ok := m.State().(*nic.State); ok {
		cfg.Variant = s.Variant()
	}
	t := newTable(cfg)
	t.m = m
	t.start(ctx)
	if err := t.chronicle(ctx); err != nil {
		// Resume has just replayed the same record, so this does not happen; should it,
		// the game goes on with the log it could rebuild.
		t.st = stats{}
		ctx.Notice(err.Error())
	}
	t.log.Add(table.LogLine{Text: ctx.F("niccolo.log.resumed", len(m.Record().Actions)), Strong: true})
	return t, nil
}

func newTable(cfg Config) *Table {
	return &Table{cfg: cfg, rng: rules.NewRNG(cfg.Seed ^ 0x5eed), sel: -1, marker: -1, zone: -1, press: -1, showPile: -1, hoverZ: -1, hoverM: -1, hoverC: -1}
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
	if t.replay != nil {
		t.viewer = t.replayViewer()
	}
	t.v.load(t.obs())
	if t.priv.HumanCount() > 1 {
		t.v.hand = t.v.hand[:0]
	}
}

// obs is the observation of the seat in view.
func (t *Table) obs() *nic.Observation {
	o := t.m.State().Observe(t.viewer).(*nic.Observation)
	return o
}

// Enter implements game.Entered.
func (t *Table) Enter(ctx *game.Context) { ctx.Audio.SetMusic(false) }

// Buttons in the header.
var (
	menuButton = scenes.Rect{X: 1150, Y: 22, W: 110, H: 30}
	helpButton = scenes.Rect{X: 1030, Y: 22, W: 110, H: 30}
	playButton = scenes.Rect{X: 736, Y: 514, W: 250, H: 32}
	undoButton = scenes.Rect{X: 996, Y: 514, W: 120, H: 32}
	logRect    = scenes.Rect{X: 724, Y: 272, W: 536, H: 232}
)

// Signoria's two direction buttons on the board.
var (
	cwButton  = scenes.Rect{X: circleCX + circleR + 14, Y: circleCY - 28, W: 56, H: 56}
	acwButton = scenes.Rect{X: circleCX - circleR - 70, Y: circleCY - 28, W: 56, H: 56}
)

// Update implements game.Scene.
func (t *Table) Update(ctx *game.Context) error {
	if t.v.celebrate > 0 {
		t.v.celebrate++
	}
	for f := range t.v.lastDraw {
		if t.v.lastDraw[f] > 0 {
			t.v.lastDraw[f]++
		}
	}
	t.log.Update(ctx, logRect)
	if t.covered {
		if ctx.Input.Clicked() || ctx.Input.Confirm() {
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.covered = false
			next := t.m.ToAct()
			t.priv.Reveal(next)
			t.viewer = next
			t.v.load(t.obs())
		}
		return nil
	}
	if t.showPile >= 0 {
		if ctx.Input.Clicked() || ctx.Input.Back() || ctx.Input.Confirm() {
			ctx.Input.UseClick()
			t.showPile = -1
		}
		return nil
	}
	if t.header(ctx) {
		return nil
	}
	if t.seq.Busy() {
		t.seq.Tick()
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
		if t.overTicks > ctx.Frames(2.6)+20 || (t.overTicks > 10 && (ctx.Input.Clicked() || ctx.Input.Confirm())) {
			ctx.Input.UseClick()
			ctx.Replace(newResults(ctx, t))
		}
		return nil
	}
	if t.clickDiscard(ctx) {
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
			t.v.hand = t.v.hand[:0]
			t.clearChoice()
			return nil
		}
		if t.viewer != seat {
			t.viewer = seat
			t.v.load(t.obs())
		}
		t.updateHuman(ctx, seat)
	}
	return nil
}

// header handles the Menu and Help buttons; it reports whether it took the click.
func (t *Table) header(ctx *game.Context) bool {
	x, y := ctx.Input.Cursor()
	if ctx.Input.Clicked() && menuButton.Contains(x, y) {
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		t.m.Close()
		ctx.Pop()
		return true
	}
	if ctx.Input.Clicked() && helpButton.Contains(x, y) {
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		ctx.Push(newHelp(ctx))
		return true
	}
	return false
}

// atRest re-reads the picture from the observation once the animations are over.
func (t *Table) atRest() {
	if t.priv.HumanCount() == 0 && !t.m.State().Over() {
		t.viewer = t.m.ToAct()
	}
	if t.replay != nil {
		t.viewer = t.replayViewer()
	}
	celebrate, winners := t.v.celebrate, t.v.winners
	hide := t.priv.HumanCount() > 1 && t.priv.Shown() == rules.NoSeat
	t.v.load(t.obs())
	t.v.celebrate, t.v.winners = celebrate, winners
	if hide {
		t.v.hand = t.v.hand[:0]
	}
}

func (t *Table) clickDiscard(ctx *game.Context) bool {
	if !ctx.Input.Clicked() {
		return false
	}
	x, y := ctx.Input.Cursor()
	for f := 0; f < 4; f++ {
		if discardRect(f).Contains(x, y) && len(t.v.discards[f]) > 0 {
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.showPile = f
			return true
		}
	}
	return false
}

// minThink is how long the "thinking" indicator shows at least, so AI turns can be
// followed (0 when animations are instant).
func minThink(ctx *game.Context) int { return ctx.Frames(0.5) }

func (t *Table) updateAI(ctx *game.Context) error {
	seat, a, ready, err := t.pacer.Poll(t.m, minThink(ctx))
	if err != nil {
		return fmt.Errorf("niccolo: %w", err)
	}
	if ready {
		t.apply(ctx, seat, a)
	}
	return nil
}

// apply makes an action through the match (which records and autosaves it) and
// queues the animation of its events as the seat in view may see them.
func (t *Table) apply(ctx *game.Context, seat rules.Seat, a rules.Action) {
	ev, err := t.m.Apply(seat, a)
	if err != nil {
		ctx.Notice(err.Error())
		return
	}
	if t.m.SaveErr != nil {
		ctx.Notice(ctx.F("niccolo.notice.autosave", t.m.SaveErr))
	}
	t.count(ev)
	t.pacer.Reset()
	t.clearChoice()
	t.animate(ctx, nic.ForSeat(ev, t.viewer))
	if t.seq.Busy() {
		t.seq.Tick()
	}
	if !t.seq.Busy() {
		t.atRest()
	}
}

func (t *Table) count(ev []rules.Event) {
	for _, e := range ev {
		switch e := e.(type) {
		case nic.CardPlayed:
			t.st.cards[e.Seat&3]++
		case nic.TokenMoved:
			t.st.squares[e.Seat&3] += len(e.Path)
			if e.Jumped {
				t.st.jumps[e.Seat&3]++
			}
		case nic.GambadoTaken:
			t.st.gambados[e.Seat&3]++
		case nic.Reshuffled:
			t.st.reshuffl++
		}
	}
}

func (t *Table) clearChoice() {
	t.sel, t.marker, t.zone, t.dir = -1, -1, -1, 0
	t.preview = nil
	t.prompt = nil
	t.outcomes = nil
	t.drag = false
	t.press = -1
}

// updateHuman turns the player's clicks, drags and keys into a proposed action.
func (t *Table) updateHuman(ctx *game.Context, seat rules.Seat) {
	o := t.obs()
	if o.Phase != nic.CardPlay {
		t.updatePrompt(ctx, seat, o)
		return
	}
	x, y := ctx.Input.Cursor()
	t.hoverC, t.hoverM, t.hoverZ = -1, -1, -1
	for i := range t.v.hand {
		if handCardRect(i).Contains(x, y) {
			t.hoverC = i
		}
	}
	// Keys: 1–5 choose a card, Enter plays it, Esc puts it back.
	for i := range t.v.hand {
		if ctx.Input.KeyOnce(ebiten.Key1 + ebiten.Key(i)) {
			t.selectCard(ctx, i)
		}
	}
	if ctx.Input.Back() && t.sel >= 0 {
		t.clearChoice()
		return
	}
	if ctx.Input.Confirm() {
		if m, ok := t.candidate(seat); ok {
			t.apply(ctx, seat, m)
			return
		}
	}
	card, hasCard := t.selected()
	// Board choices for the selected card.
	if hasCard {
		switch card {
		case nic.Bribery, nic.Rumour, nic.Accusation:
			for c := 0; c < 4; c++ {
				mx, my := markerSlot(nic.Colour(c), t.v.markers[c])
				if math.Hypot(x-mx, y-my) < 16 {
					t.hoverM = c
				}
			}
			if card == nic.Bribery && t.marker >= 0 && t.hoverM < 0 {
				t.hoverZ = zoneAt(x, y)
			}
		}
	}
	if ctx.Input.Clicked() {
		switch {
		case t.hoverC >= 0:
			ctx.Input.UseClick()
			t.press, t.pressX, t.pressY = t.hoverC, x, y
		case hasCard && t.hoverM >= 0:
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.marker, t.zone = t.hoverM, -1
		case hasCard && t.hoverZ >= 0:
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.zone = t.hoverZ
		case hasCard && card == nic.Signoria && cwButton.Contains(x, y):
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.dir = 1
		case hasCard && card == nic.Signoria && acwButton.Contains(x, y):
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			t.dir = 2
		case hasCard && playButton.Contains(x, y):
			ctx.Input.UseClick()
			if m, ok := t.candidate(seat); ok {
				t.apply(ctx, seat, m)
				return
			}
		case hasCard && undoButton.Contains(x, y):
			ctx.Input.UseClick()
			t.clearChoice()
		}
	}
	if t.press >= 0 && ctx.Input.Held() && math.Hypot(x-t.pressX, y-t.pressY) > 10 {
		if !t.drag {
			t.drag = true
			t.selectCard(ctx, t.press)
		}
	}
	if t.press >= 0 && ctx.Input.Released() {
		i := t.press
		t.press = -1
		if t.drag {
			t.drag = false
			if x < boardX+boardSize {
				if m, ok := t.candidate(seat); ok {
					t.apply(ctx, seat, m)
					return
				}
			}
		} else if i == t.sel {
			if m, ok := t.candidate(seat); ok {
				t.apply(ctx, seat, m)
				return
			}
		} else {
			t.selectCard(ctx, i)
		}
	}
	t.updatePreview(seat, o)
}

func (t *Table) selectCard(ctx *game.Context, i int) {
	if i < 0 || i >= len(t.v.hand) {
		return
	}
	if t.sel != i {
		ctx.Audio.Play(game.SoundHover)
	}
	t.sel, t.marker, t.zone, t.dir = i, -1, -1, 0
	t.preview = nil
}

func (t *Table) selected() (nic.Card, bool) {
	if t.sel < 0 || t.sel >= len(t.v.hand) {
		return 0, false
	}
	return t.v.hand[t.sel], true
}

// candidate is the move the current choices make, if it is complete and among the
// rules' legal moves.
func (t *Table) candidate(seat rules.Seat) (nic.Move, bool) {
	return t.candidateWith(seat, t.zone)
}

func (t *Table) candidateWith(seat rules.Seat, zone int) (nic.Move, bool) {
	card, ok := t.selected()
	if !ok {
		return nic.Move{}, false
	}
	want := nic.Move{Kind: nic.PlayCard, Card: card}
	switch card {
	case nic.Bribery:
		if t.marker < 0 || zone < 0 {
			return nic.Move{}, false
		}
		want.Marker, want.Zone = nic.Colour(t.marker), nic.Zone(zone)
	case nic.Rumour, nic.Accusation:
		if t.marker < 0 {
			return nic.Move{}, false
		}
		want.Marker = nic.Colour(t.marker)
	case nic.Signoria:
		if t.dir == 0 {
			return nic.Move{}, false
		}
		want.Clockwise = t.dir == 1
	}
	for _, a := range t.m.State().Legal(seat) {
		m := a.(nic.Move)
		if m.Card != card || m.Kind != nic.PlayCard {
			continue
		}
		if card.IsColoured() || (m.Marker == want.Marker && m.Zone == want.Zone && m.Clockwise == want.Clockwise) ||
			(card == nic.Rumour || card == nic.Accusation) && m.Marker == want.Marker {
			return m, true
		}
	}
	return nic.Move{}, false
}

// updatePreview computes what the candidate (or the zone under the cursor, for a
// Bribery) would do, by applying it to a state sampled from the seat's observation.
func (t *Table) updatePreview(seat rules.Seat, o *nic.Observation) {
	z := t.zone
	if t.hoverZ >= 0 {
		z = t.hoverZ
	}
	m, ok := t.candidateWith(seat, z)
	if !ok && t.hoverM >= 0 && t.marker < 0 {
		if card, has := t.selected(); has && (card == nic.Rumour || card == nic.Accusation) {
			save := t.marker
			t.marker = t.hoverM
			m, ok = t.candidateWith(seat, z)
			t.marker = save
		}
	}
	if !ok {
		t.preview = nil
		return
	}
	if t.preview != nil && t.preview.move == m {
		return
	}
	s := o.Sample(&t.rng)
	ev, err := s.Apply(seat, m)
	if err != nil {
		t.preview = nil
		return
	}
	pv := &preview{move: m, markers: o.Markers}
	for i, e := range ev {
		if i > 0 {
			if _, next := e.(nic.CardPlayed); next {
				break
			}
		}
		if mm, ok := e.(nic.MarkerMoved); ok {
			pv.markers[mm.Marker] = mm.To
		}
	}
	for f, tp := range o.PreviewMoves(pv.markers) {
		pv.targets[f] = o.Squares[f]
		if tp.OnBoard {
			pv.targets[f], pv.blocked[f] = tp.Landing, tp.Occupied
		}
	}
	t.preview = pv
}

// updatePrompt asks a moving-phase question (refuse or jump, take the Gambado or not);
// both outcomes come from the rules applied to samples of the seat's observation.
func (t *Table) updatePrompt(ctx *game.Context, seat rules.Seat, o *nic.Observation) {
	key := len(t.m.Record().Actions)
	if t.prompt == nil || t.promptKey != key {
		t.promptKey = key
		t.outcomes = nil
		for _, a := range t.m.State().Legal(seat) {
			m := a.(nic.Move)
			s := o.Sample(&t.rng)
			ev, err := s.Apply(seat, m)
			if err != nil {
				continue
			}
			out := outcome{move: m, to: o.Squares[seat], family: int(seat)}
			for _, e := range ev {
				if tm, ok := e.(nic.TokenMoved); ok && tm.Seat == seat {
					out.path, out.to = tm.Path, tm.To
					break
				}
				if lb, ok := e.(nic.LandingBlocked); ok && lb.Seat == seat {
					out.to, out.asks = lb.Target, true
					break
				}
			}
			t.outcomes = append(t.outcomes, out)
		}
		pr := &table.Prompt{Rect: promptRect}
		tok := tokenName(ctx, int(seat))
		if o.Choice == nic.LandingChoice {
			pr.Title = ctx.F("niccolo.prompt.landing", o.Target)
			pr.Detail = ctx.F("niccolo.prompt.landing.detail", tok)
		} else {
			pr.Title = ctx.T("niccolo.prompt.gambado")
			pr.Detail = ctx.F("niccolo.prompt.gambado.detail", tok, zoneValueSigned(o.Steps))
		}
		for _, out := range t.outcomes {
			pr.Options = append(pr.Options, t.optionLabel(ctx, out))
		}
		t.prompt = pr
	}
	choice := t.prompt.Update(ctx)
	if choice < 0 && ctx.Input.Clicked() {
		// A ghost token on the board answers too.
		x, y := ctx.Input.Cursor()
		for i, out := range t.outcomes {
			gx, gy := squareCentre(out.to)
			if math.Hypot(x-gx, y-gy) < 22 && out.to != o.Squares[seat] {
				choice = i
				ctx.Input.UseClick()
			}
		}
	}
	if choice >= 0 && choice < len(t.outcomes) {
		t.apply(ctx, seat, t.outcomes[choice].move)
	}
}

func zoneValueSigned(n int) string {
	switch {
	case n > 0:
		return "+" + itoa(n)
	case n < 0:
		return "−" + itoa(-n)
	}
	return "0"
}

func (t *Table) optionLabel(ctx *game.Context, out outcome) string {
	switch out.move.Kind {
	case nic.RefuseMove:
		return ctx.F("niccolo.prompt.refuse", out.to)
	case nic.JumpMove:
		return ctx.F("niccolo.prompt.jump", out.to)
	case nic.TakeGambado:
		if out.asks {
			return ctx.F("niccolo.prompt.take_blocked", out.to)
		}
		return ctx.F("niccolo.prompt.take", out.to)
	default:
		return ctx.F("niccolo.prompt.decline", out.to)
	}
}

// sortedByLift orders the tokens so raised ones are drawn last.
func (t *Table) sortedByLift() []int {
	order := []int{0, 1, 2, 3}
	sort.SliceStable(order, func(a, b int) bool { return t.v.tokens[order[a]].lift < t.v.tokens[order[b]].lift })
	return order
}
