package machiavelli

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// The table search: the solver's main engine. It settles the cards rank by rank (A, 2,
// … K, and without wrap the high ace), the way a player sweeps a sorted table, and
// within a rank suit by suit, then closes the rank's sets. It works bottom-up: a layer
// holds every distinct situation reached after a step, with the best objective so far
// and how it was reached, so each situation is expanded once.
//
// A situation is what the rest of the sweep can still use:
//   - per suit, the runs still open at the rank just settled, by length class 1, 2 or
//     3+ (a run needs 3 cards; beyond that its length does not matter);
//   - the jokers placed so far (table jokers are placed first: they must all be placed;
//     then hand jokers, then free ones — under a cap, some free ones may come before the
//     hand ones: see jokerSource) and, under a cap on cards per turn, the hand cards
//     laid so far;
//   - while a rank is being settled, the sets forming at it by their natural cards;
//   - without wrap, per suit, the aces kept back to stand above the king (Q-K-A);
//   - with wrap, per suit, what runs crossing from K to A still need from the king's
//     side: short pieces starting at the ace that need a run reaching the king
//     ("obligations"), long runs starting at the ace that a short king-side piece may
//     join ("offers"), and pieces of jokers at the ace still looking for a natural.
//
// With wrap the ranks form a ring, and the sweep need not start at the ace: it starts
// after the boundary where the fewest runs could cross (sweepAfter), and the runs
// crossing there are the pieces above. So, with wrap, "the ace" and "the king" in this
// file and carrier.go mean the first and the last rank of the sweep; "rank 2" and
// "rank 3", the second and the third.
//
// Canonical forms keep the situations few without losing any play: a run always
// starts with a natural card (jokers in front of a run can stand behind it instead,
// except at the top, where closing a short run may put its jokers in front); a copy
// never starts a new run while another run of its suit ends at the same rank (it
// could extend that run instead). Identical copies are interchangeable, so a face is
// settled by counting how many of its copies go where, using table copies first, then
// hand copies, then free ones — which loses nothing for the objective.
//
// The joker rule is not part of this search (its value bounds every play); Solve
// checks the layout it rebuilds and, when the rule bites, falls back to the same search
// following the melds of the table jokers (carrier.go, completions.go), then on small
// positions to the face-by-face search.

// tdpState is one situation of the sweep, unpacked.
type tdpState struct {
	runs     [4][3]uint8 // open runs by class 1, 2, 3+, per suit
	q        uint8       // jokers placed so far
	h        uint8       // hand cards laid so far (only under an active cap)
	sets     [3]uint8    // sets forming at this rank with 1, 2, 3 natural cards
	deferred [4]uint8    // no wrap: aces kept for the top
	need2    [4]uint8    // wrap: ace pieces of 1 card that need a king-side run of 2+
	need1    [4]uint8    // wrap: ace pieces of 2 cards that need a king-side run
	offers   [4]uint8    // wrap: long runs from the ace that a king-side piece may join
	jokerRun [4]uint8    // wrap: pieces of jokers only, started at the ace
	room     bool        // a finished meld can take another joker
	car      [2]uint32   // a carrier search's followed melds, packed, and without wrap its aces' ledger (see carrier.go)
}

type tdpKey struct{ a, b uint64 }

func (s *tdpState) pack() tdpKey {
	var a, b uint64
	for su := 0; su < 4; su++ {
		r := s.runs[su]
		a |= (uint64(r[0]) | uint64(r[1])<<2 | uint64(r[2])<<4) << (7 * su)
		b |= (uint64(s.deferred[su]) | uint64(s.need2[su])<<2 | uint64(s.need1[su])<<4 |
			uint64(s.offers[su])<<6 | uint64(s.jokerRun[su])<<8) << (11 * su)
	}
	a |= uint64(s.q)<<28 | uint64(s.h)<<31 | uint64(s.sets[0])<<36 | uint64(s.sets[1])<<39 | uint64(s.sets[2])<<42
	a |= uint64(s.car[0]) << carrierShift
	b |= uint64(s.car[1]) << carrierShiftB
	if s.room {
		b |= 1 << 63
	}
	return tdpKey{a, b}
}

// plain is the key less a carrier search's records (and aces' ledger).
func (k tdpKey) plain() tdpKey {
	return tdpKey{k.a &^ (carrierKeyMask << carrierShift), k.b &^ (carrierKeyMask << carrierShiftB)}
}

// records is the key's carrier records alone, with the aces' ledger (unpack's car).
func (k tdpKey) records() [2]uint32 {
	return [2]uint32{uint32(k.a >> carrierShift & carrierKeyMask), uint32(k.b >> carrierShiftB & carrierKeyMask)}
}

func (k tdpKey) unpack() tdpState {
	var s tdpState
	// Written out suit by suit: constant shifts cost half what a loop over the suits does.
	a, b := k.a, k.b
	s.runs[0] = [3]uint8{uint8(a >> 0 & 3), uint8(a >> 2 & 3), uint8(a >> 4 & 7)}
	s.runs[1] = [3]uint8{uint8(a >> 7 & 3), uint8(a >> 9 & 3), uint8(a >> 11 & 7)}
	s.runs[2] = [3]uint8{uint8(a >> 14 & 3), uint8(a >> 16 & 3), uint8(a >> 18 & 7)}
	s.runs[3] = [3]uint8{uint8(a >> 21 & 3), uint8(a >> 23 & 3), uint8(a >> 25 & 7)}
	s.deferred = [4]uint8{uint8(b >> 0 & 3), uint8(b >> 11 & 3), uint8(b >> 22 & 3), uint8(b >> 33 & 3)}
	s.need2 = [4]uint8{uint8(b >> 2 & 3), uint8(b >> 13 & 3), uint8(b >> 24 & 3), uint8(b >> 35 & 3)}
	s.need1 = [4]uint8{uint8(b >> 4 & 3), uint8(b >> 15 & 3), uint8(b >> 26 & 3), uint8(b >> 37 & 3)}
	s.offers = [4]uint8{uint8(b >> 6 & 3), uint8(b >> 17 & 3), uint8(b >> 28 & 3), uint8(b >> 39 & 3)}
	s.jokerRun = [4]uint8{uint8(b >> 8 & 7), uint8(b >> 19 & 7), uint8(b >> 30 & 7), uint8(b >> 41 & 7)}
	s.q, s.h = uint8(k.a>>28&7), uint8(k.a>>31&31)
	s.room = k.b>>63 != 0
	s.car = k.records()
	s.sets = [3]uint8{uint8(k.a >> 36 & 7), uint8(k.a >> 39 & 7), uint8(k.a >> 42 & 7)}
	return s
}

// tdpDec is how one step was taken at a face: where its copies and this step's jokers
// went. (A rank's close takes exactly the jokers its sets need.)
type tdpDec struct {
	use, defer_ uint8    // copies laid at this rank; no wrap, at the ace: copies kept for the top
	join        [3]uint8 // copies joining sets with 1, 2, 3 naturals
	newSets     uint8
	extN, extJ  [3]uint8 // runs by class extended with a natural, with a joker
	newRuns     uint8
	pad         [2]uint8 // short runs of class 1, 2 ending here, filled up with jokers
	oblige      [2]uint8 // wrap: short ace pieces of class 1, 2 ending here, left to the king's side
	jrNew       uint8    // wrap, at the ace: joker pieces started
	jrExtN      uint8    // joker pieces given a natural
	jrExtJ      uint8    // joker pieces given another joker
	jrOblige    uint8    // joker pieces ending here, left to the king's side
	freeForHand uint8    // under an active cap: free copies laid in place of hand copies
	car         carTags  // a carrier search: what the step does to each followed meld
}

// tdpEnd is how the runs still open after the sweep end (with wrap, how they pair
// with the ace pieces), per suit.
type tdpEnd struct {
	n2with2, n2with3          [4]uint8 // obligations needing 2+: paired with class-2, class-3 runs
	n1with1, n1with2, n1with3 [4]uint8
	offerTo1, offerTo2        [4]uint8 // offers taking short king-side runs
	offerTo3                  [4]uint8 // … and long ones (only a carrier search's followed king's halves)
	pad1, pad2                [4]uint8 // short runs filled up with jokers
	extra                     uint8    // further jokers laid on ending runs
	carExtra                  [4]uint8 // … of which on a carrier search's followed melds
}

// tdpTie is an end of the sweep worth the best value: another layout of an equally good
// play, which may keep the joker rule where the first does not.
type tdpTie struct {
	entry int32
	end   tdpEnd
}

// maxTies is how many such ends a search keeps.
const maxTies = 24

// tdpLayer is one layer of the sweep: its situations, each with the best objective
// reaching it, the situation of the previous layer it came from, and the step taken.
// Once the next layer is built, only parent and decs are kept (to read the best play
// back); keys and vals go back to the search for reuse.
type tdpLayer struct {
	keys   []tdpKey
	vals   []int32
	parent []int32
	decs   []tdpDec
}

// tdpBuild is the layer being built: the situations offered so far, found through an
// open-addressing table whose slots hold the generation (high 32 bits) and the entry
// index + 1 (low 32 bits), so that starting a new layer empties it at once.
type tdpBuild struct {
	tdpLayer
	slots []uint64
	gen   uint64
	// scratch for undominated and keepBest
	idx, ord []int32
	weak     []int32
	bucket   []tdpKey
	front    []domSig
	gone     []bool
	packed   []uint64
	spare    tdpLayer
	gslots   []uint64 // groupByBucket's table: generation, bucket index + 1
	group    []int32  // each entry's group
	count    []int32
}

// reset starts an empty layer, reusing keys and vals.
func (b *tdpBuild) reset(keys []tdpKey, vals []int32) {
	b.keys, b.vals = keys[:0], vals[:0]
	b.parent, b.decs = b.parent[:0], b.decs[:0]
	b.gen++
	if len(b.slots) == 0 {
		b.slots = make([]uint64, 64)
	}
}

// hashKey spreads a situation's key over an open-addressing table of the given mask.
func hashKey(k tdpKey, mask int) int {
	h := k.a*0x9e3779b97f4a7c15 ^ (k.b+0x632be59bd9b4e019)*0xbf58476d1ce4e5b9
	h ^= h >> 31
	return int(h>>7) & mask
}

func (b *tdpBuild) find(k tdpKey) int {
	mask := len(b.slots) - 1
	i := hashKey(k, mask)
	for {
		e := b.slots[i]
		if e>>32 != b.gen || b.keys[uint32(e)-1] == k {
			return i
		}
		i = (i + 1) & mask
	}
}

// offer records that k is reached with value v from parent by dec, keeping the best.
func (b *tdpBuild) offer(k tdpKey, v int32, parent int32, dec *tdpDec) int32 {
	if 2*(len(b.keys)+1) > len(b.slots) {
		b.grow()
	}
	i := b.find(k)
	if e := b.slots[i]; e>>32 == b.gen {
		j := uint32(e) - 1
		if v > b.vals[j] {
			b.vals[j], b.parent[j], b.decs[j] = v, parent, *dec
		}
		return int32(j)
	}
	b.keys = append(b.keys, k)
	b.vals = append(b.vals, v)
	b.parent = append(b.parent, parent)
	b.decs = append(b.decs, *dec)
	b.slots[i] = b.gen<<32 | uint64(len(b.keys))
	return int32(len(b.keys) - 1)
}

func (b *tdpBuild) grow() {
	b.slots = make([]uint64, 2*len(b.slots))
	for e, k := range b.keys {
		b.slots[b.find(k)] = b.gen<<32 | uint64(e+1)
	}
}

