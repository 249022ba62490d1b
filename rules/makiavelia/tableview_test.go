package makiavelia

import (
	"testing"

	"principe/rules"
)

// TestPowerTermsSumToPower plays random games and checks, at every negotiation, that
// the terms the table shows add up to the power the rules computed.
func TestPowerTermsSumToPower(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 30; seed++ {
		s, err := NewGame(Options{Players: 3 + int(seed%6)}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(seed)
		for steps := 0; !s.Over() && steps < 3000; steps++ {
			if s.step == StepPropose && len(s.power) == s.n {
				for q, ts := range s.PowerTerms() {
					sum := 0
					for _, term := range ts {
						sum += term.Value
					}
					if sum != s.power[q] {
						t.Fatalf("seed %d round %d seat %d: terms %v sum to %d, power is %d", seed, s.round, q, ts, sum, s.power[q])
					}
				}
				checked++
			}
			legal := s.Legal(s.ToAct())
			if _, err := s.Apply(s.ToAct(), legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no negotiation reached")
	}
}
