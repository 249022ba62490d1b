package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"strings"
	"sync"

	"principe/rules/makiavelia"
)

// makiaveliaAdapter turns arena flags into a Makiavelia game:
//
//	-seats expert,greedy,greedy,greedy   one bot per player (3–8 entries)
//	-players P                            optional: the number of seats, or with a single
//	                                      -seats entry, that bot at every one of P seats
type makiaveliaAdapter struct{}

func init() {
	registerGame(makiavelia.Name, makiaveliaAdapter{})
	registerCommand("makiavelia-cards", makiaveliaCards)
}

// Setup builds the options JSON and the bot of each seat.
func (makiaveliaAdapter) Setup(f Flags) (json.RawMessage, []string, error) {
	n := f.Players
	if n == 0 {
		n = len(f.Seats)
	}
	if n < 3 || n > 8 {
		return nil, nil, fmt.Errorf("makiavelia: 3 to 8 players, got %d", n)
	}
	seats := f.Seats
	if len(seats) == 1 && n > 1 {
		seats = slices.Repeat(seats, n)
	}
	if len(seats) != n {
		return nil, nil, fmt.Errorf("makiavelia: -players %d needs %d -seats (or one, for every seat), got %d", n, n, len(f.Seats))
	}
	if f.Variant != "" || f.Ruleset != "" {
		return nil, nil, fmt.Errorf("makiavelia: there are no variants or rulesets")
	}
	bots := makiavelia.GameDef{}.Bots()
	for i, b := range seats {
		if !slices.Contains(bots, b) {
			return nil, nil, fmt.Errorf("makiavelia: seat %d is %q; want one of %v", i+1, b, bots)
		}
	}
	data, err := json.Marshal(makiavelia.Options{Players: n})
	if err != nil {
		return nil, nil, err
	}
	return data, seats, nil
}

// makiaveliaCards is `arena makiavelia-cards -seats a,b,c [-games N] [-seed S]
// [-parallel K] [-budget B]`: the per-card win-rate study, as a Markdown table.
func makiaveliaCards(args []string) error {
	fs := flag.NewFlagSet("makiavelia-cards", flag.ContinueOnError)
	seats := fs.String("seats", "expert,expert,expert,expert", "one bot per player")
	games := fs.Int("games", 1000, "games to play")
	seed := fs.Uint64("seed", 1, "first seed")
	parallel := fs.Int("parallel", 1, "games at once")
	budget := fs.Int("budget", 0, "expert samples per candidate (0: default)")
	if err := fs.Parse(args); err != nil {
		return usageError("%v", err)
	}
	bots := strings.Split(*seats, ",")
	if len(bots) < 3 || len(bots) > 8 {
		return usageError("makiavelia-cards: 3 to 8 seats, got %d", len(bots))
	}
	k := max(1, *parallel)
	parts := make([]*makiavelia.CardStudy, k)
	errs := make([]error, k)
	var wg sync.WaitGroup
	for i := 0; i < k; i++ {
		from := *games * i / k
		to := *games * (i + 1) / k
		wg.Add(1)
		go func(i, from, to int) {
			defer wg.Done()
			parts[i], errs[i] = makiavelia.StudyCards(bots, *seed+uint64(from), to-from, *budget)
		}(i, from, to)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	total := parts[0]
	for _, p := range parts[1:] {
		total.Merge(p)
	}
	fmt.Print(total.Report())
	return nil
}
