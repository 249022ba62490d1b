package main

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	si "principe/scenes/intrigo"
)

// Intrigo end to end: the real app, driven by the mouse through the shared vmhost harness
// (e2e_test.go), with instant animations. A human seat presents by dragging, speaks in
// negotiations (ask, bribe, promise), pays counter-prices, answers offers and places its
// applicants; what the screen shows is checked against the rules' replay of the autosave.

// igSaved replays the autosave in dir (nil when there is none).
func igSaved(t *testing.T, dir string) (*ig.State, *play.Autosave) { return savedAs[*ig.State](t, dir) }

// drag presses at one point, moves over a few ticks and releases at another.
func (g *guestApp) drag(x0, y0, x1, y1 float64) {
	g.t.Helper()
	g.guest.MoveCursor(x0, y0)
	g.step(2)
	g.guest.PressMouseButton(ebiten.MouseButtonLeft)
	g.step(1)
	for i := 1; i <= 4; i++ {
		f := float64(i) / 4
		g.guest.MoveCursor(x0+(x1-x0)*f, y0+(y1-y0)*f)
		g.step(1)
	}
	g.guest.ReleaseMouseButton(ebiten.MouseButtonLeft)
	g.step(2)
}

// igStart opens Intrigo from the title, sets the seats by clicking and starts.
func (g *guestApp) igStart(seats []int) {
	g.step(20)
	g.clickRect(scenes.TitleEntryRect(slices.Index(game.GameOrder, "intrigo")))
	g.step(3)
	for s, o := range seats {
		g.clickRect(si.SetupSeatSegment(s, o))
	}
	g.clickRect(si.SetupButtonRect(0))
	g.step(3)
}

// igCheckPalaces compares the posts on the screen with the rules' state; there must be
// advisors on posts to compare.
func (g *guestApp) igCheckPalaces(s *ig.State) {
	g.t.Helper()
	checked := 0
	tb := &s.Table
	n := tb.Players
	for p := 0; p < n; p++ {
		for post, id := range tb.Palaces[p] {
			if id < 0 {
				continue
			}
			x, y := si.PostCentre(rules.Seat(p), n, post)
			owner := tb.Advisors[id].Owner
			checked++
			if got := g.at(x+si.AdvisorRimRadius(n), y); !near(got, si.SeatColour(owner), 45) {
				g.save("intrigo-palaces.png")
				g.t.Errorf("the %d post of %s's palace should hold a %s advisor: the screen shows %v", ig.PostValue[post], ig.ColourNames[p], ig.ColourNames[owner], got)
			}
		}
	}
	if checked == 0 {
		g.t.Error("no advisor on any post to check the screen against")
	}
	g.t.Logf("%d posts on the screen agree with the rules", checked)
}

// tally is what the human did through the screen.
type tally struct {
	presented, offers, countersTaken, placed int
}

// igAct makes the human seat's next decision with the mouse, as a player would.
func (g *guestApp) igAct(s *ig.State, seat rules.Seat, done *tally, count func() int) {
	tb := &s.Table
	n := tb.Players
	var legal []ig.Move
	for _, a := range s.Legal(seat) {
		legal = append(legal, a.(ig.Move))
	}
	switch tb.Step {
	case ig.StepPresent:
		picked := 0
		for _, a := range tb.Advisors {
			if a.Owner != seat || a.Where != ig.Unplaced || picked >= ig.PresentPerTurn-tb.Presented {
				continue
			}
			palace := rules.Seat((int(seat) + 1 + picked) % n)
			x, y := si.AdvisorPoint(tb, a.ID)
			r := si.PalaceRect(palace, n)
			g.drag(x, y, r.X+r.W/2, r.Y+200)
			picked++
		}
		g.clickRect(si.ConfirmRect())
		done.presented += picked
	case ig.StepNegotiate:
		neg := tb.Receive.Negotiation
		switch {
		case neg.Countered:
			price := tb.Offers[neg.Open].Counter
			if s.Observe(seat).(*ig.Observation).Purse >= price {
				g.clickRect(si.NegotiationButtonRect(0))
				done.countersTaken++
			} else {
				g.clickRect(si.NegotiationButtonRect(1))
			}
		case neg.Open >= 0:
			g.clickRect(si.NegotiationButtonRect(0)) // accept
		default:
			var asks []int
			terms := false
			for _, m := range legal {
				if m.Kind == ig.Offer && !slices.Contains(asks, m.Post) {
					asks = append(asks, m.Post)
				}
				terms = terms || len(m.Promises) > 0
			}
			slices.Sort(asks)
			if len(asks) > 1 {
				g.clickRect(si.AskRect(asks, asks[len(asks)-1]))
			}
			g.clickRect(si.BribePlusRect())
			if terms {
				g.clickRect(si.AddPromiseRect(0))
			}
			before := count()
			g.clickRect(si.NegotiationButtonRect(0))
			g.step(2)
			if count() == before {
				// The rules refused this offer (Send stays disabled): pass instead.
				g.clickRect(si.NegotiationButtonRect(1))
				return
			}
			done.offers++
		}
	case ig.StepPlace, ig.StepAdmit:
		m := legal[0]
		x, y := si.AdvisorPoint(tb, m.Advisor)
		if m.Post >= 0 {
			px, py := si.PostCentre(seat, n, m.Post)
			g.drag(x, y, px, py)
		} else {
			g.click(x, y)
			g.clickRect(si.ConfirmRect())
		}
		done.placed++
	default: // keep or replace, the next conflict, a promised payment: the first answer
		g.clickRect(si.PromptOptionRect(0, len(legal)))
	}
	g.step(2)
}

