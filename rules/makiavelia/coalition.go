package makiavelia

import (
	"slices"

	"principe/rules"
)

// Regime negotiation by comparing what each coalition can win. Powers are public once
// the negotiation starts, so this reads only public information.

// freeOthers lists the free players other than seat, clockwise from seat.
func (s *State) freeOthers(seat rules.Seat) []rules.Seat {
	var out []rules.Seat
	for _, q := range s.clockwise(seat)[1:] {
		if s.regimeOf[q] < 0 {
			out = append(out, q)
		}
	}
	return out
}

// bestOpposition is the highest power a unit outside the coalition can reach: formed
// regimes and single players, or the two strongest remaining free players joined.
func (s *State) bestOpposition(in []bool) int {
	best := 0
	for _, r := range s.regimes {
		p := 0
		for _, m := range r.Members {
			p += s.power[m]
		}
		best = max(best, p)
	}
	a, b := 0, 0
	for q := 0; q < s.n; q++ {
		if s.regimeOf[q] >= 0 || in[q] {
			continue
		}
		p := s.power[q]
		switch {
		case p > a:
			a, b = p, a
		case p > b:
			b = p
		}
	}
	return max(best, a+b/2)
}

// winsAlone says whether seat alone beats every other unit as things stand.
func (s *State) winsAlone(seat rules.Seat) bool {
	mine := s.power[seat]
	for _, r := range s.regimes {
		p := 0
		for _, m := range r.Members {
			p += s.power[m]
		}
		if p >= mine {
			return false
		}
	}
	for q := 0; q < s.n; q++ {
		if rules.Seat(q) != seat && s.regimeOf[q] < 0 && s.power[q] >= mine {
			return false
		}
	}
	return true
}

// coalitionProposal proposes the coalition that gives seat the most coins while
// beating the opposition, or passes when standing alone is better. careful also
// demands a margin over two opponents joining.
func (s *State) coalitionProposal(seat rules.Seat, careful bool) Move {
	e := Earning(s.n)
	if s.TermsLeft(seat) == 0 {
		return Move{Kind: MovePass}
	}
	if s.winsAlone(seat) && s.p[seat].Pledge == rules.NoSeat {
		in := make([]bool, s.n)
		in[seat] = true
		if !careful || s.power[seat] > s.bestOpposition(in) {
			return Move{Kind: MovePass}
		}
	}
	others := s.freeOthers(seat)
	if len(others) > 7 {
		others = others[:7]
	}
	// A player who wins alone refuses to share: leave them out.
	leader := -1
	for i, q := range others {
		if s.winsAlone(q) {
			leader = i
		}
	}
	var best *Regime
	bestMine, bestSize := -1, 99
	for mask := 1; mask < 1<<len(others); mask++ {
		if leader >= 0 && mask&(1<<leader) != 0 {
			continue
		}
		in := make([]bool, s.n)
		in[seat] = true
		members := []rules.Seat{seat}
		power := s.power[seat]
		for i, q := range others {
			if mask&(1<<i) != 0 {
				in[q] = true
				members = append(members, q)
				power += s.power[q]
			}
		}
		if power <= s.bestOpposition(in) {
			continue
		}
		shares := s.fairShares(members, e)
		mine := shares[0]
		if mine > bestMine || (mine == bestMine && len(members) < bestSize) {
			r := Regime{Members: members, Shares: shares}
			if s.validRegime(seat, r) != nil || s.wasRefused(r) {
				continue
			}
			best, bestMine, bestSize = &r, mine, len(members)
		}
	}
	if best == nil || bestMine == 0 {
		return Move{Kind: MovePass}
	}
	return Move{Kind: MovePropose, Regime: best}
}

// fairShares splits e coins by power, at least one coin to each partner when there
// are enough, the remainder to the proposer (members[0]).
func (s *State) fairShares(members []rules.Seat, e int) []int {
	total := 0
	for _, m := range members {
		total += s.power[m]
	}
	shares := make([]int, len(members))
	given := 0
	for i := 1; i < len(members); i++ {
		sh := 0
		if total > 0 {
			sh = e * s.power[members[i]] / total
		}
		if sh == 0 && given+1 < e {
			sh = 1
		}
		if given+sh > e {
			sh = e - given
		}
		shares[i] = sh
		given += sh
	}
	shares[0] = e - given
	return shares
}

// fairShare is q's share of the round's coins split by power among members (rounded
// down, at least one coin when there are enough for everyone).
func (s *State) fairShare(members []rules.Seat, q rules.Seat) int {
	e, total := Earning(s.n), 0
	for _, m := range members {
		total += s.power[m]
	}
	sh := 0
	if total > 0 {
		sh = e * s.power[q] / total
	}
	if sh == 0 && e >= len(members) {
		sh = 1
	}
	return sh
}

// coalitionVote answers the terms on the table. It counters, while it may, when its
// share is below its fair share (by power) of a regime that would win; it refuses a
// share of nothing, a losing regime that pays little, and any regime when it wins
// alone; otherwise it agrees. A pledge that binds it to the proposal leaves it agree or
// counter.
func (s *State) coalitionVote(seat rules.Seat) Move {
	r := s.proposal
	e := Earning(s.n)
	mine := r.ShareOf(seat)
	in := make([]bool, s.n)
	power := 0
	for _, m := range r.Members {
		in[m] = true
		power += s.power[m]
	}
	wins := power > s.bestOpposition(in)
	bound := s.pledgeBinds(seat) && s.TermsLeft(seat) > 0
	if fair := s.fairShare(r.Members, seat); mine < fair && (wins || bound) && s.TermsLeft(seat) > 0 {
		want := min(fair, mine+r.ShareOf(s.author))
		if want > mine {
			return Move{Kind: MoveCounter, Regime: r.withShare(seat, s.author, want)}
		}
	}
	if bound {
		return Move{Kind: MoveAgree}
	}
	if mine == 0 {
		return Move{Kind: MoveRefuse}
	}
	if s.winsAlone(seat) {
		alone := make([]bool, s.n)
		alone[seat] = true
		if s.power[seat] > s.bestOpposition(alone) || mine < e {
			return Move{Kind: MoveRefuse}
		}
	}
	if !wins && mine*2 < e {
		return Move{Kind: MoveRefuse}
	}
	return Move{Kind: MoveAgree}
}

// expertVote answers as coalitionVote does, but when it would join a winning regime it
// first asks, while it may, for what the author holds beyond the author's own share by
// power: a greedy author still agrees, as its fair share is left.
func (s *State) expertVote(seat rules.Seat) Move {
	m := s.coalitionVote(seat)
	r := s.proposal
	if m.Kind == MoveRefuse || s.TermsLeft(seat) == 0 {
		return m
	}
	in := make([]bool, s.n)
	power := 0
	for _, q := range r.Members {
		in[q] = true
		power += s.power[q]
	}
	if power <= s.bestOpposition(in) {
		return m
	}
	asked := r.ShareOf(seat)
	if m.Kind == MoveCounter {
		asked = m.Regime.ShareOf(seat)
	}
	excess := r.ShareOf(s.author) - s.fairShare(r.Members, s.author)
	if want := r.ShareOf(seat) + excess; want > asked {
		return Move{Kind: MoveCounter, Regime: r.withShare(seat, s.author, want)}
	}
	return m
}

// wasRefused says whether the same members with the same shares were refused this
// negotiation: proposing them again would only be refused again.
func (s *State) wasRefused(r Regime) bool {
	for _, x := range s.refused {
		if slices.Equal(x.Members, r.Members) && slices.Equal(x.Shares, r.Shares) {
			return true
		}
	}
	return false
}
