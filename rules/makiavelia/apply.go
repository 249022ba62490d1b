package makiavelia

import (
	"errors"
	"fmt"

	"principe/rules"
)

// Apply performs a for seat. An illegal action returns an error saying why and leaves
// the state exactly as it was.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if s.step == StepOver {
		return nil, errors.New("the game is over")
	}
	if seat != s.ToAct() {
		return nil, fmt.Errorf("%w: seat %d is to act, not seat %d", rules.ErrNotYourTurn, s.ToAct(), seat)
	}
	var m Move
	switch v := a.(type) {
	case Move:
		m = v
	case *Move:
		if v == nil {
			return nil, errors.New("no move given")
		}
		m = *v
	default:
		return nil, fmt.Errorf("%v is not a Makiavelia move", a)
	}
	c := s.clone()
	evs, err := c.do(seat, m)
	if err != nil {
		return nil, err
	}
	*s = *c
	out := make([]rules.Event, len(evs))
	for i, e := range evs {
		out[i] = e
	}
	return out, nil
}

// do applies m on s (a scratch copy: it may be left half-changed on error).
func (s *State) do(seat rules.Seat, m Move) ([]Event, error) {
	var log events
	err := s.doLogged(seat, m, &log)
	return log, err
}

// doLogged applies m, adding the events to log (nil: no events, for playouts).
func (s *State) doLogged(seat rules.Seat, m Move, log *events) error {
	switch s.step {
	case StepTurn:
		return s.doTurn(seat, m, log)
	case StepWounds:
		return s.doWounds(seat, m, log)
	case StepTraitor:
		return s.doTraitor(seat, m, log)
	case StepPick:
		return s.doPick(seat, m, log)
	case StepOffer:
		return s.doOfferReply(seat, m, log)
	case StepHospital:
		return s.doHospital(seat, m, log)
	case StepPropose:
		return s.doPropose(seat, m, log)
	case StepVote:
		return s.doVote(seat, m, log)
	}
	return nil
}

type events []Event

// add records an event; a nil log records nothing.
func (l *events) add(e Event) {
	if l != nil {
		*l = append(*l, e)
	}
}

func wrongStep(m Move, what string) error {
	return fmt.Errorf("you cannot %s now: %s", m.Kind, what)
}

// ---- the turn ----

func (s *State) startTurn(seat rules.Seat, log *events) {
	s.t = turn{Seat: seat}
	s.step = StepTurn
	if log != nil {
		log.add(ev(EvTurn, seat))
	}
}

func (s *State) countIn(seat rules.Seat, k Kind, ownOnly bool) int {
	n := 0
	for _, pl := range s.p[seat].City {
		if KindOf(pl.Card) == k && (!ownOnly || pl.By == seat) {
			n++
		}
	}
	return n
}

// poisons is the number of Poison cards on seat.
func (s *State) poisons(seat rules.Seat) int { return s.countIn(seat, Poison, false) }

func (s *State) basicAllowed() int {
	n := 2 - s.poisons(s.t.Seat)
	if n < 0 {
		n = 0
	}
	return n
}

func (s *State) basicsUsed() int {
	n := 0
	for _, b := range []bool{s.t.UsedDraw, s.t.UsedPlay, s.t.UsedAttack} {
		if b {
			n++
		}
	}
	return n
}

// actionLeft says whether the active player still has an action of a type: an
// additional one from its cards, or the basic one if unused and allowed.
func (s *State) actionLeft(extraUsed int, grantor Kind, basicUsed bool) bool {
	if extraUsed < s.countIn(s.t.Seat, grantor, true) {
		return true
	}
	return !basicUsed && s.basicsUsed() < s.basicAllowed()
}

func (s *State) canDraw() bool {
	return len(s.market) > 0 && s.actionLeft(s.t.ExtraDraws, Library, s.t.UsedDraw)
}
func (s *State) canPlay() bool {
	return len(s.p[s.t.Seat].Reserve) > 0 && s.actionLeft(s.t.ExtraPlays, Factory, s.t.UsedPlay)
}
func (s *State) canAttack() bool {
	return s.firepower(s.t.Seat) > 0 && s.actionLeft(s.t.ExtraAttacks, General, s.t.UsedAttack)
}

// use spends an additional action first (they fit only one type), else the basic one.
func (s *State) use(extraUsed *int, grantor Kind, basicUsed *bool) {
	if *extraUsed < s.countIn(s.t.Seat, grantor, true) {
		*extraUsed++
		return
	}
	*basicUsed = true
}

func (s *State) firepower(seat rules.Seat) int {
	f := 0
	for _, pl := range s.p[seat].City {
		if pl.By == seat {
			f += Cards[KindOf(pl.Card)].Firepower
		}
	}
	return f
}

