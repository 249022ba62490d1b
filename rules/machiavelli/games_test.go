package machiavelli

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

var gamesILP = flag.Int("games-ilp", 0, "TestGamePositionsAgainstILP: positions per options set to compare with glpsol (0: skip; needs glpsol)")

var gamesSeed = flag.Uint64("games-seed", 1, "TestGamePositionsAgainstILP: the seed the games are drawn from")

// gameOptions are the options TestGamePositionsAgainstILP plays games under, per ruleset.
var gameOptions = map[string][]string{
	"coppola": {``, `{"decks":3,"jokers":4}`, `{"ace_wrap":false,"jokers":4}`, `{"max_per_turn":3}`,
		`{"deal":20,"free_cards":4}`, `{"decks":3,"jokers":4,"ace_wrap":false,"max_per_turn":5}`},
	"bga": {``, `{"decks":3}`, `{"jokers":2}`, `{"jokers":4,"free_cards":4}`, `{"max_per_turn":0}`,
		`{"jokers":4,"decks":3,"ace_wrap":true}`},
}

// gamePositions plays games of two to four seats, each seat a random, greedy or expert
// bot (the expert within 150 ms a turn), and samples n of the positions met on a seat's
// turn, hands up to 30 cards: tables as games build them, not as a dealer lays them out.
func gamePositions(t *testing.T, rs, options string, n int, r *rand.Rand) []oraclePosition {
	var game map[string]any
	if err := json.Unmarshal([]byte(mergedOptions(t, options, fmt.Sprintf(`{"ruleset":%q}`, rs))), &game); err != nil {
		t.Fatal(err)
	}
	if _, ok := game["players"]; !ok {
		game["players"] = 2 + r.IntN(3)
	}
	data, _ := json.Marshal(game)
	g := machiavelliGame{}
	var seen []oraclePosition
	for games := 0; len(seen) < 4*n && games < 40; games++ {
		st, err := g.NewState(data, r.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		bots := []string{"random", "greedy", "expert"}
		seatBot := make([]string, len(s.Hands))
		for i := range seatBot {
			seatBot[i] = bots[r.IntN(len(bots))]
		}
		for turn := 0; !s.Over() && s.GameNo == 1 && turn < 300; turn++ {
			seat := s.ToAct()
			if len(s.Hands[seat]) <= 30 && r.IntN(3) == 0 {
				seen = append(seen, seatPosition(s, seat, "game "+options, options))
			}
			b, err := g.NewBot(seatBot[seat], r.Uint64(), 0)
			if err != nil {
				t.Fatal(err)
			}
			playTurn(t, s, seat, b, 150*time.Millisecond)
		}
	}
	r.Shuffle(len(seen), func(i, j int) { seen[i], seen[j] = seen[j], seen[i] })
	return seen[:min(n, len(seen))]
}

// TestGamePositionsAgainstILP compares Solve with glpsol on positions met in games of bots
// of every strength, under several options per ruleset (opt-in, with -games-ilp N; needs
// glpsol). Solve runs within -fresh-cap, if given; the checks are TestFreshSeedAgainstILP's.
// For example:
//
//	go test ./rules/machiavelli -run TestGamePositionsAgainstILP -games-ilp 100 -games-seed 11 -fresh-cap 3s -timeout 2h -v
func TestGamePositionsAgainstILP(t *testing.T) {
	comparingWithGlpsol(t, *gamesILP != 0, "-games-ilp N", "positions of bots' games")
	for _, rs := range []string{"coppola", "bga"} {
		t.Run(rs, func(t *testing.T) {
			r := rand.New(rand.NewPCG(*gamesSeed, 77))
			var ps []oraclePosition
			for _, options := range gameOptions[rs] {
				ps = append(ps, gamePositions(t, rs, options, *gamesILP, r)...)
			}
			for i := range ps {
				ps[i].ID = fmt.Sprintf("g%s-%04d", rs[:1], i)
			}
			sols := make([]Solution, len(ps))
			for i, o := range ps {
				sols[i] = solveFresh(t, o, *freshCap)
			}
			tallyFresh(t, ps, sols, solveILPs(t, ps, max(*freshWorkers, 1)))
		})
	}
}
