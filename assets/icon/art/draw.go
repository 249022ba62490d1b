package art

import (
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/vector"
)

// The icon is designed on a 1024×1024 grid; Draw scales it to the size asked for.
const grid = 1024

// Palette of the crest: parchment plate, umber rim, gold border and lily, crimson field.
var (
	parchmentLight = color.RGBA{0xf7, 0xec, 0xcf, 0xff}
	parchmentEdge  = color.RGBA{0xe0, 0xc8, 0x92, 0xff}
	umber          = color.RGBA{0x5e, 0x3b, 0x1c, 0xff}
	goldLight      = color.RGBA{0xf6, 0xd8, 0x80, 0xff}
	goldDeep       = color.RGBA{0xc2, 0x8c, 0x2a, 0xff}
	goldShade      = color.RGBA{0x7a, 0x52, 0x10, 0xff}
	crimsonLight   = color.RGBA{0xb8, 0x22, 0x33, 0xff}
	crimsonDeep    = color.RGBA{0x6a, 0x0c, 0x18, 0xff}
	shadow         = color.RGBA{0x2a, 0x12, 0x06, 0x60} // premultiplied: a soft brown shadow
	lilyShadow     = color.RGBA{0x30, 0x04, 0x0a, 0x90}
)

// Draw renders the Principe icon — a crimson shield with a gold border bearing the golden Florentine
// lily (giglio), on a rounded parchment plate — as a size×size image with a transparent background.
func Draw(size int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	p := newPen(size)
	small := size <= 32 // fine details (stamens, thin rims) vanish below this; bolder shapes instead

	// The parchment plate with its umber rim.
	margin := float32(56)
	if small {
		margin = 8
	}
	p.roundedRect(margin, margin, grid-margin, grid-margin, 200-margin)
	p.fill(img, image.NewUniform(umber))
	rim := float32(22)
	if small {
		rim = 40
	}
	p.roundedRect(margin+rim, margin+rim, grid-margin-rim, grid-margin-rim, 200-margin-rim)
	p.fill(img, radial{cx: 0.5 * float32(size), cy: 0.42 * float32(size), r: 0.75 * float32(size), inner: parchmentLight, outer: parchmentEdge})

	// The shield: a soft shadow, a dark outline, the gold border, the crimson field.
	field := shieldShape{left: 236, right: 788, top: 196, shoulder: 540, tip: 900}
	if small {
		field = shieldShape{left: 150, right: 874, top: 130, shoulder: 560, tip: 960}
	}
	p.offset(0, 18)
	field.trace(p, 0)
	p.fill(img, image.NewUniform(shadow))
	p.offset(0, 0)
	field.trace(p, 0)
	p.fill(img, image.NewUniform(goldShade))
	border := float32(14)
	if small {
		border = 30
	}
	field.trace(p, border)
	p.fill(img, vertical{y0: p.y(field.top), y1: p.y(field.tip), top: goldLight, bottom: goldDeep})
	inner := float32(52)
	if small {
		inner = 92
	}
	field.trace(p, inner)
	p.fill(img, vertical{y0: p.y(field.top), y1: p.y(field.tip), top: crimsonLight, bottom: crimsonDeep})

	// The lily, with a dark drop shadow so it reads on the crimson at every size.
	lily := lilyShape{cx: 512, cy: 610, scale: 0.86, stamens: !small}
	if small {
		lily = lilyShape{cx: 512, cy: 600, scale: 1.12}
	}
	p.offset(7, 10)
	lily.trace(p)
	p.paint(img, image.NewUniform(lilyShadow))
	p.offset(0, 0)
	lily.trace(p)
	p.paint(img, vertical{y0: p.y(280), y1: p.y(780), top: goldLight, bottom: goldDeep})
	return img
}

// pen traces paths in grid units onto a rasterizer of the output size.
type pen struct {
	z      *vector.Rasterizer
	size   int
	k      float32      // pixels per grid unit
	dx, dy float32      // offset in grid units, for shadows
	m      *image.Alpha // shapes gathered by mask, painted by paint
}

func newPen(size int) *pen {
	return &pen{z: vector.NewRasterizer(size, size), size: size, k: float32(size) / grid}
}

func (p *pen) offset(dx, dy float32) { p.dx, p.dy = dx, dy }
func (p *pen) x(u float32) float32   { return (u + p.dx) * p.k }
func (p *pen) y(u float32) float32   { return (u + p.dy) * p.k }

