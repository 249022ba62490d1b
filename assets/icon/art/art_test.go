package art

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func encoded(t *testing.T, w, h int) []byte {
	t.Helper()
	data, err := EncodePNG(image.NewNRGBA(image.Rect(0, 0, w, h)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The picture: transparent corners, a parchment plate, a crimson field and a gold lily, where the
// design puts them.
func TestDrawPlacesTheCrest(t *testing.T) {
	img := Draw(256)
	at := func(x, y int) color.RGBA { return img.RGBAAt(x, y) }
	if c := at(0, 0); c.A != 0 {
		t.Errorf("corner is %v, want transparent", c)
	}
	if c := at(24, 128); !(c.R > 200 && c.G > 180 && c.B > 120 && c.A == 255) {
		t.Errorf("plate at the left edge is %v, want parchment", c)
	}
	if c := at(128, 190); !(c.R > 90 && int(c.R) > int(c.G)+60 && int(c.R) > int(c.B)+50) {
		t.Errorf("shield field below the lily is %v, want crimson", c)
	}
	if c := at(128, 112); !(c.R > 180 && c.G > 120 && c.B < 140) {
		t.Errorf("lily's central petal is %v, want gold", c)
	}
	if c := at(64, 52); !(c.R > 150 && c.G > 100 && c.B < 100) {
		t.Errorf("shield border is %v, want gold", c)
	}
}

func TestDrawIsDeterministic(t *testing.T) {
	a, b := Draw(64), Draw(64)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("two draws of the same size differ")
	}
}

func TestICORoundTrip(t *testing.T) {
	small, big := encoded(t, 16, 16), encoded(t, 256, 256)
	ico, err := EncodeICO([][]byte{small, big})
	if err != nil {
		t.Fatal(err)
	}
	entries, err := DecodeICO(ico)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 || entries[0].Size != 16 || entries[1].Size != 256 {
		t.Fatalf("entries = %+v", entries)
	}
	if !bytes.Equal(entries[0].PNG, small) || !bytes.Equal(entries[1].PNG, big) {
		t.Error("ico entries do not hold the PNGs given")
	}
}

func TestICORefusesBadImages(t *testing.T) {
	if _, err := EncodeICO([][]byte{encoded(t, 16, 20)}); err == nil {
		t.Error("a non-square image was accepted")
	}
	if _, err := EncodeICO([][]byte{encoded(t, 512, 512)}); err == nil {
		t.Error("a 512-pixel image was accepted (.ico stops at 256)")
	}
	if _, err := DecodeICO([]byte("icns....")); err == nil {
		t.Error("a non-ico file was decoded")
	}
}

func TestICNSRoundTrip(t *testing.T) {
	a, b := encoded(t, 32, 32), encoded(t, 64, 64)
	icns, err := EncodeICNS([]ICNSElement{{"icp5", a}, {"ic12", b}})
	if err != nil {
		t.Fatal(err)
	}
	if string(icns[:4]) != "icns" || len(icns) != 8+8+len(a)+8+len(b) {
		t.Fatalf("bad header or length %d", len(icns))
	}
	elements, err := DecodeICNS(icns)
	if err != nil {
		t.Fatal(err)
	}
	if len(elements) != 2 || elements[0].Type != "icp5" || elements[1].Type != "ic12" ||
		!bytes.Equal(elements[0].Data, a) || !bytes.Equal(elements[1].Data, b) {
		t.Errorf("elements = %q %q", elements[0].Type, elements[1].Type)
	}
	if _, err := DecodeICNS(icns[:len(icns)-1]); err == nil {
		t.Error("a truncated icns was decoded")
	}
	if _, err := EncodeICNS([]ICNSElement{{"ic1", a}}); err == nil {
		t.Error("a three-letter type was accepted")
	}
	if _, err := png.Decode(bytes.NewReader(elements[1].Data)); err != nil {
		t.Error(err)
	}
}
