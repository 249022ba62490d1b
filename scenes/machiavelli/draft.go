package machiavelli

import (
	"errors"
	"slices"

	mach "principe/rules/machiavelli"
)

// Draft is the turn a player is building: the table as they have rearranged it so far,
// the hand cards not yet laid, and the free cards not yet used. The rules never see a
// draft until the player ends the turn; then it becomes one play action, which the rules
// check as a whole. Every move can be undone, and Reset goes back to the start of the
// turn. A draft changes only through Move, Undo and Reset.
type Draft struct {
	opt   mach.Options
	start [][]mach.Card // the table at the start of the turn
	hand0 []mach.Card   // the hand at the start of the turn
	free0 []mach.Card   // the free cards at the start of the turn

	Table [][]mach.Card // melds as the player has them now
	Hand  []mach.Card   // hand cards not on the table
	Free  []mach.Card   // free cards not on the table

	moved   map[mach.Card]bool // table cards the player moved this turn
	history []draftState
}

type draftState struct {
	table      [][]mach.Card
	hand, free []mach.Card
	movedTable []mach.Card
}

// NewDraft starts a turn from what the seat sees.
func NewDraft(o *mach.Observation) *Draft {
	d := &Draft{opt: o.Opt, start: cloneTable(o.Table), hand0: slices.Clone(o.Hand), free0: slices.Clone(o.Free)}
	d.Reset()
	d.history = nil
	return d
}

func cloneTable(t [][]mach.Card) [][]mach.Card {
	out := make([][]mach.Card, len(t))
	for i, m := range t {
		out[i] = slices.Clone(m)
	}
	return out
}

// Reset puts the table, hand and free cards back as they were at the start of the turn
// (it can be undone).
func (d *Draft) Reset() {
	if d.Changed() {
		d.remember()
	}
	d.Table, d.Hand, d.Free = cloneTable(d.start), slices.Clone(d.hand0), slices.Clone(d.free0)
	d.moved = map[mach.Card]bool{}
}

// Changed reports whether anything differs from the start of the turn.
func (d *Draft) Changed() bool {
	return len(d.Hand) != len(d.hand0) || len(d.Free) != len(d.free0) || len(d.moved) > 0
}

// MovedTable reports whether any card that was on the table at the start has been moved.
func (d *Draft) MovedTable() bool { return len(d.moved) > 0 }

// CanUndo reports whether there is a move to undo.
func (d *Draft) CanUndo() bool { return len(d.history) > 0 }

// Undo takes back the last move (or reset).
func (d *Draft) Undo() {
	if len(d.history) == 0 {
		return
	}
	h := d.history[len(d.history)-1]
	d.history = d.history[:len(d.history)-1]
	d.Table, d.Hand, d.Free = h.table, h.hand, h.free
	d.moved = map[mach.Card]bool{}
	for _, c := range h.movedTable {
		d.moved[c] = true
	}
}

func (d *Draft) remember() {
	h := draftState{table: cloneTable(d.Table), hand: slices.Clone(d.Hand), free: slices.Clone(d.Free)}
	for c := range d.moved {
		h.movedTable = append(h.movedTable, c)
	}
	d.history = append(d.history, h)
}

// Where a card can be put.
const (
	ToNewMeld = -1 // a new meld at the end of the table
	ToHand    = -2 // back to the hand (only cards laid from it this turn)
	ToFree    = -3 // back among the free cards (only free cards used this turn)
)

// Target is where a move puts its cards: meld Meld of the draft table at position At
// (0 … its length), or ToNewMeld, ToHand, ToFree; for the hand, At is the place in it.
type Target struct {
	Meld int
	At   int
}

// errors for moves a table cannot make at all (the rules are never asked).
var (
	errNotHere      = errors.New("that card is not in play this turn")
	errTableToHand  = errors.New("cards on the table stay on the table: only cards laid from your hand this turn go back to it")
	errTableToFree  = errors.New("only the free cards used this turn go back among the free cards")
	errNoSuchTarget = errors.New("there is no such meld")
)

// FromHand reports whether c was in the hand at the start of the turn.
func (d *Draft) FromHand(c mach.Card) bool { return slices.Contains(d.hand0, c) }

// FromFree reports whether c was a free card at the start of the turn.
func (d *Draft) FromFree(c mach.Card) bool { return slices.Contains(d.free0, c) }

// Laid reports whether c was laid from the hand this turn (it is on the draft table).
func (d *Draft) Laid(c mach.Card) bool { return d.FromHand(c) && !slices.Contains(d.Hand, c) }

// Moved reports whether c was on the table at the start and the player moved it.
func (d *Draft) Moved(c mach.Card) bool { return d.moved[c] }