func (p *pen) move(x, y float32) { p.z.MoveTo(p.x(x), p.y(y)) }
func (p *pen) line(x, y float32) { p.z.LineTo(p.x(x), p.y(y)) }
func (p *pen) curve(x1, y1, x2, y2, x, y float32) {
	p.z.CubeTo(p.x(x1), p.y(y1), p.x(x2), p.y(y2), p.x(x), p.y(y))
}
func (p *pen) close() { p.z.ClosePath() }

// fill paints everything traced since the last fill with src, then starts a fresh path.
func (p *pen) fill(dst *image.RGBA, src image.Image) {
	p.z.Draw(dst, dst.Bounds(), src, image.Point{})
	p.z.Reset(p.size, p.size)
}

// mask adds everything traced since the last call to the pen's mask, then starts a fresh path.
// Shapes gathered in the mask are painted together by paint, so where they overlap they neither
// cancel out (as opposite windings in one path would) nor double a translucent colour.
func (p *pen) mask() {
	if p.m == nil {
		p.m = image.NewAlpha(image.Rect(0, 0, p.size, p.size))
	}
	p.z.Draw(p.m, p.m.Bounds(), image.Opaque, image.Point{})
	p.z.Reset(p.size, p.size)
}

// paint paints src through the mask gathered by mask, then clears the mask.
func (p *pen) paint(dst *image.RGBA, src image.Image) {
	draw.DrawMask(dst, dst.Bounds(), src, image.Point{}, p.m, image.Point{}, draw.Over)
	p.m = nil
}

// circle traces a circle of radius r around (cx, cy).
func (p *pen) circle(cx, cy, r float32) {
	const c = 0.5523 // cubic Bézier approximation of a quarter circle
	p.move(cx+r, cy)
	p.curve(cx+r, cy+c*r, cx+c*r, cy+r, cx, cy+r)
	p.curve(cx-c*r, cy+r, cx-r, cy+c*r, cx-r, cy)
	p.curve(cx-r, cy-c*r, cx-c*r, cy-r, cx, cy-r)
	p.curve(cx+c*r, cy-r, cx+r, cy-c*r, cx+r, cy)
	p.close()
}

// roundedRect traces a rectangle with corners of radius r.
func (p *pen) roundedRect(x0, y0, x1, y1, r float32) {
	const c = 0.5523
	p.move(x0+r, y0)
	p.line(x1-r, y0)
	p.curve(x1-r+c*r, y0, x1, y0+r-c*r, x1, y0+r)
	p.line(x1, y1-r)
	p.curve(x1, y1-r+c*r, x1-r+c*r, y1, x1-r, y1)
	p.line(x0+r, y1)
	p.curve(x0+r-c*r, y1, x0, y1-r+c*r, x0, y1-r)
	p.line(x0, y0+r)
	p.curve(x0, y0+r-c*r, x0+r-c*r, y0, x0+r, y0)
	p.close()
}

// shieldShape is a heater shield: a straight top, straight sides down to the shoulder, and curved
// flanks meeting in a point at the tip.
type shieldShape struct{ left, right, top, shoulder, tip float32 }

// trace traces the shield shrunk inwards by d grid units.
func (s shieldShape) trace(p *pen, d float32) {
	l, r, t, tip := s.left+d, s.right-d, s.top+d, s.tip-1.6*d
	mid := (s.left + s.right) / 2
	depth := tip - s.shoulder
	half := r - mid
	p.move(l, t)
	p.line(mid, t+8) // the top dips a little at the centre, like a carved crest
	p.line(r, t)
	p.line(r, s.shoulder)
	p.curve(r, s.shoulder+0.45*depth, mid+0.45*half, tip-0.25*depth, mid, tip)
	p.curve(mid-0.45*half, tip-0.25*depth, l, s.shoulder+0.45*depth, l, s.shoulder)
	p.close()
}

// lilyShape is the Florentine giglio: a tall central petal, two petals curling outwards, the stamens
// rising between them, a band across the middle and two small curls beneath it.
type lilyShape struct {
	cx, cy  float32 // centre line, and where the band's top edge (design y = 575) goes
	scale   float32 // size relative to the design, about the band
	stamens bool    // the thin stamens with their buds (left out at small sizes)
}

