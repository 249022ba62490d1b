package machiavelli

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"principe/rules"
)

// playGame plays one game with the named bots, checking the invariants after every
// action; it returns the final state.
func playGame(t testing.TB, options string, seed uint64, bots []string) *State {
	t.Helper()
	g := machiavelliGame{}
	st, err := g.NewState(json.RawMessage(options), seed)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	players := make([]rules.Bot, len(bots))
	for i, name := range bots {
		players[i], err = g.NewBot(name, seed+uint64(i), 0)
		if err != nil {
			t.Fatal(err)
		}
	}
	for steps := 0; !s.Over(); steps++ {
		if steps > 3000 {
			t.Fatalf("game did not end")
		}
		seat := s.ToAct()
		a, err := players[seat].Choose(context.Background(), s.Observe(seat), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: seat %d's bot %s chose an illegal action %v: %v", seed, seat, bots[seat], a, err)
		}
		if err := s.Check(); err != nil {
			t.Fatalf("after %v: %v", a, err)
		}
	}
	return s
}

func TestBotGames(t *testing.T) {
	for _, rs := range []string{"coppola", "bga"} {
		for seed := uint64(1); seed <= 1; seed++ {
			s := playGame(t, fmt.Sprintf(`{"ruleset":%q,"players":3}`, rs), seed, []string{"expert", "greedy", "random"})
			if len(s.Outcome().Scores) != 3 {
				t.Errorf("outcome %+v", s.Outcome())
			}
		}
	}
}
