package makiavelia

import (
	"context"
	"encoding/json"
	"testing"

	"principe/rules"
)

// playRandom plays one game with the named bots, checking the invariants, the
// observation boundary and decoding after every action.
func playRandom(t *testing.T, n int, seed uint64, bot string, maxActions int) *State {
	t.Helper()
	s, err := NewGame(Options{Players: n}, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]rules.Bot, n)
	for i := range bots {
		bots[i], _ = NewBot(bot, seed*31+uint64(i), 1)
	}
	rng := rules.NewRNG(seed)
	for a := 0; a < maxActions && !s.Over(); a++ {
		q := s.ToAct()
		legal := s.Legal(q)
		if len(legal) == 0 {
			t.Fatalf("seat %d to act at step %s has no legal move", q, s.step)
		}
		for i := 0; i < n; i++ {
			if rules.Seat(i) != q && s.Legal(rules.Seat(i)) != nil {
				t.Fatalf("seat %d has legal moves out of turn", i)
			}
		}
		act, err := bots[q].Choose(context.Background(), s.Observe(q), legal)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(act)
		dec, err := DecodeAction(data)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(q, dec); err != nil {
			t.Fatalf("legal move %v refused: %v", act, err)
		}
		if err := s.Check(); err != nil {
			t.Fatalf("after %v: %v", act, err)
		}
		if a%7 == 0 {
			seat := rules.Seat(rng.Intn(n))
			want, _ := json.Marshal(s.Observe(seat))
			r := s.Resample(seat, &rng)
			got, _ := json.Marshal(r.Observe(seat))
			if string(got) != string(want) {
				t.Fatalf("resample for seat %d changed its observation:\n%s\n%s", seat, want, got)
			}
			if err := r.Check(); err != nil {
				t.Fatalf("resampled state: %v", err)
			}
		}
	}
	return s
}

func TestRandomGames(t *testing.T) {
	for n := 3; n <= 8; n++ {
		for seed := uint64(1); seed <= 4; seed++ {
			s := playRandom(t, n, seed, "random", 20000)
			if !s.Over() {
				t.Errorf("%d players seed %d: game not over after 20000 actions", n, seed)
			}
		}
	}
}

func TestBotGames(t *testing.T) {
	for n := 3; n <= 8; n += 5 {
		for _, b := range []string{"greedy", "expert"} {
			s := playRandom(t, n, 7, b, 20000)
			if !s.Over() {
				t.Errorf("%s %d players: not over", b, n)
			}
			t.Logf("%s %d players: %d rounds, outcome %+v", b, n, s.round, s.Outcome())
		}
	}
}

// TestBotsReproducible: a bot made with the same seed chooses the same moves.
func TestBotsReproducible(t *testing.T) {
	for _, name := range []string{"random", "greedy", "expert"} {
		a, _ := PlayGame([]string{name, name, name, name}, 11, 1)
		b, _ := PlayGame([]string{name, name, name, name}, 11, 1)
		if a.Hash() != b.Hash() {
			t.Errorf("%s: two games with the same seeds differ", name)
		}
	}
	if _, err := NewBot("oracle", 1, 0); err == nil {
		t.Error("an unknown bot name is accepted")
	}
}

// TestBotsDecideFromObservation: the greedy and expert bots choose the same move from
// two states that look the same to them (the hidden cards redealt).
func TestBotsDecideFromObservation(t *testing.T) {
	s, _ := NewGame(Options{Players: 5}, 3)
	rng := rules.NewRNG(3)
	for i := 0; i < 60 && !s.Over(); i++ {
		q := s.ToAct()
		other := s.Resample(q, &rng)
		for _, name := range []string{"greedy", "expert"} {
			b1, _ := NewBot(name, 99, 1)
			b2, _ := NewBot(name, 99, 1)
			m1, _ := b1.Choose(context.Background(), s.Observe(q), s.Legal(q))
			m2, _ := b2.Choose(context.Background(), other.Observe(q), other.Legal(q))
			j1, _ := json.Marshal(m1)
			j2, _ := json.Marshal(m2)
			if string(j1) != string(j2) {
				t.Fatalf("%s chose %s and %s from the same observation", name, j1, j2)
			}
		}
		l := s.Legal(q)
		s.Apply(q, l[rng.Intn(len(l))])
	}
}
