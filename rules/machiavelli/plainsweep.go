package machiavelli

import (
	"slices"
	"sync"
)

// The plain sweep: a table search of its own for the plain positions — no jokers
// anywhere, no wrap, no free cards, scoring by cards. That is Board Game Arena's usual
// deal, and most of its positions. The general table search (tabledp.go) serves every
// option and pays for it in each situation; this one is the same sweep (ranks A … K, then
// the high ace; the suits within a rank; the rank's sets closed after its last suit) cut
// down to what plain positions need, so that a situation is a single number:
//
//   - per suit, the runs still open by length class: of one card, of two, of three or
//     more (a run of three or more may end anywhere);
//   - per suit, the aces kept for the top (Q-K-A): how many are left, and how many of
//     them are table cards that must still be laid;
//   - within a rank, per suit, the copies given to the rank's sets.
//
// Its canonical forms: copies of a face are laid table copies first; a copy never starts
// a run while a run of three or more of its suit ends at that rank (it could have grown
// that run instead); the rank's sets are checked as a whole when the rank closes (copies
// per suit c, their sum n: some g sets of three or four cards of different suits hold them
// exactly when max c ≤ g and 3g ≤ n ≤ 4g); a run of 14 (ace to king and the high ace) is
// laid as two.
//
// It searches depth first for a play laying a given number of hand cards or more (the
// moves whose suit can lay most first, then those most like the old melds' use of the
// face), and lowers that number one at a time from the suit bounds' ceiling until a play
// is found: so the first play found is best. The suit bounds are those of
// the general search (suitbound.go), worked out in the sweep's own terms: each suit laid
// out on its own, its copies going to its runs or to sets as far as the other suits'
// copies of the rank could fill them; summed over the suits, they bound what a situation
// can still lay, and the search drops every situation that cannot reach the number it
// looks for. A situation found to fail is remembered (with the hand cards laid) for the
// rest of that search. Past sweepLimit situations (fewer on big tables) it looks for a
// play a card lower, and has the general search prove that nothing beats it (handOver);
// when that fails too, the general search solves the position.

// sweepAceLow and sweepAceHigh are the sweep's first and last ranks: the ace, low and
// high.
const (
	sweepAceLow  = 1
	sweepAceHigh = 14
)

// sweepLimit bounds the situations the plain sweep visits looking for plays from its
// ceiling down; sweepBigLimit on tables of sweepBigTable cards or more. Past it, it hands
// over (handOver). The positions that need more are big tables with many ways to lay
// them out, where the general search, pruning by dominance, is faster on half of those
// needing 3,000 or more; the bigger the table, the more such ways, and the sooner the
// sweep gives way: what it spends before that comes on top of the general search's time,
// on the slowest positions. At 2,000 for all, the slowest positions of the first corpus
// (positions.json, tables up to 85 cards) were 0.15 ms slower than before the sweep; at
// 1,000 for all, those of play (sample.json) were several times slower at the p99. On the
// oracle corpora's tables of 60 cards or more, 304 of 405 take 300 situations or fewer,
// 26 take 300 to 1,000, and 75 more (see the README).
const (
	sweepLowerLimit = 500 // (handOver's, for each lower number of hand cards)
	sweepLimit      = 2_000
	sweepBigLimit   = 500
	sweepBigTable   = 60
)

// Bits of a sweep situation. Per suit su: its runs at 6su (ones, twos and longer runs,
// two bits each), its aces kept for the top at 24+4su (left, then those of them that
// are table cards), the copies given to this rank's sets at 40+2su.
const (
	sweepAcesAt = 24
	sweepSetsAt = 40
	sweepSets   = uint64(0xff) << sweepSetsAt
)

// sweepMove is one face's step from a situation: the copies laid (table copies first),
// how many runs of three or more grow (the shorter ones must), how many runs start, how
// many copies go to sets, and how many hand cards that lays.
type sweepMove struct {
	child                     uint64
	copies, grow, starts, set uint8
	hand                      uint8
}

// sweepState is a suit state the suit bounds reach and its ways out (edges[first:end]).
type sweepState struct {
	x          uint16
	first, end int32
}

// sweepEdge is a way out of a suit state: the state it leads to and the most hand cards
// laid on the way.
type sweepEdge struct {
	to   uint16
	hand int8
}

// sweepUnfinished is a suit state's bound when the suit cannot be laid out from it.
const sweepUnfinished = -100

