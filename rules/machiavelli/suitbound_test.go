package machiavelli

import (
	"testing"
)

// TestSuitBoundsLoseNothing checks that the suit bounds (suitbound.go) bound the table
// search soundly: with the floor just below a search's best value (and a card below it),
// the exact search finds that value with the bounds as without them, on small positions
// without jokers (BGA with two and three decks, Coppola without wrap and jokers; drawn with
// -brute-positions and -brute-seed) and on every fifth BGA oracle position of 45 cards or
// fewer; that every situation's suits are in states the relaxation knows; and that the
// bounds bite (fewer situations), so that the test can fail. The bounds' ceiling
// (suitCeiling), which the quick pass's first beam aims at, must never be below the best
// play's value, and must be that value on some positions.
func TestSuitBoundsLoseNothing(t *testing.T) {
	bites, searches, ceilings := 0, 0, 0
	check := func(name string, p Position, opt Options) {
		t.Helper()
		search := func(floor int32, off bool) *tableDP {
			d := newTableDP(p, opt)
			d.floor, d.noSuitBounds = floor, off
			d.solve()
			return d
		}
		best := search(-1, true).best
		if best <= 0 {
			return
		}
		if c, ok := newTableDP(p, opt).suitCeiling(); ok && c < best {
			t.Fatalf("%s: the suit bounds' ceiling %d is below a play worth %d (table %v, hand %s, free %s)",
				name, c, best, tableString(p.Table), cardsString(p.Hand), cardsString(p.Free))
		} else if ok && c == best {
			ceilings++
		}
		for _, floor := range []int32{best - 1, best - packValue(1, 0, 0)} {
			if floor < 0 {
				continue
			}
			with, without := search(floor, false), search(floor, true)
			if with.best != best {
				t.Fatalf("%s, floor %d: %d with the suit bounds, %d without (table %v, hand %s, free %s)",
					name, floor, with.best, best, tableString(p.Table), cardsString(p.Hand), cardsString(p.Free))
			}
			if with.suitMisses > 0 {
				t.Fatalf("%s: %d situations in states the suit bounds do not know (table %v, hand %s)",
					name, with.suitMisses, tableString(p.Table), cardsString(p.Hand))
			}
			searches++
			if with.nodes < without.nodes {
				bites++
			}
		}
	}
	threeDecks := BGA(4)
	threeDecks.Decks, threeDecks.Ruleset = 3, "bga-3-decks"
	_, noWrap := coppolaVariants()
	noWrap.Jokers, noWrap.Ruleset = 0, "coppola-no-wrap-no-jokers"
	eachSmallPosition([]smallKind{{BGA(4), 150}, {threeDecks, 100}, {noWrap, 100}}, check)
	for i, o := range loadOracle(t, "bga") {
		if p, opt, _ := o.parse(); i%5 == 0 && positionCards(p) <= 45 {
			check(o.ID, p, opt)
		}
	}
	t.Logf("the suit bounds spare situations in %d of %d searches; their ceiling is the best play's value on %d positions", bites, searches, ceilings)
	if bites == 0 || ceilings == 0 {
		t.Fatal("the suit bounds never bite: the test checks nothing")
	}
}
