package table

import (
	"principe/assets"
	"principe/scenes"
)

// Segment is the rectangle of segment i of n in a segmented selector drawn in r.
func Segment(r scenes.Rect, n, i int) scenes.Rect {
	w := r.W / float64(n)
	return scenes.Rect{X: r.X + float64(i)*w, Y: r.Y, W: w, H: r.H}
}

// SegmentAt is the segment of n in r under (x, y), or -1.
func SegmentAt(r scenes.Rect, n int, x, y float64) int {
	if !r.Contains(x, y) {
		return -1
	}
	return min(n-1, int((x-r.X)/(r.W/float64(n))))
}

// DrawSegments draws a segmented selector (the setup screens' seat and option choices):
// one segment per label, the chosen one in crimson; glow (0…1) is keyboard focus.
func DrawSegments(p scenes.Painter, r scenes.Rect, labels []string, chosen int, glow float64) {
	p.RoundRect(r.X, r.Y, r.W, r.H, 8, scenes.Fade(scenes.ParchmentDark, 0.8))
	for i, l := range labels {
		sr := Segment(r, len(labels), i)
		if i == chosen {
			p.RoundRect(sr.X+2, sr.Y+2, sr.W-4, sr.H-4, 7, scenes.Crimson)
		} else if i > 0 && i != chosen+1 {
			p.Line(sr.X, sr.Y+8, sr.X, sr.Y+sr.H-8, 1, scenes.Fade(scenes.InkFaded, 0.7))
		}
		c := scenes.InkSoft
		if i == chosen {
			c = scenes.GoldLight
		}
		f := scenes.Font{Style: assets.FontBold, Size: 16}
		for f.Width(l) > sr.W-8 && f.Size > 10 {
			f.Size--
		}
		cx, cy := sr.Center()
		p.TextMiddle(l, f, cx, cy, scenes.Center, c)
	}
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 8, 1.5+glow, scenes.Mix(scenes.GoldDeep, scenes.Gold, glow))
}
