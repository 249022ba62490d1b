package machiavelli

// The rank-by-rank search. Cards are settled one face at a time, rank by rank (A♠ A♥
// A♦ A♣ 2♠ …), the way a player sweeps a sorted table: each copy of a face either
// extends a run of its suit that reached the rank before, starts a run (perhaps behind
// one or two jokers), joins a set forming at this rank, or — if it is a hand or free
// card — stays back. A run remembers only its length so far, capped at 3 (the length a
// meld needs), and a set only its size; so positions that differ in detail but not in
// what can still happen are one memo entry, and the search is fast on big tables.
//
// Without wrap the ace is rank 1 or, as "rank 14", the top of a run (Q-K-A): copies of
// an ace are split at rank 1 between low use and the top, and those kept for the top
// must be placed there. With wrap, runs may cross from K to A: the search guesses, per
// suit, how many runs cross, carries them in at the ace as "virtual" runs, and at the
// end matches them with the runs still open at the king (their two parts together must
// have at least 3 cards).
//
// Jokers are wild: they extend a run at any rank, sit in front of a run's first natural
// card, or fill a set. Sources are used in a fixed order (table copies first, then hand,
// then free; table jokers first), which loses nothing: a leftover hand card can do
// whatever a leftover table card could, and more. The joker rule is checked on the
// layout afterwards; when it fails, the face-by-face search, which tracks each table
// joker, decides instead.

type rdState struct {
	pos     int8        // rank position being settled (1 … npos)
	suit    int8        // next suit at pos; 4 = close this rank's sets
	runs    [4][3]uint8 // open runs per suit by length class 1, 2, 3+
	vruns   [4][4]uint8 // wrap: runs carried in at the ace, by length on the ace side 0 … 3+
	vclosed [4][3]uint8 // wrap: carried-in runs that ended, by ace-side length class
	groups  [3]uint8    // sets forming at this rank, by size 1, 2, 3
	jused   uint8
	used    uint8
	defer_  [4]uint8 // no wrap: aces kept for the top of a run, per suit
}

func (s *rdState) key() [2]uint64 {
	var a, b uint64
	a = uint64(s.pos) | uint64(s.suit)<<4 | uint64(s.jused)<<8 | uint64(s.used)<<12
	sh := 20
	for su := 0; su < 4; su++ {
		for c := 0; c < 3; c++ {
			a |= uint64(s.runs[su][c]) << sh
			sh += 2
		}
		a |= uint64(s.defer_[su]) << sh
		sh += 2
	}
	// sh = 52
	for i, g := range s.groups {
		a |= uint64(g) << (52 + 2*i)
	}
	sh = 0
	for su := 0; su < 4; su++ {
		for c := 0; c < 4; c++ {
			b |= uint64(s.vruns[su][c]) << sh
			sh += 2
		}
		for c := 0; c < 3; c++ {
			b |= uint64(s.vclosed[su][c]) << sh
			sh += 2
		}
	}
	return [2]uint64{a, b}
}

// rdDecision is what happens at one face (or, at suit 4, to the sets of a rank).
type rdDecision struct {
	use    int       // natural copies used now
	defer_ int       // no wrap, at the ace: copies kept for the top
	extN   [3]int    // runs by class extended with a natural
	extJ   [3]int    // runs by class extended with a joker
	vextN  [4]int    // carried-in runs extended with a natural
	vextJ  [4]int    // carried-in runs extended with a joker
	vclose [4]int    // carried-in runs ending
	newRun [3]int    // new runs with 0, 1, 2 jokers in front
	join   [3]int    // copies joining sets of size 1, 2, 3
	newSet int       // copies starting sets
	setJx  [3][3]int // suit 4: sets of size i getting j extra jokers (count)
}

type rankDP struct {
	wrap       bool
	npos       int8
	n          [3][52]uint8
	tj, hj, fj int
	jval       int
	opt        Options
	cap        int
	capActive  bool
	memo       *memoTable
	limit      int  // positions allowed (0 = no limit)
	aborted    bool // the limit was reached
	nodes      int
	wrapGuess  [4]uint8
}

