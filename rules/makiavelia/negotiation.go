package makiavelia

import (
	"errors"
	"fmt"
	"sort"

	"principe/rules"
)

// clockwise lists every seat from start, clockwise.
func (s *State) clockwise(start rules.Seat) []rules.Seat {
	out := make([]rules.Seat, s.n)
	for i := range out {
		out[i] = rules.Seat((int(start) + i) % s.n)
	}
	return out
}

func (s *State) startNegotiation(log *events) {
	s.hospitals = s.hospitals[:0]
	for _, q := range s.clockwise(s.first) {
		for _, pl := range s.p[q].City {
			if KindOf(pl.Card) == Hospital && pl.By == q {
				s.hospitals = append(s.hospitals, hospitalTurn{Seat: q, Card: pl.Card})
			}
		}
	}
	s.nextHospital(log)
}

func (s *State) anyWoundedArmy() bool {
	for _, p := range s.p {
		for _, pl := range p.City {
			if pl.Wounds > 0 && Cards[KindOf(pl.Card)].Type == Army {
				return true
			}
		}
	}
	return false
}

// nextHospital asks the next Hospital owner, or moves on to damage resolution.
func (s *State) nextHospital(log *events) {
	if len(s.hospitals) > 0 && s.anyWoundedArmy() {
		s.step = StepHospital
		return
	}
	s.hospitals = s.hospitals[:0]
	s.resolveDamage(log)
	s.computePower(log)
	s.proposers = s.clockwise(s.first)
	s.regimeOf = make([]int, s.n)
	for i := range s.regimeOf {
		s.regimeOf[i] = -1
	}
	s.regimes = s.regimes[:0]
	s.step = StepPropose
}

func (s *State) doHospital(seat rules.Seat, m Move, log *events) error {
	switch m.Kind {
	case MovePass:
	case MoveHeal:
		owner, j := s.findPlaced(m.TargetCard)
		if owner == rules.NoSeat || Cards[KindOf(m.TargetCard)].Type != Army {
			return errors.New("a Hospital heals an army in play")
		}
		if s.p[owner].City[j].Wounds == 0 {
			return fmt.Errorf("%s has no wounds", cardName(m.TargetCard))
		}
		s.p[owner].City[j].Wounds = 0
		e := ev(EvHeal, seat)
		e.Target, e.TargetCard = owner, m.TargetCard
		log.add(e)
	default:
		return wrongStep(m, "your Hospital may heal one army (heal) or not (pass)")
	}
	s.hospitals = s.hospitals[1:]
	s.nextHospital(log)
	return nil
}

// strength is a card's strength now (Memorial counts the armies in its owner's Cemetery).
func (s *State) strength(pl Placed) int {
	k := KindOf(pl.Card)
	st := Cards[k].Strength
	if k == Memorial {
		for _, c := range s.p[pl.By].Cemetery {
			if Cards[KindOf(c)].Type == Army {
				st++
			}
		}
	}
	return st
}

// resolveDamage buries every army and building whose wounds reach its strength, then
// clears the wounds of the survivors.
func (s *State) resolveDamage(log *events) {
	type loss struct {
		seat rules.Seat
		card CardID
	}
	var dead []loss
	for i := range s.p {
		keep := s.p[i].City[:0:0]
		for _, pl := range s.p[i].City {
			if pl.Wounds > 0 && pl.Wounds >= s.strength(pl) {
				dead = append(dead, loss{pl.By, pl.Card})
				continue
			}
			pl.Wounds = 0
			keep = append(keep, pl)
		}
		s.p[i].City = keep
	}
	for _, d := range dead {
		s.bury(d.card, d.seat, log)
	}
}

// computePower sums strengths, then applies Coup, Propaganda and Beggar in the order
// they were played.
func (s *State) computePower(log *events) {
	s.power = make([]int, s.n)
	var mods []Placed
	for i := range s.p {
		for _, pl := range s.p[i].City {
			switch KindOf(pl.Card) {
			case Coup, Propaganda, Beggar:
				mods = append(mods, pl)
			}
			if Cards[KindOf(pl.Card)].Type != Influence {
				s.power[i] += s.strength(pl)
			}
		}
	}
	sort.Slice(mods, func(a, b int) bool { return mods[a].Order < mods[b].Order })
	for _, pl := range mods {
		switch KindOf(pl.Card) {
		case Coup:
			target, _ := s.findPlaced(pl.Card)
			amt := 1
			for _, x := range s.p[pl.By].City {
				if Cards[KindOf(x.Card)].Type == Army {
					amt++
				}
			}
			amt = min(amt, s.power[target])
			s.power[target] -= amt
			s.power[pl.By] += amt
		case Propaganda:
			s.power[pl.By] += 2 * s.propagandaBuildings(pl.By)
		case Beggar:
			for i := range s.p {
				if rules.Seat(i) != pl.By && len(s.p[i].Coins) > len(s.p[pl.By].Coins) {
					s.power[pl.By] += 2
				}
			}
		}
	}
	e := ev(EvPower, rules.NoSeat)
	e.Values = append([]int(nil), s.power...)
	log.add(e)
}

