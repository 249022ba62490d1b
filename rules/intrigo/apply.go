package intrigo

import (
	"fmt"
	"slices"

	"principe/rules"
)

// Apply performs a move for seat. An illegal move returns an error saying why and changes nothing.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	m, ok := asMove(a)
	if !ok {
		return nil, fmt.Errorf("that is not an Intrigo move")
	}
	if s.Over() {
		return nil, fmt.Errorf("%w: the game is over", rules.ErrNotYourTurn)
	}
	if want := s.ToAct(); seat != want {
		return nil, fmt.Errorf("%w: %s is to act now, not %s", rules.ErrNotYourTurn, colour(want), colour(seat))
	}
	if err := s.check(seat, m); err != nil {
		return nil, err
	}
	s.events = nil
	s.perform(seat, m)
	events := make([]rules.Event, len(s.events))
	for i, e := range s.events {
		events[i] = e
	}
	s.events = nil
	return events, nil
}

func asMove(a rules.Action) (Move, bool) {
	switch m := a.(type) {
	case Move:
		return m, true
	case *Move:
		if m != nil {
			return *m, true
		}
	}
	return Move{}, false
}

// stepMoves says which moves each step allows.
var stepMoves = map[Step][]MoveKind{
	StepSettle:         {Settle},
	StepPlace:          {Place},
	StepChooseConflict: {ChooseConflict},
	StepAdmit:          {Admit},
	StepDecide:         {Decide},
	StepPresent:        {Present},
}

// check says why m is illegal for seat now, or nil.
func (s *State) check(seat rules.Seat, m Move) error {
	t := &s.Table
	if t.Step == StepNegotiate {
		return s.checkNegotiation(seat, m)
	}
	if !slices.Contains(stepMoves[t.Step], m.Kind) {
		return fmt.Errorf("%s is not possible now: %s", m.Kind, s.waitingFor())
	}
	o := t.Active
	switch m.Kind {
	case Settle:
		if !slices.Contains(t.Due, m.Promise) {
			return fmt.Errorf("promise %d is not a payment of yours due now", m.Promise)
		}
		if p := t.Ledger[m.Promise]; m.Pay && s.Purses[seat] < p.Amount {
			return fmt.Errorf("you have only %d ducats and promised %d", s.Purses[seat], p.Amount)
		}
	case Place:
		if !slices.Contains(t.Receive.Free, m.Advisor) {
			return fmt.Errorf("advisor %d is not an applicant in no conflict waiting to be placed", m.Advisor)
		}
		return t.checkFreePost(o, m.Post)
	case ChooseConflict:
		if !slices.Contains(t.Receive.External, m.Type) {
			return fmt.Errorf("there is no external conflict of %vs left to resolve", m.Type)
		}
	case Admit:
		n := t.Receive.Negotiation
		if m.Advisor < 0 || m.Advisor >= len(t.Advisors) || !slices.Contains(t.Waiting[o], m.Advisor) ||
			t.Advisors[m.Advisor].Type != n.Type {
			return fmt.Errorf("advisor %d is not one of the %vs in conflict", m.Advisor, n.Type)
		}
		if post := t.employedPost(o, n.Type); post >= 0 {
			if m.Post != -1 {
				return fmt.Errorf("a %v is already employed on the %d post: the winner contests that post "+
					"(give post -1)", n.Type, PostValue[post])
			}
			return nil
		}
		return t.checkFreePost(o, m.Post)
	case Present:
		if t.Presented >= PresentPerTurn {
			return fmt.Errorf("you have already presented %d advisors", PresentPerTurn)
		}
		if m.Palace < 0 || int(m.Palace) >= t.Players || m.Palace == seat {
			return fmt.Errorf("advisors are presented to an opponent's palace, not to %s", colour(m.Palace))
		}
		if t.unplaced(seat, m.Type) < 0 {
			return fmt.Errorf("you have no %v left to present", m.Type)
		}
	}
	return nil
}

func (t *Table) checkFreePost(palace rules.Seat, post int) error {
	if post < 0 || post >= Posts {
		return fmt.Errorf("post %d does not exist (posts are 0–3: 1,000, 3,000, 6,000, 10,000)", post)
	}
	if t.Palaces[palace][post] >= 0 {
		return fmt.Errorf("the %d post is taken (golden rule 1: one advisor per post)", PostValue[post])
	}
	return nil
}

