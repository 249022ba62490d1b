package machiavelli

import (
	"context"
	"flag"
	"slices"
	"testing"

	"principe/rules"
)

// midGame plays greedy turns from a deal and returns the state.
func midGame(opt Options, seed uint64, turns int) *State {
	s := newState(opt, seed)
	for k := 0; k < turns && !s.Done; k++ {
		a, _ := GreedyBot{}.Choose(context.Background(), s.Observe(s.Turn), nil)
		if _, err := s.Apply(s.Turn, a); err != nil {
			panic(err)
		}
	}
	return s
}

// observedMidGame is a greedy game after some turns as the seat to act sees it, with
// its clues and a generator seeded alike; ok is false when the game is already over.
func observedMidGame(opt Options, seed uint64, turns int) (s *State, o *Observation, clues []handClue, rng rules.RNG, ok bool) {
	s = midGame(opt, seed, turns)
	if s.Done {
		return s, nil, nil, rng, false
	}
	o = s.observe(s.Turn)
	return s, o, o.clues(), rules.NewRNG(seed), true
}

func TestCluesReadTheRecord(t *testing.T) {
	opt := Coppola(4)
	p := position(t, "3H 4H 5H 6H | 9S 9D 9C | KS KD KC", "2C", "")
	table := p.Table
	run, nines, kings := table[0], table[1], table[2]
	o := &Observation{Me: 0, Opt: opt, Hand: p.Hand, Table: table, HandSizes: []int{1, 5, 7, 9},
		StockSize: 30, Log: []Record{
			{Seat: 1, Kind: KindPlay, Laid: nines}, // holding the 6H it lays later
			{Seat: 2, Kind: KindDraw, Drawn: 1},
			{Seat: 3, Kind: KindDraw, Drawn: 1},
			{Seat: 0, Kind: KindPlay, Laid: run[:3]},
			{Seat: 1, Kind: KindPlay, Laid: run[3:]},
			{Seat: 2, Kind: KindPlay, Laid: kings},
			{Seat: 3, Kind: KindDraw, Drawn: 1},
		}}
	clues := o.clues()
	if len(clues) != 3 {
		t.Fatalf("%d clues, want one per opponent", len(clues))
	}
	type view struct{ table, held int }
	want := []struct {
		seat, stuck int
		views       []view
	}{
		{1, 5, []view{{7, 0}, {3, 1}}}, // after its second play, and after its first, holding the 6H
		{2, 7, []view{{10, 0}}},        // its draw before ends what the record says
		{3, 8, []view{{10, 0}}},        // one of its 9 cards is the one it just drew
	}
	for i, w := range want {
		c := clues[i]
		var got []view
		for _, v := range c.views {
			got = append(got, view{len(v.table), len(v.held)})
		}
		if c.seat != w.seat || c.stuck != w.stuck || !slices.Equal(got, w.views) {
			t.Errorf("clue %d: seat %d stuck %d views %v; want seat %d stuck %d views %v", i, c.seat, c.stuck, got, w.seat, w.stuck, w.views)
		}
	}
}

// TestViewAfterAFreedJoker: a joker freed since a view stood for another card then, so
// its stand-in today does not rebuild the table of the view; the view keeps it a joker
// and still says which cards the seat could have laid.
func TestViewAfterAFreedJoker(t *testing.T) {
	opt := Coppola(4)
	// Seat 1 left QD * AD (the joker standing for KD) and kept one card; seat 2 then
	// laid KD in its place and took the joker into 5S * 7S with two cards of its hand.
	p := position(t, "QD KD AD | 5S * 7S", "2C", "")
	run, spades := p.Table[0], p.Table[1]
	joker := spades[1]
	o := &Observation{Me: 0, Opt: opt, Hand: p.Hand, Table: p.Table, HandSizes: []int{1, 1, 7, 9},
		StockSize: 30, Log: []Record{
			{Seat: 1, Kind: KindPlay, Laid: []Card{run[0], run[2], joker}},
			{Seat: 2, Kind: KindPlay, Laid: []Card{run[1], spades[0], spades[2]}, Jokers: []Card{joker}},
			{Seat: 3, Kind: KindDraw, Drawn: 1},
		}}
	c := o.clues()[0]
	if c.seat != 1 || len(c.views) != 1 {
		t.Fatalf("clue of seat %d with %d views, want seat 1 with one view", c.seat, len(c.views))
	}
	for face, want := range map[string]bool{"JD": false, "KD": false, "9C": true} {
		x := cards(t, face, map[int]int{})[0]
		if got := c.fits(nil, x, opt); got != want {
			t.Errorf("%s fits seat 1's hand: %v, want %v (view table %v)", face, got, want, c.views[0].table)
		}
	}
}

