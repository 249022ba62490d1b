package table

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/scenes"
)

// Sprites caches pictures drawn with vector paths (card faces, pieces, a whole board)
// as images, so a frame draws a few images instead of hundreds of paths: software GL
// renders paths slowly. A picture is drawn once per key and screen scale.
type Sprites struct {
	mu     sync.Mutex
	images map[spriteKey]*ebiten.Image
}

type spriteKey struct {
	name  string
	scale float64
}

// Image returns the cached picture for key, w×h logical pixels, drawing it with draw
// (given a Painter whose origin is the picture's top-left corner) the first time. The
// picture is drawn at the screen scale s (at least 1), so it stays sharp.
func (c *Sprites) Image(key string, w, h, s float64, draw func(p scenes.Painter)) *ebiten.Image {
	c.mu.Lock()
	defer c.mu.Unlock()
	s = math.Max(1, s)
	if c.images == nil {
		c.images = map[spriteKey]*ebiten.Image{}
	}
	k := spriteKey{key, s}
	if img, ok := c.images[k]; ok {
		return img
	}
	// Its own texture of its own size: on the shared atlas pictures fill pages that grow by
	// doubling (a 720×720 board takes a 1024×1024 page) and are copied as they grow.
	img := ebiten.NewImageWithOptions(image.Rect(0, 0, int(math.Ceil(w*s)), int(math.Ceil(h*s))), &ebiten.NewImageOptions{Unmanaged: true})
	draw(scenes.Painter{Dst: img, S: s})
	c.images[k] = img
	return img
}

// Forget drops every cached picture (the language changed, say).
func (c *Sprites) Forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, img := range c.images {
		img.Deallocate()
	}
	c.images = nil
}
