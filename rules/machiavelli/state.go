package machiavelli

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"

	"principe/rules"
)

// State is a match of Machiavelli in progress: one game at a time, the dealer moving
// left after each.
type State struct {
	Opt    Options    `json:"options"`
	RNG    rules.RNG  `json:"rng"`
	Hands  [][]Card   `json:"hands"`
	Stock  []Card     `json:"stock"` // the top card is the last
	Free   []Card     `json:"free"`  // free cards still face up
	Table  [][]Card   `json:"table"`
	Turn   rules.Seat `json:"turn"`
	Dealer rules.Seat `json:"dealer"`
	Passes int        `json:"passes"` // consecutive passes with the stock empty
	GameNo int        `json:"game"`   // 1 … Opt.Games
	Totals []int      `json:"totals"` // match score so far (lower is better)
	Wins   []int      `json:"wins"`   // games won (a shared win counts for each)
	Done   bool       `json:"done"`
	Result []int      `json:"result"` // match winners once done
	Log    []Record   `json:"log"`    // public record of this game's turns
}

// Record is one turn as everyone saw it: who did what, which cards reached the table.
type Record struct {
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Laid   []Card `json:"laid,omitempty"`   // from hand
	Free   []Card `json:"free,omitempty"`   // free cards used
	Drawn  int    `json:"drawn,omitempty"`  // cards drawn (count only)
	Jokers []Card `json:"jokers,omitempty"` // table jokers freed
}

// newState deals the first game of a match.
func newState(opt Options, seed uint64) *State {
	n := opt.Players
	s := &State{Opt: opt, RNG: rules.NewRNG(seed), Dealer: rules.Seat(n - 1),
		Totals: make([]int, n), Wins: make([]int, n)}
	s.deal()
	return s
}

// deal shuffles and deals a new game: hands, free cards, stock.
func (s *State) deal() DealtEvent {
	s.GameNo++
	cards := s.Opt.deck()
	rules.Shuffle(&s.RNG, cards)
	n := s.Opt.Players
	s.Hands = make([][]Card, n)
	for i := range s.Hands {
		s.Hands[i] = slices.Clone(cards[:s.Opt.Deal])
		cards = cards[s.Opt.Deal:]
	}
	s.Free = slices.Clone(cards[:s.Opt.FreeCards])
	s.Stock = slices.Clone(cards[s.Opt.FreeCards:])
	s.Table = nil
	s.Passes = 0
	s.Log = nil
	s.Turn = (s.Dealer + 1) % rules.Seat(n)
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = s.Opt.Deal
	}
	return DealtEvent{Game: s.GameNo, Dealer: int(s.Dealer), HandSizes: sizes, Free: slices.Clone(s.Free), First: int(s.Turn)}
}

// Game is the registered name.
func (s *State) Game() string { return gameName }

// Seats is the number of players.
func (s *State) Seats() int { return s.Opt.Players }

// ToAct is the seat whose turn it is.
func (s *State) ToAct() rules.Seat {
	if s.Done {
		return rules.NoSeat
	}
	return s.Turn
}

// Over reports whether the match has ended.
func (s *State) Over() bool { return s.Done }

// Outcome is the match result: the lowest total wins (ties share; a draw when all tie);
// Scores are the totals.
func (s *State) Outcome() rules.Outcome {
	var o rules.Outcome
	for _, w := range s.Result {
		o.Winners = append(o.Winners, rules.Seat(w))
	}
	for _, t := range s.Totals {
		o.Scores = append(o.Scores, float64(t))
	}
	o.Rounds = s.GameNo
	return o
}

// Clone is a deep copy.
func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.Hands = cloneMelds(s.Hands)
	c.Stock = slices.Clone(s.Stock)
	c.Free = slices.Clone(s.Free)
	c.Table = cloneMelds(s.Table)
	c.Totals = slices.Clone(s.Totals)
	c.Wins = slices.Clone(s.Wins)
	c.Result = slices.Clone(s.Result)
	c.Log = nil
	if s.Log != nil {
		c.Log = make([]Record, len(s.Log))
	}
	for i, r := range s.Log {
		r.Laid, r.Free, r.Jokers = slices.Clone(r.Laid), slices.Clone(r.Free), slices.Clone(r.Jokers)
		c.Log[i] = r
	}
	return &c
}

