package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Input is this tick's mouse and keyboard, in logical (1280×720) coordinates. While a scene transition runs,
// Input reports nothing, so a double click cannot act on a scene that is fading out.
type Input struct {
	x, y    float64
	moved   bool
	enabled bool
	used    bool // the click was consumed by a widget
}

func (in *Input) update(scale float64, enabled bool) {
	cx, cy := ebiten.CursorPosition()
	x, y := float64(cx)/scale, float64(cy)/scale
	in.moved = x != in.x || y != in.y
	in.x, in.y = x, y
	in.enabled = enabled
	in.used = false
}

// Cursor is the mouse position in logical pixels.
func (in *Input) Cursor() (x, y float64) { return in.x, in.y }

// Moved reports whether the mouse moved since the last tick.
func (in *Input) Moved() bool { return in.enabled && in.moved }

// Clicked reports whether the left mouse button went down this tick (and no widget consumed it yet).
func (in *Input) Clicked() bool {
	return in.enabled && !in.used && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
}

// Released reports whether the left mouse button went up this tick.
func (in *Input) Released() bool {
	return in.enabled && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
}

// Held reports whether the left mouse button is down.
func (in *Input) Held() bool {
	return in.enabled && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
}

// UseClick marks this tick's click as handled, so later widgets ignore it.
func (in *Input) UseClick() { in.used = true }

// Key reports whether k was pressed this tick, repeating while it is held (after a third of a second, then
// 15 times a second) — what arrow keys in a menu want.
func (in *Input) Key(k ebiten.Key) bool {
	if !in.enabled {
		return false
	}
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d >= 20 && (d-20)%4 == 0)
}

// KeyOnce reports whether k went down this tick (no repeat).
func (in *Input) KeyOnce(k ebiten.Key) bool {
	return in.enabled && inpututil.IsKeyJustPressed(k)
}

// Confirm reports Enter, keypad Enter or Space going down this tick.
func (in *Input) Confirm() bool {
	return in.KeyOnce(ebiten.KeyEnter) || in.KeyOnce(ebiten.KeyNumpadEnter) || in.KeyOnce(ebiten.KeySpace)
}

// Back reports Escape or Backspace going down this tick.
func (in *Input) Back() bool {
	return in.KeyOnce(ebiten.KeyEscape) || in.KeyOnce(ebiten.KeyBackspace)
}

// Wheel is the mouse wheel's vertical movement this tick.
func (in *Input) Wheel() float64 {
	if !in.enabled {
		return 0
	}
	_, y := ebiten.Wheel()
	return y
}
