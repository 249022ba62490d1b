// Package game is Principe's app shell: it implements ebiten.Game and owns the scene stack and its
// cross-fades, input, settings, audio and storage. What is on screen lives in package scenes, which
// registers its scenes here (RegisterScene, RegisterGame); cmd/principe only parses flags and wires.
package game

import (
	"fmt"
	"image"
	"image/png"
	"log"
	"math"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// noticeTicks is how long a notice stays (6 seconds).
const noticeTicks = 360

// fadeSeconds is a cross-fade's normal length.
const fadeSeconds = 0.3

// Options configure an App (they come from the command-line flags).
type Options struct {
	// Storage holds settings and saves; nil means DefaultStorage("").
	Storage Storage
	// Lang, when set, overrides the saved language for this run ("en", "it").
	Lang string
	// Seed is handed to new games.
	Seed int64
	// Audio is the audio mode (auto, on, off).
	Audio AudioMode
	// Scene is the first scene's registered name ("title" when empty).
	Scene string
	// First, when set, builds the first scene instead of Scene (principe -replay FILE opens the file's games).
	First SceneFactory
	// Screenshot, when set, makes the app draw Frames frames at exactly 1280×720, save the last one to this
	// PNG file and end.
	Screenshot string
	// Frames is how many frames to draw before the screenshot (at least 1).
	Frames int
	// Version is shown small on the title scene.
	Version string
	// FirstFrame, when set, is called once, after the first frame has been drawn (for timing launches).
	FirstFrame func()
	// Log receives non-fatal problems (a settings file that could not be saved…); nil means the standard log.
	Log func(format string, args ...any)
}

// OverlayFunc draws on top of every scene (the notice line); package scenes sets it.
type OverlayFunc func(screen *ebiten.Image, ctx *Context)

var overlay OverlayFunc

// SetOverlay installs the function that draws over every scene.
func SetOverlay(f OverlayFunc) { overlay = f }

// App is the running app: an ebiten.Game.
type App struct {
	opts     Options
	ctx      *Context
	settings Settings
	tr       *Translator
	logf     func(format string, args ...any)

	stack   []Scene
	changed bool  // the top scene changed this tick: start a cross-fade
	leaving Scene // the scene that was on top before the change

	fadeFrom   *ebiten.Image
	fadeFrames int // ticks left
	fadeTotal  int

	notice      string
	noticeTicks int

	quit      bool
	frames    int
	shotDone  bool
	shotErr   error
	appliedFS bool
}

// NewApp loads the settings, prepares audio and opens the first scene. A corrupt settings file is not an
// error: the app starts with the defaults and shows a notice.
func NewApp(opts Options) (*App, error) {
	if opts.Storage == nil {
		s, err := DefaultStorage("")
		if err != nil {
			return nil, err
		}
		opts.Storage = s
	}
	if opts.Audio == "" {
		opts.Audio = AudioAuto
	}
	if opts.Scene == "" {
		opts.Scene = "title"
	}
	if opts.Screenshot != "" && opts.Frames < 1 {
		opts.Frames = 1
	}
	tuneMemory()
	a := &App{opts: opts, logf: opts.Log}
	if a.logf == nil {
		a.logf = log.Printf
	}
	settings, load := LoadSettings(opts.Storage)
	if opts.Lang != "" {
		settings.Language = opts.Lang
	}
	a.ctx = &Context{
		app:     a,
		Store:   opts.Storage,
		Input:   &Input{},
		Seed:    opts.Seed,
		Version: opts.Version,
		Scale:   1,
	}
	probe := defaultProbe()
	a.ctx.Audio = newAudio(opts.Audio, probe)
	a.ctx.Audio.SetMusic(true)
	if err := a.setSettings(settings.Normalized(), false); err != nil {
		return nil, err
	}
	if load.Bad {
		a.logf("principe: %v; using the default settings (old file: %s)", load.Err, orNone(load.KeptAs))
		a.ctx.Notice(a.tr.T("notice.settings_bad"))
	}
	build := func() (Scene, error) { return a.build(opts.Scene) }
	if opts.First != nil {
		build = func() (Scene, error) { return opts.First(a.ctx) }
	}
	first, err := build()
	if err != nil {
		return nil, err
	}
	a.stack = []Scene{first}
	a.enter(first)
	return a, nil
}

func orNone(s string) string {
	if s == "" {
		return "could not be moved aside"
	}
	return s
}

// Context returns the app's context (tests use it).
func (a *App) Context() *Context { return a.ctx }

// Top returns the scene on top of the stack.
func (a *App) Top() Scene { return a.stack[len(a.stack)-1] }

func (a *App) build(name string) (Scene, error) {
	f, ok := lookupScene(name)
	if !ok {
		return nil, fmt.Errorf("no scene named %q (there are: %s)", name, strings.Join(SceneNames(), ", "))
	}
	return f(a.ctx)
}

func (a *App) setSettings(s Settings, save bool) error {
	a.settings = s
	if a.tr == nil || a.tr.Lang() != s.Language {
		a.tr = NewTranslator(s.Language)
	}
	a.ctx.Audio.Configure(s)
	a.appliedFS = false
	if !save {
		return nil
	}
	if err := SaveSettings(a.ctx.Store, s); err != nil {
		a.logf("principe: saving settings: %v", err)
		a.ctx.Notice(a.tr.F("notice.settings_unsaved", err))
		return err
	}
	return nil
}

func (a *App) enter(s Scene) {
	if e, ok := s.(Entered); ok {
		e.Enter(a.ctx)
	}
}

func (a *App) markChange() {
	if !a.changed {
		a.leaving = a.Top()
	}
	a.changed = true
}

func (a *App) push(s Scene) {
	a.markChange()
	a.stack = append(a.stack, s)
	a.enter(s)
}

func (a *App) replace(s Scene) {
	a.markChange()
	a.stack[len(a.stack)-1] = s
	a.enter(s)
}

func (a *App) pop() {
	if len(a.stack) < 2 {
		return
	}
	a.markChange()
	a.stack = a.stack[:len(a.stack)-1]
	a.enter(a.Top())
}

// Update implements ebiten.Game.
func (a *App) Update() error {
	if a.shotErr != nil {
		return a.shotErr
	}
	if a.shotDone || a.quit {
		return ebiten.Termination
	}
	a.ctx.Tick++
	a.ctx.Audio.update()
	a.applyFullscreen()
	// A screenshot run ignores the pointer, so the picture does not depend on where it happens to be.
	a.ctx.Input.update(a.ctx.Scale, a.fadeFrames == 0 && a.opts.Screenshot == "")
	if a.noticeTicks > 0 {
		a.noticeTicks--
	}
	if a.fadeFrames > 0 {
		a.fadeFrames--
	}
	if a.ctx.Input.KeyOnce(ebiten.KeyF11) {
		s := a.settings
		s.Fullscreen = !s.Fullscreen
		_ = a.setSettings(s, true)
	}
	if err := a.Top().Update(a.ctx); err != nil {
		return err
	}
	if a.quit {
		return ebiten.Termination
	}
	return nil
}

func (a *App) applyFullscreen() {
	if a.appliedFS || a.opts.Screenshot != "" {
		return
	}
	a.appliedFS = true
	if ebiten.IsFullscreen() != a.settings.Fullscreen {
		ebiten.SetFullscreen(a.settings.Fullscreen)
	}
}

// Draw implements ebiten.Game.
func (a *App) Draw(screen *ebiten.Image) {
	if a.changed {
		a.changed = false
		a.startFade(screen.Bounds())
	}
	a.Top().Draw(screen, a.ctx)
	if a.fadeFrames > 0 && a.fadeFrom != nil {
		op := &ebiten.DrawImageOptions{}
		t := float64(a.fadeFrames) / float64(a.fadeTotal)
		op.ColorScale.ScaleAlpha(float32(t * t * (3 - 2*t)))
		screen.DrawImage(a.fadeFrom, op)
	} else if a.fadeFrom != nil {
		// The fade is over: give its screen-sized snapshot back until the next one.
		a.fadeFrom.Deallocate()
		a.fadeFrom = nil
	}
	if overlay != nil {
		overlay(screen, a.ctx)
	}
	a.frames++
	if a.frames == 1 && a.opts.FirstFrame != nil {
		a.opts.FirstFrame()
	}
	if a.opts.Screenshot != "" && !a.shotDone && a.frames >= a.opts.Frames {
		a.shotErr = savePNG(screen, a.opts.Screenshot)
		a.shotDone = true
	}
}

// startFade snapshots the scene being left, so Draw can fade it out over the new one.
func (a *App) startFade(b image.Rectangle) {
	total := a.ctx.Frames(fadeSeconds)
	if total <= 0 || a.leaving == nil {
		a.fadeFrames = 0
		return
	}
	if a.fadeFrom == nil || a.fadeFrom.Bounds() != b {
		if a.fadeFrom != nil {
			a.fadeFrom.Deallocate()
		}
		a.fadeFrom = ebiten.NewImageWithOptions(b, &ebiten.NewImageOptions{Unmanaged: true})
	}
	a.fadeFrom.Clear()
	a.leaving.Draw(a.fadeFrom, a.ctx)
	a.leaving = nil
	a.fadeFrames, a.fadeTotal = total, total
}

func savePNG(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff // the screen is opaque; store it so
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// LayoutF implements ebiten.LayoutFer: the screen is the 1280×720 layout scaled to fill the window's
// physical pixels (so HiDPI screens and big windows stay sharp); a screenshot run is exactly 1280×720.
func (a *App) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	if a.opts.Screenshot != "" {
		a.ctx.Scale = 1
		return LogicalWidth, LogicalHeight
	}
	dsf := ebiten.Monitor().DeviceScaleFactor()
	s := math.Min(outsideWidth*dsf/LogicalWidth, outsideHeight*dsf/LogicalHeight)
	s = math.Max(0.25, math.Min(4, s))
	w := math.Floor(LogicalWidth * s)
	a.ctx.Scale = w / LogicalWidth
	return w, math.Floor(LogicalHeight * a.ctx.Scale)
}

// Layout implements ebiten.Game (LayoutF is used instead).
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := a.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}
