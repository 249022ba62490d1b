package intrigo

import (
	"slices"
	"strings"
	"testing"

	"principe/rules"
)

// Seats of a five-player table, in the rulebook's colours.
const (
	orange rules.Seat = iota
	black
	white
	blue
	green
)

func adv(seat rules.Seat, typ AdvisorType, k int) int {
	return int(seat)*AdvisorsPerColour + int(typ)*2 + k
}

// table is a game between turns: every seat has begun two turns, active is about to receive.
func table(players int, active rules.Seat) *State {
	s := NewGame(Options{Players: players}, 1)
	s.Table.Active = active
	for i := range s.Table.TurnsBegun {
		s.Table.TurnsBegun[i] = 2
	}
	s.Table.Step = StepPresent
	return s
}

func (s *State) put(id int, palace rules.Seat, post int) {
	a := &s.Table.Advisors[id]
	a.Where, a.Palace, a.Post = Placed, palace, post
	s.Table.Palaces[palace][post] = id
}

func (s *State) wait(id int, palace rules.Seat) {
	a := &s.Table.Advisors[id]
	a.Where, a.Palace = Waiting, palace
	s.Table.Waiting[palace] = append(s.Table.Waiting[palace], id)
}

func (s *State) receive() []Event {
	s.events = nil
	s.beginReceive()
	evs := s.events
	s.events = nil
	return evs
}

func do(t *testing.T, s *State, seat rules.Seat, m Move) []rules.Event {
	t.Helper()
	evs, err := s.Apply(seat, m)
	if err != nil {
		t.Fatalf("%s %v: %v", colour(seat), m, err)
	}
	return evs
}

func refused(t *testing.T, s *State, seat rules.Seat, m Move, why string) {
	t.Helper()
	before := s.Hash()
	_, err := s.Apply(seat, m)
	if err == nil {
		t.Fatalf("%s %v was accepted", colour(seat), m)
	}
	if !strings.Contains(err.Error(), why) {
		t.Fatalf("%s %v: error %q does not say %q", colour(seat), m, err, why)
	}
	if s.Hash() != before {
		t.Fatalf("refused %v changed the state", m)
	}
}

func offer(post int, bribe int, promises ...Terms) Move {
	m := simple(Offer)
	m.Post, m.Bribe, m.Promises = post, bribe, promises
	return m
}

func backing(f Favour, bribe int) Move {
	m := simple(Offer)
	m.Favour, m.Bribe = f, bribe
	return m
}

func counter(price int) Move { m := simple(Counter); m.Price = price; return m }

func placeOn(id, post int) Move {
	return Move{Kind: Place, Advisor: id, Post: post, Palace: -1, Promise: -1}
}

func admitOn(id, post int) Move {
	return Move{Kind: Admit, Advisor: id, Post: post, Palace: -1, Promise: -1}
}

func decide(replace bool) Move { m := simple(Decide); m.Replace = replace; return m }

func (s *State) status(id int) Status { return s.Table.Ledger[id].Status }

func hasEvent(evs []rules.Event, kind EventKind, advisor int) bool {
	for _, e := range evs {
		if e := e.(Event); e.Kind == kind && (advisor < 0 || e.Advisor == advisor) {
			return true
		}
	}
	return false
}

