package machiavelli

import (
	"slices"
	"sort"

	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// Where things are on the setup and the table, for end-to-end tests that click and drag
// as a player would.

// Seat choices on the setup, as SetupSeatSegment takes them.
const (
	SeatHuman  = optHuman
	SeatEasy   = optEasy
	SeatNormal = optNormal
	SeatHard   = optHard
)

// The table's bottom buttons, as ButtonRect takes them.
const (
	ButtonUndo = btnUndo
	ButtonDraw = btnDraw
	ButtonEnd  = btnEnd
)

// SetupPlayersSegment is the players choice for n players (2 … 8).
func SetupPlayersSegment(n int) scenes.Rect { return table.Segment(setupPlayers, 7, n-2) }

// SetupRulesetSegment is the ruleset choice: 0 Coppola, 1 BGA.
func SetupRulesetSegment(i int) scenes.Rect { return table.Segment(setupRuleset, 2, i) }

// SetupSeatSegment is seat k's choice opt (SeatHuman … SeatHard).
func SetupSeatSegment(k, opt int) scenes.Rect {
	return table.Segment(setupSeatRect(k), numSeatOpts, opt)
}

// SetupStartRect is the setup's Start button.
func SetupStartRect() scenes.Rect { return setupStart }

// ButtonRect is bottom button i (ButtonUndo, ButtonDraw, ButtonEnd).
func ButtonRect(i int) scenes.Rect { return buttonRect(i) }

// HintButtonRect is the header's Hint button; HintDoRect the hint's "Do it for me".
func HintButtonRect() scenes.Rect { return headerHint }

// HintDoRect is the hint panel's "Do it for me" button.
func HintDoRect() scenes.Rect { return hintDo }

// MeldCardRect is where card i of meld m is drawn, for a table of melds (building: while
// the player builds a turn, when the new-meld place is shown). Only the card's visible
// strip is given for a card that another covers.
func MeldCardRect(table [][]mach.Card, building bool, m, i int) scenes.Rect {
	l := layoutOf(table, building)
	x, y := l.cardAt(m, i)
	w := l.step
	if i == len(table[m])-1 {
		w = l.cardW
	}
	return scenes.Rect{X: x, Y: y, W: w, H: l.cardH}
}

// MeldRect is the box of meld m.
func MeldRect(table [][]mach.Card, building bool, m int) scenes.Rect {
	return layoutOf(table, building).boxes[m]
}

// NewMeldRect is the new-meld place while the player builds a turn.
func NewMeldRect(table [][]mach.Card) scenes.Rect { return layoutOf(table, true).newBox }

func layoutOf(table [][]mach.Card, building bool) meldLayout {
	lens := make([]int, len(table))
	for i, m := range table {
		lens[i] = len(m)
	}
	return layoutMelds(lens, tableArea, building)
}

// HandCardRect is where card c of hand is drawn, the hand sorted by suit and grouped by
// suit (the table's first sort); the visible part of the card.
func HandCardRect(hand []mach.Card, c mach.Card) scenes.Rect {
	sorted := slices.Clone(hand)
	sort.SliceStable(sorted, func(i, j int) bool { return suitKey(sorted[i]) < suitKey(sorted[j]) })
	i := slices.Index(sorted, c)
	hl := layoutHand(len(sorted), suitGaps(sorted))
	x, y := hl.cardAt(i)
	w := min(hl.step, handCardW)
	if i == len(sorted)-1 || (i+1 < len(hl.xs) && hl.xs[i+1]-x > hl.step+1) {
		w = min(handCardW, hl.step+groupGap)
	}
	return scenes.Rect{X: x, Y: y, W: w, H: handCardH}
}
