package machiavelli

import (
	"context"
	"encoding/json"
	"image"
	"image/color"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/internal/ebitentest"
	"principe/rules"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	_ "principe/scenes/niccolo" // the Niccolò table, for the frame-time comparison
)

// The scene tests run inside the Ebitengine loop (TestMain starts RunGame; the tests run
// from its first Update), so the table can be drawn and read back. They need a display:
// scripts/test runs them under xvfb-run.

func TestMain(m *testing.M) { ebitentest.Main(m, "scenes/machiavelli: the scene tests") }

// newApp starts the app on a scene with the given animation speed.
func newApp(t testing.TB, scene string, seed int64, speed game.AnimSpeed) *game.App {
	t.Helper()
	store, err := game.DefaultStorage(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	app, err := game.NewApp(game.Options{Storage: store, Audio: game.AudioOff, Scene: scene, Seed: seed, Version: "test", Log: func(string, ...any) {}})
	if err != nil {
		t.Fatal(err)
	}
	st := app.Context().Settings()
	st.AnimSpeed = speed
	if err := app.Context().SetSettings(st); err != nil {
		t.Fatal(err)
	}
	return app
}

// frame draws the app into screen and reads it back.
func frame(app *game.App, screen *ebiten.Image) *image.RGBA {
	screen.Clear()
	app.Draw(screen)
	pix := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(pix.Pix)
	return pix
}

// checkAtRest compares what the table shows with the rules' observation of the seat in
// view: the melds card for card, each card where the layout puts it, the hand sizes,
// the stock and the viewer's hand.
func checkAtRest(t *testing.T, tb *Table) {
	t.Helper()
	o := tb.obs()
	if !equalTables(tb.sh.table, o.Table) {
		t.Fatalf("the table shows %v, the rules have %v", tb.sh.table, o.Table)
	}
	if !slices.Equal(tb.sh.hands, o.HandSizes) || tb.sh.stock != o.StockSize {
		t.Fatalf("hand sizes %v stock %d on screen, %v and %d in the rules", tb.sh.hands, tb.sh.stock, o.HandSizes, o.StockSize)
	}
	hand := slices.Clone(tb.hand)
	want := slices.Clone(o.Hand)
	slices.Sort(hand)
	slices.Sort(want)
	if !slices.Equal(hand, want) {
		t.Fatalf("the hand shows %v, the rules have %v", hand, want)
	}
	l := tb.layout(tb.draft)
	for m, cs := range tb.displayMelds() {
		for i, c := range cs {
			p, ok := tb.cards[c]
			x, y := l.cardAt(m, i)
			if !ok || p.tx != x || p.ty != y {
				t.Fatalf("card %v of meld %d is not placed at its place in the layout", c, m+1)
			}
		}
	}
}

func equalTables(a, b [][]mach.Card) bool {
	return slices.EqualFunc(a, b, func(x, y []mach.Card) bool { return slices.Equal(x, y) })
}

// TestAIMatchOnScreen plays a whole AI match and checks, whenever the table is at rest,
// that the screen shows exactly the rules' table; then the results agree with the rules.
func TestAIMatchOnScreen(t *testing.T) {
	app := newApp(t, "machiavelli", 4, game.AnimInstant)
	screen := ebiten.NewImage(game.LogicalWidth, game.LogicalHeight)
	var last *Table
	checks := 0
	for tick := 0; tick < 40000; tick++ {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if r, ok := app.Top().(*Results); ok {
			s := last.m.State()
			if !s.Over() {
				t.Fatal("results shown before the match is over")
			}
			won := s.Outcome().Winners
			if len(won) != len(r.match.Winners) {
				t.Fatalf("results say %v won, the rules %v", r.match.Winners, won)
			}
			frame(app, screen)
			if checks < 10 {
				t.Fatalf("only %d checks at rest", checks)
			}
			return
		}
		tb, ok := app.Top().(*Table)
		if !ok {
			continue
		}
		last = tb
		if !tb.seq.Busy() && tb.ending == nil && !tb.m.State().Over() && tb.pacer.Fresh() {
			checkAtRest(t, tb)
			checks++
		}
		if tick%40 == 0 {
			frame(app, screen)
		}
		if tb.m.Thinking() != rules.NoSeat {
			time.Sleep(time.Millisecond) // let the AI goroutine work
		}
	}
	t.Fatal("the match did not end in 40,000 ticks")
}

// TestMatchOfTwoGames plays a two-game AI match: the scores of the first game are shown
// between the games, the dealer moves, and the match totals add up.
func TestMatchOfTwoGames(t *testing.T) {
	app := newApp(t, "machiavelli/setup", 6, game.AnimInstant)
	opt := mach.BGA(2)
	opt.Games = 2
	tb, err := NewTable(app.Context(), Config{Options: opt, Seed: 6, Players: []play.Player{levels[optNormal], levels[optNormal]}})
	if err != nil {
		t.Fatal(err)
	}
	app.Context().Replace(tb)
	screen := ebiten.NewImage(game.LogicalWidth, game.LogicalHeight)
	sawEnd := false
	for tick := 0; tick < 60000; tick++ {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if tb.ending != nil && !sawEnd {
			sawEnd = true
			frame(app, screen)
			if tb.ending.ev.Game != 1 || len(tb.ending.ev.Hands) != 2 {
				t.Fatalf("between the games: %+v", tb.ending.ev)
			}
		}
		if r, ok := app.Top().(*Results); ok {
			if !sawEnd || r.ev.Game != 2 {
				t.Fatalf("results after game %d (the first game's scores shown: %v)", r.ev.Game, sawEnd)
			}
			if !slices.Equal(r.match.Totals, tb.m.State().(*mach.State).Totals) {
				t.Fatalf("totals %v, the rules %v", r.match.Totals, tb.m.State().(*mach.State).Totals)
			}
			return
		}
		if tb.m.Thinking() != rules.NoSeat {
			time.Sleep(time.Millisecond)
		}
	}
	t.Fatal("the match did not end")
}

// TestHumanTurn builds a turn as a player would: an invalid meld gets a red frame and
// keeps End turn disabled, Undo takes it back, the hint's play is laid and accepted,
// and the autosave resumes to the same state.
func TestHumanTurn(t *testing.T) {
	app := newApp(t, "machiavelli/hint", 5, game.AnimInstant)
	ctx := app.Context()
	screen := ebiten.NewImage(game.LogicalWidth, game.LogicalHeight)
	tb := app.Top().(*Table)
	if tb.hint == nil || tb.hint.sol == nil || !tb.hint.sol.Found() {
		t.Fatal("the hint scene shows no hint")
	}
	sol := *tb.hint.sol
	tb.closeHint()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	d := tb.draft
	start := cloneTable(d.Table)
	// One card of the first meld on its own: an invalid meld.
	if err := d.Move([]mach.Card{d.Table[0][0]}, Target{Meld: ToNewMeld}); err != nil {
		t.Fatal(err)
	}
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if tb.verdict == nil || tb.buttonEnabled(btnEnd) {
		t.Fatalf("a one-card meld leaves End turn enabled (verdict %v)", tb.verdict)
	}
	pix := frame(app, screen)
	l := tb.layout(d)
	bad := l.boxes[len(l.boxes)-1]
	red := countNear(pix, scenes.Rect{X: bad.X - 6, Y: bad.Y - 6, W: bad.W + 12, H: 4}, scenes.Crimson, 40)
	if red < 10 {
		t.Fatalf("the invalid meld has no red frame (%d crimson pixels along its top)", red)
	}
	d.Undo()
	if !equalTables(d.Table, start) || d.Changed() {
		t.Fatalf("undo left %v, not %v", d.Table, start)
	}
	// The hint's play, done for the player, ends the turn.
	d.SetTable(sol.Table)
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if tb.verdict != nil {
		t.Fatalf("the hint's play is refused: %v", tb.verdict)
	}
	n := len(tb.m.Record().Actions)
	if !tb.apply(ctx, 0, d.Action()) || len(tb.m.Record().Actions) != n+1 {
		t.Fatal("the play was not applied")
	}
	data, err := ctx.Store.Read(game.AutosaveName)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := ResumeTable(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.m.State().Hash() != tb.m.State().Hash() {
		t.Fatal("the autosave resumes to another state")
	}
	if len(resumed.log.Lines) < n {
		t.Fatalf("the resumed chronicle has %d lines for %d turns", len(resumed.log.Lines), n)
	}
}

func countNear(pix *image.RGBA, r scenes.Rect, c color.RGBA, tol int) int {
	n := 0
	for y := int(r.Y); y < int(r.Y+r.H); y++ {
		for x := int(r.X); x < int(r.X+r.W); x++ {
			p := pix.RGBAAt(x, y)
			if abs(int(p.R)-int(c.R)) <= tol && abs(int(p.G)-int(c.G)) <= tol && abs(int(p.B)-int(c.B)) <= tol {
				n++
			}
		}
	}
	return n
}

func abs(v int) int { return max(v, -v) }

// bigTable is a match fast-forwarded until the table holds at least 70 cards and the human
// seat (which always draws) holds 20, at the human's turn: five seats, three decks, four
// jokers.
func bigTable(tb testing.TB, app *game.App) *Table {
	ctx := app.Context()
	ai := levels[optNormal]
	opt := mach.Coppola(5)
	opt.Decks, opt.Jokers, opt.Deal = 3, 4, 15
	t, err := NewTable(ctx, Config{Options: opt, Seed: 9, Players: []play.Player{{Kind: play.Human}, ai, ai, ai, ai}})
	if err != nil {
		tb.Fatal(err)
	}
	g, _ := rules.Lookup("machiavelli")
	bot, _ := g.NewBot("greedy", 9, 0)
	for n := 0; n < 2000; n++ {
		s := t.m.State()
		o := s.Observe(0).(*mach.Observation)
		onTable := 0
		for _, m := range o.Table {
			onTable += len(m)
		}
		if s.Over() || (onTable >= 70 && len(o.Hand) >= 20 && s.ToAct() == 0) {
			break
		}
		seat := s.ToAct()
		var a rules.Action = mach.Draw()
		if seat != 0 || o.StockSize == 0 {
			if a, err = bot.Choose(context.Background(), s.Observe(seat), s.Legal(seat)); err != nil {
				tb.Fatal(err)
			}
			// Nobody goes out: the table grows until the stock runs low.
			if p, ok := a.(mach.Action); ok && p.Kind == mach.KindPlay && o.StockSize > 0 {
				if laid := cardsIn(p.Table) - onTable; laid >= o.HandSizes[seat] {
					a = mach.Draw()
				}
			}
		}
		if _, err := t.m.Apply(seat, a); err != nil {
			tb.Fatal(err)
		}
	}
	t.atRest()
	ctx.Replace(t)
	return t
}

// frameTimes runs n frames of app (Update, Draw, and a read-back that waits for the GPU)
// and returns their times, sorted.
func frameTimes(tb testing.TB, app *game.App, screen *ebiten.Image, n int, each func(i int)) []time.Duration {
	var px [4]byte
	out := make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		if each != nil {
			each(i)
		}
		start := time.Now()
		if err := app.Update(); err != nil {
			tb.Fatal(err)
		}
		app.Draw(screen)
		screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px[:])
		out = append(out, time.Since(start))
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func cardsIn(table [][]mach.Card) int {
	n := 0
	for _, m := range table {
		n += len(m)
	}
	return n
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// BenchmarkTableFrames measures, in one run and the same way, 300 frames of the Niccolò
// table (an AI game at normal speed) and 300 of a full Machiavelli table (70+ cards on the
// table, 20 in the hand: 150 frames of the AI seats' turns flying cards in, 150 of the
// player's own moves reflowing the table), and 300 while hints are computed; it reports
// medians, worst frames and the ratios to Niccolò's.
func BenchmarkTableFrames(b *testing.B) {
	for b.Loop() {
		screen := ebiten.NewImage(game.LogicalWidth, game.LogicalHeight)
		nic := newApp(b, "niccolo", 3, game.AnimNormal)
		base := frameTimes(b, nic, screen, 300, nil)

		app := newApp(b, "machiavelli/setup", 9, game.AnimNormal)
		t := bigTable(b, app)
		for i := 0; i < 30; i++ { // the cross-fade
			_ = app.Update()
		}
		ctx := app.Context()
		if err := app.Update(); err != nil || t.draft == nil {
			b.Fatalf("not the player's turn (%v)", err)
		}
		// The player's turn: a card moves between melds every 10 frames.
		full := frameTimes(b, app, screen, 150, func(i int) {
			if i%10 == 0 && len(t.draft.Table) > 2 {
				m := t.draft.Table[i/10%len(t.draft.Table)]
				_ = t.draft.Move([]mach.Card{m[len(m)-1]}, Target{Meld: (i / 10) % 2})
			}
		})
		// A hint asked for every second: the solver runs while frames are drawn.
		hinted := frameTimes(b, app, screen, 300, func(i int) {
			if i%60 == 0 {
				t.closeHint()
				t.toggleHint(ctx, t.obs())
			}
		})
		// The player draws; the AI seats' turns: cards fly in, the table reflows (until
		// the match ends, if it does).
		t.draft.Reset()
		t.apply(ctx, 0, mach.Draw())
		full = append(full, frameTimes(b, app, screen, 150, func(int) {
			if app.Top() != game.Scene(t) {
				b.Logf("the match ended during the AI turns")
			}
		})...)
		sort.Slice(full, func(i, j int) bool { return full[i] < full[j] })
		b.ReportMetric(ms(base[len(base)/2]), "niccolo-median-ms")
		b.ReportMetric(ms(base[len(base)-1]), "niccolo-worst-ms")
		b.ReportMetric(ms(full[len(full)/2]), "full-median-ms")
		b.ReportMetric(ms(full[len(full)-1]), "full-worst-ms")
		b.ReportMetric(float64(full[len(full)/2])/float64(base[len(base)/2]), "median-ratio")
		b.ReportMetric(float64(full[len(full)-1])/float64(base[len(base)-1]), "worst-ratio")
		b.ReportMetric(ms(hinted[len(hinted)/2]), "hint-median-ms")
		b.ReportMetric(ms(hinted[len(hinted)-1]), "hint-worst-ms")
		b.ReportMetric(float64(t.layer.Draws()), "layer-redraws")
		cards := 0
		for _, m := range t.displayMelds() {
			cards += len(m)
		}
		b.ReportMetric(float64(cards), "table-cards")
	}
}

// The table keeps a choice made at setup in the autosave.
func TestNoHintsKeptInTheAutosave(t *testing.T) {
	app := newApp(t, "machiavelli/setup", 2, game.AnimInstant)
	ctx := app.Context()
	tb, err := NewTable(ctx, Config{Options: mach.BGA(2), Seed: 2, NoHints: true, Players: []play.Player{{Kind: play.Human}, levels[optEasy]}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := ctx.Store.Read(game.AutosaveName)
	if err != nil {
		t.Fatal(err)
	}
	var doc play.Autosave
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	resumed, err := ResumeTable(ctx, data)
	if err != nil || !resumed.cfg.NoHints || tb.cfg.Options != resumed.cfg.Options {
		t.Fatalf("resumed: %v, no hints %v, options %+v", err, resumed != nil && resumed.cfg.NoHints, resumed)
	}
}

// TestRulesLabel: the header and the results name the ruleset, and say "house rules" when
// an option differs from the ruleset's own.
func TestRulesLabel(t *testing.T) {
	ctx := newApp(t, "machiavelli/setup", 1, game.AnimInstant).Context()
	plain, house := mach.Coppola(4), mach.Coppola(4)
	house.AceWrap = false
	if got, want := rulesLabel(ctx, plain), ctx.T("machiavelli.ruleset.coppola"); got != want {
		t.Errorf("Coppola: %q, want %q", got, want)
	}
	if got := rulesLabel(ctx, house); !strings.Contains(got, ctx.T("machiavelli.house_rules")) {
		t.Errorf("Coppola without wrap: %q does not say house rules", got)
	}
}