func cloneMelds(ms [][]Card) [][]Card {
	if ms == nil {
		return nil
	}
	out := make([][]Card, len(ms))
	for i, m := range ms {
		out[i] = slices.Clone(m)
	}
	return out
}

// Hash digests the whole state.
func (s *State) Hash() uint64 {
	b, _ := json.Marshal(s)
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// Legal lists the actions seat may take. Drawing (or passing, with the stock empty) and
// the restore fine are listed in full; plays are a representative, bounded subset — the
// solver's best play, each meld the hand can lay alone and each single card that joins a
// meld on the table — because the space of table rearrangements is astronomically large.
// Apply accepts ANY valid rearrangement, listed or not.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	if s.Done || seat != s.Turn {
		return nil
	}
	var out []rules.Action
	if len(s.Stock) > 0 {
		out = append(out, Draw())
		if s.Opt.RestoreFine > 0 {
			out = append(out, Action{Kind: KindRestore})
		}
	} else {
		out = append(out, Action{Kind: KindPass})
	}
	for _, p := range s.samplePlays(seat) {
		out = append(out, p)
	}
	return out
}

// Apply performs one turn for seat.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if s.Done {
		return nil, errors.New("the match is over")
	}
	if seat != s.Turn {
		return nil, fmt.Errorf("seat %d cannot act: %w (it is seat %d's turn)", seat, rules.ErrNotYourTurn, s.Turn)
	}
	act, ok := a.(Action)
	if !ok {
		if p, isPtr := a.(*Action); isPtr && p != nil {
			act = *p
		} else {
			return nil, fmt.Errorf("%v is not a Machiavelli action", a)
		}
	}
	switch act.Kind {
	case KindDraw:
		return s.applyDraw(seat, 1, false)
	case KindRestore:
		if s.Opt.RestoreFine == 0 {
			return nil, errors.New("there is no restore fine in this ruleset: to give up your turn, draw a card")
		}
		return s.applyDraw(seat, s.Opt.RestoreFine, true)
	case KindPass:
		return s.applyPass(seat)
	case KindPlay:
		return s.applyPlay(seat, act)
	}
	return nil, fmt.Errorf("unknown action %q: play, draw, restore or pass", act.Kind)
}

func (s *State) applyDraw(seat rules.Seat, n int, fine bool) ([]rules.Event, error) {
	if len(s.Stock) == 0 {
		return nil, errors.New("the stock is empty: play a card or pass")
	}
	n = min(n, len(s.Stock))
	drawn := slices.Clone(s.Stock[len(s.Stock)-n:])
	slices.Reverse(drawn)
	s.Stock = s.Stock[:len(s.Stock)-n]
	s.Hands[seat] = append(s.Hands[seat], drawn...)
	kind := KindDraw
	if fine {
		kind = KindRestore
	}
	s.Log = append(s.Log, Record{Seat: int(seat), Kind: kind, Drawn: n})
	events := []rules.Event{DrewEvent{Seat: int(seat), Cards: drawn, Fine: fine, Stock: len(s.Stock)}}
	if len(s.Stock) == 0 && s.Opt.End == EndStockDepleted {
		return append(events, s.endGame(-1, "the stock is depleted")...), nil
	}
	s.advance()
	return events, nil
}

func (s *State) applyPass(seat rules.Seat) ([]rules.Event, error) {
	if len(s.Stock) > 0 {
		return nil, errors.New("you cannot pass while the stock has cards: play or draw")
	}
	s.Passes++
	s.Log = append(s.Log, Record{Seat: int(seat), Kind: KindPass})
	events := []rules.Event{PassedEvent{Seat: int(seat)}}
	if s.Passes >= s.Opt.Players {
		return append(events, s.endGame(-1, "every player passed with the stock empty")...), nil
	}
	s.advance()
	return events, nil
}

