package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/vmhost"

	"principe/game"
	"principe/game/play"
	"principe/internal/ebitentest"
	"principe/rules"
	"principe/scenes"
)

// The end-to-end test drives the real app, built with -tags ebitenginevmguest, from a hidden vmhost host
// that runs inside this test binary's Ebitengine loop (TestMain). It clicks with the mouse, steps ticks
// deterministically and reads the rendered frames back. The host needs a display: scripts/test runs the
// tests under xvfb-run; without one the test is skipped, except under CI=true, where it fails.

func TestMain(m *testing.M) { ebitentest.Main(m, "cmd/principe: the end-to-end tests") }

// guestApp is the real app running as a vmhost guest.
type guestApp struct {
	t      *testing.T
	guest  *vmhost.GuestSession
	cmd    *exec.Cmd
	screen *ebiten.Image
	frame  *image.RGBA
	scale  float64 // physical pixels per logical pixel of the host screen
}

// buildGuest compiles the app with the ebitenginevmguest tag once per test run.
func buildGuest(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "principe-guest")
	build := exec.Command("go", "build", "-tags", "ebitenginevmguest", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the guest app: %v\n%s", err, out)
	}
	return bin
}

// startGuest launches the app with the given flags and connects to it.
func startGuest(t *testing.T, bin string, args ...string) (*guestApp, error) {
	sockDir, err := os.MkdirTemp("", "pg") // short: a unix socket path is limited in length
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { _ = os.RemoveAll(sockDir) })
	ln, err := net.Listen("unix", filepath.Join(sockDir, "g.sock"))
	if err != nil {
		return nil, err
	}
	defer func() { _ = ln.Close() }()
	endpoint, err := vmhost.EndpointURLFromAddr(ln.Addr())
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "EBITENGINE_VM_ENDPOINT="+endpoint)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	fail := func(err error) (*guestApp, error) {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, err
	}
	// Generous: the machine running the tests may be busy.
	if err := ln.(*net.UnixListener).SetDeadline(time.Now().Add(90 * time.Second)); err != nil {
		return fail(err)
	}
	conn, err := ln.Accept()
	if err != nil {
		return fail(fmt.Errorf("the guest never connected: %w", err))
	}
	guest, err := vmhost.NewGuestSession(conn, &vmhost.NewGuestSessionOptions{IdleTimeout: 90 * time.Second})
	if err != nil {
		return fail(fmt.Errorf("handshake: %w", err))
	}
	scale := ebiten.Monitor().DeviceScaleFactor()
	g := &guestApp{t: t, guest: guest, cmd: cmd, scale: scale}
	g.screen = ebiten.NewImage(int(game.LogicalWidth*scale), int(game.LogicalHeight*scale))
	if err := guest.SetOutsideScreen(g.screen); err != nil {
		_ = guest.Close()
		return fail(err)
	}
	return g, nil
}

// step runs n ticks and renders the frame that follows them.
func (g *guestApp) step(n int) {
	g.t.Helper()
	if n > 0 {
		g.guest.AdvanceTicks(n)
	}
	g.guest.AdvanceFrame()
	if !g.guest.WaitFrame() {
		g.t.Fatalf("the guest did not render: %v", g.guest.Err())
	}
	if !g.guest.CompositeFrame() {
		g.t.Fatalf("compositing the guest frame failed: %v", g.guest.Err())
	}
	g.frame = image.NewRGBA(g.screen.Bounds())
	g.screen.ReadPixels(g.frame.Pix)
}

// click moves the mouse to a logical point, hovers, and clicks there (pressed for one tick). A frame is
// rendered between the input changes, so each change is seen by its own tick.
func (g *guestApp) click(x, y float64) {
	g.t.Helper()
	g.guest.MoveCursor(x, y)
	g.step(2)
	g.guest.PressMouseButton(ebiten.MouseButtonLeft)
	g.step(1)
	g.guest.ReleaseMouseButton(ebiten.MouseButtonLeft)
}

func (g *guestApp) at(x, y float64) color.RGBA {
	return g.frame.RGBAAt(int(x*g.scale), int(y*g.scale))
}

// save writes the last frame to the system temp folder, for looking at after a failure.
func (g *guestApp) save(name string) {
	path := filepath.Join(os.TempDir(), "principe-e2e-"+name)
	f, err := os.Create(path)
	if err != nil {
		return
	}
	_ = png.Encode(f, g.frame)
	_ = f.Close()
	g.t.Logf("frame saved as %s", path)
}

// close ends the session; the guest then exits on its own, with status 0.
func (g *guestApp) close() {
	g.t.Helper()
	if err := g.guest.Close(); err != nil {
		g.t.Errorf("closing the session: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- g.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			g.t.Errorf("the app exited with an error: %v", err)
		}
	case <-time.After(60 * time.Second):
		_ = g.cmd.Process.Kill()
		<-done
		g.t.Error("the app did not exit after its session closed")
	}
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}