// keep reduces the layer to the entries listed (at most once each), in that order.
func (b *tdpBuild) keep(list []int32) {
	n := len(list)
	b.spare.keys = append(b.spare.keys[:0], b.keys...)
	b.spare.vals = append(b.spare.vals[:0], b.vals...)
	b.spare.parent = append(b.spare.parent[:0], b.parent...)
	b.spare.decs = append(b.spare.decs[:0], b.decs...)
	for o, i := range list {
		b.keys[o], b.vals[o], b.parent[o], b.decs[o] = b.spare.keys[i], b.spare.vals[i], b.spare.parent[i], b.spare.decs[i]
	}
	b.keys, b.vals, b.parent, b.decs = b.keys[:n], b.vals[:n], b.parent[:n], b.decs[:n]
}

// keepAscending is keep for a list in ascending order: each entry moves down in place.
func (b *tdpBuild) keepAscending(list []int32) {
	for o, i := range list {
		b.keys[o], b.vals[o], b.parent[o], b.decs[o] = b.keys[i], b.vals[i], b.parent[i], b.decs[i]
	}
	n := len(list)
	b.keys, b.vals, b.parent, b.decs = b.keys[:n], b.vals[:n], b.parent[:n], b.decs[:n]
}

// The parts of a situation that dominance requires equal: jokers placed, hand cards
// laid, sets forming, a carrier search's followed meld; aces kept back, ace pieces and
// joker pieces.
var bucketMaskA, bucketMaskB = func() (uint64, uint64) {
	var mb uint64
	for su := 0; su < 4; su++ {
		mb |= (3 | 15<<2 | 7<<8) << (11 * su) // deferred, ace pieces (equal in dominance), joker pieces
	}
	mb |= carrierKeyMask << carrierShiftB
	return uint64(7)<<28 | uint64(31)<<31 | uint64(511)<<36 | uint64(carrierKeyMask)<<carrierShift, mb
}()

// undominated drops the situations another one beats in every way: a value at least as
// high, and the same jokers placed, hand cards laid, sets forming, aces kept back, joker
// pieces and ace pieces waiting for the king's side, with runs at least as long in every
// suit (a longer run can do whatever a shorter one can, and end where the shorter one
// could not), at least as many offers, and room for a joker if the other has it. It
// returns false, the layer left as it was, if stop closes meanwhile.
func (b *tdpBuild) undominated(stop <-chan struct{}) bool {
	b.groupByBucket()
	b.gone = append(b.gone[:0], make([]bool, len(b.keys))...)
	g := int32(0)
	for _, h := range b.count {
		if h-g == 1 {
			g = h
			continue // alone in its bucket: nothing can dominate it
		}
		b.front = b.front[:0]
		for _, i := range b.ord[g:h] {
			if i%stopEvery == stopEvery-1 && closed(stop) {
				return false
			}
			k := coverSig(b.keys[i])
			for _, a := range b.front {
				if k.coveredBy(a) {
					b.gone[i] = true
					break
				}
			}
			if !b.gone[i] {
				b.front = append(b.front, k)
			}
		}
		g = h
	}
	// Keep the survivors in the order they were offered.
	kept := b.idx[:0]
	for i := range b.keys {
		if !b.gone[i] {
			kept = append(kept, int32(i))
		}
	}
	b.idx = kept
	if len(kept) < len(b.keys) {
		b.keepAscending(kept)
	}
	return true
}

// groupByBucket fills b.ord with the entries grouped by bucket (the parts dominance
// requires equal), highest value first within each group, then first offered, and
// b.count with where each group ends in b.ord.
func (b *tdpBuild) groupByBucket() {
	n := len(b.keys)
	size := 64
	for size < 2*n {
		size *= 2
	}
	if len(b.gslots) < size {
		b.gslots = make([]uint64, size)
	}
	b.gen++ // the layer's own slots are done with; the stamp serves the groups' table
	mask := len(b.gslots) - 1
	b.bucket = b.bucket[:0]
	b.group = b.group[:0]
	b.count = b.count[:0]
	for _, k := range b.keys {
		bk := tdpKey{k.a & bucketMaskA, k.b & bucketMaskB}
		i := hashKey(bk, mask)
		for {
			e := b.gslots[i]
			if e>>32 != b.gen {
				b.bucket = append(b.bucket, bk)
				b.count = append(b.count, 0)
				b.gslots[i] = b.gen<<32 | uint64(len(b.bucket))
				break
			}
			if b.bucket[uint32(e)-1] == bk {
				break
			}
			i = (i + 1) & mask
		}
		g := int32(uint32(b.gslots[i]) - 1)
		b.group = append(b.group, g)
		b.count[g]++
	}
	// Counting sort by group (stable), then each group by value.
	start := int32(0)
	for g, c := range b.count {
		b.count[g] = start
		start += c
	}
	b.ord = append(b.ord[:0], make([]int32, n)...)
	for i, g := range b.group {
		b.ord[b.count[g]] = int32(i)
		b.count[g]++
	}
	g := int32(0)
	for _, h := range b.count {
		if h-g > 1 {
			b.byValue(b.ord[g:h])
		}
		g = h
	}
}

// byValue sorts entries by value, highest first, then by entry: as numbers (the value's
// distance below the largest int32, then the entry) sorted ascending.
func (b *tdpBuild) byValue(entries []int32) {
	b.packed = b.packed[:0]
	for _, e := range entries {
		below := uint64(math.MaxInt32 - int64(b.vals[e])) // 0 … 2³²-1 for any int32
		b.packed = append(b.packed, below<<32|uint64(e))
	}
	slices.Sort(b.packed)
	for i, p := range b.packed {
		entries[i] = int32(uint32(p))
	}
}

// dominates reports whether situation a can do whatever b can (same bucket assumed).
func dominates(a, b tdpKey) bool {
	if b.b>>63 > a.b>>63 { // room
		return false
	}
	for su := 0; su < 4; su++ {
		if !runsCover[(a.a>>(7*su))&127][(b.a>>(7*su))&127] || !waitCover[(a.b>>(11*su+2))&63][(b.b>>(11*su+2))&63] {
			return false
		}
	}
	return true
}

// domSig is a situation's parts that dominance compares (within a bucket), as lanes of
// five bits (a value of at most 13 and a guard bit), so that comparing two situations
// is two subtractions: a dominates b when every lane of a is at least b's, and a has room
// for a joker if b has. Per suit, the lanes of its open runs of classes 1, 2, 3+ (r1, r2,
// r3) are r3, r2+r3, r1+r2+r3, 3-r1 and 6-r1-r2 (runsCover's five inequalities), and one
// lane holds its offers (waitCover: the ace pieces are equal within a bucket).
type domSig struct {
	lanes [2]uint64 // suits 0 and 1 (and room, a lane of one bit), suits 2 and 3: six lanes each
}

// laneGuards holds the guard bit of each of twelve lanes of five bits; roomGuard that
// of the lane of room (bits 60 and 61).
const (
	laneGuards = 0x842108421084210
	roomGuard  = 1 << 61
)

func coverSig(k tdpKey) domSig {
	// Written out suit by suit, like unpack.
	a, b := k.a, k.b
	return domSig{[2]uint64{
		suitLanes(a, b>>6) | suitLanes(a>>7, b>>17)<<30 | b>>63<<60, // (room)
		suitLanes(a>>14, b>>28) | suitLanes(a>>21, b>>39)<<30,
	}}
}

// suitLanes is the six lanes of domSig for one suit, from its key's runs (r, low bits)
// and offers (o, low bits).
func suitLanes(r, o uint64) uint64 {
	r1, r2, r3 := r&3, r>>2&3, r>>4&7
	return r3 | (r2+r3)<<5 | (r1+r2+r3)<<10 | (3-r1)<<15 | (6-r1-r2)<<20 | (o&3)<<25
}

// coveredBy reports whether the situation of signature a dominates that of s (same
// bucket assumed): dominates, two subtractions instead of eight lookups.
func (s domSig) coveredBy(a domSig) bool {
	const g0 = laneGuards | roomGuard
	return ((a.lanes[0]|g0)-s.lanes[0])&g0 == g0 &&
		((a.lanes[1]|laneGuards)-s.lanes[1])&laneGuards == laneGuards
}

// runsCover[a][b]: the open runs of one suit packed in a (counts of class 1, 2, 3+)
// can do whatever those packed in b can: every run of b has one at least as long in a,
// and a's runs beyond those are complete.
var runsCover = func() (t [128][128]bool) {
	for a := range 128 {
		for b := range 128 {
			a1, a2, a3 := a&3, a>>2&3, a>>4&7
			b1, b2, b3 := b&3, b>>2&3, b>>4&7
			t[a][b] = a1 <= b1 && a1+a2 <= b1+b2 && b3 <= a3 && b2+b3 <= a2+a3 && b1+b2+b3 <= a1+a2+a3
		}
	}
	return t
}()

// waitCover[a][b]: the ace pieces waiting for the king's side and the offers of one
// suit packed in a (need-2, need-1, offers) serve at least as well as b's: the same ace
// pieces (a piece is a burden, but also takes a short run at the king, so neither more nor
// fewer is better) and at least as many offers.
var waitCover = func() (t [64][64]bool) {
	for a := range 64 {
		for b := range 64 {
			n2a, n1a, oa := a&3, a>>2&3, a>>4&3
			n2b, n1b, ob := b&3, b>>2&3, b>>4&3
			t[a][b] = n2a == n2b && n1a == n1b && oa >= ob
		}
	}
	return t
}()

// recordsProgress is how far on a carrier situation's records are in all (progress).
func (d *tableDP) recordsProgress(k tdpKey) int {
	n := 0
	if d.car.n <= 2 {
		for _, packed := range k.records() {
			n += carrierOf(packed).progress()
		}
		return n
	}
	for _, c := range d.recordsOf(k.records()) {
		n += c.progress()
	}
	return n
}

// keepBest keeps the n situations with the highest values.
func (b *tdpBuild) keepBest(n int, progress func(tdpKey) int) {
	// Highest value first; among equals, the situation with the fewest short runs and
	// ace pieces still waiting, and (when progress is given) the followed melds furthest
	// on, which is likeliest to end well.
	b.weak = b.weak[:0]
	for _, k := range b.keys {
		w := weakness(k)
		if progress != nil {
			w -= 4 * progress(k)
		}
		b.weak = append(b.weak, int32(w))
	}
	if b.keepBestPacked(n) {
		return
	}
	idx := b.idx[:0]
	for i := range b.keys {
		idx = append(idx, int32(i))
	}
	b.idx = idx
	slices.SortStableFunc(idx, func(x, y int32) int {
		if c := cmp.Compare(b.vals[y], b.vals[x]); c != 0 {
			return c
		}
		return cmp.Compare(b.weak[x], b.weak[y])
	})
	// Half the greediest; the other half the sturdiest situations, so that the pass
	// reaches the end even when the greediest ones all fail later.
	rest := idx[n/2:]
	slices.SortStableFunc(rest, func(x, y int32) int {
		if c := cmp.Compare(b.weak[x], b.weak[y]); c != 0 {
			return c
		}
		return cmp.Compare(b.vals[y], b.vals[x])
	})
	b.keep(idx[:n])
}

// weakness is what keepBest counts against a situation, read from its key: twice its
// sets of one card and its runs of one card, plus its sets and runs of two cards, its
// ace pieces, joker pieces and aces kept for the top.
func weakness(k tdpKey) int {
	w := 2*int(k.a>>36&7) + int(k.a>>39&7)
	for su := 0; su < 4; su++ {
		r := k.a >> (7 * su)
		x := k.b >> (11 * su)
		w += 2*int(r&3) + int(r>>2&3) + int(x>>2&3) + int(x>>4&3) + int(x>>8&7) + int(x&3)
	}
	return w
}

