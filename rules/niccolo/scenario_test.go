package niccolo

import (
	"slices"
	"testing"

	"principe/rules"
)

// The board satisfies everything the rulebook implies.
func TestBoardProperties(t *testing.T) {
	var per [4]int
	for sq := 0; sq < TrackLength; sq++ {
		per[SquareColour(sq)]++
		if SquareColour(sq) == SquareColour(sq+1) {
			t.Errorf("squares %d and %d share a colour", sq, wrap(sq+1))
		}
	}
	if per != [4]int{8, 8, 8, 8} {
		t.Errorf("squares per colour = %v, want 8 each", per)
	}
	want := [4]Colour{Green, Blue, Yellow, Red}
	for f := 0; f < 4; f++ {
		if SquareColour(Home(f)) != want[f] {
			t.Errorf("%s's home is %s, want %s", FamilyNames[f], SquareColour(Home(f)), want[f])
		}
		if SquareColour(Home(f)+6) != want[f] {
			t.Errorf("%s's home colour does not repeat 6 squares ahead", FamilyNames[f])
		}
	}
}

// Figure 2: the first player plays a green Favour; the green marker moves to Favour.
func TestFigure2GreenFavour(t *testing.T) {
	s := build(t, table{first: 2, cardPlay: true, markers: allOn(Influence), squares: homes,
		hands: [4][]Card{2: {ColouredCard(Green, Favour)}}})
	ev := play(t, s, 2, Move{Kind: PlayCard, Card: ColouredCard(Green, Favour), Marker: Green, Zone: Favour})
	mm := find[MarkerMoved](ev)
	if len(mm) != 1 || mm[0] != (MarkerMoved{Marker: Green, From: Influence, To: Favour}) {
		t.Fatalf("marker events %v", mm)
	}
	if s.markers[Green] != Favour || s.ToActSeat() != 3 {
		t.Fatalf("green on %s, %d to act", s.markers[Green], s.ToActSeat())
	}
	if got := s.discard[2][:s.discardN[2]]; !slices.Equal(got, []Card{ColouredCard(Green, Favour)}) {
		t.Fatalf("discard pile %v", got)
	}
}

// Figure 3: in the first round Coins stands on red under Inquisition and stays, while
// Dog makes a Gambado Reale (0 → 6 → 12).
func TestFigure3InquisitionAndGambadoReale(t *testing.T) {
	s := build(t, table{first: 0, markers: [4]Zone{Red: Inquisition, Green: Fortune, Blue: Influence, Yellow: Disgrace}, squares: homes})
	ev := moving(t, s)
	if s.choice != GambadoChoice || s.ToActSeat() != 0 {
		t.Fatalf("Dog should be offered a gambado; choice %s, %d to act", s.choice, s.ToActSeat())
	}
	if m := movesOfSeat(ev, 0); len(m) != 1 || !slices.Equal(m[0].Path, []int{1, 2, 3, 4, 5, 6}) {
		t.Fatalf("Dog's first leg %v", m)
	}
	ev = play(t, s, 0, Move{Kind: TakeGambado})
	m := movesOfSeat(ev, 0)
	if len(m) != 1 || !m[0].Gambado || !slices.Equal(m[0].Path, []int{7, 8, 9, 10, 11, 12}) || m[0].Progress != 12 {
		t.Fatalf("Dog's gambado %v", m)
	}
	stay := find[TokenStayed](ev)
	if len(stay) != 1 || stay[0].Seat != 3 || stay[0].Square != 24 || stay[0].Marker != Red {
		t.Fatalf("Coins should stay under Inquisition: %v", stay)
	}
	if len(movesOfSeat(ev, 3)) != 0 {
		t.Fatal("Coins moved")
	}
	if c := movesOfSeat(ev, 1); len(c) != 1 || c[0].To != 10 {
		t.Fatalf("Cannon %v", c)
	}
	if f := movesOfSeat(ev, 2); len(f) != 1 || f[0].To != 14 || f[0].Progress != -2 {
		t.Fatalf("Flag %v", f)
	}
	if p := find[TurnMarkersPassed](ev); len(p) != 1 || p[0].First != 1 {
		t.Fatalf("turn markers %v", p)
	}
}

