package makiavelia

import (
	"math"

	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
)

// The table's regions at 1280×720: a header along the top; on the left the other
// players' Cities (compact) above the City and Reserve of the seat in view (full); on
// the right the status, the action panel and the log.
var (
	leftArea     = scenes.Rect{X: 6, Y: 50, W: 868, H: 666}
	othersArea   = scenes.Rect{X: 6, Y: 50, W: 868, H: 352}
	mainArea     = scenes.Rect{X: 6, Y: 406, W: 868, H: 310}
	statusRect   = scenes.Rect{X: 882, Y: 50, W: 392, H: 112}
	PanelRect    = scenes.Rect{X: 882, Y: 168, W: 392, H: 290}
	logRect      = scenes.Rect{X: 882, Y: 464, W: 392, H: 252}
	marketRect   = scenes.Rect{X: 1140, Y: 82, W: 30, H: 40}
	treasuryRect = scenes.Rect{X: 1232, Y: 78, W: 26, H: 26}

	menuButton    = scenes.Rect{X: 1174, Y: 10, W: 96, H: 30}
	helpButton    = scenes.Rect{X: 1070, Y: 10, W: 96, H: 30}
	cardsButton   = scenes.Rect{X: 966, Y: 10, W: 96, H: 30}
	historyButton = scenes.Rect{X: 862, Y: 10, W: 96, H: 30}
)

// others lists the seats drawn compact, in turn order after the seat in view.
func (t *Table) others() []rules.Seat {
	n := t.obs.Players
	var out []rules.Seat
	start := 0
	if t.viewer != rules.NoSeat {
		start = int(t.viewer) + 1
	}
	for i := 0; i < n; i++ {
		s := rules.Seat((start + i) % n)
		if s != t.viewer {
			out = append(out, s)
		}
	}
	return out
}

// SeatRect is where seat's City is drawn: the full view for the seat in view, a cell
// of the grid for the others.
func (t *Table) SeatRect(seat rules.Seat) scenes.Rect {
	if seat == t.viewer && seat != rules.NoSeat {
		return mainArea
	}
	os := t.others()
	idx := 0
	for i, s := range os {
		if s == seat {
			idx = i
		}
	}
	return gridCell(othersArea, len(os), idx)
}

// gridCell is cell i of n cells laid out in r (up to four columns).
func gridCell(r scenes.Rect, n, i int) scenes.Rect {
	cols := min(4, max(1, n))
	if n == 5 || n == 6 {
		cols = 3
	}
	rows := (n + cols - 1) / cols
	const gap = 4.0
	w := (r.W - gap*float64(cols-1)) / float64(cols)
	h := (r.H - gap*float64(rows-1)) / float64(rows)
	c, rr := i%cols, i/cols
	return scenes.Rect{X: r.X + float64(c)*(w+gap), Y: r.Y + float64(rr)*(h+gap), W: w, H: h}
}

// cardGrid lays n cards of aspect miniW:miniH out in r, as large as they fit (at most
// maxH high), and returns each card's rectangle.
func cardGrid(r scenes.Rect, n int, maxH float64) []scenes.Rect {
	if n == 0 {
		return nil
	}
	const gap = 4.0
	h := maxH
	var cols int
	for ; h > 14; h-- {
		w := h * miniW / miniH
		cols = int((r.W + gap) / (w + gap))
		rows := int((r.H + gap) / (h + gap))
		if cols*rows >= n && cols > 0 {
			break
		}
	}
	w := h * miniW / miniH
	cols = max(1, int((r.W+gap)/(w+gap)))
	out := make([]scenes.Rect, n)
	for i := range out {
		out[i] = scenes.Rect{X: r.X + float64(i%cols)*(w+gap), Y: r.Y + float64(i/cols)*(h+gap), W: w, H: h}
	}
	return out
}

