package machiavelli

import (
	"principe/game"
	mach "principe/rules/machiavelli"
	"principe/scenes"
)

// The table's regions in the 1280×720 layout.
var (
	headerMenu    = scenes.Rect{X: 1160, Y: 14, W: 100, H: 30}
	headerHelp    = scenes.Rect{X: 1050, Y: 14, W: 100, H: 30}
	headerHint    = scenes.Rect{X: 940, Y: 14, W: 100, H: 30}
	headerColours = scenes.Rect{X: 790, Y: 14, W: 140, H: 30}
	seatStrip     = scenes.Rect{X: 16, Y: 54, W: 1012, H: 62}
	tableArea     = scenes.Rect{X: 16, Y: 124, W: 1012, H: 384}
	statusLine    = scenes.Rect{X: 16, Y: 512, W: 1012, H: 24}
	handArea      = scenes.Rect{X: 16, Y: 540, W: 1012, H: 104}
	sidePanel     = scenes.Rect{X: 1040, Y: 54, W: 224, H: 176}
	logRect       = scenes.Rect{X: 1040, Y: 238, W: 224, H: 406}
	buttonsY      = 656.0
	handCardW     = 62.0
	handCardH     = 88.0
	freeCardW     = 40.0
	stockRect     = scenes.Rect{X: 1056, Y: 86, W: 44, H: 63}
	freeOrigin    = [2]float64{1122, 86}
	cardAspect    = 1.42
	meldGap       = 14.0
	rowGap        = 10.0
	overlapFrac   = 0.42
)

// Buttons along the bottom, left to right.
const (
	btnSort = iota
	btnUndo
	btnReset
	btnDraw
	btnEnd
	numButtons
)

// buttonRect is where bottom button i is.
func buttonRect(i int) scenes.Rect {
	widths := [numButtons]float64{190, 120, 150, 220, 300}
	x := 16.0
	for j := 0; j < i; j++ {
		x += widths[j] + 8
	}
	return scenes.Rect{X: x, Y: buttonsY, W: widths[i], H: 44}
}

// meldLayout is where the table's melds are drawn: one box per meld (and one for the
// "new meld" place when it is shown), with the card size and overlap that let every
// meld fit.
type meldLayout struct {
	boxes  []scenes.Rect
	newBox scenes.Rect // the new-meld place (zero when not shown)
	cardW  float64
	cardH  float64
	step   float64 // how far each card of a meld is from the one before
}

// layoutMelds flows melds of the given lengths in rows across area, from the largest
// card size down until they fit. withNew adds the new-meld place at the end.
func layoutMelds(lens []int, area scenes.Rect, withNew bool) meldLayout {
	for w := 56.0; ; w -= 2 {
		l, ok := tryLayout(lens, area, withNew, w)
		if ok || w <= 26 {
			return l
		}
	}
}

func tryLayout(lens []int, area scenes.Rect, withNew bool, w float64) (meldLayout, bool) {
	l := meldLayout{cardW: w, cardH: w * cardAspect, step: w * overlapFrac}
	x, y := area.X, area.Y
	place := func(width float64) scenes.Rect {
		if x+width > area.X+area.W && x > area.X {
			x, y = area.X, y+l.cardH+rowGap
		}
		r := scenes.Rect{X: x, Y: y, W: width, H: l.cardH}
		x += width + meldGap
		return r
	}
	for _, n := range lens {
		l.boxes = append(l.boxes, place(l.width(n)))
	}
	if withNew {
		l.newBox = place(l.cardW*1.6 + l.step)
	}
	return l, y+l.cardH <= area.Y+area.H
}

// width is how wide a meld of n cards is drawn.
func (l meldLayout) width(n int) float64 {
	if n <= 0 {
		return l.cardW
	}
	return l.cardW + float64(n-1)*l.step
}

// cardAt is where card i of meld m is drawn.
func (l meldLayout) cardAt(m, i int) (x, y float64) {
	b := l.boxes[m]
	return b.X + float64(i)*l.step, b.Y
}

// insertAt is the insertion place (0 … n) in meld m for a drop at x.
func (l meldLayout) insertAt(m, n int, x float64) int {
	b := l.boxes[m]
	i := int((x - b.X + l.step/2) / l.step)
	return max(0, min(n, i))
}

// handLayout is where the cards of a hand are drawn: in a row, overlapping when the hand
// is long, with a gap before each card that starts a group.
type handLayout struct {
	xs   []float64 // each card's left edge
	step float64   // how far a card is from the one before within a group
}

// groupGap is the space between two groups of the hand.
const groupGap = 14.0

// layoutHand lays out a hand of n cards; gaps[i] says that card i starts a new group
// (nil: no groups).
func layoutHand(n int, gaps []bool) handLayout {
	groups := 0
	for i := 1; i < n && i < len(gaps); i++ {
		if gaps[i] {
			groups++
		}
	}
	step := handCardW + 8
	if n > 1 {
		step = min(handCardW+6, (handArea.W-16-handCardW-float64(groups)*groupGap)/float64(n-1))
	}
	l := handLayout{step: step}
	x := handArea.X + 8
	for i := 0; i < n; i++ {
		if i > 0 {
			x += step
			if i < len(gaps) && gaps[i] {
				x += groupGap
			}
		}
		l.xs = append(l.xs, x)
	}
	return l
}

func (h handLayout) cardAt(i int) (x, y float64) {
	if i >= len(h.xs) {
		if len(h.xs) == 0 {
			return handArea.X + 8, handArea.Y + 10
		}
		return h.xs[len(h.xs)-1] + h.step, handArea.Y + 10
	}
	return h.xs[i], handArea.Y + 10
}

// indexAt is the place (0 … n) in the hand for a drop at x.
func (h handLayout) indexAt(x float64) int {
	for i, cx := range h.xs {
		if x < cx+h.step/2 {
			return i
		}
	}
	return len(h.xs)
}

// suitGaps starts a group at each change of suit (a hand sorted by suit).
func suitGaps(hand []mach.Card) []bool {
	gaps := make([]bool, len(hand))
	for i := 1; i < len(hand); i++ {
		gaps[i] = hand[i].IsJoker() != hand[i-1].IsJoker() || (!hand[i].IsJoker() && hand[i].Suit() != hand[i-1].Suit())
	}
	return gaps
}

// seatBox is where seat k of n sits in the strip of seats.
func seatBox(k, n int) scenes.Rect {
	w := min(250, (seatStrip.W-float64(n-1)*8)/float64(n))
	return scenes.Rect{X: seatStrip.X + float64(k)*(w+8), Y: seatStrip.Y, W: w, H: seatStrip.H}
}

// freeCardAt is where free card slot i is drawn (a row, each card over half the one
// before).
func freeCardAt(i int) (x, y float64) {
	return freeOrigin[0] + float64(i)*30, freeOrigin[1]
}

// screen bounds, for the curtain and overlays.
const screenW, screenH = game.LogicalWidth, game.LogicalHeight