// A token on any home square with its colour on Fortune leaps 12.
func TestGambadoRealeFromEveryHome(t *testing.T) {
	for f := 0; f < 4; f++ {
		markers := allOn(Inquisition)
		markers[SquareColour(Home(f))] = Fortune
		s := build(t, table{first: f, markers: markers, squares: homes})
		moving(t, s)
		if s.choice != GambadoChoice {
			t.Fatalf("%s: no gambado offered", FamilyNames[f])
		}
		play(t, s, f, Move{Kind: TakeGambado})
		if s.progress[f] != 12 || int(s.square[f]) != wrap(Home(f)+12) {
			t.Fatalf("%s: progress %d on %d", FamilyNames[f], s.progress[f], s.square[f])
		}
	}
}

// Bloccare: when 2nd and 3rd Turn put 1st Turn into Disgrace in the opening round,
// 1st Turn's token blocks 4th Turn's Fortune target, so 4th Turn's best is a 7-square
// jump (no Gambado Reale).
func TestBloccare(t *testing.T) {
	for first := 0; first < 4; first++ {
		fourth := (first + 3) & 3
		for _, jump := range []bool{true, false} {
			markers := allOn(Inquisition)
			markers[SquareColour(Home(first))] = Disgrace
			markers[SquareColour(Home(fourth))] = Fortune
			s := build(t, table{first: first, markers: markers, squares: homes})
			ev := moving(t, s)
			if int(s.square[first]) != wrap(Home(first)-2) {
				t.Fatalf("1st Turn on %d", s.square[first])
			}
			b := find[LandingBlocked](ev)
			if len(b) != 1 || int(b[0].Seat) != fourth || b[0].Jump != wrap(Home(fourth)+7) || b[0].Refuse != wrap(Home(fourth)+5) {
				t.Fatalf("4th Turn should be blocked: %v", b)
			}
			m := Move{Kind: RefuseMove}
			want := 5
			if jump {
				m, want = Move{Kind: JumpMove}, 7
			}
			ev = play(t, s, fourth, m)
			if int(s.progress[fourth]) != want || len(find[GambadoOffered](ev)) != 0 {
				t.Fatalf("4th Turn made %d (want %d), events %v", s.progress[fourth], want, ev)
			}
		}
	}
}

// Finta: late in the game 1st Turn moves its own token backward onto the home square
// before its own; next round its colour on Fortune gives a Gambado Reale that leaps
// over its home and wins, in the middle of the moving phase.
func TestFintaThenWinByLeapingOverHome(t *testing.T) {
	// Sforza (home 8) stands on square 2 (yellow) with progress 26.
	markers := allOn(Inquisition)
	markers[Yellow] = Disgrace
	s := build(t, table{first: 1, markers: markers, squares: [4]int{20, 2, 27, 30},
		progress: &[4]int{20, 26, 11, 6}})
	moving(t, s)
	if s.square[1] != 0 || s.progress[1] != 24 {
		t.Fatalf("Sforza on %d with progress %d after the Finta", s.square[1], s.progress[1])
	}
	// Next round: Sforza on Visconti's home (green) with green on Fortune.
	markers = allOn(Inquisition)
	markers[Green] = Fortune
	s = build(t, table{first: 1, markers: markers, squares: [4]int{20, 0, 27, 30}, progress: &[4]int{20, 24, 11, 6}})
	ev := moving(t, s)
	ev = append(ev, play(t, s, 1, Move{Kind: TakeGambado})...)
	if !s.Over() || !slices.Equal(s.Winners(), []rules.Seat{1}) || s.progress[1] != 36 {
		t.Fatalf("Sforza should win: over %v winners %v progress %d", s.Over(), s.Winners(), s.progress[1])
	}
	if w := find[GameWon](ev); len(w) != 1 {
		t.Fatalf("win events %v", w)
	}
	for seat := 2; seat < 4; seat++ { // later tokens do not move
		if len(movesOfSeat(ev, seat)) != 0 {
			t.Fatalf("%s moved after the win", FamilyNames[seat])
		}
	}
}