func rankOf(pos int8) int { return (int(pos)-1)%13 + 1 }

func newRankDP(p Position, opt Options) *rankDP {
	d := &rankDP{wrap: opt.AceWrap, npos: 14, opt: opt, jval: opt.cardValue(Joker(0)), memo: newMemoTable()}
	if d.wrap {
		d.npos = 13
	}
	if opt.MaxPerTurn > 0 && len(p.Hand) > opt.MaxPerTurn {
		d.cap, d.capActive = opt.MaxPerTurn, true
	}
	for _, m := range p.Table {
		for _, c := range m {
			if c.IsJoker() {
				d.tj++
			} else {
				d.n[srcTable][c.Face()]++
			}
		}
	}
	for _, c := range p.Hand {
		if c.IsJoker() {
			d.hj++
		} else {
			d.n[srcHand][c.Face()]++
		}
	}
	for _, c := range p.Free {
		if c.IsJoker() {
			d.fj++
		} else {
			d.n[srcFree][c.Face()]++
		}
	}
	return d
}

// jokerGain is the objective gained by using jokers number from … from+k-1 (in the order
// table, hand, free), and how many of them are hand jokers.
func (d *rankDP) jokerGain(from, k int) (int32, int) {
	hand, free := 0, 0
	for i := from; i < from+k; i++ {
		switch {
		case i < d.tj:
		case i < d.tj+d.hj:
			hand++
		default:
			free++
		}
	}
	return packValue(hand, hand*d.jval, free), hand
}

// naturalGain is the objective gained by using k copies of face f (table, then hand,
// then free), and how many come from the hand.
func (d *rankDP) naturalGain(f, k int) (int32, int) {
	t, h := int(d.n[srcTable][f]), int(d.n[srcHand][f])
	hand := min(max(k-t, 0), h)
	free := max(k-t-h, 0)
	return packValue(hand, hand*d.opt.cardValue(Card(f)), free), hand
}

// solve returns the best objective over every wrap guess (one guess without wrap).
func (d *rankDP) solve() int32 {
	best := int32(-1)
	for _, g := range d.guesses() {
		d.wrapGuess = g
		st := rdState{pos: 1}
		for su := 0; su < 4; su++ {
			st.vruns[su][0] = g[su]
		}
		if v := d.best(st); v > best {
			best = v
		}
	}
	return best
}

// guesses lists how many runs may cross from K to A in each suit.
func (d *rankDP) guesses() [][4]uint8 {
	out := [][4]uint8{{}}
	if !d.wrap {
		return out
	}
	J := d.tj + d.hj + d.fj
	for su := 0; su < 4; su++ {
		// A run crossing K→A needs a card on each side of the boundary, at least one of
		// them natural (two jokers side by side at the boundary are not tried).
		ace, king := su*13, su*13+12
		natAces := int(d.n[0][ace] + d.n[1][ace] + d.n[2][ace])
		natKings := int(d.n[0][king] + d.n[1][king] + d.n[2][king])
		limit := min(natAces+J, natKings+J, natAces+natKings, 2)
		var next [][4]uint8
		for _, g := range out {
			for w := 0; w <= limit; w++ {
				h := g
				h[su] = uint8(w)
				next = append(next, h)
			}
		}
		out = next
	}
	return out
}

func (d *rankDP) jokersTotal() int { return d.tj + d.hj + d.fj }

// best is the best objective from st, or -1 when the table cards cannot all be placed.
func (d *rankDP) best(st rdState) int32 {
	if st.pos > d.npos {
		if d.endOK(&st) {
			return 0
		}
		return -1
	}
	k := st.key()
	if v, ok := d.memo.get(k); ok {
		return v
	}
	d.nodes++
	if d.limit > 0 && d.nodes > d.limit {
		d.aborted = true
		return -1
	}
	best := int32(-1)
	d.decisions(&st, func(dec *rdDecision, next rdState, gain int32) bool {
		if v := d.best(next); v >= 0 && v+gain > best {
			best = v + gain
		}
		return false
	})
	d.memo.put(k, best)
	return best
}

