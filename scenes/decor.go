package scenes

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"principe/game"
)

var (
	parchmentOnce  sync.Once
	parchmentStart sync.Once
	parchmentCPU   = make(chan *image.RGBA, 1)
	parchmentImg   *ebiten.Image
)

// prepareParchment starts painting the parchment texture on another goroutine, so that it is ready by the
// time the window shows its first frame. Scene constructors call it; calling it again does nothing.
func prepareParchment() {
	parchmentStart.Do(func() {
		go func() { parchmentCPU <- parchmentTexture() }()
	})
}

// parchmentTexture paints the 1280×720 parchment once: a warm base with soft blotches, faint fibres and a
// darker, browner rim. It is made from a fixed seed, so every run (and every screenshot) looks the same.
func parchmentTexture() *image.RGBA {
	const w, h = game.LogicalWidth, game.LogicalHeight
	rng := rand.New(rand.NewPCG(1469, 1527))
	img := image.NewRGBA(image.Rect(0, 0, w, h))

	type grid struct {
		cell int
		v    [][]float64
	}
	mk := func(cell int) grid {
		g := grid{cell: cell}
		for range h/cell + 2 {
			row := make([]float64, w/cell+2)
			for i := range row {
				row[i] = rng.Float64()*2 - 1
			}
			g.v = append(g.v, row)
		}
		return g
	}
	smooth := func(t float64) float64 { return t * t * (3 - 2*t) }
	sample := func(g grid, x, y int) float64 {
		gx, gy := x/g.cell, y/g.cell
		fx := smooth(float64(x%g.cell) / float64(g.cell))
		fy := smooth(float64(y%g.cell) / float64(g.cell))
		a := g.v[gy][gx]*(1-fx) + g.v[gy][gx+1]*fx
		b := g.v[gy+1][gx]*(1-fx) + g.v[gy+1][gx+1]*fx
		return a*(1-fy) + b*fy
	}
	big, mid, small := mk(160), mk(40), mk(8)
	rim := color.RGBA{0xa8, 0x7f, 0x4c, 0xff}
	for y := range h {
		for x := range w {
			n := 0.55*sample(big, x, y) + 0.3*sample(mid, x, y) + 0.15*sample(small, x, y)
			c := Mix(Parchment, ParchmentDark, 0.35+0.45*n)
			// Vignette: distance from the centre in units of the half-diagonal, stretched to the frame.
			dx := (float64(x) - w/2) / (w / 2)
			dy := (float64(y) - h/2) / (h / 2)
			d := math.Sqrt(dx*dx*0.8 + dy*dy*0.9)
			v := math.Max(0, math.Min(1, (d-0.55)/0.75))
			c = Mix(c, rim, v*v*0.85)
			grain := (rng.Float64() - 0.5) * 6
			img.Pix[img.PixOffset(x, y)+0] = clamp8(float64(c.R) + grain)
			img.Pix[img.PixOffset(x, y)+1] = clamp8(float64(c.G) + grain)
			img.Pix[img.PixOffset(x, y)+2] = clamp8(float64(c.B) + grain*0.8)
			img.Pix[img.PixOffset(x, y)+3] = 0xff
		}
	}
	// Fibres: short, faint, slightly curved strokes.
	for range 900 {
		x, y := rng.Float64()*w, rng.Float64()*h
		ang := rng.Float64() * math.Pi
		length := 6 + rng.Float64()*22
		dark := rng.IntN(2) == 0
		for s := 0.0; s < length; s += 0.7 {
			px := int(x + math.Cos(ang)*s)
			py := int(y + math.Sin(ang)*s + math.Sin(s/6)*1.2)
			if px < 0 || py < 0 || px >= w || py >= h {
				continue
			}
			o := img.PixOffset(px, py)
			for k := range 3 {
				v := float64(img.Pix[o+k])
				if dark {
					v *= 0.965
				} else {
					v = v + (255-v)*0.12
				}
				img.Pix[o+k] = clamp8(v)
			}
		}
	}
	return img
}

func clamp8(v float64) uint8 {
	return uint8(math.Max(0, math.Min(255, math.Round(v))))
}

// DrawParchment fills the screen with the parchment background.
func DrawParchment(p Painter) {
	parchmentOnce.Do(func() {
		prepareParchment()
		// Its own texture of exactly 1280×720: on the shared atlas it would take a 2048×1024 page.
		parchmentImg = ebiten.NewImageFromImageWithOptions(<-parchmentCPU, &ebiten.NewImageFromImageOptions{Unmanaged: true})
	})
	p.Image(parchmentImg, 0, 0, game.LogicalWidth, game.LogicalHeight, 1)
}

var medallion, sideLozenge Sprite

