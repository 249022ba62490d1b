package machiavelli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"principe/rules"
)

// The speed corpus: positions met in simulated games of both rulesets, kept in
// testdata/positions.json. Regenerate with
//
//	go test ./rules/machiavelli -run TestWriteCorpus -write-corpus

var writeCorpus = flag.Bool("write-corpus", false, "regenerate testdata/positions.json from simulated games")

const (
	corpusFile = "testdata/positions.json"
	sampleFile = "testdata/sample.json"
)

// corpusPosition is one position of the corpus.
type corpusPosition struct {
	Ruleset string   `json:"ruleset"`
	Table   [][]Card `json:"table"`
	Hand    []Card   `json:"hand"`
	Free    []Card   `json:"free,omitempty"`
}

func (c corpusPosition) options() Options {
	if c.Ruleset == "bga" {
		return BGA(4)
	}
	return Coppola(4)
}

func tableSize(t [][]Card) int {
	n := 0
	for _, m := range t {
		n += len(m)
	}
	return n
}

func TestWriteCorpus(t *testing.T) {
	if !*writeCorpus {
		t.Skip("run with -write-corpus to regenerate the corpus")
	}
	var all []corpusPosition
	for _, rs := range []string{"coppola", "bga"} {
		var seen []corpusPosition
		for seed := uint64(1); seed <= 10; seed++ {
			// Two and three players make long games and the biggest tables. Greedy and
			// expert seats grow the table; random seats (in odd seeds) hold big hands.
			players := []int{2, 3, 4, 5, 2}[seed%5]
			seen = append(seen, simulatePositions(t, rs, players, seed, func(i int) string {
				if seed%2 == 1 && i%2 == 1 {
					return "random"
				}
				return []string{"greedy", "expert"}[i%2]
			})...)
		}
		// Keep the biggest tables, those with jokers, and an even sample of the rest.
		sort.SliceStable(seen, func(a, b int) bool { return tableSize(seen[a].Table) > tableSize(seen[b].Table) })
		var keep []corpusPosition
		for i, p := range seen {
			jokers := false
			for _, m := range p.Table {
				for _, c := range m {
					jokers = jokers || c.IsJoker()
				}
			}
			if i < 60 || (jokers && i%4 == 0) || i%7 == 0 || len(p.Hand) >= 17 {
				keep = append(keep, p)
			}
		}
		if len(keep) > 200 {
			keep = keep[:200]
		}
		all = append(all, keep...)
	}
	writePositions(t, corpusFile, all)
}

