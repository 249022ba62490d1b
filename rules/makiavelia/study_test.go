package makiavelia

import (
	"strings"
	"testing"
)

// TestRoundCapEndsGame: round MaxRounds is the last one even with cards left in the
// Market, and the study counts such a game as stopped by the cap.
func TestRoundCapEndsGame(t *testing.T) {
	start := table(t, 3)
	s := start.Clone().(*State)
	s.round = MaxRounds - 1
	s.endTurns(t)
	s.passAll(t)
	if s.Over() || s.round != MaxRounds {
		t.Fatalf("round %d over=%v: the game must go on to round %d", s.round, s.Over(), MaxRounds)
	}
	s.endTurns(t)
	s.passAll(t)
	if !s.Over() || len(s.market) == 0 {
		t.Fatalf("over=%v with %d Market cards: round %d ends the game", s.Over(), len(s.market), MaxRounds)
	}
	st := &CardStudy{Players: 3, SeatWins: make([]int, 3), PositionWins: make([]int, 3), MinBag: len(coinValues)}
	st.Add(start, s)
	if st.CapGames != 1 || st.RoundCounts[MaxRounds] != 1 {
		t.Fatalf("study: %d games stopped by the cap, %d of %d rounds; want 1 and 1", st.CapGames, st.RoundCounts[MaxRounds], MaxRounds)
	}
}

// TestStudyCards: a short study adds up (every seat-game is dealt a design or not, every
// game has a length) and its report names the round cap.
func TestStudyCards(t *testing.T) {
	st, err := StudyCards([]string{"greedy", "greedy", "greedy"}, 7, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 4 || st.Errors != 0 {
		t.Fatalf("%d games, %d errors; want 4 and 0", st.Games, st.Errors)
	}
	for k := Kind(0); k < numKinds; k++ {
		if st.Dealt[k]+st.NotDealt[k] != 12 || st.Played[k]+st.Absent[k] != 12 {
			t.Fatalf("%v: dealt %d + not %d, played %d + not %d; want 12 seat-games each way", k, st.Dealt[k], st.NotDealt[k], st.Played[k], st.Absent[k])
		}
	}
	games, wins := 0, 0
	for _, c := range st.RoundCounts {
		games += c
	}
	for _, w := range st.SeatWins {
		wins += w
	}
	if games != 4 || wins < 4 || st.CapGames > 4 {
		t.Fatalf("%d game lengths, %d wins, %d stopped by the cap", games, wins, st.CapGames)
	}
	if r := st.Report(); !strings.Contains(r, "stopped by the 40-round cap in") {
		t.Fatalf("the report does not say how often the cap ended a game:\n%s", r)
	}
}