// unplaced is the lowest-numbered advisor of seat and typ still in front of its owner, or -1.
func (t *Table) unplaced(seat rules.Seat, typ AdvisorType) int {
	for _, a := range t.Advisors {
		if a.Owner == seat && a.Type == typ && a.Where == Unplaced {
			return a.ID
		}
	}
	return -1
}

func (s *State) waitingFor() string {
	t := &s.Table
	switch t.Step {
	case StepSettle:
		return "a promised payment must be settled"
	case StepPlace:
		return "the owner places the applicants in no conflict"
	case StepChooseConflict:
		return "the owner chooses the next external conflict"
	case StepAdmit:
		return "the owner admits the winner of the external conflict"
	case StepDecide:
		return "the owner keeps or replaces the employed advisor"
	case StepPresent:
		return "the active player presents advisors"
	case StepNegotiate:
		n := t.Receive.Negotiation
		switch {
		case n.Countered:
			return "the offering seat answers the counter-price"
		case n.Open >= 0:
			return "the owner answers the offer"
		}
		return "a seat speaks in the negotiation"
	}
	return "the game is over"
}

func (s *State) checkNegotiation(seat rules.Seat, m Move) error {
	t := &s.Table
	n := t.Receive.Negotiation
	switch {
	case n.Countered:
		if m.Kind != TakeCounter && m.Kind != DeclineCounter {
			return fmt.Errorf("%s is not possible now: %s", m.Kind, s.waitingFor())
		}
		if price := t.Offers[n.Open].Counter; m.Kind == TakeCounter && s.Purses[seat] < price {
			return fmt.Errorf("you have only %d ducats; the price asked is %d", s.Purses[seat], price)
		}
		return nil
	case n.Open >= 0:
		switch m.Kind {
		case Accept, Refuse:
			return nil
		case Counter:
			rec := t.Offers[n.Open]
			if m.Price <= rec.Bribe || m.Price > MaxAmount || m.Price%Unit != 0 {
				return fmt.Errorf("a counter-price must be a multiple of %d above the %d offered (at most %d)",
					Unit, rec.Bribe, MaxAmount)
			}
			return nil
		}
		return fmt.Errorf("%s is not possible now: %s", m.Kind, s.waitingFor())
	}
	switch m.Kind {
	case Pass:
		return nil
	case Offer:
		return s.checkOffer(seat, m)
	}
	return fmt.Errorf("%s is not possible now: %s", m.Kind, s.waitingFor())
}

func (s *State) checkOffer(seat rules.Seat, m Move) error {
	t := &s.Table
	n := t.Receive.Negotiation
	sp := n.Speakers[n.Turn]
	o := t.Active
	switch n.Stage {
	case StageFree:
		if m.Post != -1 {
			if err := t.checkFreePost(o, m.Post); err != nil {
				return err
			}
		}
	case StageExternal:
		if m.Post != -1 {
			if post := t.employedPost(o, n.Type); post >= 0 {
				return fmt.Errorf("a %v is already employed on the %d post: the winner can only contest that post",
					n.Type, PostValue[post])
			}
			if err := t.checkFreePost(o, m.Post); err != nil {
				return err
			}
		}
	case StageInternal:
		if m.Post != -1 {
			return fmt.Errorf("in an internal conflict the post is fixed: ask for none (post -1)")
		}
	}
	if n.Stage == StageInternal {
		if sp.Favour != "" && m.Favour != sp.Favour {
			return fmt.Errorf("say the side you back: your advisor's side in this conflict is %q", sp.Favour)
		}
		if sp.Favour == "" && m.Favour != FavourKeep && m.Favour != FavourReplace {
			return fmt.Errorf("say which side you back: %q or %q", FavourKeep, FavourReplace)
		}
	} else if m.Favour != "" {
		return fmt.Errorf("a side (keep or replace) is only taken in an internal conflict")
	}
	if err := s.checkBribe(seat, m.Bribe); err != nil {
		return err
	}
	if len(m.Promises) > MaxPromisesPerOffer {
		return fmt.Errorf("at most %d promises per offer", MaxPromisesPerOffer)
	}
	for _, p := range m.Promises {
		if err := p.check(); err != nil {
			return err
		}
		if err := t.CanComeDue(seat, p); err != nil {
			return err
		}
	}
	if n.Stage != StageInternal && m.Post == -1 && m.Bribe == 0 && len(m.Promises) == 0 {
		return fmt.Errorf("an offer asks for a post, offers a bribe or makes a promise; otherwise pass")
	}
	return nil
}

