package scenes

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// Rounded rectangles are convex, so they are drawn as plain triangles (one batched draw with
// everything else drawn from the same white image), not as vector paths: a path is filled
// through a stencil image sized to every path queued before it, which on software GL costs
// megabytes of texture and vertex memory for a panel's frame.

var (
	whiteImage    = ebiten.NewImage(3, 3)
	whiteSubImage = whiteImage.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
)

func init() { whiteImage.Fill(color.White) }

// cornerSegments is how many straight segments draw a quarter circle of radius r device
// pixels with an error under a quarter of a pixel.
func cornerSegments(r float64) int {
	if r <= 0.5 {
		return 1
	}
	step := 2 * math.Acos(1-0.25/r)
	return max(1, min(64, int(math.Ceil(math.Pi/2/step))))
}

// roundRectOutline appends to pts the outline of a rounded rectangle in device pixels,
// n+1 points per corner, clockwise from the top-left corner's start.
func roundRectOutline(pts []float32, x, y, w, h, r float64, n int) []float32 {
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	corners := [4][3]float64{
		{x + r, y + r, math.Pi},           // top-left, from 180°
		{x + w - r, y + r, 1.5 * math.Pi}, // top-right
		{x + w - r, y + h - r, 0},         // bottom-right
		{x + r, y + h - r, 0.5 * math.Pi}, // bottom-left
	}
	for _, c := range corners {
		for i := 0; i <= n; i++ {
			a := c[2] + float64(i)*math.Pi/2/float64(n)
			s, co := math.Sincos(a)
			pts = append(pts, float32(c[0]+r*co), float32(c[1]+r*s))
		}
	}
	return pts
}

// vertexBuf is reused by triangles (DrawTriangles32 copies what it is given), so drawing a
// shape leaves no garbage behind.
var vertexBuf struct {
	sync.Mutex
	vs []ebiten.Vertex
}

// triangles draws vertices (x, y pairs in device pixels) with indices in one colour.
func (p Painter) triangles(pts []float32, idx []uint32, c color.Color) {
	cr, cg, cb, ca := c.RGBA()
	vertexBuf.Lock()
	defer vertexBuf.Unlock()
	vs := vertexBuf.vs[:0]
	for i := 0; i+1 < len(pts); i += 2 {
		vs = append(vs, ebiten.Vertex{DstX: pts[i], DstY: pts[i+1], SrcX: 1, SrcY: 1,
			ColorR: float32(cr) / 0xffff, ColorG: float32(cg) / 0xffff, ColorB: float32(cb) / 0xffff, ColorA: float32(ca) / 0xffff})
	}
	vertexBuf.vs = vs
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	p.Dst.DrawTriangles32(vs, idx, whiteSubImage, op)
}

// fillRoundRect fills a rounded rectangle with triangles (a fan over its convex outline).
func (p Painter) fillRoundRect(x, y, w, h, r float64, c color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	n := cornerSegments(r * p.S)
	pts := roundRectOutline(make([]float32, 0, 8*(n+1)+2), float64(p.X(x)), float64(p.Y(y)), w*p.S, h*p.S, r*p.S, n)
	k := uint32(len(pts) / 2)
	idx := make([]uint32, 0, 3*k)
	for i := uint32(1); i+1 < k; i++ {
		idx = append(idx, 0, i, i+1)
	}
	p.triangles(pts, idx, c)
}

// strokeRoundRect outlines a rounded rectangle with a band of width lw centred on its edge,
// with round outer corners (as a path stroked with round joins would be).
func (p Painter) strokeRoundRect(x, y, w, h, r, lw float64, c color.Color) {
	if lw <= 0 || w < 0 || h < 0 {
		return
	}
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	if lw >= w || lw >= h {
		p.fillRoundRect(x-lw/2, y-lw/2, w+lw, h+lw, r+lw/2, c)
		return
	}
	n := cornerSegments((r + lw/2) * p.S)
	s := p.S
	ox, oy := float64(p.X(x)), float64(p.Y(y))
	outer := roundRectOutline(make([]float32, 0, 8*(n+1)), ox-lw/2*s, oy-lw/2*s, (w+lw)*s, (h+lw)*s, (r+lw/2)*s, n)
	inner := roundRectOutline(make([]float32, 0, 8*(n+1)), ox+lw/2*s, oy+lw/2*s, (w-lw)*s, (h-lw)*s, math.Max(0, r-lw/2)*s, n)
	k := uint32(len(outer) / 2)
	pts := append(outer, inner...)
	idx := make([]uint32, 0, 6*k)
	for i := uint32(0); i < k; i++ {
		j := (i + 1) % k
		idx = append(idx, i, j, k+i, j, k+j, k+i)
	}
	p.triangles(pts, idx, c)
}
