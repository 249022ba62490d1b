package niccolo

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	nic "principe/rules/niccolo"
)

// The numbers on the table (hand fans, draw piles, discards, the hand in view) must be
// true at every frame: an animation may lag the game, never run ahead of it. These tests
// drive the table frame by frame through the opening deal and through the first
// reshuffle and compare every frame with the rules' observations before and after. They
// need no graphics (nothing is drawn).

// newTestTable starts a table for cfg in an app with the given animation speed and no
// sound.
func newTestTable(t *testing.T, cfg Config, speed game.AnimSpeed) (*Table, *game.Context) {
	t.Helper()
	app, err := game.NewApp(game.Options{Storage: game.NewMemStorage(), Audio: game.AudioOff, Scene: "niccolo/setup", Log: func(string, ...any) {}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := app.Context()
	st := ctx.Settings()
	st.AnimSpeed = speed
	_ = ctx.SetSettings(st)
	tb, err := NewTable(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return tb, ctx
}

// allCards checks that every family's cards are all somewhere: in its pile, its hand,
// its discards or in the air, as many as in o.
func allCards(v *view, o *nic.Observation) error {
	for f := 0; f < 4; f++ {
		total := o.PileSizes[f] + o.HandSizes[f] + len(o.Discards[f])
		air := 0
		if v.flying != nil && v.flying.family == f {
			air = 1
		}
		if got := v.piles[f] + v.hands[f] + len(v.discards[f]) + air; got != total {
			return fmt.Errorf("family %d: pile %d + hand %d + discards %d + flying %d = %d cards, the family has %d",
				f, v.piles[f], v.hands[f], len(v.discards[f]), air, got, total)
		}
	}
	return nil
}

// countsBetween checks one frame: every family's cards are all somewhere (pile, hand,
// discards or in the air), and each number lies between the table before (from) and after
// (to) the events being shown, never beyond the latter.
func countsBetween(v *view, from, to *nic.Observation) error {
	if err := allCards(v, to); err != nil {
		return err
	}
	for f := 0; f < 4; f++ {
		if lo, hi := min(from.HandSizes[f], to.HandSizes[f]), max(from.HandSizes[f], to.HandSizes[f]); v.hands[f] < lo || v.hands[f] > hi {
			return fmt.Errorf("family %d shows a hand of %d, outside %d…%d", f, v.hands[f], lo, hi)
		}
		if lo, hi := min(from.PileSizes[f], to.PileSizes[f]), max(from.PileSizes[f], to.PileSizes[f]); v.piles[f] < lo || v.piles[f] > hi {
			return fmt.Errorf("family %d shows a draw pile of %d, outside %d…%d", f, v.piles[f], lo, hi)
		}
		if len(v.discards[f]) > len(to.Discards[f]) && len(v.discards[f]) > len(from.Discards[f]) {
			return fmt.Errorf("family %d shows %d discards, more than before (%d) or after (%d)", f, len(v.discards[f]), len(from.Discards[f]), len(to.Discards[f]))
		}
	}
	if s := to.Viewer; s >= 0 && s < 4 {
		if len(v.hand) != v.hands[s] {
			return fmt.Errorf("the hand in view has %d cards, its fan says %d", len(v.hand), v.hands[s])
		}
		for _, c := range v.hand {
			if !slices.Contains(to.Hand, c) && !slices.Contains(from.Hand, c) {
				return fmt.Errorf("the hand in view shows %v, which the seat never held (hand %v, before %v, after %v)", c, v.hand, from.Hand, to.Hand)
			}
		}
	}
	return nil
}

// atRestMatches checks the picture against the observation once the animations are over.
func atRestMatches(v *view, o *nic.Observation) error {
	for f := 0; f < 4; f++ {
		if v.piles[f] != o.PileSizes[f] || v.hands[f] != o.HandSizes[f] || !slices.Equal(v.discards[f], o.Discards[f]) {
			return fmt.Errorf("family %d at rest: pile %d hand %d discards %v, the rules say %d, %d, %v",
				f, v.piles[f], v.hands[f], v.discards[f], o.PileSizes[f], o.HandSizes[f], o.Discards[f])
		}
	}
	if o.Viewer >= 0 && !slices.Equal(v.hand, o.Hand) {
		return fmt.Errorf("hand at rest %v, the rules say %v", v.hand, o.Hand)
	}
	return nil
}

// runFrames plays the queued animation frame by frame through the scene's Update,
// checking every frame with check, and the picture at rest against to.
func runFrames(t *testing.T, ctx *game.Context, tb *Table, to *nic.Observation, check func(v *view) error) int {
	t.Helper()
	frames := 0
	for {
		if err := check(&tb.v); err != nil {
			t.Fatalf("frame %d: %v", frames, err)
		}
		if !tb.seq.Busy() {
			break
		}
		if err := tb.Update(ctx); err != nil {
			t.Fatal(err)
		}
		frames++
		if frames > 20000 {
			t.Fatal("the animation never ends")
		}
	}
	if err := atRestMatches(&tb.v, to); err != nil {
		t.Fatal(err)
	}
	return frames
}

// emptyHands is o with every family's cards gathered in its draw pile.
func emptyHands(o *nic.Observation) *nic.Observation {
	g := *o
	g.Hand = nil
	for f := 0; f < 4; f++ {
		g.PileSizes[f] = o.PileSizes[f] + o.HandSizes[f] + len(o.Discards[f])
		g.HandSizes[f] = 0
		g.Discards[f] = nil
	}
	return &g
}

func TestOpeningDealCountsEveryFrame(t *testing.T) {
	human := play.Player{Kind: play.Human}
	ai := levels[OptNormal]
	envoy := play.Player{Kind: play.Auto}
	for _, c := range []struct {
		name    string
		players [4]play.Player
		variant nic.Variant
	}{
		{"one human", [4]play.Player{human, ai, ai, ai}, nic.Standard},
		{"AI only", [4]play.Player{ai, ai, ai, ai}, nic.Standard},
		{"hot seat with envoys", [4]play.Player{human, envoy, human, envoy}, nic.Standard},
		{"solitaire", [4]play.Player{human, envoy, envoy, envoy}, nic.Solitaire},
	} {
		t.Run(c.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				tb, ctx := newTestTable(t, Config{Players: c.players, Variant: c.variant, Seed: seed}, game.AnimNormal)
				to := tb.obs()
				from := emptyHands(to) // before the deal: every card in its family's pile
				check := func(v *view) error { return countsBetween(v, from, to) }
				if n := runFrames(t, ctx, tb, to, check); n < 10 {
					t.Fatalf("the opening took %d frames; the check saw no animation", n)
				}
			}
		})
	}
}

func TestFirstReshuffleCountsEveryFrame(t *testing.T) {
	ai := levels[OptNormal]
	// One human in seat 0: the hand in view stays that seat's (the bot plays for it).
	tb, ctx := newTestTable(t, Config{Players: [4]play.Player{{Kind: play.Human}, ai, ai, ai}, Seed: 5}, game.AnimNormal)
	tb.seq.Finish()
	tb.atRest()
	bot, err := nic.Game{}.NewBot(nic.BotGreedy, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 2000; n++ {
		s := tb.m.State().(*nic.State)
		if s.Over() {
			t.Fatal("the game ended without a reshuffle")
		}
		seat := s.ToAct()
		a, err := bot.Choose(context.Background(), s.Observe(seat), s.Legal(seat))
		if err != nil {
			t.Fatal(err)
		}
		trial := s.Clone()
		ev, err := trial.Apply(seat, a)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(ev, func(e rules.Event) bool { _, ok := e.(nic.Reshuffled); return ok }) {
			if _, err := tb.m.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			tb.atRest()
			continue
		}
		// This action ends a round on an empty pile: play it as the scene does and
		// check every frame of its animation.
		from := tb.obs()
		tb.apply(ctx, seat, a)
		to := tb.obs()
		// Until the cards are gathered, hands only shrink (cards played) and the piles
		// stay; from the gathering on, the numbers run from full piles to the new table.
		gathered := emptyHands(to)
		seen := false
		check := func(v *view) error {
			for f := 0; f < 4; f++ {
				if v.piles[f] > from.PileSizes[f] {
					seen = true
				}
			}
			if seen {
				return countsBetween(v, gathered, to)
			}
			for f := 0; f < 4; f++ {
				if v.piles[f] != from.PileSizes[f] || v.hands[f] > from.HandSizes[f] {
					return fmt.Errorf("before the reshuffle family %d shows pile %d and hand %d, the table had %d and %d",
						f, v.piles[f], v.hands[f], from.PileSizes[f], from.HandSizes[f])
				}
			}
			return allCards(v, from)
		}
		runFrames(t, ctx, tb, to, check)
		if !seen {
			t.Fatal("the reshuffle was never shown")
		}
		return
	}
	t.Fatal("no reshuffle in 2000 actions")
}
