package makiavelia

import (
	"encoding/json"
	"testing"

	"principe/rules"
)

// FuzzApply decodes arbitrary bytes as a move and applies it at several positions of a
// random game: it must never panic, and a refused move must leave the state untouched.
func FuzzApply(f *testing.F) {
	for _, m := range []Move{
		{Kind: MoveDraw}, {Kind: MovePlay, Card: 3, Target: 1}, {Kind: MoveAttack, Target: 9},
		{Kind: MoveWound, TargetCard: 500}, {Kind: MoveOffer, Offer: &Offer{From: 0, To: 1, AskCoins: -1}},
		{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 7}, Shares: []int{1}}},
		{Kind: MoveAccept, Coins: []CoinID{-4}}, {Kind: MoveTake, Take: 99}, {Kind: MoveCure, Coin: 1000},
		{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{1, 0}, Shares: []int{-1, 4}}}, {Kind: MoveCounter},
	} {
		data, _ := json.Marshal(m)
		f.Add(data, uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, at uint8) {
		a, err := DecodeAction(data)
		if err != nil {
			return
		}
		s, _ := NewGame(Options{Players: 3 + int(at)%6}, uint64(at))
		rng := rules.NewRNG(uint64(at))
		for i := 0; i < int(at)*3 && !s.Over(); i++ {
			q := s.ToAct()
			l := s.Legal(q)
			s.Apply(q, l[rng.Intn(len(l))])
		}
		h := s.Hash()
		for seat := rules.Seat(-1); int(seat) <= s.n; seat++ {
			if _, err := s.Apply(seat, a); err != nil && s.Hash() != h {
				t.Fatalf("refused %v changed the state", a)
			}
			if err := s.Check(); err != nil {
				t.Fatalf("after %v: %v", a, err)
			}
			h = s.Hash()
		}
	})
}
