package machiavelli

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestMirrorCard: the mirror maps 2 to K, 7 to 8 and the ace to itself, keeps suits,
// copies and jokers, and undoes itself; with wrap and without, a meld is valid exactly
// when its mirror is (stretches of a suit, round the ace too, cards of one rank, and
// random bunches of cards, jokers among them).
func TestMirrorCard(t *testing.T) {
	for copy := range 3 {
		for s := Spades; s <= Clubs; s++ {
			for r := 1; r <= 13; r++ {
				c := NewCard(r, s, copy)
				m := mirrorCard(c)
				want := 15 - r
				if r == 1 {
					want = 1
				}
				if m.Rank() != want || m.Suit() != s || m.Copy() != copy || mirrorCard(m) != c {
					t.Fatalf("mirror of %v is %v", c, m)
				}
			}
		}
		if j := Joker(copy); mirrorCard(j) != j {
			t.Fatalf("a joker's mirror is %v", mirrorCard(j))
		}
	}
	if got := mirrorCards([]Card{NewCard(2, Hearts, 0), NewCard(7, Hearts, 1)}); got[0] != NewCard(13, Hearts, 0) || got[1] != NewCard(8, Hearts, 1) {
		t.Fatalf("mirrorCards: %v", got)
	}
	r := rand.New(rand.NewPCG(5, 6))
	pool := []Card{Joker(0), Joker(1)}
	for f := range 52 {
		pool = append(pool, Card(f))
	}
	valid := 0
	for range 50_000 {
		n := 3 + r.IntN(5)
		m := make([]Card, 0, n)
		switch r.IntN(3) {
		case 0: // a stretch of one suit, round the ace perhaps
			s, lo := Suit(r.IntN(4)), 1+r.IntN(13)
			for k := range n {
				m = append(m, NewCard((lo+k-1)%13+1, s, 0))
			}
		case 1: // one rank
			rank := 1 + r.IntN(13)
			for range min(n, 4) {
				m = append(m, NewCard(rank, Suit(r.IntN(4)), 0))
			}
		default:
			for range n {
				m = append(m, pool[r.IntN(len(pool))])
			}
		}
		if r.IntN(3) == 0 {
			m[r.IntN(len(m))] = Joker(0)
		}
		for _, wrap := range []bool{false, true} {
			ok := validMeld(m, wrap)
			if ok != validMeld(mirrorCards(m), wrap) {
				t.Fatalf("%v valid %v (wrap %v), its mirror %v valid %v", m, ok, wrap, mirrorCards(m), !ok)
			}
			if ok && !wrap {
				valid++
			}
		}
	}
	if valid < 5000 {
		t.Fatalf("only %d of the melds tried are valid", valid)
	}
}

// TestMirrorSolvesAlike: the mirrored position, its cards worth their mirrors' points,
// has the same best play, and mapped back it is a legal play of the position worth the
// same (BGA positions, scored by points so that the values of the ranks matter; Coppola
// positions with table jokers, where the joker rule bites). Told to look only above a
// value, it proves exactly that.
func TestMirrorSolvesAlike(t *testing.T) {
	var ps []oraclePosition
	for i, o := range overlaid(t, loadOracle(t, "bga"), `{"scoring":"points"}`, 0) {
		if i%8 == 0 {
			ps = append(ps, o)
		}
	}
	withJokers := 0
	for _, o := range loadOracle(t, "coppola") { // (with wrap: the ring read backwards)
		if positionTableJokers(o) > 0 && withJokers%6 == 0 {
			ps = append(ps, o)
		}
		withJokers += min(positionTableJokers(o), 1)
	}
	for i := range ps {
		p, opt, err := ps[i].parse()
		if err != nil {
			t.Fatal(err)
		}
		own := solveWithin(p, opt, solveBudget, false, -1)
		m := solveMirrored(p, opt, solveBudget, true, -1)
		if !own.Exact || !m.Exact || own.value() != m.value() {
			t.Fatalf("%s: %d (exact %v), mirrored %d (exact %v)", ps[i].ID, own.value(), own.Exact, m.value(), m.Exact)
		}
		// Looking only for plays better than the best, it proves there are none; looking
		// for plays better than one worth a point less, it finds the best.
		if more := solveMirrored(p, opt, solveBudget, false, own.value()); !more.Exact || more.value() > own.value() {
			t.Fatalf("%s: above the best (%d), mirrored %d (exact %v)", ps[i].ID, own.value(), more.value(), more.Exact)
		}
		if below := solveMirrored(p, opt, solveBudget, false, own.value()-1); own.Found() && (!below.Exact || below.value() != own.value()) {
			t.Fatalf("%s: above %d, mirrored %d (exact %v)", ps[i].ID, own.value()-1, below.value(), below.Exact)
		}
		if m.Found() {
			if _, err := checkPlay(p.Table, p.Hand, p.Free, m.Action(), opt); err != nil {
				t.Fatalf("%s: the mirrored play mapped back: %v", ps[i].ID, err)
			}
			if len(m.Steps) == 0 {
				t.Fatalf("%s: the mirrored play has no steps", ps[i].ID)
			}
		}
	}
}

