package machiavelli

import (
	"math/bits"
	"slices"
)

// Arrangement: once the solver knows which cards to lay, lay them out moving as few
// table cards as possible. The search keeps old melds whole — each may only grow at its
// ends (a run) or by missing suits (a set) — and breaks up first no meld, then one, then
// two, trying the cheapest choices first, until the new cards and the broken melds' cards
// fit: an attempt in which some card can go nowhere is not searched (everyCardPlaced); in
// the others the kept melds grow, then what is left of the pool is split into new melds
// by a small search of its own (split). If none of that works within its budget, the
// solver's own layout stands.

// arrangeBudget bounds the nodes the arrangement search may visit in all.
var arrangeBudget = 100

// arrangeLimits are how far the arrangement searches: the nodes it may visit in all, and
// the most old melds it may break (1 or 2).
type arrangeLimits struct{ budget, broken int }

// arrangeKeeping returns a table holding the old melds (some perhaps grown) plus new
// melds, using exactly newCards in addition to the table, within the limits.
func arrangeKeeping(p Position, newCards []Card, opt Options, limits arrangeLimits) ([][]Card, bool) {
	// The choices of melds to break — none, each one, each two — fewest cards first,
	// else in that order: sorted as numbers holding the cards, then the melds (none
	// first, then one meld i as i+1, then two i < j as (i+1)<<8 | j+1, which keep the
	// order they are listed in).
	n := len(p.Table)
	choices := make([]uint64, 0, 1+n*(n+1)/2)
	choices = append(choices, 0)
	for i := range n {
		choices = append(choices, uint64(len(p.Table[i]))<<32|uint64(i+1)<<8)
	}
	for i := 0; i < n && limits.broken >= 2; i++ {
		for j := i + 1; j < n; j++ {
			choices = append(choices, uint64(len(p.Table[i])+len(p.Table[j]))<<32|1<<24|uint64(i+1)<<8|uint64(j+1))
		}
	}
	slices.Sort(choices)
	budget := limits.budget
	ks := newKeepSearch(p, opt, &budget)
	var broken []int
	for _, ch := range choices {
		if budget <= 0 {
			return nil, false
		}
		broken = broken[:0]
		if i := int(ch >> 8 & 0xff); i > 0 {
			broken = append(broken, i-1)
		}
		if j := int(ch & 0xff); j > 0 {
			broken = append(broken, j-1)
		}
		table, ok := ks.tryKeep(p, newCards, broken)
		if !ok {
			continue
		}
		if _, err := checkPlay(p.Table, p.Hand, p.Free, Play(table, freeUsed(p, newCards)), opt); err == nil {
			return table, true
		}
	}
	return nil, false
}

// newKeepSearch prepares arrangeKeeping's search on the position's table, visiting at
// most *budget situations in all.
func newKeepSearch(p Position, opt Options, budget *int) *keepSearch {
	grown := &growth{byKey: map[uint64][][]int{}, uses: make([][]int, len(p.Table))}
	outlines := make([]meldOutline, len(p.Table))
	ks := &keepSearch{opt: opt, failed: map[poolKey]bool{}, unsplit: map[poolKey]bool{}, budget: budget, grown: grown, outlines: outlines}
	for i, m := range p.Table {
		outlines[i] = outlineOf(m)
		grown.uses[i] = outlines[i].growthFaces()
		// mayTake's sets hold one rank; its runs one suit.
		o, bit := outlines[i], uint64(1)<<(i&63)
		if bits.OnesCount32(o.ranks) == 1 {
			for su := range 4 {
				ks.takers[su][bits.TrailingZeros32(o.ranks)] |= bit
			}
		}
		if bits.OnesCount32(o.suits) == 1 {
			for r := range 13 {
				ks.takers[bits.TrailingZeros32(o.suits)][r] |= bit
			}
		}
	}
	return ks
}

func freeUsed(p Position, cards []Card) []Card {
	var out []Card
	for _, c := range cards {
		if slices.Contains(p.Free, c) {
			out = append(out, c)
		}
	}
	return out
}

