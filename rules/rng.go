package rules

import "math/bits"

// RNG is the seeded random generator (xoshiro256**). Its whole state is these four
// words, so it lives inside a game state, is copied by Clone, and marshals to JSON.
// Every shuffle, deal and dice roll goes through one.
type RNG struct {
	S [4]uint64 `json:"s"`
}

// NewRNG seeds a generator with splitmix64, as the xoshiro authors recommend.
func NewRNG(seed uint64) RNG {
	var r RNG
	for i := range r.S {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		r.S[i] = z ^ (z >> 31)
	}
	return r
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	s := &r.S
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// Intn returns a uniform integer in [0, n). It panics if n <= 0.
func (r *RNG) Intn(n int) int {
	if n <= 0 {
		panic("rules: Intn with n <= 0")
	}
	// Lemire's nearly divisionless method, without bias.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniform float in [0, 1).
func (r *RNG) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}

// Split returns a new generator seeded from this one, for handing to a sub-task
// (a bot, a search) without sharing state.
func (r *RNG) Split() RNG {
	return NewRNG(r.Uint64())
}

// Shuffle puts s in a uniformly random order (Fisher–Yates).
func Shuffle[T any](r *RNG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}
