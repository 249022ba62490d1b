package main

import (
	"encoding/json"
	"testing"

	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	sm "principe/scenes/makiavelia"
)

// Makiavelia end to end: the real app driven by clicks (instant animations). A human
// plays a card from the Reserve, attacks an AI and places the wounds, answers a regime
// proposal; the Cities on screen are checked against the rules' replay of the autosave;
// kill and Continue give the same state hash.

// makSaved replays the Makiavelia autosave in dir (nil when there is none).
func makSaved(t *testing.T, dir string) (*mak.State, *play.Autosave) {
	return savedAs[*mak.State](t, dir)
}

// checkCities compares the Cities on screen with the rules' state: each card in play
// has its type's colour along its left edge, where the table lays it out for seat 0.
func (g *guestApp) checkCities(s *mak.State) int {
	g.t.Helper()
	o := s.Observe(0).(*mak.Observation)
	n := 0
	for seat, city := range o.Cities {
		rects := sm.CityCardRects(0, rules.Seat(seat), o.Players, len(city))
		for i, pl := range city {
			r := rects[i]
			want := sm.TypeColour(mak.KindOf(pl.Card))
			if got := g.at(r.X+1.5, r.Y+r.H/2); !near(got, want, 40) {
				g.save("makiavelia-cities.png")
				g.t.Errorf("seat %d's card %d (%s) should be drawn at %v: the screen shows %v there, not %v",
					seat, i, mak.KindOf(pl.Card), r, got, want)
			}
			n++
		}
	}
	return n
}

