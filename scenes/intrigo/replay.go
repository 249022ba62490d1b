package intrigo

import (
	"principe/game"
	"principe/game/play"
	"principe/rules"
	"principe/scenes"
	"principe/scenes/table"
)

// The Intrigo table in a replay (the contract is table.ReplayTable): the same Table,
// around a play.NewReplay match whose seats the record drives through the AI path.

func init() { table.RegisterReplay("intrigo", NewReplayTable) }

// NewReplayTable builds the table at rest at m's position, its chronicle told up to there.
func NewReplayTable(ctx *game.Context, m *play.Match, view table.ReplayView) (table.ReplayTable, error) {
	cfg := Config{Seed: m.Record().Seed, Players: m.SeatedPlayers()}
	t := newTable(ctx, cfg, m)
	t.replay = table.NewReplayEyes(m, view)
	t.atRest()
	t.retell(ctx)
	return t, nil
}

// replayViewer is whose observation the replayed table shows. Among AIs the live table
// looks on as a spectator (every purse hidden); so does the replay as seen, while all
// cards open follows the seat to act, its purse shown.
func (t *Table) replayViewer() rules.Seat {
	v := t.replay.Viewer(t.m, t.viewer)
	if t.replay.View == table.AsSeen && t.m.Seated(v).Kind != play.Human {
		return rules.NoSeat
	}
	return v
}

// Idle implements table.ReplayTable.
func (t *Table) Idle() bool { return !t.seq.Busy() && !t.covered && t.ledger == nil }

// ReplayBar implements table.ReplayTable: the foot of the action panel, where a person's
// choices would be.
func (t *Table) ReplayBar() scenes.Rect {
	return scenes.Rect{X: actionRect.X + 2, Y: actionRect.Y + actionRect.H - 48, W: 536, H: 44}
}
