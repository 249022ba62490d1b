package niccolo

import (
	"testing"

	"principe/rules"
)

// table is a literal description of a position, for scenario tests.
type table struct {
	variant  Variant
	envoy    [4]bool
	first    int
	cardPlay bool // the card play is under way (else the moving phase)
	turn     int
	markers  [4]Zone // by colour: red, green, blue, yellow
	squares  [4]int
	progress *[4]int // nil: each token's progress is its distance from home
	removed  [4]bool
	hands    [4][]Card // players' hands; topped up from the rest of the deck
	piles    *[4]int   // pile sizes; nil: the rest of the deck shared out
	pileTop  [4][]Card // cards on top of the piles, top card last
}

// build makes the state the table describes; the cards not named go, in deck order,
// to top up the hands and then into the piles.
func build(t *testing.T, d table) *State {
	t.Helper()
	s := State{variant: d.variant, envoy: d.envoy, first: int8(d.first), phase: Moving,
		turn: uint8(d.turn), markers: d.markers, removed: d.removed, round: 1, rng: rules.NewRNG(99)}
	if d.cardPlay {
		s.phase = CardPlay
	}
	var left [NumCardKinds]int
	for k := Card(0); k < NumCardKinds; k++ {
		left[k] = k.Copies()
	}
	take := func(c Card) {
		if left[c] == 0 {
			t.Fatalf("table uses more %s cards than the deck holds", c)
		}
		left[c]--
	}
	next := func() Card {
		for k := Card(0); k < NumCardKinds; k++ {
			if left[k] > 0 {
				left[k]--
				return k
			}
		}
		t.Fatal("the deck is exhausted")
		return 0
	}
	for seat := 0; seat < 4; seat++ {
		s.square[seat] = int8(d.squares[seat])
		if d.progress != nil {
			s.progress[seat] = int16(d.progress[seat])
		} else {
			s.progress[seat] = int16(wrap(d.squares[seat] - Home(seat)))
		}
		for _, c := range d.pileTop[seat] {
			take(c)
		}
		for _, c := range d.hands[seat] {
			take(c)
			s.hand[seat][s.handN[seat]] = c
			s.handN[seat]++
		}
	}
	for i := 0; i < 4; i++ {
		seat := s.order(i)
		if s.envoy[seat] {
			continue
		}
		want := 4
		if d.cardPlay && i >= d.turn {
			want = 5
		}
		for int(s.handN[seat]) < want {
			s.hand[seat][s.handN[seat]] = next()
			s.handN[seat]++
		}
	}
	rest := 0
	for _, n := range left {
		rest += n
	}
	for seat := 0; seat < 4; seat++ {
		n := rest / 4
		if seat < rest%4 {
			n++
		}
		if d.piles != nil {
			n = d.piles[seat]
		}
		for i := len(d.pileTop[seat]); i < n; i++ {
			s.pile[seat][s.pileN[seat]] = next()
			s.pileN[seat]++
		}
		for _, c := range d.pileTop[seat] {
			s.pile[seat][s.pileN[seat]] = c
			s.pileN[seat]++
		}
	}
	// Cards left over (when pile sizes are given) go to the discards.
	for seat := 0; rest > 0; seat = (seat + 1) & 3 {
		any := false
		for _, n := range left {
			any = any || n > 0
		}
		if !any {
			break
		}
		s.discard[seat][s.discardN[seat]] = next()
		s.discardN[seat]++
	}
	if err := s.Check(); err != nil {
		t.Fatalf("the table is not a legal position: %v", err)
	}
	return &s
}

// homes is the starting squares.
var homes = [4]int{0, 8, 16, 24}

// allOn puts every marker in one zone.
func allOn(z Zone) [4]Zone { return [4]Zone{z, z, z, z} }

// moving runs the moving phase of a built table from its start.
func moving(t *testing.T, s *State) []Event {
	t.Helper()
	var ev []Event
	s.phase, s.turn = Moving, 0
	s.runMoving(&ev)
	return ev
}

// play makes a move that must be legal.
func play(t *testing.T, s *State, seat int, m Move) []Event {
	t.Helper()
	var ev []Event
	if err := s.Play(seat, m, &ev); err != nil {
		t.Fatalf("%s for %s: %v", m, FamilyNames[seat], err)
	}
	if err := s.Check(); err != nil {
		t.Fatalf("after %s: %v", m, err)
	}
	return ev
}

// find returns the events of type E.
func find[E Event](ev []Event) []E {
	var out []E
	for _, e := range ev {
		if x, ok := e.(E); ok {
			out = append(out, x)
		}
	}
	return out
}

// movesOfSeat returns the TokenMoved events of one seat.
func movesOfSeat(ev []Event, seat int) []TokenMoved {
	var out []TokenMoved
	for _, m := range find[TokenMoved](ev) {
		if int(m.Seat) == seat {
			out = append(out, m)
		}
	}
	return out
}
