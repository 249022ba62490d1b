package intrigo

import (
	"flag"
	"testing"
)

var dealGames = flag.Int("deal-games", 0, "TestExpertDealRecord: games per line-up (0 skips the measurement)")

// TestExpertDealRecord measures how often the expert keeps the deals it makes as owner, in
// four-player games against three greedy bots and among four experts, seats rotated; the
// README's figures come from it:
//
//	go test ./rules/intrigo -run TestExpertDealRecord -deal-games 400 -v
func TestExpertDealRecord(t *testing.T) {
	if *dealGames == 0 {
		t.Skip("a measurement: give -deal-games N")
	}
	for _, lineup := range [][]string{{"expert", "greedy", "greedy", "greedy"}, {"expert", "expert", "expert", "expert"}} {
		kept, broken := 0, 0
		for g := 0; g < *dealGames; g++ {
			bots := make([]string, len(lineup))
			for i := range bots {
				bots[(i+g)%len(bots)] = lineup[i]
			}
			s := playGame(t, len(bots), uint64(g+1), bots, nil)
			for _, p := range s.Table.Ledger {
				if p.Kind != PromiseDeal || bots[p.Promiser] != "expert" {
					continue
				}
				switch p.Status {
				case Kept:
					kept++
				case Broken:
					broken++
				}
			}
		}
		t.Logf("%v: the experts' deals kept %d, broken %d (%.0f%% broken)", lineup, kept, broken, 100*float64(broken)/float64(max(1, kept+broken)))
	}
}
