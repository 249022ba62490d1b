package machiavelli

import (
	"math/bits"
	"slices"
)

// The solver finds, for a table, a hand, the free cards and the options, the play that
// lays the most hand cards; among those the most points shed; among those the most free
// cards used. It is exact: a depth-first search over card faces (two copies of a card
// are interchangeable for meld validity, so the search works on counts per face) with
// memoisation of every position it reaches. The face with the lowest index still on
// hand is always the next to settle: each of its copies either goes into a meld in which
// it is the lowest natural card, or (if it is a hand or free card) stays back. That
// enumerates every partition of table plus chosen cards into melds exactly once per
// meld multiset, and the memo makes equal remainders cost nothing the second time.
//
// Table jokers are tracked one by one (at most four), each with the meld it sat in at
// the start of the turn ("its old meld"), so the joker rule is part of the search. The
// naturals of the old melds of table jokers are tracked one by one too: a table copy
// laid in a meld either comes from one of those melds (its origin) or from elsewhere
// on the table, and a table joker may go into a meld holding a natural of its old meld,
// or else into a meld with at least two cards from the hand. (Counting faces alone is
// not enough: two jokers of one old meld cannot both keep its single K♠.) The cap on
// hand cards per turn is part of the state.

// source of a card in the search.
const (
	srcTable = iota
	srcHand
	srcFree
)

// counts is the search position: copies left per face and where they come from, the
// table jokers (a bit each), hand and free jokers, and hand cards used so far.
type counts struct {
	n    [3][52]uint8 // by source
	tj   uint8        // table jokers still to place (bit i = tableJokers[i])
	hj   uint8
	fj   uint8
	used uint8
	jm   [4]uint64 // per old meld of table jokers: its naturals still to place (bit per face)
}

type memoKey [11]uint64

func (c *counts) key() memoKey {
	var k memoKey
	for f := 0; f < 52; f++ {
		v := uint64(c.n[0][f]) | uint64(c.n[1][f])<<2 | uint64(c.n[2][f])<<4
		k[f/10] |= v << (6 * (f % 10))
	}
	k[6] = uint64(c.tj) | uint64(c.hj)<<8 | uint64(c.fj)<<16 | uint64(c.used)<<24
	if c.tj != 0 {
		// Origins matter only while a table joker is still to be placed.
		copy(k[7:], c.jm[:])
	}
	return k
}

// smeld is a meld chosen by the search: natural faces with their sources, and jokers.
type smeld struct {
	faces  []int8
	srcs   []uint8
	orig   []int8 // per natural from the table: the old meld of table jokers it comes from, or -1
	tjMask uint8
	hj, fj uint8
}

// move is one step of the search: a meld, or keeping back one copy of the lowest face.
type move struct {
	discard   bool
	discardSr uint8
	face      int8
	meld      smeld
}

type solver struct {
	wrap      bool
	cap       int // most hand cards in a turn (0 = none)
	capActive bool
	scoring   Options
	home      []int // per table joker: its old meld (index into jmTable)
	jmTable   []int // old melds of table jokers: their index in the position's table
	jokerVal  int
	memo      map[memoKey]int32
	cur       counts
	nodes     int
	limit     int             // nodes allowed (0 = no limit)
	aborted   bool            // the limit was reached: results are not to be trusted
	stop      <-chan struct{} // the position's Stop, checked every 64 nodes
}

// value packs the objective: hand cards, then points, then free cards.
func packValue(hand, points, free int) int32 { return int32(hand*100000 + points*10 + free) }

// handCards is the number of hand cards a packed value lays.
func handCards(v int32) int { return int(v) / 100000 }

func (s *solver) faceValue(f int) int { return s.scoring.cardValue(Card(f)) }

// gain is what a move adds to the objective, and how many hand cards it uses.
func (s *solver) gain(m move) (int32, int) {
	if m.discard {
		return 0, 0
	}
	hand, points, free := int(m.meld.hj), int(m.meld.hj)*s.jokerVal, int(m.meld.fj)
	for i, f := range m.meld.faces {
		switch m.meld.srcs[i] {
		case srcHand:
			hand++
			points += s.faceValue(int(f))
		case srcFree:
			free++
		}
	}
	return packValue(hand, points, free), hand
}