// Refusing with no free square before the landing square leaves the token in place.
func TestRefuseWithNoFreeSquare(t *testing.T) {
	// Dog on 4 (blue, Influence +2); squares 5 and 6 are taken.
	s := build(t, table{first: 0, markers: [4]Zone{Inquisition, Inquisition, Influence, Inquisition}, squares: [4]int{4, 5, 6, 24}})
	ev := moving(t, s)
	if b := find[LandingBlocked](ev); len(b) != 1 || b[0].Refuse != 4 || b[0].Jump != 7 {
		t.Fatalf("blocked %v", b)
	}
	ev = play(t, s, 0, Move{Kind: RefuseMove})
	m := movesOfSeat(ev, 0)
	if len(m) != 1 || m[0].From != 4 || m[0].To != 4 || len(m[0].Path) != 0 || !m[0].Refused || s.progress[0] != 4 {
		t.Fatalf("refusal %v", m)
	}
	if len(find[GambadoOffered](ev)) != 0 {
		t.Fatal("a token that did not move was offered a gambado")
	}
}

// A jump passes over several tokens to the nearest free square.
func TestJumpOverSeveralTokens(t *testing.T) {
	// Dog on 4 (blue, Influence +2) → 6 taken, 7 and 8 taken: the jump lands on 9.
	s := build(t, table{first: 0, markers: [4]Zone{Inquisition, Inquisition, Influence, Inquisition}, squares: [4]int{4, 6, 7, 8},
		progress: &[4]int{4, 30, 23, 16}})
	moving(t, s)
	ev := play(t, s, 0, Move{Kind: JumpMove})
	m := movesOfSeat(ev, 0)
	if len(m) != 1 || m[0].To != 9 || !slices.Equal(m[0].Path, []int{5, 6, 7, 8, 9}) || !m[0].Jumped || s.progress[0] != 9 {
		t.Fatalf("jump %v", m)
	}
	// The log names the tokens leapt over, in the order they were passed.
	if !slices.Equal(m[0].Over, []rules.Seat{1, 2, 3}) {
		t.Fatalf("jumped over %v, want Cannon, Flag, Coins", m[0].Over)
	}
}

// Backward moves may refuse and jump too.
func TestBackwardRefuseAndJump(t *testing.T) {
	for _, jump := range []bool{true, false} {
		// Dog on 10 (red, Disgrace −2): 8 is taken.
		s := build(t, table{first: 0, markers: [4]Zone{Disgrace, Inquisition, Inquisition, Inquisition}, squares: [4]int{10, 8, 16, 24}})
		moving(t, s)
		m, to, prog := Move{Kind: RefuseMove}, 9, 9
		if jump {
			m, to, prog = Move{Kind: JumpMove}, 7, 7
		}
		play(t, s, 0, m)
		if int(s.square[0]) != to || int(s.progress[0]) != prog {
			t.Fatalf("jump %v: on %d with progress %d", jump, s.square[0], s.progress[0])
		}
	}
}

