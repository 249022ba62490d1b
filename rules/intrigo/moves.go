package intrigo

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"principe/rules"
)

// MoveKind says what a Move does.
type MoveKind string

// Every kind of move.
const (
	// Present puts one unplaced advisor of Type in front of Palace (step 3, twice a turn).
	Present MoveKind = "present"
	// Offer is a seat's say in a negotiation: a post asked for, a bribe, promises, a side taken.
	Offer MoveKind = "offer"
	// Pass is a seat saying nothing in a negotiation.
	Pass MoveKind = "pass"
	// Accept is the owner taking the offer on the table; its bribe is paid at once.
	Accept MoveKind = "accept"
	// Refuse is the owner turning the offer down; nothing is paid.
	Refuse MoveKind = "refuse"
	// Counter is the owner answering the offer with a counter-price (Price).
	Counter MoveKind = "counter"
	// TakeCounter is the offering seat accepting the counter-price, which it pays at once.
	TakeCounter MoveKind = "take-counter"
	// DeclineCounter is the offering seat declining the counter-price; nothing is paid.
	DeclineCounter MoveKind = "decline-counter"
	// Place puts an applicant in no conflict on a free post (step I).
	Place MoveKind = "place"
	// ChooseConflict picks which external conflict (by Type) the owner resolves next (step II).
	ChooseConflict MoveKind = "choose-conflict"
	// Admit names the winner of an external conflict and, if its type is not employed, its post (step II).
	Admit MoveKind = "admit"
	// Decide keeps the employed advisor or replaces it with the applicant (step III).
	Decide MoveKind = "decide"
	// Settle is the promiser paying (Pay) or not paying a promised payment that has come due.
	Settle MoveKind = "settle"
)

// Favour is the side a seat takes in an internal conflict.
type Favour string

// The two sides of an internal conflict.
const (
	FavourKeep    Favour = "keep"    // keep the employed advisor
	FavourReplace Favour = "replace" // replace it with the applicant
)

// Move is every action of Intrigo; Kind says which fields matter.
type Move struct {
	Kind MoveKind `json:"kind"`
	// Type: the advisor type presented (present) or the external conflict chosen (choose-conflict).
	Type AdvisorType `json:"type"`
	// Palace: where an advisor is presented (present).
	Palace rules.Seat `json:"palace"`
	// Advisor: the applicant placed (place) or admitted (admit).
	Advisor int `json:"advisor"`
	// Post: the post given (place, admit; -1 for an admitted advisor that goes on to an internal conflict)
	// or asked for (offer; -1 for none).
	Post int `json:"post"`
	// Favour: the side an offer backs in an internal conflict.
	Favour Favour `json:"favour,omitempty"`
	// Bribe: the bribe offered (offer), in ducats.
	Bribe int `json:"bribe"`
	// Promises attached to an offer.
	Promises []Terms `json:"promises,omitempty"`
	// Price: the counter-price (counter), in ducats.
	Price int `json:"price"`
	// Replace: whether the applicant replaces the employed advisor (decide).
	Replace bool `json:"replace"`
	// Promise: the promise settled (settle) and Pay: whether it is paid.
	Promise int  `json:"promise"`
	Pay     bool `json:"pay"`
}

// PromiseKind is what a promise is about.
type PromiseKind string

// The kinds of promise a seat may attach to an offer, and the deal an accepted offer makes.
const (
	// PromisePost: "your next applicant in my palace gets a post worth at least PostValue[Post]".
	PromisePost PromiseKind = "post"
	// PromisePayment: "I will pay you Amount at the start of my next turn".
	PromisePayment PromiseKind = "payment"
	// PromiseSpare: "I will not expel your advisor from my palace at my next internal conflict about one".
	PromiseSpare PromiseKind = "spare"
	// PromiseText: anything else, in words; the rules cannot judge it, so it stays pending.
	PromiseText PromiseKind = "text"
	// PromiseDeal is made by an owner who accepts an offer: "you get what you asked for". It is
	// recorded by the rules, never offered.
	PromiseDeal PromiseKind = "deal"
)

// Terms are the contents of one promise as offered.
type Terms struct {
	Kind   PromiseKind `json:"kind"`
	Post   int         `json:"post"`             // post: the least post (index) promised
	Amount int         `json:"amount,omitempty"` // payment: ducats
	Text   string      `json:"text,omitempty"`   // text: the promise in words
}

