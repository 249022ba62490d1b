package niccolo

import (
	"principe/game"
	"principe/game/history"
	"principe/game/play"
	"principe/rules"
	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// The Niccolò table in a replay (the contract is table.ReplayTable): the same Table,
// around a play.NewReplay match, whose seats the record drives through the AI path.

func init() {
	table.RegisterReplay(nic.Name, NewReplayTable)
	history.RegisterSeatNames(nic.Name, func(seat int) string { return nic.FamilyNames[seat&3] })
}

// replaying is what a table playing back a game keeps.
type replaying struct {
	view table.ReplayView
	sole rules.Seat // the one person at the table, or NoSeat
	hot  bool       // several people took turns at the table
}

// NewReplayTable builds the table at rest at m's position, its log told up to there.
func NewReplayTable(ctx *game.Context, m *play.Match, view table.ReplayView) (table.ReplayTable, error) {
	cfg := Config{Seed: m.Record().Seed}
	copy(cfg.Players[:], m.SeatedPlayers())
	if s, ok := m.State().(*nic.State); ok {
		cfg.Variant = s.Variant()
	}
	t := newTable(cfg)
	t.m = m
	t.replay = &replaying{view: view, sole: rules.NoSeat}
	humans := 0
	for f, p := range cfg.Players {
		if p.Kind == play.Human {
			humans++
			t.replay.sole = rules.Seat(f)
		}
	}
	if humans != 1 {
		t.replay.sole = rules.NoSeat
	}
	t.replay.hot = humans > 1
	t.start(ctx)
	if err := t.chronicle(ctx); err != nil {
		return nil, err
	}
	return t, nil
}

// replayViewer is whose observation the replayed table shows: the one person's seat as
// the table saw it (in a hot-seat game the person to act, in a game among AIs the seat to
// act), or, with all cards open, the seat to act, while every hand is shown beside its
// family (drawOpenHand).
func (t *Table) replayViewer() rules.Seat {
	r := t.replay
	next := t.m.ToAct()
	switch {
	case r.view == table.AsSeen && r.sole != rules.NoSeat:
		return r.sole
	case r.view == table.AsSeen && r.hot && next != rules.NoSeat && t.m.Seated(next).Kind != play.Human:
		if t.viewer != rules.NoSeat {
			return t.viewer // the last person's hand stays in view during the AIs' turns
		}
	}
	if next == rules.NoSeat {
		return t.viewer
	}
	return next
}

// drawOpenHand draws family f's hand face up at (x, y) when the replay shows all cards
// open and the table is at rest (while the steps play, the backs stand in, so the picture
// never runs ahead of the animation). Each hand comes from its own seat's observation.
func (t *Table) drawOpenHand(p scenes.Painter, ctx *game.Context, f int, x, y float64) bool {
	if t.replay == nil || t.replay.view != table.AllOpen || t.seq.Busy() {
		return false
	}
	o := t.m.State().Observe(rules.Seat(f)).(*nic.Observation)
	for k, c := range o.Hand {
		drawCard(p, ctx.Tr(), c, x+float64(k)*25, y, 22, 0, 0)
	}
	return true
}

// Idle implements table.ReplayTable.
func (t *Table) Idle() bool { return !t.seq.Busy() && !t.covered }

// ReplayBarRect is where the replay's controls go on the Niccolò table: the row of the
// Play and Cancel buttons, which nobody uses in a replay.
func ReplayBarRect() scenes.Rect { return scenes.Rect{X: 724, Y: 508, W: 536, H: 44} }

// ReplayBar implements table.ReplayTable.
func (t *Table) ReplayBar() scenes.Rect { return ReplayBarRect() }