// TestRulebookExample replays the rulebook's whole example at White's palace (pages 6–8): Green's
// religious (no conflict), the chemists of Orange and Black (external conflict), Orange's writer against
// Green's employed writer (internal conflict).
func TestRulebookExample(t *testing.T) {
	s := table(5, white)
	greenWriter, greenReligious := adv(green, Writer, 0), adv(green, Religious, 0)
	orangeChemist, orangeWriter, blackChemist := adv(orange, Chemist, 0), adv(orange, Writer, 0), adv(black, Chemist, 0)
	s.put(greenWriter, white, 3)
	s.wait(orangeChemist, white)
	s.wait(blackChemist, white)
	s.wait(orangeWriter, white)
	s.wait(greenReligious, white)
	s.receive()
	r := s.Table.Receive
	if !slices.Equal(r.Free, []int{greenReligious}) || !slices.Equal(r.External, []AdvisorType{Chemist}) ||
		r.Challenger[3] != orangeWriter {
		t.Fatalf("conflicts found wrongly: free %v external %v challengers %v", r.Free, r.External, r.Challenger)
	}

	// I. Green offers 3,000 for the 6,000 post; White asks 5,000; Green agrees; White puts it on 1,000.
	if s.ToAct() != green || r.Negotiation.Stage != StageFree {
		t.Fatalf("green should speak first in stage I, not %s", colour(s.ToAct()))
	}
	do(t, s, green, offer(2, 3000))
	do(t, s, white, counter(5000))
	do(t, s, green, simple(TakeCounter))
	if s.Purses[green] != StartingPurse-5000 || s.Purses[white] != StartingPurse+5000 {
		t.Fatalf("the 5,000 was not paid at once: %v", s.Purses)
	}
	refused(t, s, white, placeOn(greenReligious, 3), "taken")
	do(t, s, white, placeOn(greenReligious, 0))
	deal := len(s.Table.Ledger) - 1
	if s.status(deal) != Broken || s.Table.Ledger[deal].Promiser != white {
		t.Fatalf("white's deal with green should be broken: %+v", s.Table.Ledger[deal])
	}

	// II. Orange: the 3,000 post, a good post later, 1,000. Black: 3,000 for the 6,000 post. Black wins.
	n := s.Table.Receive.Negotiation
	if n.Stage != StageExternal || n.Type != Chemist || n.Speakers[0].Seat != orange || n.Speakers[1].Seat != black {
		t.Fatalf("external conflict talks wrong: %+v", n)
	}
	do(t, s, orange, offer(1, 1000, Terms{Kind: PromisePost, Post: 2}))
	do(t, s, white, simple(Accept))
	do(t, s, black, offer(2, 3000))
	do(t, s, white, simple(Accept))
	evs := do(t, s, white, admitOn(blackChemist, 2))
	if !hasEvent(evs, EvExiled, orangeChemist) || s.Table.Advisors[orangeChemist].Where != Island {
		t.Fatal("orange's chemist should be on the island")
	}
	if s.Table.Advisors[blackChemist].Post != 2 {
		t.Fatal("black's chemist should hold the 6,000 post")
	}

	// III. Orange offers 1,000 and a promise; Green (employed, speaks first from White's left) says nothing.
	n = s.Table.Receive.Negotiation
	if n.Stage != StageInternal || n.Post != 3 || n.Speakers[0].Seat != green || n.Speakers[1].Seat != orange {
		t.Fatalf("internal conflict talks wrong: %+v", n)
	}
	do(t, s, green, simple(Pass))
	refused(t, s, orange, backing("", 1000), "say the side you back")
	do(t, s, orange, backing(FavourReplace, 1000))
	do(t, s, white, simple(Accept))
	do(t, s, white, decide(false))
	if s.Table.Advisors[orangeWriter].Where != Island || s.Table.Palaces[white][3] != greenWriter {
		t.Fatal("white keeps green's writer; orange's goes to the island")
	}
	if s.Table.Step != StepPresent {
		t.Fatalf("receiving should be over, step is %s", s.Table.Step)
	}
	want := map[rules.Seat]int{white: 10000, green: -5000, orange: -2000, black: -3000, blue: 0}
	for seat, d := range want {
		if s.Purses[seat] != StartingPurse+d {
			t.Errorf("%s has %d, want %d", colour(seat), s.Purses[seat], StartingPurse+d)
		}
	}
	rep := s.Table.Reputation(white)
	if rep.Kept != 1 || rep.Broken != 3 {
		t.Errorf("white's record: %+v (kept black's deal, broke green's and orange's two)", rep)
	}
	if r := s.Table.Reputation(orange); r.Pending != 1 {
		t.Errorf("orange's promise of a post is pending: %+v", r)
	}
	if err := s.Table.checkPalaces(); err != nil {
		t.Fatal(err)
	}
}