// DrawBackdrop draws the parchment and the frame: what every scene starts with.
func DrawBackdrop(p Painter) {
	DrawParchment(p)
	DrawFrame(p)
}

// DrawFrame draws the crimson and gold border with a lily medallion in each corner.
func DrawFrame(p Painter) {
	const w, h = game.LogicalWidth, game.LogicalHeight
	const e = 24.0 // the crimson band's distance from the edge
	p.StrokeRect(6, 6, w-12, h-12, 1.5, Fade(GoldDeep, 0.6))
	p.StrokeRect(e, e, w-2*e, h-2*e, 9, CrimsonDeep)
	p.StrokeRect(e, e, w-2*e, h-2*e, 6, Crimson)
	p.StrokeRect(e, e, w-2*e, h-2*e, 1, Fade(GoldLight, 0.8))
	p.StrokeRect(e+11, e+11, w-2*e-22, h-2*e-22, 2, Gold)
	p.StrokeRect(e+16, e+16, w-2*e-32, h-2*e-32, 0.8, GoldDeep)
	corner := Rect{e - 24, e - 24, 48, 48}
	for _, c := range [][2]float64{{0, 0}, {w - 2*e, 0}, {0, h - 2*e}, {w - 2*e, h - 2*e}} {
		medallion.Draw(p, corner, "medallion", 1, c[0], c[1], func(q Painter) {
			q.Circle(e, e, 22, CrimsonDeep)
			q.Circle(e, e, 19, Crimson)
			q.StrokeCircle(e, e, 15, 1.5, GoldLight)
			DrawLily(q, e, e+1, 22, GoldLight)
		})
	}
	mid := Rect{w/2 - 10, e - 10, 20, 20}
	for _, m := range [][2]float64{{0, 0}, {0, h - 2*e}, {e - w/2, h/2 - e}, {w/2 - e, h/2 - e}} {
		sideLozenge.Draw(p, mid, "lozenge", 1, m[0], m[1], func(q Painter) {
			DrawLozenge(q, w/2, e, 9, GoldLight, CrimsonDeep)
		})
	}
}

// FullScreen is the whole logical screen.
var FullScreen = Rect{0, 0, game.LogicalWidth, game.LogicalHeight}

// DrawLozenge draws a small diamond with an outline.
func DrawLozenge(p Painter, cx, cy, r float64, fill, edge color.Color) {
	var path vector.Path
	path.MoveTo(f32(cx), f32(cy-r))
	path.LineTo(f32(cx+r), f32(cy))
	path.LineTo(f32(cx), f32(cy+r))
	path.LineTo(f32(cx-r), f32(cy))
	path.Close()
	p.FillPath(&path, edge)
	var inner vector.Path
	k := r * 0.62
	inner.MoveTo(f32(cx), f32(cy-k))
	inner.LineTo(f32(cx+k), f32(cy))
	inner.LineTo(f32(cx), f32(cy+k))
	inner.LineTo(f32(cx-k), f32(cy))
	inner.Close()
	p.FillPath(&inner, fill)
}

// lilyPath is the Florentine giglio in a box about 100 units high centred on (0, 0).
func lilyPath() *vector.Path {
	var p vector.Path
	// Central petal.
	p.MoveTo(-7, 2)
	p.CubicTo(-15, -18, -7, -40, 0, -52)
	p.CubicTo(7, -40, 15, -18, 7, 2)
	p.Close()
	// Side petals, curling outward and down.
	for _, s := range []float32{1, -1} {
		p.MoveTo(5*s, 4)
		p.CubicTo(14*s, -26, 40*s, -40, 46*s, -16)
		p.CubicTo(49*s, -3, 38*s, 3, 33*s, -5)
		p.CubicTo(38*s, -10, 36*s, -20, 28*s, -17)
		p.CubicTo(20*s, -13, 15*s, -4, 12*s, 4)
		p.Close()
		// Stamen: a stalk ending in a bud.
		p.MoveTo(9*s, -2)
		p.LineTo(17*s, -34)
		p.LineTo(19*s, -33)
		p.LineTo(12*s, -2)
		p.Close()
		p.MoveTo(18*s, -44)
		p.CubicTo(23*s, -40, 22*s, -34, 18*s, -32)
		p.CubicTo(14*s, -34, 13*s, -40, 18*s, -44)
		p.Close()
		// Lower petals under the band.
		p.MoveTo(3*s, 11)
		p.CubicTo(12*s, 10, 26*s, 16, 24*s, 32)
		p.CubicTo(18*s, 24, 10*s, 20, 3*s, 21)
		p.Close()
	}
	// The band and the foot.
	p.MoveTo(-22, 2)
	p.LineTo(22, 2)
	p.LineTo(22, 11)
	p.LineTo(-22, 11)
	p.Close()
	p.MoveTo(-4, 11)
	p.LineTo(4, 11)
	p.LineTo(2, 30)
	p.LineTo(-2, 30)
	p.Close()
	return &p
}

