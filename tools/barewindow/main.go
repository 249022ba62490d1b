// Command barewindow is the yardstick for scripts/memory: a bare 1280×720 Ebitengine
// window that fills the screen with one colour every frame and nothing else. It takes
// the same -screenshot and -frames flags as the app, and like the app's screenshot runs
// it saves the last frame as a PNG, so the two are measured doing the same work apart
// from what the app draws.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
)

const width, height = 1280, 720

// window fills the screen each frame and stops after frames frames.
type window struct {
	frames, drawn int
	screenshot    string
	err           error
}

func (w *window) Update() error {
	if w.err != nil {
		return w.err
	}
	if w.drawn >= w.frames {
		return ebiten.Termination
	}
	return nil
}

func (w *window) Draw(screen *ebiten.Image) {
	w.drawn++
	screen.Fill(color.RGBA{0xf1, 0xe4, 0xc8, 0xff}) // parchment, changing nothing else
	if w.drawn == w.frames && w.screenshot != "" {
		w.err = save(screen, w.screenshot)
	}
}

func (w *window) Layout(int, int) (int, int) { return width, height }

func save(screen *ebiten.Image, path string) error {
	img := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(img.Pix)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

func main() {
	frames := flag.Int("frames", 300, "how many frames to draw before exiting")
	screenshot := flag.String("screenshot", "", "save the last frame to this PNG file")
	flag.Parse()
	ebiten.SetWindowTitle("bare window")
	ebiten.SetWindowSize(width, height)
	w := &window{frames: max(1, *frames), screenshot: *screenshot}
	if err := ebiten.RunGame(w); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "barewindow:", err)
		os.Exit(1)
	}
}