// keepSearch is one attempt: these old melds kept, the rest broken into the pool.
type keepSearch struct {
	opt  Options
	kept [][]Card
	keepPool
	base       keepPool         // the pool of the new cards alone …
	baseCards  []Card           // … which are these
	failed     map[poolKey]bool // states of the search known to fail
	unsplit    map[poolKey]bool // pools known not to split into melds (partition), for all attempts
	brokenFrom [52]uint8        // per face: the broken melds (bit 0 the first, bit 1 the second) holding it
	budget     *int
	chosen     [][]int // per kept meld: faces added (52 = joker)
	partOut    []smeld
	keptAt     []int // per kept meld: its place on the table
	grown      *growth
	outlines   []meldOutline // per table meld (keptMeldTakes)
	takers     [4][13]uint64 // per suit and rank (r-1): the table melds (bit i, the first 64) mayTake might say take it
	unchecked  bool          // dfs without everyCardPlaced (for its test)
}

// keepPool is the pool of an attempt: the cards the kept melds and new melds must take.
type keepPool struct {
	pool     [53]int   // copies per face left in the pool (52 = jokers)
	packed   poolKey   // … packed (see poolKey)
	ranks    [4]uint32 // … per suit, bit r-1: the pool holds rank r
	naturals int       // … its natural cards
}

// growth is the extensions of the table's melds found so far, shared by the attempts.
type growth struct {
	byKey map[uint64][][]int // by meld and the state of the pool's cards it may use
	uses  [][]int            // per meld: the faces its extensions may use (growthFaces)
}

// growthFaces is the natural faces an extension of the meld may use: those of its rank
// (a set: its naturals share a rank, as readAsSet reads it) and of its suit (a run).
func (o meldOutline) growthFaces() []int {
	if o.ranks == 0 {
		return nil
	}
	var out []int
	naturals := o.cards - o.jokers
	if rank := bits.TrailingZeros32(o.ranks); bits.OnesCount32(o.ranks) == 1 && (naturals > 1 || o.cards <= 4) {
		for su := range 4 {
			out = append(out, su*13+rank)
		}
	}
	if suit := bits.TrailingZeros32(o.suits); bits.OnesCount32(o.suits) == 1 {
		for r := range 13 {
			out = append(out, suit*13+r)
		}
	}
	return out
}

// tryKeep is one attempt of arrangeKeeping: the melds broken are listed, the others kept
// (perhaps grown). The search is reused from one attempt to the next (its extensions
// found, ks.grown, are shared by them; its failed states are not).
func (ks *keepSearch) tryKeep(p Position, newCards []Card, broken []int) ([][]Card, bool) {
	// Most attempts fail everyCardPlaced(0): it is checked before the kept melds are
	// listed (orphansKept).
	ks.poolOf(p, newCards, broken)
	if !ks.orphansKept(broken) {
		return nil, false
	}
	ks.keepRest(p, broken)
	if !ks.dfs(0) {
		return nil, false
	}
	return ks.handOut(p, newCards, broken), true
}

// setUp starts an attempt: the melds broken go to the pool with the new cards, the others
// are kept.
func (ks *keepSearch) setUp(p Position, newCards []Card, broken []int) {
	ks.poolOf(p, newCards, broken)
	ks.keepRest(p, broken)
}

// poolOf sets an attempt's pool: the new cards and the melds broken.
func (ks *keepSearch) poolOf(p Position, newCards []Card, broken []int) {
	if ks.baseCards == nil || !slices.Equal(ks.baseCards, newCards) {
		ks.keepPool = keepPool{}
		for _, c := range newCards {
			ks.put(c.Face())
		}
		ks.base, ks.baseCards = ks.keepPool, slices.Clone(newCards)
	}
	ks.keepPool = ks.base
	ks.brokenFrom = [52]uint8{}
	for b, i := range broken {
		for _, c := range p.Table[i] {
			ks.put(c.Face())
			if !c.IsJoker() {
				ks.brokenFrom[c.Face()] |= 1 << b
			}
		}
	}
}

