package makiavelia

import (
	"principe/rules"
)

// The greedy policy reads a state but only what the seat deciding may see: the table,
// its own Reserve and coins, and counts. Bots call it on a state sampled from their
// observation, so what it cannot see is dealt at random anyway.

// cardValue is a rough worth of holding a card of design k.
func cardValue(k Kind) float64 {
	c := Cards[k]
	switch c.Type {
	case Army:
		v := float64(c.Strength) + 0.8*float64(c.Firepower)
		if k == General || k == Strategist {
			v += 1
		}
		return v
	case Building:
		v := float64(c.Strength)
		switch k {
		case Library, Factory:
			v += 1.5
		case Embassy, Hospital:
			v += 0.5
		case Memorial:
			v += 1
		}
		return v
	}
	switch k {
	case Coup, Propaganda, Spy, Bribery, Levy, Taxes:
		return 2
	}
	return 1.5
}

// strongestOpponent is the other seat with the most strength in play (ties: fewest seats away).
func (s *State) strongestOpponent(seat rules.Seat) rules.Seat {
	best, bestV := rules.NoSeat, -1
	for _, q := range s.clockwise(seat)[1:] {
		if v := s.cityStrength(q); v > bestV {
			best, bestV = q, v
		}
	}
	return best
}

// richestOpponent is the other seat holding the most coins, then the strongest.
func (s *State) richestOpponent(seat rules.Seat) rules.Seat {
	best, bestV := rules.NoSeat, -1
	for _, q := range s.clockwise(seat)[1:] {
		if v := len(s.p[q].Coins)*100 + s.cityStrength(q); v > bestV {
			best, bestV = q, v
		}
	}
	return best
}

func (s *State) cityStrength(q rules.Seat) int {
	v := 0
	for _, pl := range s.p[q].City {
		if Cards[KindOf(pl.Card)].Type != Influence {
			v += s.strength(pl)
		}
	}
	return v
}

func (s *State) armiesOf(q rules.Seat) int {
	n := 0
	for _, pl := range s.p[q].City {
		if Cards[KindOf(pl.Card)].Type == Army {
			n++
		}
	}
	return n
}

// bestPlay is the greedy choice of card to play now and how much it is worth.
func (s *State) bestPlay(seat rules.Seat) (Move, float64) {
	best, bestV := Move{}, 0.0
	rival := s.strongestOpponent(seat)
	for _, c := range firstOfKind(s.p[seat].Reserve) {
		k := KindOf(c)
		m := Move{Kind: MovePlay, Card: c}
		v := 0.0
		switch k {
		case Coup:
			m.Target = rival
			v = float64(min(1+s.armiesOf(seat), s.cityStrength(rival))) * 1.6
		case Propaganda:
			v = 2 * float64(s.propagandaBuildings(seat))
		case Beggar:
			for q := range s.p {
				if len(s.p[q].Coins) > len(s.p[seat].Coins) {
					v += 2
				}
			}
		case Poison:
			m.Target = s.richestOpponent(seat)
			v = 1.5
		case Spy:
			m.Target = s.richestOpponent(seat)
			if len(s.p[m.Target].Reserve) > 0 {
				v = 2
			}
		case Bribery, Levy:
			if len(s.market) > 0 {
				v = 1.8
			}
		case Taxes:
			for q := range s.p {
				if rules.Seat(q) != seat && len(s.p[q].Coins) > 0 {
					v = 2.5
				}
			}
		case Traitor:
			v = 1.2
		case Plague:
			for q := range s.p {
				if rules.Seat(q) != seat {
					for _, pl := range s.p[q].City {
						if Cards[KindOf(pl.Card)].Type == Army {
							v += 0.4
							if pl.Wounds+1 >= s.strength(pl) {
								v += float64(s.strength(pl))
							}
						}
					}
				}
			}
		case Sabotage:
			bestT, bestTV := CardID(-1), 0.0
			for _, q := range s.clockwise(seat)[1:] {
				for _, pl := range s.p[q].City {
					if Cards[KindOf(pl.Card)].Type == Building {
						tv := 1.0
						if pl.Wounds+SabotageWounds >= s.strength(pl) {
							tv = float64(s.strength(pl)) + 0.5 + engineBonus(KindOf(pl.Card))
						}
						if q == rival {
							tv += 0.3
						}
						if tv > bestTV {
							bestT, bestTV = pl.Card, tv
						}
					}
				}
			}
			if bestT < 0 {
				continue
			}
			m.TargetCard, v = bestT, bestTV
		default:
			v = cardValue(k)
		}
		if v > bestV {
			best, bestV = m, v
		}
	}
	return best, bestV
}

// greedyTurn picks the active player's next move: cure, play the best card, attack the
// strongest rival, draw, end.
func (s *State) greedyTurn(seat rules.Seat) Move {
	me := &s.p[seat]
	if s.poisons(seat) > 0 && len(me.Coins) > 0 && len(me.Coins) > 2 {
		return Move{Kind: MoveCure, Coin: cheapestCoins(me.Coins, 1)[0]}
	}
	if s.canPlay() {
		if m, v := s.bestPlay(seat); v > 0 {
			return m
		}
	}
	if s.canAttack() {
		if t := s.attackTarget0(seat); t != rules.NoSeat {
			return Move{Kind: MoveAttack, Target: t}
		}
	}
	if s.canDraw() {
		return Move{Kind: MoveDraw}
	}
	return Move{Kind: MoveEndTurn}
}

