package makiavelia

import (
	"encoding/json"
	"fmt"
	"strings"

	"principe/rules"
)

// MoveKind names what a Move does.
type MoveKind string

// The moves of Makiavelia.
const (
	MoveDraw    MoveKind = "draw"     // Draw a card from the Market
	MovePlay    MoveKind = "play"     // Play Card from the Reserve (Target / TargetCard when it targets)
	MoveAttack  MoveKind = "attack"   // Attack Target
	MoveEndTurn MoveKind = "end-turn" // end one's turn
	MoveCure    MoveKind = "cure"     // spend Coin to bury a Poison on oneself
	MoveOffer   MoveKind = "offer"    // offer a trade (Offer)
	MovePromise MoveKind = "promise"  // speak a promise to Target (Words): recorded, never enforced
	MoveWound   MoveKind = "wound"    // put one wound on TargetCard
	MoveStop    MoveKind = "stop"     // return the remaining wounds to the stack
	MoveBetray  MoveKind = "betray"   // activate one's Traitor: cancel the card being played
	MoveAllow   MoveKind = "allow"    // let the card being played resolve
	MoveTake    MoveKind = "take"     // take a card of design Take (Bribery, Spy)
	MoveAccept  MoveKind = "accept"   // accept the offer, paying with Coins and Cards
	MoveDecline MoveKind = "decline"  // decline the offer
	MoveHeal    MoveKind = "heal"     // Hospital: remove all wounds from the army TargetCard
	MovePropose MoveKind = "propose"  // propose a regime (Regime), or a revised one at one's next turn to speak
	MovePass    MoveKind = "pass"     // do not heal / say nothing this turn to speak
	MoveAgree   MoveKind = "agree"    // agree to the terms on the table
	MoveRefuse  MoveKind = "refuse"   // refuse the terms on the table: the proposal falls
	MoveCounter MoveKind = "counter"  // answer with other shares for the same members (Regime)
)

// Move is one action in Makiavelia. Only the fields its Kind uses matter.
type Move struct {
	Kind       MoveKind   `json:"kind"`
	Card       CardID     `json:"card,omitempty"`       // play: the card from the Reserve
	Target     rules.Seat `json:"target,omitempty"`     // attack, play (player targets), promise
	TargetCard CardID     `json:"targetCard,omitempty"` // play (building target), wound, heal
	Coin       CoinID     `json:"coin,omitempty"`       // cure
	Take       Kind       `json:"take,omitempty"`       // take
	Offer      *Offer     `json:"offer,omitempty"`      // offer
	Coins      []CoinID   `json:"coins,omitempty"`      // accept: the coins given
	Cards      []CardID   `json:"cards,omitempty"`      // accept: the cards given
	Regime     *Regime    `json:"regime,omitempty"`     // propose, counter
	Words      string     `json:"words,omitempty"`      // promise
}

// String is a short readable form.
func (m Move) String() string {
	switch m.Kind {
	case MovePlay:
		s := "play " + cardName(m.Card)
		switch {
		case validCard(m.Card) && Cards[KindOf(m.Card)].Target == TargetPlayer:
			s += fmt.Sprintf(" on seat %d", m.Target)
		case validCard(m.Card) && Cards[KindOf(m.Card)].Target == TargetBuilding:
			s += " on " + cardName(m.TargetCard)
		}
		return s
	case MoveAttack:
		return fmt.Sprintf("attack seat %d", m.Target)
	case MoveCure:
		return fmt.Sprintf("cure Poison with coin %d", m.Coin)
	case MoveOffer:
		if m.Offer == nil {
			return "offer (empty)"
		}
		return "offer " + m.Offer.String()
	case MovePromise:
		return fmt.Sprintf("promise seat %d: %q", m.Target, m.Words)
	case MoveWound, MoveHeal:
		return string(m.Kind) + " " + cardName(m.TargetCard)
	case MoveTake:
		return "take " + m.Take.String()
	case MoveAccept:
		return fmt.Sprintf("accept (giving %d coins, %d cards)", len(m.Coins), len(m.Cards))
	case MovePropose, MoveCounter:
		if m.Regime == nil {
			return string(m.Kind) + " (empty)"
		}
		return string(m.Kind) + " " + m.Regime.String()
	}
	return string(m.Kind)
}

func cardName(c CardID) string {
	if !validCard(c) {
		return fmt.Sprintf("card #%d", c)
	}
	return fmt.Sprintf("%s #%d", KindOf(c), c)
}

