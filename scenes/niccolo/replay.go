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

// replaying is what a table playing back a game keeps: whose eyes it looks through, and
// with all cards open the hands as they were when the table was last at rest.
type replaying struct {
	*table.ReplayEyes
	hands [4][]nic.Card
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
	t.replay = &replaying{ReplayEyes: table.NewReplayEyes(m, view)}
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
// open. Each hand comes from its own seat's observation, read when the table is at rest;
// while the steps play, the hands of the last rest stand in, as many of them as the
// animation has reached (backs for the cards dealt since), so the picture never runs
// ahead of the animation.
func (t *Table) drawOpenHand(p scenes.Painter, ctx *game.Context, f int, x, y float64) bool {
	if t.replay == nil || t.replay.View != table.AllOpen {
		return false
	}
	if !t.seq.Busy() {
		o := t.m.State().Observe(rules.Seat(f)).(*nic.Observation)
		t.replay.hands[f] = append(t.replay.hands[f][:0], o.Hand...)
	}
	hand := t.replay.hands[f]
	for k := 0; k < t.v.hands[f]; k++ {
		if k < len(hand) {
			drawCard(p, ctx.Tr(), hand[k], x+float64(k)*25, y, 22, 0, 0)
		} else {
			table.DrawCardBack(p, x+float64(k)*25, y, 22, 22*1.45, 0)
		}
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

// Dispose frees the table's cached layer when the replay drops the table for another (a
// seek); the replay calls it through an optional interface.
func (t *Table) Dispose() {
	t.layer.Dispose()
}