func (s *solver) apply(m move, sign int) {
	c := &s.cur
	if m.discard {
		c.n[m.discardSr][m.face] = uint8(int(c.n[m.discardSr][m.face]) - sign)
		return
	}
	_, hand := s.gain(m)
	for i, f := range m.meld.faces {
		c.n[m.meld.srcs[i]][f] = uint8(int(c.n[m.meld.srcs[i]][f]) - sign)
		if m.meld.orig != nil && m.meld.orig[i] >= 0 {
			c.jm[m.meld.orig[i]] ^= 1 << uint(f)
		}
	}
	if sign > 0 {
		c.tj &^= m.meld.tjMask
	} else {
		c.tj |= m.meld.tjMask
	}
	c.hj = uint8(int(c.hj) - sign*int(m.meld.hj))
	c.fj = uint8(int(c.fj) - sign*int(m.meld.fj))
	if s.capActive {
		c.used = uint8(int(c.used) + sign*hand)
	}
}

// faceOrder lists the faces rank by rank: A♠ A♥ A♦ A♣ 2♠ …
var faceOrder = func() [52]int {
	var o [52]int
	for i := range o {
		o[i] = (i%4)*13 + i/4
	}
	return o
}()

// lowest is the lowest face with a copy left, or -1.
func (s *solver) lowest() int {
	// Rank by rank, suits in order: a set's lowest card is its first suit, a run's is
	// its lowest rank, and what a meld takes from later faces stays close.
	for _, f := range faceOrder {
		if s.cur.n[0][f]|s.cur.n[1][f]|s.cur.n[2][f] != 0 {
			return f
		}
	}
	return -1
}

func (s *solver) avail(f int) int {
	return int(s.cur.n[0][f]) + int(s.cur.n[1][f]) + int(s.cur.n[2][f])
}

func (s *solver) jokersLeft() int { return bits.OnesCount8(s.cur.tj) + int(s.cur.hj) + int(s.cur.fj) }

// best returns the best objective value reachable from the current position, or -1 if
// the table cards left cannot all be placed.
func (s *solver) best() int32 {
	f := s.lowest()
	if f < 0 {
		if s.cur.tj != 0 {
			return -1
		}
		return 0
	}
	k := s.cur.key()
	if v, ok := s.memo[k]; ok {
		return v
	}
	s.nodes++
	if s.limit > 0 && s.nodes > s.limit || s.nodes&63 == 0 && closed(s.stop) {
		s.aborted = true
		return -1
	}
	best := int32(-1)
	s.moves(f, func(m move) bool {
		g, _ := s.gain(m)
		s.apply(m, 1)
		v := s.best()
		s.apply(m, -1)
		if v >= 0 && v+g > best {
			best = v + g
		}
		return false
	})
	s.memo[k] = best
	return best
}

// moves calls visit for every move from the current position at face f (the lowest);
// visit returns true to stop.
func (s *solver) moves(f int, visit func(move) bool) {
	c := &s.cur
	if c.n[srcTable][f] == 0 {
		// Keep back one optional copy: a free copy before a hand copy.
		sr := uint8(srcHand)
		if c.n[srcFree][f] > 0 {
			sr = srcFree
		}
		if visit(move{discard: true, discardSr: sr, face: int8(f)}) {
			return
		}
	}
	s.melds(f, func(faces []int8, jokers int) bool {
		return s.allocate(faces, jokers, visit)
	})
}

// melds calls visit for every meld (natural faces, joker count) in which f is the lowest
// natural, built from the copies left.
func (s *solver) melds(f int, visit func(faces []int8, jokers int) bool) {
	J := s.jokersLeft()
	rank, suit := f%13+1, f/13
	// Sets: f plus other suits above it, plus jokers, 3 or 4 cards.
	var others []int
	for su := suit + 1; su < 4; su++ {
		if s.avail(su*13+rank-1) > 0 {
			others = append(others, su*13+rank-1)
		}
	}
	for mask := 0; mask < 1<<len(others); mask++ {
		a := bits.OnesCount(uint(mask))
		faces := []int8{int8(f)}
		for i, o := range others {
			if mask&(1<<i) != 0 {
				faces = append(faces, int8(o))
			}
		}
		for k := max(0, 2-a); k <= 3-a && k <= J; k++ {
			if visit(faces, k) {
				return
			}
		}
	}
	s.runs(f, J, visit)
}

