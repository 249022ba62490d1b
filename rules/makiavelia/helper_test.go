package makiavelia

import (
	"testing"

	"principe/rules"
)

// table is a game set up for a scenario: every Reserve and City empty, the First
// Player at seat 0, seat 0 to play.
func table(t *testing.T, n int) *State {
	t.Helper()
	s, err := NewGame(Options{Players: n}, 42)
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.p {
		s.market = append(s.market, s.p[i].Reserve...)
		s.p[i].Reserve = nil
	}
	// Keep the Market at its size, so card counts stay right: the extra cards go to
	// seat reserves later through fetch.
	s.first = 0
	s.startTurn(0, nil)
	s.check(t)
	return s
}

func (s *State) check(t *testing.T) {
	t.Helper()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

// fetch takes a card of design k out of the Market (bringing it into the game from the
// unused cards if needed, in exchange for a Market card of another design).
func (s *State) fetch(t *testing.T, k Kind) CardID {
	t.Helper()
	for i, c := range s.market {
		if KindOf(c) == k {
			s.market = removeAt(s.market, i)
			return c
		}
	}
	used := make([]bool, SetSize())
	mark := func(cs []CardID) {
		for _, c := range cs {
			used[c] = true
		}
	}
	mark(s.market)
	for _, p := range s.p {
		mark(p.Reserve)
		mark(p.Cemetery)
		for _, pl := range p.City {
			used[pl.Card] = true
		}
	}
	for c := range used {
		if !used[c] && KindOf(CardID(c)) == k {
			// swap with the first Market card of another design
			for i, m := range s.market {
				if KindOf(m) != k {
					s.market = removeAt(s.market, i)
					return CardID(c)
				}
			}
		}
	}
	t.Fatalf("no %s left", k)
	return -1
}

// hand puts a card of design k in seat's Reserve.
func (s *State) hand(t *testing.T, seat rules.Seat, k Kind) CardID {
	t.Helper()
	c := s.fetch(t, k)
	s.p[seat].Reserve = append(s.p[seat].Reserve, c)
	return c
}

// build puts a card of design k in play in seat's City.
func (s *State) build(t *testing.T, seat rules.Seat, k Kind) CardID {
	t.Helper()
	c := s.fetch(t, k)
	s.seq++
	s.p[seat].City = append(s.p[seat].City, Placed{Card: c, By: seat, Order: s.seq})
	return c
}

// coin gives seat a coin of value v from the bag.
func (s *State) coin(t *testing.T, seat rules.Seat, v int) CoinID {
	t.Helper()
	for i, c := range s.bag {
		if CoinValue(c) == v {
			s.bag = removeAt(s.bag, i)
			s.p[seat].Coins = append(s.p[seat].Coins, c)
			return c
		}
	}
	t.Fatalf("no coin of value %d", v)
	return -1
}

// must applies a move that has to succeed.
func (s *State) must(t *testing.T, seat rules.Seat, m Move) []Event {
	t.Helper()
	evs, err := s.Apply(seat, m)
	if err != nil {
		t.Fatalf("%v by seat %d refused: %v", m, seat, err)
	}
	s.check(t)
	out := make([]Event, len(evs))
	for i, e := range evs {
		out[i] = e.(Event)
	}
	return out
}

// refuse applies a move that has to fail, leaving the state as it was.
func (s *State) deny(t *testing.T, seat rules.Seat, m Move, why string) {
	t.Helper()
	h := s.Hash()
	_, err := s.Apply(seat, m)
	if err == nil {
		t.Fatalf("%v by seat %d accepted; want refusal (%s)", m, seat, why)
	}
	if s.Hash() != h {
		t.Fatalf("refused %v changed the state", m)
	}
	t.Logf("refused as expected: %v", err)
}

func (s *State) wounds(c CardID) int {
	owner, j := s.findPlaced(c)
	if owner == rules.NoSeat {
		return -1
	}
	return s.p[owner].City[j].Wounds
}

func inCemetery(s *State, seat rules.Seat, c CardID) bool {
	for _, x := range s.p[seat].Cemetery {
		if x == c {
			return true
		}
	}
	return false
}

// endTurns ends turns until the negotiation (or seat to act is not in a turn).
func (s *State) endTurns(t *testing.T) {
	t.Helper()
	for s.step == StepTurn {
		s.must(t, s.ToAct(), Move{Kind: MoveEndTurn})
	}
}

// passAll passes every Hospital and proposal until the round is settled.
func (s *State) passAll(t *testing.T) {
	t.Helper()
	for s.step == StepHospital || s.step == StepPropose {
		s.must(t, s.ToAct(), Move{Kind: MovePass})
	}
}
