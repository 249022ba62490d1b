// Package ebitentest runs a package's tests inside the Ebitengine loop, the way Ebitengine's own tests do
// (internal/testing): TestMain starts RunGame with a hidden window and the tests run from its first Update, so
// they can draw images, read them back and host exp/vmhost guests.
package ebitentest

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

type loop struct {
	m    *testing.M
	code int
	done bool
}

func (l *loop) Update() error {
	if !l.done {
		l.done = true
		l.code = l.m.Run()
	}
	return ebiten.Termination
}

func (l *loop) Draw(*ebiten.Image)         {}
func (l *loop) Layout(int, int) (int, int) { return 320, 240 }

// Main is a TestMain body: it runs m's tests inside RunGame and exits with their status. The tests need a
// display; scripts/test provides one with xvfb-run. Without one they are skipped — except under CI=true, where
// a missing display is a failure. what names the tests in those messages ("scenes: the render tests").
func Main(m *testing.M, what string) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, what+" need a display; run them with scripts/test (xvfb-run)")
			os.Exit(1)
		}
		fmt.Println(what + ": skipped, no display (scripts/test runs them under xvfb-run)")
		os.Exit(0)
	}
	ebiten.SetWindowVisible(false)
	l := &loop{m: m, code: 1}
	if err := ebiten.RunGame(l); err != nil {
		fmt.Fprintln(os.Stderr, what+": RunGame:", err)
		os.Exit(1)
	}
	os.Exit(l.code)
}
