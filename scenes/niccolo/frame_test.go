package niccolo

import (
	"flag"
	"sort"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/internal/ebitentest"
	"principe/rules"
	nic "principe/rules/niccolo"
)

// The tests in this file run inside the Ebitengine loop (they need a graphics context):
// TestMain runs the game loop on the main goroutine and the tests call onUI to run code
// on it. They are skipped unless -ui is given (they need a display: xvfb-run on Linux).
var uiFlag = flag.Bool("ui", false, "run the tests that need the Ebitengine loop (use xvfb-run)")

var benchFrames = flag.Int("frames", 20000, "BenchmarkTableFrame: at most this many frames")

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

// BenchmarkTableFrame measures the table scene's Update+Draw over a whole AI game at
// normal speed (tokens hopping, cards flying) and reports the median and worst frame.
func BenchmarkTableFrame(b *testing.B) {
	if !*uiFlag {
		b.Skip("needs -ui (and a display)")
	}
	for b.Loop() {
		var app *game.App
		dir := b.TempDir()
		onUI(func(*ebiten.Image) {
			store, err := game.DefaultStorage(dir)
			if err != nil {
				b.Fatal(err)
			}
			app, err = game.NewApp(game.Options{Storage: store, Scene: "niccolo", Seed: 3, Audio: game.AudioOff})
			if err != nil {
				b.Error(err)
				return
			}
			// Fast animations, and straight to the last card play of round 2: the frames
			// measured are the card flying, the markers sliding and every token hopping.
			ctx := app.Context()
			st := ctx.Settings()
			st.AnimSpeed = game.AnimFast
			_ = ctx.SetSettings(st)
			t := app.Top().(*Table)
			t.seq.Finish()
			err = fastForward(ctx, t, func(s *nic.State) bool {
				o := s.Observe(rules.NoSeat).(*nic.Observation)
				return o.Round >= 2 && o.Phase == nic.CardPlay && o.Turn == 3
			})
			if err != nil {
				b.Error(err)
			}
		})
		if app == nil {
			b.FailNow()
		}
		n := 0
		frames, err := drive(app, func(a *game.App) bool {
			n++
			if testing.Verbose() && n%100 == 0 {
				b.Logf("frame %d", n)
			}
			t, ok := a.Top().(*Table)
			return n >= *benchFrames || !ok || (t.m.State().Over() && !t.seq.Busy())
		})
		if err != nil {
			b.Fatal(err)
		}
		sort.Slice(frames, func(i, j int) bool { return frames[i] < frames[j] })
		b.ReportMetric(float64(len(frames)), "frames")
		b.ReportMetric(float64(frames[len(frames)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(frames[len(frames)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(frames[len(frames)-1].Microseconds())/1000, "worst-ms")
		if t, ok := app.Top().(*Table); ok {
			b.ReportMetric(float64(t.layer.Draws()), "layer-redraws")
		}
	}
}