// keepRest lists an attempt's kept melds: those not broken.
func (ks *keepSearch) keepRest(p Position, broken []int) {
	if len(ks.failed) > 0 {
		clear(ks.failed)
	}
	ks.kept, ks.keptAt, ks.partOut = ks.kept[:0], ks.keptAt[:0], nil
	for i, m := range p.Table {
		if !slices.Contains(broken, i) {
			ks.kept = append(ks.kept, m)
			ks.keptAt = append(ks.keptAt, i)
		}
	}
	ks.chosen = slices.Grow(ks.chosen[:0], len(ks.kept))[:len(ks.kept)]
	clear(ks.chosen)
}

// handOut builds the table of a successful attempt, choosing which copy of a face goes
// where: the kept melds grow by new cards first, and each new meld takes first the cards
// of the broken meld it shares most faces with (the new melds sharing most choose
// first), so that as few cards as possible change meld.
func (ks *keepSearch) handOut(p Position, newCards []Card, broken []int) [][]Card {
	var byFace [53][]Card
	for _, i := range broken {
		for _, c := range p.Table[i] {
			byFace[c.Face()] = append(byFace[c.Face()], c)
		}
	}
	for _, c := range newCards {
		byFace[c.Face()] = append(byFace[c.Face()], c)
	}
	// take hands out a copy of face f: one from broken meld b if it can (b < 0: a new
	// card if it can).
	take := func(f, b int) Card {
		at := 0
		for i, c := range byFace[f] {
			if b < 0 && slices.Contains(newCards, c) || b >= 0 && slices.Contains(p.Table[broken[b]], c) {
				at = i
				break
			}
		}
		c := byFace[f][at]
		byFace[f] = slices.Delete(byFace[f], at, at+1)
		return c
	}
	var table [][]Card
	for i, m := range ks.kept {
		grown := slices.Clone(m)
		for _, f := range ks.chosen[i] {
			grown = append(grown, take(f, -1))
		}
		table = append(table, grown)
	}
	home := make([]int, len(ks.partOut)) // per new meld: the broken meld it shares most faces with, or -1
	shared := make([]int, len(ks.partOut))
	order := make([]int, len(ks.partOut))
	for k, m := range ks.partOut {
		home[k], order[k] = -1, k
		for b := range broken {
			if n := ks.fromBroken(m.faces, b); n > shared[k] {
				home[k], shared[k] = b, n
			}
		}
	}
	slices.SortStableFunc(order, func(x, y int) int { return shared[y] - shared[x] })
	melds := make([][]Card, len(ks.partOut))
	for _, k := range order {
		m := ks.partOut[k]
		for _, f := range m.faces {
			melds[k] = append(melds[k], take(int(f), home[k]))
		}
		for range int(m.hj) + bits.OnesCount8(m.tjMask) {
			melds[k] = append(melds[k], take(jokerFace, home[k]))
		}
	}
	return append(table, melds...)
}

// poolKey is a state of the search: the pool's copies of each face (at most three, two
// bits each; the jokers, face 52, at most four, in three bits) and the kept meld being
// grown (from bit 48 of the second word).
type poolKey [2]uint64

// put adds a copy of face f to the pool, and take takes one out.
func (ks *keepSearch) put(f int) {
	ks.pool[f]++
	ks.packed[f/32] += 1 << (2 * (f % 32))
	if f != jokerFace {
		ks.naturals++
		ks.ranks[f/13] |= 1 << (f % 13)
	}
}

func (ks *keepSearch) take(f int) {
	ks.pool[f]--
	ks.packed[f/32] -= 1 << (2 * (f % 32))
	if f != jokerFace {
		ks.naturals--
		if ks.pool[f] == 0 {
			ks.ranks[f/13] &^= 1 << (f % 13)
		}
	}
}

func (ks *keepSearch) key(i int) poolKey {
	k := ks.packed
	k[1] |= uint64(i) << 48
	return k
}

