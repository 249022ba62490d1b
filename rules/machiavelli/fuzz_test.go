package machiavelli

import (
	"encoding/json"
	"testing"
)

// FuzzSolvePosition: any table, hand and free cards under any options are either refused
// by ParsePosition / ParseOptions with an error, or solved; Solve never panics, and a play
// it returns is legal, laying the hand cards it says and no more than the cap. (Positions
// of more than 40 cards are left out, to keep each input quick.)
func FuzzSolvePosition(f *testing.F) {
	f.Add(`{"ruleset":"coppola"}`, "7H 8H 9H | QS QD QC", "10H JH 2C", "")
	f.Add(`{"ruleset":"bga"}`, "AH 2H 3H | 5C 5D 5S", "4H 5H 5H", "")
	f.Add(`{"ruleset":"coppola","max_per_turn":3}`, "JD * KD | 10C 10H *", "QD KH KH 10S", "5S")
	f.Add(`{"ruleset":"coppola","jokers":4}`, "2C * * * *", "3C * 4C", "* 5C")
	f.Add(`{"ruleset":"bga","ace_wrap":true,"max_per_turn":2}`, "KH AH 2H", "QH 3H JH", "")
	f.Add(`{"ruleset":"coppola","decks":3,"scoring":"cards"}`, "AS 2S 3S | AS AH AD", "AS AC 4S", "2S")
	f.Add(`{"ruleset":"coppola"}`, "QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "QH", "")
	f.Fuzz(func(t *testing.T, options, table, hand, free string) {
		opt, err := ParseOptions(json.RawMessage(options))
		if err != nil {
			return
		}
		p, err := ParsePosition(table, hand, free, opt)
		if err != nil || positionCards(p) > 40 {
			return
		}
		sol := Solve(p, opt)
		if !sol.Found() {
			return
		}
		res, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt)
		if err != nil {
			t.Fatalf("Solve's play is refused: %v", err)
		}
		if len(res.fromHand) != sol.Placed || opt.MaxPerTurn > 0 && sol.Placed > opt.MaxPerTurn {
			t.Fatalf("Solve says %d hand cards, the play lays %d (cap %d)", sol.Placed, len(res.fromHand), opt.MaxPerTurn)
		}
	})
}
