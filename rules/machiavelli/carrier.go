package machiavelli

import (
	"math/bits"
	"slices"
)

// Carriers: the table search with the joker rule, as a bound.
//
// The table search counts runs and sets and forgets which is which, so it cannot tell a
// table joker's new meld from the others, and its best play may free a joker against
// the rule. A carrier search follows the melds that will hold one to four chosen table
// jokers through the sweep, one record each: any new run or set may be chosen as it
// starts, and from then on the record says its kind (a run of a suit by length class, or
// a set forming at this rank by natural cards), how many jokers it holds, whether it
// holds a card of each followed joker's old meld (a table copy of one of its faces: that
// joker is then not freed) and how many hand cards it holds (0, 1, 2 or more). When the
// meld ends it must hold its jokers, and for each of them a card of its old meld or two
// hand cards.
//
// Two followed jokers may end in two melds or in one. Two records that start at the
// same step in the same place (two new runs of a suit, two sets joined at a rank) are two
// different melds, so the step must have two of those; one record may instead follow a
// meld holding both jokers (it then needs two jokers, and the second record rests).
// Following three or four, likewise: records moving from one kind of place need as many
// such places, and a meld starting for a record may hold the jokers of any of the records
// after it not yet chosen (its mask; they rest).
//
// With wrap, a meld crossing from the king to the ace is followed from its piece at the
// ace (a run, or a piece of jokers): once that piece ends it waits for a king-side run of
// its suit, chosen as it starts, which carries the record on and must reach the king; the
// pairing at the end of the sweep must then pair it with a piece of its kind (and may join
// a king-side run of three cards or more to a long run from the ace, which the plain search
// never needs: two runs that could join are as good as one).
//
// It relaxes only where following exactly would cost much: jokers are interchangeable in
// the search, so any joker laid on a followed meld may be a followed table joker, or a
// hand joker (counting as a hand card); and the jokers laid at the end of the sweep on
// melds with room may go to the followed melds whether or not they have room. (Without
// wrap, which copies of an ace are kept for the top is followed too: see aceLedger.) So every
// legal play is still found and the search's value bounds them all: when it finds nothing
// better than a legal play already in hand, that play is proven best (TestCarrierBound
// and TestJointCarrierBound check the bound against the brute force). Each step records
// what it did to the followed melds (tdpDec.car), so the layout can rebuild them as the
// search saw them (tablelayout.go).

// Where a record is.
const (
	carNone       = iota // not chosen yet
	carRun               // an open run of suit su, class cl
	carSet               // a set forming at this rank with cl natural cards
	carClosed            // ended without satisfying the rule yet: jokers laid at the end may still do it
	carDone              // holds its jokers and keeps the rule: nothing more to follow
	carWaiting           // with wrap, a run from the ace, ended: a king-side run of suit su may join it
	carKingHalf          // … and this open run of suit su, class cl, will (it must reach the king)
	carJokerPiece        // with wrap, a piece of jokers started at the ace of suit su
)

// carrier is a followed meld's record. Following one or two jokers, a situation's key
// holds each record packed in 17 bits (bits); following three or four, the key holds the
// number of the situation's records together, each packed in 23 bits (wide; see
// tableDP.packRecords).
type carrier struct {
	at, su, cl uint8
	jokers     uint8 // jokers held that may be the followed ones, 0 … 4
	anchored   uint8 // bit j: holds a table copy of a face of followed joker j's old meld
	hand       uint8 // hand cards held, 0 … 2 (2: two or more)
	fromAce    bool  // with wrap, a run started at the ace: a king-side piece may join it
	mask       uint8 // the followed jokers whose meld this is, when it is more than the record's own (0: its own)
	piece      uint8 // waiting, and a king's half: its ace piece (pieceOne, pieceTwo, pieceOffer)
}

// The ace pieces a king-side run may join (see tdpState): one card or two, waiting for a
// king-side run of two cards or more or of any length, and a long run from the ace (an
// offer), waiting for a short one.
const (
	pieceOne = 1 + iota
	pieceTwo
	pieceOffer
)

// bits packs a record of a search following one or two jokers (where a record's mask,
// if any, is both: the first record's, the meld of both).
func (c carrier) bits() uint32 {
	return uint32(c.at) | uint32(c.su)<<3 | uint32(c.cl)<<5 | uint32(c.jokers)<<7 | uint32(c.anchored)<<9 |
		uint32(c.hand)<<11 | uint32(b2i(c.fromAce))<<13 | uint32(b2i(c.mask != 0))<<14 | uint32(c.piece)<<15
}

func carrierOf(b uint32) carrier {
	return carrier{at: uint8(b & 7), su: uint8(b >> 3 & 3), cl: uint8(b >> 5 & 3), jokers: uint8(b >> 7 & 3),
		anchored: uint8(b >> 9 & 3), hand: uint8(b >> 11 & 3), fromAce: b>>13&1 != 0, mask: uint8(b >> 14 & 1 * 3),
		piece: uint8(b >> 15 & 3)}
}