// runs calls visit for every run holding f as its lowest natural.
func (s *solver) runs(f, J int, visit func(faces []int8, jokers int) bool) {
	rank, suit := f%13+1, f/13
	seen := map[uint32]bool{}
	// Positions: without wrap 1 … 14 (14 = the high ace); with wrap 1 … 13 on a circle.
	var positions []int
	if s.wrap {
		positions = []int{rank}
	} else if rank == 1 {
		positions = []int{1, 14}
	} else {
		positions = []int{rank}
	}
	for _, p := range positions {
		for L := 3; L <= maxRun; L++ {
			for lo := p - L + 1; lo <= p; lo++ {
				hi := lo + L - 1
				if !s.wrap && (lo < 1 || hi > 14) {
					continue
				}
				// Which positions have a natural to offer; the rest need jokers.
				var availPos []int
				need := 0
				ok := true
				for q := lo; q <= hi; q++ {
					if q == p {
						continue
					}
					r := ((q-1)%13+13)%13 + 1
					if r == rank {
						ok = false // a run never holds a rank twice
						break
					}
					if s.avail(suit*13+r-1) > 0 {
						availPos = append(availPos, r)
					} else {
						need++
					}
				}
				if !ok || need > J {
					continue
				}
				// Choose which offered naturals become jokers instead (at most J-need).
				s.jokerSubsets(availPos, J-need, func(nat []int, extra int) bool {
					jokers := need + extra
					var mask uint32
					faces := []int8{int8(f)}
					for _, r := range nat {
						mask |= 1 << r
						faces = append(faces, int8(suit*13+r-1))
					}
					key := mask<<4 | uint32(jokers)
					if seen[key] {
						return false
					}
					seen[key] = true
					return visit(faces, jokers)
				})
			}
		}
	}
}

// jokerSubsets calls visit with the naturals kept when up to k of offered are replaced
// by jokers.
func (s *solver) jokerSubsets(offered []int, k int, visit func(nat []int, replaced int) bool) {
	n := len(offered)
	var rec func(i, left int, kept []int) bool
	rec = func(i, left int, kept []int) bool {
		if i == n {
			return visit(kept, k-left)
		}
		if rec(i+1, left, append(kept, offered[i])) {
			return true
		}
		if left > 0 {
			return rec(i+1, left-1, kept)
		}
		return false
	}
	rec(0, k, make([]int, 0, n))
}

// allocate chooses where the cards of a meld come from — table copies first, then hand,
// then free, and which jokers — and checks the joker rule and the cap.
func (s *solver) allocate(faces []int8, jokers int, visit func(move) bool) bool {
	c := &s.cur
	srcs := make([]uint8, len(faces))
	for i, f := range faces {
		switch {
		case c.n[srcTable][f] > 0:
			srcs[i] = srcTable
		case c.n[srcHand][f] > 0:
			srcs[i] = srcHand
		default:
			srcs[i] = srcFree
		}
	}
	if c.tj != 0 || s.capActive {
		// With table jokers about, which copy goes where matters to the joker rule, and
		// under an active cap a free copy may leave room for another hand card: also try
		// the other sources where the canonical order would pick one.
		var both []int
		for i, f := range faces {
			kinds := b2i(c.n[srcTable][f] > 0) + b2i(c.n[srcHand][f] > 0) + b2i(c.n[srcFree][f] > 0)
			if kinds > 1 && len(both) < 3 {
				both = append(both, i)
			}
		}
		alt := slices.Clone(srcs)
		var rec func(b int) bool
		rec = func(b int) bool {
			if b == len(both) {
				return !slices.Equal(alt, srcs) && s.allocateWith(faces, slices.Clone(alt), jokers, visit)
			}
			i := both[b]
			for _, sr := range []uint8{srcTable, srcHand, srcFree} {
				if c.n[sr][faces[i]] == 0 {
					continue
				}
				alt[i] = sr
				if rec(b + 1) {
					return true
				}
			}
			alt[i] = srcs[i]
			return false
		}
		if rec(0) {
			return true
		}
	}
	return s.allocateWith(faces, srcs, jokers, visit)
}

// generalTable is how many table copies of f are not naturals of an old meld of table
// jokers still to place.
func (s *solver) generalTable(f int8) int {
	n := int(s.cur.n[srcTable][f])
	for k := range s.jmTable {
		if s.cur.jm[k]&(1<<uint(f)) != 0 {
			n--
		}
	}
	return n
}

