package makiavelia

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"principe/rules"
)

// NewBot makes a bot: "random" (uniform over legal moves), "greedy" (one-step
// heuristics and simple coalitions) or "expert" (searches its turn over states sampled
// from its observation, and negotiates regimes by comparing what each coalition can
// win). budget is the expert's samples per candidate move (0: the default).
func NewBot(name string, seed uint64, budget int) (rules.Bot, error) {
	switch name {
	case "random":
		return &randomBot{rng: rules.NewRNG(seed)}, nil
	case "greedy":
		return &greedyBot{rng: rules.NewRNG(seed)}, nil
	case "expert":
		if budget <= 0 {
			budget = DefaultExpertSamples
		}
		return &expertBot{rng: rules.NewRNG(seed), samples: budget}, nil
	}
	return nil, fmt.Errorf("there is no Makiavelia bot named %q (random, greedy, expert)", name)
}

// DefaultExpertSamples is how many sampled states the expert plays out per candidate.
const DefaultExpertSamples = 3

type randomBot struct{ rng rules.RNG }

func (b *randomBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	if len(legal) == 0 {
		return nil, errors.New("no legal move")
	}
	return legal[b.rng.Intn(len(legal))], nil
}

type greedyBot struct{ rng rules.RNG }

func (b *greedyBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	if len(legal) == 0 {
		return nil, errors.New("no legal move")
	}
	o, ok := obs.(*Observation)
	if !ok {
		return nil, errors.New("not a Makiavelia observation")
	}
	s := o.sample(&b.rng)
	return matchLegal(s.greedyStep(o.Me), legal), nil
}

// matchLegal returns the legal action equal to m. A proposal, offer or acceptance the
// list does not hold (it lists only simple shapes) is returned as it is: the rules
// accept any well-formed one. Otherwise the closest listed move of the same kind.
func matchLegal(m Move, legal []rules.Action) rules.Action {
	var sameKind rules.Action
	for _, a := range legal {
		lm, ok := a.(Move)
		if !ok || lm.Kind != m.Kind {
			continue
		}
		if sameMove(lm, m) {
			return a
		}
		if sameKind == nil && sameCardKind(lm, m) {
			sameKind = a
		}
	}
	switch m.Kind {
	case MovePropose, MoveCounter, MoveOffer, MoveAccept:
		return m
	}
	if sameKind != nil {
		return sameKind
	}
	return legal[len(legal)-1] // end-turn, stop, pass, refuse, allow: the quiet choice is last or first
}

// sameMove compares two moves field by field (JSON for offers and regimes).
func sameMove(a, b Move) bool {
	if a.Kind != b.Kind || a.Card != b.Card || a.Target != b.Target || a.TargetCard != b.TargetCard ||
		a.Coin != b.Coin || a.Take != b.Take || a.Words != b.Words ||
		!slices.Equal(a.Coins, b.Coins) || !slices.Equal(a.Cards, b.Cards) {
		return false
	}
	if a.Offer != nil || b.Offer != nil || a.Regime != nil || b.Regime != nil {
		x, _ := json.Marshal(a)
		y, _ := json.Marshal(b)
		return string(x) == string(y)
	}
	return true
}

func sameCardKind(a, b Move) bool {
	switch a.Kind {
	case MoveAccept:
		if len(a.Cards) != len(b.Cards) {
			return false
		}
		for i := range a.Cards {
			if KindOf(a.Cards[i]) != KindOf(b.Cards[i]) {
				return false
			}
		}
	case MovePlay:
		return KindOf(a.Card) == KindOf(b.Card) && a.Target == b.Target
	case MoveCure:
		return CoinValue(a.Coin) == CoinValue(b.Coin)
	}
	return true
}

type expertBot struct {
	rng     rules.RNG
	samples int
}

func (b *expertBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	if len(legal) == 0 {
		return nil, errors.New("no legal move")
	}
	o, ok := obs.(*Observation)
	if !ok {
		return nil, errors.New("not a Makiavelia observation")
	}
	s := o.sample(&b.rng)
	switch s.step {
	case StepPropose:
		return matchLegal(s.coalitionProposal(o.Me, true), legal), nil
	case StepVote:
		return matchLegal(s.expertVote(o.Me), legal), nil
	case StepTurn:
	default:
		return matchLegal(s.greedyStep(o.Me), legal), nil
	}
	cands := s.candidates(o.Me)
	if len(cands) == 1 {
		return matchLegal(cands[0], legal), nil
	}
	worlds := make([]*State, b.samples)
	for i := range worlds {
		worlds[i] = o.sample(&b.rng)
	}
	best, bestV := cands[0], -1e18
	for _, m := range cands {
		if ctx.Err() != nil {
			break
		}
		v := 0.0
		for _, w := range worlds {
			v += rolloutValue(w, o.Me, m)
		}
		if v > bestV {
			best, bestV = m, v
		}
	}
	return matchLegal(best, legal), nil
}

