package machiavelli

import "slices"

// Arrangement: once the solver knows which cards to lay, lay them out moving as few
// table cards as possible. The search keeps old melds whole — each may only grow at its
// ends (a run) or by missing suits (a set) — and breaks up first no meld, then one, then
// two, trying the cheapest choices first, until the new cards and the broken melds' cards
// fit. If none of that works within its budget, the solver's own layout stands.

// arrangeBudget bounds the nodes the arrangement search may visit in all.
var arrangeBudget = 400

// arrangeKeeping returns a table holding the old melds (some perhaps grown) plus new
// melds, using exactly newCards in addition to the table.
func arrangeKeeping(p Position, newCards []Card, opt Options) ([][]Card, bool) {
	type choice struct {
		broken [2]int // the melds broken: the first n
		n      int
		cards  int
	}
	choices := make([]choice, 0, 1+len(p.Table)*(len(p.Table)+1)/2)
	choices = append(choices, choice{})
	for i := range p.Table {
		choices = append(choices, choice{[2]int{i}, 1, len(p.Table[i])})
	}
	for i := range p.Table {
		for j := i + 1; j < len(p.Table); j++ {
			choices = append(choices, choice{[2]int{i, j}, 2, len(p.Table[i]) + len(p.Table[j])})
		}
	}
	slices.SortStableFunc(choices, func(a, b choice) int { return a.cards - b.cards })
	budget := arrangeBudget
	grown := &growth{byKey: map[uint64][][]int{}, uses: make([][]int, len(p.Table))}
	for i, m := range p.Table {
		grown.uses[i] = growthFaces(m)
	}
	ks := &keepSearch{opt: opt, failed: map[poolKey]bool{}, budget: &budget, grown: grown}
	for _, ch := range choices {
		if budget <= 0 {
			return nil, false
		}
		table, ok := ks.tryKeep(p, newCards, ch.broken[:ch.n])
		if !ok {
			continue
		}
		if _, err := checkPlay(p.Table, p.Hand, p.Free, Play(table, freeUsed(p, newCards)), opt); err == nil {
			return table, true
		}
	}
	return nil, false
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
	opt     Options
	kept    [][]Card
	pool    [53]int          // copies per face left in the pool (52 = jokers)
	packed  poolKey          // … packed (see poolKey)
	failed  map[poolKey]bool // states of the search known to fail
	budget  *int
	chosen  [][]int // per kept meld: faces added (52 = joker)
	partOut []smeld
	keptAt  []int // per kept meld: its place on the table
	grown   *growth
}

// growth is the extensions of the table's melds found so far, shared by the attempts.
type growth struct {
	byKey map[uint64][][]int // by meld and the state of the pool's cards it may use
	uses  [][]int            // per meld: the faces its extensions may use (growthFaces)
}

// growthFaces is the natural faces an extension of meld m may use: those of its rank (a
// set) and of its suit (a run).
func growthFaces(m []Card) []int {
	sh := shapeOf(m)
	if len(sh.naturals) == 0 {
		return nil
	}
	var out []int
	first := sh.naturals[0]
	if sh.readAsSet() {
		for su := range 4 {
			out = append(out, su*13+first.Rank()-1)
		}
	}
	if sh.sameSuit() {
		for r := range 13 {
			out = append(out, int(first.Suit())*13+r)
		}
	}
	return out
}

// tryKeep is one attempt of arrangeKeeping: the melds broken are listed, the others kept
// (perhaps grown). The search is reused from one attempt to the next (its extensions
// found, ks.grown, are shared by them; its failed states are not).
func (ks *keepSearch) tryKeep(p Position, newCards []Card, broken []int) ([][]Card, bool) {
	clear(ks.failed)
	ks.kept, ks.keptAt, ks.partOut = ks.kept[:0], ks.keptAt[:0], nil
	ks.pool, ks.packed = [53]int{}, poolKey{}
	for i, m := range p.Table {
		if slices.Contains(broken, i) {
			for _, c := range m {
				ks.put(c.Face())
			}
		} else {
			ks.kept = append(ks.kept, m)
			ks.keptAt = append(ks.keptAt, i)
		}
	}
	for _, c := range newCards {
		ks.put(c.Face())
	}
	ks.chosen = append(ks.chosen[:0], make([][]int, len(ks.kept))...)
	if !ks.dfs(0) {
		return nil, false
	}
	var poolCards []Card
	for _, i := range broken {
		poolCards = append(poolCards, p.Table[i]...)
	}
	poolCards = append(poolCards, newCards...)
	// Hand out instances.
	var byFace [53][]Card
	for _, c := range poolCards {
		byFace[c.Face()] = append(byFace[c.Face()], c)
	}
	take := func(f int) Card {
		c := byFace[f][0]
		byFace[f] = byFace[f][1:]
		return c
	}
	var table [][]Card
	for i, m := range ks.kept {
		grown := slices.Clone(m)
		for _, f := range ks.chosen[i] {
			grown = append(grown, take(f))
		}
		table = append(table, grown)
	}
	for _, m := range ks.partOut {
		var cards []Card
		for _, f := range m.faces {
			cards = append(cards, take(int(f)))
		}
		for range int(m.hj) + bits8(m.tjMask) {
			cards = append(cards, take(jokerFace))
		}
		table = append(table, cards)
	}
	return table, true
}