// attackTarget0 is the strongest opponent with something to wound.
func (s *State) attackTarget0(seat rules.Seat) rules.Seat {
	best, bestV := rules.NoSeat, 0
	for _, q := range s.clockwise(seat)[1:] {
		if v := s.cityStrength(q); v > bestV {
			best, bestV = q, v
		}
	}
	return best
}

// greedyWound puts the next wound where it finishes a card soonest (the strongest
// such), looking at the attack's target first, then clockwise from the attacker.
func (s *State) greedyWound(seat rules.Seat) Move {
	best, bestScore := Move{Kind: MoveStop}, -1000
	order := append([]rules.Seat{s.attackTarget}, s.clockwise(seat)[1:]...)
	for _, i := range order {
		for j, pl := range s.p[i].City {
			if !s.woundable(seat, i, j) {
				continue
			}
			need := s.strength(pl) - pl.Wounds
			if need <= 0 {
				continue
			}
			score := 10*s.strength(pl) - 20*need + int(10*engineBonus(KindOf(pl.Card)))
			if need <= s.woundsLeft {
				score += 100
			}
			if score > bestScore {
				best, bestScore = Move{Kind: MoveWound, TargetCard: pl.Card}, score
			}
		}
	}
	return best
}

// greedyStep answers every step other than the turn and the negotiation.
func (s *State) greedyStep(seat rules.Seat) Move {
	switch s.step {
	case StepTurn:
		return s.greedyTurn(seat)
	case StepWounds:
		return s.greedyWound(seat)
	case StepTraitor:
		k := KindOf(s.playing.Card)
		if s.playTarget == seat || s.strengthOf(k) >= 4 || k == Coup || (k == Plague && s.armiesOf(seat) >= 2) {
			return Move{Kind: MoveBetray}
		}
		return Move{Kind: MoveAllow}
	case StepPick:
		best, bestV := Kind(0), -1.0
		for _, k := range distinctKinds(s.pickPool()) {
			if v := cardValue(k); v > bestV {
				best, bestV = k, v
			}
		}
		return Move{Kind: MoveTake, Take: best}
	case StepOffer:
		return s.greedyReply(seat)
	case StepHospital:
		return s.greedyHeal(seat)
	case StepPropose:
		return s.coalitionProposal(seat, false)
	case StepVote:
		return s.coalitionVote(seat)
	}
	return Move{Kind: MoveEndTurn}
}

func (s *State) strengthOf(k Kind) int { return Cards[k].Strength }

const coinWorth = 2.0 // about the mean Makielon value

// greedyReply accepts a trade when what comes is worth more than what goes.
func (s *State) greedyReply(seat rules.Seat) Move {
	o := s.offer
	me := &s.p[seat]
	if len(me.Coins) < o.AskCoins || len(me.Reserve) < o.AskCards {
		return Move{Kind: MoveDecline}
	}
	gain := float64(len(o.GiveCoins)) * coinWorth
	for _, c := range o.GiveCards {
		gain += cardValue(KindOf(c)) * 0.8
	}
	if o.GivePledge {
		gain += 1
	}
	coins := cheapestCoins(me.Coins, o.AskCoins)
	cost := 0.0
	for _, c := range coins {
		cost += float64(CoinValue(c)) + 0.3
	}
	var cards []CardID
	if o.AskCards > 0 {
		// give the least valuable cards
		rest := append([]CardID(nil), me.Reserve...)
		for i := 0; i < o.AskCards; i++ {
			w := 0
			for j := range rest {
				if cardValue(KindOf(rest[j])) < cardValue(KindOf(rest[w])) {
					w = j
				}
			}
			cost += cardValue(KindOf(rest[w]))
			cards = append(cards, rest[w])
			rest = removeAt(rest, w)
		}
	}
	if o.AskPledge {
		cost += 1.5
	}
	if gain > cost+0.2 {
		return Move{Kind: MoveAccept, Coins: coins, Cards: cards}
	}
	return Move{Kind: MoveDecline}
}

// greedyHeal heals its own wounded army that would die, the strongest first.
func (s *State) greedyHeal(seat rules.Seat) Move {
	best, bestV := Move{Kind: MovePass}, 0
	for _, pl := range s.p[seat].City {
		if Cards[KindOf(pl.Card)].Type == Army && pl.Wounds > 0 {
			v := s.strength(pl)
			if pl.Wounds >= s.strength(pl) {
				v += 10
			}
			if v > bestV {
				best, bestV = Move{Kind: MoveHeal, TargetCard: pl.Card}, v
			}
		}
	}
	return best
}

// engineBonus is how much more than its strength a card is worth destroying: the cards
// that give actions every turn.
func engineBonus(k Kind) float64 {
	switch k {
	case Factory, Library, General:
		return 2
	case Hospital, Embassy, Strategist:
		return 1
	}
	return 0
}
