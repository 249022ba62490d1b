package search_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"testing"

	"principe/rules"
	"principe/rules/conformance/toy"
	"principe/rules/search"
)

// nim is a perfect-information game for the search tests: two seats take turns taking
// stones from one pile; whoever takes the last stone wins.
type nim struct {
	piles []int
	turn  rules.Seat
}

type take struct {
	Pile int `json:"pile"`
	N    int `json:"n"`
}

func (t take) String() string { return fmt.Sprintf("take %d from pile %d", t.N, t.Pile) }

func (s *nim) Game() string { return "nim" }
func (s *nim) Seats() int   { return 2 }
func (s *nim) Over() bool {
	for _, p := range s.piles {
		if p > 0 {
			return false
		}
	}
	return true
}
func (s *nim) ToAct() rules.Seat {
	if s.Over() {
		return rules.NoSeat
	}
	return s.turn
}
func (s *nim) Legal(seat rules.Seat) []rules.Action {
	if seat != s.ToAct() {
		return nil
	}
	var out []rules.Action
	for i, p := range s.piles {
		for n := 1; n <= p; n++ {
			out = append(out, take{Pile: i, N: n})
		}
	}
	return out
}
func (s *nim) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	t, ok := a.(take)
	if !ok || seat != s.ToAct() || t.Pile < 0 || t.Pile >= len(s.piles) || t.N < 1 || t.N > s.piles[t.Pile] {
		return nil, errors.New("illegal")
	}
	s.piles[t.Pile] -= t.N
	s.turn = 1 - s.turn
	return nil, nil
}
func (s *nim) Outcome() rules.Outcome {
	if !s.Over() {
		return rules.Outcome{}
	}
	return rules.Outcome{Winners: []rules.Seat{1 - s.turn}} // the seat that took the last stone
}
func (s *nim) Clone() rules.State { return &nim{piles: slices.Clone(s.piles), turn: s.turn} }
func (s *nim) Observe(seat rules.Seat) rules.Observation {
	return nimObs{seat: seat, s: s.Clone().(*nim)}
}
func (s *nim) Resample(seat rules.Seat, rng *rules.RNG) rules.State { return s.Clone() }
func (s *nim) Check() error                                         { return nil }
func (s *nim) Hash() uint64 {
	h := fnv.New64a()
	for _, p := range s.piles {
		h.Write([]byte{byte(p)})
	}
	h.Write([]byte{byte(s.turn)})
	return h.Sum64()
}

type nimObs struct {
	seat rules.Seat
	s    *nim
}

func (o nimObs) Seat() rules.Seat                  { return o.seat }
func (o nimObs) Sample(rng *rules.RNG) rules.State { return o.s.Clone() }