func (s *State) applyPlay(seat rules.Seat, act Action) ([]rules.Event, error) {
	res, err := checkPlay(s.Table, s.Hands[seat], s.Free, act, s.Opt)
	if err != nil {
		return nil, err
	}
	s.Hands[seat] = removeCards(s.Hands[seat], res.fromHand)
	s.Free = removeCards(s.Free, res.fromFree)
	table := make([][]Card, len(act.Table))
	for i, m := range act.Table {
		table[i] = arrangeMeld(slices.Clone(m), s.Opt.AceWrap)
	}
	s.Table = table
	s.Passes = 0
	s.Log = append(s.Log, Record{Seat: int(seat), Kind: KindPlay, Laid: res.fromHand, Free: res.fromFree, Jokers: res.freedJokers})
	events := []rules.Event{PlayedEvent{Seat: int(seat), FromHand: res.fromHand, FromFree: res.fromFree,
		Table: cloneMelds(table), HandLeft: len(s.Hands[seat]), JokersWon: res.freedJokers}}
	if len(s.Hands[seat]) == 0 {
		return append(events, s.endGame(int(seat), fmt.Sprintf("seat %d played their last card", seat))...), nil
	}
	s.advance()
	return events, nil
}

func (s *State) advance() { s.Turn = (s.Turn + 1) % rules.Seat(s.Opt.Players) }

// endGame scores the game; winner is the seat that went out, or -1.
func (s *State) endGame(winner int, reason string) []rules.Event {
	n := s.Opt.Players
	scores := make([]int, n)
	for i, h := range s.Hands {
		for _, c := range h {
			scores[i] += s.Opt.cardValue(c)
		}
	}
	var winners []int
	if winner >= 0 {
		winners = []int{winner}
	} else {
		winners = lowest(scores)
	}
	for i := range scores {
		s.Totals[i] += scores[i]
	}
	for _, w := range winners {
		s.Wins[w]++
	}
	events := []rules.Event{GameEndEvent{Game: s.GameNo, Reason: reason, Winners: winners, Scores: scores, Totals: slices.Clone(s.Totals), Hands: cloneMelds(s.Hands)}}
	if s.GameNo >= s.Opt.Games {
		s.Done = true
		s.Result = lowest(s.Totals)
		if s.Result == nil {
			s.Result = []int{}
		}
		return append(events, MatchEndEvent{Winners: slices.Clone(s.Result), Totals: slices.Clone(s.Totals), Wins: slices.Clone(s.Wins)})
	}
	s.Dealer = (s.Dealer + 1) % rules.Seat(n)
	return append(events, s.deal())
}

// lowest lists the seats with the lowest value; nil when every seat ties (a draw).
func lowest(v []int) []int {
	best := slices.Min(v)
	var out []int
	for i, x := range v {
		if x == best {
			out = append(out, i)
		}
	}
	if len(out) == len(v) {
		return nil
	}
	return out
}

// removeCards returns hand without the given instances.
func removeCards(hand, gone []Card) []Card {
	out := make([]Card, 0, len(hand))
	for _, c := range hand {
		if !slices.Contains(gone, c) {
			out = append(out, c)
		}
	}
	return out
}

// Check verifies the invariants: every card of the game exactly once across hands,
// stock, free cards and table; every meld on the table valid; the turn in range.
func (s *State) Check() error {
	var seen [256]int
	count := func(where string, cs []Card) error {
		for _, c := range cs {
			seen[c]++
			if seen[c] > 1 {
				return fmt.Errorf("card %s (copy %d) appears twice (second time in %s)", c, c.Copy(), where)
			}
		}
		return nil
	}
	for i, h := range s.Hands {
		if err := count(fmt.Sprintf("hand %d", i), h); err != nil {
			return err
		}
	}
	if err := count("stock", s.Stock); err != nil {
		return err
	}
	if err := count("free cards", s.Free); err != nil {
		return err
	}
	for i, m := range s.Table {
		if err := count(fmt.Sprintf("meld %d", i+1), m); err != nil {
			return err
		}
		if err := checkMeld(m, s.Opt.AceWrap); err != nil {
			return fmt.Errorf("meld %d: %v", i+1, err)
		}
	}
	total := 0
	for _, c := range s.Opt.deck() {
		if seen[c] != 1 {
			return fmt.Errorf("card %s (copy %d) is missing", c, c.Copy())
		}
		total++
	}
	sum := 0
	for _, n := range seen {
		sum += n
	}
	if sum != total {
		return fmt.Errorf("%d cards in play, but the game has %d", sum, total)
	}
	if len(s.Hands) != s.Opt.Players || s.Turn < 0 || int(s.Turn) >= s.Opt.Players {
		return errors.New("seat count or turn out of range")
	}
	return nil
}