// simulatePositions plays the first game of a match with the bots named for each seat and
// returns every position a seat met on its turn (hands of 20 cards or fewer: a seat
// holding more than 18 plays greedy, to keep them so).
func simulatePositions(t *testing.T, rs string, players int, seed uint64, bot func(seat int) string) []corpusPosition {
	t.Helper()
	g := machiavelliGame{}
	st, err := g.NewState(json.RawMessage(fmt.Sprintf(`{"ruleset":%q,"players":%d}`, rs, players)), seed)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var bots []rules.Bot
	for i := 0; i < players; i++ {
		b, err := g.NewBot(bot(i), seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	var seen []corpusPosition
	for !s.Over() && s.GameNo == 1 {
		seat := s.ToAct()
		if len(s.Hands[seat]) <= 20 {
			seen = append(seen, corpusPosition{Ruleset: rs, Table: cloneMelds(s.Table), Hand: append([]Card(nil), s.Hands[seat]...), Free: append([]Card(nil), s.Free...)})
		}
		b := bots[seat]
		if len(s.Hands[seat]) > 18 {
			b = GreedyBot{}
		}
		a, err := b.Choose(context.Background(), s.Observe(seat), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return seen
}

// TestWriteSample writes the second benchmark set: every position of a few four-seat
// games of each ruleset, as they come (the corpus, by design, keeps the biggest tables).
func TestWriteSample(t *testing.T) {
	if !*writeCorpus {
		t.Skip("run with -write-corpus to regenerate the sample")
	}
	var all []corpusPosition
	for _, rs := range []string{"coppola", "bga"} {
		for seed := uint64(101); seed <= 106; seed++ {
			all = append(all, simulatePositions(t, rs, 4, seed, func(i int) string { return []string{"greedy", "expert"}[i%2] })...)
		}
	}
	writePositions(t, sampleFile, all)
}

// writePositions writes a set of positions as JSON.
func writePositions(t *testing.T, file string, all []corpusPosition) {
	t.Helper()
	data, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d positions (%d bytes) to %s", len(all), len(data), file)
}

func loadCorpus(tb testing.TB) []corpusPosition { return loadPositions(tb, corpusFile) }

func loadPositions(tb testing.TB, file string) []corpusPosition {
	tb.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	var ps []corpusPosition
	if err := json.Unmarshal(data, &ps); err != nil {
		tb.Fatal(err)
	}
	return ps
}

// TestCorpusPlays checks, on a slice of the corpus, that the solver's plays are legal.
func TestCorpusPlays(t *testing.T) {
	ps := loadCorpus(t)
	for i := 0; i < len(ps); i += 7 {
		p := ps[i]
		if tableSize(p.Table) > 45 {
			continue // the big ones are for the benchmark
		}
		opt := p.options()
		pos := Position{Table: p.Table, Hand: p.Hand, Free: p.Free}
		sol := Solve(pos, opt)
		if sol.Found() {
			if _, err := checkPlay(pos.Table, pos.Hand, pos.Free, sol.Action(), opt); err != nil {
				t.Errorf("position %d: illegal play: %v", i, err)
			}
		}
	}
}

// BenchmarkSolveCorpus solves every corpus position of a ruleset and reports the median,
// 99th percentile and worst time per position.
func BenchmarkSolveCorpus(b *testing.B) { benchmarkSolve(b, loadCorpus(b)) }

// BenchmarkSolveSample is the same on the sample: positions as they come in play.
func BenchmarkSolveSample(b *testing.B) { benchmarkSolve(b, loadPositions(b, sampleFile)) }

func benchmarkSolve(b *testing.B, all []corpusPosition) {
	for _, rs := range []string{"coppola", "bga"} {
		b.Run(rs, func(b *testing.B) {
			var ps []corpusPosition
			for _, p := range all {
				if p.Ruleset == rs {
					ps = append(ps, p)
				}
			}
			var times []time.Duration
			maxTable, maxHand, notExact, situations := 0, 0, 0, 0
			for range b.N {
				for _, p := range ps {
					pos := Position{Table: p.Table, Hand: p.Hand, Free: p.Free}
					start := time.Now()
					sol := Solve(pos, p.options())
					times = append(times, time.Since(start))
					situations += sol.Nodes
					if !sol.Exact {
						notExact++
					}
					maxTable, maxHand = max(maxTable, tableSize(p.Table)), max(maxHand, len(p.Hand))
				}
			}
			sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			b.ReportMetric(ms(times[len(times)/2]), "median-ms")
			b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
			b.ReportMetric(ms(times[len(times)-1]), "worst-ms")
			b.ReportMetric(float64(len(ps)), "positions")
			b.ReportMetric(float64(maxTable), "max-table")
			b.ReportMetric(float64(maxHand), "max-hand")
			b.ReportMetric(float64(notExact)/float64(len(times)), "not-exact")
			b.ReportMetric(float64(situations)/float64(b.N), "situations")
		})
	}
}

// BenchmarkCanPlayCorpus times the yes/no question on the corpus.
func BenchmarkCanPlayCorpus(b *testing.B) {
	ps := loadCorpus(b)
	var times []time.Duration
	for range b.N {
		for _, p := range ps {
			start := time.Now()
			CanPlay(Position{Table: p.Table, Hand: p.Hand, Free: p.Free}, p.options())
			times = append(times, time.Since(start))
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "worst-ms")
}
