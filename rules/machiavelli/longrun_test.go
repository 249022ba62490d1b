package machiavelli

import "testing"

// TestNoRunBeyondThirteen: a suit laid from the low ace to the high ace (fourteen cards,
// A♦ 2♦ … K♦ A♦) is no run, yet the table search's canonical form (a copy extends a run
// of its suit rather than start a new one) builds exactly that whenever every place of a
// suit is filled. The play is worth its value all the same, split into two runs (A♦ 2♦ 3♦
// and 4♦ … K♦ A♦). The positions are too big for the face-by-face search (more than 24
// cards), which used to hide the fault on small ones.
func TestNoRunBeyondThirteen(t *testing.T) {
	const filler = " | QC QH QS | 5C 6C 7C 8C | 9H 10H JH | 3S 3H 3C | 7S 8S 9S"
	for _, tc := range []struct {
		name, table, hand string
		cap, want         int
	}{
		// The hand's 13 cards all laid: both aces of diamonds.
		{"cap 13, 13 cards", "2D 3D 4D" + filler, "AD AD 5D 6D 7D 8D 9D 10D JD QD KD 10S JS", 13, 13},
		// 16 cards could be laid; 13 under the cap.
		{"cap 13, 16 cards", "2D 3D 4D" + filler, "AD AD 5D 6D 7D 8D 9D 10D JD QD KD 10S JS 7H 8H 6S", 13, 13},
		{"no cap", "2D 3D 4D" + filler, "AD AD 5D 6D 7D 8D 9D 10D JD QD KD 10S JS 7H 8H 6S", 0, 16},
		// The table's diamonds in two runs, the hand joins them through both aces (4♥ has
		// nowhere to go).
		{"two table runs", "2D 3D 4D | 8D 9D 10D" + filler, "AD AD 5D 6D 7D JD QD KD 4H", 13, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := BGA(4)
			opt.MaxPerTurn = tc.cap
			p, err := ParsePosition(tc.table, tc.hand, "", opt)
			if err != nil {
				t.Fatal(err)
			}
			sol := Solve(p, opt)
			if sol.Placed != tc.want || !sol.Exact {
				t.Fatalf("lays %d hand cards (exact %v), want %d proven: %v", sol.Placed, sol.Exact, tc.want, sol.Table)
			}
			if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
				t.Fatalf("the play is refused: %v", err)
			}
		})
	}
}

// TestOneNaturalFourJokers: with the four-joker option a natural and four jokers make a
// run (one suit, no rank twice), not a set of five; the rules used to refuse it while the
// solver counted it, and the play fell back to three cards.
func TestOneNaturalFourJokers(t *testing.T) {
	opt := Coppola(4)
	opt.Jokers = 4
	p, err := ParsePosition("", "* * * * 2C", "", opt)
	if err != nil {
		t.Fatal(err)
	}
	sol := Solve(p, opt)
	if sol.Placed != 5 || !sol.Exact {
		t.Fatalf("lays %d (exact %v), want all 5 proven: %v", sol.Placed, sol.Exact, sol.Table)
	}
	if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
		t.Fatal(err)
	}
}
