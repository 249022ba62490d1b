package main

import (
	"encoding/json"
	"fmt"
	"slices"

	"principe/rules/niccolo"
)

// niccoloAdapter turns arena flags into a Niccolò game:
//
//	-seats expert,greedy,envoy,random   one entry per family in seat order (Visconti,
//	                                    Sforza, Soderini, Medici); 1–4 entries, missing
//	                                    seats become Envoys; "envoy" marks an Envoy seat
//	-variant solitaire|partner          (default: standard; one bot seat means solitaire)
type niccoloAdapter struct{}

func init() { registerGame(niccolo.Name, niccoloAdapter{}) }

// Setup builds the options JSON and the bot of each seat ("" for an Envoy).
func (niccoloAdapter) Setup(f Flags) (json.RawMessage, []string, error) {
	if len(f.Seats) == 0 || len(f.Seats) > 4 {
		return nil, nil, fmt.Errorf("niccolo: -seats needs 1 to 4 entries (bots or \"envoy\"), got %d", len(f.Seats))
	}
	if f.Players != 0 {
		return nil, nil, fmt.Errorf("niccolo: use -seats, not -players (missing seats become envoys)")
	}
	if f.Ruleset != "" {
		return nil, nil, fmt.Errorf("niccolo: there is no ruleset %q; Niccolò has one rulebook", f.Ruleset)
	}
	bots := niccolo.Game{}.Bots()
	opts := niccolo.Options{Variant: f.Variant}
	seats := make([]string, 4)
	for i := range seats {
		switch {
		case i >= len(f.Seats) || f.Seats[i] == "envoy":
			opts.Seats = append(opts.Seats, "envoy")
		case slices.Contains(bots, f.Seats[i]):
			opts.Seats = append(opts.Seats, "player")
			seats[i] = f.Seats[i]
		default:
			return nil, nil, fmt.Errorf("niccolo: seat %d is %q; want one of %v or \"envoy\"", i+1, f.Seats[i], bots)
		}
	}
	data, err := json.Marshal(opts)
	if err != nil {
		return nil, nil, err
	}
	if _, err := niccolo.ParseOptions(data); err != nil {
		return nil, nil, err
	}
	return data, seats, nil
}