// plainSweep is the sweep's working state for a position (kept in sweepPool: its bounds
// are large).
type plainSweep struct {
	table, hand [52]uint8    // copies per face
	cap         uint64       // the counts of hand cards allowed (bits)
	setRoom     [4][15]uint8 // per suit and rank: the most copies the rank's sets can take
	// The suit bounds: per suit, entering rank r in a suit state (runs, then aces
	// kept), the most hand cards the suit's faces still to come can lay; valid where
	// boundAt holds the sweep's stamp.
	bound   [4][16][1 << 10]int8
	boundAt [4][16][1 << 10]uint32
	stamp   uint32
	// The failed situations of the search under way (situation, step and hand cards
	// laid, packed; valid where failedAt holds failStamp).
	failed    []uint64
	failedAt  []uint32
	failStamp uint32
	failCount int

	reached [16][]sweepState // working storage of prepareBounds
	edges   []sweepEdge

	old     *sweepOld   // the old melds, which the play found keeps to where it can
	faces   []int8      // storage of layOut's melds: their faces …
	srcs    []uint8     // … and sources
	limit   int         // the situations it may visit (sweepLimit or sweepBigLimit)
	target  int         // the hand cards looked for
	moves   []sweepMove // working storage of faceMoves
	path    []sweepMove // the moves of the play found, last first
	visited int
}

var sweepPool = sync.Pool{New: func() any { return new(plainSweep) }}

// plainSweepFits reports whether the plain sweep can solve the position.
func plainSweepFits(p Position, opt Options) bool {
	if opt.AceWrap || opt.mirrored || opt.Scoring != ScoreCards || len(p.Free) > 0 || opt.Decks > 3 {
		return false
	}
	if len(p.Hand) > 63 && (opt.MaxPerTurn <= 0 || opt.MaxPerTurn > 63) {
		return false
	}
	var copies [53]int
	for _, c := range p.Hand {
		copies[c.Face()]++
	}
	for _, m := range p.Table {
		for _, c := range m {
			copies[c.Face()]++
		}
	}
	return copies[jokerFace] == 0 && slices.Max(copies[:]) <= 3
}

// reset sets the sweep up for the position.
func (w *plainSweep) reset(p Position, opt Options) {
	w.table, w.hand, w.cap, w.visited = [52]uint8{}, [52]uint8{}, ^uint64(0), 0
	w.limit = sweepLimit
	cards := 0
	for _, m := range p.Table {
		for _, c := range m {
			w.table[c.Face()]++
		}
		cards += len(m)
	}
	if cards >= sweepBigTable {
		w.limit = sweepBigLimit
	}
	for _, c := range p.Hand {
		w.hand[c.Face()]++
	}
	if opt.MaxPerTurn > 0 && opt.MaxPerTurn < 63 {
		w.cap = 1<<(opt.MaxPerTurn+1) - 1
	}
	w.old = oldMelds(p)
}

// copiesAt is the copies of suit su's card of rank r (the high ace is the ace) on the
// table and in hand.
func (w *plainSweep) copiesAt(su, r int) (table, hand int) {
	f := su*13 + (r-1)%13
	return int(w.table[f]), int(w.hand[f])
}

func runsOf(key uint64, su int) (ones, twos, longer int) {
	x := key >> (6 * su)
	return int(x & 3), int(x >> 2 & 3), int(x >> 4 & 3)
}

func acesOf(key uint64, su int) (left, owed int) {
	x := key >> (sweepAcesAt + 4*su)
	return int(x & 3), int(x >> 2 & 3)
}

func withRuns(key uint64, su, ones, twos, longer int) uint64 {
	key &^= 63 << (6 * su)
	return key | uint64(ones|twos<<2|longer<<4)<<(6*su)
}

func withAces(key uint64, su, left, owed int) uint64 {
	key &^= 15 << (sweepAcesAt + 4*su)
	return key | uint64(left|owed<<2)<<(sweepAcesAt+4*su)
}

func withSet(key uint64, su, n int, relaxed bool) uint64 {
	if relaxed {
		return key
	}
	return key | uint64(n)<<(sweepSetsAt+2*su)
}

// setsClose reports whether the copies a situation gives the rank's sets make sets of
// three or four cards of different suits.
func setsClose(key uint64) bool {
	var copies [4]int
	for su := range 4 {
		copies[su] = int(key >> (sweepSetsAt + 2*su) & 3)
	}
	return setsFit(copies)
}

