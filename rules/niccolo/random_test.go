package niccolo

import (
	"encoding/json"
	"testing"

	"principe/rules"
)

var allConfigs = []struct {
	name string
	cfg  Config
}{
	{"four players", Config{}},
	{"three players", Config{Envoy: [4]bool{false, false, false, true}}},
	{"two players", Config{Envoy: [4]bool{true, false, true, false}}},
	{"solitaire", Config{Envoy: [4]bool{true, true, false, true}, Variant: Solitaire}},
	{"partner", Config{Variant: Partner}},
	{"partner with envoys", Config{Envoy: [4]bool{false, true, false, true}, Variant: Partner}},
}

// playRandom plays one random game, checking the invariants after every action.
func playRandom(t *testing.T, cfg Config, seed uint64) State {
	t.Helper()
	s, err := NewGame(cfg, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(seed ^ 0xabcdef)
	var buf [64]Move
	for n := 0; !s.Over(); n++ {
		if n > 5000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		if err := s.Check(); err != nil {
			t.Fatalf("seed %d action %d: %v", seed, n, err)
		}
		seat := s.ToActSeat()
		if s.envoy[seat] {
			t.Fatalf("seed %d: envoy seat %d asked to act", seed, seat)
		}
		moves := s.LegalMoves(buf[:0])
		if len(moves) == 0 {
			t.Fatalf("seed %d: no legal move for seat %d", seed, seat)
		}
		if err := s.Play(seat, moves[rng.Intn(len(moves))], nil); err != nil {
			t.Fatalf("seed %d: legal move refused: %v", seed, err)
		}
	}
	if err := s.Check(); err != nil {
		t.Fatalf("seed %d at the end: %v", seed, err)
	}
	return s
}

func TestRandomGamesKeepInvariants(t *testing.T) {
	for _, c := range allConfigs {
		t.Run(c.name, func(t *testing.T) {
			wins, losses := 0, 0
			for seed := uint64(1); seed <= 200; seed++ {
				s := playRandom(t, c.cfg, seed)
				if len(s.Winners()) > 0 {
					wins++
				}
				if s.lost {
					losses++
				}
			}
			t.Logf("%s: %d won, %d lost", c.name, wins, losses)
		})
	}
}

// TestEventsMatchState replays random games through the generic API with events on,
// and checks Legal, Apply, Observe, Sample, Resample and JSON round trips on the way.
func TestEventsMatchState(t *testing.T) {
	g := Game{}
	for _, opts := range []string{``, `{"seats":["player","envoy","player"]}`, `{"seats":["envoy","player"],"variant":"solitaire"}`, `{"variant":"partner"}`} {
		for seed := uint64(1); seed <= 20; seed++ {
			st, err := g.NewState(json.RawMessage(opts), seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if len(s.OpeningEvents()) == 0 {
				t.Fatal("no opening events")
			}
			rng := rules.NewRNG(seed)
			for !s.Over() {
				seat := s.ToAct()
				legal := s.Legal(seat)
				a := legal[rng.Intn(len(legal))]
				data, err := json.Marshal(a)
				if err != nil {
					t.Fatal(err)
				}
				back, err := g.DecodeAction(data)
				if err != nil || back != a {
					t.Fatalf("%s: JSON %s decodes to %v, %v", a, data, back, err)
				}
				obs := s.Observe(seat)
				sample := obs.Sample(&rng).(*State)
				if err := sample.Check(); err != nil {
					t.Fatalf("sample breaks invariants: %v", err)
				}
				if a, b := mustJSON(t, obs), mustJSON(t, sample.Observe(seat)); a != b {
					t.Fatalf("sample observation differs:\n%s\n%s", a, b)
				}
				re := s.Resample(seat, &rng)
				if a, b := mustJSON(t, obs), mustJSON(t, re.Observe(seat)); a != b {
					t.Fatalf("resample observation differs:\n%s\n%s", a, b)
				}
				before := s.Hash()
				events, err := s.Apply(seat, a)
				if err != nil {
					t.Fatal(err)
				}
				if len(events) == 0 || s.Hash() == before {
					t.Fatalf("%v changed nothing", a)
				}
				for _, e := range events {
					if e.String() == "" {
						t.Fatalf("%T has no description", e)
					}
				}
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func BenchmarkRandomGames(b *testing.B) {
	cfg := Config{}
	rng := rules.NewRNG(7)
	var buf [64]Move
	b.ReportAllocs()
	actions := 0
	for i := 0; b.Loop(); i++ {
		s, _ := NewGame(cfg, uint64(i), nil)
		for !s.Over() {
			seat := s.ToActSeat()
			moves := s.LegalMoves(buf[:0])
			_ = s.Play(seat, moves[rng.Intn(len(moves))], nil)
			actions++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}
