package makiavelia

import (
	"encoding/json"
	"flag"
	"fmt"
	"testing"

	"principe/rules/conformance"
)

var conformanceGames = flag.Int("makiavelia.conformance-games", 1, "random games per player count in the conformance suite")

// TestConformance runs the shared suite for every player count, 3 to 8: one random game
// each by default (the suite's replay check is quadratic in a game's length), more with
// -makiavelia.conformance-games.
func TestConformance(t *testing.T) {
	var cfgs []conformance.Config
	for n := 3; n <= 8; n++ {
		cfgs = append(cfgs, conformance.Config{
			Name:       fmt.Sprintf("%d players", n),
			Options:    json.RawMessage(fmt.Sprintf(`{"players":%d}`, n)),
			Games:      *conformanceGames,
			MaxActions: 5000,
		})
	}
	conformance.Run(t, GameDef{}, cfgs)
}
