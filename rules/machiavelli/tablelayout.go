package machiavelli

import "slices"

// Rebuilding the melds of the table search's best play: the steps are read back from
// the layers (each situation remembers the one it came from and the step taken), then
// replayed on real runs and sets of cards. In a carrier search the replay follows the
// followed melds as the search did: each step says what it did to them (tdpDec.car), and
// the runs and sets chosen for a move are those the search followed, with copies from the
// sources they took (the table, the hand, the free cards).

// laidCard is a card in a rebuilt meld: a natural face with its source, or a joker by
// its number in the order table, hand, free.
type laidCard struct {
	face  int8 // natural face, or jokerFace
	src   uint8
	joker int
}

type laidRun struct {
	cards    []laidCard
	class    int      // length class 1 … 3
	fromAce  bool     // wrap: a long run started at the ace (an offer)
	onlyJoke bool     // wrap: a piece of jokers started at the ace
	follow   int      // a carrier search's record following it, plus one (0: none)
	front    *laidRun // wrap: the king-side run standing in front of this offer
	laid     bool     // finished, or laid in front of a finished run
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

	decs       []tdpDec // the steps, in order
	moves      [4]uint8 // a carrier search: the step's moves of the followed melds (carStep.tag)
	taken      [4]*laidCard
	followedAt [4]int // where the followed melds ended in melds (-1: not yet)
}

// layout rebuilds the best play's melds.
func (d *tableDP) layout() ([][]laidCard, bool) {
	melds, ok := d.layoutWhole()
	if !ok {
		return nil, false
	}
	return splitLongRuns(melds), true
}