// dfs grows kept meld i and those after it, then splits what is left of the pool.
func (ks *keepSearch) dfs(i int) bool {
	*ks.budget--
	if *ks.budget < 0 {
		return false
	}
	if i == len(ks.kept) {
		return ks.partition()
	}
	k := ks.key(i)
	if ks.failed[k] {
		return false
	}
	if i > 0 && !ks.unchecked && !ks.everyCardPlaced(i) {
		ks.failed[k] = true
		return false
	}
	for _, add := range ks.extensionsOf(i) {
		for _, f := range add {
			ks.take(f)
		}
		ok := ks.dfs(i + 1)
		for _, f := range add {
			ks.put(f)
		}
		if ok {
			ks.chosen[i] = add
			return true
		}
		if *ks.budget < 0 {
			return false // out of budget: nothing learnt
		}
	}
	ks.failed[k] = true
	return false
}

// partition splits the rest of the pool into new melds (every card must be used).
func (ks *keepSearch) partition() bool {
	ks.partOut = nil
	if ks.naturals+ks.pool[jokerFace] == 0 {
		return true
	}
	return ks.split()
}

// split is the search behind partition: the lowest natural card left must go into a set
// of its rank or a run of its suit; each way is tried in turn. Pools found not to split
// are remembered (ks.unsplit) for the whole arrangement. Each situation counts against
// the arrangement's budget.
func (ks *keepSearch) split() bool {
	f := 0
	for f < 52 && ks.pool[f] == 0 {
		f++
	}
	if f == 52 {
		return ks.pool[jokerFace] == 0 // jokers alone make no meld
	}
	key := ks.packed
	if ks.unsplit[key] || !ks.everyCardFits() {
		return false
	}
	*ks.budget--
	if *ks.budget < 0 {
		return false
	}
	// The melds holding f, those keeping most cards of f's broken meld together first:
	// they move fewer cards.
	var ways []splitWay
	ks.meldsHolding(f, func(faces []int8, jokers int) {
		ways = append(ways, splitWay{slices.Clone(faces), jokers, ks.keptTogether(f, faces)})
	})
	slices.SortStableFunc(ways, func(a, b splitWay) int { return b.together - a.together })
	ok := false
	for _, w := range ways {
		if ok = ks.splitWith(w.faces, w.jokers); ok || *ks.budget < 0 {
			break
		}
	}
	if !ok && *ks.budget >= 0 {
		ks.unsplit[key] = true
	}
	return ok
}

// splitWay is a meld split may make: natural faces, jokers, and how many of the faces
// come from the broken meld of the card it is for (keptTogether).
type splitWay struct {
	faces            []int8
	jokers, together int
}

// splitWith takes the meld out of the pool and splits the rest; on success the meld joins
// ks.partOut.
func (ks *keepSearch) splitWith(faces []int8, jokers int) bool {
	for _, g := range faces {
		ks.take(int(g))
	}
	for range jokers {
		ks.take(jokerFace)
	}
	ok := ks.split()
	for _, g := range faces {
		ks.put(int(g))
	}
	for range jokers {
		ks.put(jokerFace)
	}
	if ok {
		ks.partOut = append(ks.partOut, smeld{faces: faces, hj: uint8(jokers)})
	}
	return ok
}

// keptTogether is how many of the faces come from a broken meld holding face f (the best
// of the broken melds).
func (ks *keepSearch) keptTogether(f int, faces []int8) int {
	best := 0
	for b := range 2 {
		if ks.brokenFrom[f]&(1<<b) != 0 {
			best = max(best, ks.fromBroken(faces, b))
		}
	}
	return best
}

// fromBroken is how many of the faces broken meld b (0 or 1) holds.
func (ks *keepSearch) fromBroken(faces []int8, b int) int {
	n := 0
	for _, g := range faces {
		if ks.brokenFrom[g]&(1<<b) != 0 {
			n++
		}
	}
	return n
}

