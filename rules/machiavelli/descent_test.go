package machiavelli

import "testing"

// TestDescentProvesBest checks descendAims against the whole table search (no beam, no
// floor): started from any value no play reaches, a play it calls proven is the best, and
// one it returns unproven is a play. Without jokers the table search's value is the best
// play's. The positions have free cards and score by points (so a level holds plays of
// different worth), as well as BGA's own, and the test insists that every way of proving
// is taken: a level's beam keeping every situation, one dropping some whose play is worth
// the level's most, and nothing left to lay.
func TestDescentProvesBest(t *testing.T) {
	var wholeProofs, cutProofs, emptyProofs, floors int
	check := func(name string, p Position, opt Options) {
		t.Helper()
		opt.MaxPerTurn = 0
		whole := newTableDP(p, opt)
		whole.limit = solveBudget
		best := max(whole.solve(), 0)
		if whole.aborted {
			return
		}
		q := newTableDP(p, opt)
		ceiling := q.ceiling()
		if c, ok := q.suitCeiling(); ok {
			ceiling = min(ceiling, c)
		}
		for _, top := range []int32{best + 1, best + packValue(1, 0, 0), ceiling + 1} {
			d, _, proven := descendAims(p, opt, false, top, 0, solveBudget)
			switch {
			case d == nil:
				continue
			case proven && max(d.best, 0) != best:
				t.Fatalf("%s: the descent from %d proves %d, the best play is worth %d (table %v, hand %s, free %s)",
					name, top, d.best, best, tableString(p.Table), cardsString(p.Hand), cardsString(p.Free))
			case d.best > best:
				t.Fatalf("%s: the descent from %d finds %d, more than the best play's %d", name, top, d.best, best)
			case !proven:
				floors++
			case d.best <= 0:
				emptyProofs++
			case d.cut:
				cutProofs++
			default:
				wholeProofs++
			}
		}
	}
	// No hand card can be laid, but a free card can: that is not "nothing to lay".
	check("free-only", position(t, "4H 5H 6H | 9D 10D JD", "9S 9C", "7H"), BGA(4))
	withFree := func(opt Options, name string) Options {
		opt.FreeCards, opt.Scoring, opt.Ruleset = 4, ScorePoints, name
		return opt
	}
	_, noWrap := coppolaVariants()
	noWrap.Jokers, noWrap.Ruleset = 0, "coppola-no-wrap-no-jokers"
	eachSmallPosition([]smallKind{{BGA(4), 100}, {withFree(BGA(4), "bga-free-points"), 100}, {noWrap, 100}}, check)
	for _, deal := range []string{"", `{"free_cards":4,"scoring":"points"}`} {
		for i, o := range generateOracle(t, "bga", 9322, deal) {
			if p, opt, _ := o.parse(); i%4 == 0 && positionCards(p) <= 50 {
				check(o.ID, p, opt)
			}
		}
	}
	t.Logf("proven: %d by beams keeping every situation, %d by beams dropping some, %d with nothing to lay; %d floors", wholeProofs, cutProofs, emptyProofs, floors)
	if wholeProofs == 0 || cutProofs == 0 || emptyProofs == 0 || floors == 0 {
		t.Fatal("some way of proving is never taken: the test checks less than it says")
	}
}
