package intrigo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"principe/rules"
)

// playGame plays one game with the named bots, calling each(s) after every action.
func playGame(tb testing.TB, players int, seed uint64, bots []string, each func(s *State, seat rules.Seat, m Move)) *State {
	tb.Helper()
	st, err := Game{}.NewState(json.RawMessage(fmt.Sprintf(`{"players":%d}`, players)), seed)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	bs := make([]rules.Bot, players)
	for i := range bs {
		if bs[i], err = (Game{}).NewBot(bots[i%len(bots)], seed*31+uint64(i), 0); err != nil {
			tb.Fatal(err)
		}
	}
	for steps := 0; !s.Over(); steps++ {
		if steps > 5000 {
			tb.Fatalf("seed %d: game did not end", seed)
		}
		seat := s.ToAct()
		legal := s.Legal(seat)
		if len(legal) == 0 {
			tb.Fatalf("seed %d: %s to act with no legal move at step %s", seed, colour(seat), s.Table.Step)
		}
		a, err := bs[seat].Choose(context.Background(), s.Observe(seat), legal)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := s.Apply(seat, a); err != nil {
			tb.Fatalf("seed %d: %s: legal move %v refused: %v", seed, colour(seat), a, err)
		}
		if each != nil {
			each(s, seat, a.(Move))
		}
	}
	return s
}

func TestRandomGamesKeepInvariants(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := uint64(1); seed <= 30; seed++ {
			playGame(t, players, seed, []string{"random", "greedy", "expert"}, func(s *State, seat rules.Seat, m Move) {
				if err := s.Check(); err != nil {
					t.Fatalf("%d players seed %d after %v: %v", players, seed, m, err)
				}
			})
		}
	}
}

func TestEveryLegalMoveApplies(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		playGame(t, 3+int(seed)%3, seed, []string{"random"}, func(s *State, _ rules.Seat, _ Move) {
			if s.Over() {
				return
			}
			seat := s.ToAct()
			for _, a := range s.Legal(seat) {
				c := s.clone()
				if _, err := c.Apply(seat, a); err != nil {
					t.Fatalf("legal %v refused: %v", a, err)
				}
				if err := c.Check(); err != nil {
					t.Fatalf("after legal %v: %v", a, err)
				}
			}
		})
	}
}

