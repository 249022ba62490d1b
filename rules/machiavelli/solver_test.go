package machiavelli

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"testing"

	"principe/rules"
)

// An independent brute-force checker: every subset of the hand and free cards, every
// partition of table plus subset into melds, its own meld test and its own joker rule.

func bruteMeld(cs []Card, wrap bool) bool {
	if len(cs) < 3 {
		return false
	}
	var nat []Card
	for _, c := range cs {
		if !c.IsJoker() {
			nat = append(nat, c)
		}
	}
	if len(nat) == 0 {
		return false
	}
	sameRank, sameSuit := true, true
	for _, c := range nat {
		sameRank = sameRank && c.Rank() == nat[0].Rank()
		sameSuit = sameSuit && c.Suit() == nat[0].Suit()
	}
	distinct := func() bool {
		for i := range nat {
			for j := i + 1; j < len(nat); j++ {
				if nat[i].Face() == nat[j].Face() {
					return false
				}
			}
		}
		return true
	}
	if sameRank && len(cs) <= 4 && distinct() {
		return true
	}
	if !sameSuit || !distinct() || len(cs) > 13 {
		return false
	}
	// Try every window of len(cs) consecutive ranks.
	starts := 14 - len(cs) + 1 // positions 1 … 14, 14 is the high ace
	if wrap {
		starts = 13
	}
	for start := 1; start <= starts; start++ {
		ok := true
		for _, c := range nat {
			in := false
			for q := start; q < start+len(cs); q++ {
				if (q-1)%13+1 == c.Rank() {
					in = true
				}
			}
			ok = ok && in
		}
		if ok {
			return true
		}
	}
	return false
}

type bruteBest struct {
	hand, points, free int
}

func bruteSolve(p Position, opt Options) bruteBest {
	own := append(append([]Card(nil), p.Hand...), p.Free...)
	isHand := map[Card]bool{}
	for _, c := range p.Hand {
		isHand[c] = true
	}
	var tableCards []Card
	startOf := map[Card]int{}
	for i, m := range p.Table {
		for _, c := range m {
			tableCards = append(tableCards, c)
			startOf[c] = i
		}
	}
	best := bruteBest{-1, 0, 0}
	for mask := 0; mask < 1<<len(own); mask++ {
		var chosen []Card
		var b bruteBest
		for i, c := range own {
			if mask&(1<<i) != 0 {
				chosen = append(chosen, c)
				if isHand[c] {
					b.hand++
					b.points += opt.cardValue(c)
				} else {
					b.free++
				}
			}
		}
		if opt.MaxPerTurn > 0 && b.hand > opt.MaxPerTurn {
			continue
		}
		better := b.hand > best.hand || b.hand == best.hand && (b.points > best.points || b.points == best.points && b.free > best.free)
		if !better {
			continue
		}
		all := append(append([]Card(nil), tableCards...), chosen...)
		if bruteFits(all, nil, func(melds [][]Card) bool { return bruteJokerRule(p, melds, startOf, isHand) }, opt.AceWrap) {
			best = b
		}
	}
	if best.hand <= 0 && best.free == 0 {
		return bruteBest{}
	}
	return best
}

// bruteFits tries every partition of cards into melds; ok judges a full partition.
func bruteFits(cards []Card, melds [][]Card, ok func([][]Card) bool, wrap bool) bool {
	if len(cards) == 0 {
		return ok(melds)
	}
	first, rest := cards[0], cards[1:]
	n := len(rest)
	for mask := 0; mask < 1<<n; mask++ {
		size := 1
		for x := mask; x != 0; x &= x - 1 {
			size++
		}
		if size < 3 || size > 13 { // (a run holds at most 13 cards)
			continue
		}
		meld := []Card{first}
		var left []Card
		for i, c := range rest {
			if mask&(1<<i) != 0 {
				meld = append(meld, c)
			} else {
				left = append(left, c)
			}
		}
		if !bruteMeld(meld, wrap) {
			continue
		}
		if bruteFits(left, append(melds, meld), ok, wrap) {
			return true
		}
	}
	return false
}

func bruteJokerRule(p Position, melds [][]Card, startOf map[Card]int, isHand map[Card]bool) bool {
	for _, m := range melds {
		for _, j := range m {
			home, onTable := startOf[j]
			if !j.IsJoker() || !onTable {
				continue
			}
			shares, hand := false, 0
			for _, c := range m {
				if h, ok := startOf[c]; ok && h == home && !c.IsJoker() {
					shares = true
				}
				if isHand[c] {
					hand++
				}
			}
			if !shares && hand < 2 {
				return false
			}
		}
	}
	return true
}

// smallPosition deals a small, tangled position from a narrow deck (ranks Q K A 2 3,
// two suits, two copies, and jokers when the options have them).
func smallPosition(rng *rules.RNG, opt Options) Position {
	return smallPositionOf(rng, opt, []int{12, 13, 1, 2, 3})
}

