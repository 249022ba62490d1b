package niccolo

import (
	"encoding/json"
	"testing"

	"principe/rules/conformance"
)

var conformanceConfigs = []conformance.Config{
	{Name: "four players", Options: json.RawMessage(`{"seats":["player","player","player","player"]}`), Games: 4, MaxActions: 3000},
	{Name: "three players", Options: json.RawMessage(`{"seats":["player","envoy","player","player"]}`), Games: 3, MaxActions: 3000},
	{Name: "two players", Options: json.RawMessage(`{"seats":["player","envoy","player","envoy"]}`), Games: 3, MaxActions: 3000},
	{Name: "solitaire", Options: json.RawMessage(`{"seats":["envoy","envoy","envoy","player"],"variant":"solitaire"}`), Games: 4, MaxActions: 3000},
	{Name: "partner", Options: json.RawMessage(`{"variant":"partner"}`), Games: 3, MaxActions: 3000},
}

func TestConformance(t *testing.T) {
	conformance.Run(t, Game{}, conformanceConfigs)
}

func FuzzReplay(f *testing.F) { conformance.FuzzRecords(f, Game{}, conformanceConfigs) }
