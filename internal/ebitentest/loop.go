package ebitentest

import (
	"os"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
)

// Loop is a running Ebitengine loop beside a package's tests, for tests that drive a
// game.App frame by frame as the real loop does (Update in the loop's Update, Draw in its
// Draw) and time the frames, or that run code on the UI goroutine. MainLoop starts it.
type Loop struct {
	jobs chan func(screen *ebiten.Image)
	done chan struct{}

	mu     sync.Mutex
	app    *game.App
	frames []time.Duration
	start  time.Time
	stop   func(app *game.App, screen *ebiten.Image) bool
	ended  chan struct{}
	err    error
}

// MainLoop is a TestMain body for such tests. With ui (the package's -ui flag) it runs the
// game loop on the main goroutine and m's tests on their own goroutine, and returns the loop
// to them through run (called before the tests start); without ui the tests run plainly and
// skip themselves. It exits with the tests' status.
func MainLoop(m *testing.M, ui bool, run func(*Loop)) {
	if !ui {
		os.Exit(m.Run())
	}
	l := &Loop{jobs: make(chan func(*ebiten.Image)), done: make(chan struct{})}
	run(l)
	code := 0
	go func() {
		code = m.Run()
		close(l.done)
	}()
	ebiten.SetWindowSize(game.LogicalWidth, game.LogicalHeight)
	ebiten.SetVsyncEnabled(false)
	if err := ebiten.RunGame(l); err != nil && err != ebiten.Termination {
		panic(err)
	}
	os.Exit(code)
}

// Update implements ebiten.Game.
func (l *Loop) Update() error {
	select {
	case <-l.done:
		return ebiten.Termination
	default:
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.app != nil {
		l.start = time.Now()
		if err := l.app.Update(); err != nil {
			l.err = err
			l.finish()
		}
	}
	return nil
}

func (l *Loop) finish() {
	l.app = nil
	close(l.ended)
}

// Draw implements ebiten.Game.
func (l *Loop) Draw(screen *ebiten.Image) {
	l.mu.Lock()
	if l.app != nil {
		l.app.Draw(screen)
		l.frames = append(l.frames, time.Since(l.start))
		if l.stop(l.app, screen) {
			l.finish()
		}
	}
	l.mu.Unlock()
	for {
		select {
		case j := <-l.jobs:
			j(screen)
		default:
			return
		}
	}
}

// Layout implements ebiten.Game.
func (l *Loop) Layout(int, int) (int, int) { return game.LogicalWidth, game.LogicalHeight }

// Drive runs app in the loop until stop (called after each frame is drawn, with the
// screen) says so, and returns each frame's Update+Draw time.
func (l *Loop) Drive(app *game.App, stop func(*game.App, *ebiten.Image) bool) ([]time.Duration, error) {
	l.mu.Lock()
	l.app, l.stop, l.frames, l.ended, l.err = app, stop, nil, make(chan struct{}), nil
	ended := l.ended
	l.mu.Unlock()
	<-ended
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.frames, l.err
}

// OnUI runs f on the UI goroutine inside Draw and waits for it.
func (l *Loop) OnUI(f func(screen *ebiten.Image)) {
	ch := make(chan struct{})
	l.jobs <- func(s *ebiten.Image) { f(s); close(ch) }
	<-ch
}