// cardRow lays n cards in one row in r, overlapping them if they do not fit.
func cardRow(r scenes.Rect, n int, h float64) []scenes.Rect {
	w := h * faceW / faceH
	step := w + 6
	if n > 1 && float64(n)*step-6 > r.W {
		step = (r.W - w) / float64(n-1)
	}
	out := make([]scenes.Rect, n)
	for i := range out {
		out[i] = scenes.Rect{X: r.X + float64(i)*step, Y: r.Y, W: w, H: h}
	}
	return out
}

// The parts of a seat's panel.
func headerOf(r scenes.Rect) scenes.Rect { return scenes.Rect{X: r.X, Y: r.Y, W: r.W, H: 26} }

// cityArea is where a seat's City cards go inside its panel.
func (t *Table) cityArea(seat rules.Seat) scenes.Rect {
	r := t.SeatRect(seat)
	if seat == t.viewer && seat != rules.NoSeat {
		return scenes.Rect{X: r.X + 10, Y: r.Y + 36, W: r.W - 20, H: 128}
	}
	return scenes.Rect{X: r.X + 6, Y: r.Y + 30, W: r.W - 12, H: r.H - 36}
}

// reserveArea is where the seat in view's Reserve is laid out.
func reserveArea() scenes.Rect {
	return scenes.Rect{X: mainArea.X + 10, Y: mainArea.Y + 178, W: mainArea.W - 20, H: 124}
}

// cityRects lays out seat's City cards.
func (t *Table) cityRects(seat rules.Seat, n int) []scenes.Rect {
	a := t.cityArea(seat)
	if seat == t.viewer && seat != rules.NoSeat {
		if n <= 9 {
			return cardRow(a, n, a.H)
		}
		return cardGrid(a, n, a.H)
	}
	return cardGrid(a, n, math.Min(120, a.H))
}

// reserveRects lays out the Reserve in view.
func reserveRects(n int) []scenes.Rect { return cardRow(reserveArea(), n, reserveArea().H) }

// chip positions in a seat's header: the Power token, coins, Reserve, Cemetery.
func (t *Table) chipX(seat rules.Seat, i int) (float64, float64) {
	r := headerOf(t.SeatRect(seat))
	return r.X + r.W - 2 - float64(4-i)*36, r.Y + 14
}

func (t *Table) purseRect(seat rules.Seat) scenes.Rect {
	x, y := t.chipX(seat, 1)
	return scenes.Rect{X: x, Y: y - 10, W: 34, H: 20}
}

func (t *Table) reserveRect(seat rules.Seat) scenes.Rect {
	x, y := t.chipX(seat, 2)
	return scenes.Rect{X: x, Y: y - 10, W: 34, H: 20}
}

func (t *Table) cemeteryRect(seat rules.Seat) scenes.Rect {
	x, y := t.chipX(seat, 3)
	return scenes.Rect{X: x, Y: y - 10, W: 34, H: 20}
}

// lastRect is where card c was drawn in the last frame.
func (t *Table) lastRect(c mak.CardID) (scenes.Rect, bool) {
	r, ok := t.drawn[c]
	return r, ok
}

// seatAt is the seat whose panel holds (x, y), or NoSeat.
func (t *Table) seatAt(x, y float64) rules.Seat {
	for i := 0; i < t.obs.Players; i++ {
		if t.SeatRect(rules.Seat(i)).Contains(x, y) {
			return rules.Seat(i)
		}
	}
	return rules.NoSeat
}

// cardAt is the card in play or in the Reserve drawn under (x, y), or -1.
func (t *Table) cardAt(x, y float64) mak.CardID {
	best := mak.CardID(-1)
	for c, r := range t.drawn {
		if r.Contains(x, y) && (best < 0 || t.drawn[best].X < r.X) {
			best = c
		}
	}
	return best
}

func lerpRect(a, b scenes.Rect, p float64) scenes.Rect {
	p = math.Max(0, math.Min(1, p))
	l := func(x, y float64) float64 { return x + (y-x)*p }
	return scenes.Rect{X: l(a.X, b.X), Y: l(a.Y, b.Y), W: l(a.W, b.W), H: l(a.H, b.H)}
}
