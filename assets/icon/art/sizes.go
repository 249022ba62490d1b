// Package art draws the Principe icon (package icon holds the files made from it) and encodes the
// platform icon containers: the Windows .ico and the macOS .icns.
package art

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
)

// Sizes lists, in pixels, every square size the generator writes as png/icon-N.png: the union of
// what Windows (.ico), macOS (.icns), the freedesktop icon theme and the web page need.
var Sizes = []int{16, 20, 22, 24, 32, 40, 48, 64, 128, 256, 512, 1024}

// ICOSizes are the sizes packed into Principe.ico (Windows: small, shell and large views).
var ICOSizes = []int{16, 20, 24, 32, 40, 48, 64, 256}

// HicolorSizes are the sizes installed into the freedesktop hicolor icon theme on Linux.
var HicolorSizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}

// ICNSEntries maps each macOS .icns element type to the pixel size of its PNG, in file order.
var ICNSEntries = []struct {
	Type string
	Size int
}{
	{"icp4", 16}, {"icp5", 32}, {"ic11", 32}, {"ic12", 64}, {"ic07", 128}, {"ic13", 256},
	{"ic08", 256}, {"ic14", 512}, {"ic09", 512}, {"ic10", 1024},
}

// PNGName is the file name of the PNG of the given size, relative to this folder.
func PNGName(size int) string { return fmt.Sprintf("png/icon-%d.png", size) }

// EncodePNG encodes an image as a compact PNG.
func EncodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
