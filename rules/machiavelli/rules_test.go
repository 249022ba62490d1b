package machiavelli

import (
	"encoding/json"
	"strings"
	"testing"

	"principe/rules"
)

// setup builds a state with a chosen table, hands, free cards and stock.
func setup(t *testing.T, opt Options, table string, hands []string, free, stock string) *State {
	t.Helper()
	used := map[int]int{}
	s := &State{Opt: opt, RNG: rules.NewRNG(1), GameNo: 1, Dealer: rules.Seat(opt.Players - 1),
		Totals: make([]int, opt.Players), Wins: make([]int, opt.Players)}
	if table != "" {
		for _, m := range strings.Split(table, "|") {
			s.Table = append(s.Table, cards(t, m, used))
		}
	}
	for _, h := range hands {
		s.Hands = append(s.Hands, cards(t, h, used))
	}
	s.Free = cards(t, free, used)
	s.Stock = cards(t, stock, used)
	return s
}

func mustRefuse(t *testing.T, s *State, seat rules.Seat, a Action, want string) {
	t.Helper()
	before := s.Hash()
	_, err := s.Apply(seat, a)
	if err == nil {
		t.Fatalf("%v was accepted; want an error with %q", a, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%v: error %q does not say %q", a, err, want)
	}
	if s.Hash() != before {
		t.Fatalf("%v: a refused action changed the state", a)
	}
}

func TestPlayChecks(t *testing.T) {
	opt := BGA(2)
	s := setup(t, opt, "5S 5D 5C | 6H 7H 8H", []string{"5H 9H 4S 6S KD", "2C 3C 4C"}, "", "AS AD")
	tab := func(str string) [][]Card {
		// Cards already in play keep their identity: look them up by face.
		var out [][]Card
		for _, m := range strings.Split(str, "|") {
			var meld []Card
			for _, f := range strings.Fields(m) {
				face, _ := ParseFace(f)
				meld = append(meld, findFace(s, face))
			}
			out = append(out, meld)
		}
		return out
	}
	mustRefuse(t, s, 1, Draw(), "not this seat's turn")
	mustRefuse(t, s, 0, Play(tab("5S 5D 5C | 6H 7H 8H"), nil), "you laid no card")
	mustRefuse(t, s, 0, Play(tab("5S 5D 5C"), nil), "is missing: cards on the table stay on the table")
	mustRefuse(t, s, 0, Play(tab("5S 5D 5C | 6H 7H 8H | 2C 3C 4C"), nil), "not on the table, in your hand")
	mustRefuse(t, s, 0, Play(tab("5S 5D 5C | 6H 7H 8H 9H KD"), nil), "meld 2: 6♥ 7♥ 8♥ 9♥ K♦ is neither a set")
	mustRefuse(t, s, 0, Play(tab("5D 5C | 6H 7H 8H 9H | 4S 5S 6S"), nil), "meld 1: 5♦ 5♣ has only 2 cards")
	// The full rearrangement from the example: 5♠ moves into a new run, 5♥ replaces it.
	events, err := s.Apply(0, Play(tab("5H 5D 5C | 6H 7H 8H 9H | 4S 5S 6S"), nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Hands[0]) != 1 || len(events) != 1 || s.Turn != 1 {
		t.Fatalf("hand %v, events %v", s.Hands[0], events)
	}
	for i, m := range s.Table {
		if err := checkMeld(m, opt.AceWrap); err != nil {
			t.Fatalf("meld %d: %v", i+1, err)
		}
	}
}

func findFace(s *State, face int) Card {
	for _, m := range s.Table {
		for _, c := range m {
			if c.Face() == face {
				return c
			}
		}
	}
	for _, h := range s.Hands {
		for _, c := range h {
			if c.Face() == face {
				return c
			}
		}
	}
	for _, c := range s.Free {
		if c.Face() == face {
			return c
		}
	}
	return 0
}

func TestCapOnCardsPerTurn(t *testing.T) {
	opt := BGA(2)
	s := setup(t, opt, "", []string{"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS", "2C"}, "", "3D")
	run := append([]Card(nil), s.Hands[0][:13]...)
	if _, err := s.clone().Apply(0, Play([][]Card{run}, nil)); err != nil {
		t.Fatalf("13 cards should be allowed: %v", err)
	}
	// 14 cards: the run plus … there is no 14-card meld, so use two melds.
	s2 := setup(t, opt, "", []string{"AH 2H 3H 4H 5H 6H 7H AS 2S 3S 4S 5S 6S 7S", "2C"}, "", "3D")
	h := s2.Hands[0]
	mustRefuse(t, s2, 0, Play([][]Card{h[:7], h[7:]}, nil), "at most 13 may be played in one turn")
}

func TestJokerRuleNeedsTwoHandCards(t *testing.T) {
	opt := Coppola(2)
	s := setup(t, opt, "5H * 7H | 9C 10C JC", []string{"6H 8C", "2C"}, "", "3D 4D")
	tb, run, hand := s.Table[0], s.Table[1], s.Hands[0]
	joker := tb[1]
	// 6♥ replaces the joker; the joker joins 8♣ 9♣ 10♣ J♣ with just one hand card.
	mustRefuse(t, s, 0, Play([][]Card{{tb[0], hand[0], tb[2]}, {hand[1], run[0], run[1], run[2], joker}}, nil),
		"may only be used in a meld with at least two cards from your hand, and this one has 1")
	// Keeping it with a natural of its old meld is fine: 5♥ 6♥ 7♥ ★.
	if _, err := s.clone().Apply(0, Play([][]Card{{tb[0], hand[0], tb[2], joker}, run}, nil)); err != nil {
		t.Fatal(err)
	}
}

func TestJokerReusedWithTwoHandCards(t *testing.T) {
	opt := Coppola(2)
	s := setup(t, opt, "5H * 7H", []string{"6H 9C 10C", "2C"}, "", "3D 4D")
	tb, hand := s.Table[0], s.Hands[0]
	if _, err := s.Apply(0, Play([][]Card{{tb[0], hand[0], tb[2]}, {hand[1], hand[2], tb[1]}}, nil)); err != nil {
		t.Fatalf("joker with two hand cards: %v", err)
	}
}

func TestFreeCardsCountAsPlay(t *testing.T) {
	opt := Coppola(2)
	s := setup(t, opt, "5H 6H 7H", []string{"KC QD", "2C"}, "8H 2S", "3D 4D")
	m, free := s.Table[0], s.Free[0]
	mustRefuse(t, s, 0, Play([][]Card{append(append([]Card{}, m...), free)}, nil), "not listed among the free cards used")
	if _, err := s.Apply(0, Play([][]Card{append(append([]Card{}, m...), free)}, []Card{free})); err != nil {
		t.Fatal(err)
	}
	if len(s.Free) != 1 || len(s.Hands[0]) != 2 || s.Turn != 1 {
		t.Fatalf("free %v hand %v turn %d", s.Free, s.Hands[0], s.Turn)
	}
}

func TestRestoreFine(t *testing.T) {
	s := setup(t, BGA(2), "", []string{"5H", "2C"}, "", "3D 4D 5D 6D 7D")
	ev, err := s.Apply(0, Action{Kind: KindRestore})
	if err != nil || len(s.Hands[0]) != 4 || len(ev) != 1 {
		t.Fatalf("restore: %v, hand %v", err, s.Hands[0])
	}
	c := setup(t, Coppola(2), "", []string{"5H", "2C"}, "", "3D 4D")
	mustRefuse(t, c, 0, Action{Kind: KindRestore}, "no restore fine")
}

func TestStockDepletedEndsBGA(t *testing.T) {
	s := setup(t, BGA(2), "", []string{"5H 6C", "2C"}, "", "3D")
	if _, err := s.Apply(0, Draw()); err != nil {
		t.Fatal(err)
	}
	o := s.Outcome()
	if !s.Over() || len(o.Winners) != 1 || o.Winners[0] != 1 || o.Scores[0] != 3 || o.Scores[1] != 1 {
		t.Fatalf("over %v outcome %+v", s.Over(), o)
	}
	// Equal counts: a draw.
	d := setup(t, BGA(2), "", []string{"5H", "2C 3C"}, "", "3D")
	d.Apply(0, Draw())
	if o := d.Outcome(); len(o.Winners) != 0 {
		t.Fatalf("equal counts should draw, got %+v", o)
	}
}

func TestPassRoundEndsCoppola(t *testing.T) {
	s := setup(t, Coppola(2), "", []string{"5H KC", "2C *"}, "", "")
	mustRefuse(t, s, 0, Draw(), "stock is empty")
	if _, err := s.Apply(0, Action{Kind: KindPass}); err != nil {
		t.Fatal(err)
	}
	if s.Over() {
		t.Fatal("one pass must not end the game")
	}
	s.Apply(1, Action{Kind: KindPass})
	o := s.Outcome()
	// Seat 0 holds 5 + 10 = 15 points, seat 1 holds 5 + 25 = 30.
	if !s.Over() || o.Scores[0] != 15 || o.Scores[1] != 30 || len(o.Winners) != 1 || o.Winners[0] != 0 {
		t.Fatalf("outcome %+v", o)
	}
}

func TestGoingOutWinsAndMatchMovesDealer(t *testing.T) {
	st, err := machiavelliGame{}.NewState(json.RawMessage(`{"ruleset":"coppola","players":3,"games":2}`), 5)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.Dealer != 2 || s.Turn != 0 {
		t.Fatalf("dealer %d turn %d", s.Dealer, s.Turn)
	}
	// Make seat 0 hold just a meld and play it.
	s.Stock = append(s.Stock, s.Hands[0]...)
	s.Hands[0] = nil
	used := map[int]bool{}
	for _, c := range s.Stock {
		used[int(c)] = true
	}
	var meld []Card
	for _, f := range []int{0, 1, 2} { // A♠ 2♠ 3♠
		for i, c := range s.Stock {
			if c.Face() == f {
				meld = append(meld, c)
				s.Stock = append(s.Stock[:i], s.Stock[i+1:]...)
				break
			}
		}
	}
	if len(meld) != 3 {
		t.Skip("cards not in the stock for this seed")
	}
	s.Hands[0] = meld
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	events, err := s.Apply(0, Play([][]Card{meld}, nil))
	if err != nil {
		t.Fatal(err)
	}
	var end *GameEndEvent
	for _, e := range events {
		if g, ok := e.(GameEndEvent); ok {
			end = &g
		}
	}
	if end == nil || len(end.Winners) != 1 || end.Winners[0] != 0 || end.Scores[0] != 0 {
		t.Fatalf("events %v", events)
	}
	if s.Over() || s.GameNo != 2 || s.Dealer != 0 || s.Turn != 1 || s.Wins[0] != 1 {
		t.Fatalf("second game: over %v game %d dealer %d turn %d wins %v", s.Over(), s.GameNo, s.Dealer, s.Turn, s.Wins)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestObservationHidesOtherHands(t *testing.T) {
	st, _ := machiavelliGame{}.NewState(nil, 3)
	s := st.(*State)
	o := s.Observe(1).(*Observation)
	data, _ := json.Marshal(o)
	for _, c := range s.Hands[0] {
		if strings.Contains(string(data), `"`+string(mustText(c))+`"`) && !inTableOrFree(s, c) {
			t.Fatalf("seat 1's observation shows %v from seat 0's hand", c)
		}
	}
	if o.StockSize != len(s.Stock) || len(o.Hand) != len(s.Hands[1]) {
		t.Fatal("observation sizes wrong")
	}
}

func mustText(c Card) []byte { b, _ := c.MarshalText(); return b }

func inTableOrFree(s *State, c Card) bool {
	for _, m := range s.Table {
		for _, x := range m {
			if x == c {
				return true
			}
		}
	}
	for _, x := range s.Free {
		if x == c {
			return true
		}
	}
	return false
}

func TestDecodeAndOptions(t *testing.T) {
	if _, err := decodeAction([]byte(`{"kind":"steal"}`)); err == nil {
		t.Fatal("unknown kind accepted")
	}
	a := Play([][]Card{{NewCard(7, Hearts, 1), Joker(0), NewCard(9, Hearts, 0)}}, nil)
	data, _ := json.Marshal(a)
	b, err := decodeAction(data)
	if err != nil || b.String() != a.String() || b.Table[0][0] != a.Table[0][0] {
		t.Fatalf("round trip %s -> %v %v", data, b, err)
	}
	for _, bad := range []string{`{"ruleset":"uno"}`, `{"players":1}`, `{"jokers":3}`, `{"ruleset":"bga","players":7}`, `{"colour":1}`} {
		if _, err := ParseOptions(json.RawMessage(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	o, err := ParseOptions(json.RawMessage(`{"ruleset":"bga","players":7,"decks":3}`))
	if err != nil || o.Deal != 15 || o.AceWrap {
		t.Fatalf("%+v %v", o, err)
	}
}

func TestParsePosition(t *testing.T) {
	p, err := ParsePosition("7H 8H 9H | QS QD QC", "10H JH 2C 7H", "5S 9D", Coppola(4))
	if err != nil || len(p.Table) != 2 || len(p.Hand) != 4 || len(p.Free) != 2 || p.Hand[3].Copy() != 1 {
		t.Fatalf("%+v %v", p, err)
	}
	for _, c := range []struct{ table, hand, free, ruleset, want string }{
		{"7H 8H 10H", "2C", "", "coppola", "table meld 1: 7♥ 8♥ 10♥ is not a run — 9♥ is missing"},
		{"", "2C 2C 2C", "", "coppola", "2♣ appears more often than the 2 copies"},
		{"", "* 2C", "", "bga", "without jokers"},
		{"", "2X", "", "bga", "the suit must be S, H, D or C"},
		{"", "2C", "5S", "bga", "no free cards"},
	} {
		opt := Coppola(4)
		if c.ruleset == "bga" {
			opt = BGA(4)
		}
		_, err := ParsePosition(c.table, c.hand, c.free, opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q %q %q: got %v, want %q", c.table, c.hand, c.free, err, c.want)
		}
	}
}

func TestSolveExamples(t *testing.T) {
	for _, c := range []struct {
		ruleset, table, hand, free string
		placed                     int
	}{
		{"bga", "5S 5D 5C | 6H 7H 8H", "5H 9H 4S 6S", "", 4}, // BGA's own rearrangement example
		{"bga", "5S 5H 5D 5C | 6H 7H 8H", "KS", "", 0},       // nothing fits
		{"bga", "QC KC AC", "2C", "", 0},                     // no wrap in BGA
		{"coppola", "QC KC AC", "2C", "", 1},                 // wrap in Coppola
		{"coppola", "7H * 9H", "8H 10H JH", "", 3},           // the joker moves on
		{"coppola", "", "", "5S 6S 7S", 0},                   // free cards alone: a play, but no hand card
	} {
		opt := Coppola(4)
		if c.ruleset == "bga" {
			opt = BGA(4)
		}
		p, err := ParsePosition(c.table, c.hand, c.free, opt)
		if err != nil {
			t.Fatal(err)
		}
		sol := Solve(p, opt)
		if sol.Placed != c.placed {
			t.Errorf("%s %q + %q: placed %d, want %d (%v)", c.ruleset, c.table, c.hand, sol.Placed, c.placed, sol.Steps)
		}
		if c.free != "" && !sol.Found() {
			t.Errorf("free cards alone should make a play")
		}
		if sol.Found() && len(sol.Steps) == 0 {
			t.Errorf("%q: no steps", c.table)
		}
	}
}