// keepBestPacked is keepBest's choice made by sorting packed numbers — value, weakness
// and entry, in the orders keepBest sorts by, ties going to the first offered as its
// stable sorts do — which is much quicker than sorting with a comparison function. It
// reports false, choosing nothing, when a layer's numbers do not fit the packing.
func (b *tdpBuild) keepBestPacked(n int) bool {
	const valBits, weakBits, entryBits = 23, 11, 24
	if len(b.keys) >= 1<<entryBits {
		return false
	}
	for i, v := range b.vals {
		if v < 0 || v >= 1<<valBits || b.weak[i] < -(1<<(weakBits-1)) || b.weak[i] >= 1<<(weakBits-1) {
			return false
		}
	}
	weak := func(i int) uint64 { return uint64(b.weak[i] + 1<<(weakBits-1)) }
	worse := func(i int) uint64 { return uint64(1<<valBits - 1 - b.vals[i]) }
	order := b.packed[:0]
	for i := range b.keys {
		order = append(order, worse(i)<<(weakBits+entryBits)|weak(i)<<entryBits|uint64(i))
	}
	smallestFirst(order, n/2)
	// Half the greediest (highest value, then least weak); the rest of the n the
	// sturdiest of the others (least weak, then highest value).
	idx := b.idx[:0]
	for _, o := range order[:n/2] {
		idx = append(idx, int32(o&(1<<entryBits-1)))
	}
	rest := order[n/2:]
	for k, o := range rest {
		i := int(o & (1<<entryBits - 1))
		rest[k] = weak(i)<<(valBits+entryBits) | worse(i)<<entryBits | uint64(i)
	}
	smallestFirst(rest, n-n/2)
	for _, o := range rest[:n-n/2] {
		idx = append(idx, int32(o&(1<<entryBits-1)))
	}
	b.idx, b.packed = idx, order
	b.keep(idx)
	return true
}

