package machiavelli

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// maxRun is the longest run: each of the 13 ranks once.
const maxRun = 13

// meldShape is what a meld's cards add up to, for checking it.
type meldShape struct {
	naturals []Card
	jokers   []Card
}

func shapeOf(cards []Card) meldShape {
	var m meldShape
	for _, c := range cards {
		if c.IsJoker() {
			m.jokers = append(m.jokers, c)
		} else {
			m.naturals = append(m.naturals, c)
		}
	}
	return m
}

func (m meldShape) sameRank() bool {
	for _, c := range m.naturals {
		if c.Rank() != m.naturals[0].Rank() {
			return false
		}
	}
	return true
}

// readAsSet reports whether the meld is read as a set: its naturals share a rank — except
// a single natural with four jokers or more, which only a run can hold (a set has at most
// four cards). Such a meld, possible with the four-joker option, is a run: one suit, no
// rank twice.
func (m meldShape) readAsSet() bool {
	return m.sameRank() && (len(m.naturals) > 1 || len(m.naturals)+len(m.jokers) <= 4)
}

func (m meldShape) sameSuit() bool {
	for _, c := range m.naturals {
		if c.Suit() != m.naturals[0].Suit() {
			return false
		}
	}
	return true
}

// repeatedFace returns a natural whose face appears twice, if any.
func (m meldShape) repeatedFace() (Card, bool) {
	var seen [52]bool
	for _, c := range m.naturals {
		if seen[c.Face()] {
			return c, true
		}
		seen[c.Face()] = true
	}
	return 0, false
}

// checkMeld says why cards are not a valid meld under the given wrap rule, or nil.
// The message names the cards as given and says what is wrong in a player's words.
func checkMeld(cards []Card, wrap bool) error {
	if validMeld(cards, wrap) {
		return nil // the quick verdict: a valid meld needs no words
	}
	return explainMeld(cards, wrap)
}

