package intrigo

import (
	"encoding/json"
	"testing"

	"principe/rules/conformance"
)

// conformanceConfigs keep the suite short: each random game is checked after every action (replay, resampling).
var conformanceConfigs = []conformance.Config{
	{Name: "three players", Options: json.RawMessage(`{"players":3}`), Games: 2, MaxActions: 3000},
	{Name: "four players", Options: json.RawMessage(`{"players":4}`), Games: 1, MaxActions: 3000},
	{Name: "five players", Options: json.RawMessage(`{"players":5}`), Games: 1, MaxActions: 3000},
}

func TestConformance(t *testing.T) { conformance.Run(t, Game{}, conformanceConfigs) }

func FuzzReplay(f *testing.F) { conformance.FuzzRecords(f, Game{}, conformanceConfigs) }