// setsCanClose reports whether the copies a situation gives rank r's sets, after suit
// su, can still make sets with copies of the suits after it.
func (w *plainSweep) setsCanClose(key uint64, su, r int) bool {
	n, most := 0, 0
	for s := range su + 1 {
		c := int(key >> (sweepSetsAt + 2*s) & 3)
		n += c
		most = max(most, c)
	}
	for g := max(most, 1); 3*g <= n+3*(3-su); g++ {
		more := 0 // the most copies the suits after su can add to g sets
		for s := su + 1; s < 4; s++ {
			t, h := w.copiesAt(s, r)
			more += min(t+h, g)
		}
		if n <= 4*g && n+more >= 3*g {
			return true
		}
	}
	return false
}

// faceMoves lists the moves of suit su's card of rank r from the situation; on the
// rank's last suit (clubs) the rank's sets must close, and are cleared. Relaxed, for
// the suit bounds, the copies given to sets are not kept in the situation.
func (w *plainSweep) faceMoves(key uint64, r, su int, out []sweepMove, relaxed bool) []sweepMove {
	t, h := w.copiesAt(su, r)
	ones, twos, longer := runsOf(key, su)
	switch r {
	case sweepAceLow:
		for low := 0; low <= t+h; low++ {
			hand := max(0, low-t)
			rest := withAces(key, su, t+h-low, max(0, t-low))
			for starts := 0; starts <= low; starts++ {
				if !w.runsCanGrow(su, r, starts, 0) {
					continue
				}
				child := withSet(withRuns(rest, su, starts, 0, 0), su, low-starts, relaxed)
				out = w.offer(out, child, su, r, relaxed, sweepMove{copies: uint8(low), starts: uint8(starts), set: uint8(low - starts), hand: uint8(hand)})
			}
		}
	case sweepAceHigh:
		left, owed := acesOf(key, su)
		if ones > 0 {
			return out
		}
		child := withAces(withRuns(key, su, 0, 0, 0), su, 0, 0)
		for n := max(twos, owed); n <= min(left, twos+longer); n++ {
			out = append(out, sweepMove{child: child, copies: uint8(n), grow: uint8(n - twos), hand: uint8(n - owed)})
		}
	default:
		must := ones + twos
		for n := max(t, must); n <= t+h; n++ {
			for grow := 0; grow <= min(longer, n-must); grow++ {
				rest := n - must - grow
				for starts := 0; starts <= rest; starts++ {
					if starts > 0 && (grow < longer || r == 13) {
						break
					}
					if !w.runsCanGrow(su, r, starts, ones) {
						continue
					}
					child := withSet(withRuns(key, su, starts, ones, twos+grow), su, rest-starts, relaxed)
					out = w.offer(out, child, su, r, relaxed, sweepMove{copies: uint8(n), grow: uint8(grow), starts: uint8(starts), set: uint8(rest - starts), hand: uint8(n - t)})
				}
			}
		}
	}
	return out
}

// offer adds a move, unless it gives the rank's sets more copies of the suit than the
// other suits' copies could fill; closing the rank's sets after its last suit.
func (w *plainSweep) offer(out []sweepMove, child uint64, su, r int, relaxed bool, m sweepMove) []sweepMove {
	if m.set > w.setRoom[su][r] {
		return out
	}
	switch {
	case relaxed:
	case su == 3:
		if !setsClose(child) {
			return out
		}
		child &^= sweepSets
	case child&sweepSets != 0 && !w.setsCanClose(child, su, r):
		return out
	}
	m.child = child
	return append(out, m)
}

// runsCanGrow is a quick necessary condition after a face's step at rank r: the runs of
// one card (ones) and two (twos) its suit then has must find copies at the next rank,
// and those of one card at the rank after too.
func (w *plainSweep) runsCanGrow(su, r, ones, twos int) bool {
	if ones+twos == 0 {
		return true
	}
	if r >= 12 { // the next ranks hold the kings or the high aces: checked there
		return true
	}
	t, h := w.copiesAt(su, r+1)
	if ones+twos > t+h {
		return false
	}
	if ones > 0 && r+2 <= 13 {
		t, h := w.copiesAt(su, r+2)
		return ones <= t+h
	}
	return true
}

// localState is suit su's state in a situation: its runs, then its aces kept.
func localState(key uint64, su int) int {
	return int(key>>(6*su)&63) | int(key>>(sweepAcesAt+4*su)&15)<<6
}

// globalState is the situation holding suit su's state x alone.
func globalState(x, su int) uint64 {
	return uint64(x&63)<<(6*su) | uint64(x>>6)<<(sweepAcesAt+4*su)
}

