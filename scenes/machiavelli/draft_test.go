package machiavelli

import (
	"strings"
	"testing"

	mach "principe/rules/machiavelli"
)

// parse reads "7H 8H *" as card instances; repeated faces get successive copies.
func parse(t *testing.T, s string, used map[int]int) []mach.Card {
	t.Helper()
	var out []mach.Card
	for _, f := range strings.Fields(s) {
		face, err := mach.ParseFace(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, mach.Card(used[face]<<6|face))
		used[face]++
	}
	return out
}

func draftFor(t *testing.T, table []string, hand string) *Draft {
	used := map[int]int{}
	o := &mach.Observation{Opt: mach.Coppola(3)}
	for _, m := range table {
		o.Table = append(o.Table, parse(t, m, used))
	}
	o.Hand = parse(t, hand, used)
	return NewDraft(o)
}

func TestDraftMovesUndoAndReset(t *testing.T) {
	d := draftFor(t, []string{"5S 6S 7S 8S"}, "8H 8D 4S")
	eightS := d.Table[0][3]
	// 8♠ to a new meld: the run left is 5♠ 6♠ 7♠, the new meld one card (invalid).
	if err := d.Move([]mach.Card{eightS}, Target{Meld: ToNewMeld}); err != nil {
		t.Fatal(err)
	}
	if len(d.Table) != 2 || len(d.Table[0]) != 3 || d.MeldErrors()[1] == nil || !d.Moved(eightS) {
		t.Fatalf("after taking 8♠: %v, errors %v", d.Table, d.MeldErrors())
	}
	// 8♥ and 8♦ from the hand join it: a valid set, and the play is accepted.
	if err := d.Move(d.Hand[:2], Target{Meld: 1, At: 1}); err != nil {
		t.Fatal(err)
	}
	if errs := d.MeldErrors(); errs[0] != nil || errs[1] != nil || d.LaidCount() != 2 {
		t.Fatalf("after the set: %v, errors %v", d.Table, errs)
	}
	// A table card cannot go to the hand; the refusal changes nothing.
	before := len(d.history)
	if err := d.Move([]mach.Card{d.Table[0][0]}, Target{Meld: ToHand}); err == nil || len(d.history) != before {
		t.Fatalf("a table card went to the hand: %v", err)
	}
	// 4♠ in front of the run, inserted at its start.
	if err := d.Move([]mach.Card{d.Hand[0]}, Target{Meld: 0, At: 0}); err != nil {
		t.Fatal(err)
	}
	if got := d.Table[0][0].String(); got != "4♠" || len(d.Hand) != 0 {
		t.Fatalf("run %v, hand %v", d.Table[0], d.Hand)
	}
	d.Undo()
	if len(d.Hand) != 1 || len(d.Table[0]) != 3 {
		t.Fatalf("undo: table %v, hand %v", d.Table, d.Hand)
	}
	d.Reset()
	if d.Changed() || len(d.Table) != 1 || len(d.Table[0]) != 4 {
		t.Fatalf("reset: %v", d.Table)
	}
	d.Undo() // the reset itself can be undone
	if !d.Changed() || d.LaidCount() != 2 {
		t.Fatalf("undoing the reset: %v", d.Table)
	}
}

func TestDraftWholeMeldOntoItself(t *testing.T) {
	d := draftFor(t, []string{"5S 6S 7S", "9H 9D 9C"}, "4S")
	// Moving every card of meld 0 onto meld 0 (a drop on itself) keeps it.
	if err := d.Move(d.Table[0], Target{Meld: 0, At: 3}); err != nil {
		t.Fatal(err)
	}
	if len(d.Table) != 2 || len(d.Table[0]) != 3 {
		t.Fatalf("%v", d.Table)
	}
}
