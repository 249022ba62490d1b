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
	p := o.position()
	p.Stop = ctx.Done()
	if sol := Solve(p, o.Opt); sol.Found() {
		return sol.Action(), nil
	}
	return noPlay(o), nil
}

// ExpertBot keeps to a rule of thumb — hold back while laying feeds the others more than
// it brings itself — deciding from its observation only:
//
//   - it lays the solver's maximum when that empties its hand;
//   - while the stock lasts it keeps to its rule (holdsBack): where the game ends by
//     going out or by points, it hoards — lays only to go out; where the stock's end
//     decides by the cards in hand, it draws while an opponent and itself are both near
//     out; otherwise it lays the solver's maximum;
//   - once the stock is empty (Coppola's pass round) it weighs the solver's maximum
//     against passing, the smallest simple lay, the maximum without its jokers, and the
//     maximum keeping back each of its cards in turn (a card kept back stays layable: the
//     table only grows): it deals the cards it cannot see in several worlds, reading the
//     record as a greedy player's (see worlds.go: an opponent keeps only cards it could not
//     lay), and in each world plays every choice out to the end of the game with every
//     seat greedy (playout.go), the same worlds for every choice; it takes the choice that
//     wins the most playouts, the earlier in the list on a tie.
type ExpertBot struct {
	seed   uint64
	worlds int // worlds per decision (0: expertWorlds)
}

// expertWorlds is how many worlds the expert deals per weighed decision by default.
const expertWorlds = 8

// Choose picks the bot's action. Once ctx is cancelled it stops dealing worlds and
// decides on those already played out (the solver's maximum if none).
func (b *ExpertBot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	o, err := observation(obs)
	if err != nil {
		return nil, err
	}
	p := o.position()
	p.Stop = ctx.Done()
	best := SolvePlain(p, o.Opt)
	switch {
	case !best.Found() || o.holdsBack(best):
		return noPlay(o), nil
	case o.weighs(best):
		return b.weighed(ctx, o, best), nil
	}
	// The same play laid out for a person; if the deadline stops that search first, the
	// plain search's play (legal as it stands).
	if sol := Solve(p, o.Opt); sol.Found() && sol.value() >= best.value() {
		return sol.Action(), nil
	}
	return inPlace(p, best.Action()), nil
}

// inPlace is a play with its melds in the old melds' places (inOldPlaces), as a polished
// play has them, so that a play laid out as a search found it does not shuffle the table.
func inPlace(p Position, a Action) Action {
	if a.Kind != KindPlay {
		return a
	}
	a.Table = inOldPlaces(p, a.Table)
	return a
}

// weighed is the choice that wins the most playouts.
func (b *ExpertBot) weighed(ctx context.Context, o *Observation, best Solution) Action {
	choices := expertChoices(o, best)
	wins := b.weigh(ctx, o, choices)
	pick := 0
	for i := range wins {
		if wins[i] > wins[pick] {
			pick = i
		}
	}
	return choices[pick].polished(o.position(), o.Opt)
}

// holdsBack reports whether the expert's rule of thumb draws instead of laying the
// solver's maximum best: never when the maximum empties its hand or the stock is empty;
// always where it hoards; and where the stock's end decides by the cards in hand (Board
// Game Arena), while an opponent has nearOut cards or fewer and the maximum would leave
// the expert nearOut cards or fewer too. Both near out, the last few cards are the
// hardest to lay: the expert waits to lay its own all at once, and lays nothing meanwhile
// that the other could finish with; further from going out, it lays to get there.
// Against three greedy bots the expert is this rule alone (it never weighs there) and
// wins 37.5% of BGA games and 80.7% of Coppola games (the README's Strength, `cmd/arena`).
func (o *Observation) holdsBack(best Solution) bool {
	left := len(o.Hand) - best.Placed
	switch {
	case left == 0 || o.StockSize == 0:
		return false
	case hoards(o.Opt):
		return true
	}
	return left <= nearOut && opponentNear(o.HandSizes, o.Me)
}

// hoards reports whether the expert lays only to go out while the stock lasts: in a game
// that ends by going out or, once the stock is empty, by points (Coppola). Its hand
// grows, and with it what the whole table lets it lay in one turn, while greedy players
// lay down to the last cards nothing takes. Where the stock's end decides by the cards
// in hand, a big hand loses, and BGA's 13 cards a turn would not let it out anyway.
func hoards(opt Options) bool {
	return opt.End != EndStockDepleted
}

