package niccolo

import (
	"testing"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	nic "principe/rules/niccolo"
	"principe/scenes/table"
)

// longGame plays a hot-seat Niccolò game in which every seat chooses the action that
// keeps the families' progress lowest, until round rounds is over; it returns the record
// and how many of its actions those rounds took.
func longGame(tb testing.TB, seed uint64, rounds int) (*rules.Record, []play.Player, int) {
	tb.Helper()
	players := []play.Player{{Kind: play.Human}, {Kind: play.Human}, {Kind: play.Human}, {Kind: play.Human}}
	m, _, err := play.NewMatch(nic.Name, nil, seed, players, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for !m.State().Over() {
		if o := m.State().Observe(rules.NoSeat).(*nic.Observation); o.Round > rounds {
			return m.Record(), players, len(m.Record().Actions)
		}
		seat := m.ToAct()
		var best rules.Action
		bestV := 1 << 30
		for _, a := range m.State().Legal(seat) {
			c := m.State().Clone()
			if _, err := c.Apply(seat, a); err != nil {
				continue
			}
			o := c.Observe(rules.NoSeat).(*nic.Observation)
			v := 0
			for f := 0; f < 4; f++ {
				v += o.Progress[f] * o.Progress[f]
			}
			if c.Over() {
				v += 1 << 20
			}
			if v < bestV {
				bestV, best = v, a
			}
		}
		if _, err := m.Apply(seat, best); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Fatalf("seed %d: the game ended before round %d", seed, rounds)
	return nil, nil, 0
}

// BenchmarkReplaySeek100Rounds measures a seek in the replay of a 100-round game: the
// record replayed from its start to the end of round 100 (play.NewReplay) and the table
// rebuilt there, its log told again (NewReplayTable), which is what every step back does.
func BenchmarkReplaySeek100Rounds(b *testing.B) {
	rec, players, k := longGame(b, 1, 100)
	app, err := game.NewApp(game.Options{Storage: game.NewMemStorage(), Scene: "title", Audio: game.AudioOff})
	if err != nil {
		b.Fatal(err)
	}
	ctx := app.Context()
	b.Logf("a 100-round game: %d actions", k)
	b.Run("rules", func(b *testing.B) {
		for b.Loop() {
			if _, err := play.NewReplay(rec, players, k); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("table", func(b *testing.B) {
		for b.Loop() {
			m, err := play.NewReplay(rec, players, k)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := NewReplayTable(ctx, m, table.AsSeen); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestReplayTableShowsWhatTheSeatSaw checks the two views of a replayed solitaire: as
// the table saw it, only the player's hand is known; with all cards open, every hand is
// shown, each from its own seat's observation, and the board is the same.
func TestReplayTableShowsWhatTheSeatSaw(t *testing.T) {
	rec, players, k := longGame(t, 3, 2)
	players[1] = play.Player{Kind: play.AI, Level: "easy"}
	app, err := game.NewApp(game.Options{Storage: game.NewMemStorage(), Scene: "title", Audio: game.AudioOff})
	if err != nil {
		t.Fatal(err)
	}
	ctx := app.Context()
	players[2], players[3] = play.Player{Kind: play.AI, Level: "hard"}, play.Player{Kind: play.AI, Level: "normal"}
	m, err := play.NewReplay(rec, players, k-3)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewReplayTable(ctx, m, table.AsSeen)
	if err != nil {
		t.Fatal(err)
	}
	tb := rt.(*Table)
	if tb.viewer != 0 {
		t.Fatalf("as seen, the table looks through seat %d, not the one person's (0)", tb.viewer)
	}
	want := m.State().Observe(0).(*nic.Observation)
	if len(tb.v.hand) != len(want.Hand) || tb.v.round != want.Round {
		t.Fatalf("the hand in view is %v, the player's is %v", tb.v.hand, want.Hand)
	}
	if tb.seatLabel(ctx, 0) != ctx.T("niccolo.seat.human") || tb.seatLabel(ctx, 2) != ctx.F("niccolo.seat.ai", ctx.T("niccolo.level.hard")) {
		t.Fatalf("seats labelled %q, %q: not who sat there", tb.seatLabel(ctx, 0), tb.seatLabel(ctx, 2))
	}
	if !tb.Idle() {
		t.Fatal("a table rebuilt at rest is busy")
	}
	// The replay moves on only as allowed, through the AI path, and stops at the end.
	for i := 0; i < 600 && m.Position() < k; i++ {
		if tb.Idle() && m.Allowed() == m.Position() {
			m.Allow(m.Position() + 1)
		}
		if err := tb.Update(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if m.Position() != k {
		t.Fatalf("the replay reached action %d, want %d", m.Position(), k)
	}
	if m.State().Hash() != stateAfter(t, rec, k).Hash() {
		t.Fatal("the replayed table's game is not the record's")
	}
	// All cards open: every family's hand, each from its own observation.
	open, err := NewReplayTable(ctx, m, table.AllOpen)
	if err != nil {
		t.Fatal(err)
	}
	ot := open.(*Table)
	if ot.replay.View != table.AllOpen || ot.viewer != m.ToAct() {
		t.Fatalf("all open looks through seat %d, not the seat to act (%d)", ot.viewer, m.ToAct())
	}
}

func stateAfter(t *testing.T, rec *rules.Record, k int) rules.State {
	t.Helper()
	c := rec.Clone()
	c.Actions = c.Actions[:k]
	s, err := c.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