// smallPositionOf is smallPosition with a deck of the ranks given.
func smallPositionOf(rng *rules.RNG, opt Options, ranks []int) Position {
	var deck []Card
	for copyNo := 0; copyNo < 2; copyNo++ {
		for _, su := range []Suit{Spades, Hearts} {
			for _, r := range ranks {
				deck = append(deck, NewCard(r, su, copyNo))
			}
		}
	}
	for j := 0; j < opt.Jokers; j++ {
		deck = append(deck, Joker(j))
	}
	rules.Shuffle(rng, deck)
	var p Position
	for tries := 0; tries < 60 && len(p.Table) < 2; tries++ {
		size := 3 + rng.Intn(2)
		if size > len(deck) {
			break
		}
		idx := map[int]bool{}
		for len(idx) < size {
			idx[rng.Intn(len(deck))] = true
		}
		var m, rest []Card
		for i, c := range deck {
			if idx[i] {
				m = append(m, c)
			} else {
				rest = append(rest, c)
			}
		}
		if bruteMeld(m, opt.AceWrap) {
			p.Table = append(p.Table, m)
			deck = rest
		}
	}
	nHand := 2 + rng.Intn(3)
	p.Hand, deck = deck[:nHand], deck[nHand:]
	if opt.FreeCards > 0 {
		nFree := rng.Intn(3)
		p.Free = deck[:nFree]
	}
	return p
}

var brutePositions = flag.Int("brute-positions", 150, "positions per ruleset in TestSolverAgainstBruteForce")
var bruteSeed = flag.Uint64("brute-seed", 7, "seed of TestSolverAgainstBruteForce")

func TestSolverAgainstBruteForce(t *testing.T) {
	capped := BGA(4)
	capped.MaxPerTurn, capped.Ruleset = 2, "bga-cap2"
	fourJokers := Coppola(4)
	fourJokers.Jokers, fourJokers.Ruleset = 4, "coppola-4-jokers"
	for _, opt := range []Options{Coppola(4), BGA(4), capped, fourJokers} {
		rng := rules.NewRNG(*bruteSeed)
		for i := 0; i < *brutePositions; i++ {
			p := smallPosition(&rng, opt)
			want := bruteSolve(p, opt)
			got := Solve(p, opt)
			desc := fmt.Sprintf("%s #%d table %v hand %s free %s", opt.Ruleset, i, tableString(p.Table), cardsString(p.Hand), cardsString(p.Free))
			// Free cards used are a tie-break of the solver's own; what counts is that a
			// play with only free cards is found when it is the only play.
			if got.Placed != max(want.hand, 0) || got.Points != want.points || got.Found() != (want.hand > 0 || want.free > 0) {
				t.Fatalf("%s: solver %d cards %d points %d free (%v), brute force %+v", desc, got.Placed, got.Points, len(got.FreeCards), tableString(got.Table), want)
			}
			if got.Found() {
				if _, err := checkPlay(p.Table, p.Hand, p.Free, got.Action(), opt); err != nil {
					t.Fatalf("%s: solver's play is illegal: %v", desc, err)
				}
				if !CanPlay(p, opt) {
					t.Fatalf("%s: CanPlay says no, solver found %v", desc, tableString(got.Table))
				}
			} else if CanPlay(p, opt) {
				t.Fatalf("%s: CanPlay says yes, solver found nothing", desc)
			}
		}
	}
}

// TestBruteForceLongMeld: the brute force tries melds of up to 13 cards. Its only play of
// two hand cards here needs a run of seven (Q♥ K♥ A♥ ★ 3♥ ★ ★: the three jokers of
// ★ K♥ ★ ★ stay with their K♥); with melds of at most six, as it had until 28 Nov, it
// found one card where the solver rightly laid two (-brute-seed 9090, coppola-4-jokers #1271).
func TestBruteForceLongMeld(t *testing.T) {
	opt := Coppola(4)
	opt.Jokers = 4
	p := position(t, "* KH * * | 3H * AH 2H", "QH 2S", "AS QS")
	want := bruteBest{hand: 2, points: 15}
	if got := bruteSolve(p, opt); got != want {
		t.Fatalf("brute force %+v, want %+v", got, want)
	}
	if sol := Solve(p, opt); sol.Placed != 2 || sol.Points != 15 || !sol.Exact {
		t.Fatalf("solver %d cards %d points (exact %v), want 2 and 15, proven", sol.Placed, sol.Points, sol.Exact)
	}
}

func tableString(ms [][]Card) string {
	s := ""
	for i, m := range ms {
		if i > 0 {
			s += " | "
		}
		s += cardsString(m)
	}
	return s
}

// TestTrimToCap: a play laying more hand cards than the cap is trimmed from the ends of
// its runs (never from inside one) until it lays the cap's worth, and Solve's answer under
// the cap is worth as much; where no hand card can come off, trimming gives up.
func TestTrimToCap(t *testing.T) {
	opt := BGA(4)
	opt.MaxPerTurn = 2
	p := position(t, "6H 7H 8H", "4H 5H 9H 10H", "")
	table := [][]Card{append(append(slices.Clone(p.Hand[:2]), p.Table[0]...), p.Hand[2:]...)}
	trimmed, hand, ok := trimToCap(table, p.Hand, opt)
	if !ok || len(hand) != 2 {
		t.Fatalf("trimmed to %d hand cards (ok %v), want 2", len(hand), ok)
	}
	for _, m := range trimmed {
		if !validMeld(m, opt.AceWrap) {
			t.Fatalf("trimming left %v, not a meld", m)
		}
	}
	if sol := Solve(p, opt); sol.Placed != 2 || !sol.Exact {
		t.Fatalf("Solve under the cap lays %d (exact %v), want 2, proven", sol.Placed, sol.Exact)
	}
	q := position(t, "", "4H 5H 6H", "")
	if _, _, ok := trimToCap([][]Card{q.Hand}, q.Hand, opt); ok {
		t.Fatal("a meld of three hand cards was trimmed")
	}
}

