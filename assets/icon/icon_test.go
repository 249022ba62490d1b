package icon

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"testing"

	"principe/assets/icon/art"
)

// readPNG reads a committed icon PNG and decodes it.
func readPNG(t *testing.T, size int) ([]byte, image.Image) {
	t.Helper()
	data, err := os.ReadFile(art.PNGName(size))
	if err != nil {
		t.Fatalf("committed icon missing (run go generate ./assets/icon): %v", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", art.PNGName(size), err)
	}
	return data, img
}

// The committed PNGs are what the generator draws today (within a rounding step, since floating
// point may fuse differently on other architectures): change art, then run go generate.
func TestCommittedPNGsMatchTheGenerator(t *testing.T) {
	for _, size := range art.Sizes {
		_, got := readPNG(t, size)
		if b := got.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Fatalf("%s is %v, want %d×%d", art.PNGName(size), b, size, size)
		}
		want := art.Draw(size)
		worst := 0
		for y := range size {
			for x := range size {
				r1, g1, b1, a1 := got.At(x, y).RGBA()
				r2, g2, b2, a2 := want.At(x, y).RGBA()
				for _, d := range []int{diff(r1, r2), diff(g1, g2), diff(b1, b2), diff(a1, a2)} {
					worst = max(worst, d)
				}
			}
		}
		if worst > 3 {
			t.Errorf("%s differs from art.Draw(%d) by up to %d/255: run go generate ./assets/icon", art.PNGName(size), size, worst)
		}
	}
}

func diff(a, b uint32) int {
	d := int(a>>8) - int(b>>8)
	return max(d, -d)
}

func TestICOHoldsTheCommittedPNGs(t *testing.T) {
	data, err := os.ReadFile("Principe.ico")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := art.DecodeICO(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(art.ICOSizes) {
		t.Fatalf("Principe.ico has %d images, want %d", len(entries), len(art.ICOSizes))
	}
	for i, e := range entries {
		if e.Size != art.ICOSizes[i] {
			t.Errorf("entry %d is %d px, want %d", i, e.Size, art.ICOSizes[i])
		}
		file, _ := readPNG(t, e.Size)
		if !bytes.Equal(e.PNG, file) {
			t.Errorf("ico entry %d px is not the committed %s", e.Size, art.PNGName(e.Size))
		}
	}
}

func TestICNSHoldsTheCommittedPNGs(t *testing.T) {
	data, err := os.ReadFile("Principe.icns")
	if err != nil {
		t.Fatal(err)
	}
	elements, err := art.DecodeICNS(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(elements) != len(art.ICNSEntries) {
		t.Fatalf("Principe.icns has %d elements, want %d", len(elements), len(art.ICNSEntries))
	}
	for i, e := range elements {
		want := art.ICNSEntries[i]
		if e.Type != want.Type {
			t.Errorf("element %d is %q, want %q", i, e.Type, want.Type)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(e.Data))
		if err != nil {
			t.Fatalf("%s: %v", e.Type, err)
		}
		if cfg.Width != want.Size || cfg.Height != want.Size {
			t.Errorf("%s is %d×%d, want %d", e.Type, cfg.Width, cfg.Height, want.Size)
		}
		file, _ := readPNG(t, want.Size)
		if !bytes.Equal(e.Data, file) {
			t.Errorf("%s is not the committed %s", e.Type, art.PNGName(want.Size))
		}
	}
}

func TestImagesForTheWindow(t *testing.T) {
	imgs := Images()
	if len(imgs) != len(WindowSizes) {
		t.Fatalf("Images gave %d images, want %d", len(imgs), len(WindowSizes))
	}
	for i, img := range imgs {
		if b := img.Bounds(); b.Dx() != WindowSizes[i] || b.Dy() != WindowSizes[i] {
			t.Errorf("image %d is %v, want %d px square", i, b, WindowSizes[i])
		}
	}
}