// meldsHolding visits the melds the pool can make that hold face f, the lowest natural
// face in the pool (so no natural of a lower suit, nor of a lower rank in f's suit, is
// left): sets of its rank, then runs of its suit, as natural faces and a number of jokers.
// A single natural with two or three jokers is visited once, as a set.
func (ks *keepSearch) meldsHolding(f int, visit func(faces []int8, jokers int)) {
	jokers := ks.pool[jokerFace]
	var buf [maxRun]int8
	// Sets: f with other suits of its rank (all above f's suit) and jokers, 3 or 4 cards.
	var others []int8
	for su := f/13 + 1; su < 4; su++ {
		if g := su*13 + f%13; ks.pool[g] > 0 {
			others = append(others, int8(g))
		}
	}
	for mask := 1<<len(others) - 1; mask >= 0; mask-- {
		faces := append(buf[:0], int8(f))
		for i, g := range others {
			if mask&(1<<i) != 0 {
				faces = append(faces, g)
			}
		}
		for j := max(0, 3-len(faces)); j <= min(jokers, 4-len(faces)); j++ {
			visit(faces, j)
		}
	}
	if ks.opt.AceWrap {
		ks.wrapRunsHolding(f, jokers, buf[:0], visit)
	} else {
		ks.lineRunsHolding(f, jokers, buf[:0], visit)
	}
}

// lineRunsHolding visits the runs holding f without wrap: on the line of positions 1 … 14
// (14 the ace above the king), each window [a, b] holding f's position whose ends are
// naturals of the pool, its inner positions naturals or jokers, and perhaps more jokers
// beyond its ends.
func (ks *keepSearch) lineRunsHolding(f, jokers int, buf []int8, visit func(faces []int8, jokers int)) {
	suit, rank := f/13, f%13+1
	face := func(pos int) int { return suit*13 + (pos-1)%13 }
	natural := func(pos int) bool { return ks.pool[face(pos)] > 0 }
	places := []int{rank}
	if rank == 1 {
		places = append(places, 14)
	}
	for _, at := range places {
		for a := max(1, at-maxRun+1); a <= at; a++ {
			if !natural(a) {
				continue
			}
			for b := at; b <= min(14, a+maxRun-1); b++ {
				if !natural(b) || a == b && at == 14 { // the ace alone: already visited at 1
					continue
				}
				ks.windowRuns(a, b, at, face, jokers, buf, visit)
			}
		}
	}
}

// wrapRunsHolding visits the runs holding f with wrap: windows of the circle of 13 ranks,
// from a natural to a natural, holding f's rank.
func (ks *keepSearch) wrapRunsHolding(f, jokers int, buf []int8, visit func(faces []int8, jokers int)) {
	suit, rank := f/13, f%13
	face := func(pos int) int { return suit*13 + pos%13 }
	for a := 0; a < 13; a++ {
		if ks.pool[face(a)] == 0 {
			continue
		}
		for n := (rank-a+13)%13 + 1; n <= maxRun; n++ {
			if b := a + n - 1; ks.pool[face(b)] == 0 || n == 1 && a != rank {
				continue
			}
			ks.windowRuns(a, a+n-1, a+(rank-a+13)%13, face, jokers, buf, visit)
		}
	}
}

// windowRuns visits the runs whose naturals span positions a … b (face(pos) is the face at
// a position) and hold the natural at position at: the ends are naturals, each other inner
// position a natural of the pool or a joker, and jokers may lengthen the run beyond the
// window up to 13 cards. Runs of one natural and at most four cards are sets' business
// (meldsHolding).
func (ks *keepSearch) windowRuns(a, b, at int, face func(int) int, jokers int, buf []int8, visit func(faces []int8, jokers int)) {
	var inner func(pos, gaps int, faces []int8)
	inner = func(pos, gaps int, faces []int8) {
		if pos >= b {
			if a != b {
				faces = append(faces, int8(face(b)))
			}
			for j := max(gaps, 3-len(faces)); j <= min(jokers, maxRun-len(faces)); j++ {
				if len(faces) > 1 || j > 3 {
					visit(faces, j)
				}
			}
			return
		}
		if ks.pool[face(pos)] > 0 {
			inner(pos+1, gaps, append(faces, int8(face(pos))))
		}
		if pos != at && gaps < jokers {
			inner(pos+1, gaps+1, faces)
		}
	}
	inner(a+1, 0, append(buf, int8(face(a))))
}