// TestInternalConflictsPostByPost: conflicts are resolved 1,000 → 10,000 and the replacement takes
// exactly the replaced post; the replaced advisor goes to the island.
func TestInternalConflictsPostByPost(t *testing.T) {
	s := table(4, blue)
	s.put(adv(orange, Chemist, 0), blue, 3)
	s.put(adv(black, Doctor, 0), blue, 0)
	s.wait(adv(white, Chemist, 0), blue)
	s.wait(adv(white, Doctor, 0), blue)
	s.receive()
	n := s.Table.Receive.Negotiation
	if n.Stage != StageInternal || n.Post != 0 || n.Type != Doctor {
		t.Fatalf("first internal conflict should be on the 1,000 post: %+v", n)
	}
	if n.Speakers[0].Seat != black || n.Speakers[1].Seat != white {
		t.Fatalf("black (employed, first from blue's left) then white should speak: %+v", n.Speakers)
	}
	do(t, s, black, backing(FavourKeep, 2000))
	do(t, s, blue, simple(Accept))
	do(t, s, white, backing(FavourReplace, 3000))
	do(t, s, blue, simple(Refuse))
	refused(t, s, blue, placeOn(adv(white, Doctor, 0), 1), "not possible now")
	do(t, s, blue, decide(true))
	if a := s.Table.Advisors[adv(white, Doctor, 0)]; a.Where != Placed || a.Post != 0 {
		t.Fatalf("the replacement must take exactly the 1,000 post: %+v", a)
	}
	if s.Table.Advisors[adv(black, Doctor, 0)].Where != Island {
		t.Fatal("the replaced doctor goes to the island")
	}
	if s.Table.Ledger[0].Status != Broken || s.Purses[black] != StartingPurse-2000 || s.Purses[white] != StartingPurse {
		t.Fatalf("black paid 2,000 for a broken deal; white's refused offer cost nothing: %v %+v", s.Purses, s.Table.Ledger)
	}
	n = s.Table.Receive.Negotiation
	if n.Post != 3 || n.Type != Chemist || n.Speakers[0].Seat != orange || n.Speakers[1].Seat != white {
		t.Fatalf("second internal conflict should be on the 10,000 post: %+v", n)
	}
	do(t, s, orange, simple(Pass))
	do(t, s, white, simple(Pass))
	do(t, s, blue, decide(false))
	if s.Table.Palaces[blue][3] != adv(orange, Chemist, 0) || s.Table.Advisors[adv(white, Chemist, 0)].Where != Island {
		t.Fatal("kept: orange's chemist stays, white's goes to the island")
	}
	if s.Table.Step != StepPresent {
		t.Fatal("receiving should be over")
	}
}

