package main

import (
	"encoding/json"
	"fmt"
	"slices"

	"principe/rules/intrigo"
)

// intrigoAdapter turns arena flags into an Intrigo game:
//
//	-players 3|4|5                 (default: one per -seats entry)
//	-seats expert,greedy,greedy    one bot per seat, clockwise from orange; a single entry is
//	                               repeated for every seat
type intrigoAdapter struct{}

func init() { registerGame("intrigo", intrigoAdapter{}) }

// Setup builds the options JSON and the bot of each seat.
func (intrigoAdapter) Setup(f Flags) (json.RawMessage, []string, error) {
	if f.Variant != "" || f.Ruleset != "" {
		return nil, nil, fmt.Errorf("intrigo: there is no variant or ruleset (got %q, %q)", f.Variant, f.Ruleset)
	}
	players := f.Players
	if players == 0 {
		players = len(f.Seats)
	}
	if players < intrigo.MinPlayers || players > intrigo.MaxPlayers {
		return nil, nil, fmt.Errorf("intrigo: -players must be %d to %d, got %d", intrigo.MinPlayers, intrigo.MaxPlayers, players)
	}
	seats := slices.Clone(f.Seats)
	if len(seats) == 1 {
		seats = slices.Repeat(seats, players)
	}
	if len(seats) != players {
		return nil, nil, fmt.Errorf("intrigo: %d players need %d -seats entries (or one for all), got %d", players, players, len(f.Seats))
	}
	bots := intrigo.Game{}.Bots()
	for i, s := range seats {
		if !slices.Contains(bots, s) {
			return nil, nil, fmt.Errorf("intrigo: seat %d is %q; want one of %v", i+1, s, bots)
		}
	}
	data, err := json.Marshal(intrigo.Options{Players: players})
	if err != nil {
		return nil, nil, err
	}
	return data, seats, nil
}