// prepareBounds works the suit bounds out: per suit, the states it reaches forwards,
// then their values backwards.
func (w *plainSweep) prepareBounds() {
	w.stamp++
	if w.stamp == 0 {
		w.boundAt = [4][16][1 << 10]uint32{}
		w.stamp = 1
	}
	for r := sweepAceLow; r <= 13; r++ {
		var copies [4]int
		for su := range 4 {
			t, h := w.copiesAt(su, r)
			copies[su] = t + h
		}
		for su := range 4 {
			w.setRoom[su][r] = setRoom(copies, su)
		}
	}
	for su := range 4 {
		w.suitEdges(su)
		for r := sweepAceHigh; r >= sweepAceLow; r-- {
			for _, st := range w.reached[r] {
				best := int8(sweepUnfinished)
				for _, e := range w.edges[st.first:st.end] {
					if v := w.bound[su][r+1][st.next(r, e)]; v != sweepUnfinished {
						best = max(best, v+e.hand)
					}
				}
				w.bound[su][r][st.x] = best
			}
		}
	}
}

// suitEdges lists the states suit su reaches on its own, rank by rank (w.reached), and
// the ways out of each (w.edges: to each next state, the most hand cards laid on the
// way); the states past the high ace get their bounds.
func (w *plainSweep) suitEdges(su int) {
	w.edges = w.edges[:0]
	for r := range w.reached {
		w.reached[r] = w.reached[r][:0]
	}
	w.reached[sweepAceLow] = append(w.reached[sweepAceLow], sweepState{x: 0})
	w.boundAt[su][sweepAceLow][0] = w.stamp
	for r := sweepAceLow; r <= sweepAceHigh; r++ {
		var alike [64]sweepState // between the aces: the ways out of each state of the runs
		for i := range w.reached[r] {
			st := &w.reached[r][i]
			runs := st.x & 63
			if acesCarried(r) && alike[runs].end > 0 {
				st.first, st.end = alike[runs].first, alike[runs].end
			} else {
				w.edgesOut(st, r, su)
				alike[runs] = *st
			}
			for _, e := range w.edges[st.first:st.end] {
				if y := st.next(r, e); w.boundAt[su][r+1][y] != w.stamp {
					w.boundAt[su][r+1][y] = w.stamp
					w.reached[r+1] = append(w.reached[r+1], sweepState{x: y})
				}
			}
		}
	}
	for _, st := range w.reached[sweepAceHigh+1] {
		w.bound[su][sweepAceHigh+1][st.x] = sweepUnfinished
		if st.x == 0 {
			w.bound[su][sweepAceHigh+1][st.x] = 0
		}
	}
}

// acesCarried reports whether a face's step at rank r leaves the aces kept for the top
// as they are (every rank between the two aces): then the ways out of a state depend on
// its runs alone, and lead to its runs only (sweepState.next adds the aces).
func acesCarried(r int) bool { return r > sweepAceLow && r < sweepAceHigh }

// edgesOut lists the ways out of suit su's state st at rank r (between the aces, to the
// next state of its runs).
func (w *plainSweep) edgesOut(st *sweepState, r, su int) {
	st.first = int32(len(w.edges))
	if acesCarried(r) {
		w.edgesBetweenAces(st.x&63, r, su)
	} else {
		w.moves = w.faceMoves(globalState(int(st.x), su), r, su, w.moves[:0], true)
		for _, m := range w.moves {
			y := uint16(localState(m.child, su))
			if k := w.edgeTo(st.first, y); k >= 0 {
				w.edges[k].hand = max(w.edges[k].hand, int8(m.hand))
			} else {
				w.edges = append(w.edges, sweepEdge{to: y, hand: int8(m.hand)})
			}
		}
	}
	st.end = int32(len(w.edges))
}

// edgesBetweenAces lists the ways out of suit su's runs x at a rank between the aces:
// faceMoves' moves, relaxed, each way to the next runs with the most copies the rank's
// sets may take (so the most hand cards).
func (w *plainSweep) edgesBetweenAces(x uint16, r, su int) {
	t, h := w.copiesAt(su, r)
	ones, twos, longer := int(x&3), int(x>>2&3), int(x>>4&3)
	room := int(w.setRoom[su][r])
	for grow := 0; grow <= longer; grow++ {
		for starts := 0; ; starts++ {
			if starts > 0 && (grow < longer || r == 13) {
				break
			}
			runs := ones + twos + grow + starts // the copies the runs take
			if runs > t+h {
				break
			}
			n := min(t+h, runs+room)
			if n < t || !w.runsCanGrow(su, r, starts, ones) {
				continue
			}
			w.edges = append(w.edges, sweepEdge{to: uint16(starts | ones<<2 | (twos+grow)<<4), hand: int8(n - t)})
		}
	}
}

// next is the state an edge out of st at rank r leads to.
func (st sweepState) next(r int, e sweepEdge) uint16 {
	if acesCarried(r) {
		return e.to | st.x&^63
	}
	return e.to
}

