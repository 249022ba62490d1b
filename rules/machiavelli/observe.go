package machiavelli

import (
	"slices"

	"principe/rules"
)

// Observation is what one seat may know: its own hand, the table, the free cards, the
// stock size, every hand size, the match score and the public record of this game's
// turns. It never holds another hand or the stock order.
type Observation struct {
	Me        int      `json:"seat"`
	Opt       Options  `json:"options"`
	Hand      []Card   `json:"hand"`
	HandSizes []int    `json:"hand_sizes"`
	Table     [][]Card `json:"table"`
	Free      []Card   `json:"free"`
	StockSize int      `json:"stock"`
	Turn      int      `json:"turn"`
	Dealer    int      `json:"dealer"`
	Passes    int      `json:"passes"`
	GameNo    int      `json:"game"`
	Totals    []int    `json:"totals"`
	Wins      []int    `json:"wins"`
	Done      bool     `json:"done"`
	Result    []int    `json:"result"`
	Log       []Record `json:"log"`
}

// Seat is the observing seat.
func (o *Observation) Seat() rules.Seat { return rules.Seat(o.Me) }

// Observe returns what seat may know.
func (s *State) Observe(seat rules.Seat) rules.Observation { return s.observe(seat) }

func (s *State) observe(seat rules.Seat) *Observation {
	c := s.clone()
	o := &Observation{Me: int(seat), Opt: s.Opt, Table: c.Table, Free: c.Free, StockSize: len(s.Stock),
		Turn: int(s.Turn), Dealer: int(s.Dealer), Passes: s.Passes, GameNo: s.GameNo, Totals: c.Totals,
		Wins: c.Wins, Done: s.Done, Result: c.Result, Log: c.Log}
	if seat >= 0 && int(seat) < len(s.Hands) {
		o.Hand = c.Hands[seat]
	}
	for _, h := range s.Hands {
		o.HandSizes = append(o.HandSizes, len(h))
	}
	return o
}

// Sample deals what this seat cannot see (other hands, the stock order, future deals)
// at random from rng, consistent with the observation.
func (o *Observation) Sample(rng *rules.RNG) rules.State { return o.sample(rng) }

func (o *Observation) sample(rng *rules.RNG) *State {
	var known [256]bool
	mark := func(cs []Card) {
		for _, c := range cs {
			known[c] = true
		}
	}
	mark(o.Hand)
	mark(o.Free)
	for _, m := range o.Table {
		mark(m)
	}
	var unknown []Card
	for _, c := range o.Opt.deck() {
		if !known[c] {
			unknown = append(unknown, c)
		}
	}
	rules.Shuffle(rng, unknown)
	s := &State{Opt: o.Opt, RNG: rng.Split(), Free: slices.Clone(o.Free), Table: cloneMelds(o.Table),
		Turn: rules.Seat(o.Turn), Dealer: rules.Seat(o.Dealer), Passes: o.Passes, GameNo: o.GameNo,
		Totals: slices.Clone(o.Totals), Wins: slices.Clone(o.Wins), Done: o.Done, Result: slices.Clone(o.Result)}
	s.Hands = make([][]Card, len(o.HandSizes))
	for i, n := range o.HandSizes {
		if i == o.Me {
			s.Hands[i] = slices.Clone(o.Hand)
			continue
		}
		s.Hands[i] = slices.Clone(unknown[:n])
		unknown = unknown[n:]
	}
	s.Stock = slices.Clone(unknown)
	if o.Log != nil {
		s.Log = make([]Record, len(o.Log))
	}
	for i, r := range o.Log {
		r.Laid, r.Free, r.Jokers = slices.Clone(r.Laid), slices.Clone(r.Free), slices.Clone(r.Jokers)
		s.Log[i] = r
	}
	return s
}

// Resample redeals everything seat cannot see.
func (s *State) Resample(seat rules.Seat, rng *rules.RNG) rules.State {
	return s.observe(seat).sample(rng)
}
