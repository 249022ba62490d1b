package machiavelli

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

var jokerMixes = flag.Int("joker-mixes", 150, "TestJokerMixesAgainstILP: random four-joker positions to compare with glpsol")

var jokerMixSeed = flag.Uint64("joker-mix-seed", 1, "TestJokerMixesAgainstILP: the seed of its positions")

// TestJokerMixesAgainstILP compares Solve with glpsol (tallyFresh's checks: every play
// legal, none beating glpsol's optimum, none claimed best unless worth it) on small random
// positions with the four-joker option where jokers are everywhere: one or two in the
// hand, one or two free, sometimes one or two on the table; either ruleset (BGA with free
// cards), two or three decks, with wrap or without, often a cap on the cards per turn,
// either scoring. Small tables make the jokers' order matter: such positions showed the
// table search placing hand jokers before free ones under a cap
// (TestCapFreeJokerForHandJoker), pieces of three jokers at the start of the sweep
// (TestJokerPieceOfThree), and a single natural with four jokers left unlaid
// (TestSingleNaturalWithFourJokers). A deeper look: -joker-mixes 3000 (about two minutes).
func TestJokerMixesAgainstILP(t *testing.T) {
	if glpsolPath() == "" {
		t.Skip("glpsol is not installed (Debian: apt-get install glpk-utils)")
	}
	r := rand.New(rand.NewPCG(*jokerMixSeed, 7))
	var ps []oraclePosition
	for len(ps) < *jokerMixes {
		ps = append(ps, jokerMix(r, fmt.Sprintf("mix-%04d", len(ps))))
	}
	sols := make([]Solution, len(ps))
	for i, o := range ps {
		sols[i] = solveFresh(t, o, 0)
	}
	tallyFresh(t, ps, sols, solveILPs(t, ps, 2))
}

// jokerMix is one random position of TestJokerMixesAgainstILP.
func jokerMix(r *rand.Rand, id string) oraclePosition {
	ranks := []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
	suits := []string{"S", "H", "D", "C"}
	copies := map[string]int{} // of each card used, two decks
	take := func(c string) bool {
		if copies[c] == 2 {
			return false
		}
		copies[c]++
		return true
	}
	var melds [][]string
	for range r.IntN(5) {
		var m []string
		if r.IntN(2) == 0 { // a run of 3 to 5
			s, from := suits[r.IntN(4)], r.IntN(9)
			for k := from; k < from+3+r.IntN(3) && k < 13 && take(ranks[k]+s); k++ {
				m = append(m, ranks[k]+s)
			}
		} else { // a set of 3 or 4
			rank := ranks[r.IntN(13)]
			for _, s := range suits[:3+r.IntN(2)] {
				if take(rank + s) {
					m = append(m, rank+s)
				}
			}
		}
		if len(m) >= 3 {
			melds = append(melds, m)
		}
	}
	jokers := 4
	for _, m := range melds { // a table joker in place of a card, now and then
		if jokers > 2 && r.IntN(3) == 0 {
			k := r.IntN(len(m))
			copies[m[k]]--
			m[k] = "*"
			jokers--
		}
	}
	hand := strings.Fields(strings.Repeat("* ", min(1+r.IntN(2), jokers-1)))
	free := strings.Fields(strings.Repeat("* ", min(1+r.IntN(2), jokers-len(hand))))
	for want := len(hand) + 3 + r.IntN(6); len(hand) < want; {
		if c := ranks[r.IntN(13)] + suits[r.IntN(4)]; take(c) {
			hand = append(hand, c)
		}
	}
	for range r.IntN(2) {
		if c := ranks[r.IntN(13)] + suits[r.IntN(4)]; take(c) {
			free = append(free, c)
		}
	}
	opts := map[string]any{"jokers": 4, "scoring": []string{"points", "cards"}[r.IntN(2)],
		"ace_wrap": r.IntN(3) > 0, "decks": 2 + r.IntN(2)}
	if r.IntN(3) > 0 {
		opts["max_per_turn"] = 2 + r.IntN(len(hand)-2)
	}
	rs := []string{"coppola", "bga"}[r.IntN(2)]
	if rs == "bga" {
		opts["free_cards"] = 4 // (BGA has none of its own)
	}
	b, _ := json.Marshal(opts)
	table := make([]string, len(melds))
	for i, m := range melds {
		table[i] = strings.Join(m, " ")
	}
	return oraclePosition{ID: id, Kind: "joker-mix", Ruleset: rs, Options: b,
		Table: strings.Join(table, " | "), Hand: strings.Join(hand, " "), Free: strings.Join(free, " ")}
}
