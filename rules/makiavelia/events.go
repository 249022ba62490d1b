package makiavelia

import (
	"fmt"

	"principe/rules"
)

// Exchange is what changed hands in an accepted trade, in counts: what the whole table
// sees of it. Given goes from the offerer (From) to the other side (To), Paid back.
type Exchange struct {
	From       rules.Seat `json:"from"`
	To         rules.Seat `json:"to"`
	CardsGiven int        `json:"cardsGiven"`
	CoinsGiven int        `json:"coinsGiven"`
	CardsPaid  int        `json:"cardsPaid"`
	CoinsPaid  int        `json:"coinsPaid"`
	PledgeBy   rules.Seat `json:"pledgeBy"` // who pledged their Power token (NoSeat: nobody)
}

// VisibleTo reports whether viewer may see everything the event names.
func (e Event) VisibleTo(viewer rules.Seat) bool {
	if e.Only == rules.NoSeat {
		return true
	}
	// A spectator (NoSeat) sees no secret, whether or not a second party (Also) is set.
	return viewer != rules.NoSeat && (viewer == e.Only || viewer == e.Also)
}

// ForSeat returns the events as seat may see them: the card drawn, taken or traded, the
// coin earned, received or spent and the terms of a trade offer are cleared (Card or
// Coin -1, Offer reduced to who offered whom) and Hidden is set, unless seat may see
// them. Pass rules.NoSeat for a spectator who sees no Reserve. The input is not changed.
func ForSeat(events []Event, seat rules.Seat) []Event {
	out := make([]Event, len(events))
	for i, e := range events {
		if !e.VisibleTo(seat) {
			e.Card, e.Coin, e.Hidden = -1, -1, true
			if e.Offer != nil {
				e.Offer = &Offer{From: e.Offer.From, To: e.Offer.To}
			}
		}
		out[i] = e
	}
	return out
}

// hiddenString describes an event whose secret fields ForSeat cleared ("" when the
// ordinary description names nothing secret).
func (e Event) hiddenString() string {
	switch e.Kind {
	case EvGive:
		return fmt.Sprintf("seat %d gives a card to seat %d", e.Seat, e.Target)
	case EvOffer:
		return fmt.Sprintf("seat %d makes seat %d an offer", e.Seat, e.Target)
	case EvDecline:
		return fmt.Sprintf("seat %d declines seat %d's offer", e.Seat, e.Target)
	case EvTrade:
		if x := e.Exchange; x != nil {
			s := fmt.Sprintf("seat %d accepts seat %d's offer: %d card(s) and %d coin(s) for %d card(s) and %d coin(s)",
				e.Seat, e.Target, x.CardsGiven, x.CoinsGiven, x.CardsPaid, x.CoinsPaid)
			if x.PledgeBy != rules.NoSeat {
				s += fmt.Sprintf(", seat %d pledging", x.PledgeBy)
			}
			return s
		}
		return fmt.Sprintf("seat %d accepts seat %d's offer", e.Seat, e.Target)
	}
	return ""
}
