package makiavelia

import (
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
			if s.validRegime(seat, r) != nil {
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

// coalitionVote agrees when the share is worth having: the regime would win, the share
// is positive, and standing alone would not win.
func (s *State) coalitionVote(seat rules.Seat) Move {
	r := s.proposal
	mine := 0
	in := make([]bool, s.n)
	power := 0
	for i, m := range r.Members {
		in[m] = true
		power += s.power[m]
		if m == seat {
			mine = r.Shares[i]
		}
	}
	if mine == 0 {
		return Move{Kind: MoveRefuse}
	}
	if s.winsAlone(seat) {
		alone := make([]bool, s.n)
		alone[seat] = true
		if s.power[seat] > s.bestOpposition(alone) || mine < Earning(s.n) {
			return Move{Kind: MoveRefuse}
		}
	}
	if power <= s.bestOpposition(in) && mine*2 < Earning(s.n) {
		return Move{Kind: MoveRefuse}
	}
	return Move{Kind: MoveAgree}
}
