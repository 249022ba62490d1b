// Command generate draws the Principe icon at every size in art.Sizes and writes the PNGs, the
// Windows Principe.ico and the macOS Principe.icns into the folder named by its argument (go generate runs it in assets/icon).
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"principe/assets/icon/art"
)

func main() {
	dir := "."
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if err := generate(dir); err != nil {
		log.Fatal(err)
	}
}

func generate(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "png"), 0o755); err != nil {
		return err
	}
	pngs := map[int][]byte{}
	for _, size := range art.Sizes {
		data, err := art.EncodePNG(art.Draw(size))
		if err != nil {
			return fmt.Errorf("icon %d: %w", size, err)
		}
		pngs[size] = data
		if err := os.WriteFile(filepath.Join(dir, art.PNGName(size)), data, 0o644); err != nil {
			return err
		}
	}
	var icoImages [][]byte
	for _, size := range art.ICOSizes {
		icoImages = append(icoImages, pngs[size])
	}
	ico, err := art.EncodeICO(icoImages)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "Principe.ico"), ico, 0o644); err != nil {
		return err
	}
	var elements []art.ICNSElement
	for _, e := range art.ICNSEntries {
		elements = append(elements, art.ICNSElement{Type: e.Type, Data: pngs[e.Size]})
	}
	icns, err := art.EncodeICNS(elements)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "Principe.icns"), icns, 0o644)
}