// endOK checks the position after the last rank: every run ended with 3 cards or more
// (with wrap, runs open at the king join the carried-in runs), every table joker used.
func (d *rankDP) endOK(st *rdState) bool {
	if int(st.jused) < d.tj {
		return false
	}
	for su := 0; su < 4; su++ {
		if !d.wrap {
			if st.runs[su][0]+st.runs[su][1] != 0 {
				return false
			}
			continue
		}
		for c := 0; c < 4; c++ {
			if st.vruns[su][c] != 0 {
				return false
			}
		}
		if !matchWrap(st.runs[su], st.vclosed[su]) {
			return false
		}
	}
	return true
}

// matchWrap pairs runs open at the king (by length class) with carried-in runs (by
// ace-side length class) so that every pair has at least 3 cards.
func matchWrap(kside, aside [3]uint8) bool {
	k := []int{}
	a := []int{}
	for c := 2; c >= 0; c-- {
		for i := 0; i < int(kside[c]); i++ {
			k = append(k, c+1)
		}
	}
	for c := 0; c < 3; c++ {
		for i := 0; i < int(aside[c]); i++ {
			a = append(a, c+1)
		}
	}
	if len(k) != len(a) {
		return false
	}
	// Longest king side with shortest ace side.
	for i := range k {
		if k[i]+a[i] < 3 {
			return false
		}
	}
	return true
}

// decisions calls visit with every decision at st, the position it leads to and its gain.
func (d *rankDP) decisions(st *rdState, visit func(*rdDecision, rdState, int32) bool) {
	if st.suit == 4 {
		d.closeSets(st, visit)
		return
	}
	su := int(st.suit)
	f := su*13 + rankOf(st.pos) - 1
	top := !d.wrap && st.pos == 14
	var mandatory, avail int
	if top {
		mandatory, avail = int(st.defer_[su]), int(st.defer_[su])
	} else {
		mandatory = int(d.n[srcTable][f])
		avail = mandatory + int(d.n[srcHand][f]) + int(d.n[srcFree][f])
	}
	lastPos := st.pos == d.npos
	J := d.jokersTotal() - int(st.jused)
	runs := st.runs[su]
	vr := st.vruns[su]
	var dec rdDecision
	// Enumerate how the open runs of this suit continue.
	var runLoop func(c int, jLeft int)
	var vrunLoop func(c int, jLeft int)
	var copyLoop func(jLeft int)
	stop := false
	runLoop = func(c int, jLeft int) {
		if stop {
			return
		}
		if c == 3 {
			vrunLoop(0, jLeft)
			return
		}
		r := int(runs[c])
		for en := 0; en <= r; en++ {
			for ej := 0; ej <= r-en && ej <= jLeft; ej++ {
				closed := r - en - ej
				if closed > 0 && c < 2 {
					continue // a run of 1 or 2 cards cannot end
				}
				if (en > 0 || ej > 0) && d.cannotExtend(st.pos) {
					continue
				}
				dec.extN[c], dec.extJ[c] = en, ej
				runLoop(c+1, jLeft-ej)
			}
		}
		dec.extN[c], dec.extJ[c] = 0, 0
	}
	vrunLoop = func(c int, jLeft int) {
		if stop {
			return
		}
		if c == 4 {
			copyLoop(jLeft)
			return
		}
		r := int(vr[c])
		for en := 0; en <= r; en++ {
			for ej := 0; ej <= r-en && ej <= jLeft; ej++ {
				closed := r - en - ej
				if closed > 0 && c == 0 {
					continue // a carried-in run must reach the ace
				}
				if (en > 0 || ej > 0) && st.pos >= 13 {
					continue // a carried-in run ends before the king
				}
				dec.vextN[c], dec.vextJ[c], dec.vclose[c] = en, ej, closed
				vrunLoop(c+1, jLeft-ej)
			}
		}
		dec.vextN[c], dec.vextJ[c], dec.vclose[c] = 0, 0, 0
	}
	copyLoop = func(jLeft int) {
		extN := dec.extN[0] + dec.extN[1] + dec.extN[2] + dec.vextN[0] + dec.vextN[1] + dec.vextN[2] + dec.vextN[3]
		for use := max(extN, 0); use <= avail && !stop; use++ {
			deferMax := 0
			if !d.wrap && st.pos == 1 {
				deferMax = avail - use
			}
			for df := 0; df <= deferMax && !stop; df++ {
				if use+df < mandatory {
					continue
				}
				dec.use, dec.defer_ = use, df
				free := use - extN
				d.placeFree(st, &dec, free, jLeft, top, lastPos, visit, &stop)
			}
		}
	}
	runLoop(0, J)
}

