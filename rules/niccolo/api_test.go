package niccolo

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"principe/rules"
)

// Illegal actions are refused with a reason and leave the state untouched.
func TestIllegalActionsLeaveStateUntouched(t *testing.T) {
	s := build(t, table{first: 1, cardPlay: true, markers: allOn(Influence), squares: homes,
		hands: [4][]Card{1: {Bribery, Rumour, Accusation, Signoria, ColouredCard(Red, Favour)}}})
	cases := []struct {
		seat int
		m    Move
		want string
	}{
		{0, Move{Kind: PlayCard, Card: Bribery}, "Sforza's turn"},
		{1, Move{Kind: PlayCard, Card: ColouredCard(Blue, Fortune), Marker: Blue, Zone: Fortune}, "no blue-fortune card"},
		{1, Move{Kind: PlayCard, Card: ColouredCard(Red, Favour), Marker: Blue, Zone: Favour}, "moves the red marker"},
		{1, Move{Kind: PlayCard, Card: Rumour, Marker: Red, Zone: Fortune}, "Influence only"},
		{1, Move{Kind: PlayCard, Card: Accusation, Marker: Red, Zone: Favour}, "Inquisition only"},
		{1, Move{Kind: PlayCard, Card: Signoria, Marker: Blue}, "names no marker"},
		{1, Move{Kind: PlayCard, Card: Bribery, Clockwise: true}, "no direction"},
		{1, Move{Kind: PlayCard, Card: 40}, "no card"},
		{1, Move{Kind: PlayCard, Card: Bribery, Zone: 9}, "no rule zone"},
		{1, Move{Kind: JumpMove}, "no token move"},
		{1, Move{Kind: TakeGambado}, "no token move"},
		{1, Move{Kind: 9}, "unknown kind"},
		{7, Move{Kind: PlayCard, Card: Bribery}, "no seat"},
	}
	for _, c := range cases {
		before := s.Hash()
		err := s.Play(c.seat, c.m, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v by %d: error %v, want %q", c.m, c.seat, err, c.want)
		}
		if s.Hash() != before {
			t.Errorf("%v changed the state", c.m)
		}
	}
	if err := s.Play(0, Move{Kind: PlayCard, Card: Bribery}, nil); !errors.Is(err, rules.ErrNotYourTurn) {
		t.Errorf("out of turn: %v", err)
	}
	// During a landing choice and a gambado choice.
	s = build(t, table{first: 0, markers: [4]Zone{Inquisition, Inquisition, Influence, Inquisition}, squares: [4]int{4, 6, 16, 24}, progress: &[4]int{4, 30, 0, 0}})
	moving(t, s)
	for _, c := range []struct {
		m    Move
		want string
	}{
		{Move{Kind: PlayCard, Card: Bribery}, "refuses or jumps"},
		{Move{Kind: TakeGambado}, "refuses or jumps"},
		{Move{Kind: DeclineGambado}, "refuses or jumps"},
	} {
		before := s.Hash()
		if err := s.Play(0, c.m, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v", c.m, err)
		}
		if s.Hash() != before {
			t.Errorf("%v changed the state", c.m)
		}
	}
	// Generic API: a foreign action and a nil pointer.
	if _, err := s.Apply(0, nil); err == nil {
		t.Error("nil action accepted")
	}
	if _, err := s.Apply(0, (*Move)(nil)); err == nil {
		t.Error("nil *Move accepted")
	}
}

// Legal lists every distinct choice once: a Bribery offers 24, a Rumour and an
// Accusation 4 each, a Signoria 2, a coloured card 1; duplicates in hand give one.
func TestLegalListsEachChoiceOnce(t *testing.T) {
	s := build(t, table{first: 0, cardPlay: true, markers: allOn(Influence), squares: homes,
		hands: [4][]Card{0: {Bribery, Rumour, Accusation, Signoria, Signoria}}})
	moves := s.LegalMoves(nil)
	if len(moves) != 24+4+4+2 {
		t.Fatalf("%d moves: %v", len(moves), moves)
	}
	seen := map[Move]bool{}
	for _, m := range moves {
		if seen[m] {
			t.Fatalf("%v listed twice", m)
		}
		seen[m] = true
		if err := s.Validate(0, m); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
	}
	// No question is asked when the landing square is free.
	s = build(t, table{first: 0, markers: allOn(Influence), squares: homes})
	ev := moving(t, s)
	if len(find[LandingBlocked](ev)) != 0 || len(find[GambadoOffered](ev)) != 0 || s.phase != CardPlay {
		t.Fatalf("a free move asked a question: %v", ev)
	}
}

// Signoria turns all four markers one zone along the ring.
func TestSignoria(t *testing.T) {
	for _, cw := range []bool{true, false} {
		s := build(t, table{first: 0, cardPlay: true, markers: [4]Zone{Fortune, Scandal, Influence, Inquisition}, squares: homes,
			hands: [4][]Card{0: {Signoria}}})
		play(t, s, 0, Move{Kind: PlayCard, Card: Signoria, Clockwise: cw})
		want := [4]Zone{Scandal, Favour, Inquisition, Fortune}
		if !cw {
			want = [4]Zone{Inquisition, Fortune, Disgrace, Influence}
		}
		if s.markers != want {
			t.Fatalf("clockwise %v: %v, want %v", cw, s.markers, want)
		}
	}
}

