package machiavelli

import (
	"slices"

	"principe/rules"
)

// Worlds: deals of the unseen cards that the expert thinks likely, read from the public
// record of the game. A seat that lays the most it can (as greedy does, and as most
// players try to) keeps only cards it could not lay: after each of its turns, no card of
// the hand it kept could join the table it left — and if it drew, the hand it drew to
// was stuck on that table. The cards it laid later were in that hand too, so a card
// that would have made a meld with them then is not in its hand now. Dealing opponents'
// hands uniformly at random would give them cards that fit the table at once, and the
// expert would see danger everywhere.

// handClue is what the record says of one opponent's hand.
type handClue struct {
	seat  int
	size  int         // cards in hand now
	stuck int         // how many of them have been in its hand since its last draw
	views []stuckView // the turns since then that show those cards stuck, the last first
}

// stuckView is one turn after which an opponent's hand was stuck: the table it left
// (pooled as in a playout), the free cards face up then, and the cards it still held
// then and laid since (known, since they reached the table).
type stuckView struct {
	table, free, held []Card
	with              [jokerFace + 1]int8 // per face: whether a card of it, with held, lays something
}

// Values of stuckView.with.
const (
	withUnknown = iota
	withLays
	withStuck
)

// clues reads the record for every opponent's hand. A seat that has not played yet in
// this game, or that gave up its last turn with the restore fine, gets no constraint.
func (o *Observation) clues() []handClue {
	var tableNow, pooledNow []Card // the table's cards, and as a playout pools them
	for _, m := range o.Table {
		tableNow = append(tableNow, m...)
		pooledNow = append(pooledNow, standIns(m, o.Opt.AceWrap)...) // as pool() does
	}
	n := len(o.HandSizes)
	var out []handClue
	for k := 1; k < n; k++ {
		seat := (o.Me + k) % n
		c := handClue{seat: seat, size: o.HandSizes[seat]}
		var held []Card // cards the seat laid after the turn looked at
		for i := len(o.Log) - 1; i >= 0; i-- {
			r := o.Log[i]
			if r.Seat != seat {
				continue
			}
			if r.Kind == KindRestore || (r.Kind == KindDraw && len(c.views) > 0) {
				break // a card came in: what it held before is not what it holds now
			}
			if len(c.views) == 0 {
				c.stuck = c.size - r.Drawn
			}
			if v, ok := o.viewAfter(i, tableNow, pooledNow, held); ok {
				c.views = append(c.views, v)
			}
			if r.Kind == KindDraw {
				break
			}
			held = append(held, r.Laid...)
		}
		out = append(out, c)
	}
	return out
}

// viewAfter is the view after record i of the log: the table then is today's less what
// was laid since, the free cards today's and those used since. Jokers are the stand-ins
// they are today, which is fast to search, except those freed since (they stood for
// other cards then), which stay jokers; when the stand-ins do not make a table (a joker
// moved), the view's table keeps every joker as a joker. The view is dropped (ok false)
// when it still makes no table, or when the cards held then could be laid on it, which
// the playouts' model of the table (stand-ins, no joker rule) can make look possible.
func (o *Observation) viewAfter(i int, tableNow, pooledNow, held []Card) (v stuckView, ok bool) {
	later, freed := map[Card]bool{}, map[Card]bool{}
	v.free = slices.Clone(o.Free)
	for _, r := range o.Log[i+1:] {
		for _, x := range append(slices.Clone(r.Laid), r.Free...) {
			later[x] = true
		}
		for _, x := range r.Jokers {
			freed[x] = true
		}
		v.free = append(v.free, r.Free...)
	}
	var raw []Card // the table then, jokers as jokers
	for k, x := range tableNow {
		if later[x] {
			continue
		}
		raw = append(raw, x)
		if freed[x] {
			v.table = append(v.table, x)
		} else {
			v.table = append(v.table, pooledNow[k])
		}
	}
	if !makesTable(v.table, o.Opt) {
		if v.table = raw; !makesTable(v.table, o.Opt) {
			return v, false
		}
	}
	v.held = slices.Clone(held)
	return v, len(held) == 0 || !v.layable(held, o.Opt)
}