// TestWideBeamWhenNarrowLaysNothing: BGA positions whose best play rebuilds a big table,
// where every situation the narrow beams keep dies before the end, so the exact pass had no
// floor and ran out of situations, and Solve answered a simple lay or a play it could
// not prove. wideBeam
// lays the best play and the exact pass proves it:
//   - b-0515 of the fresh seed 9027: a hand of 19 under the cap, 13 cards;
//   - b-0710 of seed 9044: three decks, a hand of 13 (the cap does not bind), 12 cards;
//   - b-0629 of seed 9010: three decks, a hand of 17; without the cap the search ran out
//     of situations at 13 cards, unproven, and under the cap Solve took that as its answer.
func TestWideBeamWhenNarrowLaysNothing(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 13, Points: 13}, oraclePosition{ID: "b-0515", Ruleset: "bga",
		Table: "8D 8S 8H 8C | KC KS KD KH | 6D 7D 8D 9D 10D | 9D 9S 9H | QC KC AC | 3H 3D 3S | " +
			"10D 10S 10C | AC 2C 3C 4C | 4H 5H 6H 7H 8H | QD KD AD | AS 2S 3S 4S 5S 6S 7S | AD 2D 3D | " +
			"7H 7D 7C 7S | 2D 2S 2H",
		Hand: "9H 6D 9S KS 4S 4C 8S 6S 2C 2H QD AS 10H 5H AH 5C JD 4D 6C"})
	checkSolvesTo(t, ilpAnswer{Placed: 12, Points: 12}, oraclePosition{ID: "b-0710", Ruleset: "bga", Options: json.RawMessage(`{"decks":3}`),
		Table: "6H 7H 8H 9H | QH KH AH | 2S 3S 4S | 9C 9S 9D | 3S 4S 5S 6S 7S 8S 9S 10S | 3H 3C 3D 3S | " +
			"7S 8S 9S 10S JS | AD AS AC AH | 10S JS QS | 2C 2S 2D 2H | 8H 8S 8C 8D | 3C 4C 5C 6C 7C 8C 9C 10C | " +
			"7D 8D 9D 10D | 2D 3D 4D 5D 6D 7D | AC 2C 3C 4C 5C | KD KC KH KS | 7C 7S 7H 7D | AD 2D 3D",
		Hand: "7H 6D 4D 10C 4C JD AH AS 4S 8D 5C 8H KC"})
	checkSolvesTo(t, ilpAnswer{Placed: 13, Points: 13}, oraclePosition{ID: "b-0629", Ruleset: "bga", Options: json.RawMessage(`{"decks":3}`),
		Table: "2C 3C 4C 5C | 9S 9D 9H | AD AC AS | 9S 10S JS | AD AC AH | 4H 4C 4D | JS JH JD JC | " +
			"5S 6S 7S | 9S 10S JS QS | 3D 4D 5D 6D 7D 8D | 3D 4D 5D 6D | KD KC KH KS | 6C 6D 6S 6H | " +
			"JC JD JH | AS 2S 3S 4S 5S 6S 7S 8S | 3S 3D 3C | 3H 4H 5H 6H 7H | 7C 7D 7S | AH AD AS | " +
			"10C JC QC | JH QH KH AH",
		Hand: "5D 7C 5S 9H 4C 2D KC KH 8S QC 9H 3C 2H QC 3S 4S 5C"})
}

// TestWholeCutRunsOut: on the biggest wrap tables the quick pass's last try is the whole
// search along the cut, after beams that look only for plays laying every card. On c-0713
// of the fresh Coppola seed 9004 (three decks, four table jokers, 79 table cards, a hand
// of 17) those beams found nothing and the whole search ran out of situations before it
// found any play, so the exact pass had no floor and ran out too: Solve answered a simple
// lay of 3 cards. A wide beam along the cut (abortedQuickBeam) then lays every card, which
// nothing can beat.
func TestWholeCutRunsOut(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 17, Points: 110, Free: 0}, oraclePosition{ID: "c-0713", Ruleset: "coppola",
		Options: json.RawMessage(`{"decks":3,"jokers":4}`),
		Table: "5C * 5S | JS * JH JD | 9S 10S JS QS KS AS | 6H 7H 8H 9H 10H JH QH | 3D * 5D 6D 7D 8D 9D | " +
			"4S 5S 6S 7S 8S 9S 10S JS | 10C 10H 10D 10S | 4H * 6H 7H 8H 9H 10H JH | 4D 5D 6D | 5H 5S 5D | " +
			"3C 4C 5C 6C 7C 8C 9C 10C | QC QS QD | 4D 4H 4S | 6S 6C 6H 6D | 2C 3C 4C 5C 6C 7C 8C 9C",
		Hand: "9D KS KH 4C 4D 8C QC 3D AD 3D 9C 9D 3C KC KD 6S 4S"})
}

