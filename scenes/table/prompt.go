package table

import (
	"github.com/hajimehoshi/ebiten/v2"
	"principe/assets"

	"principe/game"
	"principe/scenes"
)

// Prompt asks the player to choose between a few options (refuse or jump, take or
// decline a Gambado, confirm a card). Each option has a button; keys 1…n choose too.
type Prompt struct {
	Title   string
	Detail  string
	Options []string
	Rect    scenes.Rect // the panel
	hover   int
}

// OptionRect is where option i's button is drawn.
func (pr *Prompt) OptionRect(i int) scenes.Rect {
	n := float64(len(pr.Options))
	gap := 12.0
	w := (pr.Rect.W - 24 - gap*(n-1)) / n
	return scenes.Rect{X: pr.Rect.X + 12 + float64(i)*(w+gap), Y: pr.Rect.Y + pr.Rect.H - 54, W: w, H: 42}
}

// Hovered is the option under the cursor (-1 for none), for previews on the board.
func (pr *Prompt) Hovered() int { return pr.hover }

// Update returns the option chosen this tick, or -1.
func (pr *Prompt) Update(ctx *game.Context) int {
	x, y := ctx.Input.Cursor()
	pr.hover = -1
	for i := range pr.Options {
		if pr.OptionRect(i).Contains(x, y) {
			pr.hover = i
			if ctx.Input.Clicked() {
				ctx.Input.UseClick()
				ctx.Audio.Play(game.SoundClick)
				return i
			}
		}
	}
	for i := range pr.Options {
		if i < 9 && ctx.Input.KeyOnce(ebiten.Key1+ebiten.Key(i)) {
			ctx.Audio.Play(game.SoundClick)
			return i
		}
	}
	return -1
}

// Draw paints the prompt.
func (pr *Prompt) Draw(p scenes.Painter) {
	r := pr.Rect
	p.RoundRect(r.X+3, r.Y+5, r.W, r.H, 12, Fade(Shadow, 1.2))
	p.RoundRect(r.X, r.Y, r.W, r.H, 12, scenes.Mix(scenes.Parchment, Ivory, 0.6))
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 12, 2.5, scenes.Crimson)
	p.StrokeRoundRect(r.X+5, r.Y+5, r.W-10, r.H-10, 9, 1, scenes.Gold)
	p.Text(pr.Title, scenes.Font{Style: scenes.FontItem.Style, Size: 20}, r.X+r.W/2, r.Y+12, scenes.Center, scenes.CrimsonDeep)
	if pr.Detail != "" {
		p.Paragraph(pr.Detail, scenes.Font{Style: scenes.FontLine.Style, Size: 15}, r.X+18, r.Y+42, r.W-36, 18, scenes.InkSoft)
	}
	for i, o := range pr.Options {
		b := pr.OptionRect(i)
		g := 0.0
		if i == pr.hover {
			g = 1
		}
		fill := scenes.Mix(scenes.Fade(scenes.Parchment, 0.9), scenes.Crimson, g)
		p.RoundRect(b.X, b.Y, b.W, b.H, 9, fill)
		p.StrokeRoundRect(b.X, b.Y, b.W, b.H, 9, 1.5+g, scenes.Mix(scenes.GoldDeep, scenes.Gold, g))
		cx, cy := b.Center()
		f := scenes.Font{Style: assets.FontBold, Size: 17}
		if f.Width(o) > b.W-12 {
			f.Size = 14
		}
		p.TextMiddle(o, f, cx, cy, scenes.Center, scenes.Mix(scenes.Ink, scenes.GoldLight, g))
	}
}
