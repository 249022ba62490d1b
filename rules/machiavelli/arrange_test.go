package machiavelli

import (
	"math/rand/v2"
	"testing"
)

// TestEveryCardFitsIsNecessary checks the arrangement's quick test against the table
// search on random pools: whenever the pool splits into melds, the quick test must let
// it through (it may only turn away pools that cannot split). It also checks that the
// quick test turns some pools away, so that it does something.
func TestEveryCardFitsIsNecessary(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, opt := range []Options{Coppola(4), BGA(4)} {
		split, turned := 0, 0
		for range 3000 {
			ks := &keepSearch{opt: opt}
			var pool []Card
			// A meld or two, then perhaps a card taken away or a stray one added, so that
			// some pools split and some do not.
			faces := randomMelds(r, 1+r.IntN(2), 2, 5)
			switch r.IntN(3) {
			case 0:
				faces = append(faces[:0], faces[1:]...)
			case 1:
				faces = append(faces, r.IntN(52))
			}
			for _, f := range faces {
				pool = append(pool, Card(f))
				ks.put(f)
			}
			if opt.Jokers > 0 && r.IntN(3) == 0 {
				pool = append(pool, Joker(0))
				ks.put(jokerFace)
			}
			d := newTableDP(Position{Table: [][]Card{pool}}, opt)
			can := d.solve() >= 0
			fits := ks.everyCardFits()
			if can && !fits {
				t.Fatalf("%s: the pool %v splits into melds, but everyCardFits turns it away", opt.Ruleset, pool)
			}
			if can {
				split++
			}
			if !fits {
				turned++
			}
		}
		if split < 100 || turned < 100 {
			t.Fatalf("%s: %d pools split, %d turned away: the test does not exercise both", opt.Ruleset, split, turned)
		}
	}
}

// TestSplitAgreesWithTableSearch checks the arrangement's own search for splitting a pool
// into melds (split) against the table search on random pools, with and without wrap,
// with up to four jokers: split must find every pool the table search splits (it may
// find more: the table search misses a few joker-heavy melds, such as one natural with
// four jokers), and the melds it finds must be valid and use exactly the pool's cards.
func TestSplitAgreesWithTableSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, opt := range wrapAndLine() {
		split, not := 0, 0
		for range 4000 {
			faces := randomMelds(r, 1+r.IntN(4), 3, 8)
			for range r.IntN(3) {
				switch i := r.IntN(len(faces)); r.IntN(2) {
				case 0:
					faces = append(faces[:i], faces[i+1:]...)
				case 1:
					faces = append(faces, r.IntN(52))
				}
			}
			budget := 1 << 30
			ks := &keepSearch{opt: opt, unsplit: map[poolKey]bool{}, budget: &budget}
			var pool []Card
			for _, f := range faces {
				if ks.pool[f] < 3 {
					pool = append(pool, Card(f))
					ks.put(f)
				}
			}
			for j := range r.IntN(5) * r.IntN(2) {
				pool = append(pool, Joker(j))
				ks.put(jokerFace)
			}
			d := newTableDP(Position{Table: [][]Card{pool}}, opt)
			can := d.solve() >= 0
			if can {
				_, can = d.layout()
			}
			got := ks.partition()
			if can && !got {
				t.Fatalf("%s wrap %v: the pool %v splits (the table search), but split says it does not", opt.Ruleset, opt.AceWrap, pool)
			}
			if !got {
				not++
				continue
			}
			split++
			var used [53]int
			for _, m := range ks.partOut {
				var cards []Card
				for _, f := range m.faces {
					cards = append(cards, Card(f))
					used[f]++
				}
				for j := range int(m.hj) {
					cards = append(cards, Joker(j))
					used[jokerFace]++
				}
				if !validMeld(cards, opt.AceWrap) {
					t.Fatalf("%s wrap %v: the pool %v: split made %v, not a meld", opt.Ruleset, opt.AceWrap, pool, cards)
				}
			}
			var want [53]int
			for _, c := range pool {
				want[c.Face()]++
			}
			if used != want {
				t.Fatalf("%s wrap %v: the pool %v: split's melds %v do not use exactly its cards", opt.Ruleset, opt.AceWrap, pool, ks.partOut)
			}
		}
		if split < 500 || not < 500 {
			t.Fatalf("wrap %v: %d pools split, %d did not: the test does not exercise both", opt.AceWrap, split, not)
		}
	}
}

