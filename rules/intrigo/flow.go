package intrigo

import (
	"principe/rules"
)

// This file moves the game along between the seats' decisions: turns, collections, the three stages of
// receiving, negotiations opening and closing, promises falling due and being judged.

func (s *State) emit(e Event) { s.events = append(s.events, e) }

// pay moves amount from one purse (or the bank) to another (or the bank), in public.
func (s *State) pay(kind PaymentKind, from, to rules.Seat, amount int) {
	if from != Bank {
		s.Purses[from] -= amount
	}
	if to != Bank {
		s.Purses[to] += amount
	}
	s.Table.Log = append(s.Table.Log, Payment{Kind: kind, From: from, To: to, Amount: amount})
}

// clockwise orders seats by their distance clockwise from the owner's left.
func (t *Table) clockwise(owner, seat rules.Seat) int {
	n := rules.Seat(t.Players)
	return int((seat - owner - 1 + 2*n) % n)
}

// employedPost is the post of palace holding an advisor of typ, or -1.
func (t *Table) employedPost(palace rules.Seat, typ AdvisorType) int {
	for p, id := range t.Palaces[palace] {
		if id >= 0 && t.Advisors[id].Type == typ {
			return p
		}
	}
	return -1
}

func (s *State) beginTurn() {
	t := &s.Table
	a := t.Active
	t.TurnsBegun[a]++
	e := ev(EvTurnBegins, a)
	e.Amount = t.TurnsBegun[a]
	s.emit(e)
	s.collect(a)
	t.Due = nil
	for _, p := range t.Ledger {
		if p.Kind == PromisePayment && p.Promiser == a && p.Status == Pending {
			t.Due = append(t.Due, p.ID)
		}
	}
	if len(t.Due) > 0 {
		t.Step = StepSettle
		return
	}
	s.beginReceive()
}

// collect pays seat the value of every post its advisors hold.
func (s *State) collect(seat rules.Seat) {
	amount := s.Table.Income(seat)
	if amount > 0 {
		s.pay(PayCollection, Bank, seat, amount)
	}
	e := ev(EvCollect, seat)
	e.Amount = amount
	s.emit(e)
}

func (s *State) beginReceive() {
	t := &s.Table
	o := t.Active
	t.Due = nil
	if len(t.Waiting[o]) == 0 {
		s.endReceive()
		return
	}
	s.emit(ev(EvReceiveBegins, o))
	r := &Receive{Arrivals: append([]int(nil), t.Waiting[o]...), Challenger: [Posts]int{-1, -1, -1, -1}}
	var count [Types]int
	for _, id := range t.Waiting[o] {
		count[t.Advisors[id].Type]++
	}
	for _, id := range t.Waiting[o] {
		typ := t.Advisors[id].Type
		switch post := t.employedPost(o, typ); {
		case count[typ] == 1 && post < 0:
			r.Free = append(r.Free, id)
		case count[typ] == 1:
			r.Challenger[post] = id
		}
	}
	for typ := AdvisorType(0); typ < Types; typ++ {
		if count[typ] >= 2 {
			r.External = append(r.External, typ)
		}
	}
	t.Receive = r
	s.stageFree()
}

// stageFree opens the negotiation before placing the applicants in no conflict (I): one turn to speak per
// applicant, owners clockwise from the owner's left.
func (s *State) stageFree() {
	t := &s.Table
	r := t.Receive
	if len(r.Free) == 0 {
		s.stageExternal()
		return
	}
	r.Stage = StageFree
	var speakers []Speaker
	for d := 0; d < t.Players; d++ {
		seat := (t.Active + 1 + rules.Seat(d)) % rules.Seat(t.Players)
		for _, id := range r.Free {
			if t.Advisors[id].Owner == seat {
				speakers = append(speakers, Speaker{Seat: seat, Advisor: id})
			}
		}
	}
	s.openNegotiation(StageFree, -1, -1, speakers)
}

// stageExternal resolves the next external conflict, or lets the owner choose which (II).
func (s *State) stageExternal() {
	t := &s.Table
	r := t.Receive
	r.Stage = StageExternal
	switch len(r.External) {
	case 0:
		s.stageInternal()
	case 1:
		s.openExternal(r.External[0])
	default:
		t.Step = StepChooseConflict
	}
}

func (s *State) openExternal(typ AdvisorType) {
	t := &s.Table
	r := t.Receive
	for i, x := range r.External {
		if x == typ {
			r.External = append(r.External[:i:i], r.External[i+1:]...)
			break
		}
	}
	var speakers []Speaker
	for d := 0; d < t.Players; d++ {
		seat := (t.Active + 1 + rules.Seat(d)) % rules.Seat(t.Players)
		for _, id := range t.Waiting[t.Active] {
			if a := t.Advisors[id]; a.Owner == seat && a.Type == typ {
				speakers = append(speakers, Speaker{Seat: seat, Advisor: -1})
				break
			}
		}
	}
	s.openNegotiation(StageExternal, typ, -1, speakers)
}

