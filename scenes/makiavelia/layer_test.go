package makiavelia

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
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
	const frames, every = 360, 9
	var cached, fresh *ebiten.Image
	n, compared, redraws := 0, 0, 0
	var bad error
	_, err := drive(app, func(a *game.App) bool {
		n++
		tb, ok := a.Top().(*Table)
		if !ok || n > frames {
			return true
		}
		redraws = tb.layerDraws
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
