package niccolo

import (
	"flag"
	"os"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/rules"
	nic "principe/rules/niccolo"
)

// The tests in this file run inside the Ebitengine loop (they need a graphics context):
// TestMain runs the game loop on the main goroutine and the tests call onUI to run code
// on it. They are skipped unless -ui is given (they need a display: xvfb-run on Linux).
var uiFlag = flag.Bool("ui", false, "run the tests that need the Ebitengine loop (use xvfb-run)")

var benchFrames = flag.Int("frames", 20000, "BenchmarkTableFrame: at most this many frames")

type uiRunner struct {
	jobs chan func(screen *ebiten.Image)
	done chan struct{}

	// A running app, driven tick by tick (Update in Update, Draw in Draw), with the
	// time each frame took.
	mu     sync.Mutex
	app    *game.App
	frames []time.Duration
	start  time.Time
	stop   func(*game.App) bool
	ended  chan struct{}
	err    error
}

var runner *uiRunner

func (r *uiRunner) Update() error {
	select {
	case <-r.done:
		return ebiten.Termination
	default:
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.app != nil {
		r.start = time.Now()
		if err := r.app.Update(); err != nil {
			r.err = err
			r.finish()
		}
	}
	return nil
}

func (r *uiRunner) finish() {
	r.app = nil
	close(r.ended)
}

func (r *uiRunner) Draw(screen *ebiten.Image) {
	r.mu.Lock()
	if r.app != nil {
		r.app.Draw(screen)
		r.frames = append(r.frames, time.Since(r.start))
		if r.stop(r.app) {
			r.finish()
		}
	}
	r.mu.Unlock()
	for {
		select {
		case j := <-r.jobs:
			j(screen)
		default:
			return
		}
	}
}

// drive runs app until stop says so, and returns each frame's Update+Draw time.
func drive(app *game.App, stop func(*game.App) bool) ([]time.Duration, error) {
	runner.mu.Lock()
	runner.app, runner.stop, runner.frames, runner.ended, runner.err = app, stop, nil, make(chan struct{}), nil
	ended := runner.ended
	runner.mu.Unlock()
	<-ended
	runner.mu.Lock()
	defer runner.mu.Unlock()
	return runner.frames, runner.err
}

func (r *uiRunner) Layout(int, int) (int, int) { return game.LogicalWidth, game.LogicalHeight }

// onUI runs f on the UI goroutine inside Draw and waits for it.
func onUI(f func(screen *ebiten.Image)) {
	ch := make(chan struct{})
	runner.jobs <- func(s *ebiten.Image) { f(s); close(ch) }
	<-ch
}

func TestMain(m *testing.M) {
	flag.Parse()
	if !*uiFlag {
		os.Exit(m.Run())
	}
	runner = &uiRunner{jobs: make(chan func(*ebiten.Image)), done: make(chan struct{})}
	code := 0
	go func() {
		code = m.Run()
		close(runner.done)
	}()
	ebiten.SetWindowSize(game.LogicalWidth, game.LogicalHeight)
	ebiten.SetVsyncEnabled(false)
	if err := ebiten.RunGame(runner); err != nil && err != ebiten.Termination {
		panic(err)
	}
	os.Exit(code)
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
			b.ReportMetric(float64(t.layerDraws), "layer-redraws")
		}
	}
}
