// Package niccolo is the Niccolò table in the app: the setup scene, the table (board,
// rule circle, cards, animations driven by the rules' events, hot-seat privacy), the
// results, the solitaire high scores and the illustrated rules help.
//
// The scenes never decide a rule: legal moves, previews and outcomes all come from
// principe/rules/niccolo, and each seat's screen is drawn from that seat's Observation.
package niccolo

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2/vector"

	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// The board's place on the screen and its proportions.
const (
	boardX    = 20.0
	boardY    = 20.0
	boardSize = 680.0
	cornerW   = 96.0                          // a home (corner) square
	sideW     = (boardSize - 2*cornerW) / 7.0 // an ordinary square along a side
	circleCX  = boardX + boardSize/2
	circleCY  = boardY + boardSize/2
	circleR   = 158.0
)

// The printed colours of the four board colours.
var colourInk = [4]color.RGBA{
	nic.Red:    {0xb0, 0x34, 0x2a, 0xff},
	nic.Green:  {0x3c, 0x7a, 0x44, 0xff},
	nic.Blue:   {0x2c, 0x5a, 0x98, 0xff},
	nic.Yellow: {0xd8, 0xa2, 0x2a, 0xff},
}

// familyInk is each family's colour (tokens' rims, log dots, panels).
var familyInk = [4]color.RGBA{
	{0x5e, 0x3a, 0x8a, 0xff}, // Visconti: purple
	{0x33, 0x33, 0x38, 0xff}, // Sforza: iron
	{0x9a, 0x5b, 0x24, 0xff}, // Soderini: umber
	{0x1f, 0x6e, 0x6e, 0xff}, // Medici: teal
}

// squareRect is where track square sq is printed.
func squareRect(sq int) scenes.Rect {
	sq = ((sq % 32) + 32) % 32
	side, i := sq/8, sq%8
	x0, y0, L := boardX, boardY, boardSize
	if i == 0 {
		switch side {
		case 0:
			return scenes.Rect{X: x0, Y: y0, W: cornerW, H: cornerW}
		case 1:
			return scenes.Rect{X: x0 + L - cornerW, Y: y0, W: cornerW, H: cornerW}
		case 2:
			return scenes.Rect{X: x0 + L - cornerW, Y: y0 + L - cornerW, W: cornerW, H: cornerW}
		default:
			return scenes.Rect{X: x0, Y: y0 + L - cornerW, W: cornerW, H: cornerW}
		}
	}
	k := float64(i - 1)
	switch side {
	case 0: // top, left to right
		return scenes.Rect{X: x0 + cornerW + k*sideW, Y: y0, W: sideW, H: cornerW}
	case 1: // right, top to bottom
		return scenes.Rect{X: x0 + L - cornerW, Y: y0 + cornerW + k*sideW, W: cornerW, H: sideW}
	case 2: // bottom, right to left
		return scenes.Rect{X: x0 + L - cornerW - (k+1)*sideW, Y: y0 + L - cornerW, W: sideW, H: cornerW}
	default: // left, bottom to top
		return scenes.Rect{X: x0, Y: y0 + L - cornerW - (k+1)*sideW, W: cornerW, H: sideW}
	}
}

// squareCentre is where a token on sq stands.
func squareCentre(sq int) (float64, float64) {
	return squareRect(sq).Center()
}

// zoneAngle is the angle (radians, screen coordinates) of the middle of zone position z
// on the rule circle; Fortune is at the top and the zones follow clockwise. z may be
// fractional (a marker sliding between zones).
func zoneAngle(z float64) float64 {
	return -math.Pi/2 + z*2*math.Pi/nic.NumZones
}

// markerSlot is where colour c's marker sits inside zone position z.
func markerSlot(c nic.Colour, z float64) (float64, float64) {
	a := zoneAngle(z) + (float64(c%2)-0.5)*0.42
	r := circleR * 0.42
	if c >= 2 {
		a = zoneAngle(z) + (float64(c%2)-0.5)*0.3
		r = circleR * 0.585
	}
	return circleCX + r*math.Cos(a), circleCY + r*math.Sin(a)
}

// zoneAt is the zone of the rule circle under (x, y), or -1.
func zoneAt(x, y float64) int {
	dx, dy := x-circleCX, y-circleCY
	d := math.Hypot(dx, dy)
	if d > circleR || d < circleR*0.28 {
		return -1
	}
	a := math.Atan2(dy, dx) + math.Pi/2 + math.Pi/nic.NumZones
	for a < 0 {
		a += 2 * math.Pi
	}
	return int(a/(2*math.Pi/nic.NumZones)) % nic.NumZones
}

