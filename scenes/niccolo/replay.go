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

// replaying is what a table playing back a game keeps: whose eyes it looks through.
type replaying = table.ReplayEyes

// NewReplayTable builds the table at rest at m's position, its log told up to there.
func NewReplayTable(ctx *game.Context, m *play.Match, view table.ReplayView) (table.ReplayTable, error) {
	cfg := Config{Seed: m.Record().Seed}
	copy(cfg.Players[:], m.SeatedPlayers())
	if s, ok := m.State().(*nic.State); ok {
		cfg.Variant = s.Variant()
	}
	t := newTable(cfg)
	t.m = m
	t.replay = table.NewReplayEyes(m, view)
	t.start(ctx)
	if err := t.chronicle(ctx); err != nil {
		return nil, err
	}
	return t, nil
}

// replayViewer is whose observation the replayed table shows (table.ReplayEyes); with
// all cards open, every hand is also shown beside its family (drawOpenHand).
func (t *Table) replayViewer() rules.Seat { return t.replay.Viewer(t.m, t.viewer) }

// drawOpenHand draws family f's hand face up at (x, y) when the replay shows all cards
// open and the table is at rest (while the steps play, the backs stand in, so the picture
// never runs ahead of the animation). Each hand comes from its own seat's observation.
func (t *Table) drawOpenHand(p scenes.Painter, ctx *game.Context, f int, x, y float64) bool {
	if t.replay == nil || t.replay.View != table.AllOpen || t.seq.Busy() {
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