func TestIllegalMovesChangeNothing(t *testing.T) {
	bad := []Move{
		{Kind: "dance"},
		{Kind: Present, Type: 7, Palace: 1},
		{Kind: Present, Type: Chemist, Palace: 9},
		{Kind: Offer, Post: 9, Bribe: 1000},
		{Kind: Offer, Post: -1, Bribe: 1500},
		{Kind: Offer, Post: -1, Bribe: 1 << 40},
		{Kind: Offer, Post: -1, Bribe: -1000},
		{Kind: Offer, Post: -1, Promises: []Terms{{Kind: "marriage"}}},
		{Kind: Offer, Post: -1, Promises: []Terms{{Kind: PromiseText, Text: ""}}},
		{Kind: Counter, Price: 0},
		{Kind: Place, Advisor: 99, Post: 0},
		{Kind: Place, Advisor: -5, Post: 0},
		{Kind: Admit, Advisor: 1000, Post: 2},
		{Kind: Settle, Promise: 77, Pay: true},
		{Kind: ChooseConflict, Type: -3},
		{Kind: TakeCounter},
	}
	checked := 0
	playGame(t, 4, 7, []string{"random", "greedy", "expert"}, func(s *State, _ rules.Seat, _ Move) {
		if s.Over() {
			return
		}
		seat := s.ToAct()
		before := s.Hash()
		for _, m := range bad {
			if _, err := s.Apply(seat, m); err == nil {
				// Some moves can be legal in some steps; only the plainly impossible ones must fail.
				if m.Kind == "dance" || m.Bribe < 0 || m.Bribe == 1<<40 || m.Bribe == 1500 || m.Advisor == 99 ||
					m.Advisor == -5 || m.Advisor == 1000 || m.Promise == 77 || m.Type == 7 || m.Type == -3 {
					t.Fatalf("%v accepted at step %s", m, s.Table.Step)
				}
				return
			} else if s.Hash() != before {
				t.Fatalf("refused %v changed the state", m)
			} else if err.Error() == "" {
				t.Fatalf("empty error")
			}
			checked++
		}
		other := (seat + 1) % rules.Seat(s.Seats())
		if legal := s.Legal(seat); len(legal) > 0 {
			if _, err := s.Apply(other, legal[0]); !errors.Is(err, rules.ErrNotYourTurn) {
				t.Fatalf("out-of-turn move gave %v", err)
			}
		}
	})
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

func TestObservationSurvivesResampling(t *testing.T) {
	rng := rules.NewRNG(5)
	for players := MinPlayers; players <= MaxPlayers; players++ {
		playGame(t, players, uint64(players), []string{"greedy", "expert", "random"}, func(s *State, _ rules.Seat, _ Move) {
			for seat := rules.Seat(0); int(seat) < players; seat++ {
				obs := s.Observe(seat)
				a, _ := json.Marshal(obs)
				b, _ := json.Marshal(s.Resample(seat, &rng).Observe(seat))
				c, _ := json.Marshal(obs.Sample(&rng).Observe(seat))
				if string(a) != string(b) || string(a) != string(c) {
					t.Fatalf("observation changed by resampling")
				}
			}
		})
	}
}

func TestObservationShowsOwnPurseOnly(t *testing.T) {
	s := NewGame(Options{Players: 4}, 3)
	s.Purses = []int{11000, 22000, 33000, 44000} // not what the log says: only the own purse may show
	for seat := rules.Seat(0); seat < 4; seat++ {
		data, _ := json.Marshal(s.Observe(seat))
		for other, p := range s.Purses {
			if rules.Seat(other) != seat && containsNumber(string(data), p) {
				t.Fatalf("%s's observation shows %s's purse %d", colour(seat), colour(rules.Seat(other)), p)
			}
		}
		if !containsNumber(string(data), s.Purses[seat]) {
			t.Fatalf("%s does not see its own purse", colour(seat))
		}
	}
}

func containsNumber(s string, n int) bool {
	needle := fmt.Sprint(n)
	for i := 0; i+len(needle) <= len(s); i++ {
		if s[i:i+len(needle)] == needle && (i == 0 || s[i-1] < '0' || s[i-1] > '9') &&
			(i+len(needle) == len(s) || s[i+len(needle)] < '0' || s[i+len(needle)] > '9') {
			return true
		}
	}
	return false
}

func TestReplayIsDeterministic(t *testing.T) {
	var moves []Move
	var seats []rules.Seat
	a := playGame(t, 5, 11, []string{"random", "expert", "greedy"}, func(_ *State, seat rules.Seat, m Move) {
		moves = append(moves, m)
		seats = append(seats, seat)
	})
	st, _ := Game{}.NewState(json.RawMessage(`{"players":5}`), 11)
	for i, m := range moves {
		data, _ := json.Marshal(m)
		back, err := Game{}.DecodeAction(data)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(seats[i], back); err != nil {
			t.Fatalf("replay move %d %v: %v", i, m, err)
		}
	}
	if st.Hash() != a.Hash() {
		t.Fatal("replay from JSON differs")
	}
}

// BenchmarkMatch plays expert against greedy bots and reports the expert's share of wins (shared
// victories count as a fraction).
func BenchmarkMatch(b *testing.B) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			wins := 0.0
			for i := 0; i < b.N; i++ {
				bots := make([]string, players)
				for j := range bots {
					bots[j] = "greedy"
				}
				e := i % players
				bots[e] = "expert"
				s := playGame(b, players, uint64(i+1), bots, nil)
				w := s.Outcome().Winners
				for _, x := range w {
					if int(x) == e {
						wins += 1 / float64(len(w))
					}
				}
			}
			b.ReportMetric(wins/float64(b.N), "expert-win")
		})
	}
}
