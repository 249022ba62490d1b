package machiavelli

import (
	"fmt"
	"strings"
)

// ParsePosition reads a position in arena notation: a table "7H 8H 9H | QS QD QC"
// (melds separated by "|"), a hand "10H JH 2C" and free cards "5S 9D". Ranks are
// A 2 … 10 J Q K, suits S H D C, a joker is "*". Repeated cards become successive
// copies; more copies than the options' decks (or jokers) hold, or an invalid meld on
// the table, is an error in plain words.
func ParsePosition(table, hand, free string, opt Options) (Position, error) {
	var p Position
	var used [53]int
	read := func(what, s string) ([]Card, error) {
		var out []Card
		for _, tok := range strings.Fields(s) {
			face, err := ParseFace(tok)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", what, err)
			}
			limit := opt.Decks
			if face == jokerFace {
				limit = opt.Jokers
				if limit == 0 {
					return nil, fmt.Errorf("%s: this ruleset plays without jokers", what)
				}
			}
			if used[face] >= limit {
				return nil, fmt.Errorf("%s: %s appears more often than the %d cop%s the game has", what, Card(face), limit, map[bool]string{true: "y", false: "ies"}[limit == 1])
			}
			out = append(out, Card(used[face]<<6|face))
			used[face]++
		}
		return out, nil
	}
	if strings.TrimSpace(table) != "" {
		for i, m := range strings.Split(table, "|") {
			cards, err := read(fmt.Sprintf("table meld %d", i+1), m)
			if err != nil {
				return p, err
			}
			if err := checkMeld(cards, opt.AceWrap); err != nil {
				return p, fmt.Errorf("table meld %d: %v", i+1, err)
			}
			p.Table = append(p.Table, cards)
		}
	}
	var err error
	if p.Hand, err = read("hand", hand); err != nil {
		return p, err
	}
	if p.Free, err = read("free cards", free); err != nil {
		return p, err
	}
	if len(p.Free) > 0 && opt.FreeCards == 0 {
		return p, fmt.Errorf("free cards: this ruleset has no free cards")
	}
	return p, nil
}

// Codes writes cards in arena notation ("7H", "*").
func Codes(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Code()
	}
	return out
}
