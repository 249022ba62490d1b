package history

import (
	"context"
	"testing"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	"principe/scenes/table"

	_ "principe/scenes/intrigo"
	_ "principe/scenes/machiavelli"
	_ "principe/scenes/makiavelia"
	_ "principe/scenes/niccolo"
)

// played plays a game of gameName with its first bot in every seat, for at most limit
// actions, and returns the record (a person sits in seat 0, as far as the replay knows).
func played(t *testing.T, gameName string, seed uint64, limit int) (*rules.Record, []play.Player) {
	t.Helper()
	g, ok := rules.Lookup(gameName)
	if !ok {
		t.Fatalf("no game %q", gameName)
	}
	s, err := g.NewState(nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := rules.NewRecord(gameName, nil, seed)
	bot := g.Bots()[0]
	players := make([]play.Player, s.Seats())
	bots := make([]rules.Bot, s.Seats())
	for i := range players {
		players[i] = play.Player{Kind: play.AI, Level: "easy", Bot: bot}
		if bots[i], err = g.NewBot(bot, seed+uint64(i), 0); err != nil {
			t.Fatal(err)
		}
	}
	players[0] = play.Player{Kind: play.Human}
	for n := 0; n < limit && !s.Over(); n++ {
		seat := s.ToAct()
		a, err := bots[seat].Choose(context.Background(), s.Observe(seat), s.Legal(seat))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		if err := rec.Add(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return rec, players
}

// TestEveryReplayableTablePlaysItsRecord drives each game's table through the replay
// contract, as the Replay scene does, from the start to the record's end in both views,
// and checks that the table's game is the record's at the end, and that a table rebuilt
// in the middle (a seek back) goes on to the same end.
func TestEveryReplayableTablePlaysItsRecord(t *testing.T) {
	store := game.NewMemStorage()
	app, err := game.NewApp(game.Options{Storage: store, Scene: "title", Audio: game.AudioOff})
	if err != nil {
		t.Fatal(err)
	}
	ctx := app.Context()
	st := ctx.Settings()
	st.AnimSpeed = game.AnimInstant
	if err := ctx.SetSettings(st); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"niccolo", "machiavelli", "intrigo", "makiavelia"} {
		t.Run(name, func(t *testing.T) {
			f, ok := table.LookupReplay(name)
			if !ok {
				t.Fatalf("%s registers no replay", name)
			}
			rec, players := played(t, name, 11, 3000)
			want, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			if !want.Over() {
				t.Fatalf("the %s game did not end in %d actions", name, len(rec.Actions))
			}
			hot := append([]play.Player(nil), players...)
			hot[1] = play.Player{Kind: play.Human} // a hot-seat game: no hand in view until a person acts
			for _, run := range []struct {
				view    table.ReplayView
				players []play.Player
			}{{table.AsSeen, players}, {table.AllOpen, players}, {table.AsSeen, hot}} {
				view, players := run.view, run.players
				for _, from := range []int{0, len(rec.Actions) / 2} {
					m, err := play.NewReplay(rec, players, from)
					if err != nil {
						t.Fatal(err)
					}
					tbl, err := f(ctx, m, view)
					if err != nil {
						t.Fatal(err)
					}
					for tick := 0; tick < 40*len(rec.Actions)+400; tick++ {
						if tbl.Idle() && m.Allowed() == m.Position() {
							if m.Position() == len(rec.Actions) {
								break
							}
							m.Allow(m.Position() + 1)
						}
						if m.State().Over() && tbl.Idle() {
							break
						}
						if err := tbl.Update(ctx); err != nil {
							t.Fatal(err)
						}
					}
					if m.Position() != len(rec.Actions) || m.State().Hash() != want.Hash() {
						t.Fatalf("view %d from %d: the table reached action %d of %d", view, from, m.Position(), len(rec.Actions))
					}
					// On the last action the table keeps being updated, and stays.
					top := app.Top()
					for tick := 0; tick < 300; tick++ {
						if err := tbl.Update(ctx); err != nil {
							t.Fatal(err)
						}
					}
					if app.Top() != top {
						t.Fatalf("view %d from %d: the replayed table left for %T", view, from, app.Top())
					}
				}
			}
		})
	}
}
