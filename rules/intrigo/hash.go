package intrigo

// hasher is FNV-1a over the state's fields, written as numbers and strings with their lengths so that
// different states cannot run together.
type hasher struct{ h uint64 }

func newHasher() *hasher { return &hasher{h: 14695981039346656037} }

func (h *hasher) int(v int) {
	x := uint64(v)
	for i := 0; i < 8; i++ {
		h.h ^= x & 0xff
		h.h *= 1099511628211
		x >>= 8
	}
}

func (h *hasher) str(s string) {
	h.int(len(s))
	for i := 0; i < len(s); i++ {
		h.h ^= uint64(s[i])
		h.h *= 1099511628211
	}
}

func (h *hasher) bool(b bool) {
	if b {
		h.int(1)
	} else {
		h.int(0)
	}
}

func (h *hasher) ints(vs []int) {
	h.int(len(vs))
	for _, v := range vs {
		h.int(v)
	}
}

func (h *hasher) terms(ts []Terms) {
	h.int(len(ts))
	for _, t := range ts {
		h.str(string(t.Kind))
		h.int(t.Post)
		h.int(t.Amount)
		h.str(t.Text)
	}
}

// Hash is a digest of the whole state, equal for equal states.
func (s *State) Hash() uint64 {
	h := newHasher()
	t := &s.Table
	h.int(t.Players)
	h.int(int(t.First))
	h.int(int(t.Active))
	h.ints(t.TurnsBegun)
	h.str(string(t.Step))
	for _, a := range t.Advisors {
		h.int(a.ID)
		h.int(int(a.Owner))
		h.int(int(a.Type))
		h.int(int(a.Where))
		h.int(int(a.Palace))
		h.int(a.Post)
	}
	for _, p := range t.Palaces {
		h.ints(p[:])
	}
	h.int(len(t.Waiting))
	for _, w := range t.Waiting {
		h.ints(w)
	}
	h.int(t.Presented)
	h.bool(t.Receive != nil)
	if r := t.Receive; r != nil {
		h.ints(r.Arrivals)
		h.ints(r.Free)
		h.int(len(r.External))
		for _, x := range r.External {
			h.int(int(x))
		}
		h.ints(r.Challenger[:])
		h.int(int(r.Stage))
		h.bool(r.Negotiation != nil)
		if n := r.Negotiation; n != nil {
			h.int(n.Serial)
			h.int(int(n.Stage))
			h.int(int(n.Type))
			h.int(n.Post)
			h.int(len(n.Speakers))
			for _, sp := range n.Speakers {
				h.int(int(sp.Seat))
				h.int(sp.Advisor)
				h.str(string(sp.Favour))
			}
			h.int(n.Turn)
			h.int(n.Open)
			h.bool(n.Countered)
		}
	}
	h.ints(t.Due)
	h.int(t.Negotiations)
	h.int(len(t.Offers))
	for _, o := range t.Offers {
		h.int(o.Negotiation)
		h.int(int(o.Owner))
		h.int(int(o.Speaker))
		h.int(int(o.Stage))
		h.int(o.Advisor)
		h.int(int(o.Type))
		h.int(o.Post)
		h.str(string(o.Favour))
		h.int(o.Bribe)
		h.bool(o.BankPaid)
		h.terms(o.Promises)
		h.int(o.Counter)
		h.str(string(o.Result))
	}
	h.int(len(t.Ledger))
	for _, p := range t.Ledger {
		h.int(p.ID)
		h.str(string(p.Kind))
		h.int(int(p.Promiser))
		h.int(int(p.Beneficiary))
		h.int(p.Post)
		h.int(p.Amount)
		h.str(p.Text)
		h.int(p.Negotiation)
		h.int(int(p.Stage))
		h.int(p.Advisor)
		h.int(int(p.Type))
		h.str(string(p.Favour))
		h.int(p.Made)
		h.str(string(p.Status))
	}
	h.int(len(t.Log))
	for _, p := range t.Log {
		h.str(string(p.Kind))
		h.int(int(p.From))
		h.int(int(p.To))
		h.int(p.Amount)
	}
	h.ints(s.Purses)
	for _, x := range s.RNG.S {
		h.int(int(x))
	}
	return h.h
}
