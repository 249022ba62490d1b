package machiavelli

import (
	"context"
	"errors"
	"slices"
	"sort"

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

// ExpertBot is the solver plus strategy. It goes out at once when it can. In a race to
// go out (the pass-round end) it lays as little as it can while its hand is big, since
// every card laid feeds the players after it. With few cards
// left it plans to go out over two turns: if the biggest play would leave cards it cannot
// lay next turn but another play would not, it makes that play. Otherwise it looks one
// turn ahead: if, after the biggest play, its remaining hand could lay nothing
// on the table it leaves, it keeps back one card it can surely lay next turn — a joker
// first (it fits anywhere), then the fourth card of a set (which only lets others take a
// card from it), then the cheapest card — and so lays that card next turn instead of
// drawing. It remembers the public record: opponents who are close to going out, or who
// laid many cards in their last turn, make it lay everything it can at once.
type ExpertBot struct{}

// Choose picks the bot's action.
func (ExpertBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	o, err := observation(obs)
	if err != nil {
		return nil, err
	}
	p := o.position()
	sol := Solve(p, o.Opt)
	if !sol.Found() {
		return noPlay(o), nil
	}
	if sol.Placed == len(o.Hand) {
		return sol.Action(), nil
	}
	// Two-turn finish: near the end, prefer a play after which the rest of the hand can
	// all be laid next turn on the table it leaves.
	if len(o.Hand) <= twoTurnHand {
		if plan, ok := twoTurnFinish(p, o.Opt, sol); ok {
			return plan.Action(), nil
		}
	}
	if o.danger() {
		return sol.Action(), nil
	}
	// Early on, every card laid feeds the players after: in a race to go out (the
	// pass-round end), lay the smallest play that avoids drawing and keep the rest for a
	// big turn later. When the stock's end decides (fewest cards wins), shed instead.
	if len(o.Hand) > thriftyHand && o.Opt.End == EndPassRound {
		if small, ok := smallestLay(p, o.Opt); ok && small.Placed < sol.Placed {
			return small.Action(), nil
		}
	}
	// Would the hand left after the biggest play still have a play next turn on the
	// table it leaves? If not, keep one card back so as to lay it then instead of drawing.
	left := removeCards(o.Hand, sol.HandCards)
	freeLeft := removeCards(o.Free, sol.FreeCards)
	if CanPlay(Position{Table: sol.Table, Hand: left, Free: freeLeft}, o.Opt) || ctx.Err() != nil {
		return sol.Action(), nil
	}
	if better, ok := holdBack(p, o.Opt, sol); ok {
		sol = better
	}
	return sol.Action(), nil
}

// danger reports whether the bot should lay everything it can now: an opponent is
// close to going out, or the game is close to ending by the stock.
func (o *Observation) danger() bool {
	for i, n := range o.HandSizes {
		if i != o.Me && n <= 4 {
			return true
		}
	}
	if o.Opt.End == EndStockDepleted && o.StockSize <= 2*o.Opt.Players {
		return true
	}
	// An opponent who laid five or more cards in one of their last turns is racing.
	seen := 0
	for i := len(o.Log) - 1; i >= 0 && seen < len(o.HandSizes)-1; i-- {
		r := o.Log[i]
		if r.Seat == o.Me {
			continue
		}
		seen++
		if len(r.Laid) >= 5 && o.HandSizes[r.Seat] <= 7 {
			return true
		}
	}
	return false
}

// holdBack returns a play laying one card fewer than sol: a hand card whose meld stays
// valid without it (the end of a run, the fourth card of a set, a spare joker), so it
// can surely be laid next turn where it would have gone now.
func holdBack(p Position, opt Options, sol Solution) (Solution, bool) {
	if sol.Placed <= 1 {
		return sol, false
	}
	candidates := slices.Clone(sol.HandCards)
	fourth := fourthOfSet(sol.Table)
	priority := func(c Card) int {
		switch {
		case c.IsJoker():
			return 0
		case fourth[c]:
			return 1
		}
		return 2 + opt.cardValue(c)
	}
	sort.SliceStable(candidates, func(a, b int) bool { return priority(candidates[a]) < priority(candidates[b]) })
	for _, c := range candidates {
		at := meldIndexOf(sol.Table, c)
		if at < 0 {
			continue
		}
		table := cloneMelds(sol.Table)
		table[at] = removeCards(table[at], []Card{c})
		if !validMeld(table[at], opt.AceWrap) {
			continue
		}
		play := Play(table, sol.FreeCards)
		res, err := checkPlay(p.Table, p.Hand, p.Free, play, opt)
		if err != nil {
			continue
		}
		out := Solution{Placed: len(res.fromHand), HandCards: res.fromHand, FreeCards: res.fromFree, Table: table}
		for _, h := range res.fromHand {
			out.Points += opt.cardValue(h)
		}
		return out, true
	}
	return sol, false
}

// fourthOfSet marks the cards of four-card sets on a table.
func fourthOfSet(table [][]Card) map[Card]bool {
	out := map[Card]bool{}
	for _, m := range table {
		if len(m) == 4 && shapeOf(m).sameRank() {
			for _, c := range m {
				out[c] = true
			}
		}
	}
	return out
}

// twoTurnHand is the hand size from which the expert plans to go out over two turns.
const twoTurnHand = 8

// twoTurnFinish looks for a play now after which the rest of the hand can go out next
// turn: the biggest play first, then the best play keeping back each card in turn. It
// returns the one laying the most cards now.
func twoTurnFinish(p Position, opt Options, best Solution) (Solution, bool) {
	goesOut := func(sol Solution) bool {
		left := removeCards(p.Hand, sol.HandCards)
		next := Solve(Position{Table: sol.Table, Hand: left, Free: removeCards(p.Free, sol.FreeCards)}, opt)
		return next.Placed == len(left)
	}
	if goesOut(best) {
		return best, false // the biggest play already leads out: nothing to change
	}
	var plan Solution
	found := false
	seen := map[int]bool{}
	for _, c := range p.Hand {
		if seen[c.Face()] {
			continue
		}
		seen[c.Face()] = true
		sol := Solve(Position{Table: p.Table, Hand: removeCards(p.Hand, []Card{c}), Free: p.Free}, opt)
		if !sol.Found() || found && sol.Placed <= plan.Placed {
			continue
		}
		if goesOut(sol) {
			plan, found = sol, true
		}
	}
	return plan, found
}

// thriftyHand is the hand size above which the expert lays as little as it can.
const thriftyHand = 7

// smallestLay is the simple lay (a meld from hand, one card onto a meld) laying the
// fewest hand cards — the dearest first among equals, and never a joker if it can help it.
func smallestLay(p Position, opt Options) (Solution, bool) {
	var best Solution
	score := func(sol Solution) int {
		jokers := 0
		for _, c := range sol.HandCards {
			if c.IsJoker() {
				jokers++
			}
		}
		return sol.Placed*1000 + jokers*100 - sol.Points
	}
	for _, a := range simpleLays(p, opt, 200) {
		res, err := checkPlay(p.Table, p.Hand, p.Free, a, opt)
		if err != nil || len(res.fromHand) == 0 {
			continue
		}
		sol := Solution{Placed: len(res.fromHand), HandCards: res.fromHand, FreeCards: res.fromFree, Table: a.Table}
		for _, c := range res.fromHand {
			sol.Points += opt.cardValue(c)
		}
		if !best.Found() || score(sol) < score(best) {
			best = sol
		}
	}
	return best, best.Found()
}