// edgeTo is the edge from first on to state y, or -1.
func (w *plainSweep) edgeTo(first int32, y uint16) int {
	for k := int(first); k < len(w.edges); k++ {
		if w.edges[k].to == y {
			return k
		}
	}
	return -1
}

// suitBound is suit su's bound from state x entering rank r; a state the relaxation
// never met (not expected) is not bounded.
func (w *plainSweep) suitBound(su, r, x int) int {
	if w.boundAt[su][r][x] != w.stamp {
		return 64
	}
	return int(w.bound[su][r][x])
}

// situationBound bounds the hand cards a situation before step (rank r, suit su) can
// still lay: the suits before su have left rank r.
func (w *plainSweep) situationBound(key uint64, r, su int) int {
	b := 0
	for s := range 4 {
		rs := r
		if s < su {
			rs++
		}
		b += w.suitBound(s, rs, localState(key, s))
	}
	return b
}

// find searches depth first for a play laying target hand cards (within the cap); it
// records the moves in w.path.
func (w *plainSweep) find(target int) bool {
	w.target = target
	w.failStamp++
	if w.failStamp == 0 || w.failed == nil {
		w.failed = make([]uint64, 1<<12)
		w.failedAt = make([]uint32, 1<<12)
		w.failStamp = 1
	}
	w.failCount = 0
	w.path = w.path[:0]
	return w.dfs(0, 0, 0, w.situationBound(0, sweepAceLow, 0))
}

// dfs searches on from the situation before step (rank r, suit su), with laid hand cards
// laid and bound its suit bounds' sum.
func (w *plainSweep) dfs(step int, key uint64, laid, bound int) bool {
	if step == 4*sweepAceHigh {
		return laid >= w.target
	}
	if laid+bound < w.target || w.visited > w.limit {
		return false
	}
	fk := key | uint64(step)<<48 | uint64(laid)<<56
	if w.hasFailed(fk) {
		return false
	}
	w.visited++
	r, su := step/4+1, step%4
	others := bound - w.suitBound(su, r, localState(key, su)) // (the other suits' bounds)
	at := len(w.moves)
	w.moves = w.faceMoves(key, r, su, w.moves, false)
	ms := w.moves[at:]
	// The moves whose suit can lay most first; among those, the moves most like the old
	// melds' use of the face (so the play found tends to keep the table as it is).
	var worth [32]int16
	var gain [32]int // the most the move and the suit's faces after it can lay
	n := min(len(ms), len(worth))
	for i := range n {
		gain[i] = int(ms[i].hand) + w.suitBound(su, r+1, localState(ms[i].child, su))
		worth[i] = int16(gain[i])<<4 - w.old.unlike(ms[i], r, su)
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && worth[j] > worth[j-1]; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
			worth[j], worth[j-1] = worth[j-1], worth[j]
			gain[j], gain[j-1] = gain[j-1], gain[j]
		}
	}
	for i := range len(ms) {
		m := w.moves[at+i]
		g := int(m.hand) + w.suitBound(su, r+1, localState(m.child, su))
		if i < n {
			g = gain[i]
		}
		if laid+others+g < w.target {
			if i < n {
				break // (the moves after it, sorted, can lay no more)
			}
			continue
		}
		if w.cap>>(laid+int(m.hand))&1 == 0 {
			continue
		}
		if w.dfs(step+1, m.child, laid+int(m.hand), others+g-int(m.hand)) {
			w.path = append(w.path, m)
			w.moves = w.moves[:at]
			return true
		}
	}
	w.moves = w.moves[:at]
	w.markFailed(fk)
	return false
}

func (w *plainSweep) hasFailed(k uint64) bool {
	mask := len(w.failed) - 1
	for at := int(sweepHash(k)) & mask; w.failedAt[at] == w.failStamp; at = (at + 1) & mask {
		if w.failed[at] == k {
			return true
		}
	}
	return false
}

func (w *plainSweep) markFailed(k uint64) {
	if 2*(w.failCount+1) > len(w.failed) {
		old, oldAt := w.failed, w.failedAt
		w.failed, w.failedAt = make([]uint64, 2*len(old)), make([]uint32, 2*len(old))
		w.failCount = 0
		for i, s := range oldAt {
			if s == w.failStamp {
				w.markFailed(old[i])
			}
		}
	}
	mask := len(w.failed) - 1
	at := int(sweepHash(k)) & mask
	for w.failedAt[at] == w.failStamp {
		at = (at + 1) & mask
	}
	w.failed[at], w.failedAt[at] = k, w.failStamp
	w.failCount++
}

