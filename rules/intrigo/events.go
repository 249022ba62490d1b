package intrigo

import (
	"fmt"

	"principe/rules"
)

// EventKind says what happened.
type EventKind string

// Everything a player sees happen.
const (
	EvTurnBegins       EventKind = "turn-begins"       // Seat begins turn Amount (1–5)
	EvCollect          EventKind = "collect"           // Seat collects Amount from the bank
	EvPromisePaid      EventKind = "promise-paid"      // Seat pays Amount to Other as promised (Promise)
	EvPromiseUnpaid    EventKind = "promise-unpaid"    // Seat does not pay promise Promise
	EvReceiveBegins    EventKind = "receive-begins"    // Seat begins receiving its applicants
	EvNegotiationOpens EventKind = "negotiation-opens" // a negotiation (Stage, Type, Post) opens for Seat's palace
	EvOffer            EventKind = "offer"             // Seat makes an offer (Offer) to Other
	EvPass             EventKind = "pass"              // Seat passes
	EvAccepted         EventKind = "offer-accepted"    // Other accepts Seat's offer; Amount paid (BankPaid: by the bank)
	EvRefused          EventKind = "offer-refused"     // Other refuses Seat's offer
	EvCountered        EventKind = "countered"         // Other answers Seat's offer with the price Amount
	EvCounterTaken     EventKind = "counter-taken"     // Seat takes the counter-price and pays Amount to Other
	EvCounterDeclined  EventKind = "counter-declined"  // Seat declines the counter-price
	EvPromiseMade      EventKind = "promise-made"      // promise Promise enters the ledger
	EvPlaced           EventKind = "placed"            // Advisor goes to Post of palace Other
	EvExiled           EventKind = "exiled"            // Advisor goes to the island (from palace Other's queue or Post)
	EvReplaced         EventKind = "replaced"          // Advisor replaces the advisor on Post of palace Other
	EvKept             EventKind = "kept"              // Other keeps the advisor on Post
	EvConflictChosen   EventKind = "conflict-chosen"   // Seat resolves the Type external conflict next
	EvToInternal       EventKind = "to-internal"       // Advisor wins the external conflict and contests Post
	EvPromiseJudged    EventKind = "promise-judged"    // promise Promise is now Status
	EvPresented        EventKind = "presented"         // Seat presents Advisor to palace Other
	EvFinalCollection  EventKind = "final-collection"  // every seat collects one last time (EvCollect follow)
	EvGameOver         EventKind = "game-over"         // the game has ended
)

// Event is one thing that happened; Kind says which fields matter.
type Event struct {
	Kind     EventKind   `json:"kind"`
	Seat     rules.Seat  `json:"seat"`
	Other    rules.Seat  `json:"other"`
	Amount   int         `json:"amount,omitempty"`
	BankPaid bool        `json:"bank_paid,omitempty"`
	Advisor  int         `json:"advisor"`
	Post     int         `json:"post"`
	Type     AdvisorType `json:"type"`
	Stage    Stage       `json:"stage,omitempty"`
	Promise  int         `json:"promise"`
	Status   Status      `json:"status,omitempty"`
	Offer    *Move       `json:"offer,omitempty"`
}

func ev(kind EventKind, seat rules.Seat) Event {
	return Event{Kind: kind, Seat: seat, Other: -1, Advisor: -1, Post: -1, Promise: -1}
}

// String describes the event in plain English.
func (e Event) String() string {
	who, other := colour(e.Seat), colour(e.Other)
	switch e.Kind {
	case EvTurnBegins:
		return fmt.Sprintf("%s begins turn %d", who, e.Amount)
	case EvCollect:
		return fmt.Sprintf("%s collects %d", who, e.Amount)
	case EvPromisePaid:
		return fmt.Sprintf("%s pays %s %d as promised", who, other, e.Amount)
	case EvPromiseUnpaid:
		return fmt.Sprintf("%s does not pay promise %d", who, e.Promise)
	case EvReceiveBegins:
		return fmt.Sprintf("%s receives applicants", who)
	case EvNegotiationOpens:
		return fmt.Sprintf("negotiation (stage %d, %v) at %s's palace", e.Stage, e.Type, who)
	case EvOffer:
		return fmt.Sprintf("%s to %s: %v", who, other, e.Offer)
	case EvPass:
		return fmt.Sprintf("%s passes", who)
	case EvAccepted:
		return fmt.Sprintf("%s accepts %s's offer (%d paid)", other, who, e.Amount)
	case EvRefused:
		return fmt.Sprintf("%s refuses %s's offer", other, who)
	case EvCountered:
		return fmt.Sprintf("%s asks %s for %d instead", other, who, e.Amount)
	case EvCounterTaken:
		return fmt.Sprintf("%s pays %s the %d asked", who, other, e.Amount)
	case EvCounterDeclined:
		return fmt.Sprintf("%s declines %s's price", who, other)
	case EvPromiseMade:
		return fmt.Sprintf("%s makes promise %d to %s", who, e.Promise, other)
	case EvPlaced:
		return fmt.Sprintf("advisor %d takes the %d post of %s's palace", e.Advisor, postValue(e.Post), other)
	case EvExiled:
		return fmt.Sprintf("advisor %d is exiled to the island", e.Advisor)
	case EvReplaced:
		return fmt.Sprintf("advisor %d replaces the advisor on the %d post of %s's palace", e.Advisor, postValue(e.Post), other)
	case EvKept:
		return fmt.Sprintf("%s keeps the advisor on the %d post", other, postValue(e.Post))
	case EvConflictChosen:
		return fmt.Sprintf("%s resolves the %v conflict", who, e.Type)
	case EvToInternal:
		return fmt.Sprintf("advisor %d wins and contests the %d post", e.Advisor, postValue(e.Post))
	case EvPromiseJudged:
		return fmt.Sprintf("%s's promise %d is %s", who, e.Promise, e.Status)
	case EvPresented:
		return fmt.Sprintf("%s presents advisor %d to %s", who, e.Advisor, other)
	case EvFinalCollection:
		return "final collection"
	case EvGameOver:
		return "the game is over"
	}
	return string(e.Kind)
}