func (s *State) doTurn(seat rules.Seat, m Move, log *events) error {
	switch m.Kind {
	case MoveDraw:
		if len(s.market) == 0 {
			return errors.New("the Market is empty")
		}
		if !s.canDraw() {
			return errors.New("you have no Draw action left this turn")
		}
		s.use(&s.t.ExtraDraws, Library, &s.t.UsedDraw)
		s.draw(seat, log)
		return nil
	case MovePlay:
		return s.play(seat, m, log)
	case MoveAttack:
		return s.attack(seat, m.Target, log)
	case MoveCure:
		return s.cure(seat, m.Coin, log)
	case MoveOffer:
		return s.makeOffer(seat, m.Offer, log)
	case MovePromise:
		return s.promise(seat, m.Target, m.Words, log)
	case MoveEndTurn:
		s.endTurn(log)
		return nil
	}
	return wrongStep(m, "it is your turn: draw, play, attack, cure, offer, promise or end your turn")
}

func (s *State) draw(seat rules.Seat, log *events) bool {
	if len(s.market) == 0 {
		return false
	}
	c := s.market[len(s.market)-1]
	s.market = s.market[:len(s.market)-1]
	s.p[seat].Reserve = append(s.p[seat].Reserve, c)
	if len(s.market) == 0 {
		s.emptied = true
	}
	e := ev(EvDraw, seat)
	e.Card, e.Only = c, seat
	log.add(e)
	return true
}

func (s *State) validSeat(t rules.Seat) bool { return t >= 0 && int(t) < s.n }

func reserveIndex(r []CardID, c CardID) int {
	for i, x := range r {
		if x == c {
			return i
		}
	}
	return -1
}

// removeAt removes xs[i] in place, keeping the order.
func removeAt[T any](xs []T, i int) []T {
	copy(xs[i:], xs[i+1:])
	return xs[:len(xs)-1]
}

// findPlaced locates a card in play: whose City and where.
func (s *State) findPlaced(c CardID) (rules.Seat, int) {
	for i := range s.p {
		for j, pl := range s.p[i].City {
			if pl.Card == c {
				return rules.Seat(i), j
			}
		}
	}
	return rules.NoSeat, -1
}

func (s *State) play(seat rules.Seat, m Move, log *events) error {
	if !validCard(m.Card) {
		return fmt.Errorf("there is no card #%d", m.Card)
	}
	idx := reserveIndex(s.p[seat].Reserve, m.Card)
	if idx < 0 {
		return fmt.Errorf("%s is not in your Reserve", cardName(m.Card))
	}
	if !s.canPlay() {
		return errors.New("you have no Play action left this turn")
	}
	info := Cards[KindOf(m.Card)]
	target, targetCard := rules.NoSeat, CardID(-1)
	switch info.Target {
	case TargetPlayer:
		if !s.validSeat(m.Target) || m.Target == seat {
			return fmt.Errorf("%s must target another player", info.Name)
		}
		target = m.Target
	case TargetBuilding:
		owner, _ := s.findPlaced(m.TargetCard)
		if owner == rules.NoSeat || Cards[KindOf(m.TargetCard)].Type != Building {
			return fmt.Errorf("%s must target a building in play", info.Name)
		}
		if owner == seat {
			return fmt.Errorf("%s must target a building in another player's City", info.Name)
		}
		target, targetCard = owner, m.TargetCard
	}
	s.p[seat].Reserve = removeAt(s.p[seat].Reserve, idx)
	s.use(&s.t.ExtraPlays, Factory, &s.t.UsedPlay)
	s.seq++
	s.playing = Placed{Card: m.Card, By: seat, Order: s.seq}
	s.playTarget, s.playTargetCrd = target, targetCard
	e := ev(EvPlay, seat)
	e.Card, e.Target, e.TargetCard = m.Card, target, targetCard
	log.add(e)
	s.traitorAsk = s.traitorAsk[:0]
	for i := 1; i < s.n; i++ {
		q := rules.Seat((int(seat) + i) % s.n)
		if s.countIn(q, Traitor, true) > 0 {
			s.traitorAsk = append(s.traitorAsk, q)
		}
	}
	if len(s.traitorAsk) > 0 {
		s.step = StepTraitor
		return nil
	}
	s.resolvePlay(log)
	return nil
}

func (s *State) bury(card CardID, owner rules.Seat, log *events) {
	s.p[owner].Cemetery = append(s.p[owner].Cemetery, card)
	e := ev(EvBury, owner)
	e.Card = card
	log.add(e)
}

