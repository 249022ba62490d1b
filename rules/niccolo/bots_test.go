package niccolo

import (
	"context"
	"encoding/json"
	"flag"
	"slices"
	"sort"
	"testing"
	"time"

	"principe/rules"
)

// playBots plays one game with a bot (nil for an Envoy) in every seat.
func playBots(t testing.TB, options string, seed uint64, bots [4]rules.Bot) rules.Outcome {
	t.Helper()
	st, err := Game{}.NewState(json.RawMessage(options), seed)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !st.Over(); n++ {
		if n > 5000 {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		seat := st.ToAct()
		legal := st.Legal(seat)
		a, err := bots[seat].Choose(context.Background(), st.Observe(seat), legal)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(seat, a); err != nil {
			t.Fatalf("%s chose an illegal %v: %v", FamilyNames[seat], a, err)
		}
	}
	return st.Outcome()
}

func newBot(t testing.TB, name string, seed uint64, budget int) rules.Bot {
	t.Helper()
	b, err := Game{}.NewBot(name, seed, budget)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every bot finishes games in every variant with legal moves only.
func TestBotsPlayLegalGames(t *testing.T) {
	for _, opts := range []string{``, `{"seats":["player","envoy","player","envoy"]}`, `{"seats":["envoy","player"]}`, `{"variant":"partner"}`} {
		for _, name := range (Game{}).Bots() {
			bots := [4]rules.Bot{}
			for i := range bots {
				bots[i] = newBot(t, name, uint64(i), 30)
			}
			playBots(t, opts, 1, bots)
		}
	}
	if _, err := (Game{}).NewBot("oracle", 1, 0); err == nil {
		t.Fatal("unknown bot accepted")
	}
}

// The greedy bot takes the Gambado Reale when it plays last with a Fortune of its colour.
func TestGreedyFindsGambadoReale(t *testing.T) {
	s := build(t, table{first: 1, turn: 3, cardPlay: true, markers: allOn(Influence), squares: homes,
		hands: [4][]Card{0: {ColouredCard(Green, Fortune), ColouredCard(Red, Disgrace)}}})
	for _, name := range []string{BotGreedy, BotExpert} {
		b := newBot(t, name, 1, 200)
		a, err := b.Choose(context.Background(), s.Observe(0), s.Legal(0))
		if err != nil {
			t.Fatal(err)
		}
		if m := a.(Move); m.Card != ColouredCard(Green, Fortune) {
			t.Fatalf("%s played %v", name, m)
		}
	}
}

// Bots decide from the observation only: the same observation gives the same choice
// whatever the hidden cards are.
func TestBotsIgnoreHiddenCards(t *testing.T) {
	st, _ := Game{}.NewState(nil, 21)
	s := st.(*State)
	seat := s.ToAct()
	for _, name := range (Game{}).Bots() {
		a1, _ := newBot(t, name, 5, 50).Choose(context.Background(), s.Observe(seat), s.Legal(seat))
		other := s.Resample(seat, new(rules.NewRNG(3)))
		a2, _ := newBot(t, name, 5, 50).Choose(context.Background(), other.Observe(seat), other.Legal(seat))
		if a1 != a2 {
			t.Fatalf("%s: %v with the real hands, %v with others", name, a1, a2)
		}
	}
}

// A cancelled context still gets a legal answer at once.
func TestExpertHonoursCancel(t *testing.T) {
	st, _ := Game{}.NewState(nil, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	seat := st.ToAct()
	legal := st.Legal(seat)
	a, err := newBot(t, BotExpert, 1, 1_000_000).Choose(ctx, st.Observe(seat), legal)
	if err != nil || !slices.Contains(legal, a) {
		t.Fatalf("%v, %v", a, err)
	}
}

// decisionPositions collects positions where a player must choose, from greedy games.
func decisionPositions(tb testing.TB, n int) []*State {
	var out []*State
	g := newBot(tb, BotGreedy, 1, 0)
	for seed := uint64(1); len(out) < n; seed++ {
		st, _ := Game{}.NewState(nil, seed)
		for !st.Over() && len(out) < n {
			seat := st.ToAct()
			legal := st.Legal(seat)
			if len(legal) > 1 {
				out = append(out, st.Clone().(*State))
			}
			a, _ := g.Choose(context.Background(), st.Observe(seat), legal)
			st.Apply(seat, a)
		}
	}
	return out
}

// BenchmarkExpertDecision times the expert at its default budget on positions from
// real games and reports the median decision time.
func BenchmarkExpertDecision(b *testing.B) {
	positions := decisionPositions(b, 64)
	bot := newBot(b, BotExpert, 1, 0)
	var times []time.Duration
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s := positions[i%len(positions)]
		seat := s.ToAct()
		start := time.Now()
		bot.Choose(context.Background(), s.Observe(seat), s.Legal(seat))
		times = append(times, time.Since(start))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*9/10].Microseconds())/1000, "p90-ms")
}

var match = flag.Int("niccolo.match", 0, "play this many games per strength match (TestStrength)")
var matchBudget = flag.Int("niccolo.budget", 0, "expert budget for TestStrength (0 = default)")

// TestStrength plays the strength matches when -niccolo.match N is given:
// expert against three greedy, expert against three random, and solitaire for each bot.
func TestStrength(t *testing.T) {
	if *match == 0 {
		t.Skip("run with -niccolo.match N")
	}
	for _, rival := range []string{BotGreedy, BotRandom} {
		wins := 0
		for g := 0; g < *match; g++ {
			seat := g % 4
			var bots [4]rules.Bot
			for i := range bots {
				bots[i] = newBot(t, rival, uint64(g*4+i), 0)
			}
			bots[seat] = newBot(t, BotExpert, uint64(g), *matchBudget)
			o := playBots(t, ``, uint64(1000+g), bots)
			if slices.Contains(o.Winners, rules.Seat(seat)) {
				wins++
			}
		}
		t.Logf("expert vs three %s: %d/%d wins (%.1f%%)", rival, wins, *match, 100*float64(wins)/float64(*match))
	}
	for _, name := range (Game{}).Bots() {
		wins, score := 0, 0.0
		for g := 0; g < *match; g++ {
			bots := [4]rules.Bot{2: newBot(t, name, uint64(g), *matchBudget)}
			o := playBots(t, `{"seats":["envoy","envoy","player","envoy"]}`, uint64(5000+g), bots)
			if slices.Contains(o.Winners, 2) {
				wins++
			}
			score += o.Scores[2]
		}
		t.Logf("solitaire %s: %d/%d wins (%.1f%%), mean score %.2f", name, wins, *match, 100*float64(wins)/float64(*match), score/float64(*match))
	}
}
