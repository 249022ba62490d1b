// Package table holds the pieces every game's table scene reuses: card frames and backs,
// pieces and markers with their shadows, the log panel, the choice prompt, the hot-seat
// privacy screen, the "thinking" indicator, the results panel and a sequencer that plays
// event animations one after another. Games draw their own faces on these frames.
package table

import (
	"image/color"
	"math"

	"principe/scenes"
)

// Shadow is the soft shadow under cards and pieces.
var Shadow = color.RGBA{0x22, 0x14, 0x08, 0x55}

// Ivory is the face colour of cards and pieces.
var Ivory = color.RGBA{0xfb, 0xf4, 0xe2, 0xff}

// DrawCardFrame draws a card's body at (x, y, w, h) (its shadow is CardShadow): an
// ivory face with a gilt double border, and a tint band
// behind where the game paints its art. glow (0…1) is a selection highlight.
func DrawCardFrame(p scenes.Painter, x, y, w, h, glow float64, tint color.RGBA) {
	r := w * 0.09
	p.RoundRect(x, y, w, h, r, Ivory)
	p.RoundRect(x+w*0.07, y+w*0.07, w-w*0.14, h-w*0.14, r*0.6, scenes.Mix(Ivory, tint, 0.28))
	p.StrokeRoundRect(x+w*0.07, y+w*0.07, w-w*0.14, h-w*0.14, r*0.6, math.Max(1, w*0.015), scenes.GoldDeep)
	p.StrokeRoundRect(x, y, w, h, r, 1.2, scenes.Mix(scenes.GoldDeep, scenes.Ink, 0.4))
	if glow > 0.01 {
		p.StrokeRoundRect(x-3, y-3, w+6, h+6, r+2, 3*glow, scenes.Fade(scenes.Crimson, glow))
	}
}

// CardShadow draws only a card's shadow, raised by lift.
func CardShadow(p scenes.Painter, x, y, w, h, lift float64) {
	off := 2 + 5*lift
	p.RoundRect(x+off*0.6, y+off, w, h, w*0.09, Fade(Shadow, 0.8+0.4*lift))
}

// CardGlow draws a card's selection highlight.
func CardGlow(p scenes.Painter, x, y, w, h, glow float64) {
	if glow > 0.01 {
		p.StrokeRoundRect(x-3, y-3, w+6, h+6, w*0.09+2, 3*glow, scenes.Fade(scenes.Crimson, glow))
	}
}

var backs Sprites

// DrawCardBack draws the back of a card: crimson with a gold lattice and a lily. The
// back is drawn once and cached.
func DrawCardBack(p scenes.Painter, x, y, w, h, lift float64) {
	off := 2 + 5*lift
	p.RoundRect(x+off*0.6, y+off, w, h, w*0.09, Shadow)
	img := backs.Image("back", 80, 116, 2*p.S, func(q scenes.Painter) { drawBackFace(q, 0, 0, 80, 116) })
	p.Image(img, x, y, w, h, 1)
}

func drawBackFace(p scenes.Painter, x, y, w, h float64) {
	r := w * 0.09
	p.RoundRect(x, y, w, h, r, scenes.CrimsonDeep)
	p.RoundRect(x+w*0.08, y+w*0.08, w-w*0.16, h-w*0.16, r*0.6, scenes.Crimson)
	// A lattice of small lozenges.
	step := w / 4
	for yy := y + w*0.08 + step/2; yy < y+h-w*0.08; yy += step {
		for xx := x + w*0.08 + step/2; xx < x+w-w*0.08; xx += step {
			p.Circle(xx, yy, math.Max(0.8, w*0.018), scenes.Fade(scenes.GoldLight, 0.55))
		}
	}
	scenes.DrawLily(p, x+w/2, y+h/2, w*0.42, scenes.GoldLight)
	p.StrokeRoundRect(x+w*0.08, y+w*0.08, w-w*0.16, h-w*0.16, r*0.6, 1, scenes.GoldLight)
	p.StrokeRoundRect(x, y, w, h, r, 1, scenes.Ink)
}

// DrawPile draws a face-down pile of n cards (a few edges showing) with its count.
func DrawPile(p scenes.Painter, x, y, w, h float64, n int) {
	if n <= 0 {
		p.StrokeRoundRect(x, y, w, h, w*0.09, 1.2, scenes.Fade(scenes.InkFaded, 0.7))
		return
	}
	edges := min(4, (n+3)/4)
	for i := edges - 1; i >= 1; i-- {
		d := float64(i) * 1.6
		p.RoundRect(x+d, y+d, w, h, w*0.09, scenes.Mix(scenes.CrimsonDeep, scenes.Ink, 0.3))
		p.StrokeRoundRect(x+d, y+d, w, h, w*0.09, 0.8, scenes.GoldDeep)
	}
	DrawCardBack(p, x, y, w, h, 0)
}

// DrawPiece draws a round playing piece: shadow (raised by lift), a coloured rim and an
// ivory face; the game draws its emblem on top at (cx, cy).
func DrawPiece(p scenes.Painter, cx, cy, r, lift float64, rim color.RGBA) {
	PieceShadow(p, cx, cy, r, lift)
	DrawPieceFace(p, cx, cy, r, rim)
}

// PieceShadow draws only a piece's shadow.
func PieceShadow(p scenes.Painter, cx, cy, r, lift float64) {
	p.Circle(cx+1.5+3*lift, cy+2.5+6*lift, r*(1+0.08*lift), Fade(Shadow, 1.2-0.5*lift))
}

// DrawPieceFace draws a piece without its shadow.
func DrawPieceFace(p scenes.Painter, cx, cy, r float64, rim color.RGBA) {
	p.Circle(cx, cy, r, rim)
	p.Circle(cx, cy, r*0.8, Ivory)
	p.StrokeCircle(cx, cy, r*0.8, math.Max(0.8, r*0.05), scenes.GoldDeep)
	p.StrokeCircle(cx, cy, r, 1, scenes.Ink)
}

// DrawMarker draws a rule marker: a small glossy disc of colour c with a dark edge.
func DrawMarker(p scenes.Painter, cx, cy, r, lift float64, c color.RGBA) {
	p.Circle(cx+1+2*lift, cy+2+4*lift, r, Shadow)
	DrawMarkerFace(p, cx, cy, r, c)
}

// DrawMarkerFace draws a marker without its shadow.
func DrawMarkerFace(p scenes.Painter, cx, cy, r float64, c color.RGBA) {
	p.Circle(cx, cy, r, scenes.Mix(c, scenes.Ink, 0.25))
	p.Circle(cx, cy, r*0.82, c)
	p.Circle(cx-r*0.3, cy-r*0.32, r*0.28, scenes.Fade(color.RGBA{255, 255, 255, 255}, 0.35))
	p.StrokeCircle(cx, cy, r, 1.2, scenes.Ink)
}

// Fade is scenes.Fade (re-exported so table code reads short).
func Fade(c color.RGBA, a float64) color.RGBA { return scenes.Fade(c, a) }

// Lerp is a + (b-a)·t.
func Lerp(a, b, t float64) float64 { return a + (b-a)*t }