// smallestFirst puts the k smallest of a (distinct numbers) first, in order; the others
// follow in no particular order. (A selection, then a sort of the k alone: the layers a
// beam cuts are often a hundred times its width.)
func smallestFirst(a []uint64, k int) {
	k = min(k, len(a))
	lo, hi := 0, len(a)-1
	for lo < hi {
		// Partition a[lo … hi] around the median of three.
		mid := lo + (hi-lo)/2
		if a[mid] < a[lo] {
			a[mid], a[lo] = a[lo], a[mid]
		}
		if a[hi] < a[lo] {
			a[hi], a[lo] = a[lo], a[hi]
		}
		if a[hi] < a[mid] {
			a[hi], a[mid] = a[mid], a[hi]
		}
		pivot := a[mid]
		i, j := lo, hi
		for i <= j {
			for a[i] < pivot {
				i++
			}
			for a[j] > pivot {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		// Now a[lo … j] <= pivot <= a[i … hi].
		switch {
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			lo = hi // a[j+1 … i-1] equal the pivot: the k-th is among them
		}
	}
	slices.Sort(a[:k])
}

// tableDP is one search.
type tableDP struct {
	arena       *layerArena // lends the layers their storage (nil: none)
	wrap        bool
	cyclic      bool // wrap, and runs may cross the boundary where the sweep starts
	rot         int  // wrap: the sweep starts at rank rot+1 (see sweepAfter, cutAt)
	npos        int  // rank positions: 13 with wrap, 14 without (14 = the high ace)
	n           [3][52]uint8
	tj, hj, fj  int
	freeFirst   int // free jokers placed before the hand ones (see jokerSource)
	jval        int
	opt         Options
	cap         int
	capActive   bool
	limit       int             // situations allowed in all (0 = no limit)
	aborted     bool            // the limit was reached (or the search was stopped): the result is not exact
	stop        <-chan struct{} // the position's Stop, checked at every step
	nodes       int             // situations reached
	probe       int             // when > 0, probeSteps is taken when the situations first exceed it
	probeSteps  int             // … the steps the search had taken then (as far as a limit of probe gets)
	layers      []*tdpLayer
	layerSlab   []tdpLayer  // where the layers are kept, many to an allocation (step)
	lastNat     [4]int      // per suit: the last position of the sweep with a natural card to lay (0: none)
	floor       int32       // a value already achieved: situations that cannot beat it are dropped (-1: none)
	dropped     int32       // … the most one of those could have been worth (-1: none; not in the plain search)
	beam        int         // when > 0, only the best situations of each layer are kept (not exact)
	cut         bool        // … and some layer held more, so some were dropped (unset: the beam was exact)
	progress    bool        // … those whose followed melds are furthest on first, among equals
	starveBeam  bool        // … and situations that cannot end well dropped, as without a beam
	climbed     bool        // a beam of climbFloor's, which found the exact pass's floor
	rest        int32       // the most the faces still to settle could add
	restHand    int         // … of which hand cards
	restByValue []restValue // … those hand cards by value, the lowest first (under an active cap)
	best        int32       // best objective; -1 when the table cannot be laid out
	bestEntry   int32
	bestEnd     tdpEnd
	ties        []tdpTie // ends of the sweep worth best (the first is bestEntry, bestEnd)
	jokerAt     [8][8]struct {
		gain int32 // jokerGain(q, k), at [q][k]
		hand int8  // … of which hand jokers
	}

	build     tdpBuild // the layer being built
	faceMemo  faceMemo // the moves of the step being taken (see faceMoves)
	spareKeys []tdpKey // a retired layer's storage, for the next
	spareVals []int32
	from      int32    // the situation being expanded: its entry
	base      int32    // … and value
	cur       tdpState // … and situation (carrier searches)
	pos, su   int      // the step: rank position and suit (or closeStep)

	car    *carrierSpec // when set, a carrier search (see carrier.go)
	carOut [4][]carStep // the records' steps from the situation being expanded
	// Following three or four jokers: the steps starting one meld for record k and the
	// records of the set others after it (merged[k][others]), and the steps chosen so far
	// for the records before the one being chosen (emitRecords).
	merged        [4][16][]carStep
	chosen        [4]carrier
	chosenTags    [4]uint8
	chosenSteps   [4]carStep
	endOut        []carStep
	pending       []pendingStep // what the plain part being expanded reaches (stepCarriers)
	plainGrouping plainGrouping
	scratch       *tdpScratch // while solving: where build, faceMemo and plainGrouping came from
	suits         *suitBounds // … and the suit bounds (see suitbound.go)
	suitsOn       bool        // the search prunes by them

	record *completions // when set, the search records its steps (no dominance)
	bound  *completions // when set, situations that cannot beat the floor by it are dropped
	plain  bool         // neither a carrier search nor recording, nor bound by completions

	starve       starveStep   // starved's view of the step being taken
	othersNeed   int          // … and its count for the suits the step leaves alone (prepareOthersNeed)
	starving     bool         // starved is in use (see emit)
	laterNeed    [18]uint8    // the jokers the table cards need from each rank position on (prepareJokerDemand)
	laterLoss    [18][8]int32 // the least value lost from each rank position on, by jokers left (prepareLoss)
	lossAhead    [8]int32     // … from the ranks the step's floor test counts (three past it)
	keepStarved  bool         // tests: keep the situations starved would drop
	noLaterLoss  bool         // tests: leave laterLoss out of the bound
	noSuitBounds bool         // tests: leave the suit bounds out
	suitMisses   int          // tests: situations whose suits' states the suit bounds did not know

	// The bits of a situation's key where the suits the step leaves alone hold short
	// runs (a) and ace pieces (b): none set, they need nothing (prepareOthersNeed).
	othersShortA, othersAcesB uint64
}

// layerSlabSize is how many layers a slab of them holds: a sweep's steps (four faces and
// the sets' close at each of 13 ranks, four at the high ace) and its start.
const layerSlabSize = 4*14 + 13 + 1

// plainGrouping is plainGroups' working storage.
type plainGrouping struct {
	slots        []uint64 // generation, group number + 1
	gen          uint64
	heads        []tdpKey
	count, group []int32
	ord          []int32
}

// tdpScratch is the working storage a table search needs only while it runs: the build's
// tables and lists (not the layers it builds, which the search keeps), the memo of a
// step's moves, plainGroups' storage and a retired layer's keys. A Solve runs several
// searches, and a bot many Solves; each search takes a scratch from scratchPool when it
// starts and gives it back when it ends, rather than allocating its own and leaving it to
// the collector. The tables are stamped with generations that go on counting from one
// search to the next, so a reused table is empty for the next search at once.
type tdpScratch struct {
	build     tdpBuild // (its tdpLayer empty)
	memo      faceMemo
	grouping  plainGrouping
	spareKeys []tdpKey
	spareVals []int32
	suits     *suitBounds
}

var scratchPool = sync.Pool{New: func() any { return new(tdpScratch) }}

// maxPooledSlots bounds the hash tables a scratch keeps (a table sized for one big search
// would spread a small one's few entries over more memory than the caches hold), and the
// retired keys it keeps (a big search's would stay in memory for nothing).
const maxPooledSlots = 1 << 14

// maxGen is where a pooled scratch's generations start again (far below 2³², past which
// a table's 32-bit stamps could no longer tell them apart).
const maxGen = 1 << 31

// restartIfOld empties the scratch when one of its generations has passed maxGen, so
// that they all start again from 0 with empty tables.
func (s *tdpScratch) restartIfOld() {
	if s.build.gen > maxGen || s.memo.gen > maxGen || s.grouping.gen > maxGen {
		*s = tdpScratch{}
	}
}

// takeScratch gives the search a scratch from the pool.
func (d *tableDP) takeScratch() {
	s := scratchPool.Get().(*tdpScratch)
	s.restartIfOld()
	d.scratch = s
	d.build, d.faceMemo, d.plainGrouping = s.build, s.memo, s.grouping
	d.spareKeys, d.spareVals = s.spareKeys, s.spareVals
	d.suits = s.suits
	*s = tdpScratch{} // (it holds nothing while the search has it)
}

// releaseScratch gives the search's scratch back to the pool; the layers' storage (the
// build's own) stays with the search. With record set the retired keys are the unused end
// of the recorded layers' storage, and stay with them.
func (d *tableDP) releaseScratch() {
	s := d.scratch
	if s == nil {
		return
	}
	s.build, s.memo, s.grouping, s.suits = d.build, d.faceMemo, d.plainGrouping, d.suits
	d.suits, d.suitsOn = nil, false // (the pool's now)
	s.build.tdpLayer = tdpLayer{}
	if d.record == nil && cap(d.spareKeys) <= maxPooledSlots {
		s.spareKeys, s.spareVals = d.spareKeys[:0], d.spareVals[:0]
	}
	if len(s.build.slots) > maxPooledSlots {
		s.build.slots = nil
	}
	if len(s.build.gslots) > maxPooledSlots {
		s.build.gslots = nil
	}
	if len(s.memo.slots) > maxPooledSlots {
		s.memo.slots = nil
	}
	if len(s.grouping.slots) > maxPooledSlots {
		s.grouping.slots = nil
	}
	d.build, d.faceMemo, d.plainGrouping = tdpBuild{}, faceMemo{}, plainGrouping{}
	d.spareKeys, d.spareVals, d.scratch = nil, nil, nil
	scratchPool.Put(s)
}

func newTableDP(p Position, opt Options) *tableDP {
	d := &tableDP{wrap: opt.AceWrap, npos: 14, opt: opt, jval: opt.cardValue(Joker(0)), best: -1, floor: -1, dropped: -1, stop: p.Stop, arena: p.arena}
	if d.wrap {
		d.npos, d.cyclic = 13, true
	}
	if opt.MaxPerTurn > 0 && len(p.Hand) > opt.MaxPerTurn {
		d.cap, d.capActive = opt.MaxPerTurn, true
	}
	count := func(cs []Card, src int, jokers *int) {
		for _, c := range cs {
			if c.IsJoker() {
				*jokers++
			} else {
				d.n[src][c.Face()]++
			}
		}
	}
	for _, m := range p.Table {
		count(m, srcTable, &d.tj)
	}
	count(p.Hand, srcHand, &d.hj)
	count(p.Free, srcFree, &d.fj)
	d.freeFirst = min(p.freeJokersFirst, d.fj)
	d.dropDeadCards()
	if d.cyclic {
		d.sweepAfter(d.sweepStart(p.sweepRank))
	} else {
		d.setLastNat()
	}
	return d
}

// dropDeadCards takes out of the search the hand and free copies of every face that no
// meld could hold: no set (fewer than two other suits of its rank, jokers counted) and no
// run (no three ranks in a row around it, jokers filling the gaps), among all the cards
// there are. They can never be laid, and leaving them out spares the search their
// choices and tightens its bound.
func (d *tableDP) dropDeadCards() {
	var dead [52]bool
	for f := 0; f < 52; f++ {
		if d.n[srcHand][f]+d.n[srcFree][f] > 0 && !d.meldable(f) {
			dead[f] = true
		}
	}
	for f, gone := range dead {
		if gone {
			d.n[srcHand][f], d.n[srcFree][f] = 0, 0
		}
	}
}

// meldable reports whether some meld of the cards available could hold a card of face f.
func (d *tableDP) meldable(f int) bool {
	su, r := f/13, f%13+1
	jokers := d.jokers()
	others := 0
	for s := 0; s < 4; s++ {
		if s != su && d.avail(s*13+r-1) > 0 {
			others++
		}
	}
	if others+jokers >= 2 {
		return true
	}
	// Runs: windows of three rank positions holding r (1 … 14, 14 the high ace; with wrap
	// the positions go round).
	has := func(pos int) bool {
		rank := (pos-1+13)%13 + 1
		return d.avail(su*13+rank-1) > 0
	}
	for _, at := range []int{r, r + 13} { // the ace also sits above the king
		if at > 14 {
			continue
		}
		for start := at - 2; start <= at; start++ {
			if !d.wrap && (start < 1 || start+2 > 14) {
				continue
			}
			missing := 0
			for pos := start; pos < start+3; pos++ {
				if pos != at && !has(pos) {
					missing++
				}
			}
			if missing <= jokers {
				return true
			}
		}
	}
	return false
}

// rankAt is the rank settled at position pos of the sweep.
func (d *tableDP) rankAt(pos int) int {
	if pos == 14 {
		return 1 // the high ace
	}
	return (pos-1+d.rot)%13 + 1
}

// sweepAfter starts a wrap search's sweep after rank b: it goes round from rank b+1 to
// rank b, and the runs crossing there are followed as pieces (see tdpState), as runs
// crossing from the king to the ace were when every sweep started at the ace. The search
// is the same wherever it starts, but not its size: the pieces' situations multiply the
// others', so newTableDP starts it where the fewest runs could cross (sweepStart; the
// README gives the figures), or, on retries (the joint carrier searches' second round, a
// time-capped Solve's), at the next such boundaries.
func (d *tableDP) sweepAfter(b int) {
	d.rot = b % 13
	d.setLastNat()
}

// cutAt turns a wrap search into a quicker one in which no run crosses the boundary
// between rank b and the next: the sweep goes round from rank b+1 to rank b. Every play
// it finds is legal, but it misses plays whose runs must cross there; the boundary is
// chosen where the fewest cards could cross (see bestCut).
func (d *tableDP) cutAt(b int) {
	d.cyclic = false
	d.sweepAfter(b)
}

// setLastNat notes, per suit, the last position of the sweep with a natural card.
func (d *tableDP) setLastNat() {
	d.lastNat = [4]int{}
	for pos := 1; pos <= 13; pos++ {
		for su := range 4 {
			if d.avail(su*13+d.rankAt(pos)-1) > 0 {
				d.lastNat[su] = pos
			}
		}
	}
}

// bestCut is the boundary (after rank b) where the fewest runs could cross.
func (d *tableDP) bestCut() int { return d.sweepStart(0) }

// sweepStart is the boundary (after rank b) of the given rank, from 0, in order of the
// fewest runs that could cross it (ties in order of b), counted round the ring.
func (d *tableDP) sweepStart(rank int) int {
	var order, cross [13]int
	for b := 1; b <= 13; b++ {
		order[b-1] = b
		for su := 0; su < 4; su++ {
			cross[b-1] += min(d.avail(su*13+b-1), d.avail(su*13+b%13))
		}
	}
	slices.SortStableFunc(order[:], func(a, b int) int { return cross[a-1] - cross[b-1] })
	return order[rank%13]
}

func (d *tableDP) jokers() int { return d.tj + d.hj + d.fj }

// everything is the objective of laying every card the search may lay (its bound before
// the first step; the cap not counted).
func (d *tableDP) everything() int32 {
	jokers, _ := d.jokerGain(0, d.jokers())
	naturals, _ := d.naturals()
	return jokers + naturals
}

// ceiling is the most any play of the search may be worth, as it stands before the first
// step: everything, or under an active cap capBound.
func (d *tableDP) ceiling() int32 {
	if d.capActive {
		return d.capBound()
	}
	return d.everything()
}

// capBound is the most any play may be worth under an active cap: every card the search
// may lay, less the least valuable hand cards past the cap (emit's bound before the first
// step).
func (d *tableDP) capBound() int32 {
	_, hand := d.naturals()
	_, jokers := d.jokerGain(0, d.jokers())
	all := d.everything()
	over := hand + jokers - d.cap
	if over <= 0 {
		return all
	}
	d.countRestByValue()
	return all - d.leastHandGain(over, jokers)
}

// belowCeiling is the value of laying as many hand cards as the ceiling c, with below
// steps of points fewer (a step: the greatest common divisor of the hand cards' values)
// and no free card; or -1 when there are no such points (scoring by cards, the points are
// the hand cards; or too few points).
func (d *tableDP) belowCeiling(c int32, below int) int32 {
	if d.opt.Scoring == ScoreCards {
		return -1
	}
	step := 0
	for f := range 52 {
		if d.n[srcHand][f] > 0 {
			step = gcd(step, d.opt.cardValue(Card(f)))
		}
	}
	if d.hj > 0 {
		step = gcd(step, d.jval)
	}
	points := int(c)%100000/10 - below*step
	if step == 0 || points < 0 {
		return -1
	}
	return packValue(handCards(c), points, 0)
}

// gcd is the greatest common divisor of a and b (gcd(0, b) = b).
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// naturals is the objective of laying every natural copy the search may lay, and how
// many of them are hand cards.
func (d *tableDP) naturals() (int32, int) {
	var v int32
	hand := 0
	for f := 0; f < 52; f++ {
		g, h := d.naturalGain(f, d.avail(f))
		v += g
		hand += h
	}
	return v, hand
}

// jokerSource is where joker number i of the search comes from: the table jokers come
// first, then freeFirst of the free jokers, the hand jokers, and the other free ones.
func (d *tableDP) jokerSource(i int) int {
	switch {
	case i < d.tj:
		return srcTable
	case i < d.tj+d.freeFirst:
		return srcFree
	case i < d.tj+d.freeFirst+d.hj:
		return srcHand
	}
	return srcFree
}

// jokerGain is the objective gained by placing jokers number from … from+k-1 (in the
// order of jokerSource), and how many of them are hand jokers.
func (d *tableDP) jokerGain(from, k int) (int32, int) {
	hand, free := 0, 0
	for i := from; i < from+k; i++ {
		switch d.jokerSource(i) {
		case srcHand:
			hand++
		case srcFree:
			free++
		}
	}
	return packValue(hand, hand*d.jval, free), hand
}

// naturalGain is the objective gained by laying k copies of face f (table, then hand,
// then free), and how many come from the hand.
func (d *tableDP) naturalGain(f, k int) (int32, int) {
	t, h := int(d.n[srcTable][f]), int(d.n[srcHand][f])
	hand := min(max(k-t, 0), h)
	free := max(k-t-h, 0)
	return packValue(hand, hand*d.opt.cardValue(Card(f)), free), hand
}

func (d *tableDP) avail(f int) int {
	return int(d.n[srcTable][f]) + int(d.n[srcHand][f]) + int(d.n[srcFree][f])
}

// plainSearch reports whether the search is plain: neither a carrier search nor
// recording, nor bound by completions.
func (d *tableDP) plainSearch() bool { return d.car == nil && d.record == nil && d.bound == nil }

// solve runs the sweep and returns the best objective (0: nothing can be laid; -1: the
// table cannot be laid out, or the limit was reached before the end).
func (d *tableDP) solve() int32 {
	d.takeScratch()
	defer d.releaseScratch()
	var start tdpState
	cur := &tdpLayer{keys: []tdpKey{start.pack()}, vals: []int32{0}, parent: []int32{-1}, decs: []tdpDec{{}}}
	if d.car != nil {
		d.prepareCarrier()
	}
	d.plain = d.plainSearch()
	d.starving = (d.beam == 0 || d.starveBeam) && !d.keepStarved
	for q := range min(d.jokers()+1, len(d.jokerAt)) {
		for k := range min(d.jokers()-q+1, len(d.jokerAt[q])) {
			g, h := d.jokerGain(q, k)
			d.jokerAt[q][k].gain, d.jokerAt[q][k].hand = g, int8(h)
		}
	}
	if (d.beam == 0 || d.starveBeam) && d.jokers() > 0 {
		d.prepareJokerDemand()
		if d.floor >= 0 && !d.capActive && !d.noLaterLoss {
			d.prepareLoss()
		}
	}
	d.layers = append(make([]*tdpLayer, 0, layerSlabSize), cur)
	// rest: the most the faces not yet settled could still add (every hand and free
	// copy laid), for pruning against the floor.
	d.rest, d.restHand = d.naturals()
	if d.capActive {
		d.countRestByValue()
	}
	d.suitsOn = d.useSuitBounds() && d.prepareSuitBounds()
	for pos := 1; pos <= d.npos; pos++ {
		for su := 0; su < 4; su++ {
			if pos <= 13 {
				f := su*13 + d.rankAt(pos) - 1
				g, h := d.naturalGain(f, d.avail(f))
				d.rest -= g
				d.restHand -= h
				if d.capActive {
					d.addRestValue(d.opt.cardValue(Card(f)), -h) // (settled by the step)
				}
			}
			if cur = d.step(cur, pos, su); cur == nil {
				return -1
			}
		}
		if pos == 14 {
			continue // no sets at the high ace
		}
		if cur = d.step(cur, pos, closeStep); cur == nil {
			return -1
		}
	}
	for e, k := range cur.keys {
		st := k.unpack()
		gain, end, ok := d.end(&st)
		if !ok {
			continue
		}
		if v := cur.vals[e] + gain; v > d.best {
			d.best, d.bestEntry, d.bestEnd = v, int32(e), end
			d.ties = append(d.ties[:0], tdpTie{int32(e), end})
		} else if v == d.best && len(d.ties) < maxTies {
			d.ties = append(d.ties, tdpTie{int32(e), end})
		}
	}
	return d.best
}

// restValue is how many hand copies still to settle are worth value each.
type restValue struct {
	value int
	left  int
}

// countRestByValue counts the hand copies the search may lay by their value, the lowest
// value first.
func (d *tableDP) countRestByValue() {
	d.restByValue = d.restByValue[:0]
	for f := range 52 {
		if h := int(d.n[srcHand][f]); h > 0 {
			d.addRestValue(d.opt.cardValue(Card(f)), h)
		}
	}
	slices.SortFunc(d.restByValue, func(a, b restValue) int { return cmp.Compare(a.value, b.value) })
}

// addRestValue adds n hand copies worth v each to the count (n < 0: takes them off).
func (d *tableDP) addRestValue(v, n int) {
	for i := range d.restByValue {
		if d.restByValue[i].value == v {
			d.restByValue[i].left += n
			return
		}
	}
	d.restByValue = append(d.restByValue, restValue{v, n})
}

// leastHandGain is the objective the over least valuable hand cards still to come would
// add, among the natural copies still to settle and the hand jokers left.
func (d *tableDP) leastHandGain(over, jokers int) int32 {
	var g int32
	take := func(value, n int) bool {
		k := min(over, n)
		g += int32(k) * packValue(1, value, 0)
		over -= k
		return over == 0
	}
	jokersTaken := false
	for _, rv := range d.restByValue {
		if !jokersTaken && d.jval < rv.value {
			if jokersTaken = true; take(d.jval, jokers) {
				return g
			}
		}
		if take(rv.value, rv.left) {
			return g
		}
	}
	if !jokersTaken {
		take(d.jval, jokers)
	}
	return g
}

// closeStep, in place of a suit, is the step that closes a rank's sets.
const closeStep = -1

// step builds the next layer from cur by expanding every situation: with the face of
// suit su at rank position pos, or with the close of the rank's sets.
func (d *tableDP) step(cur *tdpLayer, pos, su int) *tdpLayer {
	b := &d.build
	b.reset(d.spareKeys, d.spareVals)
	d.beginStep(pos, su)
	if d.car != nil {
		if !d.stepCarriers(cur, su) {
			d.aborted = true
			return nil
		}
	} else {
		for e, k := range cur.keys {
			if e%stopEvery == stopEvery-1 && closed(d.stop) {
				d.aborted = true
				return nil
			}
			st := k.unpack()
			if d.starving && !d.prepareOthersNeed(&st, k) {
				continue
			}
			d.from, d.base = int32(e), cur.vals[e]
			if su == closeStep {
				d.closeSets(&st, k)
			} else {
				d.face(&st, k, pos, su)
			}
		}
	}
	if len(b.keys) > 64 && d.record == nil && !b.undominated(d.stop) {
		d.aborted = true
		return nil
	}
	if d.beam > 0 && len(b.keys) > d.beam {
		var progress func(tdpKey) int
		if d.progress {
			progress = d.recordsProgress
		}
		b.keepBest(d.beam, progress)
		d.cut = true
	}
	if d.nodes <= d.probe && d.nodes+len(b.keys) > d.probe {
		d.probeSteps = len(d.layers) - 1
	}
	d.nodes += len(b.keys)
	if d.limit > 0 && d.nodes > d.limit || closed(d.stop) {
		d.aborted = true
		return nil
	}
	if len(b.keys) == 0 {
		return nil
	}
	n := len(b.keys)
	if len(d.layerSlab) == cap(d.layerSlab) {
		d.layerSlab = make([]tdpLayer, 0, layerSlabSize)
	}
	d.layerSlab = append(d.layerSlab, tdpLayer{keys: b.keys, vals: b.vals, parent: b.parent, decs: b.decs})
	next := &d.layerSlab[len(d.layerSlab)-1] // (a slab never grows: the layers stay put)
	a := d.arenaOf()
	b.parent, b.decs = carry(b.parent, 2*n, &a.ints, &a.room), carry(b.decs, 2*n, &a.decs, &a.room)
	if d.record != nil {
		d.record.layers = append(d.record.layers, compLayer{keys: b.keys, vals: b.vals, edges: d.record.edges})
		d.record.edges = carry(d.record.edges, 2*len(d.record.edges), &a.edges, &a.room)
		d.spareKeys, d.spareVals = carry(b.keys, 2*n, &a.keys, &a.room), carry(b.vals, 2*n, &a.ints, &a.room)
	} else {
		// cur's situations are no longer needed, only how they were reached.
		d.spareKeys, d.spareVals = cur.keys, cur.vals
		cur.keys, cur.vals = nil, nil
	}
	d.layers = append(d.layers, next)
	return next
}

// beginStep prepares the step (pos, su): an empty memo of its moves, and what setsViable
// and starved look at.
func (d *tableDP) beginStep(pos, su int) {
	d.faceMemo.reset()
	d.pos, d.su = pos, su
	d.othersShortA, d.othersAcesB = 0, 0
	for s := range 4 {
		if s != su {
			d.othersShortA |= 15 << (7 * s)   // runs of classes 1 and 2
			d.othersAcesB |= 15 << (11*s + 2) // ace pieces needing 2 and 1
		}
	}
	d.lossAhead = d.laterLoss[pos+3]
	d.starve.setSupply = d.starve.setSupply[:0]
	if su != closeStep {
		for s := su + 1; s < 4; s++ {
			d.starve.setSupply = append(d.starve.setSupply, int8(d.avail(s*13+d.rankAt(pos)-1)))
		}
	}
	if d.beam == 0 || d.starveBeam {
		d.prepareStarved(pos, su)
	}
	if d.suitsOn {
		d.beginSuitBounds(pos, su)
	}
}

// expand takes situation st (of key k) through the step (the face of suit su, or the
// close).
func (d *tableDP) expand(st *tdpState, k tdpKey, su int) {
	if su == closeStep {
		d.closeSets(st, k)
	} else {
		d.face(st, k, d.pos, su)
	}
}

// pendingStep is a situation a carrier search's step reached from the plain part being
// expanded, waiting to be offered with each of its records: the gain, and the value the
// situation it comes from must exceed (see emit).
type pendingStep struct {
	n     tdpState
	gain  int32
	least int32
	dec   tdpDec
}

// stopEvery: a step looks at the search's stop (a time cap) every this many situations
// it expands or compares, not only between steps: on tables of 90 cards with four jokers
// one step may take a few hundred milliseconds (a layer of 90,000 situations offering
// 480,000), and the hint's time cap was overrun by as much.
const stopEvery = 1024

// stepCarriers is a carrier search's step. Its situations are plain parts (what the
// plain search would have) with records, often dozens of records to a plain part: each
// plain part is expanded once, at its best value, and what it reaches is offered with
// each of its records that is worth enough. False if the search's stop closed meanwhile.
func (d *tableDP) stepCarriers(cur *tdpLayer, su int) bool {
	ord := d.plainGroups(cur.keys)
	for g, next := 0, stopEvery; g < len(ord); {
		if g >= next {
			if closed(d.stop) {
				return false
			}
			next = g + stopEvery
		}
		h, k := g, cur.keys[ord[g]].plain()
		d.base = cur.vals[ord[g]]
		for h < len(ord) && cur.keys[ord[h]].plain() == k {
			d.base = max(d.base, cur.vals[ord[h]])
			h++
		}
		st := k.unpack()
		d.pending = d.pending[:0]
		if d.starving && !d.prepareOthersNeed(&st, k) {
			g = h
			continue
		}
		plain := st
		d.expand(&st, k, su)
		for _, e := range ord[g:h] {
			// The group's situations share their plain part: only the records differ.
			d.from, d.cur = e, plain
			d.cur.car = cur.keys[e].records()
			for i := range d.pending {
				if s := &d.pending[i]; cur.vals[e] > s.least {
					d.emitCarriers(&s.n, cur.vals[e]+s.gain, &s.dec)
				} else {
					d.dropRecords(cur.vals[e] + d.floor - s.least)
				}
			}
		}
		g = h
	}
	return true
}

// plainGroups orders the situations keys by plain part: the plain parts in the order they
// first come, each one's situations in layer order. (A counting sort on group numbers
// given through an open-addressing table of the plain parts, stamped with a generation.)
func (d *tableDP) plainGroups(keys []tdpKey) []int32 {
	p := &d.plainGrouping
	size := 64
	for size < 2*len(keys) {
		size *= 2
	}
	if len(p.slots) < size {
		p.slots = make([]uint64, size)
	}
	p.gen++
	mask := len(p.slots) - 1
	p.heads, p.count, p.group = p.heads[:0], p.count[:0], p.group[:0]
	for _, k := range keys {
		k = k.plain()
		i := hashKey(k, mask)
		for {
			e := p.slots[i]
			if e>>32 != p.gen {
				p.heads = append(p.heads, k)
				p.count = append(p.count, 0)
				p.slots[i] = p.gen<<32 | uint64(len(p.heads))
				break
			}
			if p.heads[uint32(e)-1] == k {
				break
			}
			i = (i + 1) & mask
		}
		g := int32(uint32(p.slots[i]) - 1)
		p.group = append(p.group, g)
		p.count[g]++
	}
	start := int32(0)
	for g, c := range p.count {
		p.count[g] = start
		start += c
	}
	p.ord = append(p.ord[:0], make([]int32, len(keys))...)
	for e, g := range p.group {
		p.ord[p.count[g]] = int32(e)
		p.count[g]++
	}
	return p.ord
}

// emit offers situation n (of the given key) reached from the one being expanded, with
// the objective gained by the step — unless it cannot beat the floor. need is what
// stepNeed says of n, or needUnknown. A carrier search holds it back, to be offered with
// each record of the situation being expanded (see stepCarriers).
func (d *tableDP) emit(n *tdpState, key tdpKey, gain int32, dec *tdpDec, need int) {
	// The value the situation being expanded must exceed for n to beat the floor.
	least := int32(math.MinInt32)
	if d.floor >= 0 {
		// Prune what cannot beat the play already known, even laying every card still
		// to come that the jokers left can get laid.
		jokersLeft := d.jokers() - int(n.q)
		left := &d.jokerAt[n.q][jokersLeft]
		jg, jh := left.gain, int(left.hand)
		rest := d.rest + jg - d.lossAhead[jokersLeft]
		if d.capActive {
			// No more hand cards than the cap allows: at best the most valuable ones.
			if over := int(n.h) + d.restHand + jh - d.cap; over > 0 {
				rest -= d.leastHandGain(over, jh)
			}
		}
		if least = d.floor - gain - rest; d.base <= least {
			if !d.plain { // (the plain search tests one flag only)
				d.dropped = max(d.dropped, d.base+gain+rest)
			}
			return
		}
	}
	if d.suitsOn {
		// … nor what cannot, laying out each suit on its own (suitbound.go).
		if h, ok := d.suitBound(n); ok && (h == noSuitBound || d.floor >= 0 && d.base+gain+h <= d.floor) {
			return
		}
	}
	if d.starving && d.starved(n, need) {
		// (In a beam only with starveBeam, which the quick pass's beams and the narrow
		// carrier searches' set; Legal's cheap search does not, and the completions drop
		// such situations from the searches they bound.)
		return
	}
	if d.plain {
		d.build.offer(key, d.base+gain, d.from, dec)
		return
	}
	if d.bound != nil {
		// … nor what the plain search's completions say cannot.
		c, ok := d.bound.completion(len(d.layers), key)
		if !ok {
			// (Its plain part was dropped by the completions' floor, or cannot end.)
			d.dropped = max(d.dropped, d.bound.pruned)
			return
		}
		if least = max(least, d.floor-gain-c); d.base <= least {
			d.dropRecords(d.base + d.floor - least)
			return
		}
	}
	if d.car != nil {
		d.pending = append(d.pending, pendingStep{n: *n, gain: gain, least: least, dec: *dec})
		return
	}
	to := d.build.offer(key, d.base+gain, d.from, dec)
	d.record.edges = append(d.record.edges, compEdge{d.from, to, gain})
}

// dropRecords notes a carrier situation dropped with at most most to gain, by the floor
// alone or by the completions too; its plays through situations the completions' own
// floor dropped are worth their pruned at most.
func (d *tableDP) dropRecords(most int32) {
	d.dropped = max(d.dropped, most)
	if d.bound != nil {
		d.dropped = max(d.dropped, d.bound.pruned)
	}
}

// starved reports whether the jokers still to place cannot cover what the situation
// needs from the faces to come: a quick necessary condition for it to end well. Every
// short run (one or two cards) needs a card at the next rank of its suit, a natural or a
// joker (with wrap, a run from the ace may instead wait for the king's side), and a
// one-card run also one at the rank after. With wrap, every ace piece waiting for the
// king's side needs a run of its suit open at the king, so a card there of its own, and
// an ace piece of one card also one at the queen. The sets forming at this rank need the
// suits still to come. Naturals count while they are still to come; jokers must make up
// the rest. Where a short run's cards would stand at the queen or the king, one joker may
// serve both the run and an ace piece, so the larger need counts there, not their sum.
// A suit settled at the end of the sweep ends its short runs as end does: filled up with
// jokers (with wrap, once paired with the ace pieces and offers). Called at the step being
// taken, with d.starve prepared for it (prepareStarved). The count for the sets forming
// and the step's suit, stepNeed's, may be given (a face's move carries it), or
// needUnknown.
func (d *tableDP) starved(n *tdpState, stepNeed int) bool {
	if stepNeed == needUnknown {
		stepNeed = d.stepNeed(n)
	}
	if stepNeed < 0 {
		return true
	}
	// The ranks to come need jokers too (see prepareJokerDemand).
	need := max(d.othersNeed+stepNeed, int(d.laterNeed[d.pos+3]))
	return need > d.jokers()-int(n.q)
}

// needUnknown, given to starved (or emit) for stepNeed's count: starved is to count it.
const needUnknown = -2

// stepNeed is starved's count of the jokers the sets forming at this rank and the
// step's suit need at least; -1 when the suit's runs cannot end well. (The other
// suits' count, the same for every situation the one expanded reaches, is othersNeed.)
func (d *tableDP) stepNeed(n *tdpState) int {
	need := 0
	if g := int(n.sets[0]) + int(n.sets[1]); g > 0 {
		deficit := 2*int(n.sets[0]) + int(n.sets[1])
		for _, a := range d.starve.setSupply {
			deficit -= min(int(a), g)
		}
		need += max(deficit, 0)
	}
	if d.su != closeStep {
		x := d.suitNeed(n, d.su)
		if x < 0 {
			return -1
		}
		need += x
	}
	return need
}

// prepareOthersNeed sets d.othersNeed for the situation st about to be expanded: what
// starved counts for the suits the step leaves alone (all of them at a rank's close),
// the same for every situation st reaches. It reports false when they cannot end well
// whatever the step does, so that nothing st reaches is worth offering. k is st's key.
func (d *tableDP) prepareOthersNeed(st *tdpState, k tdpKey) bool {
	d.othersNeed = 0
	if k.a&d.othersShortA == 0 && k.b&d.othersAcesB == 0 {
		// No short run and no ace piece in those suits (suitNeed's usual case, for all
		// of them at once).
		return 0 <= d.jokers()-int(st.q)
	}
	for su := range d.starve.suits {
		if su == d.su {
			continue
		}
		x := d.suitNeed(st, su)
		if x < 0 {
			return false
		}
		d.othersNeed += x
	}
	return d.othersNeed <= d.jokers()-int(st.q)
}

// suitNeed is the jokers the open runs and ace pieces of suit su in n need at least
// (see starved); -1 when they cannot end well at all.
func (d *tableDP) suitNeed(n *tdpState, su int) int {
	if n.runs[su][0]|n.runs[su][1]|n.need2[su]|n.need1[su] == 0 {
		return 0 // no short run, no ace piece: nothing to need (the usual case)
	}
	t := &d.starve.suits[su]
	one, two := int(n.runs[su][0]), int(n.runs[su][1])
	if t.aceOne {
		one = 0 // runs from the ace may wait for the king's side
	}
	if t.aceTwo {
		two = 0
	}
	runs := 0
	if a := int(t.next); a != noSupply && one+two > 0 {
		if a == topSupply {
			a = int(n.deferred[su])
		}
		runs = max(one+two-a, 0)
	}
	if a := int(t.after); a != noSupply && one > 0 {
		if a == topSupply {
			a = int(n.deferred[su])
		}
		runs += max(one-a, 0)
	}
	aces := 0
	if n2, n1 := int(n.need2[su]), int(n.need1[su]); n2+n1 > 0 {
		if t.king != noSupply {
			aces = max(n2+n1-int(t.king), 0)
		}
		if t.queen != noSupply {
			aces += max(n2-int(t.queen), 0)
		}
	}
	switch {
	case t.ended && d.cyclic:
		// Its runs open at the king end now: paired with the ace pieces, or filled up.
		var e tdpEnd
		return pairAtKing(n, su, &e, nil) // (-1: they cannot pair)
	case t.ended:
		return 2*one + two // filled up with jokers
	case t.shared:
		return max(runs, aces)
	}
	return runs + aces
}

// prepareJokerDemand fills d.laterNeed: from each rank position on, how many jokers the
// table cards there need at least, whatever the situation. A table card must be laid, in
// a set or in a run. A run holding it with no joker within two ranks of it holds naturals
// next to it (naturalRuns bounds how many such runs there can be); any other run holding
// it holds a joker within two ranks of it, and a set holds a joker for each suit it
// lacks. So the table cards of a rank need jokers standing within two ranks of it
// (rankJokers), and ranks five or more apart need different jokers. The jokers laid so
// far stand at most a rank past the step (with wrap, also at the ace and the two, laid
// first), so starved counts the ranks from three past the step on (with wrap, up to the
// jack). Without jokers the table search has no use for it.
func (d *tableDP) prepareJokerDemand() {
	last := d.npos
	if d.npos == 14 {
		last = 13 // the high ace is the ace, counted at the bottom
	}
	if d.cyclic {
		last = 11
	}
	var need [len(d.laterNeed)]int
	for pos := 1; pos <= last; pos++ {
		r := d.rankAt(pos)
		need[pos] = d.rankJokers(r, d.rankNaturalRuns(r))
	}
	for pos := len(need) - 1; pos >= 1; pos-- {
		v := need[pos]
		if pos+5 < len(need) {
			v += int(d.laterNeed[pos+5])
		}
		if pos+1 < len(need) {
			v = max(v, int(d.laterNeed[pos+1]))
		}
		d.laterNeed[pos] = uint8(v)
	}
}

// rankNaturalRuns is, per suit, naturalRuns for the cards of rank r: how many can stand
// in runs with no joker within two ranks of them, among all the cards there are.
func (d *tableDP) rankNaturalRuns(r int) (runs [4]int) {
	for su := range runs {
		a := func(dr int) int { return d.avail(su*13 + (r-1+dr+13)%13) }
		runs[su] = naturalRuns(a(-2), a(-1), a(1), a(2))
	}
	return runs
}

// naturalRuns bounds how many runs can hold a card with no joker within two ranks of it,
// given the naturals of its suit two and one ranks below it and one and two above: those
// holding the one below also hold the one two below or the one above; the others hold
// the two above.
func naturalRuns(below2, below1, above1, above2 int) int {
	return min(below1, below2+above1) + min(above1, above2)
}

// rankJokers is the fewest jokers the table cards of rank r need standing within two
// ranks of it, when at most runs[su] cards of suit su stand in runs with no joker that
// near (see setJokers; every copy of the rank may fill a set).
func (d *tableDP) rankJokers(r int, runs [4]int) int {
	var table, all [4]int
	for su := range table {
		table[su], all[su] = int(d.n[srcTable][su*13+r-1]), d.avail(su*13+r-1)
	}
	return setJokers(table, all, runs)
}

// setJokers is the fewest jokers that copies of a rank that must be laid (must[su] of
// suit su) need standing within two ranks of it, when at most runs[su] of them stand in
// runs with no joker that near: the others stand in sets (one a set; a set needs three
// suits, of the copies naturals[su] may give, jokers filling the missing ones) or each in
// a run with a joker.
func setJokers(must, naturals, runs [4]int) int {
	var left [4]int
	most := 0
	for su := range left {
		left[su] = max(must[su]-runs[su], 0)
		most = max(most, left[su])
	}
	best := 1 << 30
	for sets := 0; sets <= most; sets++ {
		jokers, given := 0, 0
		for su := range left {
			jokers += max(left[su]-sets, 0)
			given += min(naturals[su], sets)
		}
		best = min(best, jokers+max(3*sets-given, 0))
	}
	return best
}

// starveStep is what starved needs of the step being taken: the naturals still to
// come that the sets forming at this rank may use (one entry per suit after this one;
// filled by step in every search, for setsViable too),
// and per suit the naturals at the next rank and the one after, at the king and the
// queen (noSupply: settled or past the end; topSupply: the high ace, where only the aces
// kept for it count), whether its runs from the ace may still wait for the king's side,
// whether a joker may serve both a run and an ace piece, and whether it is settled at the
// end of the sweep.
type starveStep struct {
	setSupply []int8
	suits     [4]struct {
		next, after, king, queen      int8
		aceOne, aceTwo, shared, ended bool
	}
}

const (
	noSupply  = -1
	topSupply = -2
)

// prepareStarved fills d.starve for the step (pos, su).
func (d *tableDP) prepareStarved(pos, su int) {
	t := &d.starve
	supply := func(s, at int) int8 {
		switch {
		case at > d.npos:
			return noSupply
		case at == 14:
			return topSupply
		}
		return int8(d.avail(s*13 + d.rankAt(at) - 1))
	}
	for s := range t.suits {
		u := &t.suits[s]
		next := pos + 1
		if su != closeStep && s > su {
			next = pos
		}
		u.next, u.after = supply(s, next), supply(s, next+1)
		u.aceOne, u.aceTwo = d.cyclic && next == 2, d.cyclic && next == 3
		u.king, u.queen = noSupply, noSupply
		if d.cyclic && next <= 13 {
			u.king = int8(d.avail(s*13 + d.rankAt(13) - 1))
		}
		if d.cyclic && next <= 12 {
			u.queen = int8(d.avail(s*13 + d.rankAt(12) - 1))
		}
		u.shared = next >= 11
		u.ended = next > d.npos
	}
}

// closeSets ends the sets formed at a rank: each gets the jokers it needs to reach
// three cards. (Further jokers are laid at the end, on any meld with room.)
func (d *tableDP) closeSets(st *tdpState, k tdpKey) {
	g := st.sets
	need := 2*int(g[0]) + int(g[1])
	if need > d.jokers()-int(st.q) {
		return
	}
	gain, hand := d.jokerAt[st.q][need].gain, int(d.jokerAt[st.q][need].hand)
	n := *st
	if !d.addHand(&n, hand) {
		return
	}
	n.q += uint8(need)
	n.room = n.room || g != [3]uint8{}
	n.sets = [3]uint8{}
	// st's key (k) with the new jokers placed, hand cards laid, sets and room.
	k.a = k.a&^(7<<28|31<<31|511<<36) | uint64(n.q)<<28 | uint64(n.h)<<31
	if n.room {
		k.b |= 1 << 63
	}
	d.emit(&n, k, gain, &tdpDec{}, needUnknown)
}

func (d *tableDP) addHand(st *tdpState, k int) bool {
	if !d.capActive {
		return true
	}
	if int(st.h)+k > d.cap {
		return false
	}
	st.h += uint8(k)
	return true
}

// face settles the copies of one face (suit su at rank position pos): it replays on st
// (of key k) the moves the step offers every situation alike in what the step looks at
// (faceMoves), checking what depends on the rest of st — the cap on hand cards, the
// floor, the value of the jokers laid — and emits what they reach, their keys made
// from k and the moves' parts.
func (d *tableDP) face(st *tdpState, k tdpKey, pos, su int) {
	groups, moves := d.faceMoves(st, k, pos, su)
	// st's key less what the moves set: the suit's parts, the sets, jokers and hand cards.
	k.a &^= 127<<(7*su) | 7<<28 | 31<<31 | 511<<36
	for _, g := range groups {
		n := *st
		var gain int32
		if g.natural {
			if !d.addHand(&n, int(g.hand)) {
				continue
			}
			gain = g.gain
			if d.cannotBeatFloor(st, gain) {
				continue
			}
		}
		for i := g.from; i < g.to; i++ {
			m := &moves[i]
			j := &d.jokerAt[st.q][m.jokers]
			c := n
			if !d.addHand(&c, int(j.hand)) {
				continue
			}
			c.q += m.jokers
			c.sets = m.sets
			c.deferred[su], c.runs[su], c.jokerRun[su] = m.deferred, m.runs, m.jokerRun
			c.need2[su], c.need1[su] = m.need2, m.need1
			if m.setOffers {
				c.offers[su] = m.offers
			}
			c.room = c.room || m.room
			key := tdpKey{k.a | m.keyA | uint64(c.q)<<28 | uint64(c.h)<<31, k.b&^m.clearB | m.keyB}
			if c.room {
				key.b |= 1 << 63
			}
			dec := &m.dec
			if g.freeForHand > 0 {
				alt := m.dec
				alt.freeForHand = uint8(g.freeForHand)
				dec = &alt
			}
			d.emit(&c, key, gain+j.gain, dec, int(m.need))
		}
	}
}

// findFaceMoves finds the moves of the face's step from st (see faceMoves), in the
// order the search takes them: by the copies laid and kept for the top (one group
// each), then how they split between sets and runs, then the jokers.
func (d *tableDP) findFaceMoves(st *tdpState, pos, su int) {
	top := !d.wrap && pos == 14
	rank := d.rankAt(pos)
	f := su*13 + rank - 1
	lo, hi := int(d.n[srcTable][f]), d.avail(f)
	if top {
		lo, hi = int(st.deferred[su]), int(st.deferred[su])
	}
	var dec tdpDec
	for total := lo; total <= hi; total++ {
		maxDefer := 0
		if !d.wrap && pos == 1 && d.kingSide(su) {
			maxDefer = total
		}
		for dfr := 0; dfr <= maxDefer; dfr++ {
			use := total - dfr
			n := *st
			g := faceGroup{natural: !top}
			if !top {
				gain, hand := d.naturalGain(f, total)
				g.gain, g.hand = gain, int8(hand)
			}
			if top || (!d.wrap && pos == 1) {
				n.deferred[su] = uint8(dfr)
			}
			m := &d.faceMemo
			g.from = int32(len(m.moves))
			dec = tdpDec{use: uint8(use), defer_: uint8(dfr)}
			d.splitSets(&n, pos, su, use, top, &dec)
			g.to = int32(len(m.moves))
			m.groups = append(m.groups, g)
			if !top && d.capActive {
				m.groups = d.freeForHand(m.groups, f, total, g)
			}
		}
	}
}

// freeForHand adds to groups, after g (laying total copies of face f), the same moves
// laying free copies in place of hand copies, one, two … as many as there are: under an
// active cap a play may lay the free copy and keep the hand card, leaving room for another
// one (the search's order, table copies, then hand, then free, lays the hand's first).
func (d *tableDP) freeForHand(groups []faceGroup, f, total int, g faceGroup) []faceGroup {
	free := max(total-int(d.n[srcTable][f])-int(g.hand), 0)
	for k := 1; k <= min(int(g.hand), int(d.n[srcFree][f])-free); k++ {
		hand := int(g.hand) - k
		alt := g
		alt.gain, alt.hand, alt.freeForHand = packValue(hand, hand*d.opt.cardValue(Card(f)), free+k), int8(hand), int8(k)
		groups = append(groups, alt)
	}
	return groups
}

// cannotBeatFloor reports whether every situation the face's step reaches from st with
// the natural gain given falls to the floor in emit: even laying every card still to come
// (the jokers' gain does not depend on where the step puts them), it cannot beat the
// floor. Deciding it before the step's sets, runs and jokers are chosen spares choosing
// them. (Not under an active cap, where emit's test also counts the hand cards laid.)
func (d *tableDP) cannotBeatFloor(st *tdpState, gain int32) bool {
	if d.floor < 0 || d.capActive {
		return false
	}
	jokersLeft := d.jokers() - int(st.q)
	best := d.base + gain + d.rest + d.jokerAt[st.q][jokersLeft].gain - d.lossAhead[jokersLeft]
	if best > d.floor {
		return false
	}
	if !d.plain {
		d.dropped = max(d.dropped, best)
	}
	return true
}

// kingSide reports whether a run of the suit could reach the king, so an ace kept for
// the top could be laid there.
func (d *tableDP) kingSide(su int) bool {
	return d.avail(su*13+12) > 0 || d.jokers() > 0
}

// splitSets chooses how many of the copies join sets (and which sets).
func (d *tableDP) splitSets(st *tdpState, pos, su, use int, top bool, dec *tdpDec) {
	g := st.sets
	maxSet := use
	if top {
		maxSet = 0
	}
	for j3 := 0; j3 <= min(int(g[2]), maxSet); j3++ {
		for j2 := 0; j2 <= min(int(g[1]), maxSet-j3); j2++ {
			for j1 := 0; j1 <= min(int(g[0]), maxSet-j3-j2); j1++ {
				for ns := 0; ns <= maxSet-j3-j2-j1; ns++ {
					n := *st
					n.sets = [3]uint8{g[0] - uint8(j1) + uint8(ns), g[1] - uint8(j2) + uint8(j1), g[2] - uint8(j3) + uint8(j2)}
					if !d.setsViable(&n) {
						continue
					}
					dec.join = [3]uint8{uint8(j1), uint8(j2), uint8(j3)}
					dec.newSets = uint8(ns)
					d.runsStep(&n, pos, su, use-j1-j2-j3-ns, top, dec)
				}
			}
		}
	}
}

// setsViable is a quick necessary condition: the sets forming at this rank can still
// reach three cards from the suits after the step's (d.starve.setSupply) and the jokers
// left.
func (d *tableDP) setsViable(st *tdpState) bool {
	g := st.sets
	short := int(g[0]) + int(g[1])
	if short == 0 {
		return true
	}
	deficit := 2*int(g[0]) + int(g[1])
	supply := d.jokers() - int(st.q)
	for _, a := range d.starve.setSupply {
		supply += min(int(a), short)
	}
	return deficit <= supply
}

// runsStep places the copies that go to runs, and this suit's jokers on runs.
func (d *tableDP) runsStep(st *tdpState, pos, su, k int, top bool, dec *tdpDec) {
	c := st.runs[su]
	if !d.cyclic && d.jokers() == int(st.q) {
		d.runsStepNoJoker(st, pos, su, k, top, dec)
		return
	}
	jr := int(st.jokerRun[su])
	jrNatOK := d.cyclic && pos >= 2 && pos <= maxJokerPiece+1
	maxJrN := 0
	if jrNatOK {
		maxJrN = jr
	}
	for e3 := 0; e3 <= min(int(c[2]), k); e3++ {
		for e2 := 0; e2 <= min(int(c[1]), k-e3); e2++ {
			for e1 := 0; e1 <= min(int(c[0]), k-e3-e2); e1++ {
				for jn := 0; jn <= min(maxJrN, k-e3-e2-e1); jn++ {
					newRuns := k - e3 - e2 - e1 - jn
					if newRuns > 0 && top {
						continue // a kept ace only stands above a king
					}
					dec.extN = [3]uint8{uint8(e1), uint8(e2), uint8(e3)}
					dec.jrExtN, dec.newRuns = uint8(jn), uint8(newRuns)
					d.jokerStep(st, pos, su, [3]int{int(c[0]) - e1, int(c[1]) - e2, int(c[2]) - e3}, jr-jn, newRuns, dec)
				}
			}
		}
	}
}

// runsStepNoJoker is runsStep with no joker left and no ace pieces: every short run
// must take a copy (none can be filled up), and a copy starts a new run only when every
// run takes one (a run left to end would take it instead).
func (d *tableDP) runsStepNoJoker(st *tdpState, pos, su, k int, top bool, dec *tdpDec) {
	c := st.runs[su]
	short := int(c[0]) + int(c[1])
	for e3 := 0; e3 <= min(int(c[2]), k-short); e3++ {
		newRuns := k - short - e3
		if newRuns > 0 && (top || e3 < int(c[2])) {
			continue
		}
		dec.extN = [3]uint8{c[0], c[1], uint8(e3)}
		dec.jrExtN, dec.newRuns = 0, uint8(newRuns)
		d.closeRuns(st, pos, su, [3]int{0, 0, int(c[2]) - e3}, [3]int{}, 0, 0, 0, newRuns, dec)
	}
}

// jokerStep gives jokers to the runs not extended by a natural, ends the others, and
// (with wrap, at the ace) starts joker pieces.
func (d *tableDP) jokerStep(st *tdpState, pos, su int, rest [3]int, jrRest, newRuns int, dec *tdpDec) {
	left := d.jokers() - int(st.q)
	jrJokerOK := d.cyclic && pos >= 2 && pos <= maxJokerPiece
	maxJrNew := 0
	if d.cyclic && pos == 1 && d.lastNat[su] >= 2 {
		maxJrNew = min(left, 3)
	}
	for x3 := 0; x3 <= min(rest[2], left); x3++ {
		for x2 := 0; x2 <= min(rest[1], left-x3); x2++ {
			for x1 := 0; x1 <= min(rest[0], left-x3-x2); x1++ {
				used := x1 + x2 + x3
				closing := rest[0] - x1 + rest[1] - x2 + rest[2] - x3
				if newRuns > 0 && closing > 0 {
					continue // the new run's first card could extend the ending run instead
				}
				maxJrJ := 0
				if jrJokerOK {
					maxJrJ = min(jrRest, left-used)
				}
				for jx := 0; jx <= maxJrJ; jx++ {
					for jnew := 0; jnew <= min(maxJrNew, left-used-jx); jnew++ {
						d.closeRuns(st, pos, su, rest, [3]int{x1, x2, x3}, jrRest-jx, jx, jnew, newRuns, dec)
					}
				}
			}
		}
	}
}

// maxJokerPiece is the most jokers a piece of jokers at the ace may hold before its
// natural: all the jokers there can be.
const maxJokerPiece = 4

// kingSideStarts is how many short king-side runs of suit su there can be: they start at
// the queen or the king (with wrap, the sweep's last two ranks).
func (d *tableDP) kingSideStarts(su int) int {
	return d.avail(su*13+d.rankAt(12)-1) + d.avail(su*13+d.rankAt(13)-1)
}

// closeRuns ends the short runs not extended here (filling them up with jokers, or,
// with wrap, leaving ace pieces to the king's side) and records the move.
func (d *tableDP) closeRuns(st *tdpState, pos, su int, rest, x [3]int, jrEnd, jx, jnew, newRuns int, dec *tdpDec) {
	end1, end2 := rest[0]-x[0], rest[1]-x[1]
	// Ace pieces: the class-1 runs ending at rank 2 and the class-2 runs ending at
	// rank 3 started at the ace.
	ob1Max, ob2Max := 0, 0
	if d.cyclic && pos == 2 {
		ob1Max = end1
	}
	if d.cyclic && pos == 3 {
		ob2Max = end2
	}
	if jrEnd > 0 && !(d.cyclic && pos >= 2 && pos <= maxJokerPiece+1) {
		return // a joker piece meets a natural or the king's side once its jokers end
	}
	left := d.jokers() - int(st.q)
	used := x[0] + x[1] + x[2] + jx + jnew
	for o1 := 0; o1 <= ob1Max; o1++ {
		for o2 := 0; o2 <= ob2Max; o2++ {
			pad1, pad2 := end1-o1, end2-o2
			jk := used + 2*pad1 + pad2
			if jk > left {
				continue
			}
			// Extended runs move up a class; new runs are class 1.
			c1 := newRuns
			c2 := int(dec.extN[0]) + x[0] + int(dec.jrExtN)*b2i(pos == 2)
			c3 := int(dec.extN[1]) + x[1] + int(dec.extN[2]) + x[2] + int(dec.jrExtN)*b2i(pos >= 3)
			if c1 > 3 || c2 > 3 || c3 > 7 {
				continue
			}
			n := *st
			n.runs[su] = [3]uint8{uint8(c1), uint8(c2), uint8(c3)}
			n.jokerRun[su] = uint8(jnew + jx)
			n.need2[su] += uint8(o1 + jrEnd*b2i(pos == 2))
			n.need1[su] += uint8(o2 + jrEnd*b2i(pos >= 3)) // (a piece of three or four jokers: it needs a natural)
			if n.need2[su] > 3 || n.need1[su] > 3 {
				continue
			}
			if n.need2[su]+n.need1[su] > 0 && d.lastNat[su] <= pos && n.runs[su] == [3]uint8{} {
				continue // no run of the suit can reach the king any more
			}
			m := faceMove{
				sets: n.sets, runs: n.runs[su], jokerRun: n.jokerRun[su], deferred: n.deferred[su],
				need2: n.need2[su], need1: n.need1[su], jokers: uint8(jk),
				room: end1+end2+rest[2]-x[2] > 0, // a run ends here
				dec:  *dec,
			}
			if d.cyclic && pos == 3 {
				// Offers serve short runs at the king, which start at the queen or the king.
				n.offers[su] = uint8(min(int(n.runs[su][2]), 3, d.kingSideStarts(su)))
				m.offers, m.setOffers = n.offers[su], true
			}
			if d.cyclic && pos > 3 && dec.jrExtN > 0 {
				// A piece of three or four jokers given its natural: a long run from the
				// ace too. (With joker pieces open the suit's offers are part of the
				// step's key: see faceStepKey.)
				n.offers[su] = uint8(min(int(n.offers[su])+int(dec.jrExtN), 3, d.kingSideStarts(su)))
				m.offers, m.setOffers = n.offers[su], true
			}
			m.dec.extJ = [3]uint8{uint8(x[0]), uint8(x[1]), uint8(x[2])}
			m.dec.pad = [2]uint8{uint8(pad1), uint8(pad2)}
			m.dec.oblige = [2]uint8{uint8(o1), uint8(o2)}
			m.dec.jrNew, m.dec.jrExtJ, m.dec.jrOblige = uint8(jnew), uint8(jx), uint8(jrEnd)
			m.keyA, m.keyB, m.clearB = moveKey(&n, su, m.setOffers)
			m.need = needUnknown
			if d.starving && !(d.cyclic && d.starve.suits[su].ended) {
				// (Settled at the end of a sweep with wrap, the suit's count depends on
				// its offers, which the move may not set.)
				m.need = int8(d.stepNeed(&n))
			}
			d.faceMemo.moves = append(d.faceMemo.moves, m)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// end ends the runs still open after the sweep. With wrap, runs open at the king pair
// with the ace pieces: an obligation needs a king-side run long enough, a short
// king-side run needs an offer; what is left short is filled up with jokers. Every
// table joker must be placed; further jokers may go on any ending run.
func (d *tableDP) end(st *tdpState) (int32, tdpEnd, bool) {
	var e tdpEnd
	jk := 0
	ending := 0
	for su := 0; su < 4; su++ {
		c := st.runs[su]
		ending += int(c[0] + c[1] + c[2])
		if st.jokerRun[su] != 0 {
			return 0, e, false
		}
		if !d.cyclic {
			e.pad1[su], e.pad2[su] = c[0], c[1]
			jk += 2*int(c[0]) + int(c[1])
			continue
		}
		halves := d.kingHalves(st, su)
		best := pairAtKing(st, su, &e, &halves)
		if best < 0 {
			return 0, e, false
		}
		jk += best
	}
	left := d.jokers() - int(st.q)
	if jk > left {
		return 0, e, false
	}
	// Further jokers: every table joker must be placed; hand and free jokers are laid
	// when they gain.
	bestGain, bestExtra := int32(-1), 0
	maxExtra := 0
	if ending > 0 || st.room {
		maxExtra = left - jk
	}
	for extra := 0; extra <= maxExtra; extra++ {
		if int(st.q)+jk+extra < d.tj {
			continue
		}
		g, hand := d.jokerAt[st.q][jk+extra].gain, int(d.jokerAt[st.q][jk+extra].hand)
		if d.capActive && int(st.h)+hand > d.cap {
			continue
		}
		var takes [4]uint8
		if d.car != nil {
			var ok bool
			if takes, ok = d.carriersEnd(st, jk, extra); !ok {
				continue
			}
		}
		if g > bestGain {
			bestGain, bestExtra, e.carExtra = g, extra, takes
		}
	}
	if bestGain < 0 {
		return 0, e, false
	}
	e.extra = uint8(bestExtra)
	return bestGain, e, true
}

// pairAtKing pairs the runs of suit su open at the king with the ace pieces waiting for
// the king's side (an obligation needing 2+ takes a class-2 or class-3 run, one needing 1+
// any run) and the offers (a short run may join one), the fewest short runs left over to
// be filled up with jokers. A carrier search's followed king's halves (halves, by the
// piece they join and their class; nil: none) must be among the pairs. It writes the
// pairing into e and returns how many jokers the filling takes, or -1 if the ace pieces
// cannot all be served.
func pairAtKing(st *tdpState, su int, e *tdpEnd, halves *[4][4]uint8) int {
	var h [4][4]uint8
	if halves != nil {
		h = *halves
	}
	c := st.runs[su]
	best := -1
	n2, n1 := int(st.need2[su]), int(st.need1[su])
	// Long king-side runs joining offers: only followed king's halves need to (two runs
	// that could join are as good as one).
	o3 := int(h[pieceOffer][3])
	off := int(st.offers[su]) - o3 // offers left for short runs

	for a := int(h[pieceOne][2]); a <= min(n2, int(c[1])); a++ { // need-2 pieces on class-2 runs
		b := n2 - a // … the rest on class-3 runs
		if b > int(c[2]) || b < int(h[pieceOne][3]) {
			continue
		}
		for x := int(h[pieceTwo][1]); x <= min(n1, int(c[0])); x++ {
			for y := int(h[pieceTwo][2]); y <= min(n1-x, int(c[1])-a); y++ {
				z := n1 - x - y
				if z > int(c[2])-b || z < int(h[pieceTwo][3]) || o3 > int(c[2])-b-z {
					continue
				}
				s1, s2 := int(c[0])-x, int(c[1])-a-y
				for o1 := min(off, s1); o1 >= int(h[pieceOffer][1]); o1-- {
					o2 := min(off-o1, s2)
					if o2 < int(h[pieceOffer][2]) {
						continue
					}
					cost := 2*(s1-o1) + (s2 - o2)
					if best < 0 || cost < best {
						best = cost
						e.n2with2[su], e.n2with3[su] = uint8(a), uint8(b)
						e.n1with1[su], e.n1with2[su], e.n1with3[su] = uint8(x), uint8(y), uint8(z)
						e.offerTo1[su], e.offerTo2[su], e.offerTo3[su] = uint8(o1), uint8(o2), uint8(o3)
						e.pad1[su], e.pad2[su] = uint8(s1-o1), uint8(s2-o2)
					}
					if h[pieceOffer][2] == 0 {
						break // the most offers taken is the cheapest
					}
				}
			}
		}
	}
	return best
}

// lossUnlaid marks a rank whose table cards alone need more jokers than are left.
const lossUnlaid = 1 << 28

// prepareLoss fills d.laterLoss: from each rank position on (as laterNeed counts them),
// the least value of hand and free cards that cannot be laid with the jokers left. At a
// rank, the cards laid of each suit beyond those that can stand in natural runs
// (naturalRuns) stand in sets or each in a run with a joker within two ranks
// (setJokers); so laying more of a rank's hand and free cards may need more jokers,
// and with few jokers left some must stay in the hand. Ranks five apart need different
// jokers, so their losses add up, the jokers split between them.
func (d *tableDP) prepareLoss() {
	last := d.npos
	if d.npos == 14 {
		last = 13
	}
	if d.cyclic {
		last = 11
	}
	jokers := min(d.jokers(), len(d.laterLoss[0])-1)
	var rankLoss [len(d.laterLoss)][len(d.laterLoss[0])]int32
	for pos := 1; pos <= last; pos++ {
		d.rankLoss(d.rankAt(pos), jokers, &rankLoss[pos])
	}
	for pos := len(d.laterLoss) - 1; pos >= 1; pos-- {
		for j := 0; j <= jokers; j++ {
			v := rankLoss[pos][j]
			if pos+5 < len(d.laterLoss) {
				v = lossUnlaid
				for j1 := 0; j1 <= j; j1++ {
					v = min(v, rankLoss[pos][j1]+d.laterLoss[pos+5][j-j1])
				}
			}
			if pos+1 < len(d.laterLoss) {
				v = max(v, d.laterLoss[pos+1][j])
			}
			d.laterLoss[pos][j] = min(v, lossUnlaid)
		}
	}
}

// rankLoss fills loss[j], for j jokers at most: the least value of rank r's hand and free
// copies left unlaid so that the copies laid need no more than j jokers (lossUnlaid if
// the table copies alone need more).
func (d *tableDP) rankLoss(r, jokers int, loss *[8]int32) {
	runs := d.rankNaturalRuns(r)
	var table, all [4]int
	for su := range table {
		f := su*13 + r - 1
		table[su], all[su] = int(d.n[srcTable][f]), d.avail(f)
	}
	for j := range loss {
		loss[j] = lossUnlaid
	}
	// Laying every copy needs jokers enough: nothing is lost. (At most ranks that takes
	// no joker, or there are only table copies, and nothing more is to be looked at.)
	needAll := setJokers(all, all, runs)
	for j := needAll; j <= jokers; j++ {
		loss[j] = 0
	}
	if needAll == 0 || all == table {
		return
	}
	// With fewer jokers, every choice of how many hand and free copies of each suit to
	// lay (laying fewer may need fewer jokers, or more: copies of other suits fill sets).
	var full int32 // laying every copy
	for su := range all {
		g, _ := d.naturalGain(su*13+r-1, all[su])
		full += g
	}
	laid := table
	for {
		v := full // what is lost laying only laid
		for su := range laid {
			g, _ := d.naturalGain(su*13+r-1, laid[su])
			v -= g
		}
		for j := setJokers(laid, laid, runs); j <= min(jokers, needAll-1); j++ {
			loss[j] = min(loss[j], v)
		}
		su := 0
		for ; su < 4 && laid[su] == all[su]; su++ {
			laid[su] = table[su]
		}
		if su == 4 {
			return
		}
		laid[su]++
	}
}
