package makiavelia

import (
	"math"
	"testing"

	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
)

func TestHitChance(t *testing.T) {
	for _, c := range []struct {
		n, k int
		want float64
	}{{1, 1, 0.5}, {2, 1, 0.75}, {2, 2, 0.25}, {3, 0, 1}, {3, 4, 0}, {4, 2, 11.0 / 16}} {
		if got := hitChance(c.n, c.k); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("hitChance(%d, %d) = %v, want %v", c.n, c.k, got, c.want)
		}
	}
}

// tableAt is a table's input state at the position s, seen by seat (no app needed).
func tableAt(s *mak.State, seat rules.Seat) *Table {
	o := s.Observe(seat).(*mak.Observation)
	rng := rules.NewRNG(1)
	t := &Table{obs: o, world: o.Sample(&rng).(*mak.State), viewer: seat, in: newInput()}
	for _, a := range s.Legal(seat) {
		t.legal = append(t.legal, a.(mak.Move))
	}
	return t
}

// TestSuggestedWoundsAreLegal plays random games and checks, at every wound placement,
// that the suggestion places exactly the wounds rolled, only on legal targets, and that
// the rules accept it wound by wound.
func TestSuggestedWoundsAreLegal(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 12 && checked < 40; seed++ {
		s, err := mak.NewGame(mak.Options{Players: 3 + int(seed%4)}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; !s.Over() && steps < 2000; steps++ {
			seat := s.ToAct()
			if s.Step() == mak.StepWounds {
				tb := tableAt(s, seat)
				plan := tb.suggestWounds()
				if got, want := planTotal(plan), tb.obs.WoundsLeft; got != want {
					t.Fatalf("seed %d: the suggestion places %d wounds of %d", seed, got, want)
				}
				c := s.Clone()
				for card, n := range plan {
					for i := 0; i < n && c.ToAct() == seat && c.(*mak.State).Step() == mak.StepWounds; i++ {
						if _, err := c.Apply(seat, mak.Move{Kind: mak.MoveWound, TargetCard: card}); err != nil {
							t.Fatalf("seed %d: the rules refuse the suggested wound on %v: %v", seed, mak.KindOf(card), err)
						}
					}
				}
				checked++
			}
			legal := s.Legal(seat)
			if _, err := s.Apply(seat, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no wound placement reached")
	}
}

// TestCounterRegimeKeepsTheSum checks that a counter moves the difference to the
// author's share and that the rules accept it when it is a legal counter.
func TestCounterRegimeKeepsTheSum(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		s, err := mak.NewGame(mak.Options{Players: 4}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; !s.Over() && steps < 3000; steps++ {
			seat := s.ToAct()
			if s.Step() == mak.StepVote {
				tb := tableAt(s, seat)
				if len(tb.legalOf(mak.MoveCounter)) > 0 {
					p := tb.obs.Proposal
					want := (p.ShareOf(seat) + 1) % (p.ShareOf(seat) + p.ShareOf(tb.obs.ProposedBy) + 1)
					r := tb.counterRegime(seat, want)
					sum := 0
					for _, v := range r.Shares {
						sum += v
					}
					if sum != mak.Earning(4) || r.ShareOf(seat) != want {
						t.Fatalf("counter %v from %v: shares sum to %d, mine %d (want %d)", r, p, sum, r.ShareOf(seat), want)
					}
					if want != p.ShareOf(seat) {
						if _, err := s.Clone().Apply(seat, mak.Move{Kind: mak.MoveCounter, Regime: r}); err != nil {
							t.Fatalf("the rules refuse the counter %v to %v: %v", r, p, err)
						}
					}
					return
				}
			}
			legal := s.Legal(seat)
			if _, err := s.Apply(seat, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no counter was possible in 40 random games")
}

// TestHotSeatLogTellsNoSecrets: the log stays on screen for every human at a hot seat,
// so it tells a draw as a spectator sees it, even while the drawer is in view; with one
// human, that human's own draws are told with their card.
func TestHotSeatLogTellsNoSecrets(t *testing.T) {
	s, err := mak.NewGame(mak.Options{Players: 3}, 11)
	if err != nil {
		t.Fatal(err)
	}
	seat := s.ToAct()
	ev, err := s.Apply(seat, mak.Move{Kind: mak.MoveDraw})
	if err != nil {
		t.Fatal(err)
	}
	var draw mak.Event
	for _, e := range ev {
		if e.(mak.Event).Kind == mak.EvDraw {
			draw = e.(mak.Event)
		}
	}
	if draw.Kind != mak.EvDraw || draw.Card < 0 {
		t.Fatalf("no draw with its card in %v", ev)
	}
	humans := []bool{true, true, true}
	humans[(int(seat)+1)%3] = false
	hot := &Table{priv: play.NewPrivacy(humans), viewer: seat}
	if e := forViewer(draw, hot.logViewer()); e.Card >= 0 {
		t.Errorf("at a hot seat the log tells the card %v drawn by seat %d", mak.KindOf(e.Card), seat)
	}
	alone := make([]bool, 3)
	alone[seat] = true
	one := &Table{priv: play.NewPrivacy(alone), viewer: seat}
	if e := forViewer(draw, one.logViewer()); e.Card != draw.Card {
		t.Errorf("the one human's log does not tell the card it drew")
	}
}