// cannotExtend reports whether no run can reach this position from the one before.
func (d *rankDP) cannotExtend(pos int8) bool { return pos == 1 }

// placeFree puts the copies not extending runs into new runs and sets.
func (d *rankDP) placeFree(st *rdState, dec *rdDecision, free, jLeft int, top, lastPos bool, visit func(*rdDecision, rdState, int32) bool, stop *bool) {
	g := st.groups
	for n0 := 0; n0 <= free; n0++ {
		for n1 := 0; n0+n1 <= free && n1 <= jLeft; n1++ {
			for n2 := 0; n0+n1+n2 <= free && n1+2*n2 <= jLeft; n2++ {
				if *stop {
					return
				}
				if n1 > 0 && st.pos-1 < 1 || n2 > 0 && st.pos-2 < 1 {
					continue
				}
				if lastPos && !d.wrap && (n0 > 0 || n1 > 0) {
					continue
				}
				rest := free - n0 - n1 - n2
				if rest > 0 && top {
					continue // sets of aces are made at rank 1
				}
				dec.newRun = [3]int{n0, n1, n2}
				// Copies for sets: each to a different set.
				for j1 := 0; j1 <= int(g[0]) && j1 <= rest; j1++ {
					for j2 := 0; j2 <= int(g[1]) && j1+j2 <= rest; j2++ {
						for j3 := 0; j3 <= int(g[2]) && j1+j2+j3 <= rest; j3++ {
							dec.join = [3]int{j1, j2, j3}
							dec.newSet = rest - j1 - j2 - j3
							next, gain, ok := d.step(st, dec)
							if ok && visit(dec, next, gain) {
								*stop = true
								return
							}
						}
					}
				}
			}
		}
	}
}

// step applies a face decision.
func (d *rankDP) step(st *rdState, dec *rdDecision) (rdState, int32, bool) {
	su := int(st.suit)
	next := *st
	f := su*13 + rankOf(st.pos) - 1
	top := !d.wrap && st.pos == 14
	var gain int32
	hand := 0
	if !top {
		g, h := d.naturalGain(f, dec.use+dec.defer_)
		gain, hand = g, h
	}
	jokers := dec.extJ[0] + dec.extJ[1] + dec.extJ[2] + dec.vextJ[0] + dec.vextJ[1] + dec.vextJ[2] + dec.vextJ[3] + dec.newRun[1] + 2*dec.newRun[2]
	jg, jh := d.jokerGain(int(st.jused), jokers)
	gain += jg
	hand += jh
	next.jused += uint8(jokers)
	if d.capActive {
		if int(st.used)+hand > d.cap {
			return next, 0, false
		}
		next.used += uint8(hand)
	}
	var runs [3]int
	for c := 0; c < 3; c++ {
		up := min(c+1, 2)
		runs[up] += dec.extN[c] + dec.extJ[c]
	}
	runs[0] += dec.newRun[0]
	runs[1] += dec.newRun[1]
	runs[2] += dec.newRun[2]
	for c := 0; c < 3; c++ {
		if runs[c] > 3 {
			return next, 0, false
		}
		next.runs[su][c] = uint8(runs[c])
	}
	var vr [4]int
	for c := 0; c < 4; c++ {
		up := min(c+1, 3)
		vr[up] += dec.vextN[c] + dec.vextJ[c]
		if dec.vclose[c] > 0 {
			next.vclosed[su][c-1] += uint8(dec.vclose[c])
			if next.vclosed[su][c-1] > 3 {
				return next, 0, false
			}
		}
	}
	for c := 0; c < 4; c++ {
		next.vruns[su][c] = uint8(vr[c])
	}
	if dec.defer_ > 0 {
		next.defer_[su] = uint8(dec.defer_)
	}
	if top {
		next.defer_[su] = 0
	}
	g := st.groups
	ng := [3]int{int(g[0]) - dec.join[0] + dec.newSet, int(g[1]) - dec.join[1] + dec.join[0], int(g[2]) - dec.join[2] + dec.join[1]}
	for c := 0; c < 3; c++ {
		if ng[c] > 3 {
			return next, 0, false
		}
		next.groups[c] = uint8(ng[c])
	}
	next.suit++
	if !d.viable(&next, su) {
		return next, 0, false
	}
	return next, gain, true
}

