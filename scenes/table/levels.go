package table

import (
	"principe/game"
	"principe/scenes"
)

// Level is one AI level as a setup screen names it: its label ("AI Hard") and what it does.
type Level struct{ Label, About string }

// DrawLevels says in one centred line, at height y, what each AI level does: each label in
// bold followed by its description in italics, separated by dots.
func DrawLevels(p scenes.Painter, y float64, levels []Level) {
	label := scenes.Font{Style: "bold", Size: 14}
	about := scenes.Font{Style: "italic", Size: 14}
	const sep = "   ·   "
	type part struct {
		text string
		font scenes.Font
	}
	var parts []part
	for i, l := range levels {
		if i > 0 {
			parts = append(parts, part{sep, about})
		}
		parts = append(parts, part{l.Label + " ", label}, part{l.About, about})
	}
	w := 0.0
	for _, pt := range parts {
		w += pt.font.Width(pt.text)
	}
	x := game.LogicalWidth/2 - w/2
	for _, pt := range parts {
		p.TextMiddle(pt.text, pt.font, x, y, scenes.Left, scenes.InkSoft)
		x += pt.font.Width(pt.text)
	}
}