// String describes the offer.
func (o Offer) String() string {
	var give, ask []string
	for _, c := range o.GiveCards {
		give = append(give, cardName(c))
	}
	if len(o.GiveCoins) > 0 {
		give = append(give, fmt.Sprintf("%d coin(s)", len(o.GiveCoins)))
	}
	if o.GivePledge {
		give = append(give, "a pledge")
	}
	if o.AskCards > 0 {
		ask = append(ask, fmt.Sprintf("%d card(s)", o.AskCards))
	}
	if o.AskCoins > 0 {
		ask = append(ask, fmt.Sprintf("%d coin(s)", o.AskCoins))
	}
	if o.AskPledge {
		ask = append(ask, "a pledge")
	}
	s := fmt.Sprintf("seat %d gives seat %d [%s] for [%s]", o.From, o.To, strings.Join(give, ", "), strings.Join(ask, ", "))
	if o.Words != "" {
		s += fmt.Sprintf(" saying %q", o.Words)
	}
	return s
}

// String describes the regime.
func (r Regime) String() string {
	var parts []string
	for i, m := range r.Members {
		sh := 0
		if i < len(r.Shares) {
			sh = r.Shares[i]
		}
		parts = append(parts, fmt.Sprintf("seat %d:%d", m, sh))
	}
	return "regime {" + strings.Join(parts, ", ") + "}"
}

// DecodeAction turns a Move's JSON back into a Move.
func DecodeAction(data []byte) (rules.Action, error) {
	var m Move
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("not a Makiavelia move: %v", err)
	}
	return m, nil
}

// EventKind names what happened.
type EventKind string

// The events of Makiavelia.
const (
	EvDraw        EventKind = "draw"         // Seat drew Card (only Seat sees which)
	EvPlay        EventKind = "play"         // Seat played Card (Target, TargetCard)
	EvCancel      EventKind = "cancel"       // Seat's Traitor cancelled Card
	EvAttack      EventKind = "attack"       // Seat attacked Target with Dice; Hits stars
	EvWound       EventKind = "wound"        // Seat put a wound on TargetCard (in Target's City)
	EvBury        EventKind = "bury"         // Card went to Seat's Cemetery
	EvTake        EventKind = "take"         // Seat took Card from Target's Reserve (Target NoSeat: the Market)
	EvShuffle     EventKind = "shuffle"      // the Market was reshuffled
	EvCoin        EventKind = "coin"         // Seat received Coin (Target: from whom, NoSeat = the Treasury)
	EvSpend       EventKind = "spend"        // Seat put Coin back in the Treasury
	EvOffer       EventKind = "offer"        // Offer made
	EvTrade       EventKind = "trade"        // Offer accepted and executed
	EvDecline     EventKind = "decline"      // Offer declined
	EvGive        EventKind = "give"         // Seat gave Card to Target (part of a trade)
	EvPledge      EventKind = "pledge"       // Seat pledged to join Target's regime
	EvPromise     EventKind = "promise"      // Seat promised Words to Target
	EvHeal        EventKind = "heal"         // Seat's Hospital healed TargetCard
	EvPower       EventKind = "power"        // each seat's Power this round
	EvPropose     EventKind = "propose"      // Seat proposed Regime (it is on the table)
	EvCounter     EventKind = "counter"      // Seat answered with other shares: Regime is on the table
	EvPass        EventKind = "pass"         // Seat, whose turn it was to speak, passed
	EvAgree       EventKind = "agree"        // Seat agreed to the terms on the table
	EvRefuse      EventKind = "refuse"       // Seat refused: the proposal falls
	EvRegime      EventKind = "regime"       // Regime formed
	EvVictory     EventKind = "victory"      // Seats won the round with power Value
	EvTie         EventKind = "tie"          // a tie for highest power: nobody earns
	EvDryTreasury EventKind = "dry-treasury" // the Treasury bag ran out: Value of this round's coins are not paid
	EvRoundCap    EventKind = "round-cap"    // the game stops at round Value (MaxRounds), the Market not yet empty
	EvFirstPlayer EventKind = "first-player" // the First Player token passed to Seat
	EvTurn        EventKind = "turn"         // Seat's turn begins
	EvRound       EventKind = "round"        // round Value begins
	EvReveal      EventKind = "reveal"       // Seat reveals coins worth Value
	EvGameOver    EventKind = "game-over"    // Seats won
)

// Event is something that happened. Events returned by Apply are the whole truth; a
// scene showing them to one seat passes them through ForSeat first. Only, when not
// NoSeat, is the seat allowed to see the card, coin or offer terms the event names (a
// draw, a coin earned, a trade), with Also, the other party of a trade or a Spy's victim;
// the others see that it happened (ForSeat clears what they may not see and sets Hidden).
type Event struct {
	Kind       EventKind    `json:"kind"`
	Seat       rules.Seat   `json:"seat"`
	Target     rules.Seat   `json:"target"`
	Card       CardID       `json:"card"`
	TargetCard CardID       `json:"targetCard"`
	Coin       CoinID       `json:"coin"`
	Dice       []int        `json:"dice,omitempty"`
	Hits       int          `json:"hits,omitempty"`
	Value      int          `json:"value,omitempty"`
	Values     []int        `json:"values,omitempty"`
	Seats      []rules.Seat `json:"seats,omitempty"`
	Offer      *Offer       `json:"offer,omitempty"`
	Regime     *Regime      `json:"regime,omitempty"`
	Words      string       `json:"words,omitempty"`
	Exchange   *Exchange    `json:"exchange,omitempty"` // trade: what changed hands, in counts (public)
	Only       rules.Seat   `json:"only"`
	Also       rules.Seat   `json:"also"`
	Hidden     bool         `json:"hidden,omitempty"` // set by ForSeat: the secret fields were cleared
}