// TestMirroredSweep: fresh Coppola positions without wrap (seed 9056) whose searches run
// out of budget sweeping from the ace up, and finish at once from the king down: Solve,
// at its default budgets, proves glpsol's answers (c-0207 took glpsol 104 s).
func TestMirroredSweep(t *testing.T) {
	noWrap := json.RawMessage(`{"ace_wrap":false}`)
	for _, c := range []struct {
		want ilpAnswer
		o    oraclePosition
	}{
		{ilpAnswer{Placed: 11, Points: 60}, oraclePosition{ID: "c-0207", Ruleset: "coppola", Options: noWrap,
			Table: "AC 2C 3C 4C 5C 6C | 10S 10C 10D 10H | AS 2S 3S 4S | 4H * 4S | 3S 3D * 3C | 5S 5C 5D 5H | " +
				"6S 6D 6H | 7D 7C 7H 7S | 9H 10H JH QH | 7C 8C 9C | 3D 4D 5D 6D 7D 8D | 6S 7S 8S | 2H 2S 2D | KD KC KS KH",
			Hand: "7H 8C 2C 9C JC 9H 3H 9S 10S AH KD AC"}},
		{ilpAnswer{Placed: 18, Points: 105, Free: 4}, oraclePosition{ID: "c-0558", Ruleset: "coppola", Options: noWrap,
			Table: "5D 5S 5C | 4S 5S 6S 7S 8S 9S 10S | 6H 7H 8H 9H 10H JH QH | 6H 7H 8H 9H 10H JH QH | 10C 10D 10S | " +
				"4H 4S 4C 4D | 6C 7C 8C 9C 10C JC | 6C 7C 8C | 2H 2C 2S 2D | AC 2C 3C | 6S 7S 8S | QD * AD | 5C 5D 5H | 3H 3D 3S 3C",
			Hand: "AS 4D 2H 8D AC 4H JS AH 9C 4C AD 3H 9S 5H AS 7D QD KD", Free: "AH KD 7D KC"}},
		{ilpAnswer{Placed: 13, Points: 80}, oraclePosition{ID: "c-0632", Ruleset: "coppola",
			Options: json.RawMessage(`{"ace_wrap":false,"decks":3,"jokers":4}`),
			Table: "8D 9D 10D JD QD | 5C 6C 7C 8C 9C 10C JC QC | 5H 5S 5C 5D | JD JS * | 5H 5C 5S 5D | 6D 7D 8D * 10D | " +
				"JH JC JD | AD 2D 3D 4D | KH KS KD * | AH AD AC | 6H 7H 8H 9H 10H JH | 3H 4H 5H 6H 7H | 7C 7H 7S | 5S 6S 7S | " +
				"AH AS * AD | JC QC KC AC | AS AH AC | 4D 5D 6D 7D 8D 9D 10D",
			Hand: "7D 8C AS QH 8H KD 8H 6S 9C KD 6D 9D 7C"}},
	} {
		checkSolvesTo(t, c.want, c.o)
	}
}
