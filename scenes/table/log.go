package table

import (
	"image/color"
	"principe/assets"

	"principe/game"
	"principe/scenes"
)

// LogLine is one line of a log panel.
type LogLine struct {
	Text   string
	Colour color.RGBA // the dot before the line (a family's colour); zero for none
	Strong bool       // a headline (a new round, the win)
}

// Log is the panel that tells the game in words, newest at the bottom. The wheel scrolls
// back through it.
type Log struct {
	Lines  []LogLine
	scroll int // lines scrolled back from the newest
	added  int // lines ever added (Lines keeps the newest 2,000)
}

// Scroll is how many lines the panel is scrolled back.
func (l *Log) Scroll() int { return l.scroll }

// Added is how many lines were ever added: it changes with every line, also once the
// panel keeps only the newest (a cached picture of the log can tell it is stale).
func (l *Log) Added() int { return l.added }

// Add appends a line and scrolls to it.
func (l *Log) Add(line LogLine) {
	l.Lines = append(l.Lines, line)
	l.added++
	l.scroll = 0
	if len(l.Lines) > 2000 {
		l.Lines = l.Lines[len(l.Lines)-2000:]
	}
}

// Update scrolls with the wheel while the cursor is over r.
func (l *Log) Update(ctx *game.Context, r scenes.Rect) {
	x, y := ctx.Input.Cursor()
	if !r.Contains(x, y) {
		return
	}
	if w := ctx.Input.Wheel(); w != 0 {
		l.scroll += int(w * 2)
		l.scroll = max(0, min(l.scroll, len(l.Lines)-1))
	}
}

// logFont is the log's text style.
var logFont = scenes.Font{Style: assets.FontRegular, Size: 14}

// Draw paints the panel in r with a title.
func (l *Log) Draw(p scenes.Painter, r scenes.Rect, title string) {
	DrawPanel(p, r)
	p.Text(title, scenes.Font{Style: scenes.FontItem.Style, Size: 16}, r.X+12, r.Y+6, scenes.Left, scenes.CrimsonDeep)
	const lh = 18.0
	top := r.Y + 30
	width := r.W - 36
	// Wrap from the newest line backwards until the panel is full.
	var rows []LogLine
	var dots []bool
	capacity := int((r.H - 36) / lh)
	end := len(l.Lines) - l.scroll
	for i := end - 1; i >= 0 && len(rows) < capacity; i-- {
		f := logFont
		if l.Lines[i].Strong {
			f.Style = assets.FontBold
		}
		wrapped := scenes.Wrap(l.Lines[i].Text, f, width)
		for j := len(wrapped) - 1; j >= 0 && len(rows) < capacity; j-- {
			rows = append(rows, LogLine{Text: wrapped[j], Colour: l.Lines[i].Colour, Strong: l.Lines[i].Strong})
			dots = append(dots, j == 0)
		}
	}
	for k := range rows {
		i := len(rows) - 1 - k
		row := rows[i]
		y := top + float64(k)*lh
		f := logFont
		c := scenes.Ink
		if row.Strong {
			f.Style = assets.FontBold
			c = scenes.CrimsonDeep
		}
		if dots[i] && row.Colour.A > 0 {
			p.Circle(r.X+16, y+9, 4.5, row.Colour)
			p.StrokeCircle(r.X+16, y+9, 4.5, 0.8, scenes.Ink)
		}
		p.Text(row.Text, f, r.X+26, y, scenes.Left, c)
	}
	if l.scroll > 0 {
		p.Text("▼", logFont, r.X+r.W-14, r.Y+r.H-20, scenes.Right, scenes.InkSoft)
	}
}

// DrawPanel draws a framed parchment panel.
func DrawPanel(p scenes.Painter, r scenes.Rect) {
	p.RoundRect(r.X+2, r.Y+3, r.W, r.H, 10, Fade(Shadow, 0.6))
	p.RoundRect(r.X, r.Y, r.W, r.H, 10, scenes.Mix(scenes.Parchment, Ivory, 0.5))
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 10, 1.5, scenes.GoldDeep)
	p.StrokeRoundRect(r.X+4, r.Y+4, r.W-8, r.H-8, 7, 0.7, scenes.Fade(scenes.GoldDeep, 0.6))
}