// propagandaBuildings is the number of buildings q has in play as Propaganda counts
// them: a Palace counts twice.
func (s *State) propagandaBuildings(q rules.Seat) int {
	n := 0
	for _, pl := range s.p[q].City {
		switch {
		case KindOf(pl.Card) == Palace:
			n += 2
		case Cards[KindOf(pl.Card)].Type == Building:
			n++
		}
	}
	return n
}

// Power is each seat's power this negotiation (nil during the action phase).
func (s *State) Power() []int { return append([]int(nil), s.power...) }

func (s *State) doPropose(seat rules.Seat, m Move, log *events) error {
	switch m.Kind {
	case MovePass:
		s.nextProposer(log)
		return nil
	case MovePropose:
		if m.Regime == nil {
			return errors.New("a proposal names the members and their shares")
		}
		r := cloneRegime(*m.Regime)
		if err := s.validRegime(seat, r); err != nil {
			return err
		}
		s.proposal = &r
		e := ev(EvPropose, seat)
		e.Regime = &r
		log.add(e)
		s.voters = s.voters[:0]
		for _, q := range s.clockwise(seat)[1:] {
			for _, mb := range r.Members {
				if mb == q {
					s.voters = append(s.voters, q)
				}
			}
		}
		s.step = StepVote
		s.autoVotes(log)
		return nil
	}
	return wrongStep(m, "propose a regime or pass")
}

func (s *State) validRegime(seat rules.Seat, r Regime) error {
	if len(r.Members) < 2 {
		return errors.New("a regime needs at least two players")
	}
	if len(r.Shares) != len(r.Members) {
		return errors.New("give every member of the regime a share")
	}
	has, sum := false, 0
	for i, mb := range r.Members {
		if !s.validSeat(mb) {
			return fmt.Errorf("there is no seat %d", mb)
		}
		for _, x := range r.Members[:i] {
			if x == mb {
				return fmt.Errorf("seat %d is named twice", mb)
			}
		}
		if s.regimeOf[mb] >= 0 {
			return fmt.Errorf("seat %d is already in a regime", mb)
		}
		if r.Shares[i] < 0 {
			return errors.New("a share cannot be negative")
		}
		sum += r.Shares[i]
		has = has || mb == seat
	}
	if !has {
		return errors.New("you must be a member of the regime you propose")
	}
	if e := Earning(s.n); sum != e {
		return fmt.Errorf("the shares must add up to the round's %d coins, not %d", e, sum)
	}
	if h := s.p[seat].Pledge; h != rules.NoSeat && !r.hasMember(h) {
		return fmt.Errorf("you pledged to join seat %d's regime: include them", h)
	}
	return nil
}

func (r Regime) hasMember(q rules.Seat) bool {
	for _, m := range r.Members {
		if m == q {
			return true
		}
	}
	return false
}

// autoVotes answers for pledged voters: they agree if their holder is a member and
// refuse otherwise.
func (s *State) autoVotes(log *events) {
	for s.step == StepVote && len(s.voters) > 0 {
		q := s.voters[0]
		h := s.p[q].Pledge
		if h == rules.NoSeat {
			return
		}
		if s.proposal.hasMember(h) {
			s.agree(q, log)
		} else {
			s.refuse(q, log)
		}
	}
	if s.step == StepVote && len(s.voters) == 0 {
		s.formRegime(log)
	}
}

func (s *State) agree(q rules.Seat, log *events) {
	log.add(ev(EvAgree, q))
	s.voters = s.voters[1:]
}

func (s *State) refuse(q rules.Seat, log *events) {
	log.add(ev(EvRefuse, q))
	s.voters, s.proposal = s.voters[:0], nil
	s.nextProposer(log)
}

func (s *State) formRegime(log *events) {
	r := *s.proposal
	s.regimes = append(s.regimes, r)
	for _, mb := range r.Members {
		s.regimeOf[mb] = len(s.regimes) - 1
	}
	e := ev(EvRegime, s.proposers[0])
	e.Regime = &r
	log.add(e)
	s.proposal = nil
	s.nextProposer(log)
}