func sweepHash(k uint64) uint64 {
	k ^= k >> 29
	k *= 0xbf58476d1ce4e5b9
	return k ^ k>>32
}

// solvePlainSweep solves a plain position with the plain sweep: the best play, proven
// best, laid out (with polish, moving few cards and with its steps) — or false when the
// position is not plain or the sweep gave up, and the general search must solve it.
func solvePlainSweep(p Position, opt Options, polish bool) (Solution, bool) {
	if !plainSweepFits(p, opt) {
		return Solution{}, false
	}
	w := sweepPool.Get().(*plainSweep)
	defer sweepPool.Put(w)
	switch target, found, ranOut := w.descend(p, opt); {
	case found:
		return w.solution(p, opt, polish)
	case ranOut:
		return w.handOver(p, opt, polish, target)
	}
	return Solution{Nodes: w.visited, Exact: true}, true // (nothing can be laid)
}

// descend sets the sweep up for the position and looks for a play from the suit bounds'
// ceiling down, a card fewer at a time. It returns the number of hand cards looked for
// when it stopped, and why: a play laying that many or more was found (w.path), or the
// situations ran out; neither, no play lays a card.
func (w *plainSweep) descend(p Position, opt Options) (target int, found, ranOut bool) {
	w.reset(p, opt)
	w.prepareBounds()
	ceiling := min(w.situationBound(0, sweepAceLow, 0), len(p.Hand))
	if opt.MaxPerTurn > 0 {
		ceiling = min(ceiling, opt.MaxPerTurn)
	}
	for target = ceiling; target > 0; target-- {
		if w.find(target) {
			return target, true, false
		}
		if w.visited > w.limit {
			return target, false, true
		}
	}
	return 0, false, false
}

// solution lays the play found out (with polish, moving few cards and with its steps).
func (w *plainSweep) solution(p Position, opt Options, polish bool) (Solution, bool) {
	// The copies of a face are handed out as the general search's are: each meld's table
	// copies from the old meld most of them can come from.
	table, hand, _ := withoutJokers.instances(p, w.layOut())
	sol, ok := finishLayout(p, opt, table, hand, nil, false)
	if ok && polish {
		sol.Table, sol.Moved, sol.Steps, sol.Plan = polishLayoutWithin(p, opt, sol.Table, hand, nil, sweepArrangement)
	}
	sol.Nodes, sol.Exact = w.visited, true
	return sol, ok
}

// handOver goes on where the sweep ran out of situations looking for a play laying
// target hand cards (every play laying more is ruled out): it looks for a play laying
// fewer, a card fewer at a time, within sweepLowerLimit situations each. Laying target
// cards or more, that play is best; laying target-1, the general search proves that no
// play beats it (when it cannot, or finds one that does, its answer stands). Proving is
// the cheaper part of the general search where the sweep runs out: on the first corpus's
// slowest position the sweep finds the play a card lower in 241 situations, and the
// general search proves it best in 1.0 ms, against 1.8 ms to solve the position. False
// when the sweep runs out again: the general search solves the position.
func (w *plainSweep) handOver(p Position, opt Options, polish bool, target int) (Solution, bool) {
	for t := target - 1; t > 0; t-- {
		w.limit = w.visited + sweepLowerLimit
		if !w.find(t) {
			if w.visited > w.limit {
				return Solution{}, false
			}
			continue // (no play lays t cards or more)
		}
		sol, ok := w.solution(p, opt, polish)
		if !ok || sol.Placed >= target || t < target-1 {
			return sol, ok // (no play lays more, or the sweep proved it: target-1 … t+1 ruled out)
		}
		return provenBest(p, opt, polish, sol)
	}
	if target > 1 { // (no play lays a card: nor target)
		return Solution{Nodes: w.visited, Exact: true}, true
	}
	return Solution{}, false
}

// sweepArrangement is how far the arrangement that keeps old melds (arrangeKeeping)
// searches in the plain sweep's polished layouts: the general search's budget, but
// breaking one old meld at most, not two. The sweep's own layouts keep close to the old
// melds (it tries the moves most like them first), and trying every pair of melds to
// break cost much and won little. On the BGA corpora (1,140 positions each; the table
// cards the hints ask to move, in all, and the median Solve, wall time; a throwaway test,
// 28 Nov): two melds and budget 100, 7,312 and 7,430 cards, 45–46 µs; two and 25, 7,471
// and 7,586, 36–38 µs; one and 100 (as it is), 7,553 and 7,558, 33 µs; one and 25, 7,577
// and 7,673, 32–34 µs; no arrangement, 7,891 and 7,940, 30–31 µs; the general search
// alone, 10,252 and 10,242, 96–99 µs.
var sweepArrangement = arrangeLimits{budget: arrangeBudget, broken: 1}

