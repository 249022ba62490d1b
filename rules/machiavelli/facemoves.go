package machiavelli

// A face's step looks at little of a situation: the runs and ace pieces of the face's
// suit, the aces it keeps for the top, the sets forming at the rank and the jokers left.
// Many situations of a layer are alike in these and differ elsewhere, so the moves the
// step offers them are found once per step (findFaceMoves) and replayed on each (face),
// which checks what depends on the rest of the situation.

// faceMove is one way the face's step may take a situation: what the suit's runs, ace
// pieces and kept aces, and the sets forming, become; the jokers laid; and the step's
// record, for rebuilding the melds.
type faceMove struct {
	sets                 [3]uint8
	runs                 [3]uint8
	jokerRun, deferred   uint8
	need2, need1, offers uint8
	setOffers            bool   // with wrap at the three: offers is the suit's new count
	room                 bool   // a run ends here, so a finished meld has room for a joker
	jokers               uint8  // jokers laid
	need                 int8   // what stepNeed counts in the situation reached, or needUnknown
	keyA, keyB, clearB   uint64 // the parts of the key it sets (moveKey)
	dec                  tdpDec
}

// faceGroup is the moves laying the same copies of the face (from, to: their range in
// the memo's moves), with what those copies are worth and how many come from the hand.
// At the high ace (natural false) the copies were counted when they were kept.
type faceGroup struct {
	gain        int32
	hand        int8
	freeForHand int8 // free copies laid in place of hand copies (see freeForHand)
	natural     bool
	from, to    int32
}

// faceMemo holds the step's moves, by the part of the situation they depend on
// (faceStepKey), in an open-addressing table stamped with a generation so that a new step
// empties it at once.
type faceMemo struct {
	slots   []uint64 // generation (high 32 bits), entry index + 1 (low 32 bits)
	gen     uint64
	keys    []uint64
	entries []struct{ from, to int32 } // the entry's range in groups
	groups  []faceGroup
	moves   []faceMove
}

// reset empties the memo for a new step.
func (m *faceMemo) reset() {
	m.gen++
	m.keys, m.entries, m.groups, m.moves = m.keys[:0], m.entries[:0], m.groups[:0], m.moves[:0]
	if len(m.slots) == 0 {
		m.slots = make([]uint64, 64)
	}
}

// moveKey is the parts of a situation's key (pack) that a move of the face's step
// sets, from n, the situation it reaches: in the key's first word the suit's runs and
// the sets forming (the jokers placed and hand cards laid depend on the situation it
// is replayed on), and in the second the suit's kept aces, ace pieces and joker pieces,
// and its offers when the move sets them (clearB: the bits of those).
func moveKey(n *tdpState, su int, setsOffers bool) (a, b, clearB uint64) {
	r := n.runs[su]
	a = (uint64(r[0])|uint64(r[1])<<2|uint64(r[2])<<4)<<(7*su) |
		uint64(n.sets[0])<<36 | uint64(n.sets[1])<<39 | uint64(n.sets[2])<<42
	b = uint64(n.deferred[su]) | uint64(n.need2[su])<<2 | uint64(n.need1[su])<<4 | uint64(n.jokerRun[su])<<8
	clearB = 3 | 15<<2 | 7<<8
	if setsOffers {
		b |= uint64(n.offers[su]) << 6
		clearB |= 3 << 6
	}
	return a, b << (11 * su), clearB << (11 * su)
}

// faceStepKey is what the face's step looks at in the situation of key k (suit su), read
// from the key (see pack): the suit's runs, the sets forming and the jokers placed (the
// search's jokers less those, the jokers left); the suit's kept aces, ace pieces and
// joker pieces, and while joker pieces are open its offers.
func faceStepKey(k tdpKey, su int) uint64 {
	runs := k.a >> (7 * su) & 127
	setsAndJokers := k.a>>28&7 | k.a>>36&511<<3
	waits := k.b >> (11 * su) & (3 | 15<<2 | 7<<8)
	if waits>>8 != 0 {
		// Joker pieces open: a piece given its natural past rank 3 adds to the offers.
		waits |= k.b >> (11 * su) & (3 << 6)
	}
	return runs | setsAndJokers<<7 | waits<<19
}

// faceMoves returns the groups of moves of the face's step from st (of the given key) and
// the moves they index, finding them if no situation alike has been expanded at this
// step.
func (d *tableDP) faceMoves(st *tdpState, key tdpKey, pos, su int) ([]faceGroup, []faceMove) {
	m := &d.faceMemo
	k := faceStepKey(key, su)
	mask := len(m.slots) - 1
	i := int((k*0x9e3779b97f4a7c15)>>40) & mask
	for {
		e := m.slots[i]
		if e>>32 != m.gen {
			break
		}
		if j := uint32(e) - 1; m.keys[j] == k {
			r := m.entries[j]
			return m.groups[r.from:r.to], m.moves
		}
		i = (i + 1) & mask
	}
	from := int32(len(m.groups))
	d.findFaceMoves(st, pos, su)
	m.keys = append(m.keys, k)
	m.entries = append(m.entries, struct{ from, to int32 }{from, int32(len(m.groups))})
	m.slots[i] = m.gen<<32 | uint64(len(m.keys))
	if 2*len(m.keys) > len(m.slots) {
		m.grow()
	}
	return m.groups[from:], m.moves
}

// grow doubles the table and places the entries again.
func (m *faceMemo) grow() {
	m.slots = make([]uint64, 2*len(m.slots))
	mask := len(m.slots) - 1
	for j, k := range m.keys {
		i := int((k*0x9e3779b97f4a7c15)>>40) & mask
		for m.slots[i]>>32 == m.gen {
			i = (i + 1) & mask
		}
		m.slots[i] = m.gen<<32 | uint64(j+1)
	}
}
