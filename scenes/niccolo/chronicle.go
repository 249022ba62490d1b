package niccolo

import (
	"fmt"

	"principe/game"
	"principe/rules"
	nic "principe/rules/niccolo"
)

// logged reports whether an event writes a line of the log (the draws and the markers'
// slides are told by the card lines).
func logged(e rules.Event) bool {
	switch e.(type) {
	case nic.CardDrawn, nic.MarkerMoved:
		return false
	}
	return true
}

// logEvents writes the log lines of events (already filtered for the seat in view) at
// once, without animating them.
func (t *Table) logEvents(ctx *game.Context, events []rules.Event) {
	for i, e := range events {
		if logged(e) {
			t.log.Add(t.describe(ctx, e, events[i+1:]))
		}
	}
}

// chronicle rebuilds the log and the results' counts of a resumed game by replaying its
// record from the start: the rules are deterministic, so the same options, seed and
// actions give the same events, told exactly as they were during the game.
func (t *Table) chronicle(ctx *game.Context) error {
	rec := t.m.Record()
	var g nic.Game
	s, err := g.NewState(rec.Options, rec.Seed)
	if err != nil {
		return err
	}
	t.logEvents(ctx, nic.ForSeat(s.(*nic.State).OpeningEvents(), t.viewer))
	for i, step := range rec.Actions {
		a, err := g.DecodeAction(step.Action)
		if err != nil {
			return fmt.Errorf("action %d: %w", i, err)
		}
		ev, err := s.Apply(rules.Seat(step.Seat), a)
		if err != nil {
			return fmt.Errorf("action %d: %w", i, err)
		}
		t.count(ev)
		t.logEvents(ctx, nic.ForSeat(ev, t.viewer))
	}
	return nil
}