// Jumping over one's own home completes the circuit; so does landing exactly on it.
func TestJumpingOverOwnHomeWins(t *testing.T) {
	// Sforza on 6 (green, Influence +2) with progress 30; Flag sits on Sforza's home.
	s := build(t, table{first: 1, markers: [4]Zone{Inquisition, Influence, Inquisition, Inquisition}, squares: [4]int{20, 6, 8, 24},
		progress: &[4]int{20, 30, 24, 0}})
	moving(t, s)
	ev := play(t, s, 1, Move{Kind: JumpMove})
	if !s.Over() || !slices.Equal(s.Winners(), []rules.Seat{1}) || s.square[1] != 9 {
		t.Fatalf("winners %v, Sforza on %d; %v", s.Winners(), s.square[1], ev)
	}
	if s.Legal(1) != nil || s.ToAct() != rules.NoSeat {
		t.Fatal("someone may still act")
	}
	// Landing exactly on home.
	s = build(t, table{first: 1, markers: [4]Zone{Inquisition, Influence, Inquisition, Inquisition}, squares: [4]int{20, 6, 16, 24},
		progress: &[4]int{20, 30, 0, 0}})
	moving(t, s)
	if !s.Over() || s.square[1] != 8 {
		t.Fatalf("landing on home: over %v, on %d", s.Over(), s.square[1])
	}
}

// Envoys jump and take the Gambado going forward, refuse and decline going backward,
// and ignore silver cards.
func TestEnvoyChoices(t *testing.T) {
	envoys := [4]bool{true, false, true, true}
	t.Run("forward: jump and gambado", func(t *testing.T) {
		// Envoy Dog on 0 (green, Fortune): 6 is taken, so it jumps to 7 (red) … no
		// gambado; put red under Fortune too? Keep it simple: a gambado from home.
		markers := allOn(Inquisition)
		markers[Green] = Fortune
		s := build(t, table{envoy: envoys, first: 0, markers: markers, squares: [4]int{0, 6, 16, 24}, progress: &[4]int{0, 30, 0, 0}})
		ev := moving(t, s)
		m := movesOfSeat(ev, 0)
		if len(m) != 1 || !m[0].Jumped || m[0].To != 7 || len(find[LandingBlocked](ev)) != 0 {
			t.Fatalf("envoy should jump: %v", m)
		}
		s = build(t, table{envoy: envoys, first: 0, markers: markers, squares: [4]int{0, 8, 16, 12}, progress: &[4]int{0, 0, 0, 20}})
		ev = moving(t, s)
		m = movesOfSeat(ev, 0)
		// 0 → 6 (green again): gambado taken; 12 is taken, so it jumps to 13.
		if len(m) != 2 || !m[1].Gambado || !m[1].Jumped || m[1].To != 13 || s.progress[0] != 13 {
			t.Fatalf("envoy gambado: %v", m)
		}
	})
	t.Run("backward: refuse, no gambado", func(t *testing.T) {
		// Envoy Flag on 18 (green, Disgrace −2): 16 is taken, so it refuses to 17.
		markers := allOn(Inquisition)
		markers[Green] = Disgrace
		s := build(t, table{envoy: envoys, first: 2, markers: markers, squares: [4]int{0, 16, 18, 24}, progress: &[4]int{0, 8, 2, 0}})
		ev := moving(t, s)
		m := movesOfSeat(ev, 2)
		if len(m) != 1 || !m[0].Refused || m[0].To != 17 {
			t.Fatalf("envoy should refuse: %v", m)
		}
		// Envoy Dog on 4 (blue, Disgrace −2): 2 is taken. A jump would land on 1, blue
		// again, and open a gambado; the envoy refuses to 3 instead.
		markers = allOn(Inquisition)
		markers[Blue] = Disgrace
		s = build(t, table{envoy: envoys, first: 0, markers: markers, squares: [4]int{4, 2, 16, 24}, progress: &[4]int{4, 26, 0, 0}})
		ev = moving(t, s)
		m = movesOfSeat(ev, 0)
		if len(m) != 1 || !m[0].Refused || m[0].To != 3 || len(find[GambadoTaken](ev)) != 0 {
			t.Fatalf("envoy backward: %v", m)
		}
	})
	t.Run("silver card ignored", func(t *testing.T) {
		// Sforza plays; then the envoys Soderini, Medici, Visconti draw and play.
		s := build(t, table{envoy: envoys, first: 1, cardPlay: true, markers: allOn(Influence), squares: homes,
			pileTop: [4][]Card{0: {Signoria}, 2: {Bribery}, 3: {ColouredCard(Green, Favour)}}})
		hand := s.hand[1][0]
		ev := play(t, s, 1, s.LegalMoves(nil)[0])
		played := find[CardPlayed](ev)[:4]
		if len(played) != 4 || played[0].Move.Card != hand || !played[1].Envoy || !played[1].Ignored || played[2].Ignored || !played[3].Ignored {
			t.Fatalf("plays %v", played)
		}
		if played[2].Move.Card != ColouredCard(Green, Favour) {
			t.Fatalf("Medici envoy played %v", played[2])
		}
		var moved []MarkerMoved
		for _, e := range ev[:slices.Index(ev, Event(played[3]))] {
			if m, ok := e.(MarkerMoved); ok {
				moved = append(moved, m)
			}
		}
		if len(moved) != 2 || moved[1] != (MarkerMoved{Marker: Green, From: Influence, To: Favour}) {
			t.Fatalf("marker moves %v", moved)
		}
	})
}

