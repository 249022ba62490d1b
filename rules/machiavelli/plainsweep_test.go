package machiavelli

import (
	"fmt"
	"testing"
)

// TestPlainSweepAgainstGeneral: on BGA positions dealt afresh (a seed no corpus uses)
// under several options — two and three decks, one deck for two players, hands of 20, caps
// of 13, 5 and none — every play of the plain sweep is proven best, lays as many hand
// cards as the general search's, and keeps the rules; and the sweep answers at least three
// in four positions itself (the others it leaves to the general search).
func TestPlainSweepAgainstGeneral(t *testing.T) {
	deals := []string{"", `{"decks":3}`, `{"max_per_turn":5}`, `{"decks":1,"players":2}`, `{"max_per_turn":0,"deal":20}`}
	for _, deal := range deals {
		ps := generateOracle(t, "bga", 7301, deal)
		tried, answered := 0, 0
		for i := 0; i < len(ps); i += 4 {
			o := ps[i]
			p, opt, err := o.parse()
			if err != nil {
				t.Fatal(err)
			}
			if !plainSweepFits(p, opt) {
				t.Fatalf("%s %s: a plain position the sweep says it cannot solve", deal, o.ID)
			}
			tried++
			sw, ok := solvePlainSweep(p, opt, false)
			if !ok {
				continue
			}
			answered++
			g := solveGeneral(p, opt, false)
			desc := fmt.Sprintf("%s %s (table %s, hand %s)", deal, o.ID, o.Table, o.Hand)
			if !sw.Exact || !g.Exact || sw.Placed != g.Placed || sw.Points != g.Points {
				t.Errorf("%s: sweep %d cards (exact %v), general search %d (exact %v)", desc, sw.Placed, sw.Exact, g.Placed, g.Exact)
			}
			if sw.Found() {
				if _, err := checkPlay(p.Table, p.Hand, p.Free, sw.Action(), opt); err != nil {
					t.Errorf("%s: the sweep's play is illegal: %v", desc, err)
				}
			}
		}
		if answered < tried*3/4 {
			t.Errorf("%q: the sweep answered %d of %d positions", deal, answered, tried)
		}
	}
}

// TestPlainSweepHighAce: a run from the ace to the king takes a second ace at the top,
// and is laid as two runs (no run holds fourteen cards).
func TestPlainSweepHighAce(t *testing.T) {
	p := position(t, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS 4D", "")
	sol, ok := solvePlainSweep(p, BGA(2), true)
	if !ok || !sol.Exact || sol.Placed != 1 {
		t.Fatalf("want the ace laid, proven: ok %v, %+v", ok, sol)
	}
	if _, err := checkPlay(p.Table, p.Hand, nil, sol.Action(), BGA(2)); err != nil {
		t.Fatalf("illegal play %v: %v", tableString(sol.Table), err)
	}
	if len(sol.Table) != 2 {
		t.Errorf("want two runs, got %v", tableString(sol.Table))
	}
}

// TestPlainSweepSets: eight sevens of two decks make two sets of four, whatever sets the
// table held.
func TestPlainSweepSets(t *testing.T) {
	p := position(t, "7S 7H 7D | 7S 7H 7C", "7D 7C 9C", "")
	sol, ok := solvePlainSweep(p, BGA(2), false)
	if !ok || !sol.Exact || sol.Placed != 2 {
		t.Fatalf("want both sevens laid, proven: ok %v, %+v", ok, sol)
	}
	for _, m := range sol.Table {
		if len(m) != 4 {
			t.Errorf("want two sets of four, got %v", tableString(sol.Table))
		}
	}
	// With three decks, three spades need three sets, so nine sevens: with 7♦ and 7♣
	// the third 7♠ is laid, alone it is not.
	opt := BGA(2)
	opt.Decks = 3
	for hand, want := range map[string]int{"7S 7D 7C": 3, "7S": 0} {
		p = position(t, "7S 7H 7D | 7S 7H 7C", hand, "")
		sol, ok = solvePlainSweep(p, opt, false)
		if !ok || !sol.Exact || sol.Placed != want {
			t.Fatalf("hand %s: want %d laid, proven: ok %v, %+v", hand, want, ok, sol)
		}
	}
}

// TestPlainSweepCap: the cap holds, and a play under it that is not the uncapped play
// trimmed is found: 2♥ 3♥ 4♥ from the hand, not four of the five hearts.
func TestPlainSweepCap(t *testing.T) {
	opt := BGA(2)
	opt.MaxPerTurn = 3
	p := position(t, "", "2H 3H 4H 5H 6H 9C", "")
	sol, ok := solvePlainSweep(p, opt, false)
	if !ok || !sol.Exact || sol.Placed != 3 {
		t.Fatalf("want three cards laid, proven: ok %v, %+v", ok, sol)
	}
	opt.MaxPerTurn = 4
	sol, ok = solvePlainSweep(p, opt, false)
	if !ok || !sol.Exact || sol.Placed != 4 {
		t.Fatalf("want four cards laid, proven: ok %v, %+v", ok, sol)
	}
}

// TestPlainSweepFits: only plain positions go to the sweep.
func TestPlainSweepFits(t *testing.T) {
	plain := position(t, "7S 7H 7D", "7C", "")
	withJoker := position(t, "7S 7H *", "7C", "")
	withFree := position(t, "7S 7H 7D", "7C", "8C")
	points := BGA(2)
	points.Scoring = ScorePoints
	wrap := BGA(2)
	wrap.AceWrap = true
	for _, c := range []struct {
		name string
		p    Position
		opt  Options
		want bool
	}{
		{"plain", plain, BGA(2), true},
		{"a table joker", withJoker, BGA(2), false},
		{"free cards", withFree, BGA(2), false},
		{"scoring by points", plain, points, false},
		{"wrap", plain, wrap, false},
		{"coppola", plain, Coppola(4), false},
	} {
		if got := plainSweepFits(c.p, c.opt); got != c.want {
			t.Errorf("%s: fits %v, want %v", c.name, got, c.want)
		}
	}
}

// TestPlainSweepHandsOver: on the BGA oracle corpus, where the sweep runs out of
// situations, it either hands over (finds a play a card lower and has the general search
// prove it best) or gives up, and Solve answers alike: every answer proven best and
// glpsol's. Each way must be met.
func TestPlainSweepHandsOver(t *testing.T) {
	direct, handed, gave := 0, 0, 0
	for _, o := range loadOracle(t, "bga") {
		p, opt, err := o.parse()
		if err != nil {
			t.Fatal(err)
		}
		sol, ok := solvePlainSweep(p, opt, false)
		switch runsOut := sweepRunsOut(p, opt); {
		case !runsOut && !ok:
			t.Errorf("%s: the sweep gave up without running out", o.ID)
		case !runsOut:
			direct++
		case ok:
			handed++
		default:
			gave++
			sol = Solve(p, opt)
		}
		if !sol.Exact || sol.Placed != o.ILP.Placed {
			t.Errorf("%s: %d cards (exact %v), glpsol %d", o.ID, sol.Placed, sol.Exact, o.ILP.Placed)
		}
	}
	if direct == 0 || handed == 0 || gave == 0 {
		t.Errorf("solved directly %d, handed over %d, given up %d: each way must be met", direct, handed, gave)
	}
}

// sweepRunsOut reports whether the plain sweep, looking from its ceiling down, runs out of
// situations before it finds a play or proves there is none.
func sweepRunsOut(p Position, opt Options) bool {
	_, _, ranOut := new(plainSweep).descend(p, opt)
	return ranOut
}
