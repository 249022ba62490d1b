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
			var faces []int
			for range 1 + r.IntN(2) {
				if rank := r.IntN(13); r.IntN(2) == 0 {
					for _, su := range r.Perm(4)[:3+r.IntN(2)] {
						faces = append(faces, su*13+rank)
					}
				} else {
					su := r.IntN(4)
					for i := range 3 + r.IntN(3) {
						faces = append(faces, su*13+(rank+i)%13)
					}
				}
			}
			switch r.IntN(3) {
			case 0:
				faces = append(faces[:0], faces[1:]...)
			case 1:
				faces = append(faces, r.IntN(52))
			}
			for _, f := range faces {
				pool = append(pool, Card(f))
				ks.pool[f]++
			}
			if opt.Jokers > 0 && r.IntN(3) == 0 {
				pool = append(pool, Joker(0))
				ks.pool[jokerFace]++
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
