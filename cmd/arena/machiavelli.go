package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"time"

	"principe/rules/machiavelli"
)

// machiavelliAdapter turns arena flags into a Machiavelli game:
//
//	-ruleset coppola|bga     the rules preset (default coppola)
//	-seats a,b,…             one bot per player, 2 to 8 (coppola: 2 to 5 by its rulebook,
//	                         more are allowed while the cards last)
type machiavelliAdapter struct{}

func init() {
	registerGame("machiavelli", machiavelliAdapter{})
	registerCommand("solve", cmdSolve)
}

// Setup builds the options JSON and the bot of each seat.
func (machiavelliAdapter) Setup(f Flags) (json.RawMessage, []string, error) {
	if f.Variant != "" {
		return nil, nil, fmt.Errorf("machiavelli: no variant %q; choose the rules with -ruleset coppola|bga", f.Variant)
	}
	ruleset := f.Ruleset
	if ruleset == "" {
		ruleset = "coppola"
	}
	if ruleset != "coppola" && ruleset != "bga" {
		return nil, nil, fmt.Errorf("machiavelli: -ruleset must be coppola or bga, not %q", f.Ruleset)
	}
	if f.Players != 0 && f.Players != len(f.Seats) {
		return nil, nil, fmt.Errorf("machiavelli: -players %d but %d -seats; give one bot per player", f.Players, len(f.Seats))
	}
	bots := []string{"random", "greedy", "expert"}
	for i, b := range f.Seats {
		if !slices.Contains(bots, b) {
			return nil, nil, fmt.Errorf("machiavelli: seat %d is %q; want one of %v", i+1, b, bots)
		}
	}
	data, err := json.Marshal(map[string]any{"ruleset": ruleset, "players": len(f.Seats)})
	if err != nil {
		return nil, nil, err
	}
	if _, err := machiavelli.ParseOptions(data); err != nil {
		return nil, nil, err
	}
	return data, slices.Clone(f.Seats), nil
}

// solveOutput is what `arena solve` prints.
type solveOutput struct {
	Placed    int        `json:"placed"`
	Points    int        `json:"points"`
	HandCards []string   `json:"hand_cards"`
	FreeCards []string   `json:"free_cards"`
	Table     [][]string `json:"table"`
	Steps     []string   `json:"steps"`
	Exact     bool       `json:"exact"` // proven best (false: a search ran out of its budget)
	Micros    int64      `json:"micros"`
}

// cmdSolve runs the Machiavelli solver on one position:
//
//	arena solve -ruleset coppola|bga -table "7H 8H 9H | QS QD QC" -hand "10H JH 2C" [-free "5S 9D"]
func cmdSolve(args []string) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	ruleset := fs.String("ruleset", "coppola", "rules preset: coppola or bga")
	table := fs.String("table", "", `the table, melds separated by "|": "7H 8H 9H | QS QD QC"`)
	hand := fs.String("hand", "", `the hand: "10H JH 2C" (ranks A 2 … 10 J Q K, suits S H D C, joker *)`)
	free := fs.String("free", "", `free cards (coppola): "5S 9D"`)
	if err := fs.Parse(args); err != nil {
		return usageError("%v", err)
	}
	if fs.NArg() > 0 {
		return usageError("solve: unexpected arguments %v", fs.Args())
	}
	opt, err := machiavelli.ParseOptions(json.RawMessage(fmt.Sprintf(`{"ruleset":%q}`, *ruleset)))
	if err != nil {
		return usageError("solve: %v", err)
	}
	if *hand == "" && *free == "" {
		return usageError("solve: give -hand (and perhaps -free)")
	}
	p, err := machiavelli.ParsePosition(*table, *hand, *free, opt)
	if err != nil {
		return usageError("solve: %v", err)
	}
	start := time.Now()
	sol := machiavelli.Solve(p, opt)
	out := solveOutput{Placed: sol.Placed, Points: sol.Points, HandCards: machiavelli.Codes(sol.HandCards),
		FreeCards: machiavelli.Codes(sol.FreeCards), Table: [][]string{}, Steps: sol.Steps,
		Exact: sol.Exact, Micros: time.Since(start).Microseconds()}
	if !sol.Found() {
		out.Steps = []string{"No card can be laid: draw."}
		for _, m := range p.Table {
			out.Table = append(out.Table, machiavelli.Codes(m))
		}
	}
	for _, m := range sol.Table {
		out.Table = append(out.Table, machiavelli.Codes(m))
	}
	enc := json.NewEncoder(os.Stdout)
	return enc.Encode(out)
}