var lily = lilyPath()

// DrawLily draws the Florentine lily (giglio) size logical pixels high, centred on (cx, cy).
func DrawLily(p Painter, cx, cy, size float64, c color.Color) {
	var g ebiten.GeoM
	k := size / 84
	g.Scale(k, k)
	g.Translate(cx, cy+size*0.12)
	var path vector.Path
	path.AddPath(lily, &vector.AddPathOptions{GeoM: g})
	p.FillPath(&path, c)
}

// DrawDivider draws a horizontal rule of width w centred on (cx, y) with a lozenge and two dots in the middle.
func DrawDivider(p Painter, cx, y, w float64, c color.RGBA) {
	p.Line(cx-w/2, y, cx-18, y, 1.5, c)
	p.Line(cx+18, y, cx+w/2, y, 1.5, c)
	p.Circle(cx-w/2, y, 2.5, c)
	p.Circle(cx+w/2, y, 2.5, c)
	DrawLozenge(p, cx, y, 8, GoldLight, c)
}

// transformed returns path moved by a GeoM.
func transformed(path *vector.Path, g ebiten.GeoM) *vector.Path {
	var out vector.Path
	out.AddPath(path, &vector.AddPathOptions{GeoM: g})
	return &out
}

// DrawEmblem draws a game's small emblem (about 56 logical pixels) centred on (cx, cy); dim fades it for a
// game that is not playable yet.
func DrawEmblem(p Painter, id string, cx, cy float64, dim bool) {
	a := 1.0
	if dim {
		a = 0.55
	}
	gold, crimson, ink := Fade(Gold, a), Fade(Crimson, a), Fade(Ink, a)
	p.Circle(cx, cy, 30, Fade(ParchmentDark, a*0.7))
	p.StrokeCircle(cx, cy, 30, 2, gold)
	switch id {
	case "niccolo":
		// The track of four colours and a token.
		cols := []color.RGBA{{0x3c, 0x7a, 0x3c, 0xff}, {0x2f, 0x55, 0x9a, 0xff}, {0xd1, 0xa1, 0x1e, 0xff}, {0xa8, 0x22, 0x2a, 0xff}}
		for i := range 16 {
			ang := float64(i)/16*2*math.Pi - math.Pi/2
			p.Circle(cx+math.Cos(ang)*20, cy+math.Sin(ang)*20, 3.6, Fade(cols[i%4], a))
		}
		p.Circle(cx, cy, 8, ink)
		p.Circle(cx, cy-2, 5, gold)
	case "machiavelli":
		card := RoundRectPath(-11, -16, 22, 32, 3)
		for i, rot := range []float64{-0.35, 0, 0.35} {
			var g ebiten.GeoM
			g.Translate(0, -6)
			g.Rotate(rot)
			g.Translate(cx, cy+8)
			path := transformed(card, g)
			p.FillPath(path, Fade(Parchment, a))
			p.StrokePath(path, 1.4, ink)
			if i == 2 {
				p.Circle(cx+7, cy-2, 3.5, crimson)
			}
		}
	case "intrigo":
		// A palace: pediment, columns, steps.
		var roof vector.Path
		roof.MoveTo(f32(cx-20), f32(cy-8))
		roof.LineTo(f32(cx), f32(cy-20))
		roof.LineTo(f32(cx+20), f32(cy-8))
		roof.Close()
		p.FillPath(&roof, crimson)
		for i := range 4 {
			x := cx - 15 + float64(i)*10
			p.Rect(x-2.5, cy-6, 5, 18, ink)
		}
		p.Rect(cx-22, cy+12, 44, 4, gold)
		p.Rect(cx-18, cy-9, 36, 3, ink)
	case "makiavelia":
		// A gold coin under a crown.
		p.Circle(cx, cy+5, 14, gold)
		p.StrokeCircle(cx, cy+5, 10, 1.4, Fade(GoldDeep, a))
		var crown vector.Path
		crown.MoveTo(f32(cx-13), f32(cy-8))
		crown.LineTo(f32(cx-13), f32(cy-20))
		crown.LineTo(f32(cx-6), f32(cy-13))
		crown.LineTo(f32(cx), f32(cy-22))
		crown.LineTo(f32(cx+6), f32(cy-13))
		crown.LineTo(f32(cx+13), f32(cy-20))
		crown.LineTo(f32(cx+13), f32(cy-8))
		crown.Close()
		p.FillPath(&crown, crimson)
	}
}