// CanComeDue says why a promise of terms that promiser would make to the owner now receiving
// (t.Active) could never be judged, or nil when it could. The rules refuse such promises: a
// promise that can never come due binds nobody, and an offer must not pretend otherwise.
//   - Every promise with terms needs a turn of the promiser's left in which to keep it.
//   - "A post for your next applicant" needs an applicant of the owner who can still reach the
//     promiser's palace: one already waiting there, or an unplaced advisor and a turn of the
//     owner's in which to present it (turns 1–4).
//   - "I will not expel your advisor" needs an advisor of the owner's in the promiser's palace
//     (placed or waiting), or one the owner can still present there.
//
// Words (PromiseText) are never judged and may always be given.
func (t *Table) CanComeDue(promiser rules.Seat, p Terms) error {
	if p.Kind == PromiseText {
		return nil
	}
	if t.TurnsBegun[promiser] >= TurnsPerPlayer {
		return fmt.Errorf("you have no turn left in which to keep a promise of %v", p)
	}
	owner := t.Active
	switch p.Kind {
	case PromisePost:
		if !t.hasAdvisorAt(owner, promiser, Waiting) && !t.canStillPresent(owner) {
			return fmt.Errorf("a promise of %v could never come due: the owner has no applicant waiting at your palace and cannot present another", p)
		}
	case PromiseSpare:
		if !t.hasAdvisorAt(owner, promiser, Waiting) && !t.hasAdvisorAt(owner, promiser, Placed) && !t.canStillPresent(owner) {
			return fmt.Errorf("a promise %v could never come due: the owner has no advisor in your palace and cannot present another", p)
		}
	}
	return nil
}

// hasAdvisorAt says whether an advisor of owner is in palace, waiting or placed as where says.
func (t *Table) hasAdvisorAt(owner, palace rules.Seat, where Where) bool {
	for _, a := range t.Advisors {
		if a.Owner == owner && a.Palace == palace && a.Where == where {
			return true
		}
	}
	return false
}

// canStillPresent says whether seat will present again: it has an unplaced advisor and its current
// or a later turn is one of turns 1–4 (a seat presents at the end of each of those).
func (t *Table) canStillPresent(seat rules.Seat) bool {
	if t.TurnsBegun[seat] >= TurnsPerPlayer {
		return false
	}
	for _, a := range t.Advisors {
		if a.Owner == seat && a.Where == Unplaced {
			return true
		}
	}
	return false
}

func (s *State) checkBribe(seat rules.Seat, bribe int) error {
	purse := s.Purses[seat]
	switch {
	case bribe < 0 || bribe%Unit != 0:
		return fmt.Errorf("a bribe is a whole number of thousands of ducats, not %d", bribe)
	case purse == 0 && bribe != 0 && bribe != BankBribe:
		return fmt.Errorf("with an empty purse you may offer only the bank's bribe of %d", BankBribe)
	case purse > 0 && bribe > purse:
		return fmt.Errorf("you cannot offer %d: you have only %d ducats", bribe, purse)
	}
	return nil
}

