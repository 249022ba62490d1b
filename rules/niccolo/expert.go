package niccolo

import (
	"context"
	"sort"

	"principe/rules"
)

// ExpertBot searches from its observation only (perfect-information Monte Carlo). For
// each simulated game it deals the cards it cannot see at random (consistent with the
// public discards, so it counts cards), then for each candidate action plays the rest
// of this round and the whole next round with every player using the greedy policy,
// and scores the position it reaches. Candidates are compared on the same deals, and
// the weaker half is dropped after each stage (successive halving), so the budget goes
// to the close calls.
type ExpertBot struct {
	rng rules.RNG
	// Budget is the number of rollouts per decision.
	Budget int
}

// Choose returns the candidate with the best mean score. When ctx is cancelled it
// returns the best so far.
func (b *ExpertBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	o, err := observationOf(obs)
	if err != nil {
		return nil, err
	}
	moves, err := movesOf(legal)
	if err != nil {
		return nil, err
	}
	if len(moves) == 1 {
		return moves[0], nil
	}
	pub := o.public(&b.rng)
	return expertSearch(ctx, &pub, o.Unseen(), o.Viewer, moves, b.Budget, &b.rng), nil
}

// candidate is one distinct action and its running score.
type candidate struct {
	move Move
	sum  int64
	n    int64
}

// beats reports whether c's mean score is higher than d's (exact integer arithmetic,
// so the choice is the same on every platform). A candidate never tried loses.
func (c *candidate) beats(d *candidate) bool {
	switch {
	case c.n == 0:
		return false
	case d.n == 0:
		return true
	}
	return c.sum*d.n > d.sum*c.n
}

// expertSearch runs the rollouts and returns the best move.
func expertSearch(ctx context.Context, pub *State, unseen [NumCardKinds]int, seat rules.Seat, moves []Move, budget int, rng *rules.RNG) Move {
	alive := distinctCandidates(pub, moves)
	if len(alive) == 1 {
		return alive[0].move
	}
	stages := 1
	for n := len(alive); n > 2; n = (n + 1) / 2 {
		stages++
	}
	var pool [DeckSize]Card
	var buf [64]Move
	horizon := pub.round + 1
	for stage := 0; stage < stages && len(alive) > 1; stage++ {
		deals := max(2, budget/stages/len(alive))
		for k := 0; k < deals; k++ {
			if ctx.Err() != nil {
				return best(alive)
			}
			deal := *pub
			deal.rng = rng.Split()
			deal.dealUnseen(seat, unseen, pool[:], rng)
			for i := range alive {
				sim := deal
				if sim.Play(int(seat), alive[i].move, nil) != nil {
					continue
				}
				rollout(&sim, horizon, buf[:0], rng)
				alive[i].sum += int64(sim.value(int(seat)))
				alive[i].n++
			}
		}
		sort.SliceStable(alive, func(i, j int) bool { return alive[i].beats(&alive[j]) })
		alive = alive[:(len(alive)+1)/2]
	}
	return best(alive)
}

func best(c []candidate) Move {
	b := 0
	for i := range c {
		if c[i].beats(&c[b]) {
			b = i
		}
	}
	return c[b].move
}

// distinctCandidates drops card plays that have exactly the same effect as an earlier
// one (the same card leaving the markers in the same zones).
func distinctCandidates(s *State, moves []Move) []candidate {
	out := make([]candidate, 0, len(moves))
	seen := map[uint32]bool{}
	for _, m := range moves {
		if m.Kind == PlayCard {
			key := uint32(m.Card)
			for c, z := range markersAfter(s.markers, m) {
				key |= uint32(z) << (5 + 3*c)
			}
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		out = append(out, candidate{move: m})
	}
	return out
}

// markersAfter is where the markers stand after card play m.
func markersAfter(markers [4]Zone, m Move) [4]Zone {
	if m.Card == Signoria {
		for c := range markers {
			if m.Clockwise {
				markers[c] = markers[c].Clockwise()
			} else {
				markers[c] = markers[c].Anticlockwise()
			}
		}
		return markers
	}
	markers[m.Marker] = m.Zone
	return markers
}

// rollout plays on with the greedy policy for everyone until the end of round horizon
// (or of the game).
func rollout(s *State, horizon int32, buf []Move, rng *rules.RNG) {
	s.haltRound = horizon
	for s.phase < GameOver {
		seat := s.ToActSeat()
		moves := s.LegalMoves(buf)
		if len(moves) == 0 {
			return
		}
		m := greedyChoice(s, seat, moves, rng)
		if s.Play(seat, m, nil) != nil {
			return
		}
	}
}
