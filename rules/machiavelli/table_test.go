package machiavelli

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestCheckMeldSaysWhy(t *testing.T) {
	opt := BGA(4)
	err := CheckMeld(cards(t, "7H 8H 10H", map[int]int{}), opt)
	if err == nil || !strings.Contains(err.Error(), "9♥ is missing") {
		t.Fatalf("7H 8H 10H: %v, want the missing 9♥ named", err)
	}
	if err := CheckMeld(cards(t, "7H 8H 9H", map[int]int{}), opt); err != nil {
		t.Fatalf("7H 8H 9H: %v", err)
	}
}

func TestStandIns(t *testing.T) {
	opt := Coppola(4)
	run := ArrangeMeld(cards(t, "7H * 9H", map[int]int{}), opt)
	si := StandIns(run, opt)
	if len(si) != 3 || si[1] == nil || si[1].Rank != 8 || len(si[1].Suits) != 1 || si[1].Suits[0] != Hearts {
		t.Fatalf("7H * 9H: stand-ins %v, want the joker as 8♥", si)
	}
	set := ArrangeMeld(cards(t, "7H 7S *", map[int]int{}), opt)
	si = StandIns(set, opt)
	j := len(set) - 1
	if si[j] == nil || si[j].Rank != 7 || len(si[j].Suits) != 2 {
		t.Fatalf("7H 7S *: stand-in %+v, want a 7 of diamonds or clubs", si[j])
	}
	wrap := ArrangeMeld(cards(t, "KH * 2H", map[int]int{}), opt)
	si = StandIns(wrap, opt)
	if si[1] == nil || si[1].Rank != 1 {
		t.Fatalf("KH * 2H: %v", si)
	}
	if StandIns(cards(t, "7H 8H 10H", map[int]int{}), opt) != nil {
		t.Fatal("an invalid meld has no stand-ins")
	}
}

func TestObservationCheckPlayMatchesApply(t *testing.T) {
	s := newState(Coppola(3), 7)
	o := s.observe(s.Turn)
	// A play that lays nothing, a draw, and the solver's best play.
	candidates := []Action{Play(cloneMelds(o.Table), nil), Draw(), {Kind: KindPass}}
	if sol := Solve(o.Position(), o.Opt); sol.Found() {
		candidates = append(candidates, sol.Action())
	}
	for _, a := range candidates {
		want := s.clone()
		_, applyErr := want.Apply(s.Turn, a)
		if got := o.CheckPlay(a); (got == nil) != (applyErr == nil) {
			t.Errorf("%v: CheckPlay %v, Apply %v", a, got, applyErr)
		}
	}
	other := s.observe((s.Turn + 1) % 3)
	if other.CheckPlay(Draw()) == nil {
		t.Error("a seat not to act may not draw")
	}
}

func TestPlanStepsMovesEveryCard(t *testing.T) {
	p := position(t, "5S 6S 7S 8S | 9C 10C JC", "8H 8D 4S 8C", "")
	opt := BGA(4)
	sol := Solve(p, opt)
	if !sol.Found() || len(sol.Plan) != len(sol.Steps) {
		t.Fatalf("plan %v, steps %v", sol.Plan, sol.Steps)
	}
	laid := map[Card]bool{}
	for _, st := range sol.Plan {
		for _, mv := range st.Moves {
			if mv.From == FromHand {
				laid[mv.Card] = true
			}
			if mv.To < 0 || mv.To >= len(sol.Table) {
				t.Fatalf("step %q moves %v to meld %d of %d", st.Text, mv.Card, mv.To, len(sol.Table))
			}
		}
	}
	if len(laid) != len(sol.HandCards) {
		t.Fatalf("the plan lays %d hand cards, the play %d", len(laid), len(sol.HandCards))
	}
}

