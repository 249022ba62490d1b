package history

import (
	"sort"

	"principe/game/play"
)

// Levels are the AI levels the statistics count, in the order they are shown.
var Levels = []string{"easy", "normal", "hard"}

// Versus counts the games a person played against one AI level and how many of them a person won.
type Versus struct {
	Played, Won int
}

// Stats are one game's statistics over the history.
type Stats struct {
	// Played counts every game kept (finished or abandoned); Finished, the finished ones.
	Played, Finished, Abandoned int
	// Won counts the finished games a person at this computer won.
	Won int
	// Against counts, per AI level, the games with at least one AI seat of that level and a person at the
	// table, and the ones a person won.
	Against map[string]Versus
	// Best lists the solitaire scores of the won solitaire games, best first, at most ten.
	Best []Scored
}

// Scored is one won solitaire game.
type Scored struct {
	Score float64
	Entry *Entry
}

// Statistics counts the entries, game by game.
func Statistics(entries []*Entry) map[string]*Stats {
	by := map[string]*Stats{}
	for _, e := range entries {
		st := by[e.Game]
		if st == nil {
			st = &Stats{Against: map[string]Versus{}}
			by[e.Game] = st
		}
		st.Played++
		if e.Abandoned {
			st.Abandoned++
			continue
		}
		st.Finished++
		won := e.Won()
		if won {
			st.Won++
		}
		if len(e.Humans()) > 0 {
			seen := map[string]bool{}
			for _, p := range e.Players {
				if p.Kind == play.AI && p.Level != "" && !seen[p.Level] {
					seen[p.Level] = true
					v := st.Against[p.Level]
					v.Played++
					if won {
						v.Won++
					}
					st.Against[p.Level] = v
				}
			}
		}
		if sc, ok := e.Score(); ok {
			st.Best = append(st.Best, Scored{Score: sc, Entry: e})
		}
	}
	for _, st := range by {
		sort.SliceStable(st.Best, func(i, j int) bool {
			if st.Best[i].Score != st.Best[j].Score {
				return st.Best[i].Score > st.Best[j].Score
			}
			return st.Best[i].Entry.Ended.Before(st.Best[j].Entry.Ended)
		})
		if len(st.Best) > 10 {
			st.Best = st.Best[:10]
		}
	}
	return by
}