// layoutWhole rebuilds the best play's melds, runs longer than thirteen cards left whole
// (see splitLongRuns and cutsOfLongRuns).
func (d *tableDP) layoutWhole() ([][]laidCard, bool) {
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
	l := &tableLayout{d: d, decs: decs, followedAt: [4]int{-1, -1, -1, -1}}
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

// splitLongRuns cuts every run longer than thirteen cards into runs of thirteen or
// fewer. Run lengths are classes in the search (1, 2, 3+), so it may build a run through
// every place of a suit and beyond — A♦ 2♦ … K♦ A♦ without wrap, or with wrap a run
// going round past where it began — which the rules refuse. Such a run's cards stand in
// order, so any cut into pieces of 3 to 13 cards gives valid runs: the play keeps its
// value. The pieces are as even as can be (the first longer), so each holds at least
// seven cards, a natural among them (there are at most four jokers).
func splitLongRuns(melds [][]laidCard) [][]laidCard {
	var out [][]laidCard
	for _, m := range melds {
		if len(m) <= 13 {
			out = append(out, m)
			continue
		}
		pieces := (len(m) + 12) / 13
		for k := range pieces {
			size := len(m) / (pieces - k)
			if len(m)%(pieces-k) != 0 {
				size++
			}
			out = append(out, m[:size:size])
			m = m[size:]
		}
	}
	return out
}

// cutsOfLongRuns lists ways of cutting the runs longer than thirteen cards into runs of 3
// to 13 cards, at most most of them, splitLongRuns' first. The cut of a run holding a
// joker matters: the joker's meld must keep a card of its old meld, and the even cut may
// leave that card in the other piece (4♦ … K♦ A♦ 2♦ ★ 4♦, where ★ keeps 7♦: cut as
// 4♦ 5♦ 6♦ and 7♦ … 4♦, not as 4♦ … 10♦ and J♦ … 4♦).
func cutsOfLongRuns(melds [][]laidCard, most int) [][][]laidCard {
	var out [][][]laidCard
	var pick func(i int, acc [][]laidCard)
	pick = func(i int, acc [][]laidCard) {
		switch {
		case len(out) == most:
		case i == len(melds):
			out = append(out, acc)
		case len(melds[i]) <= 13:
			pick(i+1, append(acc, melds[i]))
		case !slices.ContainsFunc(melds[i], func(c laidCard) bool { return c.face == jokerFace }):
			pick(i+1, append(slices.Clone(acc), splitLongRuns(melds[i:i+1])...)) // every cut is as good
		default:
			for _, cut := range cutsOfRun(melds[i]) {
				pick(i+1, append(slices.Clone(acc), cut...))
			}
		}
	}
	pick(0, nil)
	return out
}

// cutsOfRun lists the ways of cutting run m into as few runs of 3 to 13 cards as can be,
// splitLongRuns' even cut first.
func cutsOfRun(m []laidCard) [][][]laidCard {
	even := splitLongRuns([][]laidCard{m})
	out := [][][]laidCard{even}
	var cut func(m []laidCard, acc [][]laidCard)
	cut = func(m []laidCard, acc [][]laidCard) {
		if len(m) <= 13 {
			if acc = append(acc, m); !sameCut(acc, even) {
				out = append(out, acc)
			}
			return
		}
		rest := (len(m) - 1) / 13 // pieces still needed after this one
		for size := max(3, len(m)-13*rest); size <= min(13, len(m)-3*rest); size++ {
			cut(m[size:], append(slices.Clone(acc), m[:size:size]))
		}
	}
	cut(m, nil)
	return out
}

// sameCut reports whether two cuts of one run give pieces of the same lengths.
func sameCut(a, b [][]laidCard) bool {
	return slices.EqualFunc(a, b, func(x, y []laidCard) bool { return len(x) == len(y) })
}

func (l *tableLayout) joker() laidCard {
	c := laidCard{face: jokerFace, joker: l.jokers}
	l.jokers++
	return c
}

// move is what the step does to run or set r: the move of the record following it, or
// -1.
func (l *tableLayout) move(r *laidRun) int {
	if r.follow == 0 {
		return -1
	}
	return int(l.moves[r.follow-1] & 15)
}

// take removes and returns up to n runs of suit su matching ok for move mv: first those a
// carrier search followed into that move, then those it did not follow, never one it
// followed into another move.
func (l *tableLayout) take(su, n int, ok func(*laidRun) bool, mv int) []*laidRun {
	var out, keep []*laidRun
	pass := func(want int) {
		keep = l.open[su][:0] // (filtered in place)
		for _, r := range l.open[su] {
			if len(out) < n && ok(r) && l.move(r) == want {
				out = append(out, r)
			} else {
				keep = append(keep, r)
			}
		}
		l.open[su] = keep
	}
	if l.d.car != nil {
		pass(mv)
	}
	pass(-1)
	return out
}

func ofClass(c int) func(*laidRun) bool {
	return func(r *laidRun) bool { return !r.onlyJoke && r.class == c }
}

func jokerPiece(r *laidRun) bool { return r.onlyJoke }

// finish lays r down as a meld, behind the runs standing in front of it.
func (l *tableLayout) finish(r *laidRun) {
	if r.follow > 0 {
		l.followedAt[r.follow-1] = len(l.melds)
	}
	cards := r.cards
	r.laid = true
	for f := r.front; f != nil && !f.laid; f = f.front {
		cards = append(slices.Clone(f.cards), cards...)
		f.laid = true
	}
	l.melds = append(l.melds, cards)
}

// setAside takes out of copies those the followed melds take at this step: a copy of the
// source (table, hand, free) each record's move says.
func (l *tableLayout) setAside(copies []laidCard) []laidCard {
	l.taken = [4]*laidCard{}
	if l.d.car == nil {
		return copies
	}
	for k := range l.d.car.n {
		switch l.moves[k] & 15 {
		case mvNewRun, mvNewSet, mvJoin, mvExtN, mvKingHalf, mvJokerExtN:
		default:
			continue
		}
		src := l.moves[k] >> 4
		if i := slices.IndexFunc(copies, func(c laidCard) bool { return c.src == src }); i >= 0 {
			c := copies[i]
			l.taken[k] = &c
			copies = slices.Delete(slices.Clone(copies), i, i+1)
		}
	}
	return copies
}

// keepForTop splits the copies of a face laid at this step into those laid here and n
// kept for the top (without wrap, the ace's): the last ones; in a carrier search, first
// those of the sources the followed melds take at the top, and not those they take here
// (the search's aces' ledger saw to it that there are enough of each).
func (l *tableLayout) keepForTop(su int, copies []laidCard, n int) (here, kept []laidCard) {
	if n == 0 || l.d.car == nil {
		return copies[:len(copies)-n], copies[len(copies)-n:]
	}
	rest := slices.Clone(copies)
	take := func(src uint8) (laidCard, bool) {
		for i := len(rest) - 1; i >= 0; i-- {
			if rest[i].src == src {
				c := rest[i]
				rest = slices.Delete(rest, i, i+1)
				return c, true
			}
		}
		return laidCard{}, false
	}
	for _, src := range l.naturalSources(l.decs[13*5+su].car.unpack()) {
		if c, ok := take(src); ok && len(kept) < n {
			kept = append(kept, c)
		}
	}
	for _, src := range l.naturalSources(l.moves) {
		if c, ok := take(src); ok {
			here = append(here, c)
		}
	}
	for len(kept) < n && len(rest) > 0 {
		kept, rest = append(kept, rest[len(rest)-1]), rest[:len(rest)-1]
	}
	here = append(here, rest...)
	for len(kept) < n && len(here) > 0 { // (not the search's layout: the rules check will say)
		kept, here = append(kept, here[len(here)-1]), here[:len(here)-1]
	}
	return here, kept
}

// naturalSources are the sources of the natural copies the followed melds take by the
// moves given (carStep.tag).
func (l *tableLayout) naturalSources(moves [4]uint8) []uint8 {
	var out []uint8
	for k := range l.d.car.n {
		switch moves[k] & 15 {
		case mvNewRun, mvNewSet, mvJoin, mvExtN, mvKingHalf, mvJokerExtN:
			out = append(out, moves[k]>>4)
		}
	}
	return out
}

func (l *tableLayout) face(pos, su int, dec *tdpDec) {
	d := l.d
	l.moves = dec.car.unpack()
	adopting := l.adopting()
	top := !d.wrap && pos == 14
	f := su*13 + d.rankAt(pos) - 1
	var copies []laidCard
	if top {
		copies, l.deferred[su] = l.deferred[su], nil
	} else {
		left := [3]int{int(d.n[0][f]), int(d.n[1][f]), int(d.n[2][f])}
		// (Free copies laid in place of hand copies: fewer hand copies to take.)
		left[1] = min(left[1], max(int(dec.use)+int(dec.defer_)-left[0], 0)) - int(dec.freeForHand)
		for range int(dec.use) + int(dec.defer_) {
			sr := 0
			for left[sr] == 0 {
				sr++
			}
			left[sr]--
			copies = append(copies, laidCard{face: int8(f), src: uint8(sr)})
		}
		var kept []laidCard
		copies, kept = l.keepForTop(su, copies, int(dec.defer_))
		l.deferred[su] = append(l.deferred[su], kept...)
	}
	copies = l.setAside(copies)
	// next is the copy for r: the one set aside if a carrier search follows it.
	next := func(r *laidRun) laidCard {
		k := r.follow - 1
		if len(copies) == 0 || k >= 0 && l.taken[k] != nil {
			// (With no copy left, one set aside for a followed meld the replay did not
			// meet: the layout is not the search's, and the rules check will say.)
			if k < 0 || l.taken[k] == nil {
				k = slices.IndexFunc(l.taken[:], func(c *laidCard) bool { return c != nil })
			}
			c := *l.taken[k]
			l.taken[k] = nil
			return c
		}
		c := copies[0]
		copies = copies[1:]
		return c
	}
	// Sets: each copy joins a different set formed by the suits before; the followed sets
	// join or not as the search had them.
	var sets []*laidRun
	want := dec.join
	order := slices.Clone(l.sets)
	slices.SortStableFunc(order, func(a, b *laidRun) int { return setRank(l.move(a)) - setRank(l.move(b)) })
	for _, g := range order {
		k := len(g.cards)
		if k <= 3 && want[k-1] > 0 && l.move(g) != mvSkip {
			want[k-1]--
			g.cards = append(g.cards, next(g))
			if len(g.cards) == 4 {
				l.finish(g)
				continue
			}
		}
		sets = append(sets, g)
	}
	for range dec.newSets {
		g := l.starts(&laidRun{}, mvNewSet)
		g.cards = []laidCard{next(g)}
		sets = append(sets, g)
	}
	l.sets = sets
	// Runs extended with a natural, then with a joker.
	var still []*laidRun
	grow := func(rs []*laidRun, joker bool) {
		for _, r := range rs {
			if joker {
				r.cards = append(r.cards, l.joker())
			} else {
				r.cards = append(r.cards, next(r))
			}
			r.class = min(r.class+1, 3)
			still = append(still, r)
		}
	}
	for c := 3; c >= 1; c-- {
		grow(l.take(su, int(dec.extN[c-1]), ofClass(c), mvExtN), false)
	}
	jn := l.take(su, int(dec.jrExtN), jokerPiece, mvJokerExtN)
	for _, r := range jn {
		r.onlyJoke = false
		r.fromAce = r.fromAce || pos > 3 // (past rank 3: a long run from the ace, an offer)
	}
	grow(jn, false)
	for c := 3; c >= 1; c-- {
		grow(l.take(su, int(dec.extJ[c-1]), ofClass(c), mvExtJ), true)
	}
	grow(l.take(su, int(dec.jrExtJ), jokerPiece, mvJokerExtJ), true)
	// What is left ends here: the followed runs left to the king's side first, those
	// ending here last.
	oblige := dec.oblige
	rest := slices.Clone(l.open[su])
	slices.SortStableFunc(rest, func(a, b *laidRun) int { return endRank(l.move(a)) - endRank(l.move(b)) })
	for _, r := range rest {
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
			l.finish(r)
		case r.fromAce:
			l.offers[su] = append(l.offers[su], r)
		default:
			l.finish(r)
		}
	}
	l.open[su] = nil
	for range dec.newRuns {
		r := &laidRun{class: 1}
		if l.starts(r, mvNewRun).follow == 0 {
			l.starts(r, mvKingHalf) // the king's half of a followed ace piece
		}
		r.cards = []laidCard{next(r)}
		still = append(still, r)
	}
	for range dec.jrNew {
		still = append(still, l.starts(&laidRun{cards: []laidCard{l.joker()}, class: 1, onlyJoke: true}, mvNewJokerPiece))
	}
	l.adopt(adopting, still)
	if d.cyclic && pos == 3 {
		for _, r := range still {
			if r.class == 3 {
				r.fromAce = true
			}
		}
	}
	l.open[su] = still
}

