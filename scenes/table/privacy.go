package table

import (
	"math"

	"principe/game"
	"principe/scenes"
)

// DrawPrivacy covers the whole screen for a hot-seat hand-over: a curtain with the
// message ("Pass to Medici") and a hint ("click when ready"). tick animates the hint.
func DrawPrivacy(p scenes.Painter, title, hint string, tick int64) {
	const w, h = game.LogicalWidth, game.LogicalHeight
	p.Rect(0, 0, w, h, scenes.CrimsonDeep)
	// Curtain folds.
	for x := 0.0; x < w; x += 64 {
		p.Rect(x, 0, 30, h, scenes.Fade(scenes.Crimson, 0.55))
		p.Line(x+30, 0, x+30, h, 2, scenes.Fade(scenes.Ink, 0.25))
	}
	p.Rect(0, 0, w, 40, scenes.GoldDeep)
	p.Rect(0, 34, w, 6, scenes.Gold)
	r := scenes.Rect{X: w/2 - 330, Y: h/2 - 110, W: 660, H: 220}
	DrawPanel(p, r)
	scenes.DrawLily(p, r.X+60, r.Y+r.H/2, 60, scenes.Gold)
	scenes.DrawLily(p, r.X+r.W-60, r.Y+r.H/2, 60, scenes.Gold)
	p.TextMiddle(title, scenes.Font{Style: scenes.FontHeading.Style, Size: 44}, w/2, r.Y+82, scenes.Center, scenes.CrimsonDeep)
	a := 0.55 + 0.45*math.Sin(float64(tick)/14)
	p.TextMiddle(hint, scenes.FontLabel, w/2, r.Y+150, scenes.Center, scenes.Fade(scenes.InkSoft, a))
}

// DrawThinking draws the "thinking" indicator: a label followed by three dots that rise
// in turn, so the player sees the AI working and the window alive.
func DrawThinking(p scenes.Painter, x, y float64, label string, tick int64) {
	f := scenes.Font{Style: scenes.FontLine.Style, Size: 15}
	w := f.Width(label)
	p.RoundRect(x-8, y-13, w+58, 26, 13, Fade(scenes.Ink, 0.75))
	p.TextMiddle(label, f, x+4, y, scenes.Left, scenes.GoldLight)
	for i := 0; i < 3; i++ {
		ph := float64(tick)/8 - float64(i)*0.9
		dy := -3 * math.Max(0, math.Sin(ph))
		p.Circle(x+w+14+float64(i)*9, y+dy+1, 2.6, scenes.GoldLight)
	}
}