func TestClickSettingsAndChangeAnimationSpeed(t *testing.T) {
	bin := buildGuest(t)
	config := t.TempDir()
	var g *guestApp
	var err error
	for attempt := 1; attempt <= 2; attempt++ { // the first connection can fail; retry once
		g, err = startGuest(t, bin, "-config", config, "-audio", "off", "-seed", "1")
		if err == nil {
			break
		}
		t.Logf("attempt %d: %v", attempt, err)
	}
	if err != nil {
		t.Fatal(err)
	}

	// The title scene, after its intro.
	g.step(40)
	n := 0
	for x := 380.0; x < 900; x += 2 { // a row through the letters of PRINCIPE
		if near(g.at(x, 95), scenes.Crimson, 50) {
			n++
		}
	}
	if n < 20 {
		g.save("title.png")
		t.Fatalf("no crimson title on the first screen (%d crimson samples)", n)
	}

	// Click "Settings" on the title menu.
	sx, sy := scenes.TitleEntryRect(scenes.TitleSettings).Center()
	g.click(sx, sy)
	g.step(60) // past the cross-fade
	seg := func(i int) color.RGBA {
		r := scenes.SettingsAnimChoiceRect(i)
		return g.at(r.X+10, r.Y+r.H/2)
	}
	normal, fast := 1, 2
	if !near(seg(normal), scenes.Crimson, 40) || near(seg(fast), scenes.Crimson, 60) {
		g.save("settings.png")
		t.Fatalf("after clicking Settings: normal=%v fast=%v; want the settings scene with Normal chosen", seg(normal), seg(fast))
	}

	// Choose the "Fast" animation speed.
	fx, fy := scenes.SettingsAnimChoiceRect(fast).Center()
	g.click(fx, fy)
	g.step(10)
	if !near(seg(fast), scenes.Crimson, 40) || near(seg(normal), scenes.Crimson, 60) {
		g.save("fast.png")
		t.Fatalf("after clicking Fast: normal=%v fast=%v; want Fast chosen", seg(normal), seg(fast))
	}

	// The choice is saved in the config folder given with -config.
	data, err := os.ReadFile(filepath.Join(config, game.SettingsName))
	if err != nil {
		t.Fatalf("no settings.json written: %v", err)
	}
	var saved game.Settings
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatalf("settings.json: %v\n%s", err, data)
	}
	if saved.AnimSpeed != game.AnimFast {
		t.Fatalf("saved animation speed %q, want fast\n%s", saved.AnimSpeed, data)
	}

	// Esc goes back to the title; choosing Quit there ends the app cleanly.
	g.guest.PressKey(ebiten.KeyEscape)
	g.step(1)
	g.guest.ReleaseKey(ebiten.KeyEscape)
	g.step(40)
	r := scenes.SettingsAnimChoiceRect(fast)
	if near(g.at(r.X+10, r.Y+r.H/2), scenes.Crimson, 60) {
		g.save("back.png")
		t.Fatal("Esc did not leave the settings scene")
	}
	qx, qy := scenes.TitleEntryRect(scenes.TitleQuit).Center()
	g.guest.MoveCursor(qx, qy)
	g.step(2)
	g.guest.PressMouseButton(ebiten.MouseButtonLeft)
	g.guest.AdvanceTicks(5) // the click's tick quits: the app's RunGame returns and the session ends
	if g.guest.WaitTicks() {
		t.Fatal("the app kept running after Quit")
	}
	if err := g.guest.Err(); !errors.Is(err, ebiten.Termination) {
		t.Fatalf("the session ended with %v, want the app's own termination", err)
	}
	g.close()
}

// savedAs replays the autosave in dir: the state, as the game's own type S, and the
// document; nil when there is none or it holds another game.
func savedAs[S rules.State](t *testing.T, dir string) (S, *play.Autosave) {
	t.Helper()
	var none S
	data, err := os.ReadFile(filepath.Join(dir, game.AutosaveName))
	if err != nil {
		return none, nil
	}
	var doc play.Autosave
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("autosave: %v", err)
	}
	s, err := doc.Record.Replay()
	if err != nil {
		t.Fatalf("the autosave does not replay: %v", err)
	}
	st, ok := s.(S)
	if !ok {
		return none, nil
	}
	return st, &doc
}

// launch starts the app on a fresh config folder with instant animations and no sound,
// seeded with seed; it returns the guest and the folder.
func launch(t *testing.T, bin, seed string) (*guestApp, string) {
	t.Helper()
	config := t.TempDir()
	instantSettings(t, config)
	g, err := startGuest(t, bin, "-config", config, "-seed", seed, "-audio", "off")
	if err != nil {
		t.Fatal(err)
	}
	return g, config
}

// killAndContinue kills the app mid-game, relaunches it on the same config folder and
// clicks Continue on the title; it returns the new guest.
func (g *guestApp) killAndContinue(bin, config string) *guestApp {
	t := g.t
	t.Helper()
	_ = g.guest.Close()
	_ = g.cmd.Process.Kill()
	_ = g.cmd.Wait()
	g2, err := startGuest(t, bin, "-config", config, "-seed", "9", "-audio", "off")
	if err != nil {
		t.Fatal(err)
	}
	g2.step(3)
	g2.clickRect(scenes.TitleEntryRect(scenes.TitleContinue))
	g2.step(4)
	return g2
}
