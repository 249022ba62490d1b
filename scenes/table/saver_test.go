package table

import (
	"encoding/json"
	"testing"

	"principe/game"
	"principe/game/history"
	"principe/game/play"
	nic "principe/rules/niccolo"
)

func TestAutosaverKeepsFinishedAndAbandonedGames(t *testing.T) {
	store := game.NewMemStorage()
	sv := Autosaver{Store: store}
	seats := []play.Player{{Kind: play.Human}, {Kind: play.Auto}, {Kind: play.Auto}, {Kind: play.Auto}}
	opts := json.RawMessage(`{"variant":"solitaire","seats":["player","envoy","envoy","envoy"]}`)
	m, _, err := play.NewMatch(nic.Name, opts, 4, seats, sv)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !m.State().Over() && n < 3000; n++ {
		seat := m.ToAct()
		if _, err := m.Apply(seat, m.State().Legal(seat)[0]); err != nil {
			t.Fatal(err)
		}
		if m.SaveErr != nil {
			t.Fatal(m.SaveErr)
		}
	}
	if game.Exists(store, game.AutosaveName) {
		t.Fatal("the finished game's autosave was kept")
	}
	// A game left after a few actions, then replaced by a new one.
	m2, _, _ := play.NewMatch(nic.Name, opts, 5, seats, sv)
	for i := 0; i < 6; i++ {
		seat := m2.ToAct()
		_, _ = m2.Apply(seat, m2.State().Legal(seat)[0])
	}
	if _, _, err := play.NewMatch(nic.Name, opts, 6, seats, sv); err != nil {
		t.Fatal(err)
	}
	h, _ := history.Open(store)
	es, problems, err := h.Load()
	if err != nil || len(problems) > 0 {
		t.Fatal(err, problems)
	}
	if len(es) != 2 {
		t.Fatalf("%d games in the history, want 2", len(es))
	}
	if !es[0].Abandoned || es[0].Seed != 5 || es[0].Moves() != 6 {
		t.Fatalf("newest: %+v, want the abandoned game of seed 5 after 6 actions", es[0])
	}
	if es[1].Abandoned || es[1].Seed != 4 || es[1].Rounds == 0 {
		t.Fatalf("oldest: %+v, want the finished game of seed 4", es[1])
	}
}