// TestLateCeilingBeam: when the table search's last exact pass runs out of situations, a
// wide beam over the whole search (lateCeilingBeam) still looks for a play worth the
// ceiling. c-0635 of the fresh Coppola seed 9010 (three decks, four table jokers, a hand
// of 18): the "every card" beams of 32 and 128 missed the play laying all 18, the whole
// search along the cut ran out, the wide beam along the cut after it laid 16, and the
// exact pass from there ran out too; Solve answered 17 cards, unproven. The beam of 256
// over the whole search lays all 18, which nothing can beat.
func TestLateCeilingBeam(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 18, Points: 110, Free: 0}, oraclePosition{ID: "c-0635", Ruleset: "coppola",
		Options: json.RawMessage(`{"decks":3,"jokers":4}`),
		Table: "4C 5C 6C 7C | AD 2D * 4D 5D 6D 7D | 7S 7H 7C 7D | 7S 8S 9S 10S JS QS KS AS | 4D 5D 6D 7D 8D 9D | " +
			"6C * 6D 6S | AC 2C 3C 4C 5C 6C | 3S 4S 5S | 5C 5D 5H | 4S 5S 6S 7S 8S 9S * JS | 4H 5H 6H 7H 8H *",
		Hand: "4H 6H 3D 4C 6S KS 3C JS KS 8C JD AC 3H 10S 4H 10S AD 9H"})
}

// TestCapWithWrap: Coppola with the cap of 13 (a house mix the table offers), c-0259 of
// the fresh seed 9005: a hand of 14, and the best play without the cap lays them all. The
// search under the cap had no beam with wrap (the "every card" ones do not apply under an
// active cap), its whole search along the cut ran out of situations, and Solve answered 3
// cards; capQuickBeams, along the cut, find glpsol's 13 cards, 75 points, 2 free cards.
func TestCapWithWrap(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 13, Points: 75, Free: 2}, oraclePosition{ID: "c-0259", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":13}`),
		Table: "9S 9H 9D | 8H 9H 10H JH * KH | 3H 4H 5H 6H | AD 2D 3D 4D | 8D 8H 8C | 5C 5S 5D 5H | " +
			"7C 8C 9C 10C | 9S 10S JS QS KS AS | AD 2D * 4D 5D 6D | JS JH JC JD | 9C 10C JC QC KC AC | " +
			"QH QC QS | 7H 7D 7S | 9D 10D JD QD KD | AS AH AC | 3H 3D 3S 3C | 4S 5S 6S 7S",
		Hand: "6C 3S 7C QD KH 6D 10D 5C 8D 3C 6H 10S 2C 4C", Free: "2S KD"})
}

// TestCapBoundCountsBestHandCards: under an active cap, what a situation can still add
// counts only the most valuable hand cards it may still lay (leastHandGain), not every
// hand card less the cheapest value for each over the cap. c-0311 of the fresh Coppola
// seed 9006 with the cap of 13 (a hand of 16): proven at glpsol's 85 points; with the
// looser bound the exact pass ran out of situations at 80.
func TestCapBoundCountsBestHandCards(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 13, Points: 85, Free: 3}, oraclePosition{ID: "c-0311", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":13}`),
		Table: "3H 4H 5H 6H 7H 8H 9H 10H JH QH | 2H 3H 4H * 6H 7H 8H 9H 10H | 2D 3D 4D 5D 6D 7D 8D 9D | " +
			"4C 5C 6C 7C 8C 9C 10C JC | KD AD 2D 3D 4D 5D 6D | 10S JS QS KS AS | 6S 7S 8S 9S 10S JS QS KS | " +
			"3C 4C 5C | 4S 5S 6S 7S",
		Hand: "QH 10C JH KC 8C AS 8S 9S 3C KD 5H AH AH 4S AD 6C", Free: "2S 5S 10D"})
}

// TestCapBeamAtCeiling: under an active cap the quick pass first looks only for plays
// worth the search's ceiling (capBound: the cap's worth of the most valuable hand cards
// the search may lay, and every free card), as the "every card" beams do without a cap.
// c-0566 and c-0523 of the fresh Coppola seed 9005 with the cap of 13 (hands of 20 and 18,
// two table jokers): the narrow beams found 13 cards worth 90 and 85 points, far enough
// below glpsol's 105 and 95 that the exact pass, which cannot prune much under the cap,
// ran out of situations — even within a time cap of 3 s. A beam of 64 keeping only what
// can still reach the ceiling lays the best play out in a few thousand situations, and a
// play worth the ceiling is proven best.
func TestCapBeamAtCeiling(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 13, Points: 105, Free: 0}, oraclePosition{ID: "c-0566", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":13}`),
		Table: "3H 4H 5H 6H 7H | 2S 2C * 2D | 5H 6H 7H 8H | 3S 3H 3C | 4D 4C 4S * | 3S 4S 5S 6S 7S 8S 9S | " +
			"10H 10C 10S | 7C 8C 9C 10C | AC AH AS AD | 8D 8H 8C | JD JC JS JH | AC AD AH AS | 2D 2C 2S 2H | " +
			"7D 8D 9D 10D JD QD | 4D 4C 4H | 7S 8S 9S | KC KS KH KD",
		Hand: "3C 9C JC KD 5S 9H QD 7D 9H 10D 6C QH 10S KS JH KC KH 6C 3D 7C"})
	checkSolvesTo(t, ilpAnswer{Placed: 13, Points: 95, Free: 0}, oraclePosition{ID: "c-0523", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":13}`),
		Table: "3D 4D 5D 6D 7D 8D 9D | 2H * 4H 5H 6H 7H 8H | AD AS AH * | 2C 2S 2H 2D | 9C 9S 9H | JC JD JS JH | " +
			"5C 6C 7C 8C 9C 10C | 4H 4D 4S | 8D 8C 8S 8H | 2S 3S 4S | QS QC QD | 10D JD QD | 10S 10H 10D 10C | " +
			"KS KC KD | 7H 7S 7D 7C",
		Hand: "5D 3C 3C JC 5C KS KC 6H 5S AD 3D QS 4C 10S KD 8S JS 4C"})
}