// wide packs a record of a search following three or four jokers.
func (c carrier) wide() uint32 {
	return uint32(c.at) | uint32(c.su)<<3 | uint32(c.cl)<<5 | uint32(c.jokers)<<7 | uint32(c.anchored)<<10 |
		uint32(c.hand)<<14 | uint32(b2i(c.fromAce))<<16 | uint32(c.mask)<<17 | uint32(c.piece)<<21
}

func carrierOfWide(b uint32) carrier {
	return carrier{at: uint8(b & 7), su: uint8(b >> 3 & 3), cl: uint8(b >> 5 & 3), jokers: uint8(b >> 7 & 7),
		anchored: uint8(b >> 10 & 15), hand: uint8(b >> 14 & 3), fromAce: b>>16&1 != 0, mask: uint8(b >> 17 & 15),
		piece: uint8(b >> 21 & 3)}
}

// Where the records sit in a situation's key words: the first in a, the second in b.
const (
	carrierShift  = 45
	carrierShiftB = 44
	carrierBits   = 17
	carrierMask   = 1<<carrierBits - 1
	// Above each word's records, two bits of the number of the aces' ledger (aceLedger):
	// a key's carrier part is both.
	carrierKeyMask = 1<<(carrierBits+2) - 1
)

// recordsOnly is a situation's records (tdpState.car) without its aces' ledger.
func recordsOnly(car [2]uint32) [2]uint32 {
	return [2]uint32{car[0] & carrierMask, car[1] & carrierMask}
}

// tupleNumber is the number of a situation's tuple of records, following three or four
// jokers.
func tupleNumber(car [2]uint32) uint32 {
	return car[0]&carrierMask | (car[1]&carrierMask)<<carrierBits
}

// follows is the set of followed jokers record k keeps the rule for (bit j: joker j).
func (c carrier) follows(k int) uint8 {
	if c.mask != 0 {
		return c.mask
	}
	return 1 << k
}

// addHand credits k hand cards.
func (c carrier) addHand(k int) carrier {
	c.hand = uint8(min(int(c.hand)+k, 2))
	return c
}

// satisfied reports whether record k's meld keeps the joker rule: it holds its jokers,
// and for each a card of its old meld or two hand cards.
func (c carrier) satisfied(k int) bool {
	f := c.follows(k)
	return int(c.jokers) >= bits.OnesCount8(f) && (c.hand >= 2 || c.anchored&f == f)
}

// progress is how far on the record is towards keeping the rule, for the narrow searches'
// choice among situations as good: 8 once done, else its jokers, hand cards (up to two) and
// anchors.
func (c carrier) progress() int {
	if c.at == carDone {
		return 8
	}
	return int(c.jokers) + int(c.hand) + bits.OnesCount8(c.anchored)
}

// end closes record k's meld: done if it keeps the rule, else (a long run from the ace)
// waiting for a king-side run to join it, or waiting for jokers at the end.
func (c carrier) end(k int) carrier {
	switch {
	case c.satisfied(k):
		c = carrier{at: carDone}
	case c.fromAce && c.cl == 3:
		c.at, c.piece = carWaiting, pieceOffer
	default:
		c.at, c.su, c.fromAce = carClosed, 0, false
	}
	c.cl = 0
	return c
}

// What a step does to a followed meld (tdpDec.car holds it, with the source of the natural
// card it takes, if any: see carStep.tag).
const (
	mvStay          = iota // nothing: another suit, not chosen, or ended
	mvNewRun               // it starts as a new run
	mvNewSet               // … as a new set
	mvNewJokerPiece        // … as a piece of jokers at the ace
	mvJoin                 // a set: joined by this face
	mvSkip                 // a set: not joined by this face
	mvExtN                 // a run: extended by a natural
	mvExtJ                 // … by a joker
	mvOblige               // … left to the king's side (an ace piece)
	mvEnd                  // … ends here, filled up with jokers if short
	mvKingHalf             // a new run: the king's half of the waiting ace piece
	mvJokerExtN            // a piece of jokers: given a natural
	mvJokerExtJ            // … given another joker
	mvJokerOblige          // … left to the king's side
	mvClose                // a set: closed with the rank
)

// noSrc: the step gives the followed meld no natural.
const noSrc = 3

// carStep is one way a step may take a record on: the new record, the move, the source
// of the natural it takes (srcTable, srcHand, srcFree; noSrc: none),
// which places the move takes from (place: the move and the class moved from; a king's
// half is a new run) and how many the step has (pool), and how many copies of that
// source the step lays (copies).
type carStep struct {
	c      carrier
	move   uint8
	src    uint8
	place  uint8
	pool   uint8
	copies uint8
}

func (s carStep) tag() uint8 {
	if (s.move == mvEnd || s.move == mvOblige) && s.c.at == carKingHalf {
		return s.move | (s.c.cl-1)<<4 // adopting a king's half of class cl (see adoptHalves)
	}
	return s.move | s.src<<4
}

// carTags are a step's tags of up to four records (carStep.tag), six bits each: three
// bytes keep tdpDec, which every situation of every search stores, within 24 bytes.
type carTags [3]uint8

