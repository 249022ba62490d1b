package machiavelli

// Carriers: the table search with the joker rule, as a bound.
//
// The table search counts runs and sets and forgets which is which, so it cannot tell a
// table joker's new meld from the others, and its best play may free a joker against
// the rule. A carrier search follows one meld — the one that will hold a chosen table
// joker — through the sweep: any new run or set may be chosen as it starts, and from then
// on the situation records its kind (a run of a suit by length class, or a set forming
// at this rank by natural cards), whether it holds a table joker yet, whether it holds a
// card of the joker's old meld (a table copy of one of its faces: the joker is then not
// freed) and how many hand cards it holds (0, 1, 2 or more). When the meld ends, the
// joker must be in it, and it must hold a card of the old meld or two hand cards.
//
// With wrap, a meld crossing from the king to the ace is followed from its piece at the
// ace (a run, or a piece of jokers): once that piece ends it waits for a king-side run of
// its suit, chosen as it starts, which carries the record on and must reach the king.
//
// It relaxes only where following exactly would cost much: jokers are interchangeable in
// the search, so any joker laid on the followed meld may be a table joker, or a hand joker
// (counting as a hand card); and which copies of an ace were kept for the top (without
// wrap) is not known, so any may be. So every legal play is still found and the search's
// value bounds them all: when it finds nothing better than a legal play already in hand,
// that play is proven best (TestCarrierBound checks the bound against the brute force).

// Where a carrier is.
const (
	carNone       = iota // not chosen yet
	carRun               // an open run of suit su, class cl
	carSet               // a set forming at this rank with cl natural cards
	carClosed            // ended without satisfying the rule yet: a joker laid at the end may still do it
	carDone              // holds a table joker and keeps the rule: nothing more to follow
	carWaiting           // with wrap, a run from the ace, ended: a king-side run of suit su may join it
	carKingHalf          // … and this open run of suit su, class cl, will (it must reach the king)
	carJokerPiece        // with wrap, a piece of jokers started at the ace of suit su
)

// carrier is the followed meld's record, packed in 12 bits of a situation.
type carrier struct {
	at, su, cl uint8
	joker      bool  // holds a table joker
	anchored   bool  // holds a card of the joker's old meld
	hand       uint8 // hand cards held, 0 … 2 (2: two or more)
	fromAce    bool  // with wrap, a run started at the ace: a king-side piece may join it
}

func (c carrier) bits() uint64 {
	return uint64(c.at) | uint64(c.su)<<3 | uint64(c.cl)<<5 | uint64(b2i(c.joker))<<7 |
		uint64(b2i(c.anchored))<<8 | uint64(c.hand)<<9 | uint64(b2i(c.fromAce))<<11
}

func carrierOf(b uint64) carrier {
	return carrier{at: uint8(b & 7), su: uint8(b >> 3 & 3), cl: uint8(b >> 5 & 3), joker: b>>7&1 != 0,
		anchored: b>>8&1 != 0, hand: uint8(b >> 9 & 3), fromAce: b>>11&1 != 0}
}

const carrierShift = 45 // where the carrier sits in a situation's first key word

// addHand credits k hand cards.
func (c carrier) addHand(k int) carrier {
	c.hand = uint8(min(int(c.hand)+k, 2))
	return c
}

// satisfied reports whether the meld keeps the joker rule.
func (c carrier) satisfied() bool { return c.joker && (c.anchored || c.hand >= 2) }

// end closes the meld: done if it keeps the rule, else (a run from the ace) waiting for
// a king-side run to join it, or waiting for a joker at the end.
func (c carrier) end() carrier {
	c.cl = 0
	switch {
	case c.satisfied():
		c = carrier{at: carDone}
	case c.fromAce:
		c.at = carWaiting
	default:
		c.at, c.su = carClosed, 0
	}
	return c
}

// carrierSpec is what the search needs of the joker followed: its old meld's faces, and
// (for dropping followed melds that can no longer keep the rule) which of them and how
// many hand cards are still to come in each suit from each rank position on, and at each
// rank position in each suit from each suit on.
type carrierSpec struct {
	anchor    [52]bool
	runAnchor [4][16]bool
	runHand   [4][16]uint8
	setAnchor [16][5]bool
	setHand   [16][5]uint8
}