func ev(kind EventKind, seat rules.Seat) Event {
	return Event{Kind: kind, Seat: seat, Target: rules.NoSeat, Card: -1, TargetCard: -1, Coin: -1, Only: rules.NoSeat, Also: rules.NoSeat}
}

// String describes the event in plain English.
func (e Event) String() string {
	if e.Hidden {
		if h := e.hiddenString(); h != "" {
			return h
		}
	}
	switch e.Kind {
	case EvDraw:
		return fmt.Sprintf("seat %d draws a card", e.Seat)
	case EvPlay:
		s := fmt.Sprintf("seat %d plays %s", e.Seat, cardName(e.Card))
		if e.Target != rules.NoSeat {
			s += fmt.Sprintf(" targeting seat %d", e.Target)
		}
		return s
	case EvCancel:
		return fmt.Sprintf("seat %d's Traitor cancels %s", e.Seat, cardName(e.Card))
	case EvAttack:
		return fmt.Sprintf("seat %d attacks seat %d: dice %v, %d hit(s)", e.Seat, e.Target, e.Dice, e.Hits)
	case EvWound:
		return fmt.Sprintf("seat %d wounds %s of seat %d", e.Seat, cardName(e.TargetCard), e.Target)
	case EvBury:
		return fmt.Sprintf("%s goes to seat %d's Cemetery", cardName(e.Card), e.Seat)
	case EvTake:
		if e.Target == rules.NoSeat {
			return fmt.Sprintf("seat %d takes a card from the Market", e.Seat)
		}
		return fmt.Sprintf("seat %d takes a card from seat %d's Reserve", e.Seat, e.Target)
	case EvCoin:
		if e.Target == rules.NoSeat {
			return fmt.Sprintf("seat %d earns a coin", e.Seat)
		}
		return fmt.Sprintf("seat %d receives a coin from seat %d", e.Seat, e.Target)
	case EvShuffle:
		return "the Market is reshuffled"
	case EvSpend:
		return fmt.Sprintf("seat %d spends a coin", e.Seat)
	case EvOffer, EvTrade, EvDecline:
		if e.Offer != nil {
			return string(e.Kind) + ": " + e.Offer.String()
		}
	case EvGive:
		return fmt.Sprintf("seat %d gives %s to seat %d", e.Seat, cardName(e.Card), e.Target)
	case EvPledge:
		return fmt.Sprintf("seat %d pledges to join seat %d's regime", e.Seat, e.Target)
	case EvPromise:
		return fmt.Sprintf("seat %d promises seat %d: %q", e.Seat, e.Target, e.Words)
	case EvHeal:
		return fmt.Sprintf("seat %d's Hospital heals %s", e.Seat, cardName(e.TargetCard))
	case EvPower:
		return fmt.Sprintf("power: %v", e.Values)
	case EvPass:
		return fmt.Sprintf("seat %d passes", e.Seat)
	case EvPropose, EvCounter, EvRegime:
		if e.Regime != nil {
			return fmt.Sprintf("seat %d: %s %s", e.Seat, e.Kind, e.Regime)
		}
	case EvVictory:
		return fmt.Sprintf("seats %v win the round with power %d", e.Seats, e.Value)
	case EvTie:
		return fmt.Sprintf("tie for highest power %d: nobody earns", e.Value)
	case EvDryTreasury:
		return fmt.Sprintf("the Treasury is empty: %d coin(s) of this round are not paid", e.Value)
	case EvRoundCap:
		return fmt.Sprintf("the game stops at the round cap (round %d) with cards still in the Market", e.Value)
	case EvFirstPlayer:
		return fmt.Sprintf("the First Player token passes to seat %d", e.Seat)
	case EvTurn:
		return fmt.Sprintf("seat %d's turn", e.Seat)
	case EvRound:
		return fmt.Sprintf("round %d", e.Value)
	case EvReveal:
		return fmt.Sprintf("seat %d reveals coins %v worth %d", e.Seat, e.Values, e.Value)
	case EvGameOver:
		return fmt.Sprintf("game over: seats %v win", e.Seats)
	}
	return fmt.Sprintf("seat %d: %s", e.Seat, e.Kind)
}