func bits8(b uint8) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// poolKey is a state of the search: the pool's copies of each face (at most three, two
// bits each; the jokers, face 52, at most four, in three bits) and the kept meld being
// grown (from bit 48 of the second word).
type poolKey [2]uint64

// put adds a copy of face f to the pool, and take takes one out.
func (ks *keepSearch) put(f int) {
	ks.pool[f]++
	ks.packed[f/32] += 1 << (2 * (f % 32))
}

func (ks *keepSearch) take(f int) {
	ks.pool[f]--
	ks.packed[f/32] -= 1 << (2 * (f % 32))
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
	}
	ks.failed[k] = true
	return false
}

// partition splits the rest of the pool into new melds (every card must be used): the
// table search, with the pool as the only table cards.
func (ks *keepSearch) partition() bool {
	var pool []Card
	for f := 0; f < 52; f++ {
		for range ks.pool[f] {
			pool = append(pool, Card(f))
		}
	}
	for j := range ks.pool[jokerFace] {
		pool = append(pool, Joker(j))
	}
	ks.partOut = nil
	if len(pool) == 0 {
		return true
	}
	if !ks.everyCardFits() {
		return false
	}
	d := newTableDP(Position{Table: [][]Card{pool}}, ks.opt)
	d.limit = max(*ks.budget, 1)
	v := d.solve()
	*ks.budget -= d.nodes // the partition counts against the arrangement's budget too
	if v < 0 {
		return false
	}
	lay, ok := d.layout()
	if !ok {
		return false
	}
	ks.partOut = d.smelds(lay)
	return true
}

// everyCardFits is a quick necessary condition for the pool to split into melds: each
// natural card has, among the pool's cards and jokers, the makings of a set (three suits
// of its rank) or of a run (three ranks in a row of its suit, the card among them); and
// there are natural cards for the jokers to join.
func (ks *keepSearch) everyCardFits() bool {
	jokers := ks.pool[jokerFace]
	naturals := 0
	for f := 0; f < 52; f++ {
		naturals += ks.pool[f]
	}
	if naturals == 0 || naturals+jokers < 3 {
		return false
	}
	// has: 1 if the pool holds rank r of suit su (r = 1 … 14, 14 the ace above the king;
	// with wrap the ranks go round).
	has := func(su, r int) int {
		if r < 1 || r > 14 {
			if !ks.opt.AceWrap {
				return 0
			}
			r = (r+25)%13 + 1
		}
		return min(ks.pool[su*13+(r-1)%13], 1)
	}
	for f := 0; f < 52; f++ {
		if ks.pool[f] == 0 {
			continue
		}
		su, r := f/13, f%13+1
		suits := 0
		for s := 0; s < 4; s++ {
			suits += has(s, r)
		}
		if suits+jokers >= 3 || ks.runAround(su, r, jokers, has) || r == 1 && ks.runAround(su, 14, jokers, has) {
			continue
		}
		return false
	}
	return true
}

// runAround reports whether three ranks in a row of suit su, rank r among them, are in
// the pool or can be made up with jokers.
func (ks *keepSearch) runAround(su, r, jokers int, has func(su, r int) int) bool {
	for start := r - 2; start <= r; start++ {
		if has(su, start)+has(su, start+1)+has(su, start+2)+jokers >= 3 {
			return true
		}
	}
	return false
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
	var seen []string
	add := func(faces []int) {
		if len(faces) == 0 {
			return
		}
		grown := slices.Clone(m)
		for _, f := range faces {
			grown = append(grown, Card(f))
		}
		if !validMeld(grown, ks.opt.AceWrap) {
			return
		}
		if key := faceKeyInts(faces); !slices.Contains(seen, key) {
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

func faceKeyInts(fs []int) string {
	s := slices.Clone(fs)
	slices.Sort(s)
	b := make([]byte, len(s))
	for i, f := range s {
		b[i] = byte(f)
	}
	return string(b)
}
