package makiavelia

import (
	"context"
	"fmt"

	"principe/rules"
)

// CardStudy measures each card design's link with winning over many bot games (see
// Report), and the wins by seat and by place in the order of play. A shared victory
// counts as a win for every winner.
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
	Dealt    [numKinds]int // seat-games whose starting Reserve held the design
	WonDealt [numKinds]int // … and the seat won
	NotDealt [numKinds]int // seat-games whose starting Reserve did not
	WonNot   [numKinds]int // … and the seat won
	// PositionWins counts wins by place in the first round's order of play (0 = the
	// first First Player, 1 = next clockwise, …).
	PositionWins []int
	// RoundCounts[r] is how many games lasted r rounds.
	RoundCounts [MaxRounds + 1]int
	// DryGames counts games that ended with the Treasury bag empty; MinBag is the
	// fewest coins ever left in it at a game's end.
	DryGames int
	MinBag   int
	// CapGames counts games stopped by the round cap (MaxRounds) with the Market not
	// yet empty (State.Capped).
	CapGames int
	Errors   int
}

// StudyCards plays games with seeds seed … seed+games-1, bots[i] at seat i.
func StudyCards(bots []string, seed uint64, games, budget int) (*CardStudy, error) {
	n := len(bots)
	st := &CardStudy{Players: n, SeatWins: make([]int, n), PositionWins: make([]int, n), MinBag: len(coinValues)}
	for g := 0; g < games; g++ {
		start, err := NewGame(Options{Players: n}, seed+uint64(g))
		if err != nil {
			return nil, err
		}
		s, err := PlayGame(bots, seed+uint64(g), budget)
		if err != nil {
			st.Errors++
			continue
		}
		st.Add(start, s)
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

// Add tallies a finished game s that began as start.
func (st *CardStudy) Add(start, s *State) {
	st.Games++
	st.Rounds += s.round
	st.RoundCounts[min(s.round, MaxRounds)]++
	if len(s.bag) == 0 {
		st.DryGames++
	}
	if s.capped {
		st.CapGames++
	}
	st.MinBag = min(st.MinBag, len(s.bag))
	won := make([]bool, s.n)
	for _, w := range s.winners {
		won[w] = true
		st.SeatWins[w]++
		st.PositionWins[(int(w)-int(start.first)+s.n)%s.n]++
	}
	for i := range s.p {
		var dealt [numKinds]bool
		for _, c := range start.p[i].Reserve {
			dealt[KindOf(c)] = true
		}
		for k, d := range dealt {
			if d {
				st.Dealt[k]++
				if won[i] {
					st.WonDealt[k]++
				}
			} else {
				st.NotDealt[k]++
				if won[i] {
					st.WonNot[k]++
				}
			}
		}
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
	st.DryGames += o.DryGames
	st.CapGames += o.CapGames
	st.MinBag = min(st.MinBag, o.MinBag)
	for r := range st.RoundCounts {
		st.RoundCounts[r] += o.RoundCounts[r]
	}
	for i := range st.SeatWins {
		st.SeatWins[i] += o.SeatWins[i]
		st.PositionWins[i] += o.PositionWins[i]
	}
	for k := range st.Played {
		st.Played[k] += o.Played[k]
		st.WonWith[k] += o.WonWith[k]
		st.Absent[k] += o.Absent[k]
		st.WonWout[k] += o.WonWout[k]
		st.Plays[k] += o.Plays[k]
		st.Dealt[k] += o.Dealt[k]
		st.WonDealt[k] += o.WonDealt[k]
		st.NotDealt[k] += o.NotDealt[k]
		st.WonNot[k] += o.WonNot[k]
	}
}

// Report is the study as Markdown: seat and position wins, then per design the win
// rate of seats dealt it in their starting Reserve against seats not dealt it (a
// randomised comparison: the deal is the only difference) and the win rate of seats
// that played it against seats that did not (a correlation: who plays what depends on
// how the game goes). Differences are in percentage points.
func (st *CardStudy) Report() string {
	out := fmt.Sprintf("%d games, %d players, rounds: mean %.2f, median %d, range %d–%d; stopped by the %d-round cap in %d games; Treasury dry in %d games, fewest coins left %d; errors %d\n\n",
		st.Games, st.Players, float64(st.Rounds)/float64(max(st.Games, 1)), st.medianRounds(), st.minRounds(), st.maxRounds(), MaxRounds, st.CapGames, st.DryGames, st.MinBag, st.Errors)
	out += fmt.Sprintf("wins by seat: %v\n\nwins by position in the first round (0 = first to play): %v\n\n", st.SeatWins, st.PositionWins)
	out += "| Card | Dealt (seat-games) | Win rate dealt | not dealt | Diff (pp) | Played (seat-games) | Win rate played | not played | Diff (pp) |\n"
	out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
	for k := Kind(0); k < numKinds; k++ {
		d, nd := pct(st.WonDealt[k], st.Dealt[k]), pct(st.WonNot[k], st.NotDealt[k])
		with, wout := pct(st.WonWith[k], st.Played[k]), pct(st.WonWout[k], st.Absent[k])
		out += fmt.Sprintf("| %s | %d | %.1f%% | %.1f%% | %+.1f | %d | %.1f%% | %.1f%% | %+.1f |\n",
			k, st.Dealt[k], d, nd, d-nd, st.Played[k], with, wout, with-wout)
	}
	return out
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func (st *CardStudy) medianRounds() int {
	seen := 0
	for r, c := range st.RoundCounts {
		seen += c
		if 2*seen >= st.Games {
			return r
		}
	}
	return 0
}

func (st *CardStudy) minRounds() int {
	for r, c := range st.RoundCounts {
		if c > 0 {
			return r
		}
	}
	return 0
}

func (st *CardStudy) maxRounds() int {
	for r := len(st.RoundCounts) - 1; r >= 0; r-- {
		if st.RoundCounts[r] > 0 {
			return r
		}
	}
	return 0
}