// stageInternal resolves the internal conflicts post by post, 1,000 to 10,000 (III).
func (s *State) stageInternal() {
	t := &s.Table
	r := t.Receive
	r.Stage = StageInternal
	for p := 0; p < Posts; p++ {
		c := r.Challenger[p]
		if c < 0 {
			continue
		}
		challenger, employed := t.Advisors[c], t.Advisors[t.Palaces[t.Active][p]]
		var speakers []Speaker
		if challenger.Owner == employed.Owner {
			speakers = []Speaker{{Seat: challenger.Owner, Advisor: -1}}
		} else {
			speakers = []Speaker{
				{Seat: challenger.Owner, Advisor: -1, Favour: FavourReplace},
				{Seat: employed.Owner, Advisor: -1, Favour: FavourKeep},
			}
			if t.clockwise(t.Active, employed.Owner) < t.clockwise(t.Active, challenger.Owner) {
				speakers[0], speakers[1] = speakers[1], speakers[0]
			}
		}
		s.openNegotiation(StageInternal, challenger.Type, p, speakers)
		return
	}
	s.endReceive()
}

func (s *State) openNegotiation(stage Stage, typ AdvisorType, post int, speakers []Speaker) {
	t := &s.Table
	t.Negotiations++
	t.Receive.Negotiation = &Negotiation{
		Serial: t.Negotiations, Stage: stage, Type: typ, Post: post, Speakers: speakers, Open: -1,
	}
	t.Step = StepNegotiate
	e := ev(EvNegotiationOpens, t.Active)
	e.Stage, e.Type, e.Post = stage, typ, post
	s.emit(e)
}

// nextSpeaker closes the say on the table and gives the word to the next seat, or ends the talks.
func (s *State) nextSpeaker() {
	t := &s.Table
	n := t.Receive.Negotiation
	n.Open, n.Countered = -1, false
	n.Turn++
	if n.Turn < len(n.Speakers) {
		return
	}
	switch n.Stage {
	case StageFree:
		t.Step = StepPlace
	case StageExternal:
		t.Step = StepAdmit
	default:
		t.Step = StepDecide
	}
}

// removeWaiting takes an applicant out of the queue in front of palace.
func (t *Table) removeWaiting(palace rules.Seat, id int) {
	w := t.Waiting[palace]
	for i, x := range w {
		if x == id {
			t.Waiting[palace] = append(w[:i:i], w[i+1:]...)
			return
		}
	}
}

func (s *State) place(id int, post int) {
	t := &s.Table
	o := t.Active
	t.removeWaiting(o, id)
	a := &t.Advisors[id]
	a.Where, a.Palace, a.Post = Placed, o, post
	t.Palaces[o][post] = id
	e := ev(EvPlaced, a.Owner)
	e.Other, e.Advisor, e.Post, e.Type = o, id, post, a.Type
	s.emit(e)
}

func (s *State) exile(id int) {
	t := &s.Table
	a := &t.Advisors[id]
	e := ev(EvExiled, a.Owner)
	e.Other, e.Advisor, e.Post, e.Type = a.Palace, id, a.Post, a.Type
	switch a.Where {
	case Waiting:
		t.removeWaiting(a.Palace, id)
	case Placed:
		t.Palaces[a.Palace][a.Post] = -1
	}
	a.Where, a.Palace, a.Post = Island, -1, -1
	s.emit(e)
}

// judge settles every pending promise selected by which: kept when kept(p) says so, else broken.
func (s *State) judge(which func(p Promise) bool, kept func(p Promise) bool) {
	for i := range s.Table.Ledger {
		p := &s.Table.Ledger[i]
		if p.Status != Pending || !which(*p) {
			continue
		}
		p.Status = Broken
		if kept(*p) {
			p.Status = Kept
		}
		e := ev(EvPromiseJudged, p.Promiser)
		e.Other, e.Promise, e.Status = p.Beneficiary, p.ID, p.Status
		s.emit(e)
	}
}

func (s *State) dealsOf(serial int) func(p Promise) bool {
	return func(p Promise) bool { return p.Kind == PromiseDeal && p.Negotiation == serial }
}

func (s *State) endReceive() {
	t := &s.Table
	o := t.Active
	if r := t.Receive; r != nil {
		// "A post for your next applicant": judged when the promiser has received the beneficiary's
		// applicants; kept if one of them now holds a post worth at least the one promised.
		arrivedFrom := func(seat rules.Seat) bool {
			for _, id := range r.Arrivals {
				if t.Advisors[id].Owner == seat {
					return true
				}
			}
			return false
		}
		s.judge(func(p Promise) bool {
			return p.Kind == PromisePost && p.Promiser == o && arrivedFrom(p.Beneficiary)
		}, func(p Promise) bool {
			for _, id := range r.Arrivals {
				a := t.Advisors[id]
				if a.Owner == p.Beneficiary && a.Where == Placed && a.Palace == o && a.Post >= p.Post {
					return true
				}
			}
			return false
		})
	}
	t.Receive = nil
	if t.TurnsBegun[o] < TurnsPerPlayer {
		t.Step = StepPresent
		t.Presented = 0
		return
	}
	s.endTurn()
}

func (s *State) endTurn() {
	t := &s.Table
	t.Presented = 0
	done := true
	for _, n := range t.TurnsBegun {
		done = done && n == TurnsPerPlayer
	}
	if !done {
		t.Active = (t.Active + 1) % rules.Seat(t.Players)
		s.beginTurn()
		return
	}
	s.emit(ev(EvFinalCollection, Bank))
	for d := 0; d < t.Players; d++ {
		s.collect((t.First + rules.Seat(d)) % rules.Seat(t.Players))
	}
	t.Step = StepOver
	s.emit(ev(EvGameOver, Bank))
}
