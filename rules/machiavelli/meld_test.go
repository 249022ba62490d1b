package machiavelli

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestMeldValidity(t *testing.T) {
	cases := []struct {
		cards string
		wrap  bool
		want  string // "" = valid, else a fragment of the error
	}{
		{"5H 5S 5D", false, ""},
		{"5H 5S 5D 5C", false, ""},
		{"5H 5S", false, "only 2 cards"},
		{"5H 5H 5S", false, "5♥ appears twice"},
		{"5H 6S 7H", false, "neither a set"},
		{"5H 6H 7H 8H", false, ""},
		{"7H 8H 10H", false, "9♥ is missing"},
		{"7H 8H 10H *", false, ""},
		{"7H 10H *", false, "8♥ and 9♥ are missing and it has only 1 joker"},
		{"AH 2H 3H", false, ""},
		{"QH KH AH", false, ""},
		{"KC AC 2C", false, "wraps around the ace, which this ruleset does not allow"},
		{"KC AC 2C", true, ""},
		{"QC KC AC 2C 3C", true, ""},
		{"* * *", true, "only jokers"},
		{"5H * *", false, ""},
		{"5H 5S * *", false, ""},
		{"5H 5S 5D 5C *", false, "at most 4 cards"},
		{"5H 5S * * *", false, "at most 4 cards"},
		// One natural and four jokers (the four-joker option): no set, but a run.
		{"5H * * * *", false, ""},
		{"AH * * * *", false, ""},
		{"5H * * *", false, ""},
		{"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", false, ""},
		{"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH *", true, "at most 13"},
		{"JH QH KH * *", false, ""}, // J Q K A + joker below J
		{"2H 3H KH", true, "AH"[:0] + "A♥ is missing"},
	}
	for _, c := range cases {
		cs := cards(t, c.cards, map[int]int{})
		err := checkMeld(cs, c.wrap)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s (wrap %v): want valid, got %v", c.cards, c.wrap, err)
		case c.want != "" && err == nil:
			t.Errorf("%s (wrap %v): want error with %q, got valid", c.cards, c.wrap, c.want)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s (wrap %v): want error with %q, got %v", c.cards, c.wrap, c.want, err)
		}
	}
}

func TestIssueMessages(t *testing.T) {
	p := position(t, "5S 5D 5C | AH 2H 3H", "7H 8H 10H", "")
	act := Play(append(cloneMelds(p.Table), p.Hand), nil)
	_, err := checkPlay(p.Table, p.Hand, nil, act, BGA(4))
	if err == nil || err.Error() != "meld 3: 7♥ 8♥ 10♥ is not a run — 9♥ is missing" {
		t.Errorf("got %v", err)
	}
	p = position(t, "", "KC AC 2C", "")
	_, err = checkPlay(nil, p.Hand, nil, Play([][]Card{p.Hand}, nil), BGA(4))
	if err == nil || !strings.Contains(err.Error(), "K♣ A♣ 2♣ wraps around the ace, which this ruleset does not allow") {
		t.Errorf("got %v", err)
	}
}

func TestArrangeMeld(t *testing.T) {
	for _, c := range []struct {
		in, want string
		wrap     bool
	}{
		{"9H 7H 8H", "7♥ 8♥ 9♥", false},
		{"2C KC AC", "K♣ A♣ 2♣", true},
		{"AC KC QC", "Q♣ K♣ A♣", false},
		{"5H * 7H", "5♥ joker 7♥", false},
		{"5D 5S 5H", "5♠ 5♥ 5♦", false},
	} {
		got := cardsString(arrangeMeld(cards(t, c.in, map[int]int{}), c.wrap))
		if got != c.want {
			t.Errorf("arrange %s: got %s, want %s", c.in, got, c.want)
		}
	}
}

// TestValidMeldAgreesWithCheckMeld checks the solver's wordless validMeld against
// checkMeld's own reading (explainMeld) on random groups of cards, with and without
// wrap, many of them near melds.
func TestValidMeldAgreesWithCheckMeld(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	valid := 0
	for i := range 100_000 {
		var cards []Card
		rank, su := r.IntN(13), r.IntN(4)
		n := r.IntN(15)
		for k := range n {
			switch r.IntN(6) {
			case 0:
				cards = append(cards, Joker(r.IntN(4)))
			case 1:
				cards = append(cards, Card(r.IntN(52)))
			case 2, 3:
				cards = append(cards, Card(r.IntN(4)*13+rank)) // a set's cards
			default:
				cards = append(cards, Card(su*13+(rank+k)%13)) // a run's
			}
		}
		wrap := i%2 == 0
		want := explainMeld(cards, wrap) == nil
		if got := validMeld(cards, wrap); got != want {
			t.Fatalf("%v (wrap %v): validMeld %v, checkMeld's reading %v", cards, wrap, got, explainMeld(cards, wrap))
		}
		if want {
			valid++
		}
	}
	if valid < 2000 {
		t.Fatalf("only %d valid melds drawn: the test does not exercise both answers", valid)
	}
}
