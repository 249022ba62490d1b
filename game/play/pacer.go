package play

import "principe/rules"

// Pacer holds an AI seat's decision until the seat has been "thinking" on screen for a
// minimum number of ticks, so a person can follow the AI's turns; every table drives its
// AI seats through one.
type Pacer struct {
	ticks   int
	pending *decision
}

type decision struct {
	seat   rules.Seat
	action rules.Action
}

// Poll counts a tick, drives the AI (m.PollAI) and returns its decision once it is made
// and at least min ticks have passed since the last Reset.
func (p *Pacer) Poll(m *Match, min int) (seat rules.Seat, a rules.Action, ready bool, err error) {
	p.ticks++
	if p.pending == nil {
		seat, a, ready, err := m.PollAI()
		if err != nil {
			return seat, nil, false, err
		}
		if ready {
			p.pending = &decision{seat: seat, action: a}
		}
	}
	if p.pending == nil || p.ticks < min {
		return rules.NoSeat, nil, false, nil
	}
	d := p.pending
	p.pending = nil
	return d.seat, d.action, true, nil
}

// Reset starts the count again (an action has just been applied).
func (p *Pacer) Reset() { p.ticks, p.pending = 0, nil }

// Holding is the seat whose decision is made but held back, or NoSeat (its thinking
// indicator stays up until the decision is shown).
func (p *Pacer) Holding() rules.Seat {
	if p.pending == nil {
		return rules.NoSeat
	}
	return p.pending.seat
}

// Fresh reports whether no tick has been counted since the last Reset.
func (p *Pacer) Fresh() bool { return p.ticks == 0 && p.pending == nil }