// A play holding a card the ruleset does not have is refused, even when a state built by
// hand puts it in the mover's hand.
func TestPlayRefusesCardsNotInTheGame(t *testing.T) {
	opt := BGA(2)
	used := map[int]int{}
	hand := append(cards(t, "7H 8H", used), Joker(0))
	s := &State{Opt: opt, Hands: [][]Card{hand, nil}, Totals: []int{0, 0}, Wins: []int{0, 0}}
	_, err := s.Apply(0, Play([][]Card{hand}, nil))
	if err == nil || !strings.Contains(err.Error(), "not a card of this game") {
		t.Fatalf("a joker under BGA: %v", err)
	}
	third := NewCard(9, Hearts, 2) // a third deck's 9♥ in a two-deck game
	hand2 := append(cards(t, "7H 8H", map[int]int{}), third)
	s = &State{Opt: opt, Hands: [][]Card{hand2, nil}, Totals: []int{0, 0}, Wins: []int{0, 0}}
	if _, err := s.Apply(0, Play([][]Card{hand2}, nil)); err == nil {
		t.Fatal("a third deck's card was accepted in a two-deck game")
	}
}

// A search asked to stop (its Stop closed) returns at once with what it has, never claims
// it is the best, and what it lays is still a legal play.
func TestSolveStops(t *testing.T) {
	opt := Coppola(4)
	p := position(t, "5S 6S 7S 8S | 9C 10C JC | QH QD QC | 2D 3D 4D 5D", "8H 8D 4S 8C JD QS KS 6D 7D", "")
	if full := Solve(p, opt); !full.Exact || !full.Found() {
		t.Fatalf("the whole search: %+v", full)
	}
	stop := make(chan struct{})
	close(stop)
	p.Stop = stop
	sol := Solve(p, opt)
	if sol.Exact {
		t.Fatal("a stopped search claims its play is the best")
	}
	if sol.Found() {
		if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
			t.Fatalf("a stopped search lays an illegal play: %v", err)
		}
	}
}

// TestCoverSigMatchesDominates checks the dominance signatures against dominates on
// random situations of one bucket (runs, offers and room drawn at random).
func TestCoverSigMatchesDominates(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	random := func() tdpKey {
		var s tdpState
		for su := range 4 {
			s.runs[su] = [3]uint8{uint8(r.IntN(4)), uint8(r.IntN(4)), uint8(r.IntN(8))}
			s.offers[su] = uint8(r.IntN(4))
		}
		s.room = r.IntN(2) == 0
		return s.pack()
	}
	agree, yes := 0, 0
	for range 200_000 {
		a, b := random(), random()
		if r.IntN(4) == 0 { // near copies, so that dominance holds often
			b = a
			st := b.unpack()
			su := r.IntN(4)
			st.runs[su][r.IntN(3)] = uint8(r.IntN(3))
			st.offers[r.IntN(4)] = uint8(r.IntN(4))
			b = st.pack()
		}
		want := dominates(a, b)
		if got := coverSig(b).coveredBy(coverSig(a)); got != want {
			t.Fatalf("a %+v b %+v: signatures say %v, dominates %v", a.unpack(), b.unpack(), got, want)
		}
		agree++
		if want {
			yes++
		}
	}
	if yes < 1000 {
		t.Fatalf("only %d of %d pairs dominate: the test does not exercise dominance", yes, agree)
	}
}

