package machiavelli

import (
	"context"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	mach "principe/rules/machiavelli"
)

// Scenes for visual checks (-scene … -screenshot): a match fast-forwarded, without
// animation, to a moment worth looking at. Every action still goes through the match
// (the rules validate, the record is kept); the choices come from the greedy bot.

const (
	demoAI   = iota // four AI seats, a few rounds in
	demoHint        // a human's turn with the hint open
)

// fastForward plays t's match until stop holds or the match ends.
func fastForward(ctx *game.Context, t *Table, stop func(o *mach.Observation) bool) error {
	g, _ := rules.Lookup("machiavelli")
	bot, err := g.NewBot("greedy", t.cfg.Seed, 0)
	if err != nil {
		return err
	}
	for n := 0; n < 3000; n++ {
		s := t.m.State()
		if s.Over() || stop(s.Observe(s.ToAct()).(*mach.Observation)) {
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
		for _, e := range ev {
			t.logEvent(ctx, forSeat(e, t.viewer))
		}
		t.sh.table = cloneTable(s.Observe(seat).(*mach.Observation).Table)
	}
	t.seq.Finish()
	t.atRest()
	return nil
}

func demoTable(ctx *game.Context, kind int) (*Table, error) {
	ai := levels[optNormal]
	cfg := Config{Options: mach.Coppola(4), Seed: uint64(ctx.Seed), Players: []play.Player{ai, ai, ai, ai}}
	if kind == demoHint {
		cfg.Options = mach.BGA(3)
		cfg.Players = []play.Player{{Kind: play.Human}, ai, ai}
	}
	t, err := NewTable(ctx, cfg)
	if err != nil {
		return nil, err
	}
	switch kind {
	case demoAI:
		err = fastForward(ctx, t, func(o *mach.Observation) bool { return len(o.Log) >= 24 })
	case demoHint:
		err = fastForward(ctx, t, func(o *mach.Observation) bool {
			return o.Me == 0 && len(o.Table) >= 3 && mach.Solve(o.Position(), o.Opt).Placed >= 2
		})
		if err == nil && !t.m.State().Over() {
			o := t.obs()
			t.draft = NewDraftOrdered(o, t.hand)
			t.toggleHint(ctx, o)
			sol := <-t.hint.done
			t.hint.sol = &sol
		}
	}
	return t, err
}

// demoResults plays an AI match to its end and opens the results.
func demoResults(ctx *game.Context) (game.Scene, error) {
	t, err := demoTable(ctx, demoAI)
	if err != nil {
		return nil, err
	}
	if err := fastForward(ctx, t, func(*mach.Observation) bool { return false }); err != nil {
		return nil, err
	}
	return newResults(ctx, t), nil
}