// TestIntrigo builds the app once and plays the Intrigo scenarios with it.
func TestIntrigo(t *testing.T) {
	bin := buildGuest(t)
	t.Run("HumanAgainstHardThenContinue", func(t *testing.T) { igHumanAgainstHard(t, bin) })
	t.Run("HotSeatHandover", func(t *testing.T) { igHotSeat(t, bin) })
}

// igHumanAgainstHard: one human against three Hard AIs, set up by clicking. The human
// presents by dragging, offers a bribe and a promise, takes an AI owner's counter-price
// and places an applicant as owner; the palaces on screen are checked against the rules;
// then the app is killed mid-game, relaunched, and Continue restores the same state.
func igHumanAgainstHard(t *testing.T, bin string) {
	g, config := launch(t, bin, "2")
	g.igStart([]int{si.OptHuman, si.OptHard, si.OptHard, si.OptHard})
	var done tally
	var s *ig.State
	var doc *play.Autosave
	for i := 0; i < 400 && (done.countersTaken == 0 || done.placed == 0 || done.presented < 2); i++ {
		g.waitFor("the human's turn to act", func() bool {
			s, doc = igSaved(t, config)
			return s != nil && (s.Over() || s.ToAct() == 0)
		})
		if s.Over() {
			break
		}
		before := len(doc.Actions)
		g.igAct(s, 0, &done, func() int { return recorded(t, config) })
		g.waitFor("the human's action to be recorded", func() bool {
			return recorded(t, config) > before
		})
	}
	if doc.Players[1].Level != "hard" || doc.Players[0].Kind != play.Human {
		t.Fatalf("the seats chosen by clicking were not kept: %+v", doc.Players)
	}
	if done.presented < 2 || done.offers == 0 || done.countersTaken == 0 || done.placed == 0 {
		t.Fatalf("the game did not go through every gesture: %+v", done)
	}
	// The human's offers carried a bribe and a promise, and a counter-price was paid.
	s, _ = igSaved(t, config)
	paidCounter, promised := false, false
	for _, o := range s.Table.Offers {
		if o.Speaker == 0 && o.Result == ig.ResultTaken {
			paidCounter = true
		}
		if o.Speaker == 0 && o.Bribe > 0 && len(o.Promises) > 0 {
			promised = true
		}
	}
	t.Logf("the human presented %d advisors, made %d offers, took %d counter-prices, placed %d applicants (%d actions)", done.presented, done.offers, done.countersTaken, done.placed, len(doc.Actions))
	if !paidCounter || !promised {
		t.Fatalf("the record lacks the human's offer with bribe and promise (%v) or a counter-price taken (%v)", promised, paidCounter)
	}
	g.step(4)
	g.igCheckPalaces(s)

	// Kill the app mid-game, relaunch it and Continue: the same state comes back.
	want := s.Hash()
	g2 := g.killAndContinue(bin, config)
	s2, _ := igSaved(t, config)
	if s2 == nil || s2.Hash() != want {
		t.Fatal("Continue did not keep the saved state")
	}
	g2.igCheckPalaces(s2)
	g2.close()
}

// recorded is how many actions the autosave holds.
func recorded(t *testing.T, dir string) int {
	_, doc := igSaved(t, dir)
	if doc == nil {
		return 0
	}
	return len(doc.Actions)
}

// igHotSeat: two humans and two AIs. The curtain must come down whenever the other human
// is to act — including in the middle of a negotiation — and go away on a click.
func igHotSeat(t *testing.T, bin string) {
	g, config := launch(t, bin, "3")
	defer g.close()
	g.igStart([]int{si.OptHuman, si.OptHuman, si.OptNormal, si.OptNormal})
	curtain := func() bool {
		return near(g.at(45, 400), scenes.CrimsonDeep, 12) && near(g.at(940, 690), scenes.CrimsonDeep, 12)
	}
	var done tally
	shown := rules.NoSeat
	handovers, inNegotiation := 0, 0
	for i := 0; i < 300 && (handovers < 3 || inNegotiation == 0); i++ {
		var s *ig.State
		g.waitFor("a human's turn", func() bool {
			s, _ = igSaved(t, config)
			return s != nil && (s.Over() || s.ToAct() <= 1)
		})
		if s.Over() {
			break
		}
		seat := s.ToAct()
		g.step(2)
		if seat != shown {
			if !curtain() {
				g.save("intrigo-privacy.png")
				t.Fatalf("no curtain before %s acts (last in view: %d)", ig.ColourNames[seat], shown)
			}
			handovers++
			if s.Table.Step == ig.StepNegotiate {
				inNegotiation++
			}
			g.click(640, 400)
			g.step(2)
			if curtain() {
				t.Fatal("the curtain stayed after the click")
			}
			shown = seat
		} else if curtain() {
			g.save("intrigo-privacy-extra.png")
			t.Fatalf("a curtain came down although %s was already in view", ig.ColourNames[seat])
		}
		before := recorded(t, config)
		g.igAct(s, seat, &done, func() int { return recorded(t, config) })
		g.waitFor("the action to be recorded", func() bool { return recorded(t, config) > before })
	}
	t.Logf("%d handovers behind the curtain, %d of them inside a negotiation", handovers, inNegotiation)
	if handovers < 3 || inNegotiation == 0 {
		t.Fatalf("%d handovers, %d in a negotiation: the scenario did not happen", handovers, inNegotiation)
	}
}