// adopting lists the records whose ace piece ends or is left to the king's side at this
// step and takes at once, as its king's half, a run going on or starting here (see
// adoptHalves), with the half's class after the step (0: none; the tag's source bits hold
// it less one).
func (l *tableLayout) adopting() (halves [4]uint8) {
	if l.d.car == nil {
		return halves
	}
	for k := range l.d.car.n {
		switch l.moves[k] & 15 {
		case mvEnd, mvOblige:
			if src := l.moves[k] >> 4; src != noSrc {
				halves[k] = src + 1
			}
		}
	}
	return halves
}

// adopt marks, for each record adopting a king's half at this step, a run of runs (those
// extended or started at this face) of the half's class not followed by another record. The
// search credited the half's earlier cards optimistically; the rules check refuses the
// play if this run does not keep the joker rule.
func (l *tableLayout) adopt(halves [4]uint8, runs []*laidRun) {
	for k, cl := range halves {
		if cl == 0 {
			continue
		}
		if i := slices.IndexFunc(runs, func(r *laidRun) bool { return r.follow == 0 && !r.onlyJoke && r.class == int(cl) }); i >= 0 {
			runs[i].follow = k + 1
		}
	}
}

// starts marks the new run or set r as followed by the record whose move at this step is
// mv (it starts a followed meld, or a king's half), if any.
func (l *tableLayout) starts(r *laidRun, mv int) *laidRun {
	if l.d.car == nil {
		return r
	}
	for k := range l.d.car.n {
		if int(l.moves[k]&15) == mv {
			r.follow = k + 1
			l.moves[k] = mvStay // the next new one is not it
			break
		}
	}
	return r
}

