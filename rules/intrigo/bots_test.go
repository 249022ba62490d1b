package intrigo

import (
	"context"
	"testing"

	"principe/rules"
)

func botMove(t *testing.T, name string, s *State) Move {
	t.Helper()
	b, err := Game{}.NewBot(name, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	seat := s.ToAct()
	a, err := b.Choose(context.Background(), s.Observe(seat), s.Legal(seat))
	if err != nil {
		t.Fatal(err)
	}
	return a.(Move)
}

// TestExpertKeepsCheapDealsBreaksDearOnes: the expert keeps a deal when its reputation is worth more than
// the breach (early in the game, even for the dearest post), and breaks it when the breach gains more (the
// dearest post on its last turn, when its record will bring no more bribes).
func TestExpertKeepsCheapDealsBreaksDearOnes(t *testing.T) {
	for _, tc := range []struct {
		ask, turn int
		keep      bool
	}{{1, 2, true}, {3, 2, true}, {3, TurnsPerPlayer, false}} {
		s := table(4, orange)
		s.Table.TurnsBegun[orange] = tc.turn
		s.wait(adv(black, Writer, 0), orange)
		s.receive()
		do(t, s, black, offer(tc.ask, 1000))
		if m := botMove(t, "expert", s); m.Kind != Accept {
			do(t, s, orange, m)
			do(t, s, black, simple(TakeCounter))
		} else {
			do(t, s, orange, m)
		}
		m := botMove(t, "expert", s)
		if (m.Post == tc.ask) != tc.keep {
			t.Errorf("asked post %d on turn %d: the expert placed on %d (keep expected: %v)", tc.ask, tc.turn, m.Post, tc.keep)
		}
	}
}

// TestGreedyTakesTheHighestBribe: the greedy owner prices an offer by the speaker's stake (the post's
// value over the speaker's collections to come): it counters a cheap offer at a quarter of the stake,
// accepts one paying an eighth, and admits the best payer on the post it asked for.
func TestGreedyTakesTheHighestBribe(t *testing.T) {
	s := table(4, orange)
	s.wait(adv(black, Chemist, 0), orange)
	s.wait(adv(white, Chemist, 0), orange)
	s.receive()
	// Black asks for the 6,000 post with four collections to come: a stake of 24,000.
	do(t, s, black, offer(2, 1000))
	if m := botMove(t, "greedy", s); m.Kind != Counter || m.Price != 6000 {
		t.Fatalf("greedy should counter 1,000 for a stake of 24,000 at 6,000, not %v", m)
	}
	do(t, s, orange, counter(6000))
	if m := botMove(t, "greedy", s); m.Kind != TakeCounter {
		t.Fatalf("a greedy speaker takes a price of a quarter of its stake, not %v", m)
	}
	do(t, s, black, simple(DeclineCounter))
	do(t, s, white, offer(3, 5000))
	if m := botMove(t, "greedy", s); m.Kind != Accept {
		t.Fatalf("greedy should accept 5,000 for a stake of 40,000, not %v", m)
	}
	do(t, s, orange, simple(Accept))
	m := botMove(t, "greedy", s)
	if m.Kind != Admit || m.Advisor != adv(white, Chemist, 0) || m.Post != 3 {
		t.Fatalf("greedy should admit white's chemist on the 10,000 post, not %v", m)
	}
	// As a speaker it offers an eighth of its stake for the dearest free post: (10,000 − 1,000) × 4 / 8,
	// down to the ladder's 4,000; with an empty purse, the bank's 1,000.
	s = table(4, orange)
	s.wait(adv(black, Chemist, 0), orange)
	s.receive()
	if m := botMove(t, "greedy", s); m.Kind != Offer || m.Bribe != 4000 || m.Post != 3 || len(m.Promises) > 0 {
		t.Fatalf("greedy offer: %v", m)
	}
	s.Purses[black] = 0
	if m := botMove(t, "greedy", s); m.Kind != Offer || m.Bribe != BankBribe {
		t.Fatalf("greedy offer with an empty purse: %v", m)
	}
}

// TestExpertBidsFromValue: the expert outbids what a rival has already paid when the post is worth it, and
// never bids beyond its purse.
func TestExpertBidsFromValue(t *testing.T) {
	s := table(4, orange)
	s.wait(adv(black, Chemist, 0), orange)
	s.wait(adv(white, Chemist, 0), orange)
	s.receive()
	do(t, s, black, offer(3, 3000))
	do(t, s, orange, simple(Accept))
	m := botMove(t, "expert", s)
	if m.Kind != Offer || m.Bribe <= 3000 {
		t.Fatalf("expert should outbid black's 3,000 for a 10,000 post: %v", m)
	}
	s.Purses[white] = 2000
	s.Table.Log = append(s.Table.Log, Payment{Kind: PayBribe, From: white, To: Bank, Amount: StartingPurse - 2000})
	if m := botMove(t, "expert", s); m.Bribe > 2000 {
		t.Fatalf("expert bids %d with a purse of 2,000", m.Bribe)
	}
}

// TestStageOneSpeaksPerApplicant: a seat with two applicants in no conflict speaks once for each.
func TestStageOneSpeaksPerApplicant(t *testing.T) {
	s := table(3, orange)
	s.wait(adv(white, Writer, 0), orange)
	s.wait(adv(black, Chemist, 0), orange)
	s.wait(adv(white, Doctor, 0), orange)
	s.receive()
	var order []rules.Seat
	for _, sp := range s.Table.Receive.Negotiation.Speakers {
		order = append(order, sp.Seat)
	}
	if len(order) != 3 || order[0] != black || order[1] != white || order[2] != white {
		t.Fatalf("speaking order %v, want black, white, white", order)
	}
}

// TestBotsChooseWhatTheyMean: the move the greedy and expert bots work out is always one of the legal
// moves, so Choose never falls back on legal[0].
func TestBotsChooseWhatTheyMean(t *testing.T) {
	for p := MinPlayers; p <= MaxPlayers; p++ {
		for seed := uint64(1); seed <= 10; seed++ {
			rng := rules.NewRNG(seed)
			playGame(t, p, seed, []string{"expert", "greedy", "random", "expert", "expert"}, func(s *State, _ rules.Seat, _ Move) {
				if s.Over() {
					return
				}
				seat := s.ToAct()
				legal := s.Legal(seat)
				obs := s.Observe(seat).(*Observation)
				for _, want := range []Move{newExpertView(obs, &rng).move(legal), greedyMove(obs, legal, &rng)} {
					if _, ok := findLegal(legal, want); !ok {
						t.Fatalf("%d players seed %d: a bot wants %v, which is not legal at step %s", p, seed, want, s.Table.Step)
					}
				}
			})
		}
	}
}