// moves lists seat 0's moves in the record from index from.
func humanMoves(t *testing.T, doc *play.Autosave, from int) []mak.Move {
	var ms []mak.Move
	for _, st := range doc.Actions[from:] {
		if st.Seat != 0 {
			continue
		}
		var m mak.Move
		if err := json.Unmarshal(st.Action, &m); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// TestMakiavelia builds the app once and plays the Makiavelia scenarios with it.
func TestMakiavelia(t *testing.T) {
	bin := buildGuest(t)
	t.Run("HumanAgainstAIThenContinue", func(t *testing.T) { makHumanAgainstAI(t, bin) })
	t.Run("HotSeatCurtain", func(t *testing.T) { makHotSeat(t, bin) })
}

// makHotSeat seats two humans and an AI and checks that the curtain covers the table
// before each human's Reserve is shown, and lifts on a click.
func makHotSeat(t *testing.T, bin string) {
	g, config := launch(t, bin, "6")
	defer g.close()
	g.step(20)
	g.clickRect(scenes.TitleEntryRect(3))
	g.step(3)
	g.clickRect(sm.SetupPlayersSegment(3))
	g.clickRect(sm.SetupSeatSegment(0, sm.OptHuman))
	g.clickRect(sm.SetupSeatSegment(1, sm.OptHuman))
	g.clickRect(sm.SetupButtonRect(0))
	g.step(6)
	curtain := func() bool {
		return near(g.at(45, 400), scenes.CrimsonDeep, 12) && near(g.at(940, 690), scenes.CrimsonDeep, 12)
	}
	humansSeen := map[rules.Seat]bool{}
	for i := 0; i < 60 && len(humansSeen) < 2; i++ {
		g.step(6)
		s, _ := makSaved(t, config)
		if s == nil || s.ToAct() > 1 {
			continue
		}
		seat := s.ToAct()
		if humansSeen[seat] {
			g.clickRect(sm.SlotEnd) // (a turn's end; other questions do not come up this early)
			continue
		}
		g.step(3) // the curtain comes on the tick after the previous move
		if !curtain() {
			g.save("makiavelia-privacy.png")
			t.Fatalf("no privacy curtain before seat %d's Reserve", seat)
		}
		g.click(640, 400)
		g.step(3)
		if curtain() {
			t.Fatal("the curtain stayed after the click")
		}
		humansSeen[seat] = true
		g.clickRect(sm.SlotEnd)
	}
	if len(humansSeen) < 2 {
		t.Fatalf("only %d of the two humans came to act", len(humansSeen))
	}
}

func makHumanAgainstAI(t *testing.T, bin string) {
	g, config := launch(t, bin, "4")
	g.step(20)
	g.clickRect(scenes.TitleEntryRect(3))
	g.step(3)
	g.clickRect(sm.SetupPlayersSegment(3))
	g.clickRect(sm.SetupSeatSegment(0, sm.OptHuman))
	g.clickRect(sm.SetupButtonRect(0))
	g.step(3)

	played, attacked, wounded, answered := false, false, false, false
	var s *mak.State
	for i := 0; i < 600 && !(played && wounded && answered); i++ {
		g.step(6)
		s, _ = makSaved(t, config)
		if s == nil || s.Over() {
			break
		}
		if s.ToAct() != 0 {
			continue
		}
		o := s.Observe(0).(*mak.Observation)
		legal := s.Legal(0)
		has := func(k mak.MoveKind) bool {
			for _, a := range legal {
				if a.(mak.Move).Kind == k {
					return true
				}
			}
			return false
		}
		switch o.Step {
		case mak.StepTurn:
			if n := g.checkCities(s); n > 0 && i%10 == 0 {
				t.Logf("%d cards in play checked on screen", n)
			}
			if !played || s.Round() > 1 {
				// Play the first card that needs no target, by clicking it twice.
				for j, c := range o.Reserve {
					if mak.Cards[mak.KindOf(c)].Target != mak.NoTarget {
						continue
					}
					ok := false
					for _, a := range legal {
						if m := a.(mak.Move); m.Kind == mak.MovePlay && m.Card == c {
							ok = true
						}
					}
					if ok {
						g.clickRect(sm.ReserveCardRect(j, len(o.Reserve)))
						g.step(2)
						g.clickRect(sm.ReserveCardRect(j, len(o.Reserve)))
						played = true
						goto next
					}
				}
			}
			if !wounded && has(mak.MoveAttack) {
				g.clickRect(sm.SlotAttack)
				g.step(2)
				g.clickRect(sm.SeatPanelRect(0, 1, o.Players))
				attacked = true
				continue
			}
			g.clickRect(sm.SlotEnd)
		case mak.StepWounds:
			g.clickRect(sm.SlotPlace)
			wounded = true
		case mak.StepVote:
			g.clickRect(sm.SlotAgree)
			answered = true
		case mak.StepPropose:
			g.clickRect(sm.SlotPass)
		case mak.StepTraitor:
			g.clickRect(sm.SlotAllow)
		case mak.StepOffer:
			g.clickRect(sm.SlotDecline)
		case mak.StepHospital:
			g.clickRect(sm.SlotHospitalPass)
		case mak.StepPick:
			g.clickRect(sm.PickRect(0, 1))
		}
	next:
	}
	g.step(6)
	s, doc := makSaved(t, config)
	if s == nil {
		t.Fatal("no autosave")
	}
	kinds := map[mak.MoveKind]int{}
	for _, m := range humanMoves(t, doc, 0) {
		kinds[m.Kind]++
	}
	t.Logf("the human's moves by kind: %v (attacked: %v)", kinds, attacked)
	if kinds[mak.MovePlay] == 0 {
		t.Error("the human never played a card from the Reserve")
	}
	if kinds[mak.MoveAttack] == 0 || kinds[mak.MoveWound] == 0 {
		t.Error("the human never attacked and placed wounds")
	}
	if kinds[mak.MoveAgree] == 0 {
		t.Error("the human never answered a regime proposal")
	}
	if s.Over() {
		t.Fatal("the game ended before the checks")
	}

	// Kill the app mid-game, relaunch it and Continue: the same position comes back and
	// the Cities on screen are the saved ones.
	want := s.Hash()
	g2 := g.killAndContinue(bin, config)
	defer g2.close()
	s2, _ := makSaved(t, config)
	if s2 == nil || s2.Hash() != want {
		t.Fatal("Continue did not keep the saved position")
	}
	if s2.ToAct() == 0 {
		g2.checkCities(s2)
	}
}