// explainMeld is checkMeld's own reading of the cards, words and all (nil for a valid
// meld); TestValidMeldAgreesWithCheckMeld holds validMeld to it.
func explainMeld(cards []Card, wrap bool) error {
	shown := cardsString(cards)
	m := shapeOf(cards)
	switch {
	case len(cards) < 3:
		return fmt.Errorf("%s has only %d card%s; a meld needs at least 3", shown, len(cards), plural(len(cards)))
	case len(m.naturals) == 0:
		return fmt.Errorf("%s has only jokers; a meld needs at least one natural card", shown)
	}
	if m.readAsSet() {
		if dup, ok := m.repeatedFace(); ok {
			return fmt.Errorf("%s is not a set — %s appears twice, and a set needs different suits", shown, dup)
		}
		if len(cards) > 4 {
			return fmt.Errorf("%s is not a set — a set has at most 4 cards, one of each suit", shown)
		}
		return nil
	}
	if !m.sameSuit() {
		return fmt.Errorf("%s is neither a set (the ranks differ) nor a run (the suits differ)", shown)
	}
	if dup, ok := m.repeatedFace(); ok {
		return fmt.Errorf("%s is not a run — %s appears twice", shown, dup)
	}
	if len(cards) > maxRun {
		return fmt.Errorf("%s is not a run — a run has at most 13 cards", shown)
	}
	ranks := naturalRanks(m.naturals)
	if _, ok := runStart(ranks, len(cards), wrap); ok {
		return nil
	}
	if !wrap {
		if _, ok := runStart(ranks, len(cards), true); ok {
			return fmt.Errorf("%s wraps around the ace, which this ruleset does not allow (the ace is low, A-2-3, or high, Q-K-A, never both)", shown)
		}
	}
	missing := missingRanks(ranks, wrap)
	suit := m.naturals[0].Suit()
	names := make([]string, len(missing))
	for i, r := range missing {
		names[i] = NewCard(r, suit, 0).String()
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	msg := fmt.Sprintf("%s is not a run — %s %s missing", shown, joinAnd(names), verb)
	if n := len(m.jokers); n > 0 {
		msg += fmt.Sprintf(" and it has only %d joker%s to fill the gap", n, plural(n))
	}
	return fmt.Errorf("%s", msg)
}

// validMeld reports whether cards form a valid meld: checkMeld's verdict without its
// words (the solver asks it often, mostly of cards that are not a meld).
func validMeld(cards []Card, wrap bool) bool {
	if len(cards) < 3 {
		return false
	}
	var buf [16]Card
	m := meldShape{naturals: buf[:0]}
	for _, c := range cards {
		if c.IsJoker() {
			m.jokers = append(m.jokers, c)
		} else {
			m.naturals = append(m.naturals, c)
		}
	}
	if len(m.naturals) == 0 {
		return false
	}
	if _, dup := m.repeatedFace(); dup {
		return false
	}
	if m.readAsSet() {
		return len(cards) <= 4
	}
	if !m.sameSuit() || len(cards) > maxRun {
		return false
	}
	var ranks [16]int
	for i, c := range m.naturals {
		ranks[i] = c.Rank()
	}
	sort.Ints(ranks[:len(m.naturals)])
	_, ok := runStart(ranks[:len(m.naturals)], len(cards), wrap)
	return ok
}

func naturalRanks(naturals []Card) []int {
	ranks := make([]int, len(naturals))
	for i, c := range naturals {
		ranks[i] = c.Rank()
	}
	sort.Ints(ranks)
	return ranks
}

// runStart finds where a run of length n holding the distinct natural ranks may start.
// Without wrap the result is a position 1 … 14 on the line A 2 … K A (14 is the high
// ace); with wrap it is a rank 1 … 13 on the circle. ok is false when no run fits.
func runStart(ranks []int, n int, wrap bool) (start int, ok bool) {
	if n > maxRun || len(ranks) == 0 {
		return 0, false
	}
	if wrap {
		// The shortest arc covering every rank starts after the largest gap.
		best, bestGap := 0, -1
		for i, r := range ranks {
			next := ranks[(i+1)%len(ranks)]
			gap := (next - r + 13) % 13
			if gap == 0 {
				gap = 13
			}
			if gap > bestGap {
				best, bestGap = (i+1)%len(ranks), gap
			}
		}
		span := 13 - bestGap + 1
		if span > n {
			return 0, false
		}
		return ranks[best], true
	}
	// Try the ace low, then the ace high.
	for _, high := range []bool{false, true} {
		var buf [maxRun]int // (n ≤ maxRun, and no more ranks than cards)
		pos := buf[:len(ranks)]
		for i, r := range ranks {
			pos[i] = r
			if r == 1 && high {
				pos[i] = 14
			}
		}
		sort.Ints(pos)
		lo, hi := pos[0], pos[len(pos)-1]
		if hi-lo+1 > n {
			continue
		}
		// Extend upwards first, then downwards, staying on 1 … 14.
		start := lo
		if start+n-1 > 14 {
			start = 14 - n + 1
		}
		return start, true
	}
	return 0, false
}

// missingRanks lists the ranks missing inside the tightest stretch holding the ranks.
func missingRanks(ranks []int, wrap bool) []int {
	var present [14]bool
	for _, r := range ranks {
		present[r] = true
	}
	var bestMissing []int
	consider := func(start, span int) {
		var miss []int
		for i := 0; i < span; i++ {
			r := (start-1+i)%13 + 1
			if !present[r] {
				miss = append(miss, r)
			}
		}
		if bestMissing == nil || len(miss) < len(bestMissing) {
			bestMissing = miss
		}
	}
	if wrap {
		for _, r := range ranks {
			// The arc from r going up that covers all ranks.
			span := 0
			for _, q := range ranks {
				if d := (q - r + 13) % 13; d+1 > span {
					span = d + 1
				}
			}
			consider(r, span)
		}
	} else {
		for _, high := range []bool{false, true} {
			lo, hi := 15, 0
			for _, r := range ranks {
				p := r
				if r == 1 && high {
					p = 14
				}
				lo, hi = min(lo, p), max(hi, p)
			}
			consider(lo, hi-lo+1)
		}
	}
	return bestMissing
}

// arrangeMeld puts a valid meld in reading order: a set by suit, a run from its lowest
// card with each joker where it stands. Invalid melds come back unchanged.
func arrangeMeld(cards []Card, wrap bool) []Card {
	if !validMeld(cards, wrap) {
		return cards
	}
	m := shapeOf(cards)
	out := make([]Card, 0, len(cards))
	if m.readAsSet() {
		nat := append([]Card(nil), m.naturals...)
		slices.Sort(nat)
		return append(append(out, nat...), m.jokers...)
	}
	start, _ := runStart(naturalRanks(m.naturals), len(cards), wrap)
	var byRank [14]Card
	var has [14]bool
	for _, c := range m.naturals {
		byRank[c.Rank()], has[c.Rank()] = c, true
	}
	j := 0
	for i := 0; i < len(cards); i++ {
		r := (start-1+i)%13 + 1
		if c := byRank[r]; has[r] {
			out = append(out, c)
		} else {
			out = append(out, m.jokers[j])
			j++
		}
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// joinAnd joins words as "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
