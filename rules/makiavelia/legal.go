package makiavelia

import (
	"slices"
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
		ms = []Move{{Kind: MovePass}}
		if s.TermsLeft(seat) > 0 {
			ms = append(ms, s.legalProposals(seat)...)
		}
	case StepVote:
		ms = s.legalAnswers(seat)
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
	var best [numKinds]CardID
	for i := range best {
		best[i] = -1
	}
	for _, c := range cs {
		if b := best[KindOf(c)]; b < 0 || c < b {
			best[KindOf(c)] = c
		}
	}
	var out []CardID
	for _, c := range best {
		if c >= 0 {
			out = append(out, c)
		}
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
		for _, c := range me.Reserve {
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
		for _, c := range me.Coins {
			ms = append(ms, Move{Kind: MoveCure, Coin: c})
		}
	}
	ms = append(ms, s.legalOffers(seat)...)
	for q := 0; q < s.n; q++ {
		if rules.Seat(q) != seat && !s.t.PromisedTo[q] {
			ms = append(ms, Move{Kind: MovePromise, Target: rules.Seat(q), Words: CannedPromise})
		}
	}
	return append(ms, Move{Kind: MoveEndTurn})
}

// legalOffers are simple trades with each other player not yet offered one this turn:
// sell a Reserve card for a coin,
// buy a card for a coin, sell a pledge for a coin. Every card
// and coin is listed (not one per design or value), so that the list is exactly what
// Apply accepts among these shapes.
func (s *State) legalOffers(seat rules.Seat) []Move {
	var ms []Move
	me := &s.p[seat]
	for q := 0; q < s.n; q++ {
		to := rules.Seat(q)
		if to == seat || s.t.OfferedTo[to] {
			continue
		}
		for _, c := range me.Reserve {
			ms = append(ms, Move{Kind: MoveOffer, Offer: &Offer{From: seat, To: to, GiveCards: []CardID{c}, AskCoins: 1}})
		}
		if me.Pledge == rules.NoSeat {
			ms = append(ms, Move{Kind: MoveOffer, Offer: &Offer{From: seat, To: to, GivePledge: true, AskCoins: 1}})
		}
		for _, c := range me.Coins {
			ms = append(ms, Move{Kind: MoveOffer, Offer: &Offer{From: seat, To: to, GiveCoins: []CoinID{c}, AskCards: 1}})
		}

	}
	return ms
}

// maxReplies bounds the accepting replies listed for an unusual offer; beyond it only
// one way of paying (the cheapest coins, the first cards) is listed.
const maxReplies = 400

// legalReplies: decline, or accept paying with any choice of the coins and cards asked.
func (s *State) legalReplies(seat rules.Seat) []Move {
	o := s.offer
	ms := []Move{{Kind: MoveDecline}}
	me := &s.p[seat]
	if len(me.Coins) < o.AskCoins || len(me.Reserve) < o.AskCards {
		return ms
	}
	coinSets := combinations(me.Coins, o.AskCoins, maxReplies)
	cardSets := combinations(me.Reserve, o.AskCards, maxReplies)
	if coinSets == nil || cardSets == nil || len(coinSets)*len(cardSets) > maxReplies {
		return append(ms, Move{Kind: MoveAccept, Coins: cheapestCoins(me.Coins, o.AskCoins), Cards: append([]CardID(nil), me.Reserve[:o.AskCards]...)})
	}
	for _, coins := range coinSets {
		for _, cards := range cardSets {
			ms = append(ms, Move{Kind: MoveAccept, Coins: coins, Cards: cards})
		}
	}
	return ms
}

// combinations lists the k-element subsets of xs in order, or nil if there are more
// than limit.
func combinations[T any](xs []T, k, limit int) [][]T {
	var out [][]T
	var pick []T
	var rec func(from int) bool
	rec = func(from int) bool {
		if len(pick) == k {
			if len(out) >= limit {
				return false
			}
			if k == 0 {
				out = append(out, nil)
			} else {
				out = append(out, append([]T(nil), pick...))
			}
			return true
		}
		for i := from; i <= len(xs)-(k-len(pick)); i++ {
			pick = append(pick, xs[i])
			ok := rec(i + 1)
			pick = pick[:len(pick)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	if !rec(0) {
		return nil
	}
	return out
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

// legalAnswers: agree; refuse, unless a pledge binds the voter to the proposal and it
// may still counter; and, while it has terms left, every other split of the round's
// coins among the same members (in the same order).
func (s *State) legalAnswers(seat rules.Seat) []Move {
	ms := []Move{{Kind: MoveAgree}}
	if !s.pledgeBinds(seat) || s.TermsLeft(seat) == 0 {
		ms = append(ms, Move{Kind: MoveRefuse})
	}
	if s.TermsLeft(seat) == 0 {
		return ms
	}
	p := s.proposal
	for _, shares := range splits(Earning(s.n), len(p.Members)) {
		if !slices.Equal(shares, p.Shares) {
			ms = append(ms, Move{Kind: MoveCounter, Regime: &Regime{Members: append([]rules.Seat(nil), p.Members...), Shares: shares}})
		}
	}
	return ms
}

// splits lists every way of sharing e coins among k members, in lexicographic order.
func splits(e, k int) [][]int {
	if k == 1 {
		return [][]int{{e}}
	}
	var out [][]int
	for first := 0; first <= e; first++ {
		for _, rest := range splits(e-first, k-1) {
			out = append(out, append([]int{first}, rest...))
		}
	}
	return out
}

// withShare is a copy of r in which q's share is want, the difference taken from (or
// given to) from's share.
func (r Regime) withShare(q, from rules.Seat, want int) *Regime {
	c := cloneRegime(r)
	delta := want - r.ShareOf(q)
	for i, m := range c.Members {
		switch m {
		case q:
			c.Shares[i] = want
		case from:
			c.Shares[i] -= delta
		}
	}
	return &c
}
