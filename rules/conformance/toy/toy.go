// Package toy is "Alta", a tiny hidden-hand trick-taking game that implements the whole
// rules contract. It exists to test the shared machinery — records, the conformance
// suite, search and the arena — on a game small enough to reason about; no player ever
// sees it.
//
// Rules: twelve cards numbered 1–12. Each of 2–4 seats is dealt Hand cards; the rest stay
// face down, unseen by everyone. First each seat in turn, from seat 0, bids how many
// tricks it will take (0 … Hand). Then seat 0 leads the first trick; everyone plays one
// card in turn (clockwise); the highest card wins the trick and its winner leads the
// next. After Hand tricks every seat that took exactly the tricks it bid wins (several
// may share the victory; if nobody did, nobody wins). A seat scores its tricks, plus 10
// when it made its bid. With Dummy the last seat is played by the rules themselves: it
// bids 0 and always plays its lowest card.
//
// Options.Bug switches on a deliberate defect, so tests can prove the checks that should
// catch it do: "leak" (observations show other hands), "sample" (Observation.Sample
// forgets the tricks won), "clone" (Clone shares the hands), "dirty" (a refused action
// still changes the state), "turnless" (any seat may play at any time), "alias"
// (observations share memory with the state).
package toy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"

	"principe/rules"
	"principe/rules/search"
)

// Name is the registered name of the game.
const Name = "toy"

// Cards is the number of cards in the deck, numbered 1 … Cards.
const Cards = 12

func init() { rules.Register(Game{}) }

// Options are the game's settings.
type Options struct {
	// Players is the number of seats, 2–4 (default 3).
	Players int `json:"players,omitempty"`
	// Hand is the number of cards dealt to each seat, 1–4 (default 3).
	Hand int `json:"hand,omitempty"`
	// Dummy makes the last seat automatic: the rules play its lowest card.
	Dummy bool `json:"dummy,omitempty"`
	// Bug switches on a deliberate defect (see the package comment).
	Bug string `json:"bug,omitempty"`
}

// Bid is the action of bidding a number of tricks.
type Bid struct {
	Tricks int `json:"bid"`
}

// String implements rules.Action.
func (b Bid) String() string { return fmt.Sprintf("bid %d", b.Tricks) }

// Play is the action of playing a card from your hand.
type Play struct {
	Card int `json:"card"`
}

// String implements rules.Action.
func (p Play) String() string { return fmt.Sprintf("play %d", p.Card) }

// BidMade is the event of a seat bidding.
type BidMade struct {
	Seat   rules.Seat
	Tricks int
	Auto   bool // bid by the rules for the dummy
}

// String implements rules.Event.
func (e BidMade) String() string { return fmt.Sprintf("seat %d bids %d", e.Seat, e.Tricks) }

// Played is the event of a card being played.
type Played struct {
	Seat rules.Seat
	Card int
	Auto bool // played by the rules for the dummy
}

// String implements rules.Event.
func (e Played) String() string {
	if e.Auto {
		return fmt.Sprintf("the dummy (seat %d) plays %d", e.Seat, e.Card)
	}
	return fmt.Sprintf("seat %d plays %d", e.Seat, e.Card)
}

// TrickWon is the event of a trick being won.
type TrickWon struct {
	Seat rules.Seat
}

// String implements rules.Event.
func (e TrickWon) String() string { return fmt.Sprintf("seat %d wins the trick", e.Seat) }

// Game describes Alta to the shared machinery.
type Game struct{}

// Name implements rules.Game.
func (Game) Name() string { return Name }

