package table

import (
	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/scenes"
)

// TextField is a line of text being typed, with a caret: typed characters go in at the
// caret, Backspace and Delete take off the character before and after it, the Left and
// Right arrows move it (Ctrl with them: a word at a time), Home and End send it to either
// end. For the tables' text fields: a promise in words, a private note.
type TextField struct {
	text  []rune
	caret int
}

// Set replaces the text and puts the caret at its end.
func (f *TextField) Set(s string) {
	f.text = []rune(s)
	f.caret = len(f.text)
}

// Text is what has been typed.
func (f *TextField) Text() string { return string(f.text) }

// Caret is the caret's place, in characters from the start.
func (f *TextField) Caret() int { return f.caret }

// Edit applies this tick's typing, keeping the text within maxRunes characters; it reports
// whether the text changed.
func (f *TextField) Edit(ctx *game.Context, maxRunes int) bool {
	changed := false
	for _, r := range ebiten.AppendInputChars(nil) {
		if len(f.text) < maxRunes {
			f.insert(r)
			changed = true
		}
	}
	word := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyAlt)
	switch {
	case ctx.Input.Key(ebiten.KeyBackspace) && f.caret > 0:
		from := f.caret - 1
		if word {
			from = f.wordLeft(f.caret)
		}
		f.text = append(f.text[:from], f.text[f.caret:]...)
		f.caret, changed = from, true
	case ctx.Input.Key(ebiten.KeyDelete) && f.caret < len(f.text):
		f.text = append(f.text[:f.caret], f.text[f.caret+1:]...)
		changed = true
	case ctx.Input.Key(ebiten.KeyArrowLeft) && f.caret > 0:
		if f.caret--; word {
			f.caret = f.wordLeft(f.caret + 1)
		}
	case ctx.Input.Key(ebiten.KeyArrowRight) && f.caret < len(f.text):
		if f.caret++; word {
			f.caret = f.wordRight(f.caret - 1)
		}
	case ctx.Input.KeyOnce(ebiten.KeyHome):
		f.caret = 0
	case ctx.Input.KeyOnce(ebiten.KeyEnd):
		f.caret = len(f.text)
	}
	return changed
}

func (f *TextField) insert(r rune) {
	f.text = append(f.text[:f.caret], append([]rune{r}, f.text[f.caret:]...)...)
	f.caret++
}

// wordLeft is the start of the word before place i (spaces before it skipped).
func (f *TextField) wordLeft(i int) int {
	for i > 0 && f.text[i-1] == ' ' {
		i--
	}
	for i > 0 && f.text[i-1] != ' ' {
		i--
	}
	return i
}

// wordRight is the end of the word after place i.
func (f *TextField) wordRight(i int) int {
	for i < len(f.text) && f.text[i] == ' ' {
		i++
	}
	for i < len(f.text) && f.text[i] != ' ' {
		i++
	}
	return i
}

// WithCaret is the text with a bar at the caret while blink is on (and a space of the
// bar's width while it is off, so the text does not jump).
func (f *TextField) WithCaret(blink bool) string {
	bar := " "
	if blink {
		bar = "|"
	}
	return string(f.text[:f.caret]) + bar + string(f.text[f.caret:])
}

// Window is the part of the text (with the caret drawn when blink is on) that fits width
// in font, scrolled so the caret is always in view.
func (f *TextField) Window(font scenes.Font, width float64, blink bool) string {
	full := []rune(f.WithCaret(blink))
	from, to := 0, len(full)
	caret := f.caret // the bar's index in full
	for from < to && font.Width(string(full[from:to])) > width {
		// Drop from the far side of the caret: the end while the caret is near the start.
		if to-1 > caret {
			to--
		} else {
			from++
		}
	}
	return string(full[from:to])
}
