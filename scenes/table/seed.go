package table

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/scenes"
)

// SeedField is the setups' seed entry: the digits typed while it is edited; empty means
// a seed chosen at random.
type SeedField struct {
	Text    string
	Editing bool
}

// Edit takes the keys while the field is edited — digits (at most 18), Backspace; Enter,
// Esc or a click ends the editing — and reports whether it took the input.
func (f *SeedField) Edit(ctx *game.Context) bool {
	if !f.Editing {
		return false
	}
	for _, r := range ebiten.AppendInputChars(nil) {
		if r >= '0' && r <= '9' && len(f.Text) < 18 {
			f.Text += string(r)
		}
	}
	if ctx.Input.Key(ebiten.KeyBackspace) && len(f.Text) > 0 {
		f.Text = f.Text[:len(f.Text)-1]
	}
	if ctx.Input.Confirm() || ctx.Input.KeyOnce(ebiten.KeyEscape) || ctx.Input.Clicked() {
		ctx.Input.UseClick()
		f.Editing = false
	}
	return true
}

// Seed is the seed typed, or random when none was.
func (f *SeedField) Seed(random uint64) (uint64, error) {
	if f.Text == "" {
		return random, nil
	}
	return strconv.ParseUint(f.Text, 10, 64)
}

// Draw draws the field in r: the digits (with a blinking caret while edited) or, when
// empty, the word for a random seed; glow is its keyboard focus.
func (f *SeedField) Draw(p scenes.Painter, ctx *game.Context, r scenes.Rect, random string, font scenes.Font, glow float64) {
	edit := 0.0
	if f.Editing {
		edit = 1
	}
	p.RoundRect(r.X, r.Y, r.W, r.H, 8, scenes.Fade(Ivory, 0.9))
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 8, 1.5+glow+edit, scenes.Mix(scenes.GoldDeep, scenes.Crimson, glow+edit))
	text := f.Text
	if text == "" && !f.Editing {
		text = random
	}
	if f.Editing && (ctx.Tick/30)%2 == 0 {
		text += "|"
	}
	p.TextMiddle(text, font, r.X+14, r.Y+r.H/2, scenes.Left, scenes.Ink)
}

// EnterPressed reports Enter (or keypad Enter) going down this tick. While text is typed,
// only Enter ends it: the shell's Confirm also counts Space, which is typed.
func EnterPressed(ctx *game.Context) bool {
	return ctx.Input.KeyOnce(ebiten.KeyEnter) || ctx.Input.KeyOnce(ebiten.KeyNumpadEnter)
}