// TestCapBeamBelowCeiling: when no play is worth the ceiling under an active cap, the
// quick pass aims one and two steps of points lower (belowCeiling), still over the whole
// search (a beam keeps whatever can reach its aim, so it may also find more). c-0479 and
// c-0498 of the fresh Coppola seed 9007 with the cap of 8 (hands of 19 and 20, a table
// joker): c-0479's ceiling is 70 points, which no play reaches; c-0498's is 75 points and
// both free cards, which the ceiling beams miss. The narrow beams found 55, and 70 with
// one free card; the exact pass ran out of situations from there, and Solve answered
// those, unproven. Aiming at 65 and at 70 finds glpsol's plays at once (65; 75 and both
// free cards), and the exact pass from there proves them.
func TestCapBeamBelowCeiling(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 8, Points: 65, Free: 0}, oraclePosition{ID: "c-0479", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":8}`),
		Table: "2C 2D 2H | 6S 6H 6D | 9C 10C JC QC KC AC | JC QC KC AC | 6H 6D 6C 6S | 7H 8H 9H 10H JH QH KH | " +
			"4D 4C 4H | 7D 8D 9D 10D JD * KD | 7C 7H 7D 7S | 2C 2S 2H 2D | 9C 9D 9H | 3C 3H 3D 3S | 8D 8H 8S 8C | " +
			"5D 5C 5H 5S",
		Hand: "4S 5H 8C 10H KS 10D 5S 9S JS KS 5D 4C KH AD JS 4H 3C 3D QH"})
	checkSolvesTo(t, ilpAnswer{Placed: 8, Points: 75, Free: 2}, oraclePosition{ID: "c-0498", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":8}`),
		Table: "9C * 9D | 7H 7C 7D | AD 2D 3D 4D 5D 6D 7D | 9S 9C 9H 9D | QS QH QC | 8C 8H 8D 8S | " +
			"5H 6H 7H 8H 9H 10H | 5H 5C 5D 5S | 7S 8S 9S 10S JS QS KS | AH 2H 3H",
		Hand: "2H 7S AD 2C 4D 7C 3D 2S AH * QC 2C JS JH 10S 10H 10C 6S 3H 2S", Free: "KD 6H"})
}

// TestClimbFloor: on big positions the quick pass's play may lay a card or two fewer than
// the best, and the exact pass, pruning only against it, ran out of situations: Solve
// answered it, unproven. c-0480 of the fresh Coppola seed 9041 (75 cards, two table
// jokers): 17 cards where 18 can be laid. c-0704 of seed 9004 (three decks, four table
// jokers, 76 cards): 14 where 15 can be laid (glpsol took 90 s). A wide beam aiming at one
// card more than the quick pass's play (climbFloor) finds such a play, and the exact pass
// from there proves the best: glpsol's answers.
func TestClimbFloor(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 18, Points: 105, Free: 1}, oraclePosition{ID: "c-0480", Ruleset: "coppola",
		Table: "7C 7S 7H 7D | JC JD JS | 8H 8C 8D 8S | 6H 6D 6C 6S | 7C 7H 7D 7S | 8H 9H 10H JH QH KH | KC KD KS * | " +
			"2H 3H 4H 5H 6H | 2C 2D 2H | 3C 4C 5C | 10S 10C 10H 10D | 9D 10D JD QD | AC AH AD AS | 3H 4H *",
		Hand: "6D 8C 9C 9H AC 6C QH 3S 2C 9D 2D 4C 10C KC 6S 5S KS 9C 5D", Free: "QD"})
	checkSolvesTo(t, ilpAnswer{Placed: 15, Points: 95, Free: 0}, oraclePosition{ID: "c-0704", Ruleset: "coppola",
		Options: json.RawMessage(`{"decks":3,"jokers":4}`),
		Table: "6S 6D 6H | 7H 8H 9H 10H JH * | 6C 7C 8C 9C * | 2S 2H 2C | 7S * 9S 10S JS QS | 7D 7S 7C | " +
			"10S 10H 10D 10C | 5D 6D 7D 8D 9D | 8S 9S 10S | 3C * 5C 6C 7C 8C 9C | KH AH 2H 3H | 4C 4H 4D | 6H 6C 6D | " +
			"9D 9C 9S 9H",
		Hand: "4H 8D 8D KS KH 7D 10D 8H 3C 8C 2H 2C QS 5D 7S KH", Free: "QS"})
}