// viable is a quick look-ahead after settling suit su at a rank: short runs of that suit
// need a card at the next rank, and sets still short of 3 need later suits or jokers.
func (d *rankDP) viable(st *rdState, su int) bool {
	J := d.jokersTotal() - int(st.jused)
	short := int(st.runs[su][0]) + int(st.runs[su][1])
	if short > 0 {
		if st.pos == d.npos && !d.wrap {
			return false
		}
		var tiles int
		switch {
		case !d.wrap && st.pos == 13:
			tiles = int(st.defer_[su])
		case d.wrap && st.pos == d.npos:
			tiles = short // joined to carried-in runs at the end
		default:
			f := su*13 + rankOf(st.pos+1) - 1
			tiles = int(d.n[0][f]) + int(d.n[1][f]) + int(d.n[2][f])
		}
		if short > tiles+J {
			return false
		}
		if ones := int(st.runs[su][0]); ones > 0 && st.pos+2 <= d.npos && !(!d.wrap && st.pos+2 == 14) {
			f := su*13 + rankOf(st.pos+2) - 1
			if ones > int(d.n[0][f])+int(d.n[1][f])+int(d.n[2][f])+J {
				return false
			}
		}
	}
	need := 2*int(st.groups[0]) + int(st.groups[1])
	if need > 0 {
		groups := int(st.groups[0]) + int(st.groups[1]) + int(st.groups[2])
		supply := J
		rank := rankOf(st.pos)
		for s2 := su + 1; s2 < 4; s2++ {
			f := s2*13 + rank - 1
			supply += min(groups, int(d.n[0][f])+int(d.n[1][f])+int(d.n[2][f]))
		}
		if need > supply {
			return false
		}
	}
	return true
}

// closeSets finishes a rank: every set gets the jokers it needs (and perhaps more, up to
// 4 cards), then the search moves to the next rank.
func (d *rankDP) closeSets(st *rdState, visit func(*rdDecision, rdState, int32) bool) {
	g := st.groups
	J := d.jokersTotal() - int(st.jused)
	need := 2*int(g[0]) + int(g[1])
	if need > J {
		return
	}
	var dec rdDecision
	// Extra jokers: sets of size 1 (after 2 needed) may take 1 more; size 2 up to 2 (1
	// needed); size 3 up to 1.
	for a := 0; a <= int(g[0]); a++ { // sets of size 1 getting a 4th card (3 jokers)
		for b := 0; b <= int(g[1]); b++ { // sets of size 2 getting 2 jokers
			for c := 0; c <= int(g[2]); c++ { // sets of size 3 getting a joker
				jokers := need + a + b + c
				if jokers > J {
					continue
				}
				dec.setJx = [3][3]int{{int(g[0]) - a, a}, {int(g[1]) - b, b}, {int(g[2]) - c, c}}
				next := *st
				gain, hand := d.jokerGain(int(st.jused), jokers)
				next.jused += uint8(jokers)
				if d.capActive {
					if int(st.used)+hand > d.cap {
						continue
					}
					next.used += uint8(hand)
				}
				next.groups = [3]uint8{}
				next.suit = 0
				next.pos++
				if visit(&dec, next, gain) {
					return
				}
			}
		}
	}
}

// rdCard is a card in a layout being rebuilt from the rank search.
type rdCard struct {
	face  int8 // natural face, or jokerFace
	src   uint8
	joker int // joker number in the order table, hand, free
}