// resolvePlay resolves the card being played (no Traitor cancelled it).
func (s *State) resolvePlay(log *events) {
	pl, seat := s.playing, s.playing.By
	s.step = StepTurn
	k := KindOf(pl.Card)
	switch k {
	case Poison, Coup:
		s.p[s.playTarget].City = append(s.p[s.playTarget].City, pl)
	case Bribery:
		s.bury(pl.Card, seat, log)
		if len(s.market) > 0 {
			s.step, s.pickFrom = StepPick, rules.NoSeat
		}
	case Spy:
		s.bury(pl.Card, seat, log)
		if len(s.p[s.playTarget].Reserve) > 0 {
			s.step, s.pickFrom = StepPick, s.playTarget
		}
	case Sabotage:
		if owner, j := s.findPlaced(s.playTargetCrd); owner != rules.NoSeat {
			s.wound(seat, owner, j, SabotageWounds, log)
		}
		s.bury(pl.Card, seat, log)
	case Plague:
		for i := range s.p {
			if rules.Seat(i) == seat {
				continue
			}
			for j, x := range s.p[i].City {
				if Cards[KindOf(x.Card)].Type == Army {
					s.wound(seat, rules.Seat(i), j, 1, log)
				}
			}
		}
		s.bury(pl.Card, seat, log)
	case Taxes:
		s.taxes(seat, log)
		s.bury(pl.Card, seat, log)
	case Levy:
		s.draw(seat, log)
		s.draw(seat, log)
		s.bury(pl.Card, seat, log)
	default: // armies, buildings, Traitor, Propaganda, Beggar stay in the player's City
		s.p[seat].City = append(s.p[seat].City, pl)
	}
}

func (s *State) wound(by, owner rules.Seat, j, n int, log *events) {
	s.p[owner].City[j].Wounds += n
	for i := 0; i < n; i++ {
		e := ev(EvWound, by)
		e.Target, e.TargetCard = owner, s.p[owner].City[j].Card
		log.add(e)
	}
}

func (s *State) taxes(seat rules.Seat, log *events) {
	most := 0
	for i := range s.p {
		if rules.Seat(i) != seat && len(s.p[i].Coins) > most {
			most = len(s.p[i].Coins)
		}
	}
	if most == 0 {
		return
	}
	for k := 1; k < s.n; k++ {
		q := rules.Seat((int(seat) + k) % s.n)
		if len(s.p[q].Coins) == most {
			j := s.rng.Intn(most)
			c := s.p[q].Coins[j]
			s.p[q].Coins = removeAt(s.p[q].Coins, j)
			s.p[seat].Coins = append(s.p[seat].Coins, c)
			e := ev(EvCoin, seat)
			e.Target, e.Coin, e.Only, e.Also = q, c, seat, q
			log.add(e)
		}
	}
}

func (s *State) doTraitor(seat rules.Seat, m Move, log *events) error {
	switch m.Kind {
	case MoveBetray:
		for j, pl := range s.p[seat].City {
			if KindOf(pl.Card) == Traitor && pl.By == seat {
				s.p[seat].City = removeAt(s.p[seat].City, j)
				e := ev(EvCancel, seat)
				e.Card, e.Target = s.playing.Card, s.playing.By
				log.add(e)
				s.bury(s.playing.Card, s.playing.By, log)
				s.bury(pl.Card, seat, log)
				s.traitorAsk = s.traitorAsk[:0]
				s.step = StepTurn
				return nil
			}
		}
		return errors.New("you have no Traitor in play")
	case MoveAllow:
		s.traitorAsk = s.traitorAsk[1:]
		if len(s.traitorAsk) == 0 {
			s.resolvePlay(log)
		}
		return nil
	}
	return wrongStep(m, fmt.Sprintf("%s is being played: betray (activate your Traitor) or allow", cardName(s.playing.Card)))
}

// pickPool is where the active player takes a card from.
func (s *State) pickPool() []CardID {
	if s.pickFrom == rules.NoSeat {
		return s.market
	}
	return s.p[s.pickFrom].Reserve
}

func (s *State) doPick(seat rules.Seat, m Move, log *events) error {
	if m.Kind != MoveTake {
		return wrongStep(m, "take a card")
	}
	pool := s.pickPool()
	for i, c := range pool {
		if KindOf(c) == m.Take {
			pool = removeAt(pool, i)
			if s.pickFrom == rules.NoSeat {
				s.market = pool
				if len(s.market) == 0 {
					s.emptied = true
				}
			} else {
				s.p[s.pickFrom].Reserve = pool
			}
			s.p[seat].Reserve = append(s.p[seat].Reserve, c)
			e := ev(EvTake, seat)
			e.Target, e.Card, e.Only, e.Also = s.pickFrom, c, seat, s.pickFrom // Spy: its victim knows the card
			log.add(e)
			if s.pickFrom == rules.NoSeat {
				rules.Shuffle(&s.rng, s.market)
				log.add(ev(EvShuffle, rules.NoSeat))
			}
			s.pickFrom = rules.NoSeat
			s.step = StepTurn
			return nil
		}
	}
	return fmt.Errorf("there is no %s to take there", m.Take)
}