// prepareCarrier fills the spec's tables for the search's sweep.
func (d *tableDP) prepareCarrier() {
	c := d.car
	for pos := d.npos; pos >= 1; pos-- {
		r := d.rankAt(pos)
		for su := 3; su >= 0; su-- {
			f := su*13 + r - 1
			anchor, hand := c.anchor[f], d.n[srcHand][f]
			c.runAnchor[su][pos] = c.runAnchor[su][pos+1] || anchor
			c.runHand[su][pos] = c.runHand[su][pos+1] + hand
			c.setAnchor[pos][su] = c.setAnchor[pos][su+1] || anchor
			c.setHand[pos][su] = c.setHand[pos][su+1] + hand
		}
	}
}

// hopeless reports whether a followed meld can no longer keep the rule: no card of the
// joker's old meld can still join it, and too few hand cards can; or it holds no joker
// and none is left. Called at step (pos, su) with q jokers laid.
func (d *tableDP) hopeless(c carrier, pos, su, q int) bool {
	if c.at == carNone || c.at == carDone {
		return false
	}
	if !c.joker && q == d.jokers() {
		return true
	}
	if c.anchored || c.hand >= 2 {
		return false
	}
	anchorable, hand := false, int(c.hand)+d.hj
	switch c.at {
	case carRun, carKingHalf, carWaiting, carJokerPiece:
		anchorable = d.car.runAnchor[c.su][pos]
		hand += int(d.car.runHand[c.su][pos])
	case carSet:
		if su != closeStep {
			anchorable = d.car.setAnchor[pos][su]
			hand += int(d.car.setHand[pos][su])
		}
	}
	return !anchorable && hand < 2
}

// newCarrierSpec follows the table joker number j (in table order).
func newCarrierSpec(p Position, j int) *carrierSpec {
	k := 0
	for _, m := range p.Table {
		for _, c := range m {
			if !c.IsJoker() {
				continue
			}
			if k == j {
				s := &carrierSpec{}
				for _, n := range m {
					if !n.IsJoker() {
						s.anchor[n.Face()] = true
					}
				}
				return s
			}
			k++
		}
	}
	return nil
}

// natural is the carrier taking a copy of face f at this step: the ways it may (a table
// copy of the old meld's faces anchors it; a hand copy counts), at most two.
func (d *tableDP) natural(c carrier, f int, laid int, out []carrier) []carrier {
	t, h := int(d.n[srcTable][f]), int(d.n[srcHand][f])
	anchor := t > 0 && d.car.anchor[f]
	hand := min(max(laid-t, 0), h) > 0
	if anchor {
		a := c
		a.anchored = true
		out = append(out, a)
	}
	if hand {
		out = append(out, c.addHand(1))
	}
	if !anchor && !hand {
		out = append(out, c)
	}
	return out
}

// withJokers lists the carrier given k jokers, then ended when end is set. Jokers are
// interchangeable in the search (it places table jokers first, but which joker goes
// where is free), so one of them may be a table joker and the others hand jokers, or all
// of them hand jokers (when the hand has any).
func (d *tableDP) withJokers(c carrier, k int, end bool, out []carrier) []carrier {
	add := func(c carrier) {
		if end {
			c = c.end()
		}
		out = append(out, c)
	}
	if k == 0 {
		add(c)
		return out
	}
	t := c
	t.joker = true
	add(t.addHand(min(k-1, d.hj)))
	if d.hj > 0 {
		add(c.addHand(min(k, d.hj)))
	}
	return out
}

// carrierFace lists the carrier's records after a face step from old to n by dec.
func (d *tableDP) carrierFace(old, n *tdpState, dec *tdpDec, pos, su int, out []carrier) []carrier {
	c := carrierOf(uint64(old.car))
	top := !d.wrap && pos == 14
	f := su*13 + d.rankAt(pos) - 1
	laid := int(dec.use) + int(dec.defer_)
	if top {
		laid = d.avail(f) // which copies were kept for the top is not known: any may be
	}
	switch c.at {
	case carNone:
		out = append(out, c)
		if dec.newSets > 0 {
			out = d.natural(carrier{at: carSet, cl: 1}, f, laid, out)
		}
		if dec.newRuns > 0 {
			out = d.natural(carrier{at: carRun, su: uint8(su), cl: 1, fromAce: d.cyclic && pos == 1}, f, laid, out)
		}
		if dec.jrNew > 0 {
			out = d.withJokers(carrier{at: carJokerPiece, su: uint8(su), fromAce: true}, 1, false, out)
		}
	case carSet:
		cl := int(c.cl)
		if dec.join[cl-1] < old.sets[cl-1] {
			out = append(out, c) // not joined here
		}
		if dec.join[cl-1] > 0 && cl < 3 {
			j := c
			j.cl++
			out = d.natural(j, f, laid, out)
		}
	case carJokerPiece:
		// By rank 3 it meets a natural of its suit, or is left to the king's side.
		if int(c.su) != su {
			return append(out, c)
		}
		if dec.jrExtN > 0 {
			r := c
			r.at, r.cl = carRun, uint8(pos)
			out = d.natural(r, f, laid, out)
		}
		if dec.jrExtJ > 0 {
			out = d.withJokers(c, 1, false, out)
		}
		if dec.jrOblige > 0 {
			w := c
			w.at = carWaiting
			out = append(out, w)
		}
	case carWaiting:
		out = append(out, c)
		if dec.newRuns > 0 && int(c.su) == su {
			h := c
			h.at, h.cl = carKingHalf, 1
			out = d.natural(h, f, laid, out)
		}
	case carRun, carKingHalf:
		if int(c.su) != su {
			return append(out, c)
		}
		cl := int(c.cl)
		next := c
		next.cl = uint8(min(cl+1, 3))
		ext, jok := int(dec.extN[cl-1]), int(dec.extJ[cl-1])
		if ext > 0 {
			out = d.natural(next, f, laid, out)
		}
		if jok > 0 {
			out = d.withJokers(next, 1, false, out)
		}
		obliged := 0
		if cl <= 2 {
			obliged = int(dec.oblige[cl-1])
		}
		if obliged > 0 && c.fromAce {
			w := c
			w.at, w.cl = carWaiting, 0 // left to the king's side
			out = append(out, w)
		}
		if old.runs[su][cl-1] > uint8(ext+jok+obliged) && c.at == carRun {
			// It ends here, filled up with jokers if short.
			pad := []int{2, 1, 0}[cl-1]
			out = d.withJokers(c, pad, true, out)
		}
	default:
		out = append(out, c)
	}
	return out
}

// carrierClose lists the carrier's records after a rank's sets close.
func (d *tableDP) carrierClose(old *tdpState, out []carrier) []carrier {
	c := carrierOf(uint64(old.car))
	if c.at != carSet {
		return append(out, c)
	}
	return d.withJokers(c, 3-int(c.cl), true, out)
}

// carrierEnd reports whether the carrier keeps the rule once the sweep ends with pad
// jokers filling up short open runs and extra further jokers on any meld.
func (d *tableDP) carrierEnd(st *tdpState, pad, extra int) bool {
	c := carrierOf(uint64(st.car))
	switch c.at {
	case carDone:
		return true
	case carKingHalf:
		// It joins a run from the ace, which needs one waiting in its suit.
		if st.need2[c.su]+st.need1[c.su]+st.offers[c.su] == 0 {
			return false
		}
		pad = 0
	case carRun:
		pad = min(pad, []int{2, 1, 0}[c.cl-1]) // its own padding, if short
	case carClosed, carWaiting:
		pad = 0 // the padding goes to open runs
	default:
		return false
	}
	for _, e := range d.withJokers(c, min(pad+extra, 2), false, nil) {
		if e.satisfied() {
			return true
		}
	}
	return false
}

// tableJokers counts the jokers on the table.
func tableJokers(p Position) int {
	n := 0
	for _, m := range p.Table {
		for _, c := range m {
			if c.IsJoker() {
				n++
			}
		}
	}
	return n
}