type rdRun struct {
	cards []rdCard
	class int // length class 1 … 3 (0 for a carried-in run not yet at the ace)
}

// layout rebuilds the melds of a best play by walking the memo.
type layout struct {
	d        *rankDP
	open     [4][]*rdRun
	vopen    [4][]*rdRun
	vclosed  [4][]*rdRun
	groups   []*rdRun
	deferred [4][]rdCard
	melds    [][]rdCard
	jokers   int
}

func (d *rankDP) reconstruct(target int32) ([][]rdCard, bool) {
	for _, g := range d.guesses() {
		d.wrapGuess = g
		st := rdState{pos: 1}
		for su := 0; su < 4; su++ {
			st.vruns[su][0] = g[su]
		}
		if d.best(st) != target {
			continue
		}
		l := &layout{d: d}
		for su := 0; su < 4; su++ {
			for i := 0; i < int(g[su]); i++ {
				l.vopen[su] = append(l.vopen[su], &rdRun{})
			}
		}
		for st.pos <= d.npos {
			want := d.best(st)
			var chosen rdDecision
			var chosenNext rdState
			found := false
			d.decisions(&st, func(dec *rdDecision, next rdState, gain int32) bool {
				if v := d.best(next); v >= 0 && v+gain == want {
					chosen, chosenNext, found = *dec, next, true
					return true
				}
				return false
			})
			if !found {
				return nil, false
			}
			l.apply(&st, &chosen)
			st = chosenNext
		}
		l.finish()
		return l.melds, true
	}
	return nil, false
}

func (l *layout) joker() rdCard {
	c := rdCard{face: jokerFace, joker: l.jokers}
	l.jokers++
	return c
}

// takeClass removes and returns n open runs of the given class.
func takeClass(runs *[]*rdRun, class, n int) []*rdRun {
	var out, keep []*rdRun
	for _, r := range *runs {
		if r.class == class && len(out) < n {
			out = append(out, r)
		} else {
			keep = append(keep, r)
		}
	}
	*runs = keep
	return out
}

func (l *layout) apply(st *rdState, dec *rdDecision) {
	d := l.d
	if st.suit == 4 {
		for _, g := range l.groups {
			size := len(g.cards)
			extra := 0
			if dec.setJx[size-1][1] > 0 {
				dec.setJx[size-1][1]--
				extra = 1
			}
			for len(g.cards) < 3+extra {
				g.cards = append(g.cards, l.joker())
			}
			l.melds = append(l.melds, g.cards)
		}
		l.groups = nil
		return
	}
	su := int(st.suit)
	f := su*13 + rankOf(st.pos) - 1
	top := !d.wrap && st.pos == 14
	// The copies, in source order.
	var copies []rdCard
	if top {
		copies = l.deferred[su]
		l.deferred[su] = nil
	} else {
		left := [3]int{int(d.n[0][f]), int(d.n[1][f]), int(d.n[2][f])}
		for i := 0; i < dec.use+dec.defer_; i++ {
			sr := 0
			for left[sr] == 0 {
				sr++
			}
			left[sr]--
			copies = append(copies, rdCard{face: int8(f), src: uint8(sr)})
		}
		l.deferred[su] = append(l.deferred[su], copies[dec.use:]...)
		copies = copies[:dec.use]
	}
	next := func() rdCard {
		c := copies[0]
		copies = copies[1:]
		return c
	}
	var stillOpen []*rdRun
	for c := 0; c < 3; c++ {
		class := c + 1
		for _, r := range takeClass(&l.open[su], class, dec.extN[c]) {
			r.cards, r.class = append(r.cards, next()), min(class+1, 3)
			stillOpen = append(stillOpen, r)
		}
		for _, r := range takeClass(&l.open[su], class, dec.extJ[c]) {
			r.cards, r.class = append(r.cards, l.joker()), min(class+1, 3)
			stillOpen = append(stillOpen, r)
		}
	}
	for _, r := range l.open[su] {
		l.melds = append(l.melds, r.cards) // ended (class 3)
	}
	var vStill []*rdRun
	for c := 0; c < 4; c++ {
		for _, r := range takeClass(&l.vopen[su], c, dec.vextN[c]) {
			r.cards, r.class = append(r.cards, next()), min(c+1, 3)
			vStill = append(vStill, r)
		}
		for _, r := range takeClass(&l.vopen[su], c, dec.vextJ[c]) {
			r.cards, r.class = append(r.cards, l.joker()), min(c+1, 3)
			vStill = append(vStill, r)
		}
	}
	l.vclosed[su] = append(l.vclosed[su], l.vopen[su]...)
	l.vopen[su] = vStill
	for k := 0; k < 3; k++ {
		for i := 0; i < dec.newRun[k]; i++ {
			r := &rdRun{class: k + 1}
			for j := 0; j < k; j++ {
				r.cards = append(r.cards, l.joker())
			}
			r.cards = append(r.cards, next())
			stillOpen = append(stillOpen, r)
		}
	}
	l.open[su] = stillOpen
	var groups []*rdRun
	joined := 0
	want := dec.join
	for _, g := range l.groups {
		size := len(g.cards)
		if size <= 3 && want[size-1] > 0 {
			want[size-1]--
			g.cards = append(g.cards, next())
			joined++
			if len(g.cards) == 4 {
				l.melds = append(l.melds, g.cards)
				continue
			}
		}
		groups = append(groups, g)
	}
	for i := 0; i < dec.newSet; i++ {
		groups = append(groups, &rdRun{cards: []rdCard{next()}})
	}
	l.groups = groups
}

