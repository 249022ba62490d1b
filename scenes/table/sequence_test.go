package table

import (
	"reflect"
	"testing"
)

func TestSequencePlaysStepsInOrder(t *testing.T) {
	var got []string
	var s Sequence
	s.Add(Step{Ticks: 2, Start: func() { got = append(got, "a+") }, End: func() { got = append(got, "a-") }})
	s.Add(Step{Start: func() { got = append(got, "b") }}) // instant
	s.Add(Step{Ticks: 1, Frame: func(p float64) { got = append(got, "c") }})
	for i := 0; i < 3; i++ {
		s.Tick()
	}
	want := []string{"a+", "a-", "b", "c"}
	if !reflect.DeepEqual(got, want) || s.Busy() {
		t.Fatalf("got %v (busy %v), want %v", got, s.Busy(), want)
	}
}

func TestSequenceInstantAndFinish(t *testing.T) {
	n := 0
	var s Sequence
	for i := 0; i < 5; i++ {
		s.Add(Step{End: func() { n++ }})
	}
	s.Tick()
	if n != 5 || s.Busy() {
		t.Fatalf("zero-tick steps: %d ended, busy %v", n, s.Busy())
	}
	last := 0.0
	s.Add(Step{Ticks: 100, Frame: func(p float64) { last = p }, End: func() { n++ }})
	s.Tick()
	s.Finish()
	if last != 1 || n != 6 || s.Busy() {
		t.Fatalf("Finish: progress %v, ended %d", last, n)
	}
}