// TestCarrierCountsFreeCopyForHandCopy: under an active cap a face's step may lay free
// copies in place of hand ones (freeForHand), and a carrier search must not count such a
// copy as a hand card of the followed joker's meld. c-0554 of the fresh Coppola seed 9005
// with the cap of 13: one table joker (8♥ 9♥ ★), the free cards 4♥ 8♠ 2♣ 5♣ and a hand
// holding 2♣ too. Counting the free 2♣ as the hand's, the carrier search found 13 cards
// and all four free cards with the joker in 2♥ 2♣ ★ (one hand card: the joker rule
// refuses it), so it could neither lay that play out nor prove the play with three free
// cards best. glpsol's answer is that play: 13 cards, 75 points, 3 free cards.
func TestCarrierCountsFreeCopyForHandCopy(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 13, Points: 75, Free: 3}, oraclePosition{ID: "c-0554", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":13}`),
		Table:   "2H 3H 4H 5H 6H | AC AS AD AH | 9H 10H JH QH KH AH | 8H 9H *",
		Hand:    "10H 5D 8C 4D 4C 4D 10C KH 2H 7C 8H 9C 3H 8C 2C JC 5H 7C", Free: "4H 8S 2C 5C"})
}

// TestCapFreeCopyForHandCopy: under an active cap a play may lay a free card's copy and
// keep the hand's, leaving room under the cap for another hand card. c-1037 of the fresh
// Coppola seed 9005 with the cap of 13: an empty table, a hand of 22 with a joker and 2♣,
// the free cards 2♣ K♥ K♠ 10♠. glpsol's best lays 13 hand cards worth 90 points and 3
// free cards: 10♠ ★ Q♠ K♠, 9♥ 9♣ 9♠, 7♥ 7♠ 7♦, 5♥ 5♦ 5♠ and 2♠ 2♦ with the free 2♣,
// the hand's 2♣ kept. The search laid the hand's copies of a face before the free ones,
// and claimed 85 points and 2 free cards best.
func TestCapFreeCopyForHandCopy(t *testing.T) {
	checkSolvesTo(t, ilpAnswer{Placed: 13, Points: 90, Free: 3}, oraclePosition{ID: "c-1037", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":13}`),
		Hand:    "4S 7H 9C 3C 2C 3D * 8C QS 7D 5H 7S 2S 6H 9S 10D 2D 9H AH 5D 9H 5S", Free: "2C KH KS 10S"})
}