func packTags(t [4]uint8) carTags {
	v := uint32(t[0]) | uint32(t[1])<<6 | uint32(t[2])<<12 | uint32(t[3])<<18
	return carTags{uint8(v), uint8(v >> 8), uint8(v >> 16)}
}

func (c carTags) unpack() [4]uint8 {
	v := uint32(c[0]) | uint32(c[1])<<8 | uint32(c[2])<<16
	return [4]uint8{uint8(v & 63), uint8(v >> 6 & 63), uint8(v >> 12 & 63), uint8(v >> 18 & 63)}
}

// compatible reports whether two records may take their steps together: two records
// moving from the same places need two of them, and two records taking copies of one
// source need two such copies.
func compatible(a, b carStep) bool {
	if a.move != mvStay && a.place == b.place && a.pool < 2 {
		return false
	}
	return a.src == noSrc || a.src != b.src || a.copies >= 2
}

// placeOf is where a record with class cl moving by mv takes its place from.
func placeOf(mv uint8, cl int) uint8 {
	if mv == mvKingHalf {
		mv = mvNewRun
	}
	return mv<<2 | uint8(cl)
}

// carrierSpec is what the search needs of the jokers followed (one to four): their old
// melds' faces (bit j of anchor[f]: face f is in joker j's old meld), and (for dropping
// followed melds that can no longer keep the rule) which of them and how many hand cards
// are still to come in each suit from each rank position on, and at each rank position in
// each suit from each suit on.
type carrierSpec struct {
	n         int // jokers followed
	anchor    [52]uint8
	oldMeld   [4]int   // each followed joker's old meld (its index on the table)
	sameMeld  [4]uint8 // bit i of sameMeld[j]: jokers i and j share their old meld
	runAnchor [4][16]uint8
	runHand   [4][16]uint8
	setAnchor [16][5]uint8
	setHand   [16][5]uint8
	// Following three or four jokers: each distinct tuple of records met, numbered in
	// order (the first is the start's, every record unchosen).
	tuples [][4]uint32
	number map[[4]uint32]uint32
	// Without wrap: the aces' ledgers met, numbered in order (see aceLedger).
	ledgers []aceLedger
}

// aceLedger is, without wrap, what a carrier search knows of the copies of each suit's
// ace kept for the top (Q-K-A): the most hand copies (low two bits) and table copies (the
// next two) among them that the followed melds may take there. Which copies stand at the
// low end and which at the top is free for the plain search, but not for the joker rule:
// a followed meld taking the hand's A♥ at the low end and one taking a hand A♥ at the
// top need two hand copies among those laid. So when a suit's aces are laid, the ledger
// keeps the hand and table copies laid that the followed melds did not take at the low
// end, up to the copies kept for the top; at the top the followed melds take no more.
// (Before, any copy could be either there: on BGA with two jokers, b-0650 of the seed
// 9052 could never be proven, its searches always finding a 9-card play that gave the
// one hand A♥ to two jokers' melds.) A situation's key holds the ledger's number, in four
// bits: a search meeting more than maxLedgers ledgers counts the later ones as
// relaxedLedger, which lets the top give any copy, as before (still a bound).
type aceLedger [4]uint8

const (
	maxLedgers    = 16
	relaxedLedger = 1 // every suit 3 | 3<<2
)

// ledgerOf is the number of a situation's aces' ledger.
func ledgerOf(car [2]uint32) uint8 {
	return uint8(car[0]>>carrierBits&3 | (car[1]>>carrierBits&3)<<2)
}

// withLedger is car with ledger number i.
func withLedger(car [2]uint32, i uint8) [2]uint32 {
	return [2]uint32{car[0]&carrierMask | uint32(i&3)<<carrierBits, car[1]&carrierMask | uint32(i>>2)<<carrierBits}
}

// ledgerNumber numbers a ledger (relaxedLedger once maxLedgers are numbered).
func (d *tableDP) ledgerNumber(l aceLedger) uint8 {
	if i := slices.Index(d.car.ledgers, l); i >= 0 {
		return uint8(i)
	}
	if len(d.car.ledgers) == maxLedgers {
		return relaxedLedger
	}
	d.car.ledgers = append(d.car.ledgers, l)
	return uint8(len(d.car.ledgers) - 1)
}

// ledgerAfter is the number of the aces' ledger after the step being taken (dec) from
// the situation being expanded, the followed melds taking the steps given: at the low
// end of a suit's aces, what they leave for the top; at the top, nothing more to follow.
func (d *tableDP) ledgerAfter(dec *tdpDec, steps []carStep) uint8 {
	i := ledgerOf(d.cur.car)
	if d.car.ledgers == nil || d.su == closeStep || d.pos != 1 && d.pos != 14 {
		return i
	}
	l := d.car.ledgers[i]
	if d.pos == 14 {
		l[d.su] = 0
		return d.ledgerNumber(l)
	}
	laid := d.laidCopies(dec, d.su*13)
	table, hand := laid.table, laid.hand
	for _, s := range steps {
		switch s.src {
		case srcTable:
			table--
		case srcHand:
			hand--
		}
	}
	kept := int(dec.defer_)
	l[d.su] = uint8(min(max(hand, 0), kept) | min(max(table, 0), kept)<<2)
	return d.ledgerNumber(l)
}

