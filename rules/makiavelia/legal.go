package makiavelia

import (
	"sort"

	"principe/rules"
)

// CannedPromise is the promise the legal-move list offers (any words are accepted).
const CannedPromise = "I will not attack you this round."

// Legal lists the actions seat may take now: a finite, reasonable choice (offers and
// regimes are sampled from simple shapes; Apply accepts any well-formed one).
func (s *State) Legal(seat rules.Seat) []rules.Action {
	if s.step == StepOver || seat != s.ToAct() {
		return nil
	}
	var ms []Move
	switch s.step {
	case StepTurn:
		ms = s.legalTurn(seat)
	case StepWounds:
		for i := range s.p {
			for j, pl := range s.p[i].City {
				if s.woundable(seat, rules.Seat(i), j) {
					ms = append(ms, Move{Kind: MoveWound, TargetCard: pl.Card})
				}
			}
		}
		ms = append(ms, Move{Kind: MoveStop})
	case StepTraitor:
		ms = []Move{{Kind: MoveAllow}, {Kind: MoveBetray}}
	case StepPick:
		for _, k := range distinctKinds(s.pickPool()) {
			ms = append(ms, Move{Kind: MoveTake, Take: k})
		}
	case StepOffer:
		ms = s.legalReplies(seat)
	case StepHospital:
		ms = append(ms, Move{Kind: MovePass})
		for _, p := range s.p {
			for _, pl := range p.City {
				if pl.Wounds > 0 && Cards[KindOf(pl.Card)].Type == Army {
					ms = append(ms, Move{Kind: MoveHeal, TargetCard: pl.Card})
				}
			}
		}
	case StepPropose:
		ms = append([]Move{{Kind: MovePass}}, s.legalProposals(seat)...)
	case StepVote:
		ms = []Move{{Kind: MoveAgree}, {Kind: MoveRefuse}}
	}
	out := make([]rules.Action, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

// distinctKinds lists the designs among cs, in table order.
func distinctKinds(cs []CardID) []Kind {
	var have [numKinds]bool
	for _, c := range cs {
		have[KindOf(c)] = true
	}
	var ks []Kind
	for k := Kind(0); k < numKinds; k++ {
		if have[k] {
			ks = append(ks, k)
		}
	}
	return ks
}

// firstOfKind picks one card of each design (the lowest ID), in table order.
func firstOfKind(cs []CardID) []CardID {
	best := map[Kind]CardID{}
	for _, c := range cs {
		if b, ok := best[KindOf(c)]; !ok || c < b {
			best[KindOf(c)] = c
		}
	}
	var out []CardID
	for _, k := range distinctKinds(cs) {
		out = append(out, best[k])
	}
	return out
}

// cheapestCoins are the n coins of lowest value (then lowest ID).
func cheapestCoins(cs []CoinID, n int) []CoinID {
	sorted := append([]CoinID(nil), cs...)
	sort.Slice(sorted, func(a, b int) bool {
		va, vb := CoinValue(sorted[a]), CoinValue(sorted[b])
		if va != vb {
			return va < vb
		}
		return sorted[a] < sorted[b]
	})
	if n > len(sorted) {
		n = len(sorted)
	}
	return sorted[:n]
}

func (s *State) legalTurn(seat rules.Seat) []Move {
	var ms []Move
	me := &s.p[seat]
	if s.canDraw() {
		ms = append(ms, Move{Kind: MoveDraw})
	}
	if s.canPlay() {
		for _, c := range firstOfKind(me.Reserve) {
			switch Cards[KindOf(c)].Target {
			case TargetPlayer:
				for q := 0; q < s.n; q++ {
					if rules.Seat(q) != seat {
						ms = append(ms, Move{Kind: MovePlay, Card: c, Target: rules.Seat(q)})
					}
				}
			case TargetBuilding:
				for q := range s.p {
					if rules.Seat(q) == seat {
						continue
					}
					for _, pl := range s.p[q].City {
						if Cards[KindOf(pl.Card)].Type == Building {
							ms = append(ms, Move{Kind: MovePlay, Card: c, TargetCard: pl.Card})
						}
					}
				}
			default:
				ms = append(ms, Move{Kind: MovePlay, Card: c})
			}
		}
	}
	if s.canAttack() {
		for q := 0; q < s.n; q++ {
			if rules.Seat(q) != seat {
				ms = append(ms, Move{Kind: MoveAttack, Target: rules.Seat(q)})
			}
		}
	}
	if s.poisons(seat) > 0 {
		seen := map[int]bool{}
		for _, c := range cheapestCoins(me.Coins, len(me.Coins)) {
			if !seen[CoinValue(c)] {
				seen[CoinValue(c)] = true
				ms = append(ms, Move{Kind: MoveCure, Coin: c})
			}
		}
	}
	if s.t.Offers < MaxOffersPerTurn {
		ms = append(ms, s.legalOffers(seat)...)
	}
	if s.t.Promises < MaxPromisesPerTurn {
		for q := 0; q < s.n; q++ {
			if rules.Seat(q) != seat {
				ms = append(ms, Move{Kind: MovePromise, Target: rules.Seat(q), Words: CannedPromise})
			}
		}
	}
	return append(ms, Move{Kind: MoveEndTurn})
}

// legalOffers are simple trades with each other player: sell a Reserve card for a coin,
// buy a card for a coin, buy or sell a pledge for a coin.
func (s *State) legalOffers(seat rules.Seat) []Move {
	var ms []Move
	me := &s.p[seat]
	cheap := cheapestCoins(me.Coins, 1)
	for q := 0; q < s.n; q++ {
		to := rules.Seat(q)
		if to == seat {
			continue
		}
		other := &s.p[q]
		if len(other.Coins) > 0 {
			for _, c := range firstOfKind(me.Reserve) {
				ms = append(ms, Move{Kind: MoveOffer, Offer: &Offer{From: seat, To: to, GiveCards: []CardID{c}, AskCoins: 1}})
			}
			if me.Pledge == rules.NoSeat {
				ms = append(ms, Move{Kind: MoveOffer, Offer: &Offer{From: seat, To: to, GivePledge: true, AskCoins: 1}})
			}
		}
		if len(cheap) > 0 {
			if len(other.Reserve) > 0 {
				ms = append(ms, Move{Kind: MoveOffer, Offer: &Offer{From: seat, To: to, GiveCoins: cheap, AskCards: 1}})
			}
			if other.Pledge == rules.NoSeat {
				ms = append(ms, Move{Kind: MoveOffer, Offer: &Offer{From: seat, To: to, GiveCoins: cheap, AskPledge: true}})
			}
		}
	}
	return ms
}

// legalReplies: decline, or accept paying with the cheapest coins and (when one card is
// asked) any one design of card.
func (s *State) legalReplies(seat rules.Seat) []Move {
	o := s.offer
	ms := []Move{{Kind: MoveDecline}}
	me := &s.p[seat]
	if len(me.Coins) < o.AskCoins || len(me.Reserve) < o.AskCards {
		return ms
	}
	coins := cheapestCoins(me.Coins, o.AskCoins)
	switch o.AskCards {
	case 0:
		ms = append(ms, Move{Kind: MoveAccept, Coins: coins})
	case 1:
		for _, c := range firstOfKind(me.Reserve) {
			ms = append(ms, Move{Kind: MoveAccept, Coins: coins, Cards: []CardID{c}})
		}
	default:
		ms = append(ms, Move{Kind: MoveAccept, Coins: coins, Cards: append([]CardID(nil), me.Reserve[:o.AskCards]...)})
	}
	return ms
}

// legalProposals: a regime with each other free player and every split of the coins,
// and with each pair of other free players and an even split.
func (s *State) legalProposals(seat rules.Seat) []Move {
	e := Earning(s.n)
	var free []rules.Seat
	for _, q := range s.clockwise(seat)[1:] {
		if s.regimeOf[q] < 0 {
			free = append(free, q)
		}
	}
	var ms []Move
	add := func(r Regime) {
		if s.validRegime(seat, r) == nil {
			ms = append(ms, Move{Kind: MovePropose, Regime: &r})
		}
	}
	for _, q := range free {
		for mine := 0; mine <= e; mine++ {
			add(Regime{Members: []rules.Seat{seat, q}, Shares: []int{mine, e - mine}})
		}
	}
	for i, q := range free {
		for _, r := range free[i+1:] {
			add(Regime{Members: []rules.Seat{seat, q, r}, Shares: []int{e - 2*(e/3), e / 3, e / 3}})
		}
	}
	return ms
}