// TestJokersCanKeepRuleIsNecessary checks labelJokers' quick test against its full one:
// on the layouts of the table search's best plays on the Coppola oracle positions with
// table jokers, whenever some way of handing out the jokers keeps the rules,
// jokersCanKeepRule must say it may.
func TestJokersCanKeepRuleIsNecessary(t *testing.T) {
	ps := loadOracle(t, "coppola")
	layouts, refused, legal := 0, 0, 0
	for i, o := range ps {
		if i%3 != 0 || testing.Short() && i%12 != 0 {
			continue
		}
		p, opt, err := o.parse()
		if err != nil {
			t.Fatal(err)
		}
		if tableJokers(p) == 0 {
			continue
		}
		d := newTableDP(p, opt)
		if d.wrap {
			d.cutAt(d.bestCut())
		}
		d.limit = 20_000
		if d.solve() <= 0 || d.jokers() < 2 {
			continue
		}
		for _, tie := range d.ties {
			d.bestEntry, d.bestEnd = tie.entry, tie.end
			lay, ok := d.layout()
			if !ok {
				continue
			}
			layouts++
			may := d.jokersCanKeepRule(p, lay)
			_, keeps := d.legalLabels(p, opt, lay)
			if keeps && !may {
				t.Fatalf("%s: a way of handing out the jokers keeps the rules, but jokersCanKeepRule says none can", o.ID)
			}
			if !may {
				refused++
			}
			if keeps {
				legal++
			}
		}
	}
	t.Logf("%d layouts: %d refused by the quick test, %d kept to the rules", layouts, refused, legal)
	if refused == 0 || legal == 0 {
		t.Fatalf("the test saw %d refused and %d legal layouts: it no longer tests both sides", refused, legal)
	}
}

// TestSmallestFirst checks the beam's selection against a full sort.
func TestSmallestFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 2000 {
		n := rng.IntN(300)
		a := make([]uint64, n)
		for i := range a {
			a[i] = uint64(rng.IntN(4*n+1))<<20 | uint64(i) // distinct
		}
		sorted := slices.Sorted(slices.Values(a))
		k := rng.IntN(n + 2)
		smallestFirst(a, k)
		k = min(k, n)
		if !slices.Equal(a[:k], sorted[:k]) {
			t.Fatalf("trial %d: n %d, k %d: first %v, want %v", trial, n, k, a[:k], sorted[:k])
		}
		if rest := slices.Sorted(slices.Values(a[k:])); !slices.Equal(rest, sorted[k:]) {
			t.Fatalf("trial %d: the others are not the rest", trial)
		}
	}
}

// TestWeaknessReadsTheKey checks weakness against the situation unpacked.
func TestWeaknessReadsTheKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 5000 {
		var st tdpState
		for su := range 4 {
			st.runs[su] = [3]uint8{uint8(rng.IntN(4)), uint8(rng.IntN(4)), uint8(rng.IntN(8))}
			st.deferred[su], st.need2[su], st.need1[su] = uint8(rng.IntN(4)), uint8(rng.IntN(4)), uint8(rng.IntN(4))
			st.offers[su], st.jokerRun[su] = uint8(rng.IntN(4)), uint8(rng.IntN(8))
		}
		st.sets = [3]uint8{uint8(rng.IntN(8)), uint8(rng.IntN(8)), uint8(rng.IntN(8))}
		st.q, st.h, st.room = uint8(rng.IntN(8)), uint8(rng.IntN(32)), rng.IntN(2) == 1
		want := 2*int(st.sets[0]) + int(st.sets[1])
		for su := range 4 {
			want += 2*int(st.runs[su][0]) + int(st.runs[su][1]) + int(st.need2[su]) + int(st.need1[su]) + int(st.jokerRun[su]) + int(st.deferred[su])
		}
		if got := weakness(st.pack()); got != want {
			t.Fatalf("%+v: weakness %d, want %d", st, got, want)
		}
	}
}

// TestScratchReused: the searches reuse their working storage (scratchPool) from one
// Solve to the next, and a position solved again gets the same play, the same way.
func TestScratchReused(t *testing.T) {
	for _, rs := range []string{"coppola", "bga"} {
		ps := loadOracle(t, rs)
		for i := 0; i < len(ps); i += len(ps) / 12 {
			p, opt, err := ps[i].parse()
			if err != nil {
				t.Fatal(err)
			}
			first := Solve(p, opt)
			for range 2 {
				again := Solve(p, opt)
				if again.Nodes != first.Nodes || again.value() != first.value() || !slices.EqualFunc(again.Table, first.Table, slices.Equal) {
					t.Fatalf("%s: solved again, %d situations and %v; first %d and %v", ps[i].ID, again.Nodes, again.Table, first.Nodes, first.Table)
				}
			}
		}
	}
}

