package rules

import (
	"encoding/json"
	"slices"
	"testing"
)

// The generator must give the same numbers on every machine: these are the published
// reference values of splitmix64 (seed 0) and xoshiro256** (state 1, 2, 3, 4).
func TestRNGReferenceValues(t *testing.T) {
	r := NewRNG(0)
	want := [4]uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec}
	if r.S != want {
		t.Fatalf("NewRNG(0) = %x, want splitmix64 outputs %x", r.S, want)
	}
	x := RNG{S: [4]uint64{1, 2, 3, 4}}
	for i, w := range []uint64{11520, 0, 1509978240, 1215971899390074240} {
		if got := x.Uint64(); got != w {
			t.Fatalf("xoshiro256** output %d = %d, want %d", i, got, w)
		}
	}
}

func TestRNGIntnIsUniformAndInRange(t *testing.T) {
	r := NewRNG(7)
	const n, draws = 6, 60000
	var count [n]int
	for range draws {
		v := r.Intn(n)
		if v < 0 || v >= n {
			t.Fatalf("Intn(%d) = %d", n, v)
		}
		count[v]++
	}
	// Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value.
	chi := 0.0
	for _, c := range count {
		d := float64(c) - draws/n
		chi += d * d / (draws / n)
	}
	if chi > 20.5 {
		t.Fatalf("Intn(6) counts %v are not uniform (chi-square %.1f)", count, chi)
	}
}

func TestRNGIntnPanicsOnNonPositive(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Intn(0) did not panic")
		}
	}()
	r := NewRNG(1)
	r.Intn(0)
}

func TestRNGFloat64Range(t *testing.T) {
	r := NewRNG(3)
	for range 10000 {
		if f := r.Float64(); f < 0 || f >= 1 {
			t.Fatalf("Float64() = %v", f)
		}
	}
}

func TestRNGCopiesAndMarshalsItsWholeState(t *testing.T) {
	r := NewRNG(42)
	r.Uint64()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back RNG
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	c := r
	for range 5 {
		a, b, d := r.Uint64(), back.Uint64(), c.Uint64()
		if a != b || a != d {
			t.Fatalf("copies diverged: %d %d %d", a, b, d)
		}
	}
}

func TestRNGSplitIsIndependentAndReproducible(t *testing.T) {
	a, b := NewRNG(5), NewRNG(5)
	sa, sb := a.Split(), b.Split()
	if sa != sb {
		t.Fatal("Split is not reproducible")
	}
	if sa == a {
		t.Fatal("Split returned the parent's own state")
	}
	if sa.Uint64() == a.Uint64() {
		t.Fatal("split generator repeats its parent")
	}
}

func TestShuffleIsAPermutationAndSeeded(t *testing.T) {
	base := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	r1, r2 := NewRNG(9), NewRNG(9)
	a, b := slices.Clone(base), slices.Clone(base)
	Shuffle(&r1, a)
	Shuffle(&r2, b)
	if !slices.Equal(a, b) {
		t.Fatalf("same seed, different shuffles: %v %v", a, b)
	}
	if slices.Equal(a, base) {
		t.Fatalf("shuffle left %v in order", a)
	}
	s := slices.Clone(a)
	slices.Sort(s)
	if !slices.Equal(s, base) {
		t.Fatalf("shuffle lost or duplicated cards: %v", a)
	}
	// Every position of a 3-card shuffle should be reachable.
	seen := map[[3]int]bool{}
	r := NewRNG(1)
	for range 600 {
		x := []int{0, 1, 2}
		Shuffle(&r, x)
		seen[[3]int(x)] = true
	}
	if len(seen) != 6 {
		t.Fatalf("3-card shuffle reached %d of 6 orders", len(seen))
	}
}
