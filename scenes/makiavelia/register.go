// Package makiavelia is Makiavelia at the table: the setup (3–8 seats, each a human or
// an AI level), the table where every City stays readable with 8 players, the attack
// with its odds, dice and wounds, trades, the negotiation with its power sums and
// regimes, the results with the power chart, the card browser and the illustrated
// rules help. The rules are package rules/makiavelia; this package only shows them
// and proposes actions through game/play's Match.
package makiavelia

import (
	"principe/game"
	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
)

// BadAutosaveName is where an autosave that does not resume is set aside.
const BadAutosaveName = "autosave.json.bad"

// aiTable is an all-AI table of n seats (Normal, with one Hard), for the check scenes.
func aiTable(ctx *game.Context, n int) (*Table, error) {
	cfg := Config{Seed: uint64(ctx.Seed)}
	for i := 0; i < n; i++ {
		p := levels[OptNormal]
		if i == 1 {
			p = levels[OptHard]
		}
		cfg.Players = append(cfg.Players, p)
	}
	return NewTable(ctx, cfg)
}

// humanTable is one human (seat 0) against n-1 AIs.
func humanTable(ctx *game.Context, n int) (*Table, error) {
	cfg := Config{Seed: uint64(ctx.Seed), Players: []play.Player{{Kind: play.Human}}}
	for i := 1; i < n; i++ {
		cfg.Players = append(cfg.Players, levels[OptNormal])
	}
	return NewTable(ctx, cfg)
}

func init() {
	game.RegisterScene("makiavelia/setup", NewSetup)
	game.RegisterScene("makiavelia/rules", NewHelp)
	game.RegisterScene("makiavelia/cards", NewBrowser)
	// "makiavelia" opens an AI game in progress (-scene makiavelia -seed N), 4 seats;
	// "makiavelia/8" the same with 8 seats.
	game.RegisterScene("makiavelia", func(ctx *game.Context) (game.Scene, error) {
		t, err := aiTable(ctx, 4)
		if err != nil {
			return nil, err
		}
		return t, t.fastForward(ctx, func(o *mak.Observation) bool { return o.Round >= 3 && o.Step == mak.StepTurn })
	})
	game.RegisterScene("makiavelia/8", func(ctx *game.Context) (game.Scene, error) {
		t, err := aiTable(ctx, 8)
		if err != nil {
			return nil, err
		}
		return t, t.fastForward(ctx, func(o *mak.Observation) bool { return o.Round >= 4 && o.Step == mak.StepTurn })
	})
	// "makiavelia/attack": a human about to place the wounds of an attack.
	game.RegisterScene("makiavelia/attack", func(ctx *game.Context) (game.Scene, error) {
		t, err := humanTable(ctx, 5)
		if err != nil {
			return nil, err
		}
		return t, t.fastForwardHuman(ctx, func(o *mak.Observation) bool { return o.Round >= 2 && o.Step == mak.StepWounds })
	})
	// "makiavelia/negotiation": a human answering or making a regime proposal.
	game.RegisterScene("makiavelia/negotiation", func(ctx *game.Context) (game.Scene, error) {
		t, err := humanTable(ctx, 5)
		if err != nil {
			return nil, err
		}
		return t, t.fastForwardHuman(ctx, func(o *mak.Observation) bool {
			return o.Round >= 2 && (o.Step == mak.StepPropose || o.Step == mak.StepVote)
		})
	})
	// "makiavelia/results": the results of an all-AI game played to the end.
	game.RegisterScene("makiavelia/results", func(ctx *game.Context) (game.Scene, error) {
		t, err := aiTable(ctx, 5)
		if err != nil {
			return nil, err
		}
		if err := t.fastForward(ctx, func(o *mak.Observation) bool { return false }); err != nil {
			return nil, err
		}
		return newResults(ctx, t), nil
	})
	game.RegisterGame(game.GameInfo{
		ID:    "makiavelia",
		Setup: NewSetup,
		Resume: func(ctx *game.Context, autosave []byte) (game.Scene, error) {
			t, err := ResumeTable(ctx, autosave)
			if err != nil {
				// A save that cannot be resumed is set aside (kept for a bug report), so
				// Continue does not offer it again; the title reports the error.
				_ = ctx.Store.Rename(game.AutosaveName, BadAutosaveName)
				return nil, err
			}
			return t, nil
		},
	})
}

// fastForward plays the AIs (each deciding from its own observation, as at the table)
// until stop says so or the game is over, without animations.
func (t *Table) fastForward(ctx *game.Context, stop func(o *mak.Observation) bool) error {
	for !t.m.State().Over() {
		if stop(t.m.State().Observe(rules.NoSeat).(*mak.Observation)) {
			break
		}
		seat := t.m.ToAct()
		if t.m.Player(seat).Kind != play.AI {
			break
		}
		job := play.Think(t.botFor(seat), t.m.State().Observe(seat), t.m.State().Legal(seat), 0)
		a, err := job.Wait()
		if err != nil {
			return err
		}
		ev, err := t.m.Apply(seat, a)
		if err != nil {
			return err
		}
		for _, e := range ev {
			t.note(forViewer(e.(mak.Event), rules.NoSeat))
			if line := describe(ctx, forViewer(e.(mak.Event), t.logViewer())); line.Text != "" {
				t.log.Add(line)
			}
		}
	}
	t.atRest()
	return nil
}

// fastForwardHuman is fastForward with the human seat played by the Normal bot until
// the position stop asks for is the human's to answer.
func (t *Table) fastForwardHuman(ctx *game.Context, stop func(o *mak.Observation) bool) error {
	human := rules.Seat(0)
	bot, err := mak.NewBot("greedy", t.cfg.Seed, 0)
	if err != nil {
		return err
	}
	for steps := 0; !t.m.State().Over() && steps < 20000; steps++ {
		seat := t.m.ToAct()
		if seat == human && stop(t.m.State().Observe(human).(*mak.Observation)) {
			break
		}
		b := bot
		if seat != human {
			b = t.botFor(seat)
		}
		a, err := play.Think(b, t.m.State().Observe(seat), t.m.State().Legal(seat), 0).Wait()
		if err != nil {
			return err
		}
		ev, err := t.m.Apply(seat, a)
		if err != nil {
			return err
		}
		for _, e := range ev {
			me := e.(mak.Event)
			t.note(forViewer(me, rules.NoSeat))
			if line := describe(ctx, forViewer(me, human)); line.Text != "" {
				t.log.Add(line)
			}
			if me.Kind == mak.EvAttack { // the last roll stays in its tray while its wounds are placed
				t.fx.dice = &diceTray{attacker: me.Seat, target: me.Target, faces: append([]int(nil), me.Dice...), hits: me.Hits, shown: 1}
			}
		}
	}
	t.atRest()
	return nil
}

// botFor is a fresh bot of seat's level (the match's own bots stay with the match).
func (t *Table) botFor(seat rules.Seat) rules.Bot {
	p := t.m.Player(seat)
	b, err := mak.NewBot(p.Bot, t.cfg.Seed+uint64(seat)*7919+uint64(len(t.m.Record().Actions)), p.Budget)
	if err != nil {
		b, _ = mak.NewBot("greedy", t.cfg.Seed, 0)
	}
	return b
}