// allocateWith chooses where the meld's table copies come from (an old meld of table
// jokers, or elsewhere) and then its jokers.
func (s *solver) allocateWith(faces []int8, srcs []uint8, jokers int, visit func(move) bool) bool {
	orig := make([]int8, len(faces))
	for i := range orig {
		orig[i] = -1
	}
	if len(s.jmTable) == 0 {
		return s.allocateJokers(faces, srcs, orig, jokers, visit)
	}
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(faces) {
			return s.allocateJokers(faces, srcs, slices.Clone(orig), jokers, visit)
		}
		if srcs[i] != srcTable {
			orig[i] = -1
			return rec(i + 1)
		}
		f := faces[i]
		if s.generalTable(f) > 0 {
			orig[i] = -1
			if rec(i + 1) {
				return true
			}
			if s.cur.tj == 0 {
				return false // origins no longer matter: one is enough
			}
		}
		for k := range s.jmTable {
			if s.cur.jm[k]&(1<<uint(f)) != 0 {
				orig[i] = int8(k)
				if rec(i + 1) {
					return true
				}
				if s.cur.tj == 0 {
					return false // origins no longer matter: one is enough
				}
			}
		}
		return false
	}
	return rec(0)
}

// allocateJokers chooses the jokers of a meld whose naturals are fixed.
func (s *solver) allocateJokers(faces []int8, srcs []uint8, orig []int8, jokers int, visit func(move) bool) bool {
	c := &s.cur
	// Table jokers: every subset of those left, up to the joker count.
	tjBits := []uint8{}
	for i := 0; i < 8; i++ {
		if c.tj&(1<<i) != 0 {
			tjBits = append(tjBits, uint8(1<<i))
		}
	}
	for tmask := 0; tmask < 1<<len(tjBits); tmask++ {
		var X uint8
		for i, b := range tjBits {
			if tmask&(1<<i) != 0 {
				X |= b
			}
		}
		x := bits.OnesCount8(X)
		if x > jokers {
			continue
		}
		rest := jokers - x
		for hj := min(int(c.hj), rest); hj >= 0 && rest-hj <= int(c.fj); hj-- {
			m := smeld{faces: faces, srcs: srcs, orig: orig, tjMask: X, hj: uint8(hj), fj: uint8(rest - hj)}
			if X == 0 || s.anchored(m) {
				if s.capOK(m) && visit(move{meld: m}) {
					return true
				}
				if X == 0 {
					continue
				}
			}
			// The joker rule needs two hand cards: try sourcing naturals from the hand.
			if s.tryHandSources(m, visit) {
				return true
			}
		}
	}
	return false
}

// anchored reports whether every table joker of m keeps a natural of its old meld, or
// the meld has at least two hand cards.
func (s *solver) anchored(m smeld) bool {
	hand := int(m.hj)
	for _, sr := range m.srcs {
		if sr == srcHand {
			hand++
		}
	}
	if hand >= 2 {
		return true
	}
	for i, home := range s.home {
		if m.tjMask&(1<<i) != 0 && !slices.Contains(m.orig, int8(home)) {
			return false
		}
	}
	return true
}

// tryHandSources switches one or two naturals of m to hand copies so that the meld
// carries two hand cards, as the joker rule asks.
func (s *solver) tryHandSources(m smeld, visit func(move) bool) bool {
	c := &s.cur
	var cand []int
	for i, f := range m.faces {
		if m.srcs[i] != srcHand && c.n[srcHand][f] > 0 {
			cand = append(cand, i)
		}
	}
	try := func(idx ...int) bool {
		srcs := append([]uint8(nil), m.srcs...)
		orig := slices.Clone(m.orig)
		for _, i := range idx {
			srcs[i] = srcHand
			if orig != nil {
				orig[i] = -1
			}
		}
		mm := m
		mm.srcs, mm.orig = srcs, orig
		if s.anchored(mm) && s.capOK(mm) {
			return visit(move{meld: mm})
		}
		return false
	}
	for a := 0; a < len(cand); a++ {
		if try(cand[a]) {
			return true
		}
		for b := a + 1; b < len(cand); b++ {
			if try(cand[a], cand[b]) {
				return true
			}
		}
	}
	return false
}

func (s *solver) capOK(m smeld) bool {
	if !s.capActive {
		return true
	}
	_, hand := s.gain(move{meld: m})
	return int(s.cur.used)+hand <= s.cap
}