// The lily is designed around its band at y = 575 on the grid.
const lilyMiddle = 575

// at maps a point of the right half of the design (dx from the centre line) to the grid, mirrored
// to the left when side is -1.
func (g lilyShape) at(side, dx, y float32) (float32, float32) {
	return g.cx + side*dx*g.scale, g.cy + (y-lilyMiddle)*g.scale
}

func (g lilyShape) trace(p *pen) {
	m := func(side, dx, y float32) { x, y := g.at(side, dx, y); p.move(x, y) }
	l := func(side, dx, y float32) { x, y := g.at(side, dx, y); p.line(x, y) }
	c := func(side, dx1, y1, dx2, y2, dx, y float32) {
		ax, ay := g.at(side, dx1, y1)
		bx, by := g.at(side, dx2, y2)
		x, y := g.at(side, dx, y)
		p.curve(ax, ay, bx, by, x, y)
	}
	// The central petal, a tall pointed almond.
	m(1, 0, 282)
	c(1, 52, 350, 74, 450, 40, 580)
	l(1, -40, 580)
	c(1, -74, 450, -52, 350, 0, 282)
	p.close()
	p.mask()
	for _, side := range []float32{1, -1} {
		// The side petal rises from the band, arches outwards and hangs down to a point.
		m(side, 30, 580)
		c(side, 72, 478, 110, 404, 172, 392)
		c(side, 236, 380, 268, 452, 204, 548)
		c(side, 214, 474, 196, 446, 164, 456)
		c(side, 124, 470, 104, 516, 98, 580)
		p.close()
		p.mask()
	}
	if g.stamens {
		for _, side := range []float32{1, -1} {
			// A stamen: a thin stalk leaning outwards between the petals, ending in a round bud.
			m(side, 36, 570)
			c(side, 52, 460, 78, 390, 106, 336)
			l(side, 122, 342)
			c(side, 96, 396, 72, 462, 58, 570)
			p.close()
			p.mask()
			x, y := g.at(side, 116, 322)
			p.circle(x, y, 24*g.scale)
			p.mask()
		}
	}
	// The band binding the petals.
	m(1, -112, 560)
	l(1, 112, 560)
	c(1, 128, 560, 128, 604, 112, 604)
	l(1, -112, 604)
	c(1, -128, 604, -128, 560, -112, 560)
	p.close()
	p.mask()
	// Beneath the band: a short point and two curls.
	m(1, -26, 590)
	l(1, 26, 590)
	l(1, 0, 690)
	p.close()
	p.mask()
	for _, side := range []float32{1, -1} {
		m(side, 22, 590)
		c(side, 46, 664, 110, 700, 150, 670)
		c(side, 172, 652, 160, 620, 136, 632)
		c(side, 106, 650, 84, 636, 72, 590)
		p.close()
		p.mask()
	}
}

// vertical is a vertical colour gradient from top at y0 to bottom at y1 (pixels).
type vertical struct {
	y0, y1      float32
	top, bottom color.RGBA
}

func (v vertical) ColorModel() color.Model { return color.RGBAModel }
func (v vertical) Bounds() image.Rectangle { return image.Rect(-1e9, -1e9, 1e9, 1e9) }
func (v vertical) At(_, y int) color.Color {
	return mix(v.top, v.bottom, (float32(y)+0.5-v.y0)/(v.y1-v.y0))
}

// radial is a radial colour gradient from inner at (cx, cy) to outer at radius r (pixels).
type radial struct {
	cx, cy, r    float32
	inner, outer color.RGBA
}

func (g radial) ColorModel() color.Model { return color.RGBAModel }
func (g radial) Bounds() image.Rectangle { return image.Rect(-1e9, -1e9, 1e9, 1e9) }
func (g radial) At(x, y int) color.Color {
	dx, dy := float32(x)+0.5-g.cx, float32(y)+0.5-g.cy
	d2 := (dx*dx + dy*dy) / (g.r * g.r)
	return mix(g.inner, g.outer, d2)
}

// mix blends a towards b by t, clamped to [0, 1].
func mix(a, b color.RGBA, t float32) color.RGBA {
	t = min(max(t, 0), 1)
	f := func(x, y uint8) uint8 { return uint8(float32(x) + (float32(y)-float32(x))*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}