// setRank orders the sets a face may join: those followed into joining first, those
// followed into staying apart last.
func setRank(mv int) int {
	switch mv {
	case mvJoin:
		return 0
	case mvSkip:
		return 2
	}
	return 1
}

// endRank orders the runs ending at a face: those followed to the king's side first,
// those followed into ending here last.
func endRank(mv int) int {
	switch mv {
	case mvOblige, mvJokerOblige:
		return 0
	case mvEnd:
		return 2
	}
	return 1
}

// closeSets fills the rank's sets up to three cards with jokers.
func (l *tableLayout) closeSets() {
	for _, g := range l.sets {
		for len(g.cards) < 3 {
			g.cards = append(g.cards, l.joker())
		}
		l.finish(g)
	}
	l.sets = nil
}

// end pairs the king-side runs with the ace pieces and offers (a followed king's half
// with its own ace piece), fills up short runs and lays the further jokers (first those
// the carrier search gave the followed melds).
//
// An offer is any long run started at the ace, whether it ended before the king or is
// still open at it: the search counts its offers when they are made, at rank 3, and
// does not forget one that goes on to the king. Such a run is then a king-side run as
// well, and may both take a short run in front (Q K A … K) and an ace piece behind
// (… K A 2); the pairs are therefore made on the runs themselves, a short run put in
// front of its offer, an ace piece behind its king-side run, and runs longer than
// thirteen cards are cut by splitLongRuns.
func (l *tableLayout) end(e *tdpEnd) bool {
	var ending, fronts []*laidRun
	for su := 0; su < 4; su++ {
		byClass := [4][]*laidRun{}
		offers := slices.Clone(l.offers[su])
		for _, r := range l.open[su] {
			if r.onlyJoke {
				return false
			}
			byClass[r.class] = append(byClass[r.class], r)
			if r.fromAce {
				offers = append(offers, r)
			}
		}
		with := [3][4]uint8{
			{0, 0, e.n2with2[su], e.n2with3[su]},
			{0, e.n1with1[su], e.n1with2[su], e.n1with3[su]},
			{0, e.offerTo1[su], e.offerTo2[su], e.offerTo3[su]},
		}
		pieces := [3]*[]*laidRun{&l.need2[su], &l.need1[su], &offers}
		// pair joins the king-side run k and the piece a of kind t: an ace piece goes
		// behind k, which ends; k goes in front of an offer, which ends as it would
		// have (before the king, or as a king-side run).
		pair := func(t int, k, a *laidRun) {
			byClass[k.class] = slices.DeleteFunc(byClass[k.class], func(r *laidRun) bool { return r == k })
			if t == 2 {
				a.front = k
				fronts = append(fronts, k)
				a.follow = max(k.follow, a.follow)
				return
			}
			k.cards = append(k.cards, a.cards...)
			k.follow = max(k.follow, a.follow)
			ending = append(ending, k)
		}
		for _, k := range slices.Clone(l.open[su]) {
			if k.follow == 0 {
				continue
			}
			for t, list := range pieces {
				i := slices.IndexFunc(*list, func(a *laidRun) bool { return a != k && a.follow == k.follow })
				if i >= 0 && with[t][k.class] > 0 && slices.Contains(byClass[k.class], k) {
					pair(t, k, (*list)[i])
					*list = slices.Delete(slices.Clone(*list), i, i+1)
					with[t][k.class]--
					break
				}
			}
		}
		for t, list := range pieces {
			for c := 1; c <= 3; c++ {
				for range with[t][c] {
					// The king-side run: not the offer itself.
					j := slices.IndexFunc(byClass[c], func(r *laidRun) bool { return len(*list) == 0 || r != (*list)[0] })
					if len(*list) == 0 || j < 0 {
						return false
					}
					pair(t, byClass[c][j], (*list)[0])
					*list = (*list)[1:]
				}
			}
			if t < 2 && len(*list) > 0 {
				return false // an ace piece left without its king's side
			}
		}
		for _, o := range l.offers[su] {
			l.finish(o)
		}
		for c := 1; c <= 3; c++ {
			for _, r := range byClass[c] {
				for range 3 - c {
					r.cards = append(r.cards, l.joker())
				}
				ending = append(ending, r)
			}
		}
	}
	for _, r := range ending {
		l.finish(r)
	}
	for _, k := range fronts {
		if !k.laid {
			return false // runs each in front of the other: no such play
		}
	}
	extra := int(e.extra)
	for k, n := range e.carExtra {
		for range n {
			if i := l.followedAt[k]; i >= 0 && extra > 0 && hasRoom(l.melds[i]) {
				l.melds[i] = append(l.melds[i], l.joker())
				extra--
			}
		}
	}
	for range extra {
		i := slices.IndexFunc(l.melds, hasRoom)
		if i < 0 {
			return false
		}
		l.melds[i] = append(l.melds[i], l.joker())
	}
	return true
}