// Move takes cards from wherever they are and puts them, in the given order, at t. An
// emptied meld disappears; a meld that becomes valid is put in reading order (so a joker
// shows the card it stands for). A move the table cannot make is refused with the reason
// and changes nothing.
func (d *Draft) Move(cards []mach.Card, t Target) error {
	if len(cards) == 0 {
		return nil
	}
	for _, c := range cards {
		if !d.has(c) {
			return errNotHere
		}
		switch t.Meld {
		case ToHand:
			if !d.FromHand(c) {
				return errTableToHand
			}
		case ToFree:
			if !d.FromFree(c) {
				return errTableToFree
			}
		}
	}
	if t.Meld >= len(d.Table) || t.Meld < ToFree {
		return errNoSuchTarget
	}
	d.remember()
	// Where the target meld is once the cards are lifted: positions before At shift.
	if t.Meld >= 0 {
		at := t.At
		for i, c := range d.Table[t.Meld] {
			if i < t.At && slices.Contains(cards, c) {
				at--
			}
		}
		t.At = at
	}
	if t.Meld == ToHand {
		at := t.At
		for i, c := range d.Hand {
			if i < t.At && slices.Contains(cards, c) {
				at--
			}
		}
		t.At = at
	}
	d.lift(cards)
	switch t.Meld {
	case ToHand:
		d.Hand = slices.Insert(d.Hand, clamp(t.At, 0, len(d.Hand)), cards...)
	case ToFree:
		d.Free = append(d.Free, cards...)
	case ToNewMeld:
		d.Table = append(d.Table, slices.Clone(cards))
	default:
		// lift keeps emptied melds in place, so the target's index still holds.
		m := d.Table[t.Meld]
		d.Table[t.Meld] = slices.Insert(slices.Clone(m), clamp(t.At, 0, len(m)), cards...)
	}
	for _, c := range cards {
		if !d.FromHand(c) && !d.FromFree(c) {
			d.moved[c] = true
		}
	}
	d.tidy()
	return nil
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }

func (d *Draft) has(c mach.Card) bool {
	if slices.Contains(d.Hand, c) || slices.Contains(d.Free, c) {
		return true
	}
	for _, m := range d.Table {
		if slices.Contains(m, c) {
			return true
		}
	}
	return false
}

// lift removes cards from the hand, the free cards and the melds (keeping empty melds
// as empty slices until tidy, so meld indices stay put while a move is made).
func (d *Draft) lift(cards []mach.Card) {
	d.Hand = withoutCards(d.Hand, cards)
	d.Free = withoutCards(d.Free, cards)
	for i, m := range d.Table {
		d.Table[i] = withoutCards(m, cards)
	}
}

// tidy drops empty melds and puts valid melds in reading order.
func (d *Draft) tidy() {
	out := d.Table[:0]
	for _, m := range d.Table {
		if len(m) == 0 {
			continue
		}
		if mach.CheckMeld(m, d.opt) == nil {
			m = mach.ArrangeMeld(m, d.opt)
		}
		out = append(out, m)
	}
	d.Table = out
}

func withoutCards(cs, gone []mach.Card) []mach.Card {
	out := make([]mach.Card, 0, len(cs))
	for _, c := range cs {
		if !slices.Contains(gone, c) {
			out = append(out, c)
		}
	}
	return out
}

// SetTable replaces the draft by a whole table (a hint done for the player): the hand
// and free cards are what the table does not use. It can be undone.
func (d *Draft) SetTable(table [][]mach.Card) {
	d.remember()
	d.Table = cloneTable(table)
	onTable := map[mach.Card]bool{}
	for _, m := range table {
		for _, c := range m {
			onTable[c] = true
		}
	}
	d.Hand, d.Free = nil, nil
	for _, c := range d.hand0 {
		if !onTable[c] {
			d.Hand = append(d.Hand, c)
		}
	}
	for _, c := range d.free0 {
		if !onTable[c] {
			d.Free = append(d.Free, c)
		}
	}
	d.moved = map[mach.Card]bool{}
	startOf := map[mach.Card]int{}
	for i, m := range d.start {
		for _, c := range m {
			startOf[c] = i
		}
	}
	for _, m := range table {
		for _, c := range m {
			i, was := startOf[c]
			if was && !slices.Equal(withoutNew(m, startOf), withoutNew(d.start[i], startOf)) {
				d.moved[c] = true
			}
		}
	}
}

// withoutNew keeps the cards of m that were on the table at the start.
func withoutNew(m []mach.Card, startOf map[mach.Card]int) []mach.Card {
	var out []mach.Card
	for _, c := range m {
		if _, ok := startOf[c]; ok {
			out = append(out, c)
		}
	}
	return out
}

// Action is the play the draft makes: the whole table and the free cards it uses.
func (d *Draft) Action() mach.Action {
	var used []mach.Card
	for _, c := range d.free0 {
		if !slices.Contains(d.Free, c) {
			used = append(used, c)
		}
	}
	return mach.Play(cloneTable(d.Table), used)
}

// LaidCount is how many hand cards are on the draft table.
func (d *Draft) LaidCount() int { return len(d.hand0) - len(d.Hand) }

// MeldErrors says, meld by meld, why a meld is not valid (nil for a valid one).
func (d *Draft) MeldErrors() []error {
	out := make([]error, len(d.Table))
	for i, m := range d.Table {
		out[i] = mach.CheckMeld(m, d.opt)
	}
	return out
}
