package intrigo

import (
	"slices"

	"principe/rules"
)

// Where says where an advisor is.
type Where int

// The places an advisor can be.
const (
	Unplaced Where = iota // still in front of its owner
	Waiting               // presented, waiting in front of a palace
	Placed                // on a post of a palace
	Island                // exiled until the end
)

// Advisor is one advisor of one colour.
type Advisor struct {
	ID     int         `json:"id"`
	Owner  rules.Seat  `json:"owner"`
	Type   AdvisorType `json:"type"`
	Where  Where       `json:"where"`
	Palace rules.Seat  `json:"palace"` // waiting or placed: whose palace; else -1
	Post   int         `json:"post"`   // placed: which post; else -1
}

// Step is what the game waits for.
type Step string

// The steps of a turn at which a seat acts.
const (
	StepSettle         Step = "settle"          // the active player settles a promised payment due
	StepNegotiate      Step = "negotiate"       // a negotiation is under way
	StepPlace          Step = "place"           // the owner places applicants in no conflict (I)
	StepChooseConflict Step = "choose-conflict" // the owner picks the next external conflict (II)
	StepAdmit          Step = "admit"           // the owner admits the winner of an external conflict (II)
	StepDecide         Step = "decide"          // the owner keeps or replaces (III)
	StepPresent        Step = "present"         // the active player presents advisors
	StepOver           Step = "over"            // the game has ended
)

// Stage is the part of "receive and expel" a negotiation belongs to.
type Stage int

// The three stages of receiving, in the rulebook's order.
const (
	StageFree     Stage = 1 // I: applicants in no conflict
	StageExternal Stage = 2 // II: external conflicts
	StageInternal Stage = 3 // III: internal conflicts
)

// Speaker is one place in a negotiation's order of speaking.
type Speaker struct {
	Seat rules.Seat `json:"seat"`
	// Advisor is the applicant the speaker speaks for in stage I (one turn per applicant), else -1.
	Advisor int `json:"advisor"`
	// Favour is the side the speaker backs in stage III ("" when it owns both advisors and may choose).
	Favour Favour `json:"favour,omitempty"`
}

// Negotiation is the round of talks before a stage-I placement, an external or an internal conflict.
type Negotiation struct {
	Serial   int         `json:"serial"` // the game's count of negotiations, from 1
	Stage    Stage       `json:"stage"`
	Type     AdvisorType `json:"type"` // stages II and III: the type at stake
	Post     int         `json:"post"` // stage III: the post at stake; else -1
	Speakers []Speaker   `json:"speakers"`
	Turn     int         `json:"turn"` // index into Speakers of the seat speaking (or answered)
	// Open is the index in Table.Offers of the offer awaiting an answer, or -1.
	Open int `json:"open"`
	// Countered is true while a counter-price awaits the offering seat's answer.
	Countered bool `json:"countered"`
}

// Receive is the state of step 2 (receive and expel) of the active player's turn.
type Receive struct {
	// Arrivals are the applicants that were waiting when the step began.
	Arrivals []int `json:"arrivals"`
	// Free are the applicants in no conflict not yet placed (stage I).
	Free []int `json:"free"`
	// External are the types of the external conflicts not yet resolved (stage II).
	External []AdvisorType `json:"external"`
	// Challenger[p] is the applicant contesting post p (stage III), or -1.
	Challenger [Posts]int `json:"challenger"`
	// Stage is the current stage.
	Stage Stage `json:"stage"`
	// Negotiation is the current or last negotiation of this step.
	Negotiation *Negotiation `json:"negotiation,omitempty"`
}

// OfferResult is how one seat's say in a negotiation ended.
type OfferResult string

// The ways a say ends.
const (
	ResultOpen     OfferResult = "open"     // awaiting an answer
	ResultPassed   OfferResult = "passed"   // the seat said nothing
	ResultAccepted OfferResult = "accepted" // the owner took the offer (bribe paid)
	ResultRefused  OfferResult = "refused"  // the owner refused
	ResultTaken    OfferResult = "taken"    // the seat took the owner's counter-price (paid)
	ResultDeclined OfferResult = "declined" // the seat declined the counter-price
)

// OfferRecord is one say in a negotiation, kept in public for the whole game.
type OfferRecord struct {
	Negotiation int         `json:"negotiation"` // serial of its negotiation
	Owner       rules.Seat  `json:"owner"`
	Speaker     rules.Seat  `json:"speaker"`
	Stage       Stage       `json:"stage"`
	Advisor     int         `json:"advisor"` // stage I: the applicant spoken for; else -1
	Type        AdvisorType `json:"type"`    // the applicant type concerned
	Post        int         `json:"post"`    // the post asked for, or -1
	Favour      Favour      `json:"favour,omitempty"`
	Bribe       int         `json:"bribe"`
	BankPaid    bool        `json:"bank_paid,omitempty"` // the empty-purse 1,000 paid by the bank
	Promises    []Terms     `json:"promises,omitempty"`
	Counter     int         `json:"counter,omitempty"` // the owner's counter-price, if any
	Result      OfferResult `json:"result"`
}

