package main

import (
	"encoding/json"
	"testing"

	"principe/game/play"
	"principe/rules"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	sm "principe/scenes/machiavelli"
	"principe/scenes/table"
)

// Machiavelli end to end: the real app driven by clicks and drags through the shared
// vmhost harness, with instant animations; what the screen shows is checked against the
// rules' own replay of the autosave.

// machSaved replays the Machiavelli autosave in dir (nil when there is none).
func machSaved(t *testing.T, dir string) (*mach.State, *play.Autosave) {
	return savedAs[*mach.State](t, dir)
}

// machStart opens Machiavelli from the title, sets the players and seats by clicking and
// starts (Coppola, the setup's first ruleset).
func (g *guestApp) machStart(seats []int) {
	g.step(20)
	g.clickRect(scenes.TitleEntryRect(1))
	g.step(3)
	g.clickRect(sm.SetupPlayersSegment(len(seats)))
	for k, o := range seats {
		g.clickRect(sm.SetupSeatSegment(k, o))
	}
	g.clickRect(sm.SetupStartRect())
	g.step(3)
}

// machWaitTurn waits until seat is to play.
func (g *guestApp) machWaitTurn(config string, seat rules.Seat) *mach.State {
	var s *mach.State
	g.waitFor("seat's turn", func() bool {
		s, _ = machSaved(g.t, config)
		return s != nil && (s.Over() || s.ToAct() == seat)
	})
	g.step(2)
	return s
}

// redFrame says whether the line just above a meld's box is the invalid meld's red.
func (g *guestApp) redFrame(r scenes.Rect) bool {
	n := 0
	for x := r.X; x < r.X+r.W; x += 2 {
		if near(g.at(x, r.Y-4), scenes.Crimson, 40) {
			n++
		}
	}
	return n >= 4
}

// checkTable compares the melds on screen with the rules' table: each meld's last card,
// which nothing covers, shows its ivory face where the layout puts it, and past the
// last meld there is no card.
func (g *guestApp) checkTable(melds [][]mach.Card, building bool) {
	g.t.Helper()
	for m := range melds {
		r := sm.MeldCardRect(melds, building, m, len(melds[m])-1)
		if got := g.at(r.X+r.W/2, r.Y+r.H-6); !near(got, table.Ivory, 30) {
			g.save("machiavelli-table.png")
			g.t.Fatalf("meld %d (%v): no card face where its last card should be (the screen shows %v)", m+1, melds[m], got)
		}
	}
}

// TestMachiavelli builds the app once and plays the Machiavelli scenarios with it.
func TestMachiavelli(t *testing.T) {
	bin := buildGuest(t)
	t.Run("HumanAgainstAIThenContinue", func(t *testing.T) { machHumanAgainstAI(t, bin) })
	t.Run("HotSeatHandover", func(t *testing.T) { machHotSeat(t, bin) })
}