// laidCopies are copies of a face a step lays, by source.
type laidCopies struct{ table, hand, free int }

// laidCopies are the copies of face f the step dec lays: table first, then hand, then
// free (under an active cap, some free ones in place of hand ones).
func (d *tableDP) laidCopies(dec *tdpDec, f int) laidCopies {
	laid := int(dec.use) + int(dec.defer_)
	t, h := int(d.n[srcTable][f]), int(d.n[srcHand][f])
	swap := int(dec.freeForHand)
	return laidCopies{table: t, hand: min(max(laid-t, 0), h) - swap, free: max(laid-t-h, 0) + swap}
}

// topCopies are, without wrap, the copies of ace f laid at the top (dec) that the
// followed melds of situation old may take: as many from each source as its ledger says.
func (d *tableDP) topCopies(old *tdpState, dec *tdpDec, f int) laidCopies {
	kept := int(dec.use)
	l := d.car.ledgers[ledgerOf(old.car)][f/13]
	t := min(int(l>>2), kept, int(d.n[srcTable][f]))
	h := min(int(l&3), kept, int(d.n[srcHand][f]))
	return laidCopies{table: t, hand: h, free: max(kept-t-h, 0)}
}

// newCarrierSpec follows the table jokers given by number (in table order).
func newCarrierSpec(p Position, jokers ...int) *carrierSpec {
	s := &carrierSpec{n: len(jokers)}
	if s.n > 2 {
		s.tuples, s.number = [][4]uint32{{}}, map[[4]uint32]uint32{{}: 0}
	}
	k := 0
	for mi, m := range p.Table {
		for _, c := range m {
			if !c.IsJoker() {
				continue
			}
			for j, want := range jokers {
				if k == want {
					s.oldMeld[j] = mi
					for _, n := range m {
						if !n.IsJoker() {
							s.anchor[n.Face()] |= 1 << j
						}
					}
				}
			}
			k++
		}
	}
	for j := range s.n {
		for i := range s.n {
			if s.oldMeld[i] == s.oldMeld[j] {
				s.sameMeld[j] |= 1 << i
			}
		}
	}
	return s
}

// prepareCarrier fills the spec's tables for the search's sweep.
func (d *tableDP) prepareCarrier() {
	c := d.car
	if !d.wrap && c.ledgers == nil {
		c.ledgers = []aceLedger{{}, {15, 15, 15, 15}} // (the start's, and relaxedLedger)
	}
	for pos := d.npos; pos >= 1; pos-- {
		r := d.rankAt(pos)
		for su := 3; su >= 0; su-- {
			f := su*13 + r - 1
			anchor, hand := c.anchor[f], d.n[srcHand][f]
			c.runAnchor[su][pos] = c.runAnchor[su][pos+1] | anchor
			c.runHand[su][pos] = c.runHand[su][pos+1] + hand
			c.setAnchor[pos][su] = c.setAnchor[pos][su+1] | anchor
			c.setHand[pos][su] = c.setHand[pos][su+1] + hand
		}
	}
}

// hopeless reports whether record k's meld can no longer keep the rule: too few jokers are
// left for it, or some joker it follows can no longer get a card of its old meld and too
// few hand cards can still join it. Called at step (pos, su) with q jokers laid.
func (d *tableDP) hopeless(k int, c carrier, pos, su, q int) bool {
	if c.at == carNone || c.at == carDone {
		return false
	}
	f := c.follows(k)
	if bits.OnesCount8(f)-int(c.jokers) > d.jokers()-q {
		return true
	}
	if c.hand >= 2 || c.anchored&f == f {
		return false
	}
	anchorable, hand := uint8(0), int(c.hand)+d.hj
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
	return (c.anchored|anchorable)&f != f && hand < 2
}

// natural lists record k taking one of the copies of face f laid at this step by move mv
// (from a pool of that many places): the ways it may, by the copy's source — a table copy
// (anchoring it if a face of a followed joker's old meld), a hand copy (counting as a hand
// card), a free copy. Following one joker, a way that gains nothing is left out when another
// gains; following more, each way is kept, since the records may need different copies.
//
// A table copy comes from one meld, so it anchors only the jokers of one old meld: where
// the record follows jokers of several old melds holding face f, each is a way of its own.
// (It used to anchor them all. On c-0593 of seed 9080 dealt without wrap, three decks, the
// carrier searches then found only plays putting both table jokers in one set with a
// single 2♦, which both old melds held, and never the legal play keeping each joker with
// its own meld's 2♦ in a set of its own.)
func (d *tableDP) natural(k int, c carrier, f int, laid laidCopies, mv, place, pool uint8, out []carStep) []carStep {
	t, hand, free := laid.table, laid.hand, laid.free
	anchor := uint8(0)
	if t > 0 {
		anchor = d.car.anchor[f] & c.follows(k)
	}
	gains := anchor != 0 || hand > 0
	if t > 0 && (anchor != 0 || !gains || d.car.n >= 2) {
		for rest := anchor; ; {
			one := rest // the jokers of one old meld the copy anchors
			if rest != 0 {
				one = rest & d.car.sameMeld[bits.TrailingZeros8(rest)]
			}
			a := c
			a.anchored |= one
			out = append(out, carStep{c: a, move: mv, src: srcTable, place: place, pool: pool, copies: uint8(t)})
			if rest &^= one; rest == 0 {
				break
			}
		}
	}
	if hand > 0 {
		out = append(out, carStep{c: c.addHand(1), move: mv, src: srcHand, place: place, pool: pool, copies: uint8(hand)})
	}
	if free > 0 && (t == 0 && !gains || d.car.n >= 2) {
		out = append(out, carStep{c: c, move: mv, src: srcFree, place: place, pool: pool, copies: uint8(free)})
	}
	return out
}

