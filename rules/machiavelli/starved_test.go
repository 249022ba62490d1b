package machiavelli

import (
	"testing"

	"principe/rules"
)

// TestStarvedLosesNothing checks that dropping the situations starved finds hopeless
// changes no search's value: the plain table search, the carrier search for each table
// joker and the one following the first two together, with no floor and with floor 0,
// give the same best value with and without it, on
// small positions of five rulesets and on a slice of the sample. -brute-positions scales
// the number of small positions (150, the default, checks a few hundred) and -brute-seed
// chooses them.
func TestStarvedLosesNothing(t *testing.T) {
	check := func(name string, p Position, opt Options) {
		t.Helper()
		followed := [][]int{nil}
		for j := range tableJokers(p) {
			followed = append(followed, []int{j})
		}
		if tableJokers(p) >= 2 {
			followed = append(followed, []int{0, 1})
		}
		for _, car := range followed {
			for _, floor := range []int32{-1, 0} {
				var got [2]int32
				for k, keep := range []bool{true, false} {
					d := newTableDP(p, opt)
					if car != nil {
						d.car = newCarrierSpec(p, car...)
					}
					d.floor, d.keepStarved = floor, keep
					got[k] = d.solve()
				}
				if got[0] != got[1] {
					t.Fatalf("%s, carrier %v, floor %d: %d without starved, %d with it (table %v, hand %s, free %s)",
						name, car, floor, got[0], got[1], tableString(p.Table), cardsString(p.Hand), cardsString(p.Free))
				}
			}
		}
	}
	capped := BGA(4)
	capped.MaxPerTurn, capped.Ruleset = 2, "bga-cap2"
	fourJokers := Coppola(4)
	fourJokers.Jokers, fourJokers.Ruleset = 4, "coppola-4-jokers"
	noWrap := Coppola(4)
	noWrap.AceWrap, noWrap.Ruleset = false, "coppola-no-wrap"
	scale := max(*brutePositions, 1)
	for _, tc := range []struct {
		opt Options
		n   int // positions of each kind at the default scale (the searches without starved are slow with many jokers)
	}{{Coppola(4), 30}, {BGA(4), 100}, {capped, 100}, {fourJokers, 6}, {noWrap, 40}} {
		rng := rules.NewRNG(*bruteSeed)
		n := max(tc.n*scale/150, 1)
		for range n {
			check(tc.opt.Ruleset, smallPosition(&rng, tc.opt), tc.opt)
		}
		for _, ranks := range [][]int{{12, 13, 1, 2, 3}, {5, 6, 7, 8, 9}} {
			for range max(n/2, 1) {
				check(tc.opt.Ruleset, smallPositionOf(&rng, tc.opt, ranks), tc.opt)
			}
		}
	}
	for i, p := range loadPositions(t, sampleFile) {
		if i%5 == 0 {
			check(sampleFile, Position{Table: p.Table, Hand: p.Hand, Free: p.Free}, p.options())
		}
	}
}
