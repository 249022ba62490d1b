package niccolo

import (
	"errors"
	"fmt"

	"principe/rules"
)

// Observation is what one seat may know: the whole public table and its own hand.
// It never holds another seat's hand or the order of any draw pile.
type Observation struct {
	Viewer    rules.Seat `json:"seat"`
	Variant   Variant    `json:"variant"`
	Envoys    [4]bool    `json:"envoys"`
	Round     int        `json:"round"`
	First     rules.Seat `json:"first"` // holder of the 1st Turn marker
	Phase     Phase      `json:"phase"`
	ToAct     rules.Seat `json:"toAct"`
	Turn      int        `json:"turn"` // position of the seat to act in turn order (0 = 1st Turn)
	Markers   [4]Zone    `json:"markers"`
	Squares   [4]int     `json:"squares"`
	Progress  [4]int     `json:"progress"`
	Removed   [4]bool    `json:"removed"`
	Discards  [4][]Card  `json:"discards"` // each seat's discard pile, oldest first
	PileSizes [4]int     `json:"pileSizes"`
	HandSizes [4]int     `json:"handSizes"`
	Hand      []Card     `json:"hand"` // the viewer's own hand, sorted

	// The move being decided, during the moving phase.
	Choice Choice `json:"choice"`
	Leg    int    `json:"leg"`    // 0 the move, 1 the Gambado
	Origin int    `json:"origin"` // square the moving token started from
	Steps  int    `json:"steps"`  // the rule it moves by
	Target int    `json:"target"` // occupied landing square (landing choice)

	Winners []rules.Seat `json:"winners"`
	Lost    bool         `json:"lost"`
}

// Observe returns what seat may know.
func (s *State) Observe(seat rules.Seat) rules.Observation { o := s.observe(seat); return &o }

func (s *State) observe(seat rules.Seat) Observation {
	o := Observation{
		Viewer: seat, Variant: s.variant, Envoys: s.envoy, Round: int(s.round),
		First: rules.Seat(s.first), Phase: s.phase, ToAct: s.ToAct(), Turn: int(s.turn),
		Markers: s.markers, Removed: s.removed, Choice: s.choice, Leg: int(s.leg),
		Origin: int(s.origin), Steps: int(s.steps), Target: int(s.target),
		Winners: s.Winners(), Lost: s.lost, Hand: []Card{},
	}
	for t := 0; t < 4; t++ {
		o.Squares[t] = int(s.square[t])
		o.Progress[t] = int(s.progress[t])
		o.Discards[t] = append([]Card{}, s.discard[t][:s.discardN[t]]...)
		o.PileSizes[t] = int(s.pileN[t])
		o.HandSizes[t] = int(s.handN[t])
	}
	if seat >= 0 && seat < 4 {
		o.Hand = append(o.Hand, s.hand[seat][:s.handN[seat]]...)
		sortCards(o.Hand)
	}
	if o.Winners == nil {
		o.Winners = []rules.Seat{}
	}
	return o
}

func sortCards(c []Card) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j] < c[j-1]; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// Seat is the observing seat.
func (o *Observation) Seat() rules.Seat { return o.Viewer }

// Unseen counts, kind by kind, the cards this seat cannot see: the 64 cards minus its
// own hand and every discard pile. They are in other hands and in the draw piles.
func (o *Observation) Unseen() [NumCardKinds]int {
	var n [NumCardKinds]int
	for k := Card(0); k < NumCardKinds; k++ {
		n[k] = k.Copies()
	}
	for _, c := range o.Hand {
		n[c%NumCardKinds]--
	}
	for _, d := range o.Discards {
		for _, c := range d {
			n[c%NumCardKinds]--
		}
	}
	return n
}

// Sample builds a full state consistent with this observation: the unseen cards are
// dealt at random into the other hands and into every draw pile, with the right sizes.
func (o *Observation) Sample(rng *rules.RNG) rules.State {
	s := o.public(rng)
	var pool [DeckSize]Card
	s.dealUnseen(o.Viewer, o.Unseen(), pool[:], rng)
	return &s
}

// public is the state with everything public filled in and no unseen card dealt.
func (o *Observation) public(rng *rules.RNG) State {
	s := State{
		variant: o.Variant, envoy: o.Envoys, rng: rng.Split(), round: int32(o.Round),
		first: int8(o.First & 3), phase: o.Phase, turn: uint8(o.Turn), markers: o.Markers,
		removed: o.Removed, choice: o.Choice, leg: uint8(o.Leg), origin: int8(o.Origin),
		steps: int8(o.Steps), target: int8(o.Target), lost: o.Lost,
	}
	for _, w := range o.Winners {
		s.winners[w&3] = true
	}
	for t := 0; t < 4; t++ {
		s.square[t] = int8(o.Squares[t])
		s.progress[t] = int16(o.Progress[t])
		s.discardN[t] = uint8(copy(s.discard[t][:], o.Discards[t]))
		s.pileN[t] = uint8(o.PileSizes[t])
		s.handN[t] = uint8(o.HandSizes[t])
	}
	if v := o.Viewer; v >= 0 && v < 4 {
		copy(s.hand[v][:], o.Hand)
	}
	return s
}