// withJokers lists record k given n jokers by move mv, then ended when end is set. Jokers
// are interchangeable in the search (it places table jokers first, but which joker goes
// where is free), so as many of them as the meld still needs may be followed jokers and the
// others hand jokers, or fewer followed ones and more hand jokers (when the hand has any).
func (d *tableDP) withJokers(k int, c carrier, n int, end bool, mv, place, pool uint8, out []carStep) []carStep {
	most := max(min(n, bits.OnesCount8(c.follows(k))-int(c.jokers)), 0)
	for t := most; t >= 0; t-- {
		e := c
		e.jokers += uint8(t)
		e = e.addHand(min(n-t, d.hj))
		if end {
			e = e.end(k)
		}
		out = append(out, carStep{c: e, move: mv, src: noSrc, place: place, pool: pool})
		if d.hj == 0 {
			break // without hand jokers, fewer followed jokers gain nothing
		}
	}
	return out
}

// carrierFace lists the ways a face step (copies of suit su at rank position pos, taken
// by dec from situation old) takes record k on.
func (d *tableDP) carrierFace(k int, c carrier, old *tdpState, dec *tdpDec, pos, su int, out []carStep) []carStep {
	f := su*13 + d.rankAt(pos) - 1
	laid := d.laidCopies(dec, f)
	if !d.wrap && pos == 14 {
		laid = d.topCopies(old, dec, f)
	}
	stay := carStep{c: c, move: mvStay, src: noSrc}
	switch c.at {
	case carNone:
		if c.mask == 0 { // (a meld of several records' jokers starts now or never)
			out = append(out, stay)
		}
		if dec.newSets > 0 {
			out = d.natural(k, carrier{at: carSet, cl: 1, mask: c.mask}, f, laid, mvNewSet, placeOf(mvNewSet, 0), dec.newSets, out)
		}
		if dec.newRuns > 0 {
			r := carrier{at: carRun, su: uint8(su), cl: 1, fromAce: d.cyclic && pos == 1, mask: c.mask}
			out = d.natural(k, r, f, laid, mvNewRun, placeOf(mvNewRun, 0), dec.newRuns, out)
		}
		if dec.jrNew > 0 {
			j := carrier{at: carJokerPiece, su: uint8(su), fromAce: true, mask: c.mask}
			out = d.withJokers(k, j, 1, false, mvNewJokerPiece, placeOf(mvNewJokerPiece, 0), dec.jrNew, out)
		}
	case carSet:
		cl := int(c.cl)
		if skip := old.sets[cl-1] - dec.join[cl-1]; skip > 0 {
			out = append(out, carStep{c: c, move: mvSkip, src: noSrc, place: placeOf(mvSkip, cl), pool: skip})
		}
		if dec.join[cl-1] > 0 && cl < 3 { // a fourth natural leaves no room for a joker
			j := c
			j.cl++
			out = d.natural(k, j, f, laid, mvJoin, placeOf(mvJoin, cl), dec.join[cl-1], out)
		}
	case carJokerPiece:
		// Once its jokers end it meets a natural of its suit, or is left to the king's
		// side.
		if int(c.su) != su {
			return append(out, stay)
		}
		if dec.jrExtN > 0 {
			r := c
			r.at, r.cl = carRun, uint8(min(pos, 3))
			out = d.natural(k, r, f, laid, mvJokerExtN, placeOf(mvJokerExtN, 0), dec.jrExtN, out)
		}
		if dec.jrExtJ > 0 {
			out = d.withJokers(k, c, 1, false, mvJokerExtJ, placeOf(mvJokerExtJ, 0), dec.jrExtJ, out)
		}
		if dec.jrOblige > 0 {
			w := c
			// At rank 2 a piece of one, at rank 3 of two; a longer one needs, like a piece
			// of two, a king-side run (for its natural).
			w.at, w.piece = carWaiting, uint8(min(pos-1, pieceTwo))
			out = append(out, carStep{c: w, move: mvJokerOblige, src: noSrc, place: placeOf(mvJokerOblige, 0), pool: dec.jrOblige})
		}
	case carWaiting:
		out = append(out, stay)
		if dec.newRuns > 0 && int(c.su) == su {
			h := c
			h.at, h.cl = carKingHalf, 1
			out = d.natural(k, h, f, laid, mvKingHalf, placeOf(mvKingHalf, 0), dec.newRuns, out)
		}
	case carRun, carKingHalf:
		if int(c.su) != su {
			return append(out, stay)
		}
		cl := int(c.cl)
		next := c
		next.cl = uint8(min(cl+1, 3))
		ext, jok := dec.extN[cl-1], dec.extJ[cl-1]
		if ext > 0 {
			out = d.natural(k, next, f, laid, mvExtN, placeOf(mvExtN, cl), ext, out)
		}
		if jok > 0 {
			out = d.withJokers(k, next, 1, false, mvExtJ, placeOf(mvExtJ, cl), jok, out)
		}
		obliged := uint8(0)
		if cl <= 2 {
			obliged = dec.oblige[cl-1]
		}
		if obliged > 0 && c.fromAce {
			w := c
			w.at, w.cl, w.piece = carWaiting, 0, uint8(cl) // left to the king's side
			out = append(out, carStep{c: w, move: mvOblige, src: noSrc, place: placeOf(mvOblige, cl), pool: obliged})
			out = d.adoptHalves(w, dec, pos, su, mvOblige, placeOf(mvOblige, cl), obliged, out)
		}
		if ending := old.runs[su][cl-1] - ext - jok - obliged; ending > 0 && c.at == carRun {
			// It ends here, filled up with jokers if short.
			pad := []int{2, 1, 0}[cl-1]
			from := len(out)
			out = d.withJokers(k, c, pad, true, mvEnd, placeOf(mvEnd, cl), ending, out)
			for _, s := range out[from:] {
				if s.c.at == carWaiting { // an ace piece, long: an offer
					out = d.adoptHalves(s.c, dec, pos, su, mvEnd, placeOf(mvEnd, cl), ending, out)
					break
				}
			}
		}
	default:
		out = append(out, stay)
	}
	return out
}