// NewState implements rules.Game.
func (Game) NewState(options json.RawMessage, seed uint64) (rules.State, error) {
	var o Options
	if t := bytes.TrimSpace(options); len(t) > 0 {
		d := json.NewDecoder(bytes.NewReader(t))
		d.DisallowUnknownFields()
		if err := d.Decode(&o); err != nil {
			return nil, fmt.Errorf("toy options: %v", err)
		}
	}
	if o.Players == 0 {
		o.Players = 3
	}
	if o.Hand == 0 {
		o.Hand = 3
	}
	if o.Players < 2 || o.Players > 4 {
		return nil, fmt.Errorf("toy needs 2 to 4 players, not %d", o.Players)
	}
	if o.Hand < 1 || o.Hand > 4 {
		return nil, fmt.Errorf("toy deals 1 to 4 cards, not %d", o.Hand)
	}
	rng := rules.NewRNG(seed)
	deck := make([]int, Cards)
	for i := range deck {
		deck[i] = i + 1
	}
	rules.Shuffle(&rng, deck)
	s := &State{opt: o, tricks: make([]int, o.Players), bids: []int{}}
	for i := range o.Players {
		h := slices.Clone(deck[i*o.Hand : (i+1)*o.Hand])
		slices.Sort(h)
		s.hands = append(s.hands, h)
	}
	s.stock = slices.Clone(deck[o.Players*o.Hand:])
	s.autoPlay()
	return s, nil
}

// DecodeAction implements rules.Game.
func (Game) DecodeAction(data []byte) (rules.Action, error) {
	var v struct {
		Bid  *int `json:"bid"`
		Card *int `json:"card"`
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return nil, fmt.Errorf("not a toy action: %v", err)
	}
	if d.More() {
		return nil, errors.New("not a toy action: trailing data")
	}
	switch {
	case v.Bid != nil && v.Card == nil:
		return Bid{Tricks: *v.Bid}, nil
	case v.Card != nil && v.Bid == nil:
		return Play{Card: *v.Card}, nil
	}
	return nil, errors.New("not a toy action: it needs exactly one of bid and card")
}

// Bots implements rules.Game.
func (Game) Bots() []string { return []string{"random", "greedy", "ismcts"} }

// NewBot implements rules.Game.
func (Game) NewBot(name string, seed uint64, budget int) (rules.Bot, error) {
	switch name {
	case "random":
		return &randomBot{rng: rules.NewRNG(seed)}, nil
	case "greedy":
		return greedyBot{}, nil
	case "ismcts":
		if budget <= 0 {
			budget = 300
		}
		return search.NewBot(search.Config{Iterations: budget, Seed: seed}), nil
	}
	return nil, fmt.Errorf("toy has no bot %q (it has random, greedy, ismcts)", name)
}

type play struct {
	Seat rules.Seat `json:"seat"`
	Card int        `json:"card"`
}

// State is a game of Alta in progress.
type State struct {
	opt    Options
	hands  [][]int // per seat, sorted
	stock  []int   // cards never dealt, unseen by all
	bids   []int   // bids made so far, by seat from seat 0
	trick  []play  // the trick being played
	done   []int   // cards of finished tricks, in the order played
	leader rules.Seat
	tricks []int // tricks won per seat
	round  int   // tricks finished
}

// Game implements rules.State.
func (s *State) Game() string { return Name }

// Seats implements rules.State.
func (s *State) Seats() int { return s.opt.Players }

// Over implements rules.State.
func (s *State) Over() bool { return s.round >= s.opt.Hand }

// ToAct implements rules.State.
func (s *State) ToAct() rules.Seat {
	if s.Over() {
		return rules.NoSeat
	}
	if s.bidding() {
		return rules.Seat(len(s.bids))
	}
	return (s.leader + rules.Seat(len(s.trick))) % rules.Seat(s.opt.Players)
}

// bidding reports whether the seats are still bidding.
func (s *State) bidding() bool { return len(s.bids) < s.opt.Players }

func (s *State) isDummy(seat rules.Seat) bool {
	return s.opt.Dummy && int(seat) == s.opt.Players-1
}

// Legal implements rules.State.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	if s.Over() || seat != s.ToAct() {
		return nil
	}
	var out []rules.Action
	if s.bidding() {
		for n := 0; n <= s.opt.Hand; n++ {
			out = append(out, Bid{Tricks: n})
		}
		return out
	}
	for _, c := range s.hands[seat] {
		out = append(out, Play{Card: c})
	}
	return out
}