func TestSampleWorldDealsWhatIsUnseen(t *testing.T) {
	for _, opt := range []Options{Coppola(4), BGA(4)} {
		for seed := uint64(1); seed <= 4; seed++ {
			s, o, clues, rng, ok := observedMidGame(opt, seed, 9)
			if !ok {
				continue
			}
			for range 3 {
				w := o.sampleWorld(clues, &rng)
				if err := w.Check(); err != nil {
					t.Fatalf("%s seed %d: %v", opt.Ruleset, seed, err)
				}
				for seat, h := range w.Hands {
					if len(h) != len(s.Hands[seat]) {
						t.Fatalf("%s seed %d: seat %d holds %d cards, want %d", opt.Ruleset, seed, seat, len(h), len(s.Hands[seat]))
					}
				}
				if !slices.Equal(w.Hands[o.Me], o.Hand) || len(w.Stock) != o.StockSize {
					t.Fatalf("%s seed %d: own hand or stock size changed", opt.Ruleset, seed)
				}
			}
		}
	}
}

// TestSampleWorldKeepsHandsStuck: an opponent's dealt hand holds as many cards as the
// record says were stuck, none of which can be laid on the table it left — which is
// true of its real hand, and rarely of a hand dealt at random.
func TestSampleWorldKeepsHandsStuck(t *testing.T) {
	opt := Coppola(4)
	checked, randomLays := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		s, o, clues, rng, ok := observedMidGame(opt, seed, 10)
		if !ok {
			continue
		}
		world := o.sampleWorld(clues, &rng)
		uniform := o.sample(&rng)
		for i := range clues {
			c := &clues[i]
			if c.stuck == 0 || len(c.views) == 0 {
				continue
			}
			v := &c.views[0]
			if v.layable(s.Hands[c.seat][:c.stuck], opt) {
				t.Fatalf("seed %d: seat %d's real hand is not stuck: the clue is wrong", seed, c.seat)
			}
			if v.layable(world.Hands[c.seat][:c.stuck], opt) {
				t.Errorf("seed %d: seat %d's dealt hand %v lays something on %v", seed, c.seat, world.Hands[c.seat], v.table)
			}
			if v.layable(uniform.Hands[c.seat][:c.stuck], opt) {
				randomLays++
			}
			checked++
		}
	}
	if checked < 8 || randomLays < checked/2 {
		t.Fatalf("checked %d hands (random hands laying something: %d): the test shows nothing", checked, randomLays)
	}
}

var worldPositions = flag.Int("world-positions", 40, "positions TestWorldsPredictOpponents looks at")