// hasRoom reports whether a meld can take another joker: a set of fewer than four
// cards, or a run of fewer than thirteen. A single natural with jokers is either: with
// four jokers it is a run (the four-joker option), so it always has room.
func hasRoom(m []laidCard) bool {
	set := true
	rank, naturals := -1, 0
	for _, c := range m {
		if c.face == jokerFace {
			continue
		}
		naturals++
		if r := int(c.face) % 13; rank >= 0 && r != rank {
			set = false
		} else {
			rank = r
		}
	}
	if set && naturals > 1 && len(m) >= 4 {
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
				switch d.jokerSource(c.joker) {
				case srcTable:
					sm.tjMask |= 1 << c.joker
				case srcHand:
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
// joker counts as a hand card. Unless a quick test says none can (jokersCanKeepRule),
// every way of handing out the jokers is tried (at most 24) until one keeps to the rules;
// if none does, the first stands.
func (d *tableDP) labelJokers(p Position, opt Options, melds [][]laidCard) []smeld {
	first := d.smelds(melds)
	if d.tj == 0 || d.jokers() < 2 || !d.jokersCanKeepRule(p, melds) {
		return first
	}
	if sm, ok := d.legalLabels(p, opt, melds); ok {
		return sm
	}
	return first
}

// legalLabels tries every way of handing out the jokers of the rebuilt melds until one
// keeps to the rules.
func (d *tableDP) legalLabels(p Position, opt Options, melds [][]laidCard) ([]smeld, bool) {
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
			legal := func(t [][]Card) bool {
				_, err := checkPlay(p.Table, p.Hand, p.Free, Play(t, free), opt)
				return err == nil
			}
			if repaired(p, table, legal) {
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
	ok := try(0)
	return found, ok
}

// jokersCanKeepRule is a quick necessary condition for some way of handing out the jokers
// of the rebuilt melds to keep the joker rule: each table joker can be given a place of
// its own in a meld where it is not freed — a meld holding a card of its old meld's faces
// — or that can hold two hand cards — cards of faces the hand holds, and jokers that can
// be hand jokers. (The instance swaps that labelJokers then tries move cards of one face
// between melds and jokers between places: neither changes what this counts.)
func (d *tableDP) jokersCanKeepRule(p Position, melds [][]laidCard) bool {
	var old []uint64 // per table joker, in reading order: its old meld's faces
	for _, m := range p.Table {
		faces := faceMask(m)
		for _, c := range m {
			if c.IsJoker() {
				old = append(old, faces)
			}
		}
	}
	handFaces := faceMask(p.Hand)
	type place struct {
		faces    uint64
		handable int // the place's meld's cards that can be hand cards, besides the joker
	}
	var places []place
	for _, m := range melds {
		var faces uint64
		naturals, jokers := 0, 0
		for _, c := range m {
			if c.face == jokerFace {
				jokers++
				continue
			}
			faces |= 1 << uint(c.face)
			if handFaces&(1<<uint(c.face)) != 0 {
				naturals++
			}
		}
		for range jokers {
			places = append(places, place{faces, naturals + min(jokers-1, d.hj)})
		}
	}
	fits := func(j int, pl place) bool { return pl.faces&old[j] != 0 || pl.handable >= 2 }
	// Each table joker a place of its own (a matching; there are few of either).
	taken := make([]bool, len(places))
	var match func(j int) bool
	match = func(j int) bool {
		if j == len(old) {
			return true
		}
		for i, pl := range places {
			if !taken[i] && fits(j, pl) {
				taken[i] = true
				if match(j + 1) {
					return true
				}
				taken[i] = false
			}
		}
		return false
	}
	return match(0)
}

// faceMask is the set of natural faces among cards.
func faceMask(cards []Card) uint64 {
	var m uint64
	for _, c := range cards {
		if !c.IsJoker() {
			m |= 1 << uint(c.Face())
		}
	}
	return m
}
