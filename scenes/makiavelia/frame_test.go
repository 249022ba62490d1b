package makiavelia

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/internal/ebitentest"
	mak "principe/rules/makiavelia"
)

// The tests in this file run inside the Ebitengine loop (they need a graphics context):
// TestMain runs the game loop on the main goroutine and the tests call onUI to run code
// on it. They are skipped unless -ui is given (they need a display: xvfb-run on Linux).
var uiFlag = flag.Bool("ui", false, "run the tests that need the Ebitengine loop (use xvfb-run)")

var benchFrames = flag.Int("frames", 300, "BenchmarkTableFrame8: frames measured")

// runner is the game loop the tests drive the app in (with -ui).
var runner *ebitentest.Loop

// drive runs app until stop says so, and returns each frame's Update+Draw time.
func drive(app *game.App, stop func(*game.App) bool) ([]time.Duration, error) {
	return runner.Drive(app, func(a *game.App, _ *ebiten.Image) bool { return stop(a) })
}

// onUI runs f on the UI goroutine inside Draw and waits for it.
func onUI(f func(screen *ebiten.Image)) { runner.OnUI(f) }

func TestMain(m *testing.M) {
	flag.Parse()
	ebitentest.MainLoop(m, *uiFlag, func(l *ebitentest.Loop) { runner = l })
}

// newApp starts the app on the setup scene with the given animation speed and opens a
// table of the given players on it.
func newApp(t testing.TB, speed game.AnimSpeed, cfg Config, prepare func(ctx *game.Context, tb *Table) error) *game.App {
	var app *game.App
	dir := t.TempDir()
	onUI(func(*ebiten.Image) {
		store, err := game.DefaultStorage(dir)
		if err != nil {
			t.Error(err)
			return
		}
		app, err = game.NewApp(game.Options{Storage: store, Scene: "makiavelia/setup", Seed: 3, Audio: game.AudioOff})
		if err != nil {
			t.Error(err)
			return
		}
		ctx := app.Context()
		st := ctx.Settings()
		st.AnimSpeed = speed
		_ = ctx.SetSettings(st)
		tb, err := NewTable(ctx, cfg)
		if err != nil {
			t.Error(err)
			return
		}
		if prepare != nil {
			if err := prepare(ctx, tb); err != nil {
				t.Error(err)
				return
			}
		}
		ctx.Replace(tb)
	})
	if app == nil {
		t.FailNow()
	}
	return app
}

func aiConfig(n int, seed uint64) Config {
	cfg := Config{Seed: seed}
	for i := 0; i < n; i++ {
		cfg.Players = append(cfg.Players, play.Player{Kind: play.AI, Level: "normal", Bot: "greedy"})
	}
	return cfg
}

// TestAIGameCitiesOnScreen plays a whole 3-player AI game at the table (instant
// animations) and checks, at every frame where the table is at rest, that the Cities
// drawn are exactly the Cities of the observation of the seat in view; the game must
// reach its end and the results.
func TestAIGameCitiesOnScreen(t *testing.T) {
	if !*uiFlag {
		t.Skip("needs -ui (and a display)")
	}
	app := newApp(t, game.AnimInstant, aiConfig(3, 7), nil)
	checked, over := 0, false
	var bad error
	_, err := drive(app, func(a *game.App) bool {
		tb, ok := a.Top().(*Table)
		if !ok {
			_, over = a.Top().(*Results)
			return true
		}
		if tb.seq.Busy() || tb.key != len(tb.m.Record().Actions) || tb.shown == nil {
			return false
		}
		o := tb.m.State().Observe(tb.viewer).(*mak.Observation)
		for s := range o.Cities {
			var want []mak.CardID
			for _, pl := range o.Cities[s] {
				want = append(want, pl.Card)
			}
			if !slices.Equal(want, tb.shown[s]) {
				bad = fmt.Errorf("after %d actions, seat %d's City drawn %v, observed %v", tb.key, s, tb.shown[s], want)
				return true
			}
		}
		checked++
		return len(tb.m.Record().Actions) > 5000
	})
	if err != nil {
		t.Fatal(err)
	}
	if bad != nil {
		t.Fatal(bad)
	}
	if !over {
		t.Fatalf("the game did not reach the results (%d frames checked)", checked)
	}
	t.Logf("%d frames at rest checked", checked)
}

// BenchmarkTableFrame8 measures the table's Update+Draw with 8 players and full Cities
// (fast-forwarded to round 5) while the AIs play on at normal speed (dice rolling, cards
// sliding, coins flying), and reports the median and worst of -frames frames.
func BenchmarkTableFrame8(b *testing.B) {
	if !*uiFlag {
		b.Skip("needs -ui (and a display)")
	}
	for b.Loop() {
		app := newApp(b, game.AnimNormal, aiConfig(8, 5), func(ctx *game.Context, tb *Table) error {
			return tb.fastForward(ctx, func(o *mak.Observation) bool { return o.Round >= 5 && o.Step == mak.StepTurn })
		})
		n, redraws := 0, 0
		frames, err := drive(app, func(a *game.App) bool {
			n++
			tb, ok := a.Top().(*Table)
			if ok {
				redraws = tb.layer.Draws()
			}
			return n >= *benchFrames || !ok
		})
		if err != nil {
			b.Fatal(err)
		}
		sort.Slice(frames, func(i, j int) bool { return frames[i] < frames[j] })
		b.ReportMetric(float64(len(frames)), "frames")
		b.ReportMetric(float64(redraws), "layer-redraws")
		b.ReportMetric(float64(frames[len(frames)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(frames[len(frames)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(frames[len(frames)-1].Microseconds())/1000, "worst-ms")
	}
}