// candidates are the turn moves worth searching: draw, the greedy play and each other
// card with its greedy target, attacks, a cure, ending the turn.
func (s *State) candidates(seat rules.Seat) []Move {
	var ms []Move
	if s.canDraw() {
		ms = append(ms, Move{Kind: MoveDraw})
	}
	if s.canPlay() {
		if bp, v := s.bestPlay(seat); v > 0 {
			ms = append(ms, bp)
		}
		rival, rich := s.strongestOpponent(seat), s.richestOpponent(seat)
		for _, c := range firstOfKind(s.p[seat].Reserve) {
			k := KindOf(c)
			switch Cards[k].Target {
			case TargetBuilding:
				continue // only the greedy target, above
			case TargetPlayer:
				ms = append(ms, Move{Kind: MovePlay, Card: c, Target: rival})
				if rich != rival {
					ms = append(ms, Move{Kind: MovePlay, Card: c, Target: rich})
				}
			default:
				ms = append(ms, Move{Kind: MovePlay, Card: c})
			}
		}
	}
	if s.canAttack() {
		for _, q := range s.clockwise(seat)[1:] {
			if s.cityStrength(q) > 0 {
				ms = append(ms, Move{Kind: MoveAttack, Target: q})
			}
		}
	}
	if s.poisons(seat) > 0 && len(s.p[seat].Coins) > 0 {
		ms = append(ms, Move{Kind: MoveCure, Coin: cheapestCoins(s.p[seat].Coins, 1)[0]})
	}
	ms = append(ms, Move{Kind: MoveEndTurn})
	return dedupe(ms)
}

// dedupe drops repeated candidates (they carry no offers, regimes or lists).
func dedupe(ms []Move) []Move {
	var out []Move
	for _, m := range ms {
		dup := false
		for _, o := range out {
			if o.Kind == m.Kind && o.Card == m.Card && o.Target == m.Target && o.TargetCard == m.TargetCard && o.Coin == m.Coin {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

// rolloutValue plays m in a copy of w, then everyone greedily to the end of the round,
// and scores the result for seat.
func rolloutValue(w *State, seat rules.Seat, m Move) float64 {
	s := w.clone()
	before := make([]int, s.n)
	for i := range s.p {
		before[i] = len(s.p[i].Coins)
	}
	mine := s.treasure(seat)
	if err := s.doLogged(seat, m, nil); err != nil {
		return -1e9
	}
	round := s.round
	for steps := 0; steps < 400 && s.step != StepOver && s.round == round; steps++ {
		q := s.ToAct()
		if err := s.doLogged(q, s.rolloutMove(q), nil); err != nil {
			break
		}
	}
	return s.score(seat, before, mine)
}

// rolloutMove is everyone's policy inside a rollout.
func (s *State) rolloutMove(q rules.Seat) Move {
	if s.step == StepPropose {
		return s.coalitionProposal(q, true)
	}
	return s.greedyStep(q)
}

// score values a position for seat: coins gained against the best rival's, and the
// City, Reserve and firepower that earn future rounds (weighted by the Market left).
func (s *State) score(seat rules.Seat, before []int, mine int) float64 {
	gain := float64(s.treasure(seat) - mine)
	rival := 0.0
	for i := range s.p {
		if rules.Seat(i) != seat {
			rival = max(rival, float64(len(s.p[i].Coins)-before[i])*coinWorth)
		}
	}
	future := float64(len(s.market)) / float64(MarketSize(s.n))
	if s.step == StepOver {
		future = 0
	}
	board := float64(s.cityStrength(seat)) + 0.5*float64(s.firepower(seat)) + 0.6*float64(len(s.p[seat].Reserve))
	rivalBoard := 0.0
	for i := range s.p {
		if rules.Seat(i) != seat {
			rivalBoard = max(rivalBoard, float64(s.cityStrength(rules.Seat(i))))
		}
	}
	return gain - 0.5*rival + future*(0.8*board-0.3*rivalBoard)
}
