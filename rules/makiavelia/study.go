package makiavelia

import (
	"context"
	"fmt"

	"principe/rules"
)

// CardStudy measures each card design's link with winning: over many bot games, the
// win rate of seats that played at least one card of a design against the win rate of
// seats that did not. A shared victory counts as a win for every winner.
type CardStudy struct {
	Players  int
	Games    int
	SeatWins []int         // wins per seat
	Rounds   int           // rounds summed over games
	Played   [numKinds]int // seat-games in which the design was played
	WonWith  [numKinds]int // … and the seat won
	Absent   [numKinds]int // seat-games in which it was not played
	WonWout  [numKinds]int // … and the seat won
	Plays    [numKinds]int // cards of the design played
	Errors   int
}

// StudyCards plays games with seeds seed … seed+games-1, bots[i] at seat i.
func StudyCards(bots []string, seed uint64, games, budget int) (*CardStudy, error) {
	n := len(bots)
	st := &CardStudy{Players: n, SeatWins: make([]int, n)}
	for g := 0; g < games; g++ {
		s, err := PlayGame(bots, seed+uint64(g), budget)
		if err != nil {
			st.Errors++
			continue
		}
		st.Add(s)
	}
	return st, nil
}

// PlayGame plays one game between the named bots (seat i plays bots[i]).
func PlayGame(bots []string, seed uint64, budget int) (*State, error) {
	n := len(bots)
	s, err := NewGame(Options{Players: n}, seed)
	if err != nil {
		return nil, err
	}
	players := make([]rules.Bot, n)
	for i, name := range bots {
		if players[i], err = NewBot(name, seed*1000003+uint64(i)*7919+1, budget); err != nil {
			return nil, err
		}
	}
	for a := 0; !s.Over(); a++ {
		if a > 100000 {
			return nil, fmt.Errorf("seed %d: the game did not end", seed)
		}
		q := s.ToAct()
		m, err := players[q].Choose(context.Background(), s.Observe(q), s.Legal(q))
		if err != nil {
			return nil, err
		}
		if _, err := s.Apply(q, m); err != nil {
			return nil, fmt.Errorf("seed %d: %v", seed, err)
		}
	}
	return s, nil
}

// Add tallies a finished game.
func (st *CardStudy) Add(s *State) {
	st.Games++
	st.Rounds += s.round
	won := make([]bool, s.n)
	for _, w := range s.winners {
		won[w] = true
		st.SeatWins[w]++
	}
	for i := range s.p {
		var played [numKinds]int
		for _, c := range s.p[i].Cemetery {
			played[KindOf(c)]++
		}
		for _, pl := range s.p[i].City {
			if pl.By == rules.Seat(i) {
				played[KindOf(pl.Card)]++
			}
		}
		for k := range played {
			st.Plays[k] += played[k]
			if played[k] > 0 {
				st.Played[k]++
				if won[i] {
					st.WonWith[k]++
				}
			} else {
				st.Absent[k]++
				if won[i] {
					st.WonWout[k]++
				}
			}
		}
	}
}

// Merge adds another study of the same table.
func (st *CardStudy) Merge(o *CardStudy) {
	st.Games += o.Games
	st.Rounds += o.Rounds
	st.Errors += o.Errors
	for i := range st.SeatWins {
		st.SeatWins[i] += o.SeatWins[i]
	}
	for k := range st.Played {
		st.Played[k] += o.Played[k]
		st.WonWith[k] += o.WonWith[k]
		st.Absent[k] += o.Absent[k]
		st.WonWout[k] += o.WonWout[k]
		st.Plays[k] += o.Plays[k]
	}
}

// Report is the study as a Markdown table: per design, how often it was played and
// the win rate with and without it (percentage points of difference).
func (st *CardStudy) Report() string {
	out := fmt.Sprintf("%d games, %d players, mean %.1f rounds, seat wins %v\n\n", st.Games, st.Players,
		float64(st.Rounds)/float64(max(st.Games, 1)), st.SeatWins)
	out += "| Card | Played in seat-games | Win rate when played | Win rate when not | Difference (pp) |\n"
	out += "|---|---:|---:|---:|---:|\n"
	for k := Kind(0); k < numKinds; k++ {
		with := pct(st.WonWith[k], st.Played[k])
		wout := pct(st.WonWout[k], st.Absent[k])
		out += fmt.Sprintf("| %s | %d | %.1f%% | %.1f%% | %+.1f |\n", k, st.Played[k], with, wout, with-wout)
	}
	return out
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
