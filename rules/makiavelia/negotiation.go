package makiavelia

import (
	"errors"
	"fmt"
	"slices"
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
	s.regimeOf = make([]int, s.n)
	for i := range s.regimeOf {
		s.regimeOf[i] = -1
	}
	s.regimes = s.regimes[:0]
	s.terms = make([]int, s.n)
	s.refused = nil
	s.passes = 0
	s.speaker = s.first
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
		st += s.cemeteryArmies(pl.By)
	}
	return st
}

// cemeteryArmies is the number of armies in q's Cemetery.
func (s *State) cemeteryArmies(q rules.Seat) int {
	n := 0
	for _, c := range s.p[q].Cemetery {
		if Cards[KindOf(c)].Type == Army {
			n++
		}
	}
	return n
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

// MaxTerms is how many times a player may put terms on the table in one negotiation
// (a proposal, a revised proposal or a counter-share), so that every negotiation ends.
const MaxTerms = 3

// TermsLeft is how many more proposals or counters seat may make this negotiation.
func (s *State) TermsLeft(seat rules.Seat) int {
	if s.terms == nil || !s.validSeat(seat) {
		return MaxTerms
	}
	return max(0, MaxTerms-s.terms[seat])
}

// freePlayers is the number of players not yet in a regime.
func (s *State) freePlayers() int {
	n := 0
	for _, r := range s.regimeOf {
		if r < 0 {
			n++
		}
	}
	return n
}

func (s *State) doPropose(seat rules.Seat, m Move, log *events) error {
	switch m.Kind {
	case MovePass:
		log.add(ev(EvPass, seat))
		s.passes++
		s.nextSpeaker(seat, log)
		return nil
	case MovePropose:
		if m.Regime == nil {
			return errors.New("a proposal names the members and their shares")
		}
		if s.TermsLeft(seat) == 0 {
			return fmt.Errorf("you have made your %d proposals this negotiation: pass", MaxTerms)
		}
		r := cloneRegime(*m.Regime)
		if err := s.validRegime(seat, r); err != nil {
			return err
		}
		s.terms[seat]++
		s.putOnTable(seat, r, EvPropose, log)
		return nil
	}
	return wrongStep(m, "propose a regime or pass")
}

// putOnTable makes r, from author, the terms on the table: every other member answers,
// clockwise from the author. It is a change, so the passes start again.
func (s *State) putOnTable(author rules.Seat, r Regime, kind EventKind, log *events) {
	s.proposal, s.author, s.passes = &r, author, 0
	e := ev(kind, author)
	e.Regime = &r
	log.add(e)
	s.voters = s.voters[:0]
	for _, q := range s.clockwise(author)[1:] {
		if r.hasMember(q) {
			s.voters = append(s.voters, q)
		}
	}
	s.step = StepVote
	s.autoVotes(log)
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

// ShareOf is q's share in r (0 when q is not a member).
func (r Regime) ShareOf(q rules.Seat) int {
	for i, m := range r.Members {
		if m == q && i < len(r.Shares) {
			return r.Shares[i]
		}
	}
	return 0
}

// pledgeBinds says whether q's pledge binds it to the proposal on the table: q pledged
// to join a member of it. It may then agree or counter, not refuse, while it has terms left.
func (s *State) pledgeBinds(q rules.Seat) bool {
	h := s.p[q].Pledge
	return h != rules.NoSeat && s.proposal.hasMember(h)
}

// pledgeForbids says whether q's pledge forbids it the proposal on the table: q pledged
// to join someone who is not a member.
func (s *State) pledgeForbids(q rules.Seat) bool {
	h := s.p[q].Pledge
	return h != rules.NoSeat && !s.proposal.hasMember(h)
}

// autoVotes refuses for a voter whose pledge forbids the proposal (the only answer it
// may give), and forms the regime once every member has agreed.
func (s *State) autoVotes(log *events) {
	for s.step == StepVote && len(s.voters) > 0 && s.pledgeForbids(s.voters[0]) {
		s.refuse(s.voters[0], log)
	}
	if s.step == StepVote && len(s.voters) == 0 {
		s.formRegime(log)
	}
}

func (s *State) refuse(q rules.Seat, log *events) {
	log.add(ev(EvRefuse, q))
	s.refused = append(s.refused, cloneRegime(*s.proposal))
	s.voters, s.proposal, s.author = s.voters[:0], nil, rules.NoSeat
	s.nextSpeaker(s.speaker, log)
}

func (s *State) formRegime(log *events) {
	r := *s.proposal
	s.regimes = append(s.regimes, r)
	for _, mb := range r.Members {
		s.regimeOf[mb] = len(s.regimes) - 1
	}
	e := ev(EvRegime, s.author)
	e.Regime = &r
	log.add(e)
	s.proposal, s.author, s.passes = nil, rules.NoSeat, 0
	s.nextSpeaker(s.speaker, log)
}

func (s *State) doVote(seat rules.Seat, m Move, log *events) error {
	switch m.Kind {
	case MoveAgree:
		log.add(ev(EvAgree, seat))
		s.voters = s.voters[1:]
		s.autoVotes(log)
		return nil
	case MoveRefuse:
		if s.pledgeBinds(seat) && s.TermsLeft(seat) > 0 {
			return fmt.Errorf("you pledged to join seat %d's regime: agree, or counter with the share you want", s.p[seat].Pledge)
		}
		s.refuse(seat, log)
		return nil
	case MoveCounter:
		if m.Regime == nil {
			return errors.New("a counter names every member's share")
		}
		if s.TermsLeft(seat) == 0 {
			return fmt.Errorf("you have put terms on the table %d times this negotiation: agree or refuse", MaxTerms)
		}
		r := cloneRegime(*m.Regime)
		if err := s.validCounter(seat, r); err != nil {
			return err
		}
		s.terms[seat]++
		s.putOnTable(seat, r, EvCounter, log)
		return nil
	}
	if s.pledgeBinds(seat) && s.TermsLeft(seat) > 0 {
		return wrongStep(m, "agree to the proposed regime or counter with your share")
	}
	return wrongStep(m, "agree to the proposed regime, refuse it or counter with your share")
}

// validCounter: the same members as the proposal on the table, other shares.
func (s *State) validCounter(seat rules.Seat, r Regime) error {
	p := s.proposal
	if !slices.Equal(r.Members, p.Members) {
		return errors.New("a counter names the proposal's members, in its order, with other shares")
	}
	if err := s.validRegime(seat, r); err != nil {
		return err
	}
	same := true
	for _, mb := range r.Members {
		same = same && r.ShareOf(mb) == p.ShareOf(mb)
	}
	if same {
		return errors.New("a counter changes the shares: to accept them, agree")
	}
	return nil
}

// nextSpeaker gives the word to the next free player clockwise after from, or settles
// the round when every free player has passed since the last change (or fewer than two
// players are free to join).
func (s *State) nextSpeaker(from rules.Seat, log *events) {
	s.step = StepPropose
	if free := s.freePlayers(); free < 2 || s.passes >= free {
		s.settleRound(log)
		return
	}
	q := from
	for {
		q = rules.Seat((int(q) + 1) % s.n)
		if s.regimeOf[q] < 0 {
			break
		}
	}
	s.speaker = q
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
		unpaid := 0
		for _, q := range s.clockwise(s.first) {
			for i, mb := range win.members {
				if mb == q {
					unpaid += s.earn(q, win.shares[i], log)
				}
			}
		}
		if unpaid > 0 {
			e := ev(EvDryTreasury, rules.NoSeat)
			e.Value = unpaid
			log.add(e)
		}
	}
	s.endRound(log)
}

// earn draws n random coins from the Treasury for seat, and says how many it could
// not draw because the bag is empty.
func (s *State) earn(seat rules.Seat, n int, log *events) (unpaid int) {
	for ; n > 0; n-- {
		if len(s.bag) == 0 {
			return n
		}
		j := s.rng.Intn(len(s.bag))
		c := s.bag[j]
		s.bag = removeAt(s.bag, j)
		s.p[seat].Coins = append(s.p[seat].Coins, c)
		e := ev(EvCoin, seat)
		e.Coin, e.Only = c, seat
		log.add(e)
	}
	return 0
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
	s.speaker, s.author, s.passes, s.terms, s.refused = rules.NoSeat, rules.NoSeat, 0, nil, nil
	for i := range s.regimeOf {
		s.regimeOf[i] = -1
	}
	s.first = rules.Seat((int(s.first) + s.n - 1) % s.n) // to the right
	log.add(ev(EvFirstPlayer, s.first))
	if s.emptied {
		s.gameOver(log)
		return
	}
	if s.round >= MaxRounds {
		// The rulebook has no cap: the game has gone on for MaxRounds without emptying
		// the Market (nobody drew). It ends here, and says so.
		s.capped = true
		e := ev(EvRoundCap, rules.NoSeat)
		e.Value = s.round
		log.add(e)
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