func (s *State) doVote(seat rules.Seat, m Move, log *events) error {
	switch m.Kind {
	case MoveAgree:
		if h := s.p[seat].Pledge; h != rules.NoSeat && !s.proposal.hasMember(h) {
			return fmt.Errorf("you pledged to join seat %d's regime", h)
		}
		s.agree(seat, log)
		s.autoVotes(log)
		return nil
	case MoveRefuse:
		if h := s.p[seat].Pledge; h != rules.NoSeat && s.proposal.hasMember(h) {
			return fmt.Errorf("you pledged to join seat %d's regime", h)
		}
		s.refuse(seat, log)
		return nil
	}
	return wrongStep(m, "agree to the proposed regime or refuse it")
}

// nextProposer moves to the next free player who has not spoken, or settles the round.
func (s *State) nextProposer(log *events) {
	s.step = StepPropose
	s.proposers = s.proposers[1:]
	for len(s.proposers) > 0 && s.regimeOf[s.proposers[0]] >= 0 {
		s.proposers = s.proposers[1:]
	}
	if len(s.proposers) == 0 {
		s.settleRound(log)
	}
}

// unit is a player alone or a regime competing for the round's coins.
type unit struct {
	members []rules.Seat
	shares  []int
	power   int
}

func (s *State) units() []unit {
	var us []unit
	for _, r := range s.regimes {
		u := unit{members: r.Members, shares: r.Shares}
		for _, m := range r.Members {
			u.power += s.power[m]
		}
		us = append(us, u)
	}
	for i := 0; i < s.n; i++ {
		if s.regimeOf[i] < 0 {
			us = append(us, unit{members: []rules.Seat{rules.Seat(i)}, shares: []int{Earning(s.n)}, power: s.power[i]})
		}
	}
	return us
}

func (s *State) settleRound(log *events) {
	us := s.units()
	best, count := -1, 0
	var win unit
	for _, u := range us {
		switch {
		case u.power > best:
			best, count, win = u.power, 1, u
		case u.power == best:
			count++
		}
	}
	if count > 1 {
		e := ev(EvTie, rules.NoSeat)
		e.Value = best
		log.add(e)
	} else {
		e := ev(EvVictory, rules.NoSeat)
		e.Seats, e.Value, e.Values = win.members, best, win.shares
		log.add(e)
		for _, q := range s.clockwise(s.first) {
			for i, mb := range win.members {
				if mb == q {
					s.earn(q, win.shares[i], log)
				}
			}
		}
	}
	s.endRound(log)
}

// earn draws n random coins from the Treasury for seat.
func (s *State) earn(seat rules.Seat, n int, log *events) {
	for ; n > 0; n-- {
		if len(s.bag) == 0 {
			log.add(ev(EvDryTreasury, rules.NoSeat))
			return
		}
		j := s.rng.Intn(len(s.bag))
		c := s.bag[j]
		s.bag = removeAt(s.bag, j)
		s.p[seat].Coins = append(s.p[seat].Coins, c)
		e := ev(EvCoin, seat)
		e.Coin, e.Only = c, seat
		log.add(e)
	}
}

func (s *State) endRound(log *events) {
	for i := range s.p {
		keep := s.p[i].City[:0:0]
		var gone []Placed
		for _, pl := range s.p[i].City {
			switch KindOf(pl.Card) {
			case Coup, Propaganda, Beggar:
				gone = append(gone, pl)
			default:
				keep = append(keep, pl)
			}
		}
		s.p[i].City = keep
		for _, pl := range gone {
			s.bury(pl.Card, pl.By, log)
		}
		s.p[i].Pledge = rules.NoSeat
	}
	s.regimes, s.proposal, s.power, s.promises = nil, nil, nil, nil
	for i := range s.regimeOf {
		s.regimeOf[i] = -1
	}
	s.first = rules.Seat((int(s.first) + s.n - 1) % s.n) // to the right
	log.add(ev(EvFirstPlayer, s.first))
	if s.emptied || len(s.bag) == 0 || s.round >= MaxRounds {
		s.gameOver(log)
		return
	}
	s.round++
	s.turns = 0
	e := ev(EvRound, rules.NoSeat)
	e.Value = s.round
	log.add(e)
	s.startTurn(s.first, log)
}

func (s *State) gameOver(log *events) {
	s.step = StepOver
	best := -1
	for i := range s.p {
		v := s.treasure(rules.Seat(i))
		e := ev(EvReveal, rules.Seat(i))
		e.Value = v
		for _, c := range s.p[i].Coins {
			e.Values = append(e.Values, CoinValue(c))
		}
		log.add(e)
		switch {
		case v > best:
			best, s.winners = v, []rules.Seat{rules.Seat(i)}
		case v == best:
			s.winners = append(s.winners, rules.Seat(i))
		}
	}
	e := ev(EvGameOver, rules.NoSeat)
	e.Seats = append([]rules.Seat(nil), s.winners...)
	log.add(e)
}
