package table

import (
	"image/color"
	"principe/assets"

	"principe/game"
	"principe/scenes"
)

// Results is a results panel: a headline (the winner), a sub-line, rows of statistics
// (label, value) and two buttons (play again, menu).
type Results struct {
	Headline string
	Subline  string
	Rows     [][2]string
	Buttons  [2]string
	focus    scenes.FocusList
}

// ButtonRect is where button i is drawn.
func ResultsButtonRect(i int) scenes.Rect {
	return scenes.Rect{X: 380 + float64(i)*280, Y: 600, W: 240, H: 56}
}

// Update returns the button chosen this tick (0 or 1), or -1.
func (r *Results) Update(ctx *game.Context) int {
	if len(r.focus.Items) == 0 {
		for i := range 2 {
			r.focus.Items = append(r.focus.Items, scenes.Item{Rect: ResultsButtonRect(i), Enabled: true, Column: i})
		}
		r.focus.Columns = true
		r.focus.Focus = 0
	}
	return r.focus.Update(ctx)
}

// Draw paints the panel; colour is the winner's colour (for the banner).
func (r *Results) Draw(p scenes.Painter, banner color.RGBA) {
	const cx = game.LogicalWidth / 2
	p.RoundRect(cx-300, 70, 600, 84, 14, banner)
	p.StrokeRoundRect(cx-300, 70, 600, 84, 14, 3, scenes.Gold)
	f := scenes.Font{Style: scenes.FontHeading.Style, Size: 44}
	if f.Width(r.Headline) > 560 {
		f.Size = 32
	}
	p.TextMiddle(r.Headline, f, cx, 112, scenes.Center, scenes.Parchment)
	p.Text(r.Subline, scenes.Font{Style: scenes.FontLine.Style, Size: 22}, cx, 170, scenes.Center, scenes.InkSoft)
	scenes.DrawDivider(p, cx, 214, 520, scenes.GoldDeep)
	for i, row := range r.Rows {
		y := 236 + float64(i)*32
		p.Text(row[0], scenes.FontBody, cx-20, y, scenes.Right, scenes.InkSoft)
		p.Text(row[1], scenes.Font{Style: assets.FontBold, Size: 20}, cx+20, y, scenes.Left, scenes.Ink)
	}
	for i, b := range r.Buttons {
		scenes.DrawButton(p, ResultsButtonRect(i), b, r.focus.Glow(i), true)
	}
}