// makesTable reports whether cards can be laid out as melds, every one of them used.
func makesTable(cards []Card, opt Options) bool {
	return newTableDP(Position{Table: [][]Card{cards}}, opt).solve() >= 0
}

// layable reports whether some card of hand can join the view's table (with its free
// cards), by the table search (joker rule ignored).
func (v *stuckView) layable(hand []Card, opt Options) bool {
	_, _, best, _ := searchTable(Position{Table: [][]Card{v.table}, Hand: hand, Free: v.free}, opt, solveBudget)
	return handCards(best) > 0
}

// fits reports whether card x may join the stuck cards already chosen: in every view,
// with the cards held then, it lays nothing (remembered per face), nor with those
// chosen.
func (c *handClue) fits(stuck []Card, x Card, opt Options) bool {
	f := x.Face()
	for i := range c.views {
		v := &c.views[i]
		if v.with[f] == withUnknown {
			v.with[f] = withStuck
			if v.layable(append(slices.Clone(v.held), x), opt) {
				v.with[f] = withLays
			}
		}
		if v.with[f] == withLays {
			return false
		}
	}
	if len(stuck) == 0 {
		return true
	}
	for i := range c.views {
		v := &c.views[i]
		if v.layable(append(append(slices.Clone(v.held), stuck...), x), opt) {
			return false
		}
	}
	return true
}

// mixSwaps is how many swaps sampleWorld tries on each opponent's stuck cards after
// dealing them one by one. Dealing them in turn favours some hands (the first cards
// dealt constrain the later ones); swaps that keep the hand stuck mix that away.
// Predicting whether each opponent can lay something at the expert's turn
// (TestWorldsPredictOpponents with -world-positions 400), the Brier score was 0.187
// without swaps, 0.149 with 30 and 0.148 with 100 (0.234 for the base rate, 0.43 with
// hands dealt uniformly); with views that keep moved jokers as jokers, 0.136 with 30.
const mixSwaps = 30

// sampleWorld deals the cards this seat cannot see: each opponent's stuck cards at
// random among those that keep its hand stuck in every view of its clue (as far as the
// unseen cards allow), the rest of its hand and the stock at random.
func (o *Observation) sampleWorld(clues []handClue, rng *rules.RNG) *State {
	s := o.sample(rng)
	d := unseenDeal{rng: rng}
	for _, c := range clues {
		d.pool = append(d.pool, s.Hands[c.seat]...)
	}
	d.pool = append(d.pool, s.Stock...)
	rules.Shuffle(rng, d.pool)
	d.used = make([]bool, len(d.pool))
	for i := range clues {
		c := &clues[i]
		hand := d.stuckCards(c, o.Opt)
		for k, x := range d.pool {
			if len(hand) == c.size {
				break
			}
			if !d.used[k] {
				hand = append(hand, x)
				d.used[k] = true
			}
		}
		s.Hands[c.seat] = hand
	}
	s.Stock = s.Stock[:0]
	for k, x := range d.pool {
		if !d.used[k] {
			s.Stock = append(s.Stock, x)
		}
	}
	return s
}

// unseenDeal is the unseen cards being dealt: which are taken.
type unseenDeal struct {
	pool []Card
	used []bool
	rng  *rules.RNG
}

// stuckCards deals an opponent's stuck cards: one by one, each the next card of the
// pool that fits, then mixed by swaps with the pool that keep the hand stuck. It deals
// fewer when too few cards fit.
func (d *unseenDeal) stuckCards(c *handClue, opt Options) []Card {
	var hand []Card
	var at []int // where each card of hand is in the pool
	for k, x := range d.pool {
		if len(hand) == c.stuck {
			break
		}
		if !d.used[k] && c.fits(hand, x, opt) {
			hand, at = append(hand, x), append(at, k)
			d.used[k] = true
		}
	}
	if len(hand) < c.stuck || len(hand) == 0 {
		return hand // nothing to mix: the fitting cards ran out
	}
	for range mixSwaps {
		a, k := d.rng.Intn(len(hand)), d.rng.Intn(len(d.pool))
		if d.used[k] {
			continue
		}
		if rest := slices.Delete(slices.Clone(hand), a, a+1); c.fits(rest, d.pool[k], opt) {
			d.used[at[a]], d.used[k] = false, true
			hand[a], at[a] = d.pool[k], k
		}
	}
	return hand
}
