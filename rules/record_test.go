package rules_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"principe/rules"
	"principe/rules/conformance/toy"
)

// playToy plays a toy game with random legal actions for n actions (or to the end when
// n < 0) and returns the state and its record.
func playToy(t testing.TB, options string, seed uint64, n int) (rules.State, *rules.Record) {
	t.Helper()
	g, _ := rules.Lookup(toy.Name)
	s, err := g.NewState(json.RawMessage(options), seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := rules.NewRecord(toy.Name, json.RawMessage(options), seed)
	rng := rules.NewRNG(seed + 100)
	for i := 0; !s.Over() && i != n; i++ {
		seat := s.ToAct()
		legal := s.Legal(seat)
		a := legal[rng.Intn(len(legal))]
		if _, err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		if err := rec.Add(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return s, rec
}

func marshal(t testing.TB, r *rules.Record) []byte {
	t.Helper()
	data, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestRecordReplaysToTheSameState(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		for _, opts := range []string{``, `{"players":2,"hand":4}`, `{"players":4,"dummy":true}`} {
			s, rec := playToy(t, opts, seed, -1)
			data := marshal(t, rec)
			got, back, err := rules.Replay(data)
			if err != nil {
				t.Fatalf("seed %d %s: %v\n%s", seed, opts, err, data)
			}
			if got.Hash() != s.Hash() || !got.Over() {
				t.Fatalf("seed %d %s: replay reached a different state", seed, opts)
			}
			if !bytes.Equal(marshal(t, back), data) {
				t.Fatalf("record does not survive a round trip:\n%s\n%s", data, marshal(t, back))
			}
		}
	}
}

func TestRecordHeader(t *testing.T) {
	rec := rules.NewRecord("toy", nil, 1<<63+5)
	data := marshal(t, rec)
	want := `{"format":1,"game":"toy","options":null,"seed":9223372036854775813,"actions":[]}`
	if string(data) != want {
		t.Fatalf("empty record is\n%s\nwant\n%s", data, want)
	}
	s, _, err := rules.Replay(data)
	if err != nil {
		t.Fatal(err)
	}
	if s.Seats() != 3 {
		t.Fatalf("null options did not give the defaults: %d seats", s.Seats())
	}
}

func TestRecordAddRefusesWhatCannotBeSaved(t *testing.T) {
	rec := rules.NewRecord("toy", nil, 1)
	if err := rec.Add(0, nil); err == nil {
		t.Fatal("Add accepted a nil action")
	}
	if err := rec.Add(0, badAction{}); err == nil {
		t.Fatal("Add accepted an action that does not marshal")
	}
	if len(rec.Actions) != 0 {
		t.Fatalf("refused actions were recorded: %v", rec.Actions)
	}
}

type badAction struct{ C chan int }

func (badAction) String() string { return "bad" }

func TestRecordCloneIsIndependent(t *testing.T) {
	_, rec := playToy(t, `{"players":2}`, 3, 3)
	c := rec.Clone()
	c.Actions[0].Action[2] = 'X'
	c.Options[0] = ' '
	c.Actions = append(c.Actions, rules.Step{})
	if _, err := rec.Replay(); err != nil {
		t.Fatalf("changing the clone broke the original: %v", err)
	}
}

func TestReplayRefusesBadRecords(t *testing.T) {
	_, good := playToy(t, `{"players":3}`, 4, -1)
	edit := func(f func(r *rules.Record)) []byte {
		r := good.Clone()
		f(r)
		return marshal(t, r)
	}
	many := `{"format":1,"game":"toy","seed":1,"actions":[{}` + strings.Repeat(`,{}`, rules.MaxRecordActions) + `]}`
	cases := []struct {
		name   string
		data   []byte
		index  int
		reason string
	}{
		{"too big", make([]byte, rules.MaxRecordBytes+1), -1, "more than"},
		{"not json", []byte(`{"format":1,`), -1, "not a record"},
		{"wrong shape", []byte(`[1,2]`), -1, "not a record"},
		{"format", edit(func(r *rules.Record) { r.Format = 2 }), -1, "format 2 is not supported"},
		{"no format", []byte(`{"game":"toy","seed":1,"actions":[]}`), -1, "format 0"},
		{"unknown game", edit(func(r *rules.Record) { r.Game = "chess" }), -1, `unknown game "chess"`},
		{"bad options", edit(func(r *rules.Record) { r.Options = json.RawMessage(`{"players":9}`) }), -1, "bad options"},
		{"too many actions", []byte(many), -1, "actions, more than"},
		{"seat missing", edit(func(r *rules.Record) { r.Actions[2].Seat = 7 }), 2, "seat 7 does not exist"},
		{"negative seat", edit(func(r *rules.Record) { r.Actions[0].Seat = -1 }), 0, "seat -1 does not exist"},
		{"out of turn", edit(func(r *rules.Record) { r.Actions[1].Seat = r.Actions[0].Seat }), 1, "turn"},
		{"unreadable", edit(func(r *rules.Record) { r.Actions[3].Action = json.RawMessage(`{"card":"x"}`) }), 3, "cannot read the action"},
		{"no action", edit(func(r *rules.Record) { r.Actions[3].Action = nil }), 3, "the action is missing"},
		{"illegal", edit(func(r *rules.Record) { r.Actions[4].Action = r.Actions[3].Action }), 4, "illegal action play"},
		{"after the end", edit(func(r *rules.Record) { r.Actions = append(r.Actions, r.Actions[0]) }), len(good.Actions), "already over"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, rec, err := rules.Replay(c.data)
			var re *rules.RecordError
			if !errors.As(err, &re) {
				t.Fatalf("got %v (%T), want a *RecordError", err, err)
			}
			if rec != nil {
				t.Fatal("a bad record was returned")
			}
			if re.Index != c.index || !strings.Contains(re.Reason, c.reason) {
				t.Fatalf("got index %d reason %q, want %d and %q", re.Index, re.Reason, c.index, c.reason)
			}
			if !strings.Contains(err.Error(), re.Reason) {
				t.Fatalf("message %q hides the reason", err)
			}
		})
	}
}

// FuzzReplay feeds arbitrary bytes to Replay: it must never panic, must refuse with a
// *RecordError, and whatever it accepts must be a sound state that replays again the
// same way.
func FuzzReplay(f *testing.F) {
	for seed := uint64(1); seed <= 4; seed++ {
		for _, opts := range []string{``, `{"players":2,"hand":4}`, `{"players":4,"dummy":true}`} {
			_, full := playToy(f, opts, seed, -1)
			f.Add(marshal(f, full))
			_, part := playToy(f, opts, seed, int(seed))
			f.Add(marshal(f, part))
		}
	}
	f.Add([]byte(`{"format":1,"game":"toy","options":{"players":2},"seed":1,"actions":[{"seat":0,"action":{"card":1}}]}`))
	f.Add([]byte(`{"format":1,"game":"toy","options":null,"seed":18446744073709551615,"actions":null}`))
	f.Add([]byte(`{"format":1,"game":"toy","options":"x","seed":-1}`))
	f.Add([]byte(`null`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, rec, err := rules.Replay(data)
		if err != nil {
			var re *rules.RecordError
			if !errors.As(err, &re) {
				t.Fatalf("error %v is a %T, not a *RecordError", err, err)
			}
			if re.Reason == "" || re.Index < -1 {
				t.Fatalf("unhelpful record error %+v", re)
			}
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("accepted record reaches a broken state: %v", err)
		}
		again, err := rec.Replay()
		if err != nil || again.Hash() != s.Hash() {
			t.Fatalf("accepted record does not replay the same way: %v", err)
		}
		data2 := marshal(t, rec)
		s2, _, err := rules.Replay(data2)
		if err != nil || s2.Hash() != s.Hash() {
			t.Fatalf("re-marshalled record %s does not replay the same way: %v", data2, err)
		}
	})
}

func ExampleReplay() {
	rec := rules.NewRecord("toy", json.RawMessage(`{"players":2,"hand":1}`), 1)
	g, _ := rules.Lookup("toy")
	s, _ := g.NewState(rec.Options, rec.Seed)
	for !s.Over() {
		seat := s.ToAct()
		a := s.Legal(seat)[0]
		s.Apply(seat, a)
		rec.Add(seat, a)
	}
	data, _ := rec.Marshal()
	replayed, _, err := rules.Replay(data)
	fmt.Println(err, replayed.Over(), replayed.Hash() == s.Hash())
	// Output: <nil> true true
}
