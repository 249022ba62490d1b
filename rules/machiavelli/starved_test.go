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
	fourJokers, noWrap := coppolaVariants()
	// (The searches without starved are slow with many jokers: few positions of those.)
	eachSmallPosition([]smallKind{{Coppola(4), 30}, {BGA(4), 100}, {capped, 100}, {fourJokers, 6}, {noWrap, 40}}, check)
	for i, p := range loadPositions(t, sampleFile) {
		if i%5 == 0 {
			check(sampleFile, Position{Table: p.Table, Hand: p.Hand, Free: p.Free}, p.options())
		}
	}
}

// TestLaterLossLosesNothing checks that laterLoss, the hand and free cards that the
// jokers left cannot get laid, bounds the searches soundly: with the floor just below a
// search's best value (and a card below it), the plain search and the carrier searches
// find that value with the bound as without it — on small positions of three rulesets
// with jokers (-brute-positions and -brute-seed as for TestStarvedLosesNothing) and on
// every tenth Coppola oracle position of 40 cards or fewer. It also checks that the bound
// bites in some of them, so that the test can fail. (It caught the bound counting one
// joker fewer than are left, and counting the queen and king with wrap, where jokers
// already laid at the ace may serve them.)
func TestLaterLossLosesNothing(t *testing.T) {
	bites := 0
	check := func(name string, p Position, opt Options) {
		t.Helper()
		followed := [][]int{nil}
		for j := range tableJokers(p) {
			followed = append(followed, []int{j})
		}
		for _, car := range followed {
			search := func(floor int32, noLoss bool) (int32, *tableDP) {
				d := newTableDP(p, opt)
				if car != nil {
					d.car = newCarrierSpec(p, car...)
				}
				d.floor, d.noLaterLoss = floor, noLoss
				return d.solve(), d
			}
			best, _ := search(-1, true)
			if best <= 0 {
				continue
			}
			for _, floor := range []int32{best - 1, best - packValue(1, 0, 0)} {
				if floor < 0 {
					continue
				}
				got, d := search(floor, false)
				if got != best {
					t.Fatalf("%s, carrier %v, floor %d: %d with laterLoss, %d without (table %v, hand %s, free %s)",
						name, car, floor, got, best, tableString(p.Table), cardsString(p.Hand), cardsString(p.Free))
				}
				for _, l := range d.laterLoss {
					if l[d.jokers()] > 0 || (d.jokers() > 0 && l[d.jokers()-1] > 0 && l[d.jokers()-1] < lossUnlaid) {
						bites++
						break
					}
				}
			}
		}
	}
	fourJokers, noWrap := coppolaVariants()
	eachSmallPosition([]smallKind{{Coppola(4), 150}, {fourJokers, 60}, {noWrap, 150}}, check)
	for i, o := range loadOracle(t, "coppola") {
		if p, opt, _ := o.parse(); i%10 == 0 && positionCards(p) <= 40 {
			check(o.ID, p, opt)
		}
	}
	t.Logf("the bound bites in %d searches", bites)
	if bites == 0 {
		t.Fatal("laterLoss never bites: the test checks nothing")
	}
}

// coppolaVariants are Coppola with four jokers and Coppola without wrap.
func coppolaVariants() (fourJokers, noWrap Options) {
	fourJokers = Coppola(4)
	fourJokers.Jokers, fourJokers.Ruleset = 4, "coppola-4-jokers"
	noWrap = Coppola(4)
	noWrap.AceWrap, noWrap.Ruleset = false, "coppola-no-wrap"
	return fourJokers, noWrap
}

// smallKind is a kind of small positions: their options, and how many at the default
// -brute-positions (150).
type smallKind struct {
	opt Options
	n   int
}

// eachSmallPosition gives check the small positions of each kind, drawn with
// -brute-seed: n of smallPosition's, then half as many with ranks around the ace and
// half as many in the middle (n scaled by -brute-positions).
func eachSmallPosition(kinds []smallKind, check func(name string, p Position, opt Options)) {
	scale := max(*brutePositions, 1)
	for _, k := range kinds {
		rng := rules.NewRNG(*bruteSeed)
		n := max(k.n*scale/150, 1)
		for range n {
			check(k.opt.Ruleset, smallPosition(&rng, k.opt), k.opt)
		}
		for _, ranks := range [][]int{{12, 13, 1, 2, 3}, {5, 6, 7, 8, 9}} {
			for range max(n/2, 1) {
				check(k.opt.Ruleset, smallPositionOf(&rng, k.opt, ranks), k.opt)
			}
		}
	}
}
