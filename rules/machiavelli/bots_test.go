package machiavelli

import (
	"context"
	"slices"
	"testing"
)

// expertObs builds the expert's observation of a position (seat 0 of four).
func expertObs(p Position, opt Options, log []Record) *Observation {
	return &Observation{Me: 0, Opt: opt, Hand: p.Hand, Table: p.Table, Free: p.Free,
		HandSizes: []int{len(p.Hand), 10, 10, 10}, StockSize: 20, Log: log}
}

// laid applies the bot's action to the position and returns the hand cards it laid.
func laid(t *testing.T, p Position, opt Options, a Action) []Card {
	t.Helper()
	if a.Kind != KindPlay {
		return nil
	}
	res, err := checkPlay(p.Table, p.Hand, p.Free, a, opt)
	if err != nil {
		t.Fatalf("the expert's play %v is refused: %v", a, err)
	}
	return res.fromHand
}

func expertChoice(t *testing.T, o *Observation) Action {
	t.Helper()
	a, err := ExpertBot{}.Choose(context.Background(), o, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a.(Action)
}

func TestExpertLaysLittleInItsFirstTurn(t *testing.T) {
	opt := BGA(4)
	p := position(t, "", "3H 4H 5H 6H 7H 9S 9D 9C KC", "")
	first := expertChoice(t, expertObs(p, opt, nil))
	if n := len(laid(t, p, opt, first)); n != 3 {
		t.Fatalf("first turn: laid %d cards (%v), want a single meld of three", n, first)
	}
	// Later on it lays the solver's maximum.
	later := expertChoice(t, expertObs(p, opt, []Record{{Seat: 0, Kind: KindDraw, Drawn: 1}}))
	if n := len(laid(t, p, opt, later)); n != 8 {
		t.Fatalf("later turn: laid %d cards (%v), want all 8 it can", n, later)
	}
}

func TestExpertGoesOutAtOnce(t *testing.T) {
	opt := BGA(4)
	p := position(t, "3H 4H 5H", "6H 7H 9S 9D 9C", "")
	a := expertChoice(t, expertObs(p, opt, nil))
	if n := len(laid(t, p, opt, a)); n != 5 {
		t.Fatalf("laid %d of 5 cards (%v), but it could go out", n, a)
	}
}

func TestExpertDrawsOrPassesWithNothingToLay(t *testing.T) {
	opt := BGA(4)
	p := position(t, "3H 4H 5H", "9S KD", "")
	o := expertObs(p, opt, nil)
	if a := expertChoice(t, o); a.Kind != KindDraw {
		t.Fatalf("chose %v, want a draw", a)
	}
	o.StockSize = 0
	if a := expertChoice(t, o); a.Kind != KindPass {
		t.Fatalf("chose %v with the stock empty, want a pass", a)
	}
}

func TestSmallLayOrder(t *testing.T) {
	opt := Coppola(4)
	// A free card onto a meld lays no hand card at all.
	p := position(t, "3H 4H 5H", "9S 9D 9C 6H", "2H")
	a, ok := smallLay(p, opt)
	if !ok || len(laid(t, p, opt, a)) != 0 || !slices.Equal(a.Free, p.Free) {
		t.Fatalf("got %v %v, want the free 2H onto the run", a, ok)
	}
	// Without free cards: one hand card onto a meld before a meld of three; a joker only
	// when nothing else fits.
	p = position(t, "3H 4H 5H", "* 9S 9D 9C 6H", "")
	a, ok = smallLay(p, opt)
	if got := laid(t, p, opt, a); !ok || len(got) != 1 || got[0].Code() != "6H" {
		t.Fatalf("got %v, want 6H onto the run", got)
	}
	p = position(t, "3H 4H 5H", "* 9S 9D 9C", "")
	a, ok = smallLay(p, opt)
	if got := laid(t, p, opt, a); !ok || len(got) != 1 || !got[0].IsJoker() {
		t.Fatalf("got %v, want the joker onto the run (the only single card that fits)", got)
	}
	p = position(t, "", "9S 9D 9C KH", "")
	a, ok = smallLay(p, opt)
	if got := laid(t, p, opt, a); !ok || len(got) != 3 {
		t.Fatalf("got %v, want the set of nines", got)
	}
	if _, ok := smallLay(position(t, "", "9S 10D KH", ""), opt); ok {
		t.Fatal("found a simple lay in a hand without one")
	}
}