// randomMelds is the faces of n random melds: each a set of three or four suits (one time
// in setOdds) or else a run of three to longest cards (going round past the king).
func randomMelds(r *rand.Rand, n, setOdds, longest int) []int {
	var faces []int
	for range n {
		if rank := r.IntN(13); r.IntN(setOdds) == 0 {
			for _, su := range r.Perm(4)[:3+r.IntN(2)] {
				faces = append(faces, su*13+rank)
			}
		} else {
			su := r.IntN(4)
			for i := range 3 + r.IntN(longest-2) {
				faces = append(faces, su*13+(rank+i)%13)
			}
		}
	}
	return faces
}

// TestEveryCardPlacedIsNecessary checks the arrangement's quick test of an attempt against
// the attempt's own search without it, on random tables and new cards, with and without
// wrap, with jokers: whenever the search lays the new cards out keeping the melds it
// keeps, the quick test must let the attempt through, and every step of the way the
// search took; and the search using the test must work too. It also checks that the quick
// test turns some attempts away and that some succeed, so that both happen.
func TestEveryCardPlacedIsNecessary(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	for _, opt := range wrapAndLine() {
		laid, turned := 0, 0
		for range 3000 {
			var copies [53]int
			add := func(cs []Card, f int) []Card {
				if copies[f] == 2 {
					return cs
				}
				copies[f]++
				if f == jokerFace {
					return append(cs, Joker(copies[f]))
				}
				return append(cs, Card(f))
			}
			var table [][]Card
			for range 2 + r.IntN(5) {
				var m []Card
				for _, f := range randomMelds(r, 1, 3, 7) {
					m = add(m, f)
				}
				if r.IntN(5) == 0 {
					m = add(m, jokerFace)
				}
				if validMeld(m, opt.AceWrap) {
					table = append(table, m)
				}
			}
			if len(table) == 0 {
				continue
			}
			var newCards []Card
			for range 1 + r.IntN(4) {
				// Mostly cards next to or among the table's, so that some attempts work.
				m := table[r.IntN(len(table))]
				f := m[r.IntN(len(m))].Face()
				if f != jokerFace && r.IntN(4) > 0 {
					f = f/13*13 + (f%13+12+r.IntN(3))%13
				} else if r.IntN(2) == 0 {
					f = r.IntN(52)
				}
				newCards = add(newCards, f)
			}
			var broken []int
			if r.IntN(2) == 0 {
				broken = []int{r.IntN(len(table))}
			}
			budget := 1 << 30
			ks := newKeepSearch(Position{Table: table}, opt, &budget)
			ks.setUp(Position{Table: table}, newCards, broken)
			placed := ks.everyCardPlaced(0)
			if ks.orphansKept(broken) != placed {
				t.Fatalf("wrap %v: table %v, new cards %v, broken %v: orphansKept says %v, everyCardPlaced(0) %v", opt.AceWrap, table, newCards, broken, !placed, placed)
			}
			ks.unchecked = true
			works := ks.dfs(0)
			if !placed {
				turned++
			}
			if !works {
				continue
			}
			laid++
			if !placed {
				t.Fatalf("wrap %v: table %v, new cards %v, broken %v: the attempt works, but everyCardPlaced turns it away", opt.AceWrap, table, newCards, broken)
			}
			// Along the way the search found, every kept meld grown in turn, the test must
			// let the rest through too; and the search with the tests must work as well.
			for i, add := range ks.chosen {
				if !ks.everyCardPlaced(i) {
					t.Fatalf("wrap %v: table %v, new cards %v, broken %v: the attempt works growing kept meld %d by %v, but everyCardPlaced(%d) turns it away", opt.AceWrap, table, newCards, broken, i, add, i)
				}
				for _, f := range add {
					ks.take(f)
				}
			}
			ks.setUp(Position{Table: table}, newCards, broken)
			ks.unchecked = false
			if !ks.dfs(0) {
				t.Fatalf("wrap %v: table %v, new cards %v, broken %v: the attempt works, but not with everyCardPlaced in its search", opt.AceWrap, table, newCards, broken)
			}
		}
		if laid < 300 || turned < 300 {
			t.Fatalf("wrap %v: %d attempts worked, %d turned away: the test does not exercise both", opt.AceWrap, laid, turned)
		}
	}
}

// wrapAndLine is Coppola's options with four jokers, with wrap and without.
func wrapAndLine() []Options {
	wrap, line := Coppola(4), Coppola(4)
	line.AceWrap = false
	return []Options{wrap, line}
}
