package table

import (
	"image/color"
	"principe/assets"

	"principe/game"
	"principe/scenes"
)

// Results is a results panel: a headline (the winner), a sub-line, a table of
// statistics (a header row, then one row per seat; Marked rows are highlighted) and two
// buttons (play again, menu).
type Results struct {
	Headline string
	Subline  string
	Header   []string
	Rows     [][]string
	Marked   []bool
	Buttons  [2]string
	// Width is the statistics table's width (0: 900); Left its left edge (0: centred).
	Width, Left float64
	focus       scenes.FocusList
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
	w := r.Width
	if w == 0 {
		w = 900
	}
	x0 := r.Left
	if x0 == 0 {
		x0 = cx - w/2
	}
	cols := len(r.Header)
	if cols > 0 {
		first := w * 0.34
		rest := (w - first) / float64(max(1, cols-1))
		colX := func(j int) (float64, scenes.Align) {
			if j == 0 {
				return x0 + 14, scenes.Left
			}
			return x0 + first + rest*(float64(j)-0.5), scenes.Center
		}
		for j, h := range r.Header {
			x, al := colX(j)
			p.Text(h, scenes.Font{Style: assets.FontItalic, Size: 16}, x, 236, al, scenes.InkSoft)
		}
		for i, row := range r.Rows {
			y := 266 + float64(i)*38
			if i < len(r.Marked) && r.Marked[i] {
				p.RoundRect(x0, y-6, w, 34, 8, Fade(scenes.GoldLight, 0.55))
			}
			p.Line(x0, y+31, x0+w, y+31, 0.8, Fade(scenes.GoldDeep, 0.5))
			for j, c := range row {
				x, al := colX(j)
				f := scenes.Font{Style: assets.FontBold, Size: 19}
				if j == 0 {
					f = scenes.Font{Style: assets.FontRegular, Size: 18}
				}
				p.Text(c, f, x, y, al, scenes.Ink)
			}
		}
	}
	for i, b := range r.Buttons {
		scenes.DrawButton(p, ResultsButtonRect(i), b, r.focus.Glow(i), true)
	}
}