// adoptHalves lists, for an ace piece w of suit su left waiting at this step, the ways it
// may take at once as its king's half a run of its suit going on at this face or starting
// here. A record otherwise chooses its king's half as it starts, at a later face; but the
// canonical form may make the king's half start at or before the rank where the ace's
// piece ends (4♦ 5♦ 6♦ and 7♦ … K♦ are one run 4♦ … K♦, beside A♦ 2♦ ★ 4♦: its king's half
// starts at the second 4♦), and such plays were lost. The adopted run's earlier cards are
// not known, so it is credited with every face of the suit that could anchor the record and
// with the suit's hand cards so far: a relaxation, which the layout may fail to rebuild
// (the rules check then refuses it), but the bound stays above every legal play.
func (d *tableDP) adoptHalves(w carrier, dec *tdpDec, pos, su int, mv, place, pool uint8, out []carStep) []carStep {
	h := w
	h.at = carKingHalf
	h.anchored |= d.car.runAnchor[su][1]
	h.hand = uint8(min(int(h.hand)+int(d.car.runHand[su][1]-d.car.runHand[su][pos+1]), 2))
	for cl := 1; cl <= 3; cl++ {
		if dec.extN[cl-1]+dec.extJ[cl-1] > 0 {
			a := h
			a.cl = uint8(min(cl+1, 3))
			out = append(out, carStep{c: a, move: mv, src: noSrc, place: place, pool: pool})
		}
	}
	if dec.newRuns > 0 {
		a := h
		a.cl = 1
		out = append(out, carStep{c: a, move: mv, src: noSrc, place: place, pool: pool})
	}
	return out
}

// carrierClose lists the ways a rank's close (from situation old) takes record k on.
func (d *tableDP) carrierClose(k int, c carrier, old *tdpState, out []carStep) []carStep {
	if c.at != carSet {
		return append(out, carStep{c: c, move: mvStay, src: noSrc})
	}
	return d.withJokers(k, c, 3-int(c.cl), true, mvClose, placeOf(mvClose, int(c.cl)), old.sets[c.cl-1], out)
}

// carrierSteps lists the records' steps from situation old (the one being expanded) to n:
// each record's ways, those of a followed meld that can no longer keep the rule left out,
// and with two records unchosen, the ways one meld starts for both. (Following three or
// four jokers, carrierStepsWide.)
func (d *tableDP) carrierSteps(old, n *tdpState, dec *tdpDec) {
	if d.car.n > 2 {
		d.carrierStepsWide(old, n, dec)
		return
	}
	for k := range d.car.n {
		out := d.recordSteps(k, carrierOf(old.car[k]), old, dec, d.carOut[k][:0])
		if k == 0 && d.car.n == 2 && recordsOnly(old.car) == [2]uint32{} && d.su != closeStep {
			// One new meld for both: the second record rests, done.
			out = d.carrierFace(0, carrier{mask: 3}, old, dec, d.pos, d.su, out)
		}
		d.carOut[k] = d.dropHopeless(k, out, int(n.q))
	}
}

