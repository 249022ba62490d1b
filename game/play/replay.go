package play

import (
	"bytes"
	"encoding/json"
	"fmt"

	"principe/rules"
)

// replay is what a Match replaying a record keeps: the whole record's steps, how many of
// them the match may take now, and who really sat in each seat.
type replay struct {
	steps   []rules.Step
	allowed int
	seated  []Player
}

// NewReplay returns a match that plays back a finished (or abandoned) game: its state is
// the record replayed up to action at, and from there its seats take the record's next
// actions, one by one, as Allow permits. Every seat that acts is driven like an AI seat
// (the table's own PollAI/Apply path shows each action exactly as in live play); seats the
// rules play stay automatic. Nothing is saved. A record that does not replay up to at is
// refused with the record's own reason.
func NewReplay(rec *rules.Record, players []Player, at int) (*Match, error) {
	if at < 0 || at > len(rec.Actions) {
		return nil, fmt.Errorf("replay: action %d is outside the record's %d actions", at, len(rec.Actions))
	}
	prefix := rec.Clone()
	prefix.Actions = prefix.Actions[:at]
	s, err := prefix.Replay()
	if err != nil {
		return nil, err
	}
	g, _ := rules.Lookup(rec.Game)
	drive := make([]Player, len(players))
	for i, p := range players {
		drive[i] = p
		if p.Kind == Human {
			drive[i] = Player{Kind: AI, Level: p.Level}
		}
	}
	m, err := newMatch(g, s, prefix, drive, nil, false)
	if err != nil {
		return nil, err
	}
	m.replay = &replay{steps: rec.Clone().Actions, allowed: at, seated: append([]Player(nil), players...)}
	return m, nil
}

// Replaying reports whether the match plays back a record (NewReplay).
func (m *Match) Replaying() bool { return m.replay != nil }

// Position is how many actions have been taken (in a replay, how far it has got).
func (m *Match) Position() int { return len(m.record.Actions) }

// ReplayLength is how many actions the replayed record holds (the position so far for a
// live match).
func (m *Match) ReplayLength() int {
	if m.replay == nil {
		return len(m.record.Actions)
	}
	return len(m.replay.steps)
}

// Allow lets a replay take its record's actions up to n (the replay's play/step
// controls); it changes nothing for a live match.
func (m *Match) Allow(n int) {
	if m.replay != nil {
		m.replay.allowed = max(0, min(n, len(m.replay.steps)))
	}
}

// Allowed is how far Allow lets the replay go.
func (m *Match) Allowed() int {
	if m.replay == nil {
		return len(m.record.Actions)
	}
	return m.replay.allowed
}

// Seated is who really sat in seat: the same as Player in a live match; in a replay, the
// player of the game being watched (a person shows as Human although the record drives
// the seat). Tables label their seats with it.
func (m *Match) Seated(seat rules.Seat) Player {
	if m.replay == nil {
		return m.Player(seat)
	}
	if seat < 0 || int(seat) >= len(m.replay.seated) {
		return Player{Kind: Auto}
	}
	return m.replay.seated[seat]
}

// SeatedPlayers lists Seated for every seat.
func (m *Match) SeatedPlayers() []Player {
	if m.replay == nil {
		return m.Players()
	}
	return append([]Player(nil), m.replay.seated...)
}

// check refuses, in a replay, any action but the record's next one once Allow permits it.
func (r *replay) check(m *Match, seat rules.Seat, a rules.Action) error {
	n := len(m.record.Actions)
	if n >= r.allowed {
		return fmt.Errorf("replay: action %d is not allowed yet", n)
	}
	want, err := m.recorded(n)
	if err != nil {
		return err
	}
	got, err1 := json.Marshal(a)
	exp, err2 := json.Marshal(want)
	if err1 != nil || err2 != nil || !bytes.Equal(got, exp) || rules.Seat(r.steps[n].Seat) != seat {
		return fmt.Errorf("replay: action %d of the record is %s by seat %d, not this one", n, want.String(), r.steps[n].Seat)
	}
	return nil
}

// recorded decodes the record's action n.
func (m *Match) recorded(n int) (rules.Action, error) {
	a, err := m.game.DecodeAction(m.replay.steps[n].Action)
	if err != nil || a == nil {
		return nil, fmt.Errorf("replay: action %d cannot be read: %v", n, err)
	}
	return a, nil
}

// pollReplay is PollAI in a replay: the record's next action, once Allow permits it.
func (m *Match) pollReplay() (rules.Seat, rules.Action, bool, error) {
	seat := m.state.ToAct()
	n := len(m.record.Actions)
	if seat == rules.NoSeat || n >= m.replay.allowed {
		return seat, nil, false, nil
	}
	step := m.replay.steps[n]
	if rules.Seat(step.Seat) != seat {
		return seat, nil, false, fmt.Errorf("replay: action %d was taken by seat %d but it is seat %d's turn", n, step.Seat, seat)
	}
	a, err := m.recorded(n)
	if err != nil {
		return seat, nil, false, err
	}
	return seat, a, true, nil
}
