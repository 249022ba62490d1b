package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
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
//
// or, with -batch, on every position of its standard input (see solveBatch).
func cmdSolve(args []string) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	ruleset := fs.String("ruleset", "coppola", "rules preset: coppola or bga")
	table := fs.String("table", "", `the table, melds separated by "|": "7H 8H 9H | QS QD QC"`)
	hand := fs.String("hand", "", `the hand: "10H JH 2C" (ranks A 2 … 10 J Q K, suits S H D C, joker *)`)
	free := fs.String("free", "", `free cards (coppola): "5S 9D"`)
	limit := fs.Duration("cap", 3*time.Second, "time cap per position: a play not proven best is searched on with larger budgets until then (0: the default budgets only)")
	batch := fs.Bool("batch", false, `read JSON lines from stdin, one position a line ({"ruleset":…,"options":{…},"table":…,"hand":…,"free":…}), and answer one JSON line each`)
	if err := fs.Parse(args); err != nil {
		return usageError("%v", err)
	}
	if fs.NArg() > 0 {
		return usageError("solve: unexpected arguments %v", fs.Args())
	}
	if *batch {
		if *table != "" || *hand != "" || *free != "" {
			return usageError("solve: -batch reads the positions from stdin; give no -table, -hand or -free")
		}
		return solveBatch(os.Stdin, os.Stdout, *ruleset, *limit)
	}
	if *hand == "" && *free == "" {
		return usageError("solve: give -hand (and perhaps -free)")
	}
	out, err := solveOne(solveInput{Ruleset: *ruleset, Table: *table, Hand: *hand, Free: *free}, *limit)
	if err != nil {
		return usageError("solve: %v", err)
	}
	return json.NewEncoder(os.Stdout).Encode(out)
}

// solveInput is one position of `arena solve -batch`: the same fields as the flags, and
// options overriding the ruleset's preset (the game's options JSON: {"jokers":4},
// {"decks":3}, {"max_per_turn":0} …). An id, if given, is echoed.
type solveInput struct {
	ID      json.RawMessage `json:"id,omitempty"`
	Ruleset string          `json:"ruleset"`
	Options json.RawMessage `json:"options,omitempty"`
	Table   string          `json:"table"`
	Hand    string          `json:"hand"`
	Free    string          `json:"free"`
}

// batchOutput is one answer line of `arena solve -batch`: the line's number (from 1), its
// id, and either the solution or an error.
type batchOutput struct {
	Line int             `json:"line"`
	ID   json.RawMessage `json:"id,omitempty"`
	*solveOutput
	Error string `json:"error,omitempty"`
}

// solveBatch answers every line of r with a line on w, in order: the solution, or an
// error for a line that is not a position (bad JSON, unknown options, cards the game does
// not have, an invalid table meld…); no line stops the batch. Blank lines are skipped.
// A line's ruleset defaults to the -ruleset flag.
func solveBatch(r io.Reader, w io.Writer, ruleset string, limit time.Duration) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	enc := json.NewEncoder(bw)
	for line := 1; sc.Scan(); line++ {
		text := sc.Bytes()
		if len(strings.TrimSpace(string(text))) == 0 {
			continue
		}
		out := batchOutput{Line: line}
		in := solveInput{Ruleset: ruleset}
		if err := json.Unmarshal(text, &in); err != nil {
			out.Error = fmt.Sprintf("not a position: %v", err)
		} else {
			out.ID = in.ID
			sol, err := solveOne(in, limit)
			if err != nil {
				out.Error = err.Error()
			} else {
				out.solveOutput = &sol
			}
		}
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading the positions: %v", err)
	}
	return nil
}

// solveOne solves one position within the time cap limit (0: none); a panic inside the
// solver is answered as an error.
func solveOne(in solveInput, limit time.Duration) (out solveOutput, err error) {
	opts := map[string]any{}
	if len(in.Options) > 0 {
		if err := json.Unmarshal(in.Options, &opts); err != nil {
			return out, fmt.Errorf("options: %v", err)
		}
	}
	if in.Ruleset == "" {
		in.Ruleset = "coppola"
	}
	opts["ruleset"] = in.Ruleset
	data, err := json.Marshal(opts)
	if err != nil {
		return out, err
	}
	opt, err := machiavelli.ParseOptions(data)
	if err != nil {
		return out, err
	}
	if in.Hand == "" && in.Free == "" {
		return out, fmt.Errorf("no hand (and no free cards)")
	}
	p, err := machiavelli.ParsePosition(in.Table, in.Hand, in.Free, opt)
	if err != nil {
		return out, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the solver failed: %v", r)
		}
	}()
	if limit > 0 {
		stop := make(chan struct{})
		timer := time.AfterFunc(limit, func() { close(stop) })
		defer timer.Stop()
		p.Stop = stop
	}
	start := time.Now()
	sol := machiavelli.Solve(p, opt)
	out = solveOutput{Placed: sol.Placed, Points: sol.Points, HandCards: machiavelli.Codes(sol.HandCards),
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
	return out, nil
}