// provenBest asks the general search for a play beating sol: its play if it finds one,
// else sol, proven best; false when it can prove neither.
func provenBest(p Position, opt Options, polish bool, sol Solution) (Solution, bool) {
	defer withArena(&p)()
	general := solveWithin(p, opt, solveBudget, polish, sol.value())
	general.Nodes += sol.Nodes
	switch {
	case general.Found() && general.value() > sol.value():
		return general, true
	case general.Exact:
		sol.Nodes = general.Nodes
		return sol, true
	}
	return Solution{}, false
}

// withoutJokers is the face-by-face solver as solvePlainSweep hands out copies with it:
// its instances look at no more than the old melds of the table jokers, and there are
// none (so it is never written, and may serve every Solve at once).
var withoutJokers = new(solver)

// layOut replays the play found: its melds, each copy a face from the table or the hand
// (instances then hands the copies out). Where the play leaves a choice, it keeps to the
// old melds: of the runs of three or more a suit's copies may grow, those an old run goes
// on with; the rank's sets first as old sets were.
func (w *plainSweep) layOut() (melds []smeld) {
	w.faces, w.srcs = w.faces[:0], w.srcs[:0]
	var open [4][]smeld
	var sets [4][]uint8 // per suit, the sources of the copies given to the rank's sets
	var topTable [4]int // per suit, the aces kept for the top that are table copies
	var buf [4]uint8
	// copiesOf is the sources of n copies of a face with table copies, table ones first.
	copiesOf := func(table, n int) []uint8 {
		out := buf[:n]
		for k := range out {
			out[k] = srcTable
			if k >= table {
				out[k] = srcHand
			}
		}
		return out
	}
	// runOn extends the suit's runs shorter than three, then grow longer ones, those an
	// old run goes on with first; the other longer ones end. It returns the copies left.
	runOn := func(su, r, f int, srcs []uint8, grow int) []uint8 {
		runs := open[su]
		slices.SortStableFunc(runs, func(a, b smeld) int { return w.old.goesOn(b, su, r) - w.old.goesOn(a, su, r) })
		still := runs[:0]
		for _, run := range runs {
			switch {
			case len(run.faces) < 3:
			case grow > 0:
				grow--
			default:
				melds = append(melds, run)
				continue
			}
			run.faces, run.srcs = append(run.faces, int8(f)), append(run.srcs, srcs[0])
			still, srcs = append(still, run), srcs[1:]
		}
		open[su] = still
		return srcs
	}
	step := 0
	for i := len(w.path) - 1; i >= 0; i-- {
		m := w.path[i]
		r, su := step/4+1, step%4
		step++
		f := su*13 + (r-1)%13
		t := int(w.table[f])
		var srcs []uint8
		switch r {
		case sweepAceLow:
			srcs = copiesOf(t, int(m.copies))
			topTable[su] = t - min(t, int(m.copies))
		case sweepAceHigh:
			runOn(su, r, f, copiesOf(topTable[su], int(m.copies)), int(m.grow))
			melds = append(melds, open[su]...)
			open[su] = nil
			continue
		default:
			srcs = runOn(su, r, f, copiesOf(t, int(m.copies)), int(m.grow))
		}
		for _, src := range srcs[:m.starts] {
			run := w.meldRoom(maxRun + 1)
			run.faces, run.srcs = append(run.faces, int8(f)), append(run.srcs, src)
			open[su] = append(open[su], run)
		}
		sets[su] = append(sets[su], srcs[m.starts:]...)
		if su == 3 {
			melds = w.closeSets(melds, r, &sets, w.old.sets[r])
		}
	}
	for i, m := range melds {
		if len(m.faces) > maxRun { // ace to king and the high ace: two runs
			melds[i] = smeld{faces: m.faces[:3], srcs: m.srcs[:3]}
			melds = append(melds, smeld{faces: m.faces[3:], srcs: m.srcs[3:]})
		}
	}
	return melds
}

// meldRoom is an empty meld with room for n cards, in the sweep's storage (the melds of
// layOut live until the next position).
func (w *plainSweep) meldRoom(n int) smeld {
	if cap(w.faces)-len(w.faces) < n {
		size := max(1024, 2*cap(w.faces))
		w.faces, w.srcs = make([]int8, 0, size), make([]uint8, 0, size)
	}
	at := len(w.faces)
	w.faces, w.srcs = w.faces[:at+n], w.srcs[:at+n]
	return smeld{faces: w.faces[at : at : at+n], srcs: w.srcs[at : at : at+n]}
}

