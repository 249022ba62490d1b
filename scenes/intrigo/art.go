package intrigo

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2/vector"

	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// seatColours are the five colours of the rulebook, seat by seat (orange, black, white,
// blue, green).
var seatColours = [ig.MaxPlayers]color.RGBA{
	{0xd8, 0x74, 0x1c, 0xff},
	{0x2b, 0x24, 0x22, 0xff},
	{0xf4, 0xf0, 0xe6, 0xff},
	{0x2a, 0x58, 0xa8, 0xff},
	{0x2f, 0x80, 0x3e, 0xff},
}

func seatColour(s rules.Seat) color.RGBA {
	if s < 0 || int(s) >= ig.MaxPlayers {
		return scenes.InkFaded
	}
	return seatColours[s]
}

// inkOn is the colour that reads on a seat's colour.
func inkOn(s rules.Seat) color.RGBA {
	if s == 2 {
		return scenes.Ink
	}
	return table.Ivory
}

var pieces table.Sprites

// drawAdvisor draws an advisor piece: a disc in its owner's colour with the emblem of its
// type in ivory (or ink, on white), so the type never depends on colour alone. Pieces are
// cached as images.
func drawAdvisor(p scenes.Painter, owner rules.Seat, typ ig.AdvisorType, cx, cy, r, lift, alpha float64) {
	if alpha >= 0.99 {
		table.PieceShadow(p, cx, cy, r, lift)
	}
	key := fmt.Sprintf("adv-%d-%d", owner, typ)
	img := pieces.Image(key, 48, 48, 2*p.S*r/24, func(q scenes.Painter) {
		drawAdvisorFace(q, owner, typ, 24, 24, 22)
	})
	p.Image(img, cx-r*24/22, cy-r*24/22, r*48/22, r*48/22, alpha)
}

func drawAdvisorFace(p scenes.Painter, owner rules.Seat, typ ig.AdvisorType, cx, cy, r float64) {
	c := seatColour(owner)
	p.Circle(cx, cy, r, scenes.Mix(c, scenes.Ink, 0.3))
	p.Circle(cx, cy, r*0.88, c)
	p.StrokeCircle(cx, cy, r*0.74, math.Max(0.8, r*0.05), scenes.Fade(scenes.GoldLight, 0.9))
	p.StrokeCircle(cx, cy, r, 1, scenes.Ink)
	drawEmblem(p, typ, cx, cy, r*0.62, inkOn(owner))
}

// drawEmblem draws a type's emblem centred at (cx, cy) within radius r: the chemist's
// flask, the writer's quill, the doctor's cross of Asclepius in a circle, the religious's
// mitre.
func drawEmblem(p scenes.Painter, typ ig.AdvisorType, cx, cy, r float64, c color.RGBA) {
	switch typ {
	case ig.Chemist: // a round flask with a neck
		p.Circle(cx, cy+r*0.28, r*0.58, c)
		p.Rect(cx-r*0.17, cy-r*0.85, r*0.34, r*0.7, c)
		p.Rect(cx-r*0.3, cy-r*0.92, r*0.6, r*0.16, c)
	case ig.Writer: // a slanted quill over a line
		var path vector.Path
		path.MoveTo(float32(cx+r*0.8), float32(cy-r*0.9))
		path.QuadTo(float32(cx+r*0.1), float32(cy-r*0.6), float32(cx-r*0.55), float32(cy+r*0.55))
		path.QuadTo(float32(cx+r*0.45), float32(cy-r*0.05), float32(cx+r*0.8), float32(cy-r*0.9))
		path.Close()
		p.FillPath(&path, c)
		p.Line(cx-r*0.55, cy+r*0.55, cx-r*0.75, cy+r*0.8, math.Max(1, r*0.12), c)
		p.Line(cx-r*0.9, cy+r*0.88, cx+r*0.5, cy+r*0.88, math.Max(1, r*0.12), c)
	case ig.Doctor: // a cross in a ring
		p.StrokeCircle(cx, cy, r*0.86, math.Max(1, r*0.14), c)
		p.Rect(cx-r*0.17, cy-r*0.6, r*0.34, r*1.2, c)
		p.Rect(cx-r*0.6, cy-r*0.17, r*1.2, r*0.34, c)
	case ig.Religious: // a mitre
		var path vector.Path
		path.MoveTo(float32(cx-r*0.62), float32(cy+r*0.8))
		path.LineTo(float32(cx-r*0.62), float32(cy-r*0.2))
		path.LineTo(float32(cx-r*0.1), float32(cy-r*0.92))
		path.LineTo(float32(cx), float32(cy-r*0.5))
		path.LineTo(float32(cx+r*0.1), float32(cy-r*0.92))
		path.LineTo(float32(cx+r*0.62), float32(cy-r*0.2))
		path.LineTo(float32(cx+r*0.62), float32(cy+r*0.8))
		path.Close()
		p.FillPath(&path, c)
	}
}

// drawCoin draws a gold ducat.
func drawCoin(p scenes.Painter, cx, cy, r, alpha float64) {
	p.Circle(cx+1, cy+1.5, r, scenes.Fade(table.Shadow, alpha))
	p.Circle(cx, cy, r, scenes.Fade(scenes.GoldDeep, alpha))
	p.Circle(cx, cy, r*0.8, scenes.Fade(scenes.GoldLight, alpha))
	p.StrokeCircle(cx, cy, r*0.55, 1, scenes.Fade(scenes.GoldDeep, alpha))
}

// drawBank draws the bank's strongbox.
func drawBank(p scenes.Painter, cx, cy float64) {
	p.RoundRect(cx-26, cy-14, 52, 30, 4, scenes.Mix(scenes.GoldDeep, scenes.Ink, 0.35))
	p.RoundRect(cx-26, cy-20, 52, 12, 5, scenes.GoldDeep)
	p.StrokeRoundRect(cx-26, cy-20, 52, 36, 5, 1.2, scenes.Ink)
	p.Rect(cx-4, cy-6, 8, 10, scenes.GoldLight)
	for i := -1; i <= 1; i++ {
		drawCoin(p, cx+float64(i)*12, cy-24, 5, 1)
	}
}

// drawPalaceFront draws a palace's façade behind its four posts: a roof line, arches
// for the posts and the seat's banner colour.
func drawPalaceFront(p scenes.Painter, r scenes.Rect, owner rules.Seat, active bool) {
	c := seatColour(owner)
	p.RoundRect(r.X+2, r.Y+3, r.W, r.H, 10, table.Fade(table.Shadow, 0.6))
	p.RoundRect(r.X, r.Y, r.W, r.H, 10, scenes.Mix(scenes.Parchment, table.Ivory, 0.5))
	p.RoundRect(r.X, r.Y, r.W, 40, 10, c)
	p.Rect(r.X, r.Y+30, r.W, 10, c)
	p.Line(r.X, r.Y+40, r.X+r.W, r.Y+40, 1.5, scenes.GoldDeep)
	edge, lw := scenes.GoldDeep, 1.5
	if active {
		edge, lw = scenes.Crimson, 3
	}
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 10, lw, edge)
}

func color3(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }
