package machiavelli

import "math/bits"

// Suit bounds. The floor's test in emit counts every card still to come as laid (less
// what the jokers left cannot get laid). Without jokers and without wrap a tighter bound
// comes from laying out each suit on its own: a relaxation in which a suit's copies go to
// its own runs, or to sets as far as the other suits' copies of the rank could fill them
// (each set two, of suits of its own) — but those copies are not taken for it — and the
// table's copies must all be laid. Worked
// out backwards over the rank positions for every state of a suit's runs the relaxation
// can reach (open runs by class 1, 2, 3+ and aces kept for the top, as in tdpState), its
// best value bounds what the suit's faces still to come can add to any situation in that
// state; summed over the suits, it bounds the situation, and a state the relaxation cannot
// finish (a short run that no copy can extend, a table copy with nowhere to go) cannot end
// at all. A play keeps every suit's constraints, so the bound never drops a play that
// could beat the floor.

// noSuitBound is a suit state's value when the relaxation cannot finish it.
const noSuitBound = int32(-1 << 30)

// suitBounds holds the relaxation's values for one position's copies; a scratch keeps it,
// so the searches of one Solve on the same cards work it out once.
type suitBounds struct {
	made  bool
	n     [3][52]uint8      // the copies the values were worked out for
	val   [4][15][256]int32 // per suit, entering rank position pos (1 … 14) in state s
	known [4][15][4]uint64  // the states the relaxation reaches, whose val holds a value
	next  [4]int            // per suit, the rank position the situations of the step being taken enter next
	sets  [4][14]uint8      // how many copies of the suit and rank sets may hold at most
	// Working storage: the states a suit reaches and their ways out.
	states []suitStateMoves
	moves  []suitMove
}

// setRoom is the most copies of suit su a rank's sets can take, given the copies of
// each suit the rank has: k sets holding a copy of the suit each need two copies of other
// suits, no two of one suit, so at most k of each other suit count.
func setRoom(copies [4]int, su int) uint8 {
	room := uint8(0)
	for k := 1; k <= 3; k++ {
		others := 0
		for o, n := range copies {
			if o != su {
				others += min(n, k)
			}
		}
		if others >= 2*k {
			room = uint8(k)
		}
	}
	return room
}

// suitState packs a suit's open runs by class 1, 2, 3+ and its aces kept for the top
// (each 0 … 3).
func suitState(c1, c2, c3, kept int) int { return c1 | c2<<2 | c3<<4 | kept<<6 }

// useSuitBounds reports whether the search prunes by the suit bounds: a plain search
// (no carriers, completions or records) without jokers and without wrap.
func (d *tableDP) useSuitBounds() bool {
	return d.plain && !d.wrap && d.jokers() == 0 && !d.noSuitBounds
}

// prepareSuitBounds works the relaxation out for the search's copies, unless the scratch
// already holds it for the same ones: forwards, the states each suit can reach and the
// ways out of each; then backwards, their values. It reports false (no bounds) on more
// than three copies of a face, which no ruleset deals.
func (d *tableDP) prepareSuitBounds() bool {
	for f := range 52 {
		if d.avail(f) > 3 {
			return false
		}
	}
	if d.suits == nil {
		d.suits = new(suitBounds)
	}
	sb := d.suits
	if sb.made && sb.n == d.n {
		return true
	}
	sb.made, sb.n = true, d.n
	for r := 1; r <= 13; r++ {
		var copies [4]int
		for su := range 4 {
			copies[su] = d.avail(su*13 + r - 1)
		}
		for su := range 4 {
			sb.sets[su][r] = setRoom(copies, su)
		}
	}
	for su := range 4 {
		known := &sb.known[su]
		*known = [15][4]uint64{}
		known[1][0] = 1 // (no runs open before the ace)
		sb.states, sb.moves = sb.states[:0], sb.moves[:0]
		for pos := 1; pos <= 13; pos++ {
			f := su*13 + pos - 1
			var gains [4]int32
			for k := range d.avail(f) + 1 {
				gains[k], _ = d.naturalGain(f, k)
			}
			for w, set := range known[pos] {
				for ; set != 0; set &= set - 1 {
					s := w<<6 | bits.TrailingZeros64(set)
					first := len(sb.moves)
					sb.moves = d.suitMoves(sb.moves, &gains, su, pos, s)
					for _, m := range sb.moves[first:] {
						known[pos+1][m.to>>6] |= 1 << (m.to & 63)
					}
					sb.states = append(sb.states, suitStateMoves{int8(pos), uint8(s), int32(first), int32(len(sb.moves))})
				}
			}
		}
		for w, set := range known[14] {
			for ; set != 0; set &= set - 1 {
				s := w<<6 | bits.TrailingZeros64(set)
				sb.val[su][14][s] = highAceEnd(s)
			}
		}
		for i := len(sb.states) - 1; i >= 0; i-- {
			st := sb.states[i]
			next := &sb.val[su][st.pos+1]
			best := noSuitBound
			for _, m := range sb.moves[st.first:st.end] {
				if v := next[m.to]; v != noSuitBound && v+m.gain > best {
					best = v + m.gain
				}
			}
			sb.val[su][st.pos][st.s] = best
		}
	}
	return true
}

