package makiavelia

import (
	"fmt"

	"principe/game"
	"principe/game/history"
	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// The Makiavelia table in a replay (the contract is table.ReplayTable): the same Table,
// around a play.NewReplay match whose seats the record drives through the AI path.

func init() {
	table.RegisterReplay(mak.Name, NewReplayTable)
	history.RegisterSeatNames(mak.Name, func(seat int) string { return seatName(rules.Seat(seat)) })
}

// NewReplayTable builds the table at rest at m's position, its log and its rounds' record
// (power, regimes, earnings) told up to there.
func NewReplayTable(ctx *game.Context, m *play.Match, view table.ReplayView) (table.ReplayTable, error) {
	if _, ok := m.State().(*mak.State); !ok {
		return nil, fmt.Errorf("the game is not a Makiavelia game")
	}
	t := newTable(Config{Seed: m.Record().Seed, Players: m.SeatedPlayers()}, m)
	t.replay = table.NewReplayEyes(m, view)
	t.start(ctx)
	t.viewer = t.replay.Viewer(m, rules.NoSeat)
	if err := t.replayHistory(ctx); err != nil {
		return nil, err
	}
	t.refresh()
	return t, nil
}

// replayLogViewer is whose secrets a replayed log may tell: as seen, the one person's (a
// spectator's at a hot seat or among AIs); all cards open, the seat in view's.
func (t *Table) replayLogViewer() rules.Seat {
	if t.replay.View == table.AllOpen {
		return t.viewer
	}
	return t.replay.Viewer(t.m, rules.NoSeat)
}

// Idle implements table.ReplayTable.
func (t *Table) Idle() bool { return !t.seq.Busy() && !t.covered && t.overlay.kind == overlayNone }

// ReplayBar implements table.ReplayTable: the two bottom rows of the action panel, where a
// person's buttons would be.
func (t *Table) ReplayBar() scenes.Rect {
	top, foot := PanelSlot(1, 0), PanelSlot(0, -1)
	return scenes.Rect{X: PanelRect.X + 6, Y: top.Y - 4, W: PanelRect.W - 12, H: foot.Y + foot.H - top.Y + 6}
}

// Dispose frees the table's cached layer when the replay drops the table for another (a
// seek); the replay calls it through an optional interface.
func (t *Table) Dispose() {
	t.layer.Dispose()
}