func (s *State) attack(seat, target rules.Seat, log *events) error {
	if !s.validSeat(target) || target == seat {
		return errors.New("you must attack another player")
	}
	fp := s.firepower(seat)
	if fp == 0 {
		return errors.New("you have no firepower: play an army first")
	}
	if !s.canAttack() {
		return errors.New("you have no Attack action left this turn")
	}
	s.use(&s.t.ExtraAttacks, General, &s.t.UsedAttack)
	s.attackTarget = target
	s.spread = s.countIn(seat, Strategist, true) > 0
	s.attacked = make([]bool, s.n)
	s.attacked[target] = true
	e := ev(EvAttack, seat)
	e.Target = target
	for i := 0; i < fp; i++ {
		face := s.rng.Intn(6) + 1
		e.Dice = append(e.Dice, face)
		if face <= 3 { // faces 1–3 carry a star
			e.Hits++
		}
	}
	log.add(e)
	s.embassies(target, log)
	s.woundsLeft = e.Hits
	if s.woundsLeft > 0 && s.hasWoundable(seat) {
		s.step = StepWounds
	}
	return nil
}

// embassies draws a card for each Embassy of an attacked player.
func (s *State) embassies(seat rules.Seat, log *events) {
	for i := s.countIn(seat, Embassy, true); i > 0; i-- {
		s.draw(seat, log)
	}
}

// woundable says whether the card at City[j] of owner may take the attacker's wounds.
func (s *State) woundable(attacker, owner rules.Seat, j int) bool {
	if owner == attacker || (!s.spread && owner != s.attackTarget) {
		return false
	}
	return Cards[KindOf(s.p[owner].City[j].Card)].Type != Influence
}

func (s *State) hasWoundable(attacker rules.Seat) bool {
	for i := range s.p {
		for j := range s.p[i].City {
			if s.woundable(attacker, rules.Seat(i), j) {
				return true
			}
		}
	}
	return false
}

func (s *State) doWounds(seat rules.Seat, m Move, log *events) error {
	switch m.Kind {
	case MoveStop:
		s.woundsLeft = 0
		s.step = StepTurn
		return nil
	case MoveWound:
		owner, j := s.findPlaced(m.TargetCard)
		if owner == rules.NoSeat || !s.woundable(seat, owner, j) {
			if s.spread {
				return errors.New("put the wound on an army or building in another player's City")
			}
			return fmt.Errorf("put the wound on an army or building in seat %d's City", s.attackTarget)
		}
		s.wound(seat, owner, j, 1, log)
		if !s.attacked[owner] {
			s.attacked[owner] = true
			s.embassies(owner, log)
		}
		s.woundsLeft--
		if s.woundsLeft == 0 {
			s.step = StepTurn
		}
		return nil
	}
	return wrongStep(m, fmt.Sprintf("place your %d wound(s) or stop", s.woundsLeft))
}

func (s *State) cure(seat rules.Seat, coin CoinID, log *events) error {
	if s.poisons(seat) == 0 {
		return errors.New("you are not poisoned")
	}
	ci := coinIndex(s.p[seat].Coins, coin)
	if ci < 0 {
		return errors.New("that coin is not in your treasure")
	}
	s.p[seat].Coins = removeAt(s.p[seat].Coins, ci)
	s.bag = append(s.bag, coin)
	e := ev(EvSpend, seat)
	e.Coin, e.Only = coin, seat
	log.add(e)
	for j, pl := range s.p[seat].City {
		if KindOf(pl.Card) == Poison {
			s.p[seat].City = removeAt(s.p[seat].City, j)
			s.bury(pl.Card, pl.By, log)
			break
		}
	}
	return nil
}

func coinIndex(cs []CoinID, c CoinID) int {
	for i, x := range cs {
		if x == c {
			return i
		}
	}
	return -1
}

// MaxWords is the longest promise or offer remark.
const MaxWords = 200

func (s *State) promise(seat, to rules.Seat, words string, log *events) error {
	if !s.validSeat(to) || to == seat {
		return errors.New("promise something to another player")
	}
	if s.t.PromisedTo[to] {
		return fmt.Errorf("you have already promised seat %d something this turn: one promise to each player a turn", to)
	}
	if words == "" || len(words) > MaxWords {
		return fmt.Errorf("a promise needs 1 to %d characters", MaxWords)
	}
	s.t.PromisedTo[to] = true
	s.promises = append(s.promises, Promise{Round: s.round, From: seat, To: to, Words: words})
	e := ev(EvPromise, seat)
	e.Target, e.Words = to, words
	log.add(e)
	return nil
}

func (s *State) endTurn(log *events) {
	s.turns++
	if s.turns >= s.n {
		s.startNegotiation(log)
		return
	}
	s.startTurn(rules.Seat((int(s.t.Seat)+1)%s.n), log)
}
