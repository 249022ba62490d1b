package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestSolveBatch: one answer line per position line, in order; bad lines are answered with
// an error and the batch goes on; a line's options and ruleset are used.
func TestSolveBatch(t *testing.T) {
	in := strings.Join([]string{
		`{"id":"a","ruleset":"coppola","table":"7H 8H 9H","hand":"10H JH 2C"}`,
		`not json at all`,
		`{"id":2,"ruleset":"bga","table":"7H 8H 9H","hand":"* 10H"}`, // BGA has no jokers
		``,
		`{"ruleset":"bga","table":"7H 8H","hand":"9H"}`,                                          // not a meld
		`{"ruleset":"bga","options":{"decks":3},"table":"","hand":"5S 5S 5S 5H 5H 5H 5D 5D 5D"}`, // three sets: a third deck,
		`{"ruleset":"bga","options":{"decks":9},"hand":"5S"}`,
		`{"ruleset":"coppola","options":{"jokers":4},"hand":"* * * 2C 3C"}`, // four jokers: three in hand,
		`{"ruleset":"chess","hand":"5S"}`,
		`{"hand":""}`,
		`{"ruleset":"bga","hand":"AD AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"}`,
	}, "\n")
	var out bytes.Buffer
	if err := solveBatch(strings.NewReader(in), &out, "coppola", 3*time.Second); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	type answer struct {
		Line   int             `json:"line"`
		ID     json.RawMessage `json:"id"`
		Placed int             `json:"placed"`
		Exact  bool            `json:"exact"`
		Error  string          `json:"error"`
	}
	want := []struct {
		line   int
		id     string
		placed int
		err    string
	}{
		{1, `"a"`, 2, ""},
		{2, ``, 0, "not a position"},
		{3, `2`, 0, "without jokers"},
		{5, ``, 0, "only 2 cards"},
		{6, ``, 9, ""},
		{7, ``, 0, "decks"},
		{8, ``, 5, ""},
		{9, ``, 0, "ruleset"},
		{10, ``, 0, "no hand"},
		{11, ``, 13, ""}, // the cap; every run at most 13 cards
	}
	if len(lines) != len(want) {
		t.Fatalf("%d answer lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		var a answer
		if err := json.Unmarshal([]byte(lines[i]), &a); err != nil {
			t.Fatalf("line %d is not JSON: %v: %s", i+1, err, lines[i])
		}
		if a.Line != w.line || string(a.ID) != w.id || a.Placed != w.placed ||
			(w.err == "") != (a.Error == "") || !strings.Contains(a.Error, w.err) {
			t.Errorf("answer %d: %s; want line %d, id %s, %d placed, error %q", i+1, lines[i], w.line, w.id, w.placed, w.err)
		}
		if w.err == "" && !a.Exact {
			t.Errorf("answer %d not exact: %s", i+1, lines[i])
		}
	}
}
