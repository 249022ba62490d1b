package machiavelli

import "testing"

// TestWrapLayoutRebuilt: on joker-free Coppola tables whose suits are laid almost whole
// twice over, with runs through K A 2, the table search proves its bound and the layout
// of its play must be rebuilt: the solver returns a legal play worth the ILP's answer,
// proven best (c-0303 and c-0386 of the oracle corpus).
func TestWrapLayoutRebuilt(t *testing.T) {
	want := map[string]bool{"c-0303": true, "c-0386": true}
	for _, o := range loadOracle(t, "coppola") {
		if !want[o.ID] {
			continue
		}
		p, opt, err := o.parse()
		if err != nil {
			t.Fatal(err)
		}
		sol := Solve(p, opt)
		checkBestAsILP(t, o, p, opt, sol, "the solver")
	}
}

// TestLayoutOfferOpenAtKing: the table search counts a run started at the ace as an
// offer whether it ends before the king or goes on to it; a short run at the king may
// stand in front of either. Here a run A♠ … K♠ is still open at the king and the search
// pairs a lone K♠ with it: the layout must lay K♠ A♠ … K♠ (cut into two valid runs), not
// refuse.
func TestLayoutOfferOpenAtKing(t *testing.T) {
	long := &laidRun{class: 3, fromAce: true}
	for r := range 13 {
		long.cards = append(long.cards, laidCard{face: int8(r)})
	}
	king := &laidRun{class: 1, cards: []laidCard{{face: 12, src: 1}}}
	l := &tableLayout{d: &tableDP{}, followedAt: [4]int{-1, -1, -1, -1}}
	l.open[0] = []*laidRun{long, king}
	var e tdpEnd
	e.offerTo1[0] = 1
	if !l.end(&e) {
		t.Fatal("the layout refuses the king's pairing with an offer open at the king")
	}
	melds := splitLongRuns(l.melds)
	opt := Coppola(4)
	n := 0
	for _, m := range melds {
		var cs []Card
		for _, c := range m {
			cs = append(cs, Card(c.face))
		}
		n += len(cs)
		if err := checkMeld(cs, opt.AceWrap); err != nil {
			t.Errorf("meld %v: %v", cs, err)
		}
	}
	if n != 14 {
		t.Errorf("%d cards laid in %v, want 14", n, melds)
	}
}

// TestJokerPieceOfThree: with wrap, a run crossing the sweep's boundary may start, past
// it, with three jokers before its first natural: A♥ ★ ★ ★ 5♥ where the sweep starts after
// the ace (this table's own start). A piece of jokers at the start of the sweep could hold
// two jokers only, so the table search missed the run from that start and proved a play
// of 5♥ alone best (found among random four-joker positions checked with glpsol). From
// every start the table search must now reach the face-by-face search's value and lay its
// play out, and Solve must lay both cards, proven.
func TestJokerPieceOfThree(t *testing.T) {
	opt, err := ParseOptions([]byte(`{"ruleset":"coppola","jokers":4}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ table, hand, free string }{
		{"9D 10D JD QD KD", "AH 5H", "* * *"},
		{"9D 10D JD QD KD", "* 3S 5H AH", "* *"},
		{"8S 8H 8D 8C | 7S 7H 7D 7C | 5S 5H 5D", "* 5H AH 2S 9S 6S", "* *"},
	} {
		p, err := ParsePosition(c.table, c.hand, c.free, opt)
		if err != nil {
			t.Fatal(err)
		}
		s := newSolver(p, opt)
		want := s.best()
		if s.aborted || want <= 0 {
			t.Fatalf("%s / %s: face-by-face search: %d (aborted %v)", c.hand, c.free, want, s.aborted)
		}
		for r := range 13 {
			q := p
			q.sweepRank = r
			d := newTableDP(q, opt)
			if v := d.solve(); v != want {
				t.Errorf("%s / %s, sweep after boundary %d: the table search finds %d, the face-by-face search %d", c.hand, c.free, d.sweepStart(r), v, want)
			} else if sol, ok := tablePlay(q, opt, d, false); !ok || sol.value() != v {
				t.Errorf("%s / %s, sweep after boundary %d: its play worth %d is laid worth %d (%v)", c.hand, c.free, d.sweepStart(r), v, sol.value(), ok)
			}
		}
		if sol := Solve(p, opt); sol.value() != want || !sol.Exact {
			t.Errorf("%s / %s: Solve: %d (exact %v), the face-by-face search %d", c.hand, c.free, sol.value(), sol.Exact, want)
		}
	}
}