// dealUnseen deals the unseen cards (counted by kind) at random into every hand but
// the viewer's and into every pile. pool must hold at least 64 cards.
func (s *State) dealUnseen(viewer rules.Seat, unseen [NumCardKinds]int, pool []Card, rng *rules.RNG) {
	n := 0
	for k := Card(0); k < NumCardKinds; k++ {
		for i := 0; i < unseen[k]; i++ {
			pool[n] = k
			n++
		}
	}
	pool = pool[:n]
	rules.Shuffle(rng, pool)
	i := 0
	for t := 0; t < 4; t++ {
		if rules.Seat(t) != viewer {
			i += copy(s.hand[t][:s.handN[t]], pool[i:])
		}
		i += copy(s.pile[t][:s.pileN[t]], pool[i:])
	}
}

// Resample returns a copy of the state in which everything seat cannot see (the other
// hands and the order of every pile) is dealt afresh at random from rng.
func (s *State) Resample(seat rules.Seat, rng *rules.RNG) rules.State {
	c := *s
	c.rng = rng.Split()
	c.opening = nil
	var pool [DeckSize]Card
	c.dealUnseen(seat, s.unseen(seat), pool[:], rng)
	return &c
}

// unseen counts the cards seat cannot see, kind by kind.
func (s *State) unseen(seat rules.Seat) [NumCardKinds]int {
	var n [NumCardKinds]int
	for k := Card(0); k < NumCardKinds; k++ {
		n[k] = k.Copies()
	}
	if seat >= 0 && seat < 4 {
		for _, c := range s.hand[seat][:s.handN[seat]] {
			n[c]--
		}
	}
	for t := 0; t < 4; t++ {
		for _, c := range s.discard[t][:s.discardN[t]] {
			n[c]--
		}
	}
	return n
}

// Check verifies the invariants of the game and returns the first one broken.
func (s *State) Check() error {
	var count [NumCardKinds]int
	tally := func(cs []Card) error {
		for _, c := range cs {
			if c >= NumCardKinds {
				return fmt.Errorf("there is no card %d", c)
			}
			count[c]++
		}
		return nil
	}
	for t := 0; t < 4; t++ {
		if s.handN[t] > handSize || s.pileN[t] > pileSize || s.discardN[t] > maxDiscard {
			return fmt.Errorf("seat %d holds %d cards in hand, %d in pile, %d discarded: too many", t, s.handN[t], s.pileN[t], s.discardN[t])
		}
		for _, cs := range [][]Card{s.hand[t][:s.handN[t]], s.pile[t][:s.pileN[t]], s.discard[t][:s.discardN[t]]} {
			if err := tally(cs); err != nil {
				return err
			}
		}
	}
	for k := Card(0); k < NumCardKinds; k++ {
		if count[k] != k.Copies() {
			return fmt.Errorf("there are %d %s cards in play, not %d", count[k], k, k.Copies())
		}
	}
	for c := 0; c < 4; c++ {
		if s.markers[c] >= NumZones {
			return fmt.Errorf("the %s marker is in no zone", Colour(c))
		}
	}
	for t := 0; t < 4; t++ {
		if s.removed[t] {
			if s.variant != Partner || s.progress[t] < CircuitProgress {
				return fmt.Errorf("%s's token is off the board without completing its circuit", FamilyNames[t])
			}
			continue
		}
		if s.square[t] < 0 || int(s.square[t]) >= TrackLength {
			return fmt.Errorf("%s's token is on no square (%d)", FamilyNames[t], s.square[t])
		}
		if wrap(Home(t)+int(s.progress[t])) != int(s.square[t]) {
			return fmt.Errorf("%s's token is on square %d but its progress %d puts it on %d", FamilyNames[t], s.square[t], s.progress[t], wrap(Home(t)+int(s.progress[t])))
		}
		if s.occupied(int(s.square[t]), t) {
			return fmt.Errorf("two tokens share square %d", s.square[t])
		}
	}
	return s.checkHands()
}

// checkHands verifies the hand sizes: Envoys hold none; a player holds 5 cards before
// playing in the card play and 4 after.
func (s *State) checkHands() error {
	for i := 0; i < 4; i++ {
		t := s.order(i)
		want := 4
		switch {
		case s.envoy[t]:
			want = 0
		case s.phase == CardPlay && i >= int(s.turn) && !s.lost:
			want = 5
		}
		if int(s.handN[t]) != want {
			return fmt.Errorf("%s holds %d cards, not %d", FamilyNames[t], s.handN[t], want)
		}
	}
	if s.phase > GameOver || s.turn > 4 || (s.phase != GameOver && s.turn > 3) {
		return errors.New("the turn is out of range")
	}
	return nil
}
