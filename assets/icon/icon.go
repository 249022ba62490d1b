// Package icon holds the Principe application icon: a crimson shield with a gold border bearing the
// golden Florentine lily, on a rounded parchment plate.
//
// Package art paints it at any size; the generator (go generate) writes it as PNG at every size a
// platform asks for, plus the Windows .ico and the macOS .icns, into this folder. Those files are
// committed: the release tool (tools/release) packs them, and the app embeds the smaller PNGs so it
// can give them to ebiten.SetWindowIcon:
//
//	ebiten.SetWindowIcon(icon.Images())
package icon

//go:generate go run ./generate .

import (
	"bytes"
	"embed"
	"fmt"
	"image"
	"image/png"

	"principe/assets/icon/art"
)

// WindowSizes are the sizes embedded in the program and returned by Images.
var WindowSizes = []int{16, 32, 48, 64, 128, 256}

//go:embed png/icon-16.png png/icon-32.png png/icon-48.png png/icon-64.png png/icon-128.png png/icon-256.png
var embedded embed.FS

// Images decodes the embedded icon sizes (WindowSizes), ready for ebiten.SetWindowIcon, which
// picks the best fit for the window manager.
func Images() []image.Image {
	imgs := make([]image.Image, 0, len(WindowSizes))
	for _, size := range WindowSizes {
		data, err := embedded.ReadFile(art.PNGName(size))
		if err != nil {
			panic(fmt.Sprintf("icon: %s is not embedded: %v", art.PNGName(size), err))
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			panic(fmt.Sprintf("icon: embedded %s does not decode: %v", art.PNGName(size), err))
		}
		imgs = append(imgs, img)
	}
	return imgs
}