// TestWorldsPredictOpponents measures how well the worlds predict whether each opponent
// can lay something on the table at the expert's turn, over positions of greedy games:
// the Brier score of the share of worlds in which it can, against the truth. Dealing the
// stuck cards must beat both the base rate (always predicting how often opponents can
// lay) and hands dealt uniformly at random. With -world-positions 400 (1,200 predictions):
// 0.136 for the worlds, 0.234 for the base rate, 0.43 for uniform hands.
func TestWorldsPredictOpponents(t *testing.T) {
	opt := Coppola(4)
	const worlds = 12
	var brier, uniform, rate float64
	n := 0
	for g := uint64(0); n < *worldPositions*3; g++ {
		s := newState(opt, 9000+g)
		for k := 0; !s.Done && n < *worldPositions*3; k++ {
			if k >= 4 && k%3 == int(g%3) {
				o := s.observe(s.Turn)
				clues := o.clues()
				rng := rules.NewRNG(g*1000 + uint64(k))
				table := pool(s.Table, opt.AceWrap)
				lays := func(hand []Card) float64 {
					if h, _, _ := greedyLay(table, hand, nil, opt); len(h) > 0 {
						return 1
					}
					return 0
				}
				var pw, pu [8]float64
				for range worlds {
					w, u := o.sampleWorld(clues, &rng), o.sample(&rng)
					for _, c := range clues {
						pw[c.seat] += lays(w.Hands[c.seat]) / worlds
						pu[c.seat] += lays(u.Hands[c.seat]) / worlds
					}
				}
				for _, c := range clues {
					truth := lays(s.Hands[c.seat])
					brier += (pw[c.seat] - truth) * (pw[c.seat] - truth)
					uniform += (pu[c.seat] - truth) * (pu[c.seat] - truth)
					rate += truth
					n++
				}
			}
			a, _ := GreedyBot{}.Choose(context.Background(), s.Observe(s.Turn), nil)
			if _, err := s.Apply(s.Turn, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	rate /= float64(n)
	brier /= float64(n)
	uniform /= float64(n)
	base := rate * (1 - rate)
	t.Logf("%d predictions: Brier %.3f (base rate %.3f: %.3f; uniform hands %.3f)", n, brier, rate, base, uniform)
	if brier >= base || brier >= uniform {
		t.Fatalf("the worlds predict no better than the base rate (%.3f) or uniform hands (%.3f): %.3f", base, uniform, brier)
	}
}

var oneCardPositions = flag.Int("one-card-positions", 0, "positions TestWorldsOneCardOpponents looks at (0: skip)")

// TestWorldsOneCardOpponents measures the worlds where they matter most: an opponent
// holding one card. For a single stuck card the worlds deal it uniformly among the
// unseen cards its clue allows, so the chance they give it of laying that card is
// counted exactly here, against the truth — on the table now, and on the table the
// seat to act leaves with the solver's maximum. A measurement, skipped unless
// -one-card-positions is set (the README quotes -one-card-positions 600).
func TestWorldsOneCardOpponents(t *testing.T) {
	if *oneCardPositions == 0 {
		t.Skip("a measurement: run with -one-card-positions N")
	}
	opt := Coppola(4)
	var n, nAfter, now, nowTrue, after, afterTrue float64
	for g := uint64(0); n < float64(*oneCardPositions); g++ {
		s := newState(opt, 15000+g)
		for !s.Done && n < float64(*oneCardPositions) {
			o := s.observe(s.Turn)
			best := SolvePlain(o.position(), opt)
			for _, c := range o.clues() {
				if c.size != 1 || c.stuck != 1 {
					continue
				}
				unseen := unseenCards(s, o.Me)
				tables := [][]Card{pool(s.Table, opt.AceWrap)}
				if best.Found() {
					tables = append(tables, pool(best.Table, opt.AceWrap))
				}
				for k, table := range tables {
					lays := func(x Card) bool {
						h, _, _ := greedyLay(table, []Card{x}, nil, opt)
						return len(h) > 0
					}
					var allowed, laying float64
					for _, x := range unseen {
						if c.fits(nil, x, opt) {
							allowed++
							if lays(x) {
								laying++
							}
						}
					}
					p, truth := laying/max(allowed, 1), 0.0
					if lays(s.Hands[c.seat][0]) {
						truth = 1
					}
					if k == 0 {
						n, now, nowTrue = n+1, now+p, nowTrue+truth
					} else {
						nAfter, after, afterTrue = nAfter+1, after+p, afterTrue+truth
					}
				}
			}
			a, _ := GreedyBot{}.Choose(context.Background(), o, nil)
			if _, err := s.Apply(s.Turn, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%.0f positions: the worlds say the card can be laid %.3f of the time, truly %.3f; after the maximum (%.0f positions) %.3f, truly %.3f",
		n, now/n, nowTrue/n, nAfter, after/nAfter, afterTrue/nAfter)
}

// unseenCards is every card seat me cannot see: the other hands and the stock.
func unseenCards(s *State, me int) []Card {
	var out []Card
	for i, h := range s.Hands {
		if i != me {
			out = append(out, h...)
		}
	}
	return append(out, s.Stock...)
}