// Paid is what the offer cost its speaker (0 unless accepted or taken).
func (r OfferRecord) Paid() int {
	switch r.Result {
	case ResultAccepted:
		return r.Bribe
	case ResultTaken:
		return r.Counter
	}
	return 0
}

// Status is where a promise stands.
type Status string

// Promise statuses.
const (
	Pending Status = "pending"
	Kept    Status = "kept"
	Broken  Status = "broken"
)

// Promise is one entry of the public ledger of promises (and of deals made by accepting offers).
type Promise struct {
	ID          int         `json:"id"`
	Kind        PromiseKind `json:"kind"`
	Promiser    rules.Seat  `json:"promiser"`
	Beneficiary rules.Seat  `json:"beneficiary"`
	Post        int         `json:"post"` // post: least post; deal: the post asked for (-1 none)
	Amount      int         `json:"amount,omitempty"`
	Text        string      `json:"text,omitempty"`
	// Deal terms: in which negotiation, at what stage, for which applicant, and the side backed.
	Negotiation int         `json:"negotiation"`
	Stage       Stage       `json:"stage,omitempty"`
	Advisor     int         `json:"advisor"`
	Type        AdvisorType `json:"type"`
	Favour      Favour      `json:"favour,omitempty"`
	Made        int         `json:"made"` // index in Table.Offers of the offer it came with
	Status      Status      `json:"status"`
}

// PaymentKind says why money moved.
type PaymentKind string

// Why money moves.
const (
	PayCollection PaymentKind = "collection" // the bank pays for posts held
	PayBribe      PaymentKind = "bribe"      // a seat pays an owner
	PayBankBribe  PaymentKind = "bank-bribe" // the bank pays an owner for a seat with an empty purse
	PayPromised   PaymentKind = "promised"   // a seat pays a promised payment
)

// Payment is one public movement of money. From or To is Bank for the bank.
type Payment struct {
	Kind   PaymentKind `json:"kind"`
	From   rules.Seat  `json:"from"`
	To     rules.Seat  `json:"to"`
	Amount int         `json:"amount"`
}

// Reputation is a seat's public record of promises (deals included).
type Reputation struct {
	Kept    int `json:"kept"`
	Broken  int `json:"broken"`
	Pending int `json:"pending"`
}

// Table is everything public about a game.
type Table struct {
	Players int        `json:"players"`
	First   rules.Seat `json:"first"`  // the most corrupt player, who began
	Active  rules.Seat `json:"active"` // whose turn it is
	// TurnsBegun[s] is how many turns seat s has begun.
	TurnsBegun []int        `json:"turns_begun"`
	Step       Step         `json:"step"`
	Advisors   []Advisor    `json:"advisors"`
	Palaces    [][Posts]int `json:"palaces"` // advisor on each post of each palace, -1 when free
	Waiting    [][]int      `json:"waiting"` // applicants in front of each palace, in order of arrival
	Presented  int          `json:"presented"`
	Receive    *Receive     `json:"receive,omitempty"`
	// Due lists the promised payments the active player must settle now.
	Due []int `json:"due,omitempty"`
	// Negotiations counts the negotiations opened so far.
	Negotiations int           `json:"negotiations"`
	Offers       []OfferRecord `json:"offers"`
	Ledger       []Promise     `json:"ledger"`
	Log          []Payment     `json:"log"`
}

// State is a game of Intrigo in progress.
type State struct {
	Table  Table     `json:"table"`
	Purses []int     `json:"purses"` // secret: each seat sees its own only
	RNG    rules.RNG `json:"rng"`

	events []Event
}

// NewGame starts a game: purses of 32,000, advisors in front of their owners, a seeded first player.
func NewGame(o Options, seed uint64) *State {
	n := o.Players
	s := &State{RNG: rules.NewRNG(seed)}
	t := &s.Table
	t.Players = n
	t.First = rules.Seat(s.RNG.Intn(n))
	t.Active = t.First
	t.TurnsBegun = make([]int, n)
	t.Palaces = make([][Posts]int, n)
	t.Waiting = make([][]int, n)
	s.Purses = make([]int, n)
	for p := 0; p < n; p++ {
		s.Purses[p] = StartingPurse
		t.Palaces[p] = [Posts]int{-1, -1, -1, -1}
		t.Waiting[p] = []int{}
		for k := 0; k < AdvisorsPerColour; k++ {
			t.Advisors = append(t.Advisors, Advisor{
				ID: p*AdvisorsPerColour + k, Owner: rules.Seat(p), Type: AdvisorType(k / 2),
				Where: Unplaced, Palace: -1, Post: -1,
			})
		}
	}
	t.Offers = []OfferRecord{}
	t.Ledger = []Promise{}
	t.Log = []Payment{}
	s.beginTurn()
	s.events = nil
	return s
}