// Apply implements rules.State.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if s.Over() {
		return nil, errors.New("the game is over")
	}
	if seat < 0 || int(seat) >= s.opt.Players {
		return nil, fmt.Errorf("seat %d is not at this table", seat)
	}
	if s.opt.Bug == "dirty" && len(s.stock) > 1 {
		// The defect: the stock is touched before the action is checked.
		s.stock[0], s.stock[1] = s.stock[1], s.stock[0]
	}
	if seat != s.ToAct() && s.opt.Bug != "turnless" {
		return nil, fmt.Errorf("seat %d cannot play: %w", seat, rules.ErrNotYourTurn)
	}
	var events []rules.Event
	switch v := a.(type) {
	case Bid:
		if !s.bidding() {
			return nil, errors.New("the bidding is over: play a card")
		}
		if v.Tricks < 0 || v.Tricks > s.opt.Hand {
			return nil, fmt.Errorf("a bid must be between 0 and %d tricks, not %d", s.opt.Hand, v.Tricks)
		}
		s.bids = append(s.bids, v.Tricks)
		events = []rules.Event{BidMade{Seat: seat, Tricks: v.Tricks}}
	case Play:
		if s.bidding() {
			return nil, errors.New("everyone must bid before the first card is played")
		}
		i := slices.Index(s.hands[seat], v.Card)
		if i < 0 {
			return nil, fmt.Errorf("card %d is not in your hand", v.Card)
		}
		events = s.play(seat, i, false)
	default:
		return nil, fmt.Errorf("%v is not a move of this game", a)
	}
	return append(events, s.autoPlay()...), nil
}

// play moves the card at index i of seat's hand into the trick, finishing the trick
// when everyone has played.
func (s *State) play(seat rules.Seat, i int, auto bool) []rules.Event {
	c := s.hands[seat][i]
	s.hands[seat] = slices.Delete(s.hands[seat], i, i+1)
	s.trick = append(s.trick, play{Seat: seat, Card: c})
	events := []rules.Event{Played{Seat: seat, Card: c, Auto: auto}}
	if len(s.trick) < s.opt.Players {
		return events
	}
	best := s.trick[0]
	for _, p := range s.trick[1:] {
		if p.Card > best.Card {
			best = p
		}
	}
	for _, p := range s.trick {
		s.done = append(s.done, p.Card)
	}
	s.trick = s.trick[:0]
	s.tricks[best.Seat]++
	s.leader = best.Seat
	s.round++
	return append(events, TrickWon{Seat: best.Seat})
}

// autoPlay acts for the dummy whenever it is its turn: it bids 0 and plays its lowest card.
func (s *State) autoPlay() []rules.Event {
	var events []rules.Event
	for !s.Over() && s.isDummy(s.ToAct()) {
		if s.bidding() {
			events = append(events, BidMade{Seat: s.ToAct(), Tricks: 0, Auto: true})
			s.bids = append(s.bids, 0)
			continue
		}
		events = append(events, s.play(s.ToAct(), 0, true)...)
	}
	return events
}

// Outcome implements rules.State.
func (s *State) Outcome() rules.Outcome {
	o := rules.Outcome{Rounds: s.round, Scores: make([]float64, s.opt.Players)}
	for i, t := range s.tricks {
		o.Scores[i] = float64(t)
		if s.Over() && t == s.bids[i] {
			o.Scores[i] += 10
			o.Winners = append(o.Winners, rules.Seat(i))
		}
	}
	return o
}

// Clone implements rules.State.
func (s *State) Clone() rules.State {
	c := *s
	c.hands = make([][]int, len(s.hands))
	for i, h := range s.hands {
		if s.opt.Bug == "clone" {
			c.hands[i] = h
		} else {
			c.hands[i] = slices.Clone(h)
		}
	}
	c.stock = slices.Clone(s.stock)
	c.bids = slices.Clone(s.bids)
	c.trick = slices.Clone(s.trick)
	c.done = slices.Clone(s.done)
	c.tricks = slices.Clone(s.tricks)
	return &c
}

