package machiavelli

import "slices"

// Rebuilding the melds of the table search's best play: the steps are read back from
// the layers (each situation remembers the one it came from and the step taken), then
// replayed on real runs and sets of cards.

// laidCard is a card in a rebuilt meld: a natural face with its source, or a joker by
// its number in the order table, hand, free.
type laidCard struct {
	face  int8 // natural face, or jokerFace
	src   uint8
	joker int
}

type laidRun struct {
	cards    []laidCard
	class    int  // length class 1 … 3
	fromAce  bool // wrap: a long run started at the ace (an offer)
	onlyJoke bool // wrap: a piece of jokers started at the ace
}

type tableLayout struct {
	d        *tableDP
	open     [4][]*laidRun
	sets     []*laidRun
	need2    [4][]*laidRun // ace pieces of one card left to the king's side
	need1    [4][]*laidRun // ace pieces of two cards
	offers   [4][]*laidRun // long runs from the ace, ended
	deferred [4][]laidCard
	melds    [][]laidCard
	jokers   int
}

// layout rebuilds the best play's melds.
func (d *tableDP) layout() ([][]laidCard, bool) {
	if d.best < 0 {
		return nil, false
	}
	// Read the steps back.
	decs := make([]tdpDec, len(d.layers)-1)
	e := d.bestEntry
	for li := len(d.layers) - 1; li > 0; li-- {
		l := d.layers[li]
		decs[li-1] = l.decs[e]
		e = l.parent[e]
	}
	l := &tableLayout{d: d}
	i := 0
	for pos := 1; pos <= d.npos; pos++ {
		for su := 0; su < 4; su++ {
			l.face(pos, su, &decs[i])
			i++
		}
		if pos != 14 {
			l.closeSets()
			i++
		}
	}
	if !l.end(&d.bestEnd) {
		return nil, false
	}
	return l.melds, true
}

func (l *tableLayout) joker() laidCard {
	c := laidCard{face: jokerFace, joker: l.jokers}
	l.jokers++
	return c
}

// take removes and returns up to n runs of suit su matching ok.
func (l *tableLayout) take(su, n int, ok func(*laidRun) bool) []*laidRun {
	var out, keep []*laidRun
	for _, r := range l.open[su] {
		if len(out) < n && ok(r) {
			out = append(out, r)
		} else {
			keep = append(keep, r)
		}
	}
	l.open[su] = keep
	return out
}

func ofClass(c int) func(*laidRun) bool {
	return func(r *laidRun) bool { return !r.onlyJoke && r.class == c }
}

func jokerPiece(r *laidRun) bool { return r.onlyJoke }

