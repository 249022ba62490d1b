package scenes

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestRoundRectsMatchPaths draws rounded rectangles, filled and outlined, at two scales both
// ways — as triangles (what Painter does) and as vector paths (what it did) — and expects
// the same pixels but for a few on the curved edges.
func TestRoundRectsMatchPaths(t *testing.T) {
	type shape struct{ x, y, w, h, r, lw float64 }
	shapes := []shape{
		{10, 10, 120, 60, 12, 0}, {150, 12, 40, 100, 30, 0}, {20, 90, 100, 50, 0, 0},
		{12, 160, 150, 70, 10, 2}, {180, 150, 60, 60, 8, 6}, {30, 250, 170, 30, 14, 1.5},
	}
	draw := func(p Painter, paths bool) {
		for _, s := range shapes {
			switch {
			case paths && s.lw == 0:
				p.FillPath(RoundRectPath(s.x, s.y, s.w, s.h, s.r), color.RGBA{0x9b, 0x1b, 0x24, 0xff})
			case paths:
				p.StrokePath(RoundRectPath(s.x, s.y, s.w, s.h, s.r), s.lw, color.RGBA{0x9b, 0x1b, 0x24, 0xff})
			case s.lw == 0:
				p.RoundRect(s.x, s.y, s.w, s.h, s.r, color.RGBA{0x9b, 0x1b, 0x24, 0xff})
			default:
				p.StrokeRoundRect(s.x, s.y, s.w, s.h, s.r, s.lw, color.RGBA{0x9b, 0x1b, 0x24, 0xff})
			}
		}
	}
	for _, scale := range []float64{1, 1.5} {
		w, h := int(260*scale), int(300*scale)
		pixels := func(paths bool) *image.RGBA {
			img := ebiten.NewImage(w, h)
			defer img.Deallocate()
			draw(Painter{Dst: img, S: scale}, paths)
			pix := image.NewRGBA(image.Rect(0, 0, w, h))
			img.ReadPixels(pix.Pix)
			return pix
		}
		tri, path := pixels(false), pixels(true)
		filled, differ := 0, 0
		for i := 3; i < len(tri.Pix); i += 4 {
			if tri.Pix[i] > 0 || path.Pix[i] > 0 {
				filled++
			}
			if tri.Pix[i] != path.Pix[i] {
				differ++
			}
		}
		if float64(filled) < 10000*scale*scale {
			t.Fatalf("scale %v: only %d pixels drawn", scale, filled)
		}
		if differ*100 > filled {
			t.Errorf("scale %v: %d of %d pixels differ between triangles and paths", scale, differ, filled)
		}
	}
}
