package makiavelia

import (
	"errors"
	"fmt"

	"principe/rules"
)

// makeOffer records the active player's trade offer; the other side answers next.
func (s *State) makeOffer(seat rules.Seat, o *Offer, log *events) error {
	if o == nil {
		return errors.New("an offer needs its terms")
	}
	if !s.validSeat(o.To) || o.To == seat {
		return errors.New("offer a trade to another player")
	}
	if s.t.OfferedTo[o.To] {
		return fmt.Errorf("you have already made seat %d an offer this turn: one offer to each player a turn", o.To)
	}
	if o.From != seat {
		return errors.New("an offer must come from the player whose turn it is")
	}
	if err := distinctOwned(o.GiveCards, s.p[seat].Reserve, "card", "your Reserve"); err != nil {
		return err
	}
	if err := distinctOwned(o.GiveCoins, s.p[seat].Coins, "coin", "your treasure"); err != nil {
		return err
	}
	if o.AskCoins < 0 || o.AskCards < 0 {
		return errors.New("you cannot ask for a negative number of coins or cards")
	}
	if o.GivePledge && o.AskPledge {
		return errors.New("a trade cannot carry pledges both ways")
	}
	if o.GivePledge && s.p[seat].Pledge != rules.NoSeat {
		return errors.New("you have already pledged your Power token this round")
	}
	if o.AskPledge && s.p[o.To].Pledge != rules.NoSeat {
		return fmt.Errorf("seat %d has already pledged their Power token this round", o.To)
	}
	if len(o.GiveCards)+len(o.GiveCoins)+o.AskCoins+o.AskCards == 0 && !o.GivePledge && !o.AskPledge {
		return errors.New("an offer must give or ask something")
	}
	if len(o.Words) > MaxWords {
		return fmt.Errorf("keep your words under %d characters", MaxWords)
	}
	s.t.OfferedTo[o.To] = true
	c := *o
	c.GiveCards = append([]CardID(nil), o.GiveCards...)
	c.GiveCoins = append([]CoinID(nil), o.GiveCoins...)
	s.offer = &c
	s.step = StepOffer
	e := ev(EvOffer, seat)
	e.Target, e.Offer, e.Only, e.Also = o.To, s.partyOffer(), seat, o.To
	log.add(e)
	return nil
}

// partyOffer is the offer as its two parties see it: the coins are counted, not named
// (the offerer's observation names them). The rest of the table sees only who offered
// whom (see ForSeat and Observation.OfferHidden).
func (s *State) partyOffer() *Offer {
	o := *s.offer
	o.GiveCards = append([]CardID(nil), o.GiveCards...)
	o.GiveCoins = nil
	return &o
}

func distinctOwned[T comparable](xs, owned []T, what, where string) error {
	for i, x := range xs {
		found := false
		for _, y := range owned {
			if x == y {
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("that %s is not in %s", what, where)
		}
		for _, y := range xs[:i] {
			if x == y {
				return fmt.Errorf("the same %s is named twice", what)
			}
		}
	}
	return nil
}

func (s *State) doOfferReply(seat rules.Seat, m Move, log *events) error {
	o := s.offer
	switch m.Kind {
	case MoveDecline:
		e := ev(EvDecline, seat)
		e.Target, e.Offer, e.Only, e.Also = o.From, s.partyOffer(), seat, o.From
		log.add(e)
		s.offer, s.step = nil, StepTurn
		return nil
	case MoveAccept:
		if len(m.Coins) != o.AskCoins {
			return fmt.Errorf("the offer asks for %d coin(s), you gave %d", o.AskCoins, len(m.Coins))
		}
		if len(m.Cards) != o.AskCards {
			return fmt.Errorf("the offer asks for %d card(s), you gave %d", o.AskCards, len(m.Cards))
		}
		if err := distinctOwned(m.Coins, s.p[seat].Coins, "coin", "your treasure"); err != nil {
			return err
		}
		if err := distinctOwned(m.Cards, s.p[seat].Reserve, "card", "your Reserve"); err != nil {
			return err
		}
		e := ev(EvTrade, seat)
		e.Target, e.Offer, e.Only, e.Also = o.From, s.partyOffer(), seat, o.From
		e.Exchange = &Exchange{From: o.From, To: o.To, CardsGiven: len(o.GiveCards), CoinsGiven: len(o.GiveCoins),
			CardsPaid: len(m.Cards), CoinsPaid: len(m.Coins), PledgeBy: rules.NoSeat}
		switch {
		case o.GivePledge:
			e.Exchange.PledgeBy = o.From
		case o.AskPledge:
			e.Exchange.PledgeBy = o.To
		}
		log.add(e)
		s.giveCards(o.From, o.To, o.GiveCards, log)
		s.giveCoins(o.From, o.To, o.GiveCoins, log)
		s.giveCards(o.To, o.From, m.Cards, log)
		s.giveCoins(o.To, o.From, m.Coins, log)
		if o.GivePledge {
			s.pledge(o.From, o.To, log)
		}
		if o.AskPledge {
			s.pledge(o.To, o.From, log)
		}
		if o.Words != "" {
			s.promises = append(s.promises, Promise{Round: s.round, From: o.From, To: o.To, Words: o.Words, Private: true})
		}
		s.offer, s.step = nil, StepTurn
		return nil
	}
	return wrongStep(m, fmt.Sprintf("seat %d offers you a trade: accept or decline", o.From))
}

// giveCards moves Reserve cards in a trade: only the two parties see which.
func (s *State) giveCards(from, to rules.Seat, cs []CardID, log *events) {
	for _, c := range cs {
		i := reserveIndex(s.p[from].Reserve, c)
		s.p[from].Reserve = removeAt(s.p[from].Reserve, i)
		s.p[to].Reserve = append(s.p[to].Reserve, c)
		e := ev(EvGive, from)
		e.Target, e.Card, e.Only, e.Also = to, c, to, from
		log.add(e)
	}
}

func (s *State) giveCoins(from, to rules.Seat, cs []CoinID, log *events) {
	for _, c := range cs {
		i := coinIndex(s.p[from].Coins, c)
		s.p[from].Coins = removeAt(s.p[from].Coins, i)
		s.p[to].Coins = append(s.p[to].Coins, c)
		e := ev(EvCoin, to)
		e.Target, e.Coin, e.Only, e.Also = from, c, to, from
		log.add(e)
	}
}

func (s *State) pledge(who, holder rules.Seat, log *events) {
	s.p[who].Pledge = holder
	e := ev(EvPledge, who)
	e.Target = holder
	log.add(e)
}