func (l *tableLayout) face(pos, su int, dec *tdpDec) {
	d := l.d
	top := !d.wrap && pos == 14
	f := su*13 + d.rankAt(pos) - 1
	var copies []laidCard
	if top {
		copies, l.deferred[su] = l.deferred[su], nil
	} else {
		left := [3]int{int(d.n[0][f]), int(d.n[1][f]), int(d.n[2][f])}
		for range int(dec.use) + int(dec.defer_) {
			sr := 0
			for left[sr] == 0 {
				sr++
			}
			left[sr]--
			copies = append(copies, laidCard{face: int8(f), src: uint8(sr)})
		}
		l.deferred[su] = append(l.deferred[su], copies[dec.use:]...)
		copies = copies[:dec.use]
	}
	next := func() laidCard {
		c := copies[0]
		copies = copies[1:]
		return c
	}
	// Sets: each copy joins a different set formed by the suits before.
	var sets []*laidRun
	want := dec.join
	for _, g := range l.sets {
		k := len(g.cards)
		if k <= 3 && want[k-1] > 0 {
			want[k-1]--
			g.cards = append(g.cards, next())
			if len(g.cards) == 4 {
				l.melds = append(l.melds, g.cards)
				continue
			}
		}
		sets = append(sets, g)
	}
	for range dec.newSets {
		sets = append(sets, &laidRun{cards: []laidCard{next()}})
	}
	l.sets = sets
	// Runs extended with a natural, then with a joker.
	var still []*laidRun
	grow := func(rs []*laidRun, c laidCard) {
		for _, r := range rs {
			if c.face == jokerFace {
				r.cards = append(r.cards, l.joker())
			} else {
				r.cards = append(r.cards, next())
			}
			r.class = min(r.class+1, 3)
			still = append(still, r)
		}
	}
	nat, jok := laidCard{}, laidCard{face: jokerFace}
	for c := 3; c >= 1; c-- {
		grow(l.take(su, int(dec.extN[c-1]), ofClass(c)), nat)
	}
	jn := l.take(su, int(dec.jrExtN), jokerPiece)
	for _, r := range jn {
		r.onlyJoke = false
	}
	grow(jn, nat)
	for c := 3; c >= 1; c-- {
		grow(l.take(su, int(dec.extJ[c-1]), ofClass(c)), jok)
	}
	grow(l.take(su, int(dec.jrExtJ), jokerPiece), jok)
	// What is left ends here.
	oblige := dec.oblige
	for _, r := range l.open[su] {
		switch {
		case r.onlyJoke || r.class < 3 && oblige[r.class-1] > 0:
			if !r.onlyJoke {
				oblige[r.class-1]--
			}
			if r.class == 1 {
				l.need2[su] = append(l.need2[su], r)
			} else {
				l.need1[su] = append(l.need1[su], r)
			}
		case r.class < 3:
			for range 3 - r.class {
				r.cards = append(r.cards, l.joker())
			}
			l.melds = append(l.melds, r.cards)
		case r.fromAce:
			l.offers[su] = append(l.offers[su], r)
		default:
			l.melds = append(l.melds, r.cards)
		}
	}
	for range dec.newRuns {
		still = append(still, &laidRun{cards: []laidCard{next()}, class: 1})
	}
	for range dec.jrNew {
		still = append(still, &laidRun{cards: []laidCard{l.joker()}, class: 1, onlyJoke: true})
	}
	if d.cyclic && pos == 3 {
		for _, r := range still {
			if r.class == 3 {
				r.fromAce = true
			}
		}
	}
	l.open[su] = still
}

// closeSets fills the rank's sets up to three cards with jokers.
func (l *tableLayout) closeSets() {
	for _, g := range l.sets {
		for len(g.cards) < 3 {
			g.cards = append(g.cards, l.joker())
		}
		l.melds = append(l.melds, g.cards)
	}
	l.sets = nil
}

// end pairs the king-side runs with the ace pieces and offers, fills up short runs and
// lays the further jokers.
func (l *tableLayout) end(e *tdpEnd) bool {
	var ending [][]laidCard
	for su := 0; su < 4; su++ {
		byClass := [4][]*laidRun{}
		for _, r := range l.open[su] {
			if r.onlyJoke {
				return false
			}
			byClass[r.class] = append(byClass[r.class], r)
		}
		pop := func(c int) *laidRun {
			if len(byClass[c]) == 0 {
				return nil
			}
			r := byClass[c][0]
			byClass[c] = byClass[c][1:]
			return r
		}
		pair := func(k *laidRun, a []laidCard) bool {
			if k == nil {
				return false
			}
			ending = append(ending, append(append([]laidCard(nil), k.cards...), a...))
			return true
		}
		pieces := func(list *[]*laidRun, withClass [4]uint8) bool {
			for c := 1; c <= 3; c++ {
				for range withClass[c] {
					if len(*list) == 0 || !pair(pop(c), (*list)[0].cards) {
						return false
					}
					*list = (*list)[1:]
				}
			}
			return len(*list) == 0
		}
		if !pieces(&l.need2[su], [4]uint8{0, 0, e.n2with2[su], e.n2with3[su]}) ||
			!pieces(&l.need1[su], [4]uint8{0, e.n1with1[su], e.n1with2[su], e.n1with3[su]}) {
			return false
		}
		for c, n := range [3]uint8{0, e.offerTo1[su], e.offerTo2[su]} {
			for range n {
				if len(l.offers[su]) == 0 || !pair(pop(c), l.offers[su][0].cards) {
					return false
				}
				l.offers[su] = l.offers[su][1:]
			}
		}
		for _, o := range l.offers[su] {
			l.melds = append(l.melds, o.cards)
		}
		for c := 1; c <= 3; c++ {
			for _, r := range byClass[c] {
				for range 3 - c {
					r.cards = append(r.cards, l.joker())
				}
				ending = append(ending, r.cards)
			}
		}
	}
	l.melds = append(l.melds, ending...)
	for range e.extra {
		i := slices.IndexFunc(l.melds, hasRoom)
		if i < 0 {
			return false
		}
		l.melds[i] = append(l.melds[i], l.joker())
	}
	return true
}