// Playing a card and a move choice allocate nothing when no events are wanted.
func TestPlayDoesNotAllocate(t *testing.T) {
	base, _ := NewGame(Config{}, 5, nil)
	var buf [64]Move
	allocs := testing.AllocsPerRun(200, func() {
		s := base
		for i := 0; i < 40 && !s.Over(); i++ {
			moves := s.LegalMoves(buf[:0])
			_ = s.Play(s.ToActSeat(), moves[i%len(moves)], nil)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per 40 actions", allocs)
	}
}

// Drawn cards are visible only to the seat that drew them.
func TestForSeatHidesOtherDraws(t *testing.T) {
	st, err := Game{}.NewState(nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	ev := st.(*State).OpeningEvents()
	for seat := rules.Seat(0); seat < 4; seat++ {
		shown := 0
		for _, e := range ForSeat(ev, seat) {
			if d, ok := e.(CardDrawn); ok {
				if d.Hidden == (d.Seat == seat) {
					t.Fatalf("seat %d sees %v", seat, d)
				}
				if !d.Hidden {
					shown++
				}
			}
		}
		if shown != 5 {
			t.Fatalf("seat %d sees %d of its own draws", seat, shown)
		}
	}
	for _, e := range ForSeat(ev, rules.NoSeat) {
		if d, ok := e.(CardDrawn); ok && !d.Hidden {
			t.Fatal("a spectator sees a drawn card")
		}
	}
}

// The observation never shows another hand or a pile's order.
func TestObservationHidesSecrets(t *testing.T) {
	st, _ := Game{}.NewState(nil, 11)
	s := st.(*State)
	seat := s.ToAct()
	a := mustJSON(t, s.Observe(seat))
	other := *s
	for t2 := 0; t2 < 4; t2++ { // swap another hand with its pile's top, reverse every pile
		if rules.Seat(t2) != seat {
			other.hand[t2][0], other.pile[t2][0] = other.pile[t2][0], other.hand[t2][0]
		}
		slices.Reverse(other.pile[t2][:other.pileN[t2]])
	}
	if b := mustJSON(t, other.Observe(seat)); a != b || other.Hash() == s.Hash() {
		t.Fatal("the observation depends on another hand or a pile's order")
	}
	re := s.Resample(seat, new(rules.NewRNG(1)))
	if b := mustJSON(t, re.Observe(seat)); a != b {
		t.Fatalf("resampled observation differs")
	}
	if re.Hash() == s.Hash() {
		t.Fatal("resample changed nothing hidden")
	}
	var o Observation
	if err := json.Unmarshal([]byte(a), &o); err != nil {
		t.Fatal(err)
	}
	for t2 := 0; t2 < 4; t2++ {
		if o.HandSizes[t2] == 0 && !s.envoy[t2] {
			t.Fatal("hand size missing")
		}
	}
	if strings.Contains(a, `"pile"`) || strings.Contains(a, `"hands"`) {
		t.Fatal("observation holds piles or hands")
	}
}

// Options: the JSON shape, defaults and errors.
func TestOptions(t *testing.T) {
	good := map[string]Config{
		``:                                     {},
		`{"seats":["player","human","envoy"]}`: {Envoy: [4]bool{false, false, true, true}},
		`{"seats":["envoy","player"]}`:         {Envoy: [4]bool{true, false, true, true}, Variant: Solitaire},
		`{"variant":"partner"}`:                {Variant: Partner},
		`{"seats":["player","player"],"variant":"standard"}`: {Envoy: [4]bool{false, false, true, true}},
	}
	for in, want := range good {
		got, err := ParseOptions(json.RawMessage(in))
		if err != nil || got != want {
			t.Errorf("%s: %+v, %v", in, got, err)
		}
	}
	for _, in := range []string{`{"seats":["envoy"]}`, `{"seats":["player"],"variant":"standard"}`, `{"variant":"solitaire"}`,
		`{"seats":["robot"]}`, `{"variant":"chess"}`, `{"seat":[]}`, `[`, `{"seats":["player","player","player","player","player"]}`} {
		if _, err := (Game{}).NewState(json.RawMessage(in), 1); err == nil {
			t.Errorf("%s accepted", in)
		}
	}
}

// Moves round-trip through JSON, and bad JSON is refused.
func TestMoveJSON(t *testing.T) {
	for _, in := range []string{`{"kind":"play","card":"bribery","marker":"red","zone":"fortune"}`,
		`{"kind":"play","card":"signoria","clockwise":true}`, `{"kind":"play","card":"rumour","marker":"blue"}`,
		`{"kind":"play","card":"yellow-scandal"}`, `{"kind":"jump"}`, `{"kind":"no-gambado"}`} {
		a, err := Game{}.DecodeAction([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if out := mustJSON(t, a); out != in {
			t.Errorf("%s came back as %s", in, out)
		}
	}
	for _, in := range []string{`{"kind":"fly"}`, `{"kind":"play"}`, `{"kind":"play","card":"bribery","marker":"red"}`,
		`{"kind":"play","card":"rumour","marker":"red","zone":"fortune"}`, `{"kind":"jump","card":"bribery"}`,
		`{"kind":"play","card":"red-favour","zone":"fortune"}`, `{"kind":"play","card":"signoria","marker":"red"}`, `7`} {
		if _, err := (Game{}).DecodeAction([]byte(in)); err == nil {
			t.Errorf("%s accepted", in)
		}
	}
}

// DecodeAction never panics, and whatever it accepts marshals back to JSON it accepts.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{`{"kind":"play","card":"bribery","marker":"red","zone":"fortune"}`, `{"kind":"jump"}`,
		`{"kind":"play","card":"signoria","clockwise":true}`, `{"kind":"play","card":"rumour","marker":"blue"}`, `[]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Game{}.DecodeAction(data)
		if err != nil {
			return
		}
		out, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("%s decoded to %v, which does not marshal: %v", data, a, err)
		}
		b, err := Game{}.DecodeAction(out)
		if err != nil || b != a {
			t.Fatalf("%s → %s → %v, %v", data, out, b, err)
		}
	})
}
