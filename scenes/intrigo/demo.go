package intrigo

import (
	"context"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes/table"
)

// Scenes for visual checks: a game fast-forwarded, without animation, to a moment worth
// looking at. Every action still goes through the match (the rules validate, the record
// is kept); the moves come from the bots, the human seat's from the greedy bot.

// fastForward plays t's match until stop holds or the game ends.
func fastForward(ctx *game.Context, t *Table, stop func(s *ig.State) bool) error {
	bots := map[string]rules.Bot{}
	for n := 0; n < 20000; n++ {
		s := t.m.State().(*ig.State)
		if s.Over() || stop(s) {
			break
		}
		seat := s.ToAct()
		name := t.m.Player(seat).Bot
		if name == "" {
			name = "greedy"
		}
		bot, ok := bots[name+string(rune('0'+seat))]
		if !ok {
			var err error
			bot, err = ig.Game{}.NewBot(name, t.cfg.Seed+uint64(seat), 0)
			if err != nil {
				return err
			}
			bots[name+string(rune('0'+seat))] = bot
		}
		a, err := bot.Choose(context.Background(), s.Observe(seat), s.Legal(seat))
		if err != nil {
			return err
		}
		ev, err := t.m.Apply(seat, a)
		if err != nil {
			return err
		}
		tb := t.table()
		evs := asEvents(ev)
		told := retold(evs)
		for i, e := range evs {
			if line, strong, ok := eventLine(ctx, tb, e); ok && told[i] {
				t.log.Add(table.LogLine{Text: line, Colour: seatColour(actor(e)), Strong: strong})
			}
		}
	}
	t.atRest()
	return nil
}

// demoPlayers are five AI seats of every level.
func demoPlayers() []play.Player {
	return []play.Player{levels[OptHard], levels[OptNormal], levels[OptHard], levels[OptEasy], levels[OptNormal]}
}

func newDemoGame(ctx *game.Context) (game.Scene, error) {
	t, err := NewTable(ctx, Config{Players: demoPlayers(), Seed: uint64(ctx.Seed)})
	if err != nil {
		return nil, err
	}
	// Into the third round, at a negotiation.
	err = fastForward(ctx, t, func(s *ig.State) bool {
		tb := &s.Table
		return tb.TurnsBegun[tb.First] >= 3 && tb.Step == ig.StepNegotiate
	})
	return t, err
}

func newDemoNegotiation(ctx *game.Context) (game.Scene, error) {
	ps := demoPlayers()
	ps[0] = play.Player{Kind: play.Human}
	t, err := NewTable(ctx, Config{Players: ps, Seed: uint64(ctx.Seed)})
	if err != nil {
		return nil, err
	}
	// Until the human speaks in a negotiation in the second round or later.
	err = fastForward(ctx, t, func(s *ig.State) bool {
		tb := &s.Table
		return tb.TurnsBegun[0] >= 2 && tb.Step == ig.StepNegotiate && s.ToAct() == 0 && tb.Receive.Negotiation.Open < 0
	})
	return t, err
}

func newDemoResults(ctx *game.Context) (game.Scene, error) {
	ps := demoPlayers()
	t, err := NewTable(ctx, Config{Players: ps, Seed: uint64(ctx.Seed)})
	if err != nil {
		return nil, err
	}
	if err := fastForward(ctx, t, func(*ig.State) bool { return false }); err != nil {
		return nil, err
	}
	return newResults(ctx, t.m.State().(*ig.State), ps), nil
}

// newDemoBenchmark is five AI seats late in a game (the first player's last turn), for the
// frame-time benchmark: every palace staffed, the island filling, coins about to fly.
func newDemoBenchmark(ctx *game.Context) (game.Scene, error) {
	t, err := NewTable(ctx, Config{Players: demoPlayers(), Seed: uint64(ctx.Seed)})
	if err != nil {
		return nil, err
	}
	err = fastForward(ctx, t, func(s *ig.State) bool {
		tb := &s.Table
		return tb.TurnsBegun[tb.First] >= ig.TurnsPerPlayer && tb.Step == ig.StepNegotiate
	})
	return t, err
}

// newDemoLedger is the negotiation check with the ledger open (a human in view, so its
// private notes show beside the ledger).
func newDemoLedger(ctx *game.Context) (game.Scene, error) {
	sc, err := newDemoNegotiation(ctx)
	if err != nil {
		return nil, err
	}
	t := sc.(*Table)
	t.notes.set(0, 1, ctx.T("intrigo.notes.example"))
	t.ledger = newLedgerPanel(t.viewer)
	return t, nil
}
