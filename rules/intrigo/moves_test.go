package intrigo

import "testing"

// FuzzDecodeMove: decoding never panics, and whatever decodes is refused or accepted by Apply without
// panicking either.
func FuzzDecodeMove(f *testing.F) {
	f.Add([]byte(`{"kind":"offer","post":3,"bribe":1000,"promises":[{"kind":"post","post":2}]}`))
	f.Add([]byte(`{"kind":"counter","price":5000}`))
	f.Add([]byte(`{"kind":"present","type":2,"palace":1}`))
	f.Add([]byte(`{"kind":"settle","promise":0,"pay":true}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeMove(data)
		if err != nil {
			return
		}
		s := table(3, orange)
		s.wait(adv(black, Writer, 0), orange)
		s.receive()
		before := s.Hash()
		if _, err := s.Apply(s.ToAct(), m); err != nil && s.Hash() != before {
			t.Fatalf("refused %v changed the state", m)
		}
	})
}