// recordSteps lists the ways record k (c) takes the step from situation old.
func (d *tableDP) recordSteps(k int, c carrier, old *tdpState, dec *tdpDec, out []carStep) []carStep {
	if d.su == closeStep {
		return d.carrierClose(k, c, old, out)
	}
	return d.carrierFace(k, c, old, dec, d.pos, d.su, out)
}

// carrierStepsWide is carrierSteps following three or four jokers: each record's ways,
// and the ways one meld starts for record k and some of the unchosen records after it
// (merged[k][others]; they then rest, done).
func (d *tableDP) carrierStepsWide(old, n *tdpState, dec *tdpDec) {
	recs := d.recordsOf(old.car)
	for k := range d.car.n {
		d.carOut[k] = d.dropHopeless(k, d.recordSteps(k, recs[k], old, dec, d.carOut[k][:0]), int(n.q))
		for others := range d.merged[k] {
			out := d.merged[k][others][:0]
			if d.su != closeStep && recs[k].at == carNone && others != 0 && others&^d.unchosenAfter(&recs, k) == 0 {
				mask := 1<<k | uint8(others)
				out = d.dropHopeless(k, d.carrierFace(k, carrier{mask: mask}, old, dec, d.pos, d.su, out), int(n.q))
			}
			d.merged[k][others] = out
		}
	}
}

// unchosenAfter is the set of records after k not yet chosen (bit j: record j).
func (d *tableDP) unchosenAfter(recs *[4]carrier, k int) int {
	set := 0
	for j := k + 1; j < d.car.n; j++ {
		if recs[j].at == carNone {
			set |= 1 << j
		}
	}
	return set
}

// dropHopeless leaves out the steps after which record k can no longer keep the rule.
func (d *tableDP) dropHopeless(k int, out []carStep, q int) []carStep {
	kept := out[:0]
	for _, s := range out {
		if !d.hopeless(k, s.c, d.pos, d.su, q) {
			kept = append(kept, s)
		}
	}
	return kept
}

// emitCarriers offers n once for each compatible way the records take the step that
// leaves jokers enough for every record (jokersShort).
func (d *tableDP) emitCarriers(n *tdpState, v int32, dec *tdpDec) {
	old := &d.cur
	d.carrierSteps(old, n, dec)
	if d.car.n > 2 {
		d.emitRecords(0, 0, n, v, dec)
		return
	}
	dd := *dec
	left := d.jokers() - int(n.q) // (see jokersShort)
	for _, a := range d.carOut[0] {
		if d.car.n == 1 {
			n.car = withLedger([2]uint32{a.c.bits(), 0}, d.ledgerAfter(dec, []carStep{a}))
			dd.car = packTags([4]uint8{a.tag()})
			d.build.offer(n.pack(), v, d.from, &dd)
			continue
		}
		if a.c.mask != 0 && old.car[0]&carrierMask == 0 && a.move != mvStay {
			// Both jokers' meld starts here: the second record is done with.
			n.car = withLedger([2]uint32{a.c.bits(), carrier{at: carDone}.bits()}, d.ledgerAfter(dec, []carStep{a}))
			dd.car = packTags([4]uint8{a.tag(), mvStay | noSrc<<4})
			d.build.offer(n.pack(), v, d.from, &dd)
			continue
		}
		for _, b := range d.carOut[1] {
			if !compatible(a, b) || a.c.jokersNeeded(0)+b.c.jokersNeeded(1) > left {
				continue
			}
			n.car = withLedger([2]uint32{a.c.bits(), b.c.bits()}, d.ledgerAfter(dec, []carStep{a, b}))
			dd.car = packTags([4]uint8{a.tag(), b.tag()})
			d.build.offer(n.pack(), v, d.from, &dd)
		}
	}
}

// emitRecords, following three or four jokers, chooses record k's step and those of the
// records after it, each fitting with those chosen before (fits), and offers n for each
// choice; the records of done are those a meld started at this step for an earlier
// record holds (they rest, done).
func (d *tableDP) emitRecords(k, done int, n *tdpState, v int32, dec *tdpDec) {
	if k == d.car.n {
		if d.jokersShort(&d.chosen, int(n.q)) {
			return
		}
		n.car = withLedger(d.packRecords(&d.chosen), d.ledgerAfter(dec, d.chosenSteps[:d.car.n]))
		dd := *dec
		dd.car = packTags(d.chosenTags)
		d.build.offer(n.pack(), v, d.from, &dd)
		return
	}
	if done>>k&1 != 0 {
		d.chosen[k], d.chosenTags[k] = carrier{at: carDone}, mvStay|noSrc<<4
		d.chosenSteps[k] = carStep{move: mvStay, src: noSrc}
		d.emitRecords(k+1, done, n, v, dec)
		return
	}
	take := func(s carStep, done int) {
		if d.fits(k, s) {
			d.chosen[k], d.chosenTags[k], d.chosenSteps[k] = s.c, s.tag(), s
			d.emitRecords(k+1, done, n, v, dec)
		}
	}
	for _, s := range d.carOut[k] {
		take(s, done)
	}
	for others, out := range d.merged[k] {
		for _, s := range out {
			take(s, done|others)
		}
	}
}