// perform carries out a checked move.
func (s *State) perform(seat rules.Seat, m Move) {
	t := &s.Table
	switch m.Kind {
	case Settle:
		s.settle(m.Promise, m.Pay)
	case Place:
		s.place(m.Advisor, m.Post)
		t.Receive.Free = slices.DeleteFunc(t.Receive.Free, func(id int) bool { return id == m.Advisor })
		if len(t.Receive.Free) == 0 {
			s.judge(s.dealsOf(t.Receive.Negotiation.Serial), func(p Promise) bool {
				a := t.Advisors[p.Advisor]
				return a.Where == Placed && a.Palace == t.Active && a.Post == p.Post
			})
			s.stageExternal()
		}
	case ChooseConflict:
		e := ev(EvConflictChosen, seat)
		e.Type = m.Type
		s.emit(e)
		s.openExternal(m.Type)
	case Admit:
		s.admit(m.Advisor, m.Post)
	case Decide:
		s.decide(m.Replace)
	case Present:
		s.present(seat, m.Type, m.Palace)
	case Offer:
		s.offer(seat, m)
	case Pass:
		s.say(seat, Move{Post: -1}, ResultPassed)
		s.emit(ev(EvPass, seat))
		s.nextSpeaker()
	case Accept:
		rec := &t.Offers[t.Receive.Negotiation.Open]
		rec.Result = ResultAccepted
		switch {
		case rec.BankPaid:
			s.pay(PayBankBribe, Bank, t.Active, rec.Bribe)
		case rec.Bribe > 0:
			s.pay(PayBribe, rec.Speaker, t.Active, rec.Bribe)
		}
		e := ev(EvAccepted, rec.Speaker)
		e.Other, e.Amount, e.BankPaid = t.Active, rec.Bribe, rec.BankPaid
		s.emit(e)
		s.strikeDeal(t.Receive.Negotiation.Open)
		s.nextSpeaker()
	case Refuse:
		rec := &t.Offers[t.Receive.Negotiation.Open]
		rec.Result = ResultRefused
		e := ev(EvRefused, rec.Speaker)
		e.Other = t.Active
		s.emit(e)
		s.nextSpeaker()
	case Counter:
		rec := &t.Offers[t.Receive.Negotiation.Open]
		rec.Counter = m.Price
		t.Receive.Negotiation.Countered = true
		e := ev(EvCountered, rec.Speaker)
		e.Other, e.Amount = t.Active, m.Price
		s.emit(e)
	case TakeCounter:
		rec := &t.Offers[t.Receive.Negotiation.Open]
		rec.Result = ResultTaken
		s.pay(PayBribe, seat, t.Active, rec.Counter)
		e := ev(EvCounterTaken, seat)
		e.Other, e.Amount = t.Active, rec.Counter
		s.emit(e)
		s.strikeDeal(t.Receive.Negotiation.Open)
		s.nextSpeaker()
	case DeclineCounter:
		rec := &t.Offers[t.Receive.Negotiation.Open]
		rec.Result = ResultDeclined
		e := ev(EvCounterDeclined, seat)
		e.Other = t.Active
		s.emit(e)
		s.nextSpeaker()
	}
}

func (s *State) settle(id int, pay bool) {
	t := &s.Table
	p := &t.Ledger[id]
	if pay {
		s.pay(PayPromised, p.Promiser, p.Beneficiary, p.Amount)
		p.Status = Kept
		e := ev(EvPromisePaid, p.Promiser)
		e.Other, e.Amount, e.Promise = p.Beneficiary, p.Amount, id
		s.emit(e)
	} else {
		p.Status = Broken
		e := ev(EvPromiseUnpaid, p.Promiser)
		e.Other, e.Amount, e.Promise = p.Beneficiary, p.Amount, id
		s.emit(e)
	}
	e := ev(EvPromiseJudged, p.Promiser)
	e.Other, e.Promise, e.Status = p.Beneficiary, id, p.Status
	s.emit(e)
	t.Due = slices.DeleteFunc(t.Due, func(x int) bool { return x == id })
	if len(t.Due) == 0 {
		s.beginReceive()
	}
}

// say records one seat's say in the current negotiation and returns its index in Table.Offers.
func (s *State) say(seat rules.Seat, m Move, result OfferResult) int {
	t := &s.Table
	n := t.Receive.Negotiation
	sp := n.Speakers[n.Turn]
	rec := OfferRecord{
		Negotiation: n.Serial, Owner: t.Active, Speaker: seat, Stage: n.Stage, Advisor: sp.Advisor,
		Type: n.Type, Post: m.Post, Bribe: m.Bribe, Promises: slices.Clone(m.Promises), Result: result,
	}
	if sp.Advisor >= 0 {
		rec.Type = t.Advisors[sp.Advisor].Type
	}
	if n.Stage == StageInternal && result != ResultPassed {
		rec.Favour = sp.Favour
		if m.Favour != "" {
			rec.Favour = m.Favour
		}
	}
	rec.BankPaid = m.Bribe > 0 && s.Purses[seat] == 0
	t.Offers = append(t.Offers, rec)
	return len(t.Offers) - 1
}

