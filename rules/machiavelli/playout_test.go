package machiavelli

import (
	"testing"
)

func TestStandIn(t *testing.T) {
	for _, tc := range []struct {
		meld string
		wrap bool
		want string // the stand-ins, in the meld's order
	}{
		{"7H * 9H", true, "7H 8H 9H"},
		{"* 8H 9H", true, "10H 8H 9H"}, // a run grows upwards first: 8 9 10
		{"QS KS *", true, "QS KS AS"},
		{"KS * 2S", true, "KS AS 2S"},
		{"QS KS *", false, "QS KS AS"},
		{"9S 9D *", true, "9S 9D 9H"},
		{"9S * 9D *", true, "9S 9H 9D 9C"},
		{"9S 9D 9C", true, "9S 9D 9C"},
		{"7H * 10S", true, "7H * 10S"}, // not a meld: the joker stays one
	} {
		meld := cards(t, tc.meld, map[int]int{})
		got := standIns(meld, tc.wrap)
		if faces(got) != faces(cards(t, tc.want, map[int]int{})) {
			t.Errorf("%s (wrap %v): stand-ins %v, want %s", tc.meld, tc.wrap, got, tc.want)
		}
		for i, c := range got {
			if meld[i].IsJoker() && !c.IsJoker() && c.Copy() != phantomCopy {
				t.Errorf("%s: stand-in %v is not marked as one", tc.meld, c)
			}
		}
	}
}

// faces is a list of cards by face, copies forgotten.
func faces(cs []Card) string {
	s := ""
	for _, c := range cs {
		s += Card(c.Face()).Code() + " "
	}
	return s
}

// TestGreedyLayMatchesSolve: without jokers the joker rule cannot bite, so a playout's
// greedy seat lays exactly as many hand cards as the solver, on every position of the
// sample that has none.
func TestGreedyLayMatchesSolve(t *testing.T) {
	ps := loadPositions(t, sampleFile)
	checked := 0
	for i, p := range ps {
		if i%3 != 0 || hasJoker(p.Hand) || hasJoker(p.Free) || tableJokers(Position{Table: p.Table}) > 0 {
			continue
		}
		opt := p.options()
		table := pool(p.Table, opt.AceWrap)
		fromHand, fromFree, after := greedyLay(table, p.Hand, p.Free, opt)
		sol := Solve(Position{Table: p.Table, Hand: p.Hand, Free: p.Free}, opt)
		if len(fromHand) != sol.Placed || len(fromFree) != len(sol.FreeCards) {
			t.Errorf("position %d: greedyLay lays %v and free %v, Solve %v and free %v", i, fromHand, fromFree, sol.HandCards, sol.FreeCards)
		}
		if sol.Found() && len(after) != len(table)+len(fromHand)+len(fromFree) {
			t.Errorf("position %d: %d cards laid on %d, but the table left has %d", i, len(fromHand)+len(fromFree), len(table), len(after))
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func hasJoker(cs []Card) bool {
	for _, c := range cs {
		if c.IsJoker() {
			return true
		}
	}
	return false
}

// TestPlayoutEnds plays games out from their deal: every card stays in the game, and the
// game ends with a winner or a score.
func TestPlayoutEnds(t *testing.T) {
	for _, opt := range []Options{Coppola(4), BGA(3)} {
		for seed := uint64(1); seed <= 3; seed++ {
			pl := newPlayout(newState(opt, seed))
			total := func() int {
				n := len(pl.table) + len(pl.free) + len(pl.stock)
				for _, h := range pl.hands {
					n += len(h)
				}
				return n
			}
			want := total()
			for turns := 0; !pl.over; turns++ {
				if turns > 2000 {
					t.Fatalf("%s seed %d: the playout did not end", opt.Ruleset, seed)
				}
				pl.take(greedyLay(pl.table, pl.hands[pl.turn], pl.free, pl.opt))
				if total() != want {
					t.Fatalf("%s seed %d: %d cards in the game, want %d", opt.Ruleset, seed, total(), want)
				}
			}
			shares := 0.0
			for seat := range pl.hands {
				shares += pl.share(seat)
			}
			if len(pl.winners) > 0 && shares != 1 {
				t.Errorf("%s seed %d: the shares of the win add up to %v", opt.Ruleset, seed, shares)
			}
		}
	}
}