// sweepOld is the old melds as layOut asks after them: per suit, the ranks each old run
// spans (the high ace as 14); per rank, the suits of each old set.
type sweepOld struct {
	runs [4][][2]int
	sets [14][]uint8
	// per rank position (1 … 14) and suit: the old runs starting there, the old runs
	// going on there, the old sets holding the card
	starts, goOn, inSets [15][4]int16
}

// unlike is how far a face's move is from the old melds' use of the face: the runs it
// starts, the runs it grows and the copies it gives to sets, each against the old
// melds'.
func (old *sweepOld) unlike(m sweepMove, r, su int) int16 {
	abs := func(x int16) int16 { return max(x, -x) }
	goOn := int16(m.copies) - int16(m.starts) - int16(m.set)
	return abs(int16(m.starts)-old.starts[r][su]) + abs(goOn-old.goOn[r][su]) + abs(int16(m.set)-old.inSets[r][su])
}

func oldMelds(p Position) *sweepOld {
	old := new(sweepOld)
	for _, m := range p.Table {
		var buf [maxRun]int
		ranks := buf[:0]
		for _, c := range m {
			ranks = append(ranks, c.Rank())
		}
		slices.Sort(ranks)
		if ranks[0] == ranks[len(ranks)-1] {
			suits := uint8(0)
			for _, c := range m {
				suits |= 1 << c.Suit()
			}
			old.sets[ranks[0]] = append(old.sets[ranks[0]], suits)
			for _, c := range m {
				old.inSets[ranks[0]][c.Suit()]++
			}
			continue
		}
		if start, ok := runStart(ranks, len(m), false); ok {
			su := m[0].Suit()
			old.runs[su] = append(old.runs[su], [2]int{start, start + len(m) - 1})
			old.starts[start][su]++
			for q := start + 1; q < start+len(m); q++ {
				old.goOn[q][su]++
			}
		}
	}
	return old
}

// goesOn says whether a run of suit su that has reached rank r-1 should grow at rank r
// to keep to the old runs: 1 if an old run spans its ranks and r, -1 if one ends where
// it does, else 0.
func (old *sweepOld) goesOn(run smeld, su, r int) int {
	start := int(run.faces[0])%13 + 1
	for _, o := range old.runs[su] {
		if o[0] <= start && r <= o[1] {
			return 1
		}
	}
	for _, o := range old.runs[su] {
		if o[0] == start && o[1] == r-1 {
			return -1
		}
	}
	return 0
}

// closeSets lays the copies given to rank r's sets (their sources, per suit) as sets of
// three or four cards of different suits, and empties them: first as old sets of the
// rank were (the suits of each, olds), where the copies left can still make sets; then g
// sets, g the fewest that can hold the rest, the sets of three each lacking one suit, each
// suit lacking from as many sets as it has copies fewer than g.
func (w *plainSweep) closeSets(melds []smeld, r int, sets *[4][]uint8, olds []uint8) []smeld {
	var left [4]int
	for su, s := range sets {
		left[su] = len(s)
	}
	take := func(suits uint8) {
		set := w.meldRoom(4)
		for su := range 4 {
			if suits>>su&1 != 0 {
				set.faces = append(set.faces, int8(su*13+r-1))
				set.srcs = append(set.srcs, sets[su][0])
				sets[su] = sets[su][1:]
				left[su]--
			}
		}
		melds = append(melds, set)
	}
	for _, suits := range olds {
		rest := left
		ok := true
		for su := range 4 {
			if suits>>su&1 != 0 {
				rest[su]--
				ok = ok && rest[su] >= 0
			}
		}
		if ok && setsFit(rest) {
			take(suits)
		}
	}
	n, most := 0, 0
	for _, c := range left {
		n += c
		most = max(most, c)
	}
	if n == 0 {
		return melds
	}
	g := max(most, (n+3)/4)
	fours := n - 3*g
	var lacking []int
	for su, c := range left {
		for range g - c {
			lacking = append(lacking, su)
		}
	}
	for k := range g {
		suits := uint8(15)
		if k >= fours {
			suits &^= 1 << lacking[k-fours]
		}
		take(suits)
	}
	return melds
}

// setsFit reports whether copies of a rank, so many per suit, make sets of three or four
// cards of different suits.
func setsFit(copies [4]int) bool {
	n, most := 0, 0
	for _, c := range copies {
		n += c
		most = max(most, c)
	}
	return n == 0 || 3*max(most, (n+3)/4) <= n
}