// everyCardFits is a quick necessary condition for the pool to split into melds: each
// natural card has, among the pool's cards and jokers, the makings of a set (three suits
// of its rank) or of a run (three ranks in a row of its suit, the card among them); and
// there are natural cards for the jokers to join. The pool's ranks are read as bit masks,
// one a suit (ks.ranks).
func (ks *keepSearch) everyCardFits() bool {
	if ks.naturals == 0 || ks.naturals+ks.pool[jokerFace] < 3 {
		return false
	}
	return ks.orphans() == [4]uint32{}
}

// orphans is, per suit, the pool's ranks (bit r-1) without the makings of a new meld
// among the pool's cards and jokers (everyCardFits' test, card by card).
func (ks *keepSearch) orphans() (out [4]uint32) {
	jokers := ks.pool[jokerFace]
	if jokers >= 2 {
		return out // any natural makes a meld with two jokers
	}
	need := 3 - jokers // the pool's own cards a set or a three-card run needs
	sets := heldInSuits(ks.ranks, need)
	for su, ranks := range ks.ranks {
		out[su] = ranks &^ (sets | ks.inThreeInARow(ranks, need))
	}
	return out
}

// everyCardPlaced is a quick necessary condition for the kept melds from number from on
// and new melds to take the pool: each natural card of the pool has the makings of a new
// meld (orphans) or one of those kept melds might take it (keptMeldTakes). Checked before
// an attempt's search (from 0) and as it grows each kept meld in turn.
func (ks *keepSearch) everyCardPlaced(from int) bool {
	for su, rest := range ks.orphans() {
		for ; rest != 0; rest &= rest - 1 {
			if !ks.keptMeldTakes(su, bits.TrailingZeros32(rest)+1, from) {
				return false
			}
		}
	}
	return true
}

// orphansKept is everyCardPlaced(0) before the kept melds are listed: every table meld
// but those broken is kept.
func (ks *keepSearch) orphansKept(broken []int) bool {
	var brokenMask uint64
	for _, i := range broken {
		brokenMask |= 1 << (i & 63)
	}
	for su, rest := range ks.orphans() {
	cards:
		for ; rest != 0; rest &= rest - 1 {
			r := bits.TrailingZeros32(rest)
			if len(ks.outlines) > 64 { // (more melds than takers holds: each in turn)
				for at := range ks.outlines {
					if !slices.Contains(broken, at) && ks.mayTake(&ks.outlines[at], su, 1<<r) {
						continue cards
					}
				}
				return false
			}
			for melds := ks.takers[su][r] &^ brokenMask; melds != 0; melds &= melds - 1 {
				if ks.mayTake(&ks.outlines[bits.TrailingZeros64(melds)], su, 1<<r) {
					continue cards
				}
			}
			return false
		}
	}
	return true
}

// meldOutline is what keptMeldTakes needs of a table meld: its naturals' suits (bit su)
// and ranks (bit r-1), its jokers and its size.
type meldOutline struct {
	suits, ranks  uint32
	jokers, cards int
}

func outlineOf(m []Card) meldOutline {
	o := meldOutline{cards: len(m)}
	for _, c := range m {
		if c.IsJoker() {
			o.jokers++
		} else {
			o.suits |= 1 << c.Suit()
			o.ranks |= 1 << (c.Rank() - 1)
		}
	}
	return o
}

// keptMeldTakes reports whether one of the kept melds from number from on might take the
// card of suit su and rank r: a set of its rank lacking its suit, with room; or a run of
// its suit not holding it, the ranks between them filled by the pool's cards of the suit
// and by jokers (the run's own and the pool's) — the least any such run holds.
func (ks *keepSearch) keptMeldTakes(su, r, from int) bool {
	card := uint32(1) << (r - 1)
	for _, at := range ks.keptAt[from:] {
		if ks.mayTake(&ks.outlines[at], su, card) {
			return true
		}
	}
	return false
}