// MaxPromisesPerOffer, MaxTextLength and MaxAmount bound what an offer may carry.
const (
	MaxPromisesPerOffer = 3
	MaxTextLength       = 200
	MaxAmount           = 1000000
)

// String is a short readable form of the terms.
func (t Terms) String() string {
	switch t.Kind {
	case PromisePost:
		if t.Post < 0 || t.Post >= Posts {
			return "a post for your next applicant"
		}
		return fmt.Sprintf("a post worth at least %d for your next applicant", PostValue[t.Post])
	case PromisePayment:
		return fmt.Sprintf("%d ducats at my next turn", t.Amount)
	case PromiseSpare:
		return "not to expel your advisor"
	case PromiseText:
		return fmt.Sprintf("%q", t.Text)
	}
	return string(t.Kind)
}

func (t Terms) check() error {
	switch t.Kind {
	case PromisePost:
		if t.Post < 0 || t.Post >= Posts {
			return fmt.Errorf("a promised post must be one of the four posts (0–3), not %d", t.Post)
		}
	case PromisePayment:
		if t.Amount < Unit || t.Amount > MaxAmount || t.Amount%Unit != 0 {
			return fmt.Errorf("a promised payment must be a multiple of %d between %d and %d ducats, not %d",
				Unit, Unit, MaxAmount, t.Amount)
		}
	case PromiseSpare:
	case PromiseText:
		if strings.TrimSpace(t.Text) == "" {
			return fmt.Errorf("a promise in words cannot be empty")
		}
		if utf8.RuneCountInString(t.Text) > MaxTextLength || !utf8.ValidString(t.Text) {
			return fmt.Errorf("a promise in words must be valid text of at most %d characters", MaxTextLength)
		}
	default:
		return fmt.Errorf("%q is not a kind of promise one can offer (post, payment, spare or text)", t.Kind)
	}
	return nil
}

// String is a short readable form of the move.
func (m Move) String() string {
	switch m.Kind {
	case Present:
		return fmt.Sprintf("present a %v to %v", m.Type, colour(m.Palace))
	case Offer:
		var parts []string
		if m.Post >= 0 && m.Post < Posts {
			parts = append(parts, fmt.Sprintf("ask for the %d post", PostValue[m.Post]))
		}
		if m.Favour != "" {
			parts = append(parts, "back "+string(m.Favour))
		}
		if m.Bribe > 0 {
			parts = append(parts, fmt.Sprintf("bribe %d", m.Bribe))
		}
		for _, t := range m.Promises {
			parts = append(parts, "promise "+t.String())
		}
		return "offer: " + strings.Join(parts, ", ")
	case Counter:
		return fmt.Sprintf("counter: %d", m.Price)
	case Place:
		return fmt.Sprintf("place advisor %d on the %d post", m.Advisor, postValue(m.Post))
	case ChooseConflict:
		return fmt.Sprintf("resolve the %v conflict", m.Type)
	case Admit:
		if m.Post < 0 {
			return fmt.Sprintf("admit advisor %d to the internal conflict", m.Advisor)
		}
		return fmt.Sprintf("admit advisor %d on the %d post", m.Advisor, postValue(m.Post))
	case Decide:
		if m.Replace {
			return "replace the employed advisor"
		}
		return "keep the employed advisor"
	case Settle:
		if m.Pay {
			return fmt.Sprintf("pay promise %d", m.Promise)
		}
		return fmt.Sprintf("do not pay promise %d", m.Promise)
	}
	return string(m.Kind)
}

func postValue(p int) int {
	if p < 0 || p >= Posts {
		return 0
	}
	return PostValue[p]
}

// DecodeMove reads a Move from its JSON.
func DecodeMove(data []byte) (Move, error) {
	m := Move{Post: -1, Advisor: -1, Palace: -1, Promise: -1}
	if err := json.Unmarshal(data, &m); err != nil {
		return Move{}, fmt.Errorf("intrigo move: %v", err)
	}
	switch m.Kind {
	case Present, Offer, Pass, Accept, Refuse, Counter, TakeCounter, DeclineCounter, Place, ChooseConflict,
		Admit, Decide, Settle:
		return m, nil
	}
	return Move{}, fmt.Errorf("intrigo move: unknown kind %q", m.Kind)
}

func simple(k MoveKind) Move { return Move{Kind: k, Post: -1, Advisor: -1, Palace: -1, Promise: -1} }