// Game is "intrigo".
func (s *State) Game() string { return "intrigo" }

// Seats is the number of players.
func (s *State) Seats() int { return s.Table.Players }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.Table.Step == StepOver }

// ToAct is the one seat that may act now.
func (s *State) ToAct() rules.Seat { return s.Table.toAct() }

func (t *Table) toAct() rules.Seat {
	switch t.Step {
	case StepOver:
		return rules.NoSeat
	case StepNegotiate:
		n := t.Receive.Negotiation
		if n.Open >= 0 && !n.Countered {
			return t.Active
		}
		return n.Speakers[n.Turn].Seat
	}
	return t.Active
}

// Outcome: the richest seat(s) win; Scores are the final purses.
func (s *State) Outcome() rules.Outcome {
	o := rules.Outcome{Rounds: TurnsPerPlayer}
	best := -1
	for _, p := range s.Purses {
		o.Scores = append(o.Scores, float64(p))
		if p > best {
			best = p
		}
	}
	if !s.Over() {
		o.Rounds = minTurns(s.Table.TurnsBegun)
		return o
	}
	for i, p := range s.Purses {
		if p == best {
			o.Winners = append(o.Winners, rules.Seat(i))
		}
	}
	return o
}

func minTurns(ts []int) int {
	m := TurnsPerPlayer
	for _, t := range ts {
		m = min(m, t)
	}
	return m
}

// Clone returns an independent deep copy.
func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := &State{Table: s.Table.clone(), Purses: slices.Clone(s.Purses), RNG: s.RNG}
	return c
}

func (t Table) clone() Table {
	c := t
	c.TurnsBegun = slices.Clone(t.TurnsBegun)
	c.Advisors = slices.Clone(t.Advisors)
	c.Palaces = slices.Clone(t.Palaces)
	c.Waiting = make([][]int, len(t.Waiting))
	for i, w := range t.Waiting {
		c.Waiting[i] = slices.Clone(w)
	}
	if t.Receive != nil {
		r := *t.Receive
		r.Arrivals = slices.Clone(r.Arrivals)
		r.Free = slices.Clone(r.Free)
		r.External = slices.Clone(r.External)
		if r.Negotiation != nil {
			n := *r.Negotiation
			n.Speakers = slices.Clone(n.Speakers)
			r.Negotiation = &n
		}
		c.Receive = &r
	}
	c.Due = slices.Clone(t.Due)
	// Offer records and payments are never changed once closed, but the open record is: copy all.
	c.Offers = slices.Clone(t.Offers)
	for i := range c.Offers {
		c.Offers[i].Promises = slices.Clone(c.Offers[i].Promises)
	}
	c.Ledger = slices.Clone(t.Ledger)
	c.Log = slices.Clone(t.Log)
	return c
}

// ReconstructPurses computes every purse from the public log of payments: each purse is visible only to its
// owner, but every ducat moves in public, so an attentive player can follow them all.
func (t *Table) ReconstructPurses() []int {
	p := make([]int, t.Players)
	for i := range p {
		p[i] = StartingPurse
	}
	for _, pay := range t.Log {
		if pay.From >= 0 && int(pay.From) < t.Players {
			p[pay.From] -= pay.Amount
		}
		if pay.To >= 0 && int(pay.To) < t.Players {
			p[pay.To] += pay.Amount
		}
	}
	return p
}

// Reputation is seat's public record of promises and deals.
func (t *Table) Reputation(seat rules.Seat) Reputation {
	var r Reputation
	for _, p := range t.Ledger {
		if p.Promiser != seat {
			continue
		}
		switch p.Status {
		case Kept:
			r.Kept++
		case Broken:
			r.Broken++
		default:
			r.Pending++
		}
	}
	return r
}

// RemainingCollections is how many collections seat still has to come, counting the final one; a seat
// collects at the start of each of its turns and once more at the end.
func (t *Table) RemainingCollections(seat rules.Seat) int {
	if t.Step == StepOver {
		return 0
	}
	return TurnsPerPlayer - t.TurnsBegun[seat] + 1
}
