package table

import (
	"testing"

	"principe/game/play"
	"principe/rules"
	nic "principe/rules/niccolo"
)

// TestReplayEyes checks whose observation a replayed table shows.
func TestReplayEyes(t *testing.T) {
	human, ai := play.Player{Kind: play.Human}, play.Player{Kind: play.AI, Level: "easy", Bot: nic.BotRandom}
	game := func(players []play.Player) *rules.Record {
		m, _, err := play.NewMatch(nic.Name, nil, 2, players, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 30; i++ {
			seat := m.ToAct()
			if _, err := m.Apply(seat, m.State().Legal(seat)[0]); err != nil {
				t.Fatal(err)
			}
		}
		return m.Record()
	}
	each := func(players []play.Player, view ReplayView, check func(m *play.Match, current, got rules.Seat)) {
		rec := game(players)
		for k := 0; k <= len(rec.Actions); k++ {
			m, err := play.NewReplay(rec, players, k)
			if err != nil {
				t.Fatal(err)
			}
			e := NewReplayEyes(m, view)
			for _, current := range []rules.Seat{rules.NoSeat, 0, 1, 2} {
				check(m, current, e.Viewer(m, current))
			}
		}
	}
	// One person: as seen, always through that person's seat, whoever acts.
	solo := []play.Player{ai, ai, human, ai}
	each(solo, AsSeen, func(m *play.Match, _, got rules.Seat) {
		if got != 2 {
			t.Fatalf("as seen with one person (seat 2): seat %d shown", got)
		}
	})
	// All cards open: the seat to act.
	each(solo, AllOpen, func(m *play.Match, _, got rules.Seat) {
		if got != m.ToAct() {
			t.Fatalf("all open: seat %d shown, seat %d to act", got, m.ToAct())
		}
	})
	// Hot seat: the person to act; while an AI acts, the person last in view stays.
	hot := []play.Player{human, ai, human, ai}
	each(hot, AsSeen, func(m *play.Match, current, got rules.Seat) {
		next := m.ToAct()
		switch {
		case m.Seated(next).Kind == play.Human && got != next:
			t.Fatalf("hot seat: seat %d shown, the person to act is %d", got, next)
		case m.Seated(next).Kind != play.Human && current != rules.NoSeat && m.Seated(current).Kind == play.Human && got != current:
			t.Fatalf("hot seat, an AI to act: seat %d shown instead of the last person's %d", got, current)
		case got != rules.NoSeat && m.Seated(got).Kind != play.Human:
			t.Fatalf("hot seat, as seen: the AI seat %d's hand is shown", got)
		}
	})
}