// finish ends the runs still open after the last rank (with wrap, joining them to the
// carried-in runs).
func (l *layout) finish() {
	for su := 0; su < 4; su++ {
		if !l.d.wrap {
			for _, r := range l.open[su] {
				l.melds = append(l.melds, r.cards)
			}
			continue
		}
		k := append([]*rdRun(nil), l.open[su]...)
		a := append([]*rdRun(nil), l.vclosed[su]...)
		sortRuns(k, true)
		sortRuns(a, false)
		for i := range k {
			l.melds = append(l.melds, append(append([]rdCard(nil), k[i].cards...), a[i].cards...))
		}
	}
}

func sortRuns(rs []*rdRun, desc bool) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0; j-- {
			less := rs[j].class < rs[j-1].class
			if desc {
				less = rs[j].class > rs[j-1].class
			}
			if !less {
				break
			}
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

// smelds turns a rebuilt layout into the solver's meld form (jokers by source).
func (d *rankDP) smelds(melds [][]rdCard) []smeld {
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

// memoTable is an open-addressing hash table from positions to values, cheaper than a
// Go map for the millions of look-ups of a big search.
type memoTable struct {
	keys  [][2]uint64
	vals  []int32
	used  []bool
	count int
}

func newMemoTable() *memoTable {
	const size = 1 << 12
	return &memoTable{keys: make([][2]uint64, size), vals: make([]int32, size), used: make([]bool, size)}
}

func (m *memoTable) slot(k [2]uint64) int {
	h := k[0]*0x9e3779b97f4a7c15 ^ (k[1]+0x632be59bd9b4e019)*0xbf58476d1ce4e5b9
	h ^= h >> 29
	mask := len(m.keys) - 1
	i := int(h) & mask
	for m.used[i] && m.keys[i] != k {
		i = (i + 1) & mask
	}
	return i
}

func (m *memoTable) get(k [2]uint64) (int32, bool) {
	i := m.slot(k)
	return m.vals[i], m.used[i]
}

func (m *memoTable) put(k [2]uint64, v int32) {
	if 2*(m.count+1) > len(m.keys) {
		old := *m
		n := 2 * len(m.keys)
		*m = memoTable{keys: make([][2]uint64, n), vals: make([]int32, n), used: make([]bool, n)}
		for i, u := range old.used {
			if u {
				m.put(old.keys[i], old.vals[i])
			}
		}
	}
	i := m.slot(k)
	if !m.used[i] {
		m.used[i] = true
		m.count++
	}
	m.keys[i], m.vals[i] = k, v
}
