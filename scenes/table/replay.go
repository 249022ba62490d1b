package table

import (
	"sync"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	"principe/scenes"
)

// ReplayTable is the contract between a game's table scene and the replay (package
// scenes/history): the replay builds the table around a play.NewReplay match, draws it,
// calls its Update as the app would, and moves the match on with Match.Allow. The table
// shows each action exactly as in live play, because it is live play: its seats are
// driven like AI seats, through Match.PollAI and Match.Apply, and its pictures come from
// the same events and observations. A table in a replay must
//
//   - label its seats with Match.Seated (who really sat there), not Match.Player;
//   - never leave for its results scene: the replay stays on the last action, and keeps
//     calling Update there (the table's Menu and Help buttons still work);
//   - show the observation of the seat the view asks for, never a hidden field.
type ReplayTable interface {
	game.Scene
	// Idle reports that every action taken so far has been shown (no animation under way),
	// so the replay may allow the next one.
	Idle() bool
	// ReplayBar is the strip of the screen the replay's controls cover on this table (a
	// place the table leaves empty while nobody at it can act).
	ReplayBar() scenes.Rect
}

// ReplayView says whose eyes a replayed table looks through.
type ReplayView int

const (
	// AsSeen shows the table as it was seen at the time: through the one person's seat when
	// one person played, through the seat to act in a hot-seat game or among AIs.
	AsSeen ReplayView = iota
	// AllOpen shows every seat's hidden cards, each from that seat's own observation.
	AllOpen
)

// ReplayFactory builds a game's table around a replay match m, at rest at m's position
// (its log told up to there), looking through view.
type ReplayFactory func(ctx *game.Context, m *play.Match, view ReplayView) (ReplayTable, error)

var replays = struct {
	sync.Mutex
	m map[string]ReplayFactory
}{m: map[string]ReplayFactory{}}

// RegisterReplay makes a game's games watchable in the replay. Call it from an init
// function of the game's scene package (its replay.go).
func RegisterReplay(gameName string, f ReplayFactory) {
	replays.Lock()
	defer replays.Unlock()
	if _, dup := replays.m[gameName]; dup {
		panic("table: replay of " + gameName + " registered twice")
	}
	replays.m[gameName] = f
}

// LookupReplay returns a game's ReplayFactory, if its table can be replayed.
func LookupReplay(gameName string) (ReplayFactory, bool) {
	replays.Lock()
	defer replays.Unlock()
	f, ok := replays.m[gameName]
	return f, ok
}

// ReplayEyes decides whose observation a replayed table shows: AsSeen, the one person's
// seat when one person played (in a hot-seat game the person to act, whose hand stays in
// view while the AIs play, and no hand before any person has acted; among AIs the seat to
// act); AllOpen, the seat to act, while
// the table shows every other hand too where it can (each from its own observation).
type ReplayEyes struct {
	View ReplayView
	sole rules.Seat // the one person at the table, or NoSeat
	hot  bool       // several people took turns at the table
}

// NewReplayEyes reads who sat at the replayed match m.
func NewReplayEyes(m *play.Match, view ReplayView) *ReplayEyes {
	e := &ReplayEyes{View: view, sole: rules.NoSeat}
	humans := 0
	for i, p := range m.SeatedPlayers() {
		if p.Kind == play.Human {
			humans++
			e.sole = rules.Seat(i)
		}
	}
	if humans != 1 {
		e.sole = rules.NoSeat
	}
	e.hot = humans > 1
	return e
}

// Viewer is whose observation to show now, the table showing current.
func (e *ReplayEyes) Viewer(m *play.Match, current rules.Seat) rules.Seat {
	next := m.ToAct()
	switch {
	case e.View == AsSeen && e.sole != rules.NoSeat:
		return e.sole
	case e.View == AsSeen && e.hot && next != rules.NoSeat && m.Seated(next).Kind != play.Human:
		if current != rules.NoSeat && m.Seated(current).Kind == play.Human {
			return current
		}
		return rules.NoSeat // no person's hand was in view: none is shown
	case next == rules.NoSeat:
		return current
	}
	return next
}
