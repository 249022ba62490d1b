package niccolo

import (
	"context"
	"errors"
	"fmt"

	"principe/rules"
)

// The bots Niccolò offers.
const (
	BotRandom = "random"
	BotGreedy = "greedy"
	BotExpert = "expert"
)

// DefaultExpertBudget is the expert's number of simulated games per decision when
// NewBot is given budget 0.
const DefaultExpertBudget = 1000

// Bots lists the bot names.
func (Game) Bots() []string { return []string{BotRandom, BotGreedy, BotExpert} }

// NewBot makes a bot by name. budget is the expert's number of rollouts per decision
// (0 = DefaultExpertBudget); the other bots ignore it.
func (Game) NewBot(name string, seed uint64, budget int) (rules.Bot, error) {
	rng := rules.NewRNG(seed)
	switch name {
	case BotRandom:
		return &RandomBot{rng: rng}, nil
	case BotGreedy:
		return &GreedyBot{rng: rng}, nil
	case BotExpert:
		if budget <= 0 {
			budget = DefaultExpertBudget
		}
		return &ExpertBot{rng: rng, Budget: budget}, nil
	}
	return nil, fmt.Errorf("niccolo: no bot %q (want random, greedy or expert)", name)
}

// movesOf converts the generic legal list to Moves.
func movesOf(legal []rules.Action) ([]Move, error) {
	if len(legal) == 0 {
		return nil, errors.New("niccolo: no legal action to choose from")
	}
	out := make([]Move, len(legal))
	for i, a := range legal {
		switch m := a.(type) {
		case Move:
			out[i] = m
		case *Move:
			out[i] = *m
		default:
			return nil, fmt.Errorf("niccolo: %v is not a Niccolò action", a)
		}
	}
	return out, nil
}

func observationOf(obs rules.Observation) (*Observation, error) {
	o, ok := obs.(*Observation)
	if !ok {
		return nil, fmt.Errorf("niccolo: %T is not a Niccolò observation", obs)
	}
	return o, nil
}

// RandomBot picks a legal action uniformly at random.
type RandomBot struct{ rng rules.RNG }

// Choose returns a random legal action.
func (b *RandomBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	if len(legal) == 0 {
		return nil, errors.New("niccolo: no legal action to choose from")
	}
	return legal[b.rng.Intn(len(legal))], nil
}

// GreedyBot plays the card whose immediate outcome is best for itself and worst for
// its rivals: it assumes the players after it leave the markers alone, moves every
// token through the coming moving phase, and compares the progress made (a completed
// circuit counts most). When moving it takes the most progress: it jumps and takes the
// Gambado going forward, and refuses and declines it going backward.
type GreedyBot struct{ rng rules.RNG }

// Choose returns the greedy choice. Ties are broken at random.
func (b *GreedyBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	o, err := observationOf(obs)
	if err != nil {
		return nil, err
	}
	moves, err := movesOf(legal)
	if err != nil {
		return nil, err
	}
	s := o.public(&b.rng) // hands and piles are not needed to look at the board
	return greedyChoice(&s, int(o.Viewer), moves, &b.rng), nil
}

// greedyChoice picks the greedy move for seat among moves.
func greedyChoice(s *State, seat int, moves []Move, rng *rules.RNG) Move {
	if s.phase != CardPlay {
		return movingChoice(s, moves)
	}
	// Only the markers of the colours the tokens stand on move them this round, so
	// plays that leave those markers alike have the same outcome: value each once.
	var under uint8
	for t := 0; t < 4; t++ {
		if !s.removed[t] {
			under |= 1 << SquareColour(int(s.square[t]))
		}
	}
	var keys [64]uint16
	var vals [64]int
	known := 0
	best, bestN := 0, 0
	var bestV int
	for i, m := range moves {
		after := markersAfter(s.markers, m)
		var key uint16
		for c := 0; c < 4; c++ {
			if under&(1<<c) != 0 {
				key |= uint16(after[c]+1) << (4 * c)
			}
		}
		v, found := 0, false
		for j := 0; j < known; j++ {
			if keys[j] == key {
				v, found = vals[j], true
				break
			}
		}
		if !found {
			v = projectCard(s, seat, m)
			if known < len(keys) {
				keys[known], vals[known] = key, v
				known++
			}
		}
		switch {
		case i == 0 || v > bestV:
			best, bestV, bestN = i, v, 1
		case v == bestV:
			bestN++
			if rng.Intn(bestN) == 0 {
				best = i
			}
		}
	}
	return moves[best]
}

// movingChoice is the move that makes the most progress now: jump and take the
// Gambado going forward; refuse and decline going backward.
func movingChoice(s *State, moves []Move) Move {
	landing, gambado := RefuseMove, DeclineGambado
	if s.steps > 0 {
		landing, gambado = JumpMove, TakeGambado
	}
	for _, m := range moves {
		if m.Kind == landing || m.Kind == gambado {
			return m
		}
	}
	return moves[0]
}

// projectCard values playing m: the markers after it, the other players assumed to
// leave them alone, every token moved through the moving phase.
func projectCard(s *State, seat int, m Move) int {
	p := *s
	p.markers = markersAfter(s.markers, m)
	p.envoy = [4]bool{true, true, true, true} // every token takes the most-progress choices
	p.phase, p.turn, p.choice = Moving, 0, NoChoice
	p.haltRound = p.round
	p.runMoving(nil)
	return p.value(seat)
}

// winValue is what a completed game is worth in progress squares.
const winValue = 1000

// value is how good the position is for seat: its progress minus the best rival's (in
// Partner Niccolò, its team's progress minus the other team's), a won game counting
// winValue.
func (s *State) value(seat int) int {
	score := func(t int) int {
		v := int(s.progress[t])
		if s.winners[t] {
			v += winValue
		}
		return v
	}
	if s.variant == Partner {
		team := func(t int) int {
			a, b := min(int(s.progress[t]), CircuitProgress), min(int(s.progress[t^2]), CircuitProgress)
			v := a + b
			if s.winners[t] {
				v += winValue
			}
			return v
		}
		return team(seat) - team(seat^1)
	}
	own, rival := score(seat), -1<<30
	for t := 0; t < 4; t++ {
		if t != seat {
			rival = max(rival, score(t))
		}
	}
	return own - rival
}
