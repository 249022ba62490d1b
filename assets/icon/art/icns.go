package art

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// ICNSElement is one typed entry of a macOS .icns file, such as "ic10" holding a 1024-pixel PNG.
type ICNSElement struct {
	Type string // four characters
	Data []byte // PNG data
}

// EncodeICNS writes a macOS .icns file: the magic "icns" and the total length, then each element
// as its four-character type, its length including the 8-byte header, and its data (big-endian).
func EncodeICNS(elements []ICNSElement) ([]byte, error) {
	total := 8
	for _, e := range elements {
		if len(e.Type) != 4 {
			return nil, fmt.Errorf("icns element type %q is not four characters", e.Type)
		}
		total += 8 + len(e.Data)
	}
	var buf bytes.Buffer
	buf.WriteString("icns")
	_ = binary.Write(&buf, binary.BigEndian, uint32(total))
	for _, e := range elements {
		buf.WriteString(e.Type)
		_ = binary.Write(&buf, binary.BigEndian, uint32(8+len(e.Data)))
		buf.Write(e.Data)
	}
	return buf.Bytes(), nil
}

// DecodeICNS splits a .icns file into its elements, checking every length.
func DecodeICNS(data []byte) ([]ICNSElement, error) {
	if len(data) < 8 || string(data[:4]) != "icns" {
		return nil, errors.New("not an .icns file (no icns magic)")
	}
	if int(binary.BigEndian.Uint32(data[4:])) != len(data) {
		return nil, fmt.Errorf(".icns header says %d bytes, the file has %d", binary.BigEndian.Uint32(data[4:]), len(data))
	}
	var elements []ICNSElement
	for rest := data[8:]; len(rest) > 0; {
		if len(rest) < 8 {
			return nil, errors.New(".icns element header is truncated")
		}
		n := int(binary.BigEndian.Uint32(rest[4:]))
		if n < 8 || n > len(rest) {
			return nil, fmt.Errorf(".icns element %q has a bad length %d", rest[:4], n)
		}
		elements = append(elements, ICNSElement{Type: string(rest[:4]), Data: rest[8:n]})
		rest = rest[n:]
	}
	return elements, nil
}