// jokersShort reports whether the records need more jokers in all than are left after q
// are laid: each followed joker ends in its record's meld, and a joker laid counts in one
// meld only, so the jokers each record still needs (those it follows less those it holds;
// all of them while it is unchosen) are different jokers still to lay.
func (d *tableDP) jokersShort(recs *[4]carrier, q int) bool {
	need := 0
	for k, c := range recs[:d.car.n] {
		need += c.jokersNeeded(k)
	}
	return need > d.jokers()-q
}

// jokersNeeded is how many jokers record k's meld still needs to hold.
func (c carrier) jokersNeeded(k int) int {
	if c.at == carDone {
		return 0
	}
	return max(bits.OnesCount8(c.follows(k))-int(c.jokers), 0)
}

// fits reports whether record k may take step s with the steps the records before it
// chose: the records moving from one kind of place need as many such places, and those
// taking copies of one source as many such copies.
func (d *tableDP) fits(k int, s carStep) bool {
	places, copies := 1, 1
	for _, t := range d.chosenSteps[:k] {
		if s.move != mvStay && t.move != mvStay && t.place == s.place {
			places++
		}
		if s.src != noSrc && t.src == s.src {
			copies++
		}
	}
	return (s.move == mvStay || places <= int(s.pool)) && (s.src == noSrc || copies <= int(s.copies))
}

// recordAt unpacks a situation's record k (from its key's part, tdpState.car).
func (d *tableDP) recordAt(packed [2]uint32, k int) carrier {
	if d.car.n <= 2 {
		return carrierOf(packed[k])
	}
	return carrierOfWide(d.car.tuples[tupleNumber(packed)][k])
}

// recordsOf unpacks a situation's records (its key's part, tdpState.car).
func (d *tableDP) recordsOf(packed [2]uint32) (recs [4]carrier) {
	if d.car.n <= 2 {
		recs[0], recs[1] = carrierOf(packed[0]), carrierOf(packed[1])
		return recs
	}
	t := d.car.tuples[tupleNumber(packed)]
	for k := range d.car.n {
		recs[k] = carrierOfWide(t[k])
	}
	return recs
}

// packRecords packs a situation's records for its key: following one or two jokers, each
// in its 17 bits; following more, the number of the tuple (numbered as first met).
func (d *tableDP) packRecords(recs *[4]carrier) [2]uint32 {
	if d.car.n <= 2 {
		return [2]uint32{recs[0].bits(), recs[1].bits()}
	}
	var t [4]uint32
	for k := range d.car.n {
		t[k] = recs[k].wide()
	}
	i, ok := d.car.number[t]
	if !ok {
		i = uint32(len(d.car.tuples))
		d.car.tuples = append(d.car.tuples, t)
		d.car.number[t] = i
	}
	return [2]uint32{i & carrierMask, i >> carrierBits}
}

// kingHalves counts the records' king's halves of suit su by the ace piece they join and
// their class: the pairing at the end of the sweep must pair them so.
func (d *tableDP) kingHalves(st *tdpState, su int) (halves [4][4]uint8) {
	if d.car == nil {
		return halves
	}
	for k := range d.car.n {
		if c := d.recordAt(st.car, k); c.at == carKingHalf && int(c.su) == su {
			halves[c.piece][c.cl]++
		}
	}
	return halves
}

// carriersEnd reports whether the records keep the rule once the sweep ends with pad
// jokers filling up short open runs and extra further jokers on any meld, and how many of
// the extra jokers each followed meld takes.
func (d *tableDP) carriersEnd(st *tdpState, pad, extra int) ([4]uint8, bool) {
	var takes [4]uint8
	for k := range d.car.n {
		x, ok := d.carrierEnd(k, d.recordAt(st.car, k), st, pad, extra)
		if !ok {
			return takes, false
		}
		takes[k] = uint8(x)
		extra -= x
	}
	return takes, true
}

// carrierEnd reports whether record k keeps the rule once the sweep ends with pad jokers
// filling up short open runs and at most extra further jokers on any meld, and how many
// of those it takes (the fewest that do).
func (d *tableDP) carrierEnd(k int, c carrier, st *tdpState, pad, extra int) (int, bool) {
	switch c.at {
	case carDone:
		return 0, true
	case carKingHalf:
		pad = 0 // it joins its ace piece (end pairs them: see kingHalves)
	case carRun:
		pad = min(pad, []int{2, 1, 0}[c.cl-1]) // its own padding, if short
	case carClosed, carWaiting:
		pad = 0 // the padding goes to open runs
	default:
		return 0, false
	}
	for x := 0; x <= min(extra, 2); x++ {
		d.endOut = d.withJokers(k, c, pad+x, false, mvStay, 0, 0, d.endOut[:0])
		for _, s := range d.endOut {
			if s.c.satisfied(k) {
				return x, true
			}
		}
	}
	return 0, false
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