// TestSolveConcurrently: searches running at once in several goroutines (bots, and a
// hint next to them) each take their own working storage from the pool: every position
// solved four times at once gets the play it gets alone.
func TestSolveConcurrently(t *testing.T) {
	ps := loadOracle(t, "coppola")
	var alone []Solution
	var picked []oraclePosition
	for i := 0; i < len(ps); i += len(ps) / 24 {
		p, opt, err := ps[i].parse()
		if err != nil {
			t.Fatal(err)
		}
		picked = append(picked, ps[i])
		alone = append(alone, SolvePlain(p, opt))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(picked))
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, o := range picked {
				p, opt, _ := o.parse()
				if got := SolvePlain(p, opt); got.Nodes != alone[i].Nodes || got.value() != alone[i].value() {
					errs <- fmt.Sprintf("%s: %d situations and value %d at once, %d and %d alone", o.ID, got.Nodes, got.value(), alone[i].Nodes, alone[i].value())
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestScratchRestartsOld: a pooled scratch whose generations have passed maxGen starts
// again empty (the tables' stamps keep only 32 bits of them); a younger one is kept.
func TestScratchRestartsOld(t *testing.T) {
	young := &tdpScratch{}
	young.build.gen, young.build.slots = maxGen, make([]uint64, 64)
	young.restartIfOld()
	if young.build.gen != maxGen || young.build.slots == nil {
		t.Fatalf("a scratch at maxGen was emptied")
	}
	for _, old := range []func(s *tdpScratch){
		func(s *tdpScratch) { s.build.gen = maxGen + 1 },
		func(s *tdpScratch) { s.memo.gen = maxGen + 1 },
		func(s *tdpScratch) { s.grouping.gen = maxGen + 1 },
	} {
		s := &tdpScratch{}
		s.build.slots, s.memo.slots, s.grouping.slots = make([]uint64, 64), make([]uint64, 64), make([]uint64, 64)
		s.build.gen, s.memo.gen, s.grouping.gen = 5, 5, 5
		old(s)
		s.restartIfOld()
		if s.build.gen != 0 || s.memo.gen != 0 || s.grouping.gen != 0 || s.build.slots != nil || s.memo.slots != nil || s.grouping.slots != nil {
			t.Fatalf("an old scratch was not emptied: gens %d %d %d", s.build.gen, s.memo.gen, s.grouping.gen)
		}
	}
}

// TestUndominatedStops: dominance over a big layer looks at the search's stop as it goes
// (every stopEvery situations), so that a time cap is kept within a step: with the stop
// closed it gives up and leaves the layer as it was; with none it goes through.
func TestUndominatedStops(t *testing.T) {
	build := func() *tdpBuild {
		b := &tdpBuild{}
		b.reset(nil, nil)
		for i := range 4 * stopEvery {
			// Buckets by jokers placed and hand cards laid; within each, open runs of
			// several lengths.
			k := tdpKey{a: uint64(i%8)<<28 | uint64(i/8%32)<<31 | uint64(i/256%8)}
			b.offer(k, int32(i%7), 0, &tdpDec{})
		}
		return b
	}
	stop := make(chan struct{})
	close(stop)
	b := build()
	before := slices.Clone(b.keys)
	if b.undominated(stop) {
		t.Fatal("undominated went through a closed stop")
	}
	if !slices.Equal(b.keys, before) {
		t.Fatal("undominated, stopped, changed the layer")
	}
	b = build()
	if !b.undominated(nil) {
		t.Fatal("undominated stopped without a stop")
	}
	if len(b.keys) >= len(before) {
		t.Errorf("undominated kept all %d situations; some are dominated", len(b.keys))
	}
}
