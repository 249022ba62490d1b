package makiavelia

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"

	"principe/rules"
)

// Step is what the game waits for.
type Step int

// The steps of a round.
const (
	StepTurn     Step = iota // the active player chooses actions
	StepWounds               // the attacker places the wounds rolled
	StepTraitor              // a Traitor owner decides whether to cancel the card being played
	StepPick                 // the active player takes a card (Bribery from the Market, Spy from a Reserve)
	StepOffer                // the player offered a trade accepts or declines
	StepHospital             // a Hospital owner may heal one army
	StepPropose              // the free player whose turn it is to speak proposes a regime or passes
	StepVote                 // a member named in the proposal agrees, refuses or counters
	StepOver                 // the game has ended
)

var stepNames = [...]string{"turn", "wounds", "traitor", "pick", "offer", "hospital", "propose", "vote", "over"}

// String names the step.
func (s Step) String() string {
	if s < 0 || int(s) >= len(stepNames) {
		return fmt.Sprintf("Step(%d)", int(s))
	}
	return stepNames[s]
}

// MaxRounds ends a game that would otherwise never end (nobody drawing from the Market).
const MaxRounds = 40

// maxSeats is the largest table.
const maxSeats = 8

// Placed is a card in play in a City.
type Placed struct {
	Card   CardID     `json:"card"`
	Wounds int        `json:"wounds"`
	By     rules.Seat `json:"by"`    // who played it (its owner; buried into their Cemetery)
	Order  int        `json:"order"` // when it was played (modifiers resolve in this order)
}

// player is one seat's cards and coins.
type player struct {
	Reserve  []CardID
	City     []Placed
	Cemetery []CardID
	Coins    []CoinID
	Pledge   rules.Seat // whose regime this player has pledged to join this round, or NoSeat
}

// turn is the active player's action count for this turn.
type turn struct {
	Seat         rules.Seat
	UsedDraw     bool // basic actions used
	UsedPlay     bool
	UsedAttack   bool
	ExtraDraws   int // additional actions used
	ExtraPlays   int
	ExtraAttacks int
	// OfferedTo and PromisedTo mark the players this turn's trade offers and promises
	// went to: at most one of each to every other player, so that a turn always ends.
	OfferedTo  [maxSeats]bool
	PromisedTo [maxSeats]bool
}

// Offer is a trade proposed by the active player, waiting for the other side.
type Offer struct {
	From       rules.Seat `json:"from"`
	To         rules.Seat `json:"to"`
	GiveCards  []CardID   `json:"giveCards,omitempty"`
	GiveCoins  []CoinID   `json:"giveCoins,omitempty"`
	GivePledge bool       `json:"givePledge,omitempty"`
	AskCoins   int        `json:"askCoins,omitempty"`
	AskCards   int        `json:"askCards,omitempty"`
	AskPledge  bool       `json:"askPledge,omitempty"`
	Words      string     `json:"words,omitempty"`
}

// Regime is a group of players joining their Power tokens for one negotiation.
type Regime struct {
	Members []rules.Seat `json:"members"`
	Shares  []int        `json:"shares"` // each member's share of the round's coins
}

// Promise is a spoken promise: recorded, never enforced. A Private one came with an
// accepted trade offer: only its two parties heard it.
type Promise struct {
	Round   int        `json:"round"`
	From    rules.Seat `json:"from"`
	To      rules.Seat `json:"to"`
	Words   string     `json:"words"`
	Private bool       `json:"private,omitempty"`
}

// State is a game of Makiavelia in progress.
type State struct {
	n      int
	round  int
	first  rules.Seat
	turns  int // turns taken this round
	step   Step
	seq    int // play counter
	market []CardID
	bag    []CoinID
	p      []player
	t      turn

	// attack in progress
	attackTarget rules.Seat
	woundsLeft   int
	spread       bool
	attacked     []bool

	// card being played, waiting for Traitors
	playing       Placed
	playTarget    rules.Seat
	playTargetCrd CardID
	traitorAsk    []rules.Seat

	// pick in progress: from the Market (NoSeat) or a player's Reserve
	pickFrom rules.Seat

	offer    *Offer
	promises []Promise

	// negotiation
	hospitals []hospitalTurn
	power     []int
	speaker   rules.Seat // whose turn it is to speak (while a proposal is answered: who opened it)
	passes    int        // free players who passed in a row since the last change
	terms     []int      // proposals and counters each seat has put on the table this negotiation
	proposal  *Regime    // the terms on the table
	author    rules.Seat // who put them there (the opener, or the last to counter)
	voters    []rules.Seat
	refused   []Regime // the terms refused this negotiation, in order
	regimes   []Regime
	regimeOf  []int

	emptied bool
	capped  bool // the game ended at the round cap (MaxRounds), the Market not empty
	winners []rules.Seat
	rng     rules.RNG
}