// Check implements rules.State.
func (s *State) Check() error {
	seen := make([]int, Cards+1)
	count := func(cs []int) {
		for _, c := range cs {
			if c >= 1 && c <= Cards {
				seen[c]++
			}
		}
	}
	for _, h := range s.hands {
		count(h)
		if !slices.IsSorted(h) {
			return errors.New("a hand is not sorted")
		}
	}
	count(s.stock)
	count(s.done)
	for _, p := range s.trick {
		count([]int{p.Card})
	}
	for c := 1; c <= Cards; c++ {
		if seen[c] != 1 {
			return fmt.Errorf("card %d is present %d times", c, seen[c])
		}
	}
	if len(s.bids) > s.opt.Players {
		return fmt.Errorf("%d bids for %d seats", len(s.bids), s.opt.Players)
	}
	for i, b := range s.bids {
		if b < 0 || b > s.opt.Hand {
			return fmt.Errorf("seat %d bid %d", i, b)
		}
	}
	if s.bidding() && (s.round > 0 || len(s.trick) > 0) {
		return errors.New("cards were played before everyone bid")
	}
	sum := 0
	for _, t := range s.tricks {
		sum += t
	}
	if sum != s.round {
		return fmt.Errorf("%d tricks won but %d played", sum, s.round)
	}
	for i, h := range s.hands {
		want := s.opt.Hand - s.round
		for _, p := range s.trick {
			if int(p.Seat) == i {
				want--
			}
		}
		if len(h) != want {
			return fmt.Errorf("seat %d holds %d cards, not %d", i, len(h), want)
		}
	}
	return nil
}

// Hash implements rules.State.
func (s *State) Hash() uint64 {
	h := fnv.New64a()
	put := func(v int) {
		var b [8]byte
		for i := range b {
			b[i] = byte(uint64(v) >> (8 * i))
		}
		h.Write(b[:])
	}
	list := func(cs []int) {
		put(len(cs))
		for _, c := range cs {
			put(c)
		}
	}
	put(s.opt.Players)
	put(s.opt.Hand)
	if s.opt.Dummy {
		put(1)
	} else {
		put(0)
	}
	for _, hand := range s.hands {
		list(hand)
	}
	list(s.stock)
	list(s.bids)
	list(s.done)
	put(len(s.trick))
	for _, p := range s.trick {
		put(int(p.Seat))
		put(p.Card)
	}
	put(int(s.leader))
	list(s.tricks)
	put(s.round)
	return h.Sum64()
}

// Observation is what one seat of Alta may know.
type Observation struct {
	Me        rules.Seat `json:"seat"`
	Opt       Options    `json:"options"`
	Hand      []int      `json:"hand"`
	HandSizes []int      `json:"hand_sizes"`
	Stock     int        `json:"stock"`
	Bids      []int      `json:"bids"`
	Trick     []play     `json:"trick"`
	Done      []int      `json:"done"`
	Leader    rules.Seat `json:"leader"`
	Tricks    []int      `json:"tricks"`
	Round     int        `json:"round"`
	Others    [][]int    `json:"others,omitempty"` // only with the "leak" bug
}

// Observe implements rules.State.
func (s *State) Observe(seat rules.Seat) rules.Observation {
	o := &Observation{
		Me:     seat,
		Opt:    s.opt,
		Stock:  len(s.stock),
		Bids:   slices.Clone(s.bids),
		Trick:  slices.Clone(s.trick),
		Done:   slices.Clone(s.done),
		Leader: s.leader,
		Tricks: slices.Clone(s.tricks),
		Round:  s.round,
	}
	if s.opt.Bug == "alias" {
		o.Tricks = s.tricks
	}
	if seat >= 0 && int(seat) < s.opt.Players {
		o.Hand = slices.Clone(s.hands[seat])
	}
	for i, h := range s.hands {
		o.HandSizes = append(o.HandSizes, len(h))
		if s.opt.Bug == "leak" && rules.Seat(i) != seat {
			o.Others = append(o.Others, slices.Clone(h))
		}
	}
	return o
}

