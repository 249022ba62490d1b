package machiavelli

import (
	"context"
	"errors"
	"slices"

	"principe/rules"
)

// Bots decide from their Observation only. Machiavelli's Legal lists a representative
// subset of plays; a bot may return any valid play, which Apply checks like any other.

func observation(obs rules.Observation) (*Observation, error) {
	o, ok := obs.(*Observation)
	if !ok {
		return nil, errors.New("not a Machiavelli observation")
	}
	return o, nil
}

// noPlay is the action of a seat that lays nothing: draw, or pass with the stock empty.
func noPlay(o *Observation) Action {
	if o.StockSize == 0 {
		return Action{Kind: KindPass}
	}
	return Draw()
}

func (o *Observation) position() Position {
	return Position{Table: o.Table, Hand: o.Hand, Free: o.Free}
}

// RandomBot lays a random meld made from its own hand (and the free cards) if it has
// one, else draws.
type RandomBot struct{ rng rules.RNG }

// Choose picks the bot's action.
func (b *RandomBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	o, err := observation(obs)
	if err != nil {
		return nil, err
	}
	lays := handMelds(o.position(), o.Opt, 200)
	if len(lays) == 0 {
		return noPlay(o), nil
	}
	return lays[b.rng.Intn(len(lays))], nil
}

// handMelds lists plays that lay one meld of three cards from the hand and free cards.
func handMelds(p Position, opt Options, limit int) []Action {
	var out []Action
	for _, a := range simpleLays(Position{Hand: p.Hand, Free: p.Free}, opt, limit) {
		a.Table = append(cloneMelds(p.Table), a.Table...)
		out = append(out, a)
	}
	return out
}

// GreedyBot lays the solver's maximum every turn.
type GreedyBot struct{}

// Choose picks the bot's action.
func (GreedyBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	o, err := observation(obs)
	if err != nil {
		return nil, err
	}
	if sol := Solve(o.position(), o.Opt); sol.Found() {
		return sol.Action(), nil
	}
	return noPlay(o), nil
}

// ExpertBot is the solver plus a little strategy, deciding from its observation only:
//
//   - it goes out at once when the solver's play empties its hand;
//   - in the first round it lays as little as it can (the smallest simple lay: one card
//     onto a meld, else a meld of three): every card laid early feeds the players after
//     it, and the cards it keeps stay layable, since the table only grows;
//   - otherwise it lays the solver's maximum, like greedy, but keeps its jokers back when
//     a play without them lays something: a joker fits almost any last card, so it is
//     worth most on the turn that empties the hand.
type ExpertBot struct{}

// Choose picks the bot's action.
func (ExpertBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	o, err := observation(obs)
	if err != nil {
		return nil, err
	}
	p := o.position()
	sol := Solve(p, o.Opt)
	switch {
	case !sol.Found():
		return noPlay(o), nil
	case sol.Placed == len(o.Hand):
		return sol.Action(), nil
	case o.firstRound():
		if a, ok := smallLay(p, o.Opt); ok {
			return a, nil
		}
	case slices.ContainsFunc(sol.HandCards, Card.IsJoker):
		kept := p
		kept.Hand = slices.DeleteFunc(slices.Clone(p.Hand), Card.IsJoker)
		if without := Solve(kept, o.Opt); without.Found() {
			return without.Action(), nil
		}
	}
	return sol.Action(), nil
}

// firstRound reports whether the seat has not had a turn yet in this game.
func (o *Observation) firstRound() bool {
	for _, r := range o.Log {
		if r.Seat == o.Me {
			return false
		}
	}
	return true
}

// smallLay is the simple play laying the fewest hand cards: a free card onto a meld (no
// hand card at all), a hand card onto a meld (jokers last), else a meld of three from
// the hand and free cards. It is checked with the rules.
func smallLay(p Position, opt Options) (Action, bool) {
	try := func(table [][]Card, free []Card) (Action, bool) {
		a := Play(table, free)
		if _, err := checkPlay(p.Table, p.Hand, p.Free, a, opt); err != nil {
			return Action{}, false
		}
		return a, true
	}
	own := slices.Clone(p.Free)
	for _, c := range p.Hand {
		if !c.IsJoker() {
			own = append(own, c)
		}
	}
	for _, c := range p.Hand {
		if c.IsJoker() {
			own = append(own, c)
		}
	}
	freeOf := func(cs []Card) []Card {
		var free []Card
		for _, c := range cs {
			if slices.Contains(p.Free, c) {
				free = append(free, c)
			}
		}
		return free
	}
	for _, c := range own {
		for i, m := range p.Table {
			ext := append(slices.Clone(m), c)
			if !validMeld(ext, opt.AceWrap) {
				continue
			}
			table := cloneMelds(p.Table)
			table[i] = arrangeMeld(ext, opt.AceWrap)
			if a, ok := try(table, freeOf([]Card{c})); ok {
				return a, true
			}
		}
	}
	for x := 0; x < len(own); x++ {
		for y := x + 1; y < len(own); y++ {
			for z := y + 1; z < len(own); z++ {
				m := []Card{own[x], own[y], own[z]}
				if !validMeld(m, opt.AceWrap) {
					continue
				}
				if a, ok := try(append(cloneMelds(p.Table), arrangeMeld(m, opt.AceWrap)), freeOf(m)); ok {
					return a, true
				}
			}
		}
	}
	return Action{}, false
}
