package game

import (
	"math"
)

// LogicalWidth and LogicalHeight are the fixed layout every scene draws in. The app scales it to the window
// (and to HiDPI screens): a scene draws at logical (x, y) by drawing at (x·Scale, y·Scale).
const (
	LogicalWidth  = 1280
	LogicalHeight = 720
)

// Context is what a scene gets from the shell: settings, storage, audio, translations, input and the scene
// stack. There is one per app; scenes must not keep it beyond the app's life.
type Context struct {
	app *App

	// Store keeps settings, saves and high scores (files on the desktop, localStorage in a browser).
	Store Storage
	// Audio plays music and UI sounds; it is silent when no device works.
	Audio *Audio
	// Input is this tick's mouse and keyboard in logical coordinates.
	Input *Input
	// Seed is the -seed flag (or a seed from the clock): the seed a new game should use.
	Seed int64
	// Version is the build's version string (internal/buildinfo).
	Version string
	// Scale is how many screen pixels make one logical pixel in this frame.
	Scale float64
	// Tick counts Update calls since launch.
	Tick int64
}

// Settings returns the current settings.
func (c *Context) Settings() Settings { return c.app.settings }

// SetSettings applies new settings at once (language, volumes, fullscreen, animation speed) and saves them
// atomically. A save that fails is shown as a notice and returned; the new settings still apply to this run.
func (c *Context) SetSettings(s Settings) error {
	return c.app.setSettings(s.Normalized(), true)
}

// Tr returns the translator for the current language.
func (c *Context) Tr() *Translator { return c.app.tr }

// T returns the UI text for a key in the current language.
func (c *Context) T(key string) string { return c.app.tr.T(key) }

// F returns the UI text for a key, formatted with args.
func (c *Context) F(key string, args ...any) string { return c.app.tr.F(key, args...) }

// AnimFactor is what every animation's normal duration is multiplied by (0 when animations are instant).
func (c *Context) AnimFactor() float64 { return c.app.settings.AnimSpeed.Factor() }

// Frames converts an animation's normal duration in seconds to ticks at the chosen animation speed
// (0 when animations are instant).
func (c *Context) Frames(seconds float64) int {
	return int(math.Round(seconds * 60 * c.AnimFactor()))
}

// Open builds the scene registered under name and pushes it on the stack (with a cross-fade).
func (c *Context) Open(name string) error {
	s, err := c.app.build(name)
	if err != nil {
		return err
	}
	c.Push(s)
	return nil
}

// Push puts a scene on top of the stack; the scene below keeps its state and comes back on Pop.
func (c *Context) Push(s Scene) { c.app.push(s) }

// Replace swaps the top scene for s.
func (c *Context) Replace(s Scene) { c.app.replace(s) }

// Pop removes the top scene and returns to the one below (never below the first scene).
func (c *Context) Pop() { c.app.pop() }

// Depth is how many scenes are on the stack.
func (c *Context) Depth() int { return len(c.app.stack) }

// Quit ends the app cleanly after this tick.
func (c *Context) Quit() { c.app.quit = true }

// Notice shows a one-line message at the bottom of the screen for a few seconds.
func (c *Context) Notice(msg string) {
	c.app.notice = msg
	c.app.noticeTicks = noticeTicks
}

// CurrentNotice returns the notice being shown and its opacity (0…1), or "" when there is none.
func (c *Context) CurrentNotice() (string, float64) {
	if c.app.noticeTicks <= 0 {
		return "", 0
	}
	alpha := math.Min(1, float64(c.app.noticeTicks)/30)
	return c.app.notice, alpha
}

// Fading reports whether a scene cross-fade is running.
func (c *Context) Fading() bool { return c.app.fadeFrames > 0 }

// PreviewSettings applies settings to this run without saving them (a volume slider being dragged);
// SetSettings saves when the drag ends.
func (c *Context) PreviewSettings(s Settings) {
	_ = c.app.setSettings(s.Normalized(), false)
}