// suitStateMoves is a state a suit reaches entering a rank position, and where its ways
// out are in suitBounds.moves.
type suitStateMoves struct {
	pos        int8
	s          uint8
	first, end int32
}

// highAceEnd is what a suit in state s can still add at the high ace: nothing, if each
// ace kept for the top can end a run of two cards or more open at the king, and the runs of
// one or two cards all get one; else it cannot finish.
func highAceEnd(s int) int32 {
	c1, c2, c3, kept := s&3, s>>2&3, s>>4&3, s>>6&3
	if c1 == 0 && kept >= c2 && kept <= c2+c3 {
		return 0
	}
	return noSuitBound
}

// suitMove is a way of the relaxation's at one rank position: its gain and next state.
type suitMove struct {
	gain int32
	to   uint8
}

// suitMoves appends to moves every way the relaxation lays the suit's copies at rank
// position pos (1 … 13) from state s (gains[k]: laying k copies, as naturalGain counts
// them: the table's first, then hand, then free): the table's copies and any of the
// others; some in sets, where the rank allows, and at the ace some kept for the top; the
// others extend the open runs — those of one or two cards first, each of which must get
// one, then those of three or more — and start runs with what is left. (A copy that could
// extend a run of three or more never starts a run while that run ends: the longer run can
// do whatever the new one can, and end too. The table search lays its copies the same
// way.)
func (d *tableDP) suitMoves(moves []suitMove, gains *[4]int32, su, pos, s int) []suitMove {
	c1, c2, c3, kept := s&3, s>>2&3, s>>4&3, s>>6&3
	f := su*13 + pos - 1
	inSets := int(d.suits.sets[su][pos])
	tops := 0
	if pos == 1 {
		tops = 3 - kept
	}
	for k := max(int(d.n[srcTable][f]), c1+c2); k <= d.avail(f); k++ {
		spare := k - c1 - c2
		for set := 0; set <= min(spare, inSets); set++ {
			for top := 0; top <= min(spare-set, tops); top++ {
				runs := spare - set - top
				e3 := min(c3, runs)
				if starts := runs - e3; starts <= 3 && c2+e3 <= 3 {
					moves = append(moves, suitMove{gains[k], uint8(suitState(starts, c1, c2+e3, kept+top))})
				}
			}
		}
	}
	return moves
}

// beginSuitBounds notes, for the step at rank position pos and suit su (or closeStep), the
// rank position each suit enters next.
func (d *tableDP) beginSuitBounds(pos, su int) {
	for s := range 4 {
		d.suits.next[s] = pos
		if su == closeStep || s <= su {
			d.suits.next[s] = pos + 1
		}
	}
}

// suitBound bounds what the faces still to come can add to situation n, entering the
// next step: the sum of its suits' values (noSuitBound: it cannot end). ok is false when
// the relaxation does not know a suit's state (not expected: every situation's suits are
// in states it reaches), and then nothing is bounded.
func (d *tableDP) suitBound(n *tdpState) (bound int32, ok bool) {
	sb := d.suits
	for su := range 4 {
		r, kept := n.runs[su], n.deferred[su]
		if r[0]|r[1]|r[2]|kept > 3 {
			d.suitMisses++
			return 0, false
		}
		pos := sb.next[su]
		if pos > 14 { // past the high ace: the short runs cannot end
			if r[0]|r[1]|kept != 0 {
				return noSuitBound, true
			}
			continue
		}
		s := suitState(int(r[0]), int(r[1]), int(r[2]), int(kept))
		if sb.known[su][pos][s>>6]&(1<<(s&63)) == 0 {
			d.suitMisses++
			return 0, false
		}
		v := sb.val[su][pos][s]
		if v == noSuitBound {
			return noSuitBound, true
		}
		bound += v
	}
	return bound, true
}

// suitCeiling is the most any play of the search's can be worth by the suit bounds: the
// sum over the suits of their values before the ace (no run open). ok is false where the
// bounds do not apply (see useSuitBounds) or the relaxation cannot lay the table out.
// The scratch keeps the bounds for the search's own solve.
func (d *tableDP) suitCeiling() (ceiling int32, ok bool) {
	d.takeScratch()
	defer d.releaseScratch()
	d.plain = d.plainSearch()
	if !d.useSuitBounds() || !d.prepareSuitBounds() {
		return 0, false
	}
	for su := range 4 {
		v := d.suits.val[su][1][0]
		if v == noSuitBound {
			return 0, false
		}
		ceiling += v
	}
	return ceiling, true
}
