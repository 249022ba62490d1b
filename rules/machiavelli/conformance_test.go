package machiavelli

import (
	"encoding/json"
	"testing"

	"principe/rules/conformance"
)

func TestConformance(t *testing.T) {
	// One game of each ruleset as dealt by default, and a match of two games; every
	// position is replayed from the record, so more games cost a lot of time.
	conformance.Run(t, machiavelliGame{}, []conformance.Config{
		{Name: "coppola", Options: json.RawMessage(`{"ruleset":"coppola","players":4}`), Games: 1, MaxActions: 3000, PartialLegal: true},
		{Name: "bga", Options: json.RawMessage(`{"ruleset":"bga","players":4}`), Games: 1, MaxActions: 3000, PartialLegal: true},
		{Name: "coppola match of 2 games", Options: json.RawMessage(`{"ruleset":"coppola","players":2,"deal":12,"games":2}`), Games: 1, MaxActions: 3000, PartialLegal: true},
	})
}

// Cards are conserved: 106 in Coppola (two decks, two jokers), 104 in BGA.
func TestDeckSizes(t *testing.T) {
	for _, c := range []struct {
		options string
		want    int
	}{{`{"ruleset":"coppola"}`, 106}, {`{"ruleset":"bga"}`, 104}, {`{"ruleset":"bga","players":5,"decks":3}`, 156}} {
		st, err := machiavelliGame{}.NewState(json.RawMessage(c.options), 1)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		n := len(s.Stock) + len(s.Free)
		for _, h := range s.Hands {
			n += len(h)
		}
		if n != c.want || len(s.Opt.deck()) != c.want {
			t.Errorf("%s: %d cards, want %d", c.options, n, c.want)
		}
	}
}