// TestExternalConflictsInOwnersOrder: the owner chooses which external conflict comes first; a winner
// whose type is employed goes on to the internal conflict, the losers to the island at once.
func TestExternalConflictsInOwnersOrder(t *testing.T) {
	s := table(4, orange)
	s.put(adv(black, Writer, 0), orange, 2)
	s.wait(adv(black, Chemist, 0), orange)
	s.wait(adv(white, Chemist, 0), orange)
	s.wait(adv(white, Writer, 0), orange)
	s.wait(adv(blue, Writer, 0), orange)
	s.wait(adv(blue, Doctor, 0), orange)
	s.receive()
	// Stage I first: blue's doctor is in no conflict.
	do(t, s, blue, simple(Pass))
	do(t, s, orange, placeOn(adv(blue, Doctor, 0), 3))
	if s.Table.Step != StepChooseConflict {
		t.Fatalf("the owner should choose between two external conflicts, step %s", s.Table.Step)
	}
	legal := s.Legal(orange)
	if len(legal) != 2 {
		t.Fatalf("two conflicts to choose from, got %v", legal)
	}
	refused(t, s, orange, Move{Kind: ChooseConflict, Type: Doctor}, "no external conflict")
	do(t, s, orange, Move{Kind: ChooseConflict, Type: Writer})
	n := s.Table.Receive.Negotiation
	if n.Type != Writer || n.Speakers[0].Seat != white || n.Speakers[1].Seat != blue {
		t.Fatalf("writers first, white then blue: %+v", n)
	}
	// The writer type is employed: nobody may ask for a post, and the winner contests the 6,000 post.
	refused(t, s, white, offer(0, 1000), "already employed")
	do(t, s, white, offer(-1, 1000))
	do(t, s, orange, simple(Accept))
	do(t, s, blue, simple(Pass))
	refused(t, s, orange, admitOn(adv(white, Writer, 0), 0), "contests that post")
	evs := do(t, s, orange, admitOn(adv(white, Writer, 0), -1))
	if !hasEvent(evs, EvExiled, adv(blue, Writer, 0)) || !hasEvent(evs, EvToInternal, adv(white, Writer, 0)) {
		t.Fatal("blue's writer is exiled, white's goes on to the internal conflict")
	}
	if s.Table.Receive.Challenger[2] != adv(white, Writer, 0) {
		t.Fatal("white's writer should contest the 6,000 post")
	}
	// Then the chemists (the only conflict left opens at once), then the internal conflict.
	n = s.Table.Receive.Negotiation
	if n.Type != Chemist || n.Stage != StageExternal {
		t.Fatalf("chemists next: %+v", n)
	}
	do(t, s, black, simple(Pass))
	do(t, s, white, simple(Pass))
	do(t, s, orange, admitOn(adv(white, Chemist, 0), 0))
	n = s.Table.Receive.Negotiation
	if n.Stage != StageInternal || n.Post != 2 {
		t.Fatalf("internal conflict last: %+v", n)
	}
	do(t, s, black, simple(Pass))
	do(t, s, white, simple(Pass))
	do(t, s, orange, decide(true))
	if s.Table.Palaces[orange][2] != adv(white, Writer, 0) {
		t.Fatal("white's writer replaces black's on the 6,000 post")
	}
	if s.status(0) != Kept {
		t.Fatalf("orange's deal with white (win the writers) is kept: %+v", s.Table.Ledger[0])
	}
	if err := s.Table.checkPalaces(); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenRules: an applicant whose type is not in the palace must be admitted (no move exiles it),
// one advisor per post, all types different.
func TestGoldenRules(t *testing.T) {
	s := table(3, white)
	s.put(adv(orange, Chemist, 0), white, 0)
	s.wait(adv(black, Writer, 0), white)
	s.receive()
	do(t, s, black, offer(3, 0))
	do(t, s, white, simple(Refuse))
	for _, a := range s.Legal(white) {
		if m := a.(Move); m.Kind != Place || m.Post == 0 {
			t.Fatalf("only placing on a free post is possible, not %v", m)
		}
	}
	refused(t, s, white, placeOn(adv(black, Writer, 0), 0), "golden rule 1")
	refused(t, s, white, Move{Kind: Decide, Replace: true}, "not possible now")
	do(t, s, white, placeOn(adv(black, Writer, 0), 1))
	// Presenting to one's own palace is not allowed.
	refused(t, s, white, Move{Kind: Present, Type: Doctor, Palace: white}, "opponent's palace")
}

// TestEmptyPurseBankBribe: a seat with an empty purse may offer exactly 1,000, paid by the bank.
func TestEmptyPurseBankBribe(t *testing.T) {
	s := table(3, white)
	s.Purses[black] = 0
	s.Table.Log = append(s.Table.Log, Payment{Kind: PayBribe, From: black, To: Bank, Amount: StartingPurse})
	s.wait(adv(black, Writer, 0), white)
	s.receive()
	refused(t, s, black, offer(3, 2000), "empty purse")
	legal := s.Legal(black)
	for _, a := range legal {
		if m := a.(Move); m.Bribe > BankBribe {
			t.Fatalf("legal offers a bribe of %d from an empty purse", m.Bribe)
		}
	}
	do(t, s, black, offer(3, 1000))
	do(t, s, white, simple(Accept))
	if s.Purses[black] != 0 || s.Purses[white] != StartingPurse+1000 {
		t.Fatalf("the bank pays the 1,000: %v", s.Purses)
	}
	last := s.Table.Log[len(s.Table.Log)-1]
	if last.Kind != PayBankBribe || last.From != Bank || last.To != white {
		t.Fatalf("log: %+v", last)
	}
	if err := s.Table.checkPalaces(); err != nil {
		t.Fatal(err)
	}
}

// TestBribesWithinPurse: a bribe can never exceed the payer's purse, nor can a counter-price be taken
// beyond it; a declined counter costs nothing.
func TestBribesWithinPurse(t *testing.T) {
	s := table(3, white)
	s.Purses[black] = 4000
	s.Table.Log = append(s.Table.Log, Payment{Kind: PayBribe, From: black, To: Bank, Amount: StartingPurse - 4000})
	s.wait(adv(black, Writer, 0), white)
	s.wait(adv(orange, Doctor, 0), white)
	s.receive()
	// Orange speaks first (white's left is black? no: white is seat 2 of 3, its left is orange).
	if s.ToAct() != orange {
		t.Fatalf("orange is at white's left, got %s", colour(s.ToAct()))
	}
	do(t, s, orange, offer(3, 2000))
	refused(t, s, white, counter(2000), "above the 2000 offered")
	do(t, s, white, counter(6000))
	refused(t, s, white, simple(Accept), "not this seat's turn")
	do(t, s, orange, simple(DeclineCounter))
	refused(t, s, black, offer(3, 5000), "only 4000")
	do(t, s, black, offer(2, 3000))
	do(t, s, white, counter(5000))
	refused(t, s, black, simple(TakeCounter), "only 4000")
	do(t, s, black, simple(DeclineCounter))
	if s.Purses[black] != 4000 || s.Purses[orange] != StartingPurse || s.Purses[white] != StartingPurse {
		t.Fatalf("declined counters cost nothing: %v", s.Purses)
	}
	if len(s.Table.Ledger) != 0 {
		t.Fatalf("no deal was struck: %+v", s.Table.Ledger)
	}
}