// hasRoom reports whether a meld can take another joker: a set of fewer than four
// cards, or a run of fewer than thirteen.
func hasRoom(m []laidCard) bool {
	set := true
	rank := -1
	for _, c := range m {
		if c.face == jokerFace {
			continue
		}
		if r := int(c.face) % 13; rank >= 0 && r != rank {
			set = false
		} else {
			rank = r
		}
	}
	if set && len(m) >= 4 {
		return false
	}
	return len(m) < 13
}

// smelds turns the rebuilt melds into the solver's meld form (jokers by source).
func (d *tableDP) smelds(melds [][]laidCard) []smeld {
	var out []smeld
	for _, m := range melds {
		var sm smeld
		for _, c := range m {
			if c.face == jokerFace {
				switch {
				case c.joker < d.tj:
					sm.tjMask |= 1 << c.joker
				case c.joker < d.tj+d.hj:
					sm.hj++
				default:
					sm.fj++
				}
				continue
			}
			sm.faces = append(sm.faces, c.face)
			sm.srcs = append(sm.srcs, c.src)
		}
		out = append(out, sm)
	}
	return out
}

// labelJokers decides which joker stands in which place of the rebuilt melds. The search
// counts jokers, not which is which; but the joker rule cares which table joker goes
// where (it may stay with a card of its old meld, or join two hand cards), and a hand
// joker counts as a hand card. Every way of handing out the jokers is tried (at most 24)
// until one keeps to the rules; if none does, the first stands.
func (d *tableDP) labelJokers(p Position, opt Options, melds [][]laidCard) []smeld {
	first := d.smelds(melds)
	n := d.jokers()
	if d.tj == 0 || n < 2 {
		return first
	}
	used := 0
	for _, m := range melds {
		for _, c := range m {
			if c.face == jokerFace {
				used++
			}
		}
	}
	perm := make([]int, used)
	for i := range perm {
		perm[i] = i
	}
	relabeled := make([][]laidCard, len(melds))
	s := newSolver(p, opt)
	var found []smeld
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(perm) {
			for i, m := range melds {
				relabeled[i] = slices.Clone(m)
				for j, c := range m {
					if c.face == jokerFace {
						relabeled[i][j].joker = perm[c.joker]
					}
				}
			}
			sm := d.smelds(relabeled)
			table, _, free := s.instances(p, sm)
			repairJokers(p, table)
			repairJokerHands(p, table)
			if _, err := checkPlay(p.Table, p.Hand, p.Free, Play(table, free), opt); err == nil {
				found = sm
				return true
			}
			return false
		}
		for i := k; i < len(perm); i++ {
			perm[k], perm[i] = perm[i], perm[k]
			if try(k + 1) {
				return true
			}
			perm[k], perm[i] = perm[i], perm[k]
		}
		return false
	}
	if try(0) {
		return found
	}
	return first
}
