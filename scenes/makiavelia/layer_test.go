package makiavelia

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
)

// TestCachedLayerIsCurrent plays an 8-player AI game at normal speed (dice rolling, cards
// sliding, coins flying, the log growing) and, every few frames, draws the table twice
// off-screen: as the scene draws it (the cached layer, redrawn only when its signature
// changes, and the live parts over it) and with everything drawn afresh. The two
// pictures must be the same: a layer left stale by a signature that misses something
// would differ. The layer must also be redrawn far less often than every frame.
func TestCachedLayerIsCurrent(t *testing.T) {
	if !*uiFlag {
		t.Skip("needs -ui (and a display)")
	}
	app := newApp(t, game.AnimNormal, aiConfig(8, 5), func(ctx *game.Context, tb *Table) error {
		// To the last turn of round 3: its end brings the damage resolution and the
		// regimes, long sequences of events.
		return tb.fastForward(ctx, func(o *mak.Observation) bool {
			return o.Round >= 3 && o.Step == mak.StepTurn && tb.m.ToAct() == (o.First+rules.Seat(o.Players)-1)%rules.Seat(o.Players)
		})
	})
	const frames, every = 300, 10
	var cached, fresh *ebiten.Image
	n, compared, redraws := 0, 0, 0
	var bad error
	_, err := drive(app, func(a *game.App) bool {
		n++
		tb, ok := a.Top().(*Table)
		if !ok || n > frames {
			return true
		}
		redraws = tb.layer.Draws()
		if n%every != 0 {
			return false
		}
		ctx := a.Context()
		if cached == nil {
			cached = ebiten.NewImage(game.LogicalWidth, game.LogicalHeight)
			fresh = ebiten.NewImage(game.LogicalWidth, game.LogicalHeight)
		}
		cached.Clear()
		fresh.Clear()
		tb.draw(cached, ctx)
		p := scenes.NewPainter(fresh, ctx)
		tb.drawStatic(p, ctx)
		tb.drawLive(p, ctx)
		if d := differentPixels(cached, fresh); d > 0 {
			bad = fmt.Errorf("frame %d (%d actions): the cached picture differs from a fresh one in %d pixels", n, len(tb.m.Record().Actions), d)
			return true
		}
		compared++
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	if bad != nil {
		t.Fatal(bad)
	}
	if compared < frames/every-1 {
		t.Fatalf("only %d pictures compared", compared)
	}
	if redraws < 2 || redraws > frames/3 {
		t.Fatalf("the layer was drawn %d times in %d frames: want it redrawn as the game moves on, and far less than every frame", redraws, frames)
	}
	t.Logf("%d pictures compared; the layer drawn %d times in %d frames", compared, redraws, frames)
}

// differentPixels counts the pixels where a and b differ by more than a rounding step.
func differentPixels(a, b *ebiten.Image) int {
	w, h := a.Bounds().Dx(), a.Bounds().Dy()
	pa, pb := make([]byte, 4*w*h), make([]byte, 4*w*h)
	a.ReadPixels(pa)
	b.ReadPixels(pb)
	n := 0
	for i := 0; i < len(pa); i += 4 {
		for c := 0; c < 4; c++ {
			if d := int(pa[i+c]) - int(pb[i+c]); d > 2 || d < -2 {
				n++
				break
			}
		}
	}
	return n
}

// memorialGame finds, in AI games of the Normal bot at 5 players, the first whose play
// grows a Memorial: its seed, the actions before it, and the action (with its seat)
// that makes it grow.
func memorialGame(t *testing.T) (seed uint64, before []rules.Action, seats []rules.Seat, last rules.Action, lastSeat rules.Seat) {
	t.Helper()
	g, _ := rules.Lookup(mak.Name)
	for seed = 1; seed <= 60; seed++ {
		s, err := g.NewState(aiConfig(5, seed).options(), seed)
		if err != nil {
			t.Fatal(err)
		}
		bot, err := mak.NewBot("greedy", seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		before, seats = nil, nil
		for steps := 0; !s.Over() && steps < 4000; steps++ {
			seat := s.ToAct()
			a, err := play.Think(bot, s.Observe(seat), s.Legal(seat), 0).Wait()
			if err != nil {
				t.Fatal(err)
			}
			old := memorialStrengths(s.Observe(rules.NoSeat).(*mak.Observation))
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			if len(memorialGrowths(old, memorialStrengths(s.Observe(rules.NoSeat).(*mak.Observation)))) > 0 {
				return seed, before, seats, a, seat
			}
			before, seats = append(before, a), append(seats, seat)
		}
	}
	t.Fatal("no Memorial grew in 60 games")
	return
}

// TestMemorialGrows replays an AI game up to the action after which a Memorial grows
// (the burials of a damage resolution), makes that action at the table at normal speed
// and checks the growth is animated: the Memorial's strength is shown counting from its
// old value to the new one over several frames, in the sequence after the burials and
// before the power; at the end the table is at rest with the Memorial's new strength
// read from the observation.
func TestMemorialGrows(t *testing.T) {
	if !*uiFlag {
		t.Skip("needs -ui (and a display)")
	}
	seed, before, seats, last, lastSeat := memorialGame(t)
	var card mak.CardID
	var from, to int
	var buried []string // the log lines of the action's burials
	var power, grows string
	app := newApp(t, game.AnimNormal, aiConfig(5, seed), func(ctx *game.Context, tb *Table) error {
		for i, a := range before {
			if _, err := tb.m.Apply(seats[i], a); err != nil {
				return err
			}
		}
		tb.atRest()
		old := memorialStrengths(tb.m.State().Observe(rules.NoSeat).(*mak.Observation))
		ev, err := tb.m.State().Clone().Apply(lastSeat, last)
		if err != nil {
			return err
		}
		for _, e := range ev {
			line := describe(ctx, forViewer(e.(mak.Event), tb.logViewer())).Text
			switch e.(mak.Event).Kind {
			case mak.EvBury:
				buried = append(buried, line)
			case mak.EvPower:
				power = line
			}
		}
		if !tb.apply(ctx, lastSeat, last) {
			return fmt.Errorf("the rules refused the action")
		}
		gs := memorialGrowths(old, memorialStrengths(tb.m.State().Observe(rules.NoSeat).(*mak.Observation)))
		card, from, to = gs[0].card, gs[0].from, gs[0].to
		grows = ctx.F("makiavelia.log.memorial", seatName(tb.ownerOf(card)), to-from, to)
		return nil
	})
	var progress []float64
	n := 0
	var end *Table
	_, err := drive(app, func(a *game.App) bool {
		n++
		tb, ok := a.Top().(*Table)
		if !ok || n > 2000 {
			return true
		}
		for _, g := range tb.fx.growths {
			if g.card == card {
				if g.from != from || g.to != to {
					t.Errorf("the growth shown is %d → %d, the rules say %d → %d", g.from, g.to, from, to)
				}
				progress = append(progress, g.progress)
			}
		}
		if !tb.seq.Busy() {
			end = tb
			return true
		}
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	if end == nil {
		t.Fatal("the table did not come to rest")
	}
	// In the log (as on the table): the burials, then the Memorial growing, then the power.
	at := func(text string) int {
		for i := len(end.log.Lines) - 1; i >= 0; i-- {
			if end.log.Lines[i].Text == text {
				return i
			}
		}
		return -1
	}
	g := at(grows)
	if g < 0 {
		t.Fatalf("no log line %q", grows)
	}
	for _, b := range buried {
		if at(b) > g {
			t.Errorf("%q comes after %q", b, grows)
		}
	}
	if power != "" && at(power) < g {
		t.Errorf("%q comes before %q", power, grows)
	}
	// Several frames (a loaded machine may run a few ticks a frame) showing distinct
	// stages between the rise and the settling.
	mid := map[float64]bool{}
	for _, p := range progress {
		if p > 0.1 && p < 0.9 {
			mid[p] = true
		}
	}
	if len(progress) < 5 || len(mid) < 3 || progress[len(progress)-1] < 0.95 {
		t.Fatalf("the growth was not animated over several frames to its end: progress %v", progress)
	}
	if len(end.fx.growths) != 0 {
		t.Errorf("the growth is still shown at rest: %+v", end.fx.growths)
	}
	got := -1
	for _, city := range end.obs.Cities {
		for _, pl := range city {
			if pl.Card == card {
				got = end.obs.Strength(pl)
			}
		}
	}
	if got != to {
		t.Errorf("at rest the Memorial's strength is %d, want %d", got, to)
	}
	t.Logf("seed %d, after %d actions: Memorial %d grew %d → %d over %d frames", seed, len(before), card, from, to, len(progress))
}

// TestLayerRestsWhileAHumanThinks: a human at its turn, the cursor still, nothing else
// moving — the cached layer must not be redrawn frame after frame (a signature that
// changes by itself would make the cache useless).
func TestLayerRestsWhileAHumanThinks(t *testing.T) {
	if !*uiFlag {
		t.Skip("needs -ui (and a display)")
	}
	cfg := aiConfig(4, 9)
	cfg.Players[0] = play.Player{Kind: play.Human}
	app := newApp(t, game.AnimNormal, cfg, func(ctx *game.Context, tb *Table) error {
		return tb.fastForwardHuman(ctx, func(o *mak.Observation) bool { return o.Round >= 2 && o.Step == mak.StepTurn })
	})
	n, first, last := 0, -1, 0
	_, err := drive(app, func(a *game.App) bool {
		n++
		tb, ok := a.Top().(*Table)
		if !ok {
			return true
		}
		if n == 30 { // the table has settled (the first frames warm the faces and fade in)
			first = tb.layer.Draws()
		}
		last = tb.layer.Draws()
		if n == 30 && (tb.toAct != 0 || tb.seq.Busy()) {
			t.Errorf("not the human's turn at rest: seat %d to act, busy %v", tb.toAct, tb.seq.Busy())
		}
		return n >= 150
	})
	if err != nil {
		t.Fatal(err)
	}
	if first < 1 || last-first > 0 {
		t.Fatalf("the layer was drawn %d times in the 120 frames a human sat thinking (%d before)", last-first, first)
	}
}
