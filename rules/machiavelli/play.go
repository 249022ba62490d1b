package machiavelli

import (
	"fmt"
	"slices"
)

// playResult is what a valid play moves.
type playResult struct {
	fromHand    []Card // hand cards that reached the table
	fromFree    []Card // free cards that reached the table
	freedJokers []Card // table jokers taken into a new meld under the joker rule
}

// where a card comes from in a play.
const (
	fromNowhere = iota
	fromTable
	fromHand
	fromFree
)

// checkPlay checks a play as a whole against the table, the mover's hand and the free
// cards: no table card removed, only the mover's own hand cards and free cards added,
// at least one card played, the cap on cards per turn, every meld valid and the joker
// rule. It says exactly what is wrong, naming melds by their place in the new table.
func checkPlay(table [][]Card, hand, free []Card, act Action, opt Options) (playResult, error) {
	var res playResult
	var origin [256]uint8
	var startMeld [256]int
	for i, m := range table {
		for _, c := range m {
			origin[c], startMeld[c] = fromTable, i
		}
	}
	for _, c := range hand {
		origin[c] = fromHand
	}
	for _, c := range free {
		origin[c] = fromFree
	}
	if len(act.Table) == 0 {
		return res, fmt.Errorf("a play must show the table as it stands at the end of your turn, with at least one meld")
	}
	var newMeld [256]int
	var placed [256]bool
	for i, m := range act.Table {
		if len(m) == 0 {
			return res, fmt.Errorf("meld %d is empty", i+1)
		}
		for _, c := range m {
			if !opt.hasCard(c) {
				return res, fmt.Errorf("meld %d: %s is not a card of this game (%d deck%s, %d jokers)", i+1, c, opt.Decks, plural(opt.Decks), opt.Jokers)
			}
			switch origin[c] {
			case fromNowhere:
				return res, fmt.Errorf("meld %d: %s is not on the table, in your hand or among the free cards", i+1, c)
			case fromHand:
				if !placed[c] {
					res.fromHand = append(res.fromHand, c)
				}
			case fromFree:
				if !placed[c] {
					res.fromFree = append(res.fromFree, c)
				}
			}
			if placed[c] {
				return res, fmt.Errorf("meld %d: %s is laid twice", i+1, c)
			}
			placed[c], newMeld[c] = true, i
		}
	}
	for i, m := range table {
		for _, c := range m {
			if !placed[c] {
				return res, fmt.Errorf("%s from meld %d (%s) is missing: cards on the table stay on the table", c, i+1, cardsString(m))
			}
		}
	}
	if err := checkFreeList(act.Free, res.fromFree, free); err != nil {
		return res, err
	}
	if len(res.fromHand)+len(res.fromFree) == 0 {
		if opt.FreeCards > 0 {
			return res, fmt.Errorf("you laid no card: play at least one card from your hand or a free card, or draw")
		}
		return res, fmt.Errorf("you laid no card: play at least one card from your hand, or draw")
	}
	if opt.MaxPerTurn > 0 && len(res.fromHand) > opt.MaxPerTurn {
		return res, fmt.Errorf("you played %d cards from your hand; at most %d may be played in one turn", len(res.fromHand), opt.MaxPerTurn)
	}
	for i, m := range act.Table {
		if err := checkMeld(m, opt.AceWrap); err != nil {
			return res, fmt.Errorf("meld %d: %v", i+1, err)
		}
	}
	freed, err := checkJokerRule(table, act.Table, startMeld[:], newMeld[:], origin[:])
	res.freedJokers = freed
	return res, err
}

// checkFreeList checks that the play's list of free cards names exactly the free cards
// it put on the table.
func checkFreeList(listed, used, free []Card) error {
	for _, c := range listed {
		if !slices.Contains(free, c) {
			return fmt.Errorf("%s is listed as a free card used, but it is not a free card", c)
		}
		if !slices.Contains(used, c) {
			return fmt.Errorf("free card %s is listed as used, but it is not on the table", c)
		}
	}
	for _, c := range used {
		if !slices.Contains(listed, c) {
			return fmt.Errorf("free card %s is on the table but not listed among the free cards used", c)
		}
	}
	return nil
}

// checkJokerRule applies the joker rule: a table joker whose meld at the end of the turn
// shares no natural card with its meld at the start has been freed, and every meld
// holding a freed joker must contain at least two cards played from the hand.
func checkJokerRule(table, next [][]Card, startMeld, newMeld []int, origin []uint8) ([]Card, error) {
	var freed []Card
	for i, m := range table {
		for _, j := range m {
			if !j.IsJoker() {
				continue
			}
			dest := next[newMeld[j]]
			shares := false
			for _, c := range dest {
				if !c.IsJoker() && origin[c] == fromTable && startMeld[c] == i {
					shares = true
					break
				}
			}
			if shares {
				continue
			}
			freed = append(freed, j)
			fromHandCount := 0
			for _, c := range dest {
				if origin[c] == fromHand {
					fromHandCount++
				}
			}
			if fromHandCount < 2 {
				return freed, fmt.Errorf("meld %d: the joker taken from %s may only be used in a meld with at least two cards from your hand, and this one has %d",
					newMeld[j]+1, cardsString(m), fromHandCount)
			}
		}
	}
	return freed, nil
}