// machHumanAgainstAI starts a 1 human + 2 AI match by clicking, draws on the first turn,
// then at its next turn drags a table card out to make an invalid meld (red frame, End
// turn disabled), undoes, drags a hand card onto a meld, undoes, lays the hint's play and
// ends the turn; the table on screen is checked against the rules' replay; then the app
// is killed and Continue brings back the same state.
func machHumanAgainstAI(t *testing.T, bin string) {
	g, config := launch(t, bin, "21")
	g.machStart([]int{sm.SeatHuman, sm.SeatNormal, sm.SeatNormal})
	s := g.machWaitTurn(config, 0)
	_, doc := machSaved(t, config)
	if len(doc.Players) != 3 || doc.Players[0].Kind != play.Human || doc.Players[1].Level != "normal" {
		t.Fatalf("the seats chosen by clicking were not kept: %+v", doc.Players)
	}
	// First turn: draw, and wait for the table to have melds at a turn of ours.
	for turns := 0; turns < 12; turns++ {
		o := s.Observe(0).(*mach.Observation)
		if len(o.Table) >= 1 && turns > 0 {
			break
		}
		_, doc = machSaved(t, config) // with the AIs' moves since the last read
		n := len(doc.Actions)
		g.clickRect(sm.ButtonRect(sm.ButtonDraw))
		g.waitFor("the draw", func() bool {
			_, doc = machSaved(t, config)
			return len(doc.Actions) > n
		})
		s = g.machWaitTurn(config, 0)
	}
	o := s.Observe(0).(*mach.Observation)
	if len(o.Table) == 0 || s.Over() {
		t.Skip("no meld on the table in twelve turns with this seed")
	}
	g.checkTable(o.Table, true)

	// A table card on its own in a new meld: a red frame, and End turn stays disabled.
	first := sm.MeldCardRect(o.Table, true, 0, 0)
	newMeld := sm.NewMeldRect(o.Table)
	g.drag(first.X+first.W/2, first.Y+20, newMeld.X+newMeld.W/2, newMeld.Y+newMeld.H/2)
	built := append(cloneMelds(o.Table), []mach.Card{o.Table[0][0]})
	built[0] = built[0][1:]
	if len(built[0]) == 0 {
		built = built[1:]
	}
	last := sm.MeldRect(built, true, len(built)-1)
	if !g.redFrame(last) {
		g.save("machiavelli-red.png")
		t.Fatal("the one-card meld has no red frame")
	}
	end := sm.ButtonRect(sm.ButtonEnd)
	if near(g.at(end.X+10, end.Y+end.H/2), scenes.Crimson, 30) {
		t.Fatal("End turn looks enabled with an invalid meld on the table")
	}
	_, doc = machSaved(t, config) // the AIs have played since the draw was seen
	n := len(doc.Actions)
	g.clickRect(end) // refused: nothing is played
	g.step(2)
	if _, doc = machSaved(t, config); len(doc.Actions) != n {
		t.Fatal("End turn played an invalid table")
	}
	g.clickRect(sm.ButtonRect(sm.ButtonUndo))
	g.step(2)
	g.checkTable(o.Table, true)

	// A hand card dragged onto the first meld, then taken back.
	card := o.Hand[0]
	hr := sm.HandCardRect(o.Hand, card)
	mr := sm.MeldRect(o.Table, true, 0)
	g.drag(hr.X+hr.W/2, hr.Y+30, mr.X+mr.W-4, mr.Y+mr.H/2)
	g.clickRect(sm.ButtonRect(sm.ButtonUndo))
	g.step(2)

	// The hint's play, done for us, then End turn (or Draw when nothing can be laid).
	sol := mach.Solve(o.Position(), o.Opt)
	t.Logf("table of %d melds; the hint lays %d cards", len(o.Table), sol.Placed)
	if sol.Found() {
		g.clickRect(sm.HintButtonRect())
		g.waitFor("the hint", func() bool { return near(g.at(sm.HintDoRect().X+8, sm.HintDoRect().Y+16), scenes.Crimson, 40) })
		g.clickRect(sm.HintDoRect())
		g.step(2)
		g.clickRect(end)
	} else {
		g.clickRect(sm.ButtonRect(sm.ButtonDraw))
	}
	g.waitFor("our turn recorded", func() bool {
		s, doc = machSaved(t, config)
		return len(doc.Actions) > n
	})
	var a mach.Action
	if err := json.Unmarshal(doc.Actions[n].Action, &a); err != nil || doc.Actions[n].Seat != 0 {
		t.Fatalf("the action after our clicks is %s by seat %d", doc.Actions[n].Action, doc.Actions[n].Seat)
	}
	if sol.Found() && a.Kind != mach.KindPlay {
		t.Fatalf("the hint's play was not played: %s", a.Kind)
	}
	s = g.machWaitTurn(config, 0)
	if !s.Over() {
		g.checkTable(s.Observe(0).(*mach.Observation).Table, true)
	}

	// Kill the app, relaunch it and Continue: the same state comes back.
	want := s.Hash()
	g2 := g.killAndContinue(bin, config)
	s2, _ := machSaved(t, config)
	if s2 == nil || s2.Hash() != want {
		t.Fatal("Continue did not keep the saved position")
	}
	if !s2.Over() {
		g2.checkTable(s2.Observe(0).(*mach.Observation).Table, true)
	}
	g2.close()
}

// machHotSeat plays two humans against an AI: after the first human draws, the curtain
// covers the table; a click shows the second human's hand.
func machHotSeat(t *testing.T, bin string) {
	g, config := launch(t, bin, "4")
	g.machStart([]int{sm.SeatHuman, sm.SeatHuman, sm.SeatEasy})
	g.step(3)
	// The first human is covered too until they click.
	curtain := func() bool { return near(g.at(50, 600), scenes.CrimsonDeep, 30) }
	if !curtain() {
		g.save("machiavelli-curtain.png")
		t.Fatal("no curtain before the first human's hand")
	}
	g.click(640, 360)
	g.step(2)
	if curtain() {
		t.Fatal("the curtain stays after the click")
	}
	s, doc := machSaved(t, config)
	n := len(doc.Actions)
	g.clickRect(sm.ButtonRect(sm.ButtonDraw))
	g.waitFor("the handover", func() bool {
		s, doc = machSaved(t, config)
		return len(doc.Actions) > n && curtain()
	})
	if s.ToAct() != 1 {
		t.Fatalf("seat %d to act after the first human drew", s.ToAct())
	}
	g.click(640, 360)
	g.step(2)
	o := s.Observe(1).(*mach.Observation)
	r := sm.HandCardRect(o.Hand, o.Hand[0])
	if !near(g.at(r.X+r.W/2, r.Y+r.H-8), table.Ivory, 30) {
		g.save("machiavelli-hand.png")
		t.Fatal("the second human's hand is not shown after the click")
	}
	g.close()
}

func cloneMelds(t [][]mach.Card) [][]mach.Card {
	out := make([][]mach.Card, len(t))
	for i, m := range t {
		out[i] = append([]mach.Card(nil), m...)
	}
	return out
}
