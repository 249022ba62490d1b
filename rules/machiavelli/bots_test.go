package machiavelli

import (
	"context"
	"slices"
	"testing"

	"principe/rules"
)

// expertObs builds the expert's observation of a position (seat 0 of four).
func expertObs(p Position, opt Options, log []Record) *Observation {
	return &Observation{Me: 0, Opt: opt, Hand: p.Hand, Table: p.Table, Free: p.Free,
		HandSizes: []int{len(p.Hand), 10, 10, 10}, StockSize: 20, Log: log}
}

// laid applies the bot's action to the position and returns the hand cards it laid.
func laid(t *testing.T, p Position, opt Options, a Action) []Card {
	t.Helper()
	if a.Kind != KindPlay {
		return nil
	}
	res, err := checkPlay(p.Table, p.Hand, p.Free, a, opt)
	if err != nil {
		t.Fatalf("the expert's play %v is refused: %v", a, err)
	}
	return res.fromHand
}

func expertChoice(t *testing.T, o *Observation) Action {
	t.Helper()
	a, err := (&ExpertBot{}).Choose(context.Background(), o, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a.(Action)
}

// TestExpertIsReproducible: the same observation and seed give the same choice, and
// every choice it weighs is a legal play (or the draw).
func TestExpertIsReproducible(t *testing.T) {
	for _, opt := range []Options{Coppola(4), Coppola(3)} {
		s, o, best := choosingStockEmpty(opt, 3)
		choices := expertChoices(o, best)
		if len(choices) < 2 {
			t.Fatalf("%s: only %d choices weighed", opt.Ruleset, len(choices))
		}
		for _, c := range choices {
			if c.action.Kind != KindPlay {
				continue
			}
			res, err := checkPlay(o.Table, o.Hand, o.Free, c.action, opt)
			if err != nil || !sameCards(res.fromHand, c.hand) || !sameCards(res.fromFree, c.free) {
				t.Fatalf("%s: choice %v is refused (%v) or lays other cards than it says", opt.Ruleset, c.action, err)
			}
		}
		bot := &ExpertBot{seed: 7, worlds: 4}
		a, err := bot.Choose(context.Background(), o, nil)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := bot.Choose(context.Background(), o, nil)
		if a.(Action).String() != again.(Action).String() {
			t.Fatalf("%s: %v, then %v", opt.Ruleset, a, again)
		}
		if _, err := s.clone().Apply(s.Turn, a); err != nil {
			t.Fatalf("%s: the expert's %v is refused: %v", opt.Ruleset, a, err)
		}
	}
}

// choosingStockEmpty plays a game among random bots (which lay little and draw much)
// until the stock is empty and the seat to act has a play that does not empty its hand:
// a position where the expert weighs its choices.
func choosingStockEmpty(opt Options, seed uint64) (*State, *Observation, Solution) {
	for ; ; seed++ {
		s := newState(opt, seed)
		bot := &RandomBot{rng: rules.NewRNG(seed)}
		for !s.Done {
			o := s.observe(s.Turn)
			if best := SolvePlain(o.position(), opt); o.weighs(best) {
				return s, o, best
			}
			a, err := bot.Choose(context.Background(), o, nil)
			if err == nil {
				_, err = s.Apply(s.Turn, a)
			}
			if err != nil {
				panic(err)
			}
		}
	}
}

// TestExpertStopsWhenCancelled: with its context cancelled it still answers, at once.
func TestExpertStopsWhenCancelled(t *testing.T) {
	s, _, _ := choosingStockEmpty(Coppola(4), 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, err := (&ExpertBot{}).Choose(ctx, s.Observe(s.Turn), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(s.Turn, a); err != nil {
		t.Fatalf("the expert's %v is refused: %v", a, err)
	}
}

func TestExpertGoesOutAtOnce(t *testing.T) {
	opt := BGA(4)
	p := position(t, "3H 4H 5H", "6H 7H 9S 9D 9C", "")
	a := expertChoice(t, expertObs(p, opt, nil))
	if n := len(laid(t, p, opt, a)); n != 5 {
		t.Fatalf("laid %d of 5 cards (%v), but it could go out", n, a)
	}
}

func TestExpertDrawsOrPassesWithNothingToLay(t *testing.T) {
	opt := BGA(4)
	p := position(t, "3H 4H 5H", "9S KD", "")
	o := expertObs(p, opt, nil)
	if a := expertChoice(t, o); a.Kind != KindDraw {
		t.Fatalf("chose %v, want a draw", a)
	}
	o.StockSize = 0
	if a := expertChoice(t, o); a.Kind != KindPass {
		t.Fatalf("chose %v with the stock empty, want a pass", a)
	}
}

func TestSmallLayOrder(t *testing.T) {
	opt := Coppola(4)
	// A free card onto a meld lays no hand card at all.
	p := position(t, "3H 4H 5H", "9S 9D 9C 6H", "2H")
	a, ok := smallLay(p, opt)
	if !ok || len(laid(t, p, opt, a)) != 0 || !slices.Equal(a.Free, p.Free) {
		t.Fatalf("got %v %v, want the free 2H onto the run", a, ok)
	}
	// Without free cards: one hand card onto a meld before a meld of three; a joker only
	// when nothing else fits.
	p = position(t, "3H 4H 5H", "* 9S 9D 9C 6H", "")
	a, ok = smallLay(p, opt)
	if got := laid(t, p, opt, a); !ok || len(got) != 1 || got[0].Code() != "6H" {
		t.Fatalf("got %v, want 6H onto the run", got)
	}
	p = position(t, "3H 4H 5H", "* 9S 9D 9C", "")
	a, ok = smallLay(p, opt)
	if got := laid(t, p, opt, a); !ok || len(got) != 1 || !got[0].IsJoker() {
		t.Fatalf("got %v, want the joker onto the run (the only single card that fits)", got)
	}
	p = position(t, "", "9S 9D 9C KH", "")
	a, ok = smallLay(p, opt)
	if got := laid(t, p, opt, a); !ok || len(got) != 3 {
		t.Fatalf("got %v, want the set of nines", got)
	}
	if _, ok := smallLay(position(t, "", "9S 10D KH", ""), opt); ok {
		t.Fatal("found a simple lay in a hand without one")
	}
}

// BenchmarkExpertDecision times the expert's weighed decisions (default worlds): 30
// Coppola positions with the stock empty, from games among random bots; ns/op is the
// mean over them. (While the stock lasts, a decision is one solver call.)
func BenchmarkExpertDecision(b *testing.B) {
	var obs []*Observation
	for seed := uint64(1); len(obs) < 30; seed++ {
		_, o, _ := choosingStockEmpty(Coppola(4), seed*1000)
		obs = append(obs, o)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := (&ExpertBot{seed: 1}).Choose(context.Background(), obs[i%len(obs)], nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestExpertHoldsBack: the rule of thumb. In Coppola the expert draws rather than lay
// short of going out while the stock lasts; in BGA it holds back only while an opponent
// and itself are both near out.
func TestExpertHoldsBack(t *testing.T) {
	p := position(t, "3H 4H 5H", "6H 7H 9S KD", "")
	best := SolvePlain(p, Coppola(4))
	o := expertObs(p, Coppola(4), nil)
	if !o.holdsBack(best) {
		t.Fatal("Coppola: does not hold back with the stock full")
	}
	if a := expertChoice(t, o); a.Kind != KindDraw {
		t.Fatalf("Coppola: chose %v, want a draw", a)
	}
	o.StockSize = 0
	if o.holdsBack(best) {
		t.Fatal("Coppola: holds back with the stock empty")
	}
	o = expertObs(p, BGA(4), nil)
	best = SolvePlain(p, BGA(4))
	if o.holdsBack(best) {
		t.Fatal("BGA: holds back with every opponent at 10 cards")
	}
	if a := expertChoice(t, o); len(laid(t, p, BGA(4), a)) != 2 {
		t.Fatalf("BGA: chose %v with every opponent at 10 cards, want 6H 7H laid", a)
	}
	o.HandSizes[2] = 4
	if !o.holdsBack(best) {
		t.Fatal("BGA: does not hold back with an opponent at 4 cards and 2 of its own left")
	}
	if a := expertChoice(t, o); a.Kind != KindDraw {
		t.Fatalf("BGA: chose %v with an opponent at 4 cards, want a draw", a)
	}
	far := position(t, "3H 4H 5H", "6H 7H 9S KD 2C 4D 8S", "")
	o = expertObs(far, BGA(4), nil)
	o.HandSizes[2] = 4
	if o.holdsBack(SolvePlain(far, BGA(4))) {
		t.Fatal("BGA: holds back with 5 cards left after the play")
	}
	out := position(t, "3H 4H 5H", "6H 7H", "")
	if o := expertObs(out, Coppola(4), nil); o.holdsBack(SolvePlain(out, Coppola(4))) {
		t.Fatal("holds back a play that empties the hand")
	}
}
