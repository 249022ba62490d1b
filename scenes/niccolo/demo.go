package niccolo

import (
	"context"

	"principe/game"
	"principe/game/play"
	nic "principe/rules/niccolo"
)

// Scenes for visual checks (-scene … -screenshot): a game fast-forwarded, without
// animation, to a moment worth looking at. Every action still goes through the match
// (the rules validate, the record is kept); the human seat's choices come from the
// greedy bot.

// fastForward plays t's match until stop holds or the game ends.
func fastForward(ctx *game.Context, t *Table, stop func(s *nic.State) bool) error {
	g := nic.Game{}
	bot, err := g.NewBot(nic.BotGreedy, t.cfg.Seed, 0)
	if err != nil {
		return err
	}
	for n := 0; n < 5000; n++ {
		s := t.m.State().(*nic.State)
		if s.Over() || stop(s) {
			break
		}
		seat := s.ToAct()
		a, err := bot.Choose(context.Background(), s.Observe(seat), s.Legal(seat))
		if err != nil {
			return err
		}
		ev, err := t.m.Apply(seat, a)
		if err != nil {
			return err
		}
		t.count(ev)
		t.logEvents(ctx, nic.ForSeat(ev, t.viewer))
	}
	t.atRest()
	return nil
}

func demoTable(ctx *game.Context, players [4]play.Player) (*Table, error) {
	cfg := Config{Seed: uint64(ctx.Seed), Players: players}
	return NewTable(ctx, cfg)
}

func init() {
	human := play.Player{Kind: play.Human}
	ai := levels[OptNormal]
	// A human game stopped at the human's first refuse/jump or Gambado question.
	game.RegisterScene("niccolo/prompt", func(ctx *game.Context) (game.Scene, error) {
		t, err := demoTable(ctx, [4]play.Player{human, ai, ai, ai})
		if err != nil {
			return nil, err
		}
		t.seq.Finish()
		err = fastForward(ctx, t, func(s *nic.State) bool {
			o := s.Observe(0).(*nic.Observation)
			return s.ToActSeat() == 0 && o.Choice != nic.NoChoice
		})
		return t, err
	})
	// A human game in its third round, with a card chosen and its preview on the board.
	game.RegisterScene("niccolo/preview", func(ctx *game.Context) (game.Scene, error) {
		t, err := demoTable(ctx, [4]play.Player{human, ai, ai, ai})
		if err != nil {
			return nil, err
		}
		t.seq.Finish()
		err = fastForward(ctx, t, func(s *nic.State) bool {
			o := s.Observe(0).(*nic.Observation)
			return s.ToActSeat() == 0 && o.Phase == nic.CardPlay && o.Round >= 3
		})
		if err != nil {
			return nil, err
		}
		t.sel = 0
		for i, c := range t.v.hand {
			if !c.IsColoured() {
				t.sel = i
				break
			}
		}
		t.marker, t.zone, t.dir = int(nic.Red), int(nic.Fortune), 1
		return t, nil
	})
	// An AI game played to its end, showing the results.
	game.RegisterScene("niccolo/results", func(ctx *game.Context) (game.Scene, error) {
		t, err := demoTable(ctx, [4]play.Player{ai, ai, ai, ai})
		if err != nil {
			return nil, err
		}
		t.seq.Finish()
		if err := fastForward(ctx, t, func(*nic.State) bool { return false }); err != nil {
			return nil, err
		}
		return newResults(ctx, t), nil
	})
}