// Solitaire: a player who cannot draw at the start of a round loses; a win scores
// the cards left in the pile.
func TestSolitaireLossAndScore(t *testing.T) {
	envoys := [4]bool{true, true, false, true}
	s := build(t, table{variant: Solitaire, envoy: envoys, first: 0, markers: allOn(Inquisition), squares: homes, piles: &[4]int{4, 4, 0, 4}})
	ev := moving(t, s) // everyone stays; the next round cannot be replenished
	lost := find[GameLost](ev)
	if !s.Over() || len(lost) != 1 || lost[0].Seat != 2 || len(s.Winners()) != 0 || len(find[Reshuffled](ev)) != 0 {
		t.Fatalf("over %v, lost %v, events %v", s.Over(), lost, ev)
	}
	if o := s.Outcome(); len(o.Winners) != 0 || o.Scores[2] != 0 {
		t.Fatalf("outcome %+v", o)
	}
	// A win with 5 cards left in the pile scores 5.
	markers := allOn(Inquisition)
	markers[Blue] = Influence // Soderini on 14 (blue) reaches 16
	s = build(t, table{variant: Solitaire, envoy: envoys, first: 0, markers: markers, squares: [4]int{0, 8, 14, 24}, progress: &[4]int{0, 0, 30, 0},
		piles: &[4]int{8, 8, 5, 8}})
	ev = moving(t, s)
	if w := find[GameWon](ev); len(w) != 1 || w[0].Score != 5 || s.Outcome().Scores[2] != 5 {
		t.Fatalf("win %v outcome %+v", w, s.Outcome())
	}
}

// A standard game reshuffles when a pile runs out: all 64 cards, four piles of 16,
// fresh hands of 5.
func TestReshuffle(t *testing.T) {
	s := build(t, table{first: 3, markers: allOn(Inquisition), squares: homes, piles: &[4]int{3, 0, 3, 3}})
	ev := moving(t, s)
	if r := find[Reshuffled](ev); len(r) != 1 || r[0].By != 0 {
		t.Fatalf("reshuffle %v", r)
	}
	for seat := 0; seat < 4; seat++ {
		if s.pileN[seat] != 11 || s.handN[seat] != 5 || s.discardN[seat] != 0 {
			t.Fatalf("seat %d: pile %d hand %d discards %d", seat, s.pileN[seat], s.handN[seat], s.discardN[seat])
		}
	}
	if len(find[CardDrawn](ev)) != 20 || s.ToActSeat() != 0 || s.round != 2 {
		t.Fatalf("draws %d, to act %d, round %d", len(find[CardDrawn](ev)), s.ToActSeat(), s.round)
	}
}

