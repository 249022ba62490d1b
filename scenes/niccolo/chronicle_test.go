package niccolo

import (
	"context"
	"slices"
	"testing"

	"principe/game"
	"principe/game/play"
	nic "principe/rules/niccolo"
)

// TestContinueRebuildsTheChronicle plays part of a game through the table (each action
// animated and logged as in play), resumes its autosave in a new table and expects the
// same log, line for line, then the line saying where the game was resumed, and the same
// counts for the results.
func TestContinueRebuildsTheChronicle(t *testing.T) {
	for _, c := range []struct {
		name    string
		players [4]play.Player
		variant nic.Variant
		actions int
	}{
		{"one human", [4]play.Player{{Kind: play.Human}, levels[OptNormal], levels[OptEasy], levels[OptNormal]}, nic.Standard, 150},
		{"solitaire", [4]play.Player{{Kind: play.Human}, {Kind: play.Auto}, {Kind: play.Auto}, {Kind: play.Auto}}, nic.Solitaire, 40},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb, ctx := newTestTable(t, Config{Players: c.players, Variant: c.variant, Seed: 11}, game.AnimInstant)
			tb.seq.Finish()
			bot, err := nic.Game{}.NewBot(nic.BotGreedy, 11, 0)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < c.actions && !tb.m.State().Over(); n++ {
				s := tb.m.State()
				seat := s.ToAct()
				a, err := bot.Choose(context.Background(), s.Observe(seat), s.Legal(seat))
				if err != nil {
					t.Fatal(err)
				}
				trial := s.Clone()
				if _, err := trial.Apply(seat, a); err == nil && trial.Over() {
					break // keep the game in progress: only a game in progress resumes
				}
				tb.apply(ctx, seat, a)
				tb.seq.Finish()
			}
			if n := len(tb.m.Record().Actions); n < 10 {
				t.Fatalf("only %d actions played", n)
			}
			doc, err := tb.m.AutosaveDocument()
			if err != nil {
				t.Fatal(err)
			}
			rt, err := ResumeTable(ctx, doc)
			if err != nil {
				t.Fatal(err)
			}
			played, resumed := tb.log.Lines, rt.log.Lines
			if len(played) < 20 {
				t.Fatalf("only %d lines were logged in play", len(played))
			}
			if len(resumed) != len(played)+1 || !slices.Equal(resumed[:len(played)], played) {
				t.Fatalf("resumed log (%d lines) differs from the log in play (%d lines):\n%v\n%v", len(resumed), len(played), resumed, played)
			}
			if last := resumed[len(resumed)-1].Text; last != ctx.F("niccolo.log.resumed", len(tb.m.Record().Actions)) {
				t.Errorf("last line %q", last)
			}
			if rt.st != tb.st {
				t.Errorf("results counts after resume %+v, in play %+v", rt.st, tb.st)
			}
		})
	}
}
