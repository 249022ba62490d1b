package machiavelli

import (
	"fmt"

	"principe/game"
	"principe/game/history"
	"principe/game/play"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// The Machiavelli table in a replay (the contract is table.ReplayTable): the same Table,
// around a play.NewReplay match whose seats the record drives through the AI path. Hints
// are off; the scores between games go on by themselves, as among AIs.

func init() {
	table.RegisterReplay("machiavelli", NewReplayTable)
	history.RegisterSeatNames("machiavelli", func(seat int) string { return seatNames[seat%len(seatNames)] })
}

// replaying is whose eyes a replayed table looks through.
type replaying = table.ReplayEyes

// NewReplayTable builds the table at rest at m's position, its chronicle told up to there.
func NewReplayTable(ctx *game.Context, m *play.Match, view table.ReplayView) (table.ReplayTable, error) {
	s, ok := m.State().(*mach.State)
	if !ok {
		return nil, fmt.Errorf("the game is not a Machiavelli game")
	}
	cfg := Config{Options: s.Opt, Players: m.SeatedPlayers(), Seed: m.Record().Seed, NoHints: true}
	t := newTable(ctx, cfg, m)
	t.replay = table.NewReplayEyes(m, view)
	t.hand = nil
	t.atRest()
	t.replayChronicle(ctx)
	return t, nil
}

// Idle implements table.ReplayTable.
func (t *Table) Idle() bool { return !t.seq.Busy() && t.ending == nil && !t.covered }

// ReplayBar implements table.ReplayTable: the left of the bottom row of buttons (Draw,
// End turn…), which nobody uses in a replay.
func (t *Table) ReplayBar() scenes.Rect { return scenes.Rect{X: 16, Y: buttonsY, W: 536, H: 44} }

// Dispose frees the table's cached layer when the replay drops the table for another (a
// seek); the replay calls it through an optional interface.
func (t *Table) Dispose() {
	t.layer.Dispose()
}