// opponentNear reports whether an opponent of seat me has nearOut cards or fewer.
func opponentNear(handSizes []int, me int) bool {
	for j, n := range handSizes {
		if j != me && n <= nearOut {
			return true
		}
	}
	return false
}

// nearOut is the hand size at or under which a player is near going out, for the
// expert's rule where the stock's end decides by the cards in hand (3 and 5 did a little
// worse, see the README).
const nearOut = 4

// weighs reports whether the expert weighs its choices when the solver's maximum is
// best: it lays something, does not empty the hand, and the stock is empty (while it
// lasts, weighing did worse than the rule; see the README).
func (o *Observation) weighs(best Solution) bool {
	return best.Found() && best.Placed < len(o.Hand) && o.StockSize == 0
}

// choice is one play the expert weighs: the hand and free cards it lays (none: draw,
// or pass with the stock empty) and the action doing it.
type choice struct {
	hand, free []Card
	action     Action
}

// newChoice is the choice of a play laying these hand and free cards.
func newChoice(hand, free []Card, a Action) choice { return choice{hand, free, a} }

// polished is the choice's action, laid out moving few table cards when it lays the
// whole of a solver's play.
func (c choice) polished(p Position, opt Options) Action {
	if c.action.Kind != KindPlay || len(c.hand) == 0 {
		return c.action
	}
	kept := p
	kept.Hand = c.hand
	if sol := Solve(kept, opt); sol.Placed == len(c.hand) && len(sol.FreeCards) == len(c.free) {
		return sol.Action()
	}
	return inPlace(p, c.action)
}

// expertChoices lists the plays the expert weighs, without repeats: the maximum first.
func expertChoices(o *Observation, best Solution) []choice {
	p := o.position()
	out := []choice{newChoice(best.HandCards, best.FreeCards, best.Action())}
	add := func(c choice) {
		for _, d := range out {
			if sameCards(d.hand, c.hand) && sameCards(d.free, c.free) && d.action.Kind == c.action.Kind {
				return
			}
		}
		out = append(out, c)
	}
	add(choice{action: noPlay(o)})
	if a, ok := smallLay(p, o.Opt); ok {
		if res, err := checkPlay(p.Table, p.Hand, p.Free, a, o.Opt); err == nil {
			add(newChoice(res.fromHand, res.fromFree, a))
		}
	}
	without := func(drop func(Card) bool) {
		kept := p
		kept.Hand = slices.DeleteFunc(slices.Clone(p.Hand), drop)
		if sol := SolvePlain(kept, o.Opt); sol.Found() {
			add(newChoice(sol.HandCards, sol.FreeCards, sol.Action()))
		}
	}
	if slices.ContainsFunc(best.HandCards, Card.IsJoker) {
		without(Card.IsJoker)
	}
	for _, c := range best.HandCards {
		without(func(x Card) bool { return x == c })
	}
	return out
}

// sameCards reports whether two lists hold the same cards, in any order.
func sameCards(a, b []Card) bool {
	if len(a) != len(b) {
		return false
	}
	for _, c := range a {
		if !slices.Contains(b, c) {
			return false
		}
	}
	return true
}

// weigh plays every choice out in the same worlds and returns the wins of each.
func (b *ExpertBot) weigh(ctx context.Context, o *Observation, choices []choice) []float64 {
	worlds := b.worlds
	if worlds <= 0 {
		worlds = expertWorlds
	}
	rng := rules.NewRNG(b.seed ^ o.digest())
	clues := o.clues()
	tables := make([][]Card, len(choices)) // the table each choice leaves, pooled
	for i, c := range choices {
		tables[i] = pool(c.action.Table, o.Opt.AceWrap)
	}
	wins := make([]float64, len(choices))
	for w := 0; w < worlds && ctx.Err() == nil; w++ {
		world := o.sampleWorld(clues, &rng)
		for i, c := range choices {
			pl := newPlayout(world)
			pl.take(c.hand, c.free, tables[i])
			pl.finish()
			wins[i] += pl.share(o.Me)
		}
	}
	return wins
}

// digest mixes what the seat sees into a number, so that the same observation always
// deals the same worlds.
func (o *Observation) digest() uint64 {
	h := uint64(len(o.Log))*0x9e3779b97f4a7c15 + uint64(o.Me)
	for _, c := range o.Hand {
		h = (h ^ uint64(c)) * 0x100000001b3
	}
	for _, n := range o.HandSizes {
		h = (h ^ uint64(n)) * 0x100000001b3
	}
	return h
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