// Partner Niccolò: a finished token leaves the board, its player keeps playing cards,
// and the team wins when both tokens are off.
func TestPartnerRemoval(t *testing.T) {
	markers := allOn(Inquisition)
	markers[Blue] = Influence // Flag on 14 (blue) reaches 16 with progress 32
	s := build(t, table{variant: Partner, first: 0, markers: markers, squares: [4]int{0, 8, 14, 24}, progress: &[4]int{0, 0, 30, 0}})
	ev := moving(t, s)
	if r := find[TokenRemoved](ev); len(r) != 1 || r[0].Seat != 2 || r[0].Square != 16 || !s.removed[2] || s.Over() {
		t.Fatalf("removal %v, over %v", r, s.Over())
	}
	// Next round: Soderini still plays a card; its token no longer moves; square 16 is free.
	if s.phase != CardPlay || s.handN[2] != 5 {
		t.Fatalf("phase %s, Soderini holds %d", s.phase, s.handN[2])
	}
	if s.occupied(16, 0) {
		t.Fatal("the removed token still blocks its square")
	}
	// Visconti on 14 reaches 16 too (progress 32) and the team wins.
	markers[Red] = Influence // Visconti on 30 (red) reaches 0 with progress 32
	s = build(t, table{variant: Partner, first: 0, markers: markers, squares: [4]int{30, 8, 0, 24}, progress: &[4]int{30, 0, 32, 0},
		removed: [4]bool{2: true}})
	ev = moving(t, s)
	if w := find[GameWon](ev); !s.Over() || len(w) != 1 || !slices.Equal(w[0].Winners, []rules.Seat{0, 2}) {
		t.Fatalf("win %v", w)
	}
	if !slices.Equal(s.Outcome().Winners, []rules.Seat{0, 2}) {
		t.Fatalf("outcome %+v", s.Outcome())
	}
}

// The turn markers pass to the left after the moving phase.
func TestTurnMarkersPass(t *testing.T) {
	s := build(t, table{first: 3, markers: allOn(Inquisition), squares: homes})
	ev := moving(t, s)
	if p := find[TurnMarkersPassed](ev); len(p) != 1 || p[0].First != 0 || s.ToActSeat() != 0 {
		t.Fatalf("%v, to act %d", p, s.ToActSeat())
	}
}

// A player may jump backward, and a backward jump can open a Gambado.
func TestBackwardJumpGambado(t *testing.T) {
	markers := allOn(Inquisition)
	markers[Blue] = Disgrace // Dog on 4 (blue): 2 taken, the jump lands on 1 (blue)
	s := build(t, table{first: 0, markers: markers, squares: [4]int{4, 2, 16, 24}, progress: &[4]int{4, 26, 0, 0}})
	moving(t, s)
	play(t, s, 0, Move{Kind: JumpMove})
	if s.choice != GambadoChoice || s.square[0] != 1 {
		t.Fatalf("choice %s on %d", s.choice, s.square[0])
	}
	ev := play(t, s, 0, Move{Kind: TakeGambado})
	if m := movesOfSeat(ev, 0); len(m) != 1 || m[0].To != 31 || s.progress[0] != -1 {
		t.Fatalf("gambado %v", m)
	}
}

// In solitaire an Envoy that completes its circuit first wins, and the player loses.
func TestSolitaireEnvoyWins(t *testing.T) {
	markers := allOn(Inquisition)
	markers[Blue] = Influence // the Flag envoy on 14 (blue) reaches 16
	s := build(t, table{variant: Solitaire, envoy: [4]bool{true, false, true, true}, first: 0, markers: markers,
		squares: [4]int{0, 8, 14, 24}, progress: &[4]int{0, 0, 30, 0}})
	ev := moving(t, s)
	if !s.Over() || !slices.Equal(s.Winners(), []rules.Seat{2}) || len(find[GameLost](ev)) != 1 || s.Outcome().Scores[1] != 0 {
		t.Fatalf("winners %v, events %v", s.Winners(), ev)
	}
}
