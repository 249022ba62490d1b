package makiavelia

import (
	"encoding/json"
	"flag"
	"fmt"
	"testing"

	"principe/rules/conformance"
)

var conformanceAll = flag.Bool("makiavelia.conformance-all", false, "run the conformance suite for every player count 3–8 (slow: about a minute)")

// TestConformance runs the shared suite: by default for 3, 4 and 5 players (its replay
// check is quadratic in a game's length, and random games of 6–8 players are long);
// with -makiavelia.conformance-all for every player count.
func TestConformance(t *testing.T) {
	counts := []int{3, 4, 5}
	if *conformanceAll {
		counts = []int{3, 4, 5, 6, 7, 8}
	}
	var cfgs []conformance.Config
	for _, n := range counts {
		cfgs = append(cfgs, conformance.Config{
			Name:       fmt.Sprintf("%d players", n),
			Options:    json.RawMessage(fmt.Sprintf(`{"players":%d}`, n)),
			Games:      1,
			MaxActions: 5000,
		})
	}
	conformance.Run(t, GameDef{}, cfgs)
}
