package machiavelli

import (
	"strings"
	"testing"
)

// cards parses "7H 8H *" into instances, giving repeated faces successive copies.
func cards(t testing.TB, s string, used map[int]int) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		face, err := ParseFace(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Card(used[face]<<6|face))
		used[face]++
	}
	return out
}

// position parses a table "7H 8H 9H | QS QD QC", a hand and free cards.
func position(t testing.TB, table, hand, free string) Position {
	t.Helper()
	used := map[int]int{}
	var p Position
	if strings.TrimSpace(table) != "" {
		for _, m := range strings.Split(table, "|") {
			p.Table = append(p.Table, cards(t, m, used))
		}
	}
	p.Hand = cards(t, hand, used)
	p.Free = cards(t, free, used)
	return p
}