// mayTake is keptMeldTakes' test for one meld, of outline o, and the card of suit su and
// rank bit card.
func (ks *keepSearch) mayTake(o *meldOutline, su int, card uint32) bool {
	if o.ranks == card && o.suits&(1<<su) == 0 && o.cards < 4 {
		return true // a set
	}
	return o.suits == 1<<su && o.ranks&card == 0 && ks.runReaches(o.ranks|card, su, o.jokers+ks.pool[jokerFace])
}

// runReaches reports whether a run of suit su can hold all the ranks given (bit r-1), the
// ranks between them not given filled by the pool's cards of the suit or by at most jokers
// jokers, in at most 13 cards: on the line A … K A (either ace), or with wrap on the circle.
func (ks *keepSearch) runReaches(ranks uint32, su, jokers int) bool {
	fill := ks.ranks[su] | ranks
	if ks.opt.AceWrap {
		// Every arc from a given rank round to the last given rank.
		for a := range 13 {
			if ranks&(1<<a) == 0 {
				continue
			}
			rot := (ranks>>a | ranks<<(13-a)) & (1<<13 - 1)
			span := 32 - bits.LeadingZeros32(rot) // ranks a … a+span-1
			rotFill := (fill>>a | fill<<(13-a)) & (1<<span - 1)
			if span <= maxRun && span-bits.OnesCount32(rotFill) <= jokers {
				return true
			}
		}
		return false
	}
	// The line: the ace low (bit 0) or high (bit 13).
	for _, high := range []bool{false, true} {
		line, lineFill := ranks, fill
		if high && ranks&1 != 0 {
			line, lineFill = ranks&^1|1<<13, fill&^1|(fill&1)<<13
		} else if high {
			continue
		}
		lo, hi := bits.TrailingZeros32(line), 31-bits.LeadingZeros32(line)
		span := hi - lo + 1
		inside := lineFill >> lo & (1<<span - 1)
		if span <= maxRun && span-bits.OnesCount32(inside) <= jokers {
			return true
		}
	}
	return false
}

// heldInSuits is the ranks (bit r-1) held in at least need (2 or 3) of the four suits.
func heldInSuits(s [4]uint32, need int) uint32 {
	if need == 3 {
		return s[0]&s[1]&(s[2]|s[3]) | s[2]&s[3]&(s[0]|s[1])
	}
	return s[0]&(s[1]|s[2]|s[3]) | s[1]&(s[2]|s[3]) | s[2]&s[3]
}

// inThreeInARow is the ranks of a suit (bit r-1) lying in some three ranks in a row of
// which the suit holds at least need (2 or 3). Without wrap the line runs A 2 … K A (the
// ace at both ends); with wrap it goes round.
func (ks *keepSearch) inThreeInARow(ranks uint32, need int) uint32 {
	line := ranks | (ranks&1)<<13 // positions 1 … 14: bit p-1
	if ks.opt.AceWrap {
		line = ranks | ranks<<13 // the circle, twice round
	}
	a, b, c := line, line>>1, line>>2 // window starting at each bit: its three positions
	rows := a & b & c
	if need == 2 {
		rows = a&b | a&c | b&c
	}
	covered := (rows | rows<<1 | rows<<2) & line
	return (covered | covered>>13) & (1<<13 - 1)
}

// extensionsOf is extensions of kept meld i, found once for each state of the pool's
// cards it may use: the faces of its suit (a run) or of its rank (a set), and jokers.
func (ks *keepSearch) extensionsOf(i int) [][]int {
	key := uint64(min(ks.pool[jokerFace], 7))
	shift := 3
	for _, f := range ks.grown.uses[ks.keptAt[i]] {
		key |= uint64(min(ks.pool[f], 3)) << shift
		shift += 2
	}
	key |= uint64(ks.keptAt[i]) << 40
	if out, ok := ks.grown.byKey[key]; ok {
		return out
	}
	out := ks.extensions(ks.kept[i])
	ks.grown.byKey[key] = out
	return out
}