type hospitalTurn struct {
	Seat rules.Seat
	Card CardID
}

// Options are a game's settings.
type Options struct {
	Players int `json:"players"`
}

// NewGame deals a new game.
func NewGame(opts Options, seed uint64) (*State, error) {
	n := opts.Players
	if n == 0 {
		n = 4
	}
	if n < 3 || n > maxSeats {
		return nil, fmt.Errorf("the game is for 3 to 8 players, not %d", n)
	}
	s := &State{n: n, round: 1, rng: rules.NewRNG(seed), attackTarget: rules.NoSeat, pickFrom: rules.NoSeat,
		speaker: rules.NoSeat, author: rules.NoSeat}
	deck := make([]CardID, SetSize())
	for i := range deck {
		deck[i] = CardID(i)
	}
	rules.Shuffle(&s.rng, deck)
	s.p = make([]player, n)
	for i := range s.p {
		s.p[i].Reserve = append([]CardID(nil), deck[:4]...)
		deck = deck[4:]
		s.p[i].Pledge = rules.NoSeat
	}
	s.market = append([]CardID(nil), deck[:MarketSize(n)]...)
	s.bag = make([]CoinID, len(coinValues))
	for i := range s.bag {
		s.bag[i] = CoinID(i)
	}
	s.first = rules.Seat(s.rng.Intn(n)) // the youngest player: chosen at random
	s.regimeOf = make([]int, n)
	for i := range s.regimeOf {
		s.regimeOf[i] = -1
	}
	s.startTurn(s.first, nil)
	return s, nil
}

// Game is the registered name.
func (s *State) Game() string { return "makiavelia" }

// Seats is the number of players.
func (s *State) Seats() int { return s.n }

// Round is the current round, from 1.
func (s *State) Round() int { return s.round }

// Step is what the game waits for.
func (s *State) Step() Step { return s.step }

// ToAct is the one seat that may act now.
func (s *State) ToAct() rules.Seat {
	switch s.step {
	case StepTurn, StepWounds, StepPick:
		return s.t.Seat
	case StepTraitor:
		return s.traitorAsk[0]
	case StepOffer:
		return s.offer.To
	case StepHospital:
		return s.hospitals[0].Seat
	case StepPropose:
		return s.speaker
	case StepVote:
		return s.voters[0]
	}
	return rules.NoSeat
}

// Capped reports whether the game ended at the round cap (MaxRounds) rather than after
// the round in which the Market emptied; the event round-cap says so too.
func (s *State) Capped() bool { return s.capped }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.step == StepOver }

// Outcome gives the winners (highest Makielon value; ties share the victory), each
// player's total value and the rounds played.
func (s *State) Outcome() rules.Outcome {
	o := rules.Outcome{Winners: append([]rules.Seat(nil), s.winners...), Rounds: s.round}
	for i := range s.p {
		o.Scores = append(o.Scores, float64(s.treasure(rules.Seat(i))))
	}
	return o
}

func (s *State) treasure(seat rules.Seat) int {
	v := 0
	for _, c := range s.p[seat].Coins {
		v += CoinValue(c)
	}
	return v
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.market = append([]CardID(nil), s.market...)
	c.bag = append([]CoinID(nil), s.bag...)
	c.p = make([]player, len(s.p))
	for i, p := range s.p {
		c.p[i] = player{
			Reserve:  append([]CardID(nil), p.Reserve...),
			City:     append([]Placed(nil), p.City...),
			Cemetery: append([]CardID(nil), p.Cemetery...),
			Coins:    append([]CoinID(nil), p.Coins...),
			Pledge:   p.Pledge,
		}
	}
	c.attacked = append([]bool(nil), s.attacked...)
	c.traitorAsk = append([]rules.Seat(nil), s.traitorAsk...)
	if s.offer != nil {
		o := *s.offer
		o.GiveCards = append([]CardID(nil), o.GiveCards...)
		o.GiveCoins = append([]CoinID(nil), o.GiveCoins...)
		c.offer = &o
	}
	c.promises = append([]Promise(nil), s.promises...)
	c.hospitals = append([]hospitalTurn(nil), s.hospitals...)
	c.power = append([]int(nil), s.power...)
	c.terms = append([]int(nil), s.terms...)
	if s.proposal != nil {
		r := cloneRegime(*s.proposal)
		c.proposal = &r
	}
	c.voters = append([]rules.Seat(nil), s.voters...)
	c.refused = make([]Regime, len(s.refused))
	for i, r := range s.refused {
		c.refused[i] = cloneRegime(r)
	}
	c.regimes = make([]Regime, len(s.regimes))
	for i, r := range s.regimes {
		c.regimes[i] = cloneRegime(r)
	}
	c.regimeOf = append([]int(nil), s.regimeOf...)
	c.winners = append([]rules.Seat(nil), s.winners...)
	return &c
}