// Seat implements rules.Observation.
func (o *Observation) Seat() rules.Seat { return o.Me }

// Sample implements rules.Observation: the unseen cards are dealt at random to the
// other hands and the stock.
func (o *Observation) Sample(rng *rules.RNG) rules.State {
	s := &State{
		opt:    o.Opt,
		bids:   slices.Clone(o.Bids),
		trick:  slices.Clone(o.Trick),
		done:   slices.Clone(o.Done),
		leader: o.Leader,
		tricks: slices.Clone(o.Tricks),
		round:  o.Round,
	}
	if o.Opt.Bug == "sample" {
		s.tricks = make([]int, len(o.Tricks))
	}
	known := make([]bool, Cards+1)
	mark := func(cs []int) {
		for _, c := range cs {
			known[c] = true
		}
	}
	mark(o.Hand)
	mark(o.Done)
	for _, p := range o.Trick {
		known[p.Card] = true
	}
	var unseen []int
	for c := 1; c <= Cards; c++ {
		if !known[c] {
			unseen = append(unseen, c)
		}
	}
	rules.Shuffle(rng, unseen)
	s.hands = make([][]int, len(o.HandSizes))
	for i, n := range o.HandSizes {
		if rules.Seat(i) == o.Me {
			s.hands[i] = slices.Clone(o.Hand)
			continue
		}
		s.hands[i] = slices.Clone(unseen[:n])
		slices.Sort(s.hands[i])
		unseen = unseen[n:]
	}
	s.stock = unseen
	return s
}

// Resample implements rules.State: the other hands and the stock are redealt.
func (s *State) Resample(seat rules.Seat, rng *rules.RNG) rules.State {
	c := s.Clone().(*State)
	var pool []int
	for i, h := range c.hands {
		if rules.Seat(i) != seat {
			pool = append(pool, h...)
		}
	}
	pool = append(pool, c.stock...)
	rules.Shuffle(rng, pool)
	for i, h := range c.hands {
		if rules.Seat(i) == seat {
			continue
		}
		n := len(h)
		c.hands[i] = slices.Clone(pool[:n])
		slices.Sort(c.hands[i])
		pool = pool[n:]
	}
	c.stock = pool
	return c
}

type randomBot struct{ rng rules.RNG }

func (b *randomBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	if len(legal) == 0 {
		return nil, errors.New("no legal action")
	}
	return legal[b.rng.Intn(len(legal))], nil
}

// greedyBot bids its cards above 8 and then plays to take exactly its bid: while it
// needs tricks it wins as cheaply as it can (or throws its lowest card), and once it has
// them it plays its highest card that loses.
type greedyBot struct{}

func (greedyBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	if len(legal) == 0 {
		return nil, errors.New("no legal action")
	}
	o, ok := obs.(*Observation)
	if !ok {
		return nil, fmt.Errorf("toy greedy bot given a %T", obs)
	}
	if _, bidding := legal[0].(Bid); bidding {
		high := 0
		for _, c := range o.Hand {
			if c > 8 {
				high++
			}
		}
		return Bid{Tricks: high}, nil
	}
	best := 0
	for _, p := range o.Trick {
		best = max(best, p.Card)
	}
	need := o.Bids[o.Me] > o.Tricks[o.Me]
	var lose rules.Action
	for _, a := range legal { // ascending
		c := a.(Play).Card
		if c > best {
			if need {
				return a, nil
			}
		} else {
			lose = a
		}
	}
	if !need && lose != nil {
		return lose, nil
	}
	return legal[0], nil
}
