package makiavelia

import "testing"

// BenchmarkExpertGame4 plays a four-expert game per iteration.
func BenchmarkExpertGame4(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := PlayGame([]string{"expert", "expert", "expert", "expert"}, uint64(i+1), 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGreedyGame8 plays an eight-greedy game per iteration.
func BenchmarkGreedyGame8(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := PlayGame([]string{"greedy", "greedy", "greedy", "greedy", "greedy", "greedy", "greedy", "greedy"}, uint64(i+1), 0); err != nil {
			b.Fatal(err)
		}
	}
}