// extensions lists the ways meld m can grow from the pool: runs at their ends, sets by
// missing suits, jokers anywhere they fit. The largest come first; growing by nothing
// comes last.
func (ks *keepSearch) extensions(m []Card) [][]int {
	var out [][]int
	var seen []uint64 // the extensions so far: their natural faces (distinct) as bits, and jokers from bit 56
	var buf [2 * maxRun]Card
	add := func(faces []int) {
		if len(faces) == 0 {
			return
		}
		var key uint64
		for _, f := range faces {
			if f == jokerFace {
				key += 1 << 56
			} else {
				key |= 1 << f
			}
		}
		if slices.Contains(seen, key) {
			return
		}
		grown := append(buf[:0], m...)
		for _, f := range faces {
			grown = append(grown, Card(f))
		}
		if validMeld(grown, ks.opt.AceWrap) {
			seen = append(seen, key)
			out = append(out, faces)
		}
	}
	sh := shapeOf(m)
	jokers := ks.pool[jokerFace]
	if sh.readAsSet() && len(sh.naturals) > 0 {
		rank := sh.naturals[0].Rank()
		var missing []int
		for su := 0; su < 4; su++ {
			f := su*13 + rank - 1
			if ks.pool[f] > 0 && !hasFace(sh.naturals, f) {
				missing = append(missing, f)
			}
		}
		for mask := 1; mask < 1<<len(missing); mask++ {
			var faces []int
			for i, f := range missing {
				if mask&(1<<i) != 0 {
					faces = append(faces, f)
				}
			}
			for j := 0; j <= jokers && len(m)+len(faces)+j <= 4; j++ {
				add(append(slices.Clone(faces), repeatJoker(j)...))
			}
		}
		for j := 1; j <= jokers && len(m)+j <= 4; j++ {
			add(repeatJoker(j))
		}
	}
	if sh.sameSuit() && len(sh.naturals) > 0 {
		suit := int(sh.naturals[0].Suit())
		ranks := naturalRanks(sh.naturals)
		var has [14]bool // rank 1 … 13
		for _, r := range ranks {
			has[r] = true
		}
		// Without wrap the window must span the run's own ranks (the ace high when the
		// run holds a ten or above).
		lo, hi := 14, 1 // with wrap: every start
		if !ks.opt.AceWrap {
			high := slices.ContainsFunc(ranks, func(r int) bool { return r >= 10 })
			for _, r := range ranks {
				if r == 1 && high {
					r = 14
				}
				lo, hi = min(lo, r), max(hi, r)
			}
		}
		// Count first, build only the windows that work: the run's own ranks and the
		// pool's cards in a window, read from running counts over rank positions 1 … 27
		// (with wrap the ranks go round).
		var ownTo, poolTo [28]int
		for q := 1; q < len(ownTo); q++ {
			r := (q-1)%13 + 1
			ownTo[q], poolTo[q] = ownTo[q-1], poolTo[q-1]
			switch {
			case has[r]:
				ownTo[q]++
			case ks.pool[suit*13+r-1] > 0:
				poolTo[q]++
			}
		}
		for L := len(m) + 1; L <= maxRun; L++ {
			for startRank := max(1, hi-L+1); startRank <= min(lo, 14); startRank++ {
				end := startRank + L - 1
				if !ks.opt.AceWrap && end > 14 {
					continue
				}
				covered := ownTo[end] - ownTo[startRank-1]
				need := L - len(m) - (poolTo[end] - poolTo[startRank-1])
				if covered != len(ranks) || need < 0 || need > jokers {
					continue
				}
				var faces []int
				for q := startRank; q < startRank+L; q++ {
					r := (q-1)%13 + 1
					if f := suit*13 + r - 1; !has[r] && ks.pool[f] > 0 {
						faces = append(faces, f)
					}
				}
				add(append(faces, repeatJoker(need)...))
			}
		}
	}
	slices.SortStableFunc(out, func(a, b []int) int { return len(b) - len(a) })
	return append(out, nil)
}

func hasFace(cs []Card, f int) bool {
	for _, c := range cs {
		if c.Face() == f {
			return true
		}
	}
	return false
}

func repeatJoker(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = jokerFace
	}
	return out
}
