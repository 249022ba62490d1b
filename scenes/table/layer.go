package table

import (
	"github.com/hajimehoshi/ebiten/v2"

	"principe/scenes"
)

// Layer is a table's cached picture of what changes rarely (the board or the Cities at
// rest, panels, the log): an offscreen image of the screen's size, redrawn only when the
// signature of what it shows changes. What moves from frame to frame is drawn live over it.
type Layer struct {
	img   *ebiten.Image
	sig   string
	draws int
}

// Draw draws the layer on dst, first redrawing it with draw when sig is not the signature
// it was last drawn for (or dst changed size). p is dst's painter (its scale is kept).
func (l *Layer) Draw(p scenes.Painter, sig string, draw func(p scenes.Painter)) {
	b := p.Dst.Bounds()
	if l.img == nil || l.img.Bounds() != b {
		l.Dispose()
		// Its own texture of the screen's size: on the shared atlas it would take a page of
		// the next powers of two (2048×1024 for 1280×720).
		l.img = ebiten.NewImageWithOptions(b, &ebiten.NewImageOptions{Unmanaged: true})
	}
	if sig != l.sig {
		l.sig = sig
		l.img.Clear()
		draw(scenes.Painter{Dst: l.img, S: p.S})
		l.draws++
	}
	p.Dst.DrawImage(l.img, nil)
}

// Draws is how many times the layer was redrawn (the frame benchmarks and tests read it).
func (l *Layer) Draws() int { return l.draws }

// Dispose frees the image (a replay dropping a table for another calls it); the next Draw
// makes a new one.
func (l *Layer) Dispose() {
	if l.img != nil {
		l.img.Deallocate()
		l.img = nil
	}
	l.sig = ""
}
