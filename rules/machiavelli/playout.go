package machiavelli

import "slices"

// Playouts: the rest of a game played fast, every seat laying the table search's
// maximum (greedy), for the expert to weigh its choices. A playout keeps the table as a
// pool of cards — a greedy seat only needs to know which cards it can lay, not how the
// melds are rearranged — so it skips the layout, the joker rule and the rules check a
// real turn goes through. A joker on the table stays the card it stands for (a
// "stand-in": a natural card of that face in the pool): the joker rule rarely lets a
// table joker move, and a table joker free to go anywhere makes the table search ten
// times slower. Its seats are therefore a close model of the greedy bot, not an exact
// one.

// playout is a game in progress, reduced to what greedy seats need.
type playout struct {
	opt     Options
	table   []Card // every card on the table, melds forgotten
	hands   [][]Card
	free    []Card
	stock   []Card // the top card is the last
	turn    int
	passes  int // consecutive passes with the stock empty
	over    bool
	winners []int // once over: the seats that share the win (none: a draw)
}

// newPlayout copies a state into a playout.
func newPlayout(s *State) *playout {
	p := &playout{opt: s.Opt, hands: cloneMelds(s.Hands), free: slices.Clone(s.Free),
		stock: slices.Clone(s.Stock), turn: int(s.Turn), passes: s.Passes}
	p.table = pool(s.Table, s.Opt.AceWrap)
	return p
}

// pool is a table as a playout keeps it: every card of every meld, jokers as their
// stand-ins.
func pool(table [][]Card, wrap bool) []Card {
	var out []Card
	for _, m := range table {
		out = append(out, standIns(m, wrap)...)
	}
	return out
}

// take plays one turn for the seat to act: it lays the given hand and free cards,
// leaving the table as the pool given (jokers as their stand-ins), or, when there are
// none, draws (passes with the stock empty).
func (p *playout) take(fromHand, fromFree, table []Card) {
	n := len(p.hands)
	hand := p.hands[p.turn]
	switch {
	case len(fromHand)+len(fromFree) > 0:
		p.hands[p.turn] = removeCards(hand, fromHand)
		p.free = removeCards(p.free, fromFree)
		p.table = table
		p.passes = 0
		if len(p.hands[p.turn]) == 0 {
			p.over, p.winners = true, []int{p.turn}
			return
		}
	case len(p.stock) > 0:
		p.hands[p.turn] = append(hand, p.stock[len(p.stock)-1])
		p.stock = p.stock[:len(p.stock)-1]
		if len(p.stock) == 0 && p.opt.End == EndStockDepleted {
			p.score()
			return
		}
	default:
		p.passes++
		if p.passes >= n {
			p.score()
			return
		}
	}
	p.turn = (p.turn + 1) % n
}

// finish plays every seat greedy to the end of the game.
func (p *playout) finish() {
	for !p.over {
		p.take(greedyLay(p.table, p.hands[p.turn], p.free, p.opt))
	}
}

// score ends a game nobody went out of: the lowest score wins (lowest's rules).
func (p *playout) score() {
	scores := make([]int, len(p.hands))
	for i, h := range p.hands {
		for _, c := range h {
			scores[i] += p.opt.cardValue(c)
		}
	}
	p.over, p.winners = true, lowest(scores)
}

// share is seat me's share of the win once the game is over: 1 alone, 1/k in a k-way
// tie, else 0.
func (p *playout) share(me int) float64 {
	if slices.Contains(p.winners, me) {
		return 1 / float64(len(p.winners))
	}
	return 0
}

// greedyLay is the hand and free cards the table search's best play lays on a table
// given as a pool of cards (the joker rule ignored), and the pool it leaves (its melds,
// jokers as their stand-ins); nil when nothing can be laid.
func greedyLay(table, hand, free []Card, opt Options) (fromHand, fromFree, after []Card) {
	if len(hand)+len(free) == 0 {
		return nil, nil, nil
	}
	quick, exact, best, _ := searchTable(Position{Table: [][]Card{table}, Hand: hand, Free: free}, opt, solveBudget)
	if best <= 0 {
		return nil, nil, nil
	}
	d := exact
	if d.best < best {
		d = quick
	}
	melds, ok := d.layout()
	if !ok {
		return nil, nil, nil
	}
	var handFaces, freeFaces [jokerFace + 1]int
	for _, m := range melds {
		cards := make([]Card, len(m)) // the meld, jokers numbered as the search numbers them
		for i, lc := range m {
			cards[i] = Card(lc.face)
			if lc.face == jokerFace {
				cards[i] = Joker(lc.joker)
			}
		}
		for _, lc := range m {
			switch {
			case lc.face != jokerFace && lc.src == srcHand:
				handFaces[lc.face]++
			case lc.face != jokerFace && lc.src == srcFree:
				freeFaces[lc.face]++
			case lc.face == jokerFace && d.jokerSource(lc.joker) == srcFree:
				freeFaces[jokerFace]++
			case lc.face == jokerFace && d.jokerSource(lc.joker) == srcHand:
				handFaces[jokerFace]++
			}
		}
		after = append(after, standIns(cards, opt.AceWrap)...)
	}
	return takeFaces(hand, &handFaces), takeFaces(free, &freeFaces), after
}

// takeFaces picks from cs one card for each face counted (jokers at jokerFace),
// using the counts up.
func takeFaces(cs []Card, faces *[jokerFace + 1]int) []Card {
	var out []Card
	for _, c := range cs {
		if f := c.Face(); faces[f] > 0 {
			faces[f]--
			out = append(out, c)
		}
	}
	return out
}

// phantomCopy is the copy number of stand-ins: no deck deals it.
const phantomCopy = 3

// standIns is a meld's cards with each joker replaced by its stand-in.
func standIns(meld []Card, wrap bool) []Card {
	out := make([]Card, len(meld))
	for i, c := range meld {
		out[i] = standIn(meld, c, wrap)
	}
	return out
}

// standIn is card c of a meld as it joins a playout's pool: a natural card as itself, a
// joker as a natural card (copy phantomCopy) of the face it stands for — in a set the
// suits missing in order, in a run the rank where it lies. A joker of an invalid meld
// stays a joker.
func standIn(meld []Card, c Card, wrap bool) Card {
	if !c.IsJoker() || !validMeld(meld, wrap) {
		return c
	}
	m := shapeOf(meld)
	nth := slices.Index(m.jokers, c)
	if m.readAsSet() {
		for su := Suit(0); su < 4; su++ {
			if slices.ContainsFunc(m.naturals, func(n Card) bool { return n.Suit() == su }) {
				continue
			}
			if nth == 0 {
				return NewCard(m.naturals[0].Rank(), su, phantomCopy)
			}
			nth--
		}
		return c
	}
	run := arrangeMeld(meld, wrap)
	start, _ := runStart(naturalRanks(m.naturals), len(meld), wrap)
	at := slices.Index(run, c)
	return NewCard((start-1+at)%13+1, m.naturals[0].Suit(), phantomCopy)
}