// TestCapFreeJokerForHandJoker: under an active cap a play may lay a free joker and keep a
// hand joker, where the hand joker would pass the cap (freeJokersFirst). Both positions
// came from random positions with a cap, hand jokers and free jokers checked against
// glpsol; Solve answered that nothing could be laid, proven, since the table searches laid
// the hand jokers before the free ones and every joker laid passed the cap.
func TestCapFreeJokerForHandJoker(t *testing.T) {
	// 6♦, a hand joker and two free ones (or A♠ 2♠ and a free joker: fewer points).
	checkSolvesTo(t, ilpAnswer{Placed: 2, Points: 30, Free: 2}, oraclePosition{ID: "cap 2, points", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":2,"jokers":4}`), Hand: "* * AS 6D 2S", Free: "* *"})
	// Two hand cards and the free joker: Q♣ Q♠ ★, say.
	checkSolvesTo(t, ilpAnswer{Placed: 2, Points: 2, Free: 1}, oraclePosition{ID: "cap 2, cards", Ruleset: "coppola",
		Options: json.RawMessage(`{"max_per_turn":2,"jokers":4,"scoring":"cards"}`), Hand: "* * QC QS QH 6D 7S QC KD", Free: "*"})
}

// checkSolvesTo checks that Solve proves the position's best play worth want (glpsol's
// answer), with a legal play.
func checkSolvesTo(t *testing.T, want ilpAnswer, o oraclePosition) {
	t.Helper()
	p, opt, err := o.parse()
	if err != nil {
		t.Fatal(err)
	}
	sol := Solve(p, opt)
	if got := (ilpAnswer{Placed: sol.Placed, Points: sol.Points, Free: len(sol.FreeCards)}); !sol.Exact || got != want {
		t.Errorf("%s: Solve's play %+v (exact %v), want %+v, proven", o.ID, got, sol.Exact, want)
	}
	if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
		t.Errorf("%s: illegal play: %v", o.ID, err)
	}
}

// TestCappedFaceSearchOnBiggerPositions: two positions of TestJokerMixesAgainstILP's kind
// (a cap, jokers on the table, in the hand and free; 32 and 25 cards) on which the table
// and carrier searches end short of a proof whatever their budgets. Under a time cap the
// face-by-face search, tried there once the budgets have grown (cappedFaceSearchCards),
// decides them: glpsol's answers, proven.
func TestCappedFaceSearchOnBiggerPositions(t *testing.T) {
	checkProvenWithinCap(t, []oraclePosition{
		{ID: "mix-0124", Ruleset: "coppola", Options: json.RawMessage(`{"ace_wrap":true,"jokers":4,"max_per_turn":2}`),
			Table: "6S 6H 6D | 7S * 7D | 9S 9H 9D | 2S 2H 2D 2C | 9H 10H JH QH | 7S 7H * 7C",
			Hand:  "* 6H 4C 2S AH 6D 8H AH JS", Free: "* 5D", ILP: &ilpAnswer{Placed: 2, Points: 35, Free: 2}},
		{ID: "mix-2895", Ruleset: "coppola", Options: json.RawMessage(`{"ace_wrap":true,"jokers":4,"max_per_turn":3}`),
			Table: "6S 6H * 6C | * 9S 10S JS QS | 8S 8H 8D 8C | 8H 8D 8C",
			Hand:  "* JH KC 4C 6D 6H 4D", Free: "* 7C", ILP: &ilpAnswer{Placed: 3, Points: 45, Free: 1}},
	}, "mix-0124", "mix-2895")
}

// TestSingleNaturalWithFourJokers: with the four-joker option a meld of one natural and
// four jokers is a run. The layout laid the search's extra jokers only on melds with room,
// and took a single natural with three jokers for a full set of four, so the search's play
// could not be laid; and the face-by-face search under a cap used a face's hand copy
// before its free one, so it proved the shorter play best. Both positions came from random
// positions checked with glpsol (BGA with free cards and four jokers, a house mix).
func TestSingleNaturalWithFourJokers(t *testing.T) {
	// A free J♠ with two hand and two free jokers: J♠ and four jokers.
	checkSolvesTo(t, ilpAnswer{Placed: 2, Points: 2, Free: 3}, oraclePosition{ID: "mix-0747", Ruleset: "bga",
		Options: json.RawMessage(`{"ace_wrap":false,"decks":3,"free_cards":4,"jokers":4,"max_per_turn":2,"scoring":"cards"}`),
		Hand:    "* * 7C AC 7H 2D JS", Free: "* * JS"})
	// No cap: 7♠, a hand joker and three free ones, as the table search lays it out (Solve
	// found it before with the face-by-face search, on so small a position).
	o := oraclePosition{ID: "7♠ and four jokers", Ruleset: "bga", Options: json.RawMessage(`{"free_cards":4,"jokers":4}`),
		Hand: "* 7S", Free: "* * *"}
	p, opt, err := o.parse()
	if err != nil {
		t.Fatal(err)
	}
	quick, d, best, proven := searchTable(p, opt, solveBudget)
	if d.best < best {
		d = quick // (the exact pass finds nothing above the quick pass's play)
	}
	if want := packValue(2, 2, 3); best != want || !proven {
		t.Fatalf("%s: the table search finds %d (proven %v), want %d", o.ID, best, proven, want)
	}
	if sol, ok := tablePlay(p, opt, d, false); !ok || sol.value() != best {
		t.Errorf("%s: the table search's play worth %d is laid worth %d (%v)", o.ID, best, sol.value(), ok)
	}
}

// TestReassignCopies: two table jokers in one new meld, each to keep a card of its own old
// meld. The layout gives the joker of 5♣ 6♣ ★ its 6♣ and the joker of 6♣ 6♥ 6♦ ★ nothing
// of its meld; repairJokers swaps in that meld's 6♣ for the first's, which frees the first
// (its meld's 5♣ stands elsewhere). reassignCopies finds the way: 5♣ from the one, 6♣ from
// the other.
func TestReassignCopies(t *testing.T) {
	p := position(t, "5C 6C * | 6C 6H 6D * | 3C 4C 5C", "9C", "")
	a, b, c := p.Table[0], p.Table[1], p.Table[2]
	bad := func() [][]Card {
		return [][]Card{{c[2], a[1], a[2], b[3], p.Hand[0]}, {c[0], c[1], a[0]}, {b[1], b[2], b[0]}}
	}
	opt := Coppola(2)
	legal := func(table [][]Card) bool {
		_, err := checkPlay(p.Table, p.Hand, p.Free, Play(table, nil), opt)
		return err == nil
	}
	if legal(bad()) {
		t.Fatal("the layout keeps the joker rule as it stands")
	}
	swapped := bad()
	repairJokers(p, swapped)
	repairJokerHands(p, swapped)
	if legal(swapped) {
		t.Fatal("the single swaps mend it: the test no longer needs the search")
	}
	table := bad()
	if !repaired(p, table, legal) || !legal(table) {
		t.Fatalf("not repaired: %v", table)
	}
	if !slices.Contains(table[0], a[0]) || !slices.Contains(table[0], b[0]) {
		t.Errorf("the jokers' meld is %v, want 5♣ of the first old meld and 6♣ of the second", table[0])
	}
	// A layout that no way of handing out the copies mends is left as it was: the second
	// joker's meld holds no 6 and one hand card. (reassignCopies looks at the joker rule
	// only; this meld is no run either.)
	hopeless := [][]Card{{c[2], c[1], a[2], b[3], p.Hand[0]}, {c[0], a[0], a[1]}, {b[1], b[2], b[0]}}
	before := cloneMelds(hopeless)
	if reassignCopies(p, hopeless) || !slices.EqualFunc(before, hopeless, slices.Equal[[]Card]) {
		t.Errorf("reassignCopies changed a layout it could not mend: %v", hopeless)
	}
}

// TestPinningMovesThree: c-0674 of seed 9015 with a cap of 3 (three decks, four table
// jokers, 87 cards). glpsol lays 30 points, moving three table jokers — each into a meld
// with a card of its old meld — and leaving the fourth's meld alone. Every layout worth 30
// that the carrier searches gave broke the joker rule, and pinning moved at most two
// jokers, so even within 30 s Solve answered 25. Once the budgets have grown under a time
// cap, pinning moves three (cappedPinnedMoving) and proves 30 in under a second.
func TestPinningMovesThree(t *testing.T) {
	checkProvenWithinCap(t, []oraclePosition{{ID: "c-0674", Ruleset: "coppola",
		Options: json.RawMessage(`{"decks":3,"jokers":4,"max_per_turn":3}`),
		Table: "3D 4D 5D 6D 7D 8D | 5S 6S 7S | JS QS KS | 5C 6C * 8C 9C 10C JC QC | JD * KD | 2C 3C 4C 5C * 7C 8C | " +
			"2D 3D 4D 5D 6D 7D | 10C 10H * | 2H 2C 2S 2D | 6C 7C 8C 9C 10C JC | 7D 8D 9D 10D | 8S 9S 10S JS QS KS AS 2S | " +
			"2S 2C 2D 2H | 6C 6H 6D 6S | 2H 3H 4H 5H 6H 7H 8H 9H",
		Hand: "4S 9D QD 3C KH 10S 5S KH 8D 5C", ILP: &ilpAnswer{Placed: 3, Points: 30}}}, "c-0674")
}

// TestKeepCopiesHome: a table card moved out of its meld while an identical hand card
// takes its place changes places with it, so that the steps move one card fewer; and
// every polished Solve of the oracle corpora is left with no such swap that keeps the
// rules (the BGA corpus has no jokers; in Coppola a swap may break the joker rule).
func TestKeepCopiesHome(t *testing.T) {
	s5, s5h := NewCard(5, Spades, 0), NewCard(5, Spades, 1)
	d5, c5 := NewCard(5, Diamonds, 0), NewCard(5, Clubs, 0)
	meld1 := []Card{NewCard(3, Spades, 0), NewCard(4, Spades, 0), s5}
	meld2 := []Card{NewCard(2, Diamonds, 0), NewCard(3, Diamonds, 0), NewCard(4, Diamonds, 0), d5}
	p := Position{Table: [][]Card{meld1, meld2}, Hand: []Card{s5h, c5}}
	table := [][]Card{{meld1[0], meld1[1], s5h}, meld2[:3], {s5, d5, c5}}
	homed, ok := keepCopiesHome(p, table)
	if !ok || homed[0][2] != s5 || homed[2][0] != s5h {
		t.Fatalf("keepCopiesHome(%v) = %v, %v; want the two 5♠ swapped", tableString(table), tableString(homed), ok)
	}
	if table[0][2] != s5h {
		t.Fatal("keepCopiesHome changed the table it was given")
	}
	if before, after := movedCards(p, table), movedCards(p, homed); after != before-1 {
		t.Fatalf("moved cards %d → %d; want one fewer", before, after)
	}
	eachQuarterSolved(t, 0, func(id string, p Position, opt Options, sol Solution) {
		homed, ok := keepCopiesHome(p, sol.Table)
		if !ok {
			return
		}
		if _, err := checkPlay(p.Table, p.Hand, p.Free, Play(homed, sol.FreeCards), opt); err == nil && movedCards(p, homed) < sol.Moved {
			t.Fatalf("%s: the play moves %d table cards, swapping copies %d", id, sol.Moved, movedCards(p, homed))
		}
	})
}

// eachQuarterSolved gives check every fourth position of both oracle corpora (from the
// one numbered first), solved.
func eachQuarterSolved(t *testing.T, first int, check func(id string, p Position, opt Options, sol Solution)) {
	t.Helper()
	for _, rs := range []string{"bga", "coppola"} {
		for i, o := range loadOracle(t, rs) {
			if i%4 != first {
				continue
			}
			p, opt, err := o.parse()
			if err != nil {
				t.Fatal(err)
			}
			check(o.ID, p, opt, Solve(p, opt))
		}
	}
}

// TestPlayKeepsOldPlaces: a polished play lists the melds that keep old ones' places in
// the old melds' order, the new melds after them, so that laying it does not shuffle the
// table; ordering it again changes nothing (the match does not depend on the order); and
// a plain play with its melds reversed, put in place as the expert bot's fallback is
// (inPlace), is in that order too.
func TestPlayKeepsOldPlaces(t *testing.T) {
	eachQuarterSolved(t, 1, func(id string, p Position, opt Options, sol Solution) {
		if !sol.Found() {
			return
		}
		inOldOrder(t, id, p, sol.Table)
		if again := inOldPlaces(p, sol.Table); tableString(again) != tableString(sol.Table) {
			t.Fatalf("%s: ordered again, %v becomes %v", id, tableString(sol.Table), tableString(again))
		}
		plain := SolvePlain(p, opt).Action()
		slices.Reverse(plain.Table)
		inOldOrder(t, id+" (plain, reversed)", p, inPlace(p, plain).Table)
	})
}

// inOldOrder fails the test unless the table's melds that keep old ones' places come in
// the old melds' order, before the new melds.
func inOldOrder(t *testing.T, id string, p Position, table [][]Card) {
	t.Helper()
	homeOfNew, _ := matchMelds(p, table, meldIndex(p.Table))
	last, kept := -1, true
	for k, h := range homeOfNew {
		switch {
		case h >= 0 && (!kept || h < last):
			t.Fatalf("%s: meld %d keeps old meld %d's place out of order: %v", id, k, h, homeOfNew)
		case h >= 0:
			last = h
		default:
			kept = false
		}
	}
}
