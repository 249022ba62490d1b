package table

import (
	"testing"
)

// TestTextFieldCaret: insertion and deletion at the caret, word jumps, and the window that
// keeps the caret in view. (Edit reads the keyboard; its parts are tested here directly.)
func TestTextFieldCaret(t *testing.T) {
	var f TextField
	f.Set("keep the post")
	if f.Caret() != 13 {
		t.Fatalf("caret after Set: %d", f.Caret())
	}
	f.caret = 5
	for _, r := range "your " {
		f.insert(r)
	}
	if f.Text() != "keep your the post" || f.Caret() != 10 {
		t.Fatalf("insert at the caret: %q caret %d", f.Text(), f.Caret())
	}
	if got := f.WithCaret(true); got != "keep your |the post" {
		t.Fatalf("caret drawn: %q", got)
	}
	if got := f.wordLeft(10); got != 5 {
		t.Fatalf("word left of 10: %d", got)
	}
	if got := f.wordRight(10); got != 13 {
		t.Fatalf("word right of 10: %d", got)
	}
	if got := f.wordLeft(0); got != 0 {
		t.Fatalf("word left of 0: %d", got)
	}
}