func cloneRegime(r Regime) Regime {
	return Regime{Members: append([]rules.Seat(nil), r.Members...), Shares: append([]int(nil), r.Shares...)}
}

// Check verifies the invariants: every card in exactly one place, coins conserved
// between bag and treasures, wounds only on armies and buildings in play.
func (s *State) Check() error {
	seen := make([]int, SetSize())
	count := func(c CardID, where string) error {
		if !validCard(c) {
			return fmt.Errorf("unknown card %d in %s", c, where)
		}
		seen[c]++
		return nil
	}
	for _, c := range s.market {
		if err := count(c, "the Market"); err != nil {
			return err
		}
	}
	for i, p := range s.p {
		for _, c := range p.Reserve {
			if err := count(c, fmt.Sprintf("seat %d's Reserve", i)); err != nil {
				return err
			}
		}
		for _, pl := range p.City {
			if err := count(pl.Card, fmt.Sprintf("seat %d's City", i)); err != nil {
				return err
			}
			if pl.Wounds < 0 {
				return fmt.Errorf("negative wounds on %s", KindOf(pl.Card))
			}
			if pl.Wounds > 0 && Cards[KindOf(pl.Card)].Type == Influence {
				return fmt.Errorf("wounds on influence card %s", KindOf(pl.Card))
			}
		}
		for _, c := range p.Cemetery {
			if err := count(c, fmt.Sprintf("seat %d's Cemetery", i)); err != nil {
				return err
			}
		}
	}
	if s.step == StepTraitor {
		if err := count(s.playing.Card, "the card being played"); err != nil {
			return err
		}
	}
	dealt := 0
	for c, k := range seen {
		if k > 1 {
			return fmt.Errorf("card %d (%s) is in %d places", c, KindOf(CardID(c)), k)
		}
		dealt += k
	}
	want := 4*s.n + MarketSize(s.n)
	if dealt != want {
		return fmt.Errorf("%d cards in the game, want %d", dealt, want)
	}
	coins := make([]int, len(coinValues))
	for _, c := range s.bag {
		if !validCoin(c) {
			return fmt.Errorf("unknown coin %d in the bag", c)
		}
		coins[c]++
	}
	for i, p := range s.p {
		for _, c := range p.Coins {
			if !validCoin(c) {
				return fmt.Errorf("unknown coin %d in seat %d's treasure", c, i)
			}
			coins[c]++
		}
	}
	for c, k := range coins {
		if k != 1 {
			return fmt.Errorf("coin %d is in %d places", c, k)
		}
	}
	return nil
}

// Hash is a digest of the whole state.
func (s *State) Hash() uint64 {
	h := fnv.New64a()
	var buf [8]byte
	w := func(v int) {
		binary.LittleEndian.PutUint64(buf[:], uint64(v))
		h.Write(buf[:])
	}
	ws := func(tag int, xs []CardID) {
		w(tag)
		w(len(xs))
		for _, x := range xs {
			w(int(x))
		}
	}
	w(s.n)
	w(s.round)
	w(int(s.first))
	w(s.turns)
	w(int(s.step))
	w(s.seq)
	ws(-1, s.market)
	w(len(s.bag))
	for _, c := range s.bag {
		w(int(c))
	}
	for _, p := range s.p {
		ws(-2, p.Reserve)
		w(len(p.City))
		for _, pl := range p.City {
			w(int(pl.Card))
			w(pl.Wounds)
			w(int(pl.By))
			w(pl.Order)
		}
		ws(-3, p.Cemetery)
		w(len(p.Coins))
		for _, c := range p.Coins {
			w(int(c))
		}
		w(int(p.Pledge))
	}
	for _, x := range s.rng.S {
		w(int(x))
	}
	// The rest is small: hash its JSON.
	rest, _ := json.Marshal(struct {
		T         turn
		A         []any
		Offer     *Offer
		Promises  []Promise
		Hospitals []hospitalTurn
		Power     []int
		Speaker   rules.Seat
		Passes    int
		Terms     []int
		Author    rules.Seat
		Proposal  *Regime
		Voters    []rules.Seat
		Refused   []Regime
		Regimes   []Regime
		RegimeOf  []int
		Emptied   bool
		Capped    bool
		Winners   []rules.Seat
	}{s.t, []any{s.attackTarget, s.woundsLeft, s.spread, s.attacked, s.playing, s.playTarget, s.playTargetCrd, s.traitorAsk, s.pickFrom},
		s.offer, s.promises, s.hospitals, s.power, s.speaker, s.passes, s.terms, s.author, s.proposal, s.voters, s.refused, s.regimes, s.regimeOf, s.emptied, s.capped, s.winners})
	// An empty list and no list are the same thing here.
	h.Write(bytes.ReplaceAll(rest, []byte("[]"), []byte("null")))
	return h.Sum64()
}
