package intrigo

import (
	"encoding/json"
	"testing"

	"principe/rules"
)

func presentTwo(t *testing.T, s *State) {
	t.Helper()
	for i := 0; i < PresentPerTurn; i++ {
		do(t, s, s.Table.Active, s.Legal(s.Table.Active)[0].(Move))
	}
}

// TestPaymentPromise: a promised payment falls due at the promiser's next turn, which settles it: paid
// (kept) or not (broken). A promise in words stays pending: the rules cannot judge it.
func TestPaymentPromise(t *testing.T) {
	for _, pay := range []bool{true, false} {
		s := table(3, orange)
		s.wait(adv(black, Writer, 0), orange)
		s.receive()
		do(t, s, black, offer(3, 0, Terms{Kind: PromisePayment, Amount: 2000}, Terms{Kind: PromiseText, Text: "I'll vote for you"}))
		do(t, s, orange, simple(Accept))
		do(t, s, orange, placeOn(adv(black, Writer, 0), 3))
		if s.status(0) != Pending || s.status(1) != Pending || s.status(2) != Kept {
			t.Fatalf("payment and words pending, orange's deal kept: %+v", s.Table.Ledger)
		}
		presentTwo(t, s)
		if s.Table.Active != black || s.Table.Step != StepSettle || s.Purses[black] != StartingPurse+10000 {
			t.Fatalf("black collects 10,000 then settles: active %s step %s purse %d", colour(s.Table.Active), s.Table.Step, s.Purses[black])
		}
		m := simple(Settle)
		m.Promise, m.Pay = 0, pay
		do(t, s, black, m)
		want, status := StartingPurse+10000, Broken
		if pay {
			want, status = want-2000, Kept
		}
		if s.Purses[black] != want || s.status(0) != status || s.status(1) != Pending {
			t.Fatalf("pay=%v: purse %d status %s, words %s", pay, s.Purses[black], s.status(0), s.status(1))
		}
		if err := s.Table.checkPalaces(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPostAndSparePromises: "a post for your next applicant" is judged when the promiser receives that
// seat's applicants; "not to expel your advisor" at the promiser's next internal conflict about one.
func TestPostAndSparePromises(t *testing.T) {
	for _, replace := range []bool{true, false} {
		s := table(3, black)
		s.Table.Ledger = []Promise{
			{ID: 0, Kind: PromiseSpare, Promiser: black, Beneficiary: white, Post: -1, Advisor: -1, Status: Pending},
			{ID: 1, Kind: PromisePost, Promiser: black, Beneficiary: orange, Post: 2, Advisor: -1, Status: Pending},
			{ID: 2, Kind: PromisePost, Promiser: black, Beneficiary: white, Post: 2, Advisor: -1, Status: Pending},
			{ID: 3, Kind: PromisePost, Promiser: white, Beneficiary: black, Post: 2, Advisor: -1, Status: Pending},
		}
		s.put(adv(white, Chemist, 0), black, 0)
		s.wait(adv(orange, Chemist, 0), black)
		s.wait(adv(orange, Writer, 0), black)
		s.wait(adv(white, Doctor, 0), black)
		s.receive()
		do(t, s, white, simple(Pass))
		do(t, s, orange, simple(Pass))
		do(t, s, black, placeOn(adv(orange, Writer, 0), 2))
		do(t, s, black, placeOn(adv(white, Doctor, 0), 1))
		do(t, s, white, simple(Pass))
		do(t, s, orange, simple(Pass))
		do(t, s, black, decide(replace))
		spare := Kept
		if replace {
			spare = Broken
		}
		if s.status(0) != spare || s.status(1) != Kept || s.status(2) != Broken || s.status(3) != Pending {
			t.Fatalf("replace=%v: statuses %s %s %s %s", replace, s.status(0), s.status(1), s.status(2), s.status(3))
		}
		if r := s.Table.Reputation(black); r.Pending != 0 || r.Kept+r.Broken != 3 {
			t.Fatalf("black's record %+v", r)
		}
	}
}

// TestPromisesNeedATurnToKeep: a seat that has played its last turn cannot promise what it would keep on a
// later turn (words are still allowed).
func TestPromisesNeedATurnToKeep(t *testing.T) {
	s := table(3, orange)
	s.Table.TurnsBegun[black] = TurnsPerPlayer
	s.wait(adv(black, Writer, 0), orange)
	s.receive()
	refused(t, s, black, offer(3, 0, Terms{Kind: PromisePayment, Amount: 2000}), "no turn left")
	refused(t, s, black, offer(3, 0, Terms{Kind: PromisePayment, Amount: 2500}), "multiple of")
	refused(t, s, black, offer(3, 0, Terms{Kind: PromiseText, Text: "  "}), "cannot be empty")
	refused(t, s, black, offer(-1, 0), "otherwise pass")
	do(t, s, black, offer(3, 0, Terms{Kind: PromiseText, Text: "trust me"}))
}

// TestWholeGame: five turns each, presenting on the first four only, five collections with the final one,
// every advisor presented, the richest winning.
func TestWholeGame(t *testing.T) {
	collections := map[rules.Seat]int{}
	presented := map[rules.Seat]int{}
	s := playGame(t, 4, 21, []string{"expert", "greedy"}, func(s *State, seat rules.Seat, m Move) {
		if m.Kind == Present {
			presented[seat]++
			if s.Table.TurnsBegun[seat] == TurnsPerPlayer {
				t.Fatal("presenting on the fifth turn")
			}
		}
	})
	for _, p := range s.Table.Log {
		if p.Kind == PayCollection {
			collections[p.To]++
		}
	}
	best := 0
	for seat := rules.Seat(0); seat < 4; seat++ {
		if presented[seat] != 8 || s.Table.TurnsBegun[seat] != TurnsPerPlayer {
			t.Errorf("%s presented %d in %d turns", colour(seat), presented[seat], s.Table.TurnsBegun[seat])
		}
		if collections[seat] > TurnsPerPlayer {
			t.Errorf("%s collected %d times", colour(seat), collections[seat])
		}
		best = max(best, s.Purses[seat])
	}
	o := s.Outcome()
	if len(o.Winners) == 0 || s.Purses[o.Winners[0]] != best || o.Scores[o.Winners[0]] != float64(best) {
		t.Fatalf("outcome %+v for purses %v", o, s.Purses)
	}
	if s.ToAct() != rules.NoSeat || s.Legal(0) != nil {
		t.Fatal("nobody acts after the end")
	}
	// Equal money shares the victory.
	s.Purses = []int{50000, 70000, 70000, 10000}
	if w := s.Outcome().Winners; len(w) != 2 || w[0] != 1 || w[1] != 2 {
		t.Fatalf("shared victory: %v", w)
	}
}

func TestOptions(t *testing.T) {
	for _, bad := range []string{`{"players":2}`, `{"players":6}`, `{"players":"x"}`} {
		if _, err := (Game{}).NewState(json.RawMessage(bad), 1); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	st, err := Game{}.NewState(nil, 1)
	if err != nil || st.Seats() != 4 {
		t.Fatalf("default: %v %v", st, err)
	}
	if _, err := (Game{}).NewBot("oracle", 1, 0); err == nil {
		t.Error("unknown bot accepted")
	}
	if _, err := (Game{}).DecodeAction([]byte(`{"kind":"steal"}`)); err == nil {
		t.Error("unknown move accepted")
	}
}

// TestPromisesThatCanNeverComeDue: "a post for your next applicant" and "not to expel your advisor"
// are refused when the owner can never again have an advisor in the promiser's palace — on its last
// turn (no presenting left) or with every advisor already out — and Legal does not offer them; an
// applicant of the owner already waiting at the promiser's palace, or one placed there (for the spare),
// keeps them possible.
func TestPromisesThatCanNeverComeDue(t *testing.T) {
	post := Terms{Kind: PromisePost, Post: 1}
	spare := Terms{Kind: PromiseSpare, Post: -1}
	legalKinds := func(s *State, seat rules.Seat) map[PromiseKind]bool {
		kinds := map[PromiseKind]bool{}
		for _, a := range s.Legal(seat) {
			for _, p := range a.(Move).Promises {
				kinds[p.Kind] = true
			}
		}
		return kinds
	}
	lastTurn := func() *State {
		s := table(3, orange)
		s.Table.TurnsBegun[orange] = TurnsPerPlayer
		s.wait(adv(black, Writer, 0), orange)
		return s
	}
	s := lastTurn()
	s.receive()
	refused(t, s, black, offer(3, 0, post), "never come due")
	refused(t, s, black, offer(3, 0, spare), "never come due")
	if k := legalKinds(s, black); k[PromisePost] || k[PromiseSpare] || !k[PromisePayment] {
		t.Fatalf("on the owner's last turn Legal offers %v", k)
	}
	do(t, s, black, offer(3, 0, Terms{Kind: PromisePayment, Amount: 2000}))

	// Every advisor of the owner's gone: none unplaced, so none can be presented.
	s = table(3, orange)
	for i := range s.Table.Advisors {
		if a := &s.Table.Advisors[i]; a.Owner == orange {
			a.Where = Island
		}
	}
	s.wait(adv(black, Writer, 0), orange)
	s.receive()
	refused(t, s, black, offer(3, 0, post), "never come due")

	// An applicant of the owner already waiting at black's palace will come before black.
	s = lastTurn()
	s.wait(adv(orange, Doctor, 0), black)
	s.receive()
	if k := legalKinds(s, black); !k[PromisePost] || !k[PromiseSpare] {
		t.Fatalf("with an applicant waiting Legal offers %v", k)
	}
	do(t, s, black, offer(3, 0, post, spare))

	// An advisor of the owner placed in black's palace can still be spared, not promised a post.
	s = lastTurn()
	s.put(adv(orange, Doctor, 0), black, 0)
	s.receive()
	refused(t, s, black, offer(3, 0, post), "never come due")
	do(t, s, black, offer(3, 0, spare))
}