// In Nim 1-2-4 the only winning move is to take one stone from the pile of four.
func TestISMCTSFindsTheOnlyWinningMove(t *testing.T) {
	s := &nim{piles: []int{1, 2, 4}}
	a, st, err := search.ISMCTS(context.Background(), s.Observe(0), s.Legal(0), search.Config{Iterations: 4000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if a != (take{Pile: 2, N: 1}) {
		t.Fatalf("chose %v; stats %+v", a, st.Root)
	}
	if st.Iterations != 4000 || st.Nodes < 10 {
		t.Fatalf("stats %+v", st)
	}
}

// A cut-off search follows Evaluate: after one move, seat 0 likes only an empty first pile.
func TestISMCTSUsesEvaluateAtTheCutOff(t *testing.T) {
	s := &nim{piles: []int{3, 3}}
	eval := func(st rules.State, seat rules.Seat) float64 {
		n := st.(*nim)
		if (n.piles[0] == 0) == (seat == 0) {
			return 1
		}
		return 0
	}
	a, _, err := search.ISMCTS(context.Background(), s.Observe(0), s.Legal(0),
		search.Config{Iterations: 300, Seed: 2, MaxDepth: 1, Evaluate: eval})
	if err != nil {
		t.Fatal(err)
	}
	if a != (take{Pile: 0, N: 3}) {
		t.Fatalf("chose %v, want take 3 from pile 0", a)
	}
}

func toyState(t testing.TB, opts string, seed uint64) rules.State {
	t.Helper()
	s, err := toy.Game{}.NewState(json.RawMessage(opts), seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestISMCTSIsDeterministicAndChoosesALegalAction(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		s := toyState(t, `{"players":3,"hand":4}`, seed)
		seat := s.ToAct()
		legal := s.Legal(seat)
		cfg := search.Config{Iterations: 200, Seed: seed, Determinizations: int(seed % 3)}
		a1, st1, err1 := search.ISMCTS(context.Background(), s.Observe(seat), legal, cfg)
		a2, st2, err2 := search.ISMCTS(context.Background(), s.Observe(seat), legal, cfg)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if a1 != a2 || fmt.Sprint(st1) != fmt.Sprint(st2) {
			t.Fatalf("seed %d: two runs differ: %v %v / %+v %+v", seed, a1, a2, st1, st2)
		}
		if !slices.Contains(legal, a1) {
			t.Fatalf("chose %v, not among %v", a1, legal)
		}
		visits := 0
		for _, arm := range st1.Root {
			visits += arm.Visits
		}
		if visits != st1.Iterations || st1.Iterations != 200 {
			t.Fatalf("root visits %d, iterations %d", visits, st1.Iterations)
		}
	}
}

func TestISMCTSOnlyChoosesAmongTheOfferedActions(t *testing.T) {
	s := toyState(t, `{"players":2,"hand":4}`, 3)
	legal := s.Legal(0)[1:3]
	a, st, err := search.ISMCTS(context.Background(), s.Observe(0), legal, search.Config{Iterations: 100, Seed: 1})
	if err != nil || !slices.Contains(legal, a) {
		t.Fatalf("chose %v (%v) from %v", a, err, legal)
	}
	if len(st.Root) != 2 {
		t.Fatalf("root stats %+v", st.Root)
	}
}

func TestISMCTSEdgeCases(t *testing.T) {
	s := toyState(t, `{"players":2}`, 1)
	obs, legal := s.Observe(0), s.Legal(0)
	if _, _, err := search.ISMCTS(context.Background(), obs, nil, search.Config{}); err == nil {
		t.Fatal("no error with no legal actions")
	}
	if a, _, err := search.ISMCTS(context.Background(), obs, legal[:1], search.Config{}); err != nil || a != legal[0] {
		t.Fatalf("single action: %v %v", a, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := search.ISMCTS(ctx, obs, legal, search.Config{Iterations: 100}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before starting: %v", err)
	}
	bad := func(rules.State, *rules.RNG) rules.Action { return nil }
	if _, _, err := search.ISMCTS(context.Background(), obs, legal, search.Config{Iterations: 10, Rollout: bad}); err == nil {
		t.Fatal("a rollout policy returning nothing was not reported")
	}
	greedy := func(st rules.State, rng *rules.RNG) rules.Action { return st.Legal(st.ToAct())[0] }
	if a, _, err := search.ISMCTS(context.Background(), obs, legal, search.Config{Iterations: 50, Rollout: greedy}); err != nil || !slices.Contains(legal, a) {
		t.Fatalf("custom rollout: %v %v", a, err)
	}
}

// stopAfter is a context that reports done after n calls to Err.
type stopAfter struct {
	context.Context
	n int
}

func (c *stopAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.DeadlineExceeded
	}
	return nil
}

func TestISMCTSStopsWhenTheContextIsDone(t *testing.T) {
	s := toyState(t, `{"players":2}`, 1)
	ctx := &stopAfter{Context: context.Background(), n: 10}
	a, st, err := search.ISMCTS(ctx, s.Observe(0), s.Legal(0), search.Config{Iterations: 1_000_000})
	if err != nil || a == nil {
		t.Fatalf("%v %v", a, err)
	}
	if st.Iterations != 10 {
		t.Fatalf("ran %d iterations after the context was done at 10", st.Iterations)
	}
}

// match plays toy games, seat 0 played by bot and the others random, and returns seat
// 0's share of the wins (a shared win counts as a share).
func match(t testing.TB, opts, bot string, games, budget int) float64 {
	t.Helper()
	g := toy.Game{}
	won := 0.0
	for i := range games {
		seed := uint64(i + 1)
		s := toyState(t, opts, seed)
		bots := make([]rules.Bot, s.Seats())
		for seat := range bots {
			name := "random"
			if seat == 0 {
				name = bot
			}
			b, err := g.NewBot(name, seed*10+uint64(seat), budget)
			if err != nil {
				t.Fatal(err)
			}
			bots[seat] = b
		}
		for !s.Over() {
			seat := s.ToAct()
			a, err := bots[seat].Choose(context.Background(), s.Observe(seat), s.Legal(seat))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		w := s.Outcome().Winners
		if slices.Contains(w, 0) {
			won += 1 / float64(len(w))
		}
	}
	return won / float64(games)
}

// On the same deals against two random players, the search must win far more often
// than a random player in its seat.
func TestISMCTSBeatsRandom(t *testing.T) {
	const opts, games = `{"players":3,"hand":4}`, 30
	base := match(t, opts, "random", games, 0)
	share := match(t, opts, "ismcts", games, 100)
	t.Logf("seat 0's share of the wins against two random players: random %.2f, ISMCTS %.2f", base, share)
	if share < 0.4 || share < 2*base {
		t.Fatalf("ISMCTS took %.2f of the wins where a random player took %.2f", share, base)
	}
}

func BenchmarkISMCTSToy(b *testing.B) {
	s := toyState(b, `{"players":3,"hand":4}`, 1)
	obs, legal := s.Observe(0), s.Legal(0)
	for b.Loop() {
		if _, _, err := search.ISMCTS(context.Background(), obs, legal, search.Config{Iterations: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestActionKey(t *testing.T) {
	cases := map[string]string{
		search.ActionKey(1, toy.Play{Card: 3}):   "1|toy.Play|{\"card\":3}",
		search.ActionKey(0, toy.Bid{Tricks: 3}):  "0|toy.Bid|{\"bid\":3}",
		search.ActionKey(2, nil):                 "2|nil",
		search.ActionKey(0, take{Pile: 1, N: 2}): "0|search_test.take|{\"pile\":1,\"n\":2}",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("key %q, want %q", got, want)
		}
	}
}

func TestBotIsReproducible(t *testing.T) {
	s := toyState(t, `{"players":3,"hand":4}`, 2)
	obs, legal := s.Observe(0), s.Legal(0)
	a, b := search.NewBot(search.Config{Iterations: 60, Seed: 9}), search.NewBot(search.Config{Iterations: 60, Seed: 9})
	for range 3 {
		x, err1 := a.Choose(context.Background(), obs, legal)
		y, err2 := b.Choose(context.Background(), obs, legal)
		if err1 != nil || err2 != nil || x != y || !slices.Contains(legal, x) {
			t.Fatalf("%v %v %v %v", x, y, err1, err2)
		}
	}
}
