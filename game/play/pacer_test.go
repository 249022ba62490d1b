package play

import (
	"testing"
	"time"

	"principe/rules"
	"principe/rules/conformance/toy"
)

// The pacer gives an AI's decision only once it has been thinking for the minimum ticks,
// and holds it meanwhile.
func TestPacerHoldsTheDecision(t *testing.T) {
	ai := Player{Kind: AI, Bot: "random"}
	m, _, err := NewMatch(toy.Name, nil, 1, []Player{ai, ai, ai}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var p Pacer
	const min = 30
	for tick := 1; tick <= 2000; tick++ {
		seat, a, ready, err := p.Poll(m, min)
		if err != nil {
			t.Fatal(err)
		}
		if ready {
			if tick < min {
				t.Fatalf("the decision came at tick %d, before %d", tick, min)
			}
			if seat != m.ToAct() || a == nil {
				t.Fatalf("decision for seat %d (%v), seat %d to act", seat, a, m.ToAct())
			}
			return
		}
		if held := p.Holding(); held != rules.NoSeat && held != m.ToAct() {
			t.Fatalf("holding seat %d's decision while seat %d is to act", held, m.ToAct())
		}
		time.Sleep(time.Millisecond) // the bot decides on its own goroutine
	}
	t.Fatal("no decision in 2,000 ticks")
}