func (s *State) offer(seat rules.Seat, m Move) {
	t := &s.Table
	i := s.say(seat, m, ResultOpen)
	t.Receive.Negotiation.Open = i
	e := ev(EvOffer, seat)
	e.Other = t.Active
	shown := m
	shown.Promises = slices.Clone(m.Promises)
	shown.Favour = t.Offers[i].Favour
	e.Offer = &shown
	s.emit(e)
}

// strikeDeal writes an accepted offer into the ledger: the speaker's promises, and the owner's implied
// promise that the speaker gets what it asked for.
func (s *State) strikeDeal(i int) {
	t := &s.Table
	rec := t.Offers[i]
	add := func(p Promise) {
		p.ID = len(t.Ledger)
		p.Made = i
		p.Negotiation = rec.Negotiation
		p.Status = Pending
		t.Ledger = append(t.Ledger, p)
		e := ev(EvPromiseMade, p.Promiser)
		e.Other, e.Promise = p.Beneficiary, p.ID
		s.emit(e)
	}
	for _, terms := range rec.Promises {
		add(Promise{Kind: terms.Kind, Promiser: rec.Speaker, Beneficiary: rec.Owner, Post: terms.Post,
			Amount: terms.Amount, Text: terms.Text, Advisor: -1, Type: rec.Type})
	}
	if rec.Stage == StageFree && rec.Post < 0 {
		return // a gift: the applicant is admitted anyway, and no post was asked for
	}
	add(Promise{Kind: PromiseDeal, Promiser: rec.Owner, Beneficiary: rec.Speaker, Post: rec.Post,
		Stage: rec.Stage, Advisor: rec.Advisor, Type: rec.Type, Favour: rec.Favour})
}

func (s *State) admit(winner, post int) {
	t := &s.Table
	o := t.Active
	n := t.Receive.Negotiation
	if employed := t.employedPost(o, n.Type); employed >= 0 {
		t.Receive.Challenger[employed] = winner
		e := ev(EvToInternal, t.Advisors[winner].Owner)
		e.Other, e.Advisor, e.Post, e.Type = o, winner, employed, n.Type
		s.emit(e)
	} else {
		s.place(winner, post)
	}
	for _, id := range slices.Clone(t.Waiting[o]) {
		if id != winner && t.Advisors[id].Type == n.Type {
			s.exile(id)
		}
	}
	w := t.Advisors[winner]
	s.judge(s.dealsOf(n.Serial), func(p Promise) bool {
		return w.Owner == p.Beneficiary && (p.Post < 0 || (w.Where == Placed && w.Post == p.Post))
	})
	s.stageExternal()
}

func (s *State) decide(replace bool) {
	t := &s.Table
	o := t.Active
	n := t.Receive.Negotiation
	post := n.Post
	challenger, employed := t.Receive.Challenger[post], t.Palaces[o][post]
	t.Receive.Challenger[post] = -1
	if replace {
		s.exile(employed)
		s.place(challenger, post)
		e := ev(EvReplaced, t.Advisors[challenger].Owner)
		e.Other, e.Advisor, e.Post, e.Type = o, challenger, post, n.Type
		s.emit(e)
	} else {
		e := ev(EvKept, t.Advisors[employed].Owner)
		e.Other, e.Advisor, e.Post, e.Type = o, employed, post, n.Type
		s.emit(e)
		s.exile(challenger)
	}
	s.judge(s.dealsOf(n.Serial), func(p Promise) bool { return (p.Favour == FavourReplace) == replace })
	spared := t.Advisors[employed].Owner
	s.judge(func(p Promise) bool {
		return p.Kind == PromiseSpare && p.Promiser == o && p.Beneficiary == spared
	}, func(Promise) bool { return !replace })
	s.stageInternal()
}

func (s *State) present(seat rules.Seat, typ AdvisorType, palace rules.Seat) {
	t := &s.Table
	id := t.unplaced(seat, typ)
	a := &t.Advisors[id]
	a.Where, a.Palace = Waiting, palace
	t.Waiting[palace] = append(t.Waiting[palace], id)
	t.Presented++
	e := ev(EvPresented, seat)
	e.Other, e.Advisor, e.Type = palace, id, typ
	s.emit(e)
	if t.Presented == PresentPerTurn {
		s.endTurn()
	}
}
