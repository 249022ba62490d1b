package art

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image/png"
)

// EncodeICO packs square PNG images into a Windows .ico file, one PNG-compressed entry each
// (supported by Windows Vista and later). The images must be listed in increasing size.
func EncodeICO(pngs [][]byte) ([]byte, error) {
	var buf bytes.Buffer
	le := binary.LittleEndian
	header := []uint16{0, 1, uint16(len(pngs))} // reserved, type 1 = icon, count
	if err := binary.Write(&buf, le, header); err != nil {
		return nil, err
	}
	offset := 6 + 16*len(pngs)
	for _, data := range pngs {
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("ico entry: %w", err)
		}
		if cfg.Width != cfg.Height || cfg.Width > 256 {
			return nil, fmt.Errorf("ico entry is %d×%d; it must be square and at most 256", cfg.Width, cfg.Height)
		}
		side := byte(cfg.Width) // 256 is written as 0
		entry := struct {
			Width, Height, Colors, Reserved byte
			Planes, BitCount                uint16
			Bytes, Offset                   uint32
		}{side, side, 0, 0, 1, 32, uint32(len(data)), uint32(offset)}
		if err := binary.Write(&buf, le, entry); err != nil {
			return nil, err
		}
		offset += len(data)
	}
	for _, data := range pngs {
		buf.Write(data)
	}
	return buf.Bytes(), nil
}

// ICOEntry is one image of a .ico file.
type ICOEntry struct {
	Size int    // width and height in pixels, from the directory
	PNG  []byte // the PNG data
}

// DecodeICO reads a .ico file made of PNG entries, checking its directory against the data.
func DecodeICO(data []byte) ([]ICOEntry, error) {
	le := binary.LittleEndian
	if len(data) < 6 || le.Uint16(data[0:]) != 0 || le.Uint16(data[2:]) != 1 {
		return nil, errors.New("not an .ico file (bad header)")
	}
	count := int(le.Uint16(data[4:]))
	if len(data) < 6+16*count {
		return nil, errors.New(".ico directory is truncated")
	}
	entries := make([]ICOEntry, 0, count)
	for i := range count {
		e := data[6+16*i:]
		size := int(e[0])
		if size == 0 {
			size = 256
		}
		n, off := int(le.Uint32(e[8:])), int(le.Uint32(e[12:]))
		if off < 0 || n < 0 || off+n > len(data) {
			return nil, fmt.Errorf(".ico entry %d points outside the file", i)
		}
		entries = append(entries, ICOEntry{Size: size, PNG: data[off : off+n]})
	}
	return entries, nil
}