// sectorPath is the outline of zone z's sector between radii r0 and r1.
func sectorPath(z int, r0, r1 float64) *vector.Path {
	a0 := zoneAngle(float64(z) - 0.5)
	a1 := zoneAngle(float64(z) + 0.5)
	var p vector.Path
	p.Arc(float32(circleCX), float32(circleCY), float32(r1), float32(a0), float32(a1), vector.Clockwise)
	p.Arc(float32(circleCX), float32(circleCY), float32(r0), float32(a1), float32(a0), vector.CounterClockwise)
	p.Close()
	return &p
}

// zoneValue is a zone's rule as printed: "+6", "−1", "0".
func zoneValue(z nic.Zone) string {
	s := z.Steps()
	switch {
	case s > 0:
		return "+" + itoa(s)
	case s < 0:
		return "−" + itoa(-s)
	}
	return "0"
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// sprites caches the board, card faces, tokens and markers as images (drawn once with
// the vector code below, then blitted every frame).
var sprites table.Sprites

// drawBoard prints the board: the wooden edge, the 32 squares with their colours,
// symbols and numbers, the four homes with their inlays and emblems, and the rule
// circle's six zones (names and values). The printed board is cached as one image;
// hoverZone and zoneGlow light zones on top. Markers and tokens are drawn by the scene.
func drawBoard(p scenes.Painter, tr func(string) string, lang string, hoverZone int, zoneGlow [nic.NumZones]float64) {
	const size = boardX + boardSize + 20
	img := sprites.Image("board/"+lang, size, size, p.S, func(q scenes.Painter) { drawBoardStatic(q, tr) })
	p.Image(img, 0, 0, size, size, 1)
	for z := 0; z < nic.NumZones; z++ {
		g := zoneGlow[z]
		if z == hoverZone {
			g = math.Max(g, 0.6)
		}
		if g > 0.01 {
			p.FillPath(sectorPath(z, circleR*0.3, circleR), scenes.Fade(scenes.GoldLight, 0.55*g))
			p.StrokePath(sectorPath(z, circleR*0.3, circleR), 2, scenes.Fade(scenes.Crimson, g))
		}
	}
}

func drawBoardStatic(p scenes.Painter, tr func(string) string) {
	// The board's body: a walnut edge and a parchment field.
	p.RoundRect(boardX-10+3, boardY-10+5, boardSize+20, boardSize+20, 14, table.Fade(table.Shadow, 1.3))
	p.RoundRect(boardX-10, boardY-10, boardSize+20, boardSize+20, 14, color.RGBA{0x5a, 0x36, 0x1e, 0xff})
	p.StrokeRoundRect(boardX-6, boardY-6, boardSize+12, boardSize+12, 11, 1.5, scenes.Gold)
	p.Rect(boardX, boardY, boardSize, boardSize, scenes.Mix(scenes.Parchment, table.Ivory, 0.3))
	for sq := 0; sq < 32; sq++ {
		drawSquare(p, sq, tr)
	}
	p.StrokeRect(boardX+cornerW, boardY+cornerW, boardSize-2*cornerW, boardSize-2*cornerW, 2, scenes.GoldDeep)
	drawCircle(p, tr)
}

func drawSquare(p scenes.Painter, sq int, tr func(string) string) {
	r := squareRect(sq)
	c := nic.SquareColour(sq)
	ink := colourInk[c]
	p.Rect(r.X, r.Y, r.W, r.H, ink)
	p.StrokeRect(r.X+3, r.Y+3, r.W-6, r.H-6, 1.2, scenes.Fade(table.Ivory, 0.55))
	p.StrokeRect(r.X, r.Y, r.W, r.H, 1.2, scenes.Ink)
	cx, cy := r.Center()
	if sq%8 == 0 {
		f := sq / 8
		// The home: a circular inlay with the family's emblem, its colour's symbol and name.
		cy -= 5
		p.Circle(cx, cy, 33, scenes.Gold)
		p.Circle(cx, cy, 30.5, table.Ivory)
		p.StrokeCircle(cx, cy, 27, 1.5, scenes.Fade(familyInk[f], 0.6))
		drawTokenIcon(p, f, cx, cy, 17, scenes.Fade(familyInk[f], 0.45))
		drawSymbol(p, c, r.X+12, r.Y+12, 6, table.Ivory)
		p.Text(nic.FamilyNames[f], scenes.Font{Style: "smallcaps", Size: 12}, cx, r.Y+r.H-17, scenes.Center, table.Ivory)
		p.Text(itoa(sq), scenes.Font{Style: "bold", Size: 11}, r.X+r.W-6, r.Y+4, scenes.Right, scenes.Fade(table.Ivory, 0.9))
		return
	}
	// The colour's symbol, large enough to read without the colour.
	sx, sy := cx, cy
	inward := 0.0
	switch sq / 8 {
	case 0:
		sy, inward = cy-8, 1
	case 1:
		sx = cx + 8
	case 2:
		sy = cy + 8
	default:
		sx = cx - 8
	}
	_ = inward
	drawSymbol(p, c, sx, sy, 11, scenes.Fade(table.Ivory, 0.9))
	// The square's number, toward the inside of the board.
	nx, ny := cx, cy
	switch sq / 8 {
	case 0:
		ny = r.Y + r.H - 19
	case 1:
		nx = r.X + 14
		ny = cy - 7
	case 2:
		ny = r.Y + 5
	default:
		nx = r.X + r.W - 14
		ny = cy - 7
	}
	p.Text(itoa(sq), scenes.Font{Style: "bold", Size: 12}, nx, ny, scenes.Center, scenes.Fade(table.Ivory, 0.85))
}

// drawCircle prints the rule circle with its six zones in ring order.
func drawCircle(p scenes.Painter, tr func(string) string) {
	p.Circle(circleCX+3, circleCY+5, circleR+8, table.Fade(table.Shadow, 1))
	p.Circle(circleCX, circleCY, circleR+8, scenes.GoldDeep)
	p.Circle(circleCX, circleCY, circleR+5, scenes.Gold)
	for z := 0; z < nic.NumZones; z++ {
		fill := scenes.Mix(scenes.Parchment, table.Ivory, 0.6)
		if z%2 == 1 {
			fill = scenes.Mix(scenes.Parchment, scenes.ParchmentDark, 0.5)
		}
		if nic.Zone(z).Steps() < 0 {
			fill = scenes.Mix(fill, scenes.Crimson, 0.08)
		}
		p.FillPath(sectorPath(z, circleR*0.3, circleR), fill)
		p.StrokePath(sectorPath(z, circleR*0.3, circleR), 1.2, scenes.GoldDeep)
		// Name and value near the rim.
		a := zoneAngle(float64(z))
		tx, ty := circleCX+circleR*0.84*math.Cos(a), circleCY+circleR*0.84*math.Sin(a)
		name := tr("niccolo.zone." + nic.Zone(z).String())
		f := scenes.Font{Style: "smallcaps", Size: 14}
		if f.Width(name) > 84 {
			f.Size = 12
		}
		p.TextMiddle(name, f, tx, ty-8, scenes.Center, scenes.Ink)
		vc := scenes.Ink
		switch s := nic.Zone(z).Steps(); {
		case s > 0:
			vc = colourInk[nic.Green]
		case s < 0:
			vc = scenes.Crimson
		}
		p.TextMiddle(zoneValue(nic.Zone(z)), scenes.Font{Style: "bold", Size: 17}, tx, ty+9, scenes.Center, vc)
	}
	// The medallion in the middle.
	p.Circle(circleCX, circleCY, circleR*0.3, scenes.CrimsonDeep)
	p.StrokeCircle(circleCX, circleCY, circleR*0.3-4, 1.5, scenes.GoldLight)
	scenes.DrawLily(p, circleCX, circleCY, 40, scenes.GoldLight)
}

// drawSymbol draws colour c's symbol (red lozenge, green triangle, blue disc, yellow
// star) of radius r: the shape tells the colour to a player who cannot see it.
func drawSymbol(p scenes.Painter, c nic.Colour, cx, cy, r float64, fill color.RGBA) {
	var path vector.Path
	switch c {
	case nic.Red:
		path.MoveTo(float32(cx), float32(cy-r*1.15))
		path.LineTo(float32(cx+r*0.8), float32(cy))
		path.LineTo(float32(cx), float32(cy+r*1.15))
		path.LineTo(float32(cx-r*0.8), float32(cy))
	case nic.Green:
		path.MoveTo(float32(cx), float32(cy-r))
		path.LineTo(float32(cx+r), float32(cy+r*0.8))
		path.LineTo(float32(cx-r), float32(cy+r*0.8))
	case nic.Blue:
		p.Circle(cx, cy, r*0.85, fill)
		return
	default:
		for i := 0; i < 10; i++ {
			rr := r * 1.1
			if i%2 == 1 {
				rr = r * 0.45
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			x, y := float32(cx+rr*math.Cos(a)), float32(cy+rr*math.Sin(a))
			if i == 0 {
				path.MoveTo(x, y)
			} else {
				path.LineTo(x, y)
			}
		}
	}
	path.Close()
	p.FillPath(&path, fill)
}
