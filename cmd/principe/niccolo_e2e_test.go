package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	nic "principe/rules/niccolo"
	"principe/scenes"
	sn "principe/scenes/niccolo"
)

// Niccolò end to end: the real app, driven by clicks through the shared vmhost harness
// (e2e_test.go). Animations are set to "instant" so the tests need few frames; what the
// screen shows is checked against the rules' own replay of the autosave.

// instantSettings writes a settings file with instant animations and no sound.
func instantSettings(t *testing.T, dir string) {
	s := game.DefaultSettings()
	s.AnimSpeed = game.AnimInstant
	s.Sound = false
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, game.SettingsName), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// saved replays the autosave in dir with the rules (nil when there is none).
func saved(t *testing.T, dir string) (*nic.State, *play.Autosave) { return savedAs[*nic.State](t, dir) }

func (g *guestApp) clickRect(r scenes.Rect) { g.click(r.X+r.W/2, r.Y+r.H/2) }

// waitFor steps the app until cond holds (checking after every few ticks).
func (g *guestApp) waitFor(what string, cond func() bool) {
	g.t.Helper()
	for i := 0; i < 30; i++ {
		g.step(12)
		if cond() {
			return
		}
	}
	g.save("niccolo-timeout.png")
	g.t.Fatalf("waited too long for %s", what)
}

// startFromTitle opens Niccolò from the title menu, sets the seats by clicking and
// starts the game.
func (g *guestApp) startFromTitle(seats [4]int) {
	g.step(20)
	g.clickRect(scenes.TitleEntryRect(0))
	g.step(3)
	for f, o := range seats {
		g.clickRect(sn.SetupSeatSegment(f, o))
	}
	g.clickRect(sn.SetupButtonRect(0))
	g.step(3)
}

// playFirstCard plays the first card of seat's hand by clicking it (and making its
// choices on the board), and returns the card.
func (g *guestApp) playFirstCard(o *nic.Observation) nic.Card {
	card := o.Hand[0]
	g.clickRect(sn.HandCardRect(0))
	switch card {
	case nic.Bribery:
		g.click(sn.MarkerCentre(nic.Red, o.Markers[nic.Red]))
		g.click(sn.ZoneCentre(nic.Fortune))
		g.clickRect(sn.PlayButtonRect())
	case nic.Rumour, nic.Accusation:
		g.click(sn.MarkerCentre(nic.Blue, o.Markers[nic.Blue]))
		g.clickRect(sn.PlayButtonRect())
	case nic.Signoria:
		g.clickRect(sn.ClockwiseButtonRect())
		g.clickRect(sn.PlayButtonRect())
	default:
		g.clickRect(sn.HandCardRect(0)) // a second click on the chosen card plays it
	}
	g.step(2)
	return card
}

// checkBoard compares the screen with the rules' state: every token's rim is on its
// square and every marker in its zone.
func (g *guestApp) checkBoard(s *nic.State) {
	g.t.Helper()
	o := s.Observe(rules.NoSeat).(*nic.Observation)
	for f := 0; f < 4; f++ {
		if o.Removed[f] {
			continue
		}
		x, y := sn.SquareCentre(o.Squares[f])
		if got := g.at(x+sn.TokenRimRadius, y); !near(got, sn.FamilyColour(f), 45) {
			g.save("niccolo-board.png")
			g.t.Errorf("%s's token should stand on square %d: the screen shows %v there", nic.FamilyNames[f], o.Squares[f], got)
		}
	}
	for c := nic.Colour(0); c < 4; c++ {
		x, y := sn.MarkerCentre(c, o.Markers[c])
		if got := g.at(x+8, y+3); !near(got, sn.MarkerColour(c), 45) {
			g.save("niccolo-board.png")
			g.t.Errorf("the %s marker should be on %s: the screen shows %v there", c, o.Markers[c], got)
		}
	}
}

// TestNiccolo builds the app once and plays the Niccolò scenarios with it.
func TestNiccolo(t *testing.T) {
	bin := buildGuest(t)
	t.Run("HumanAgainstAIThenContinue", func(t *testing.T) { humanAgainstAIThenContinue(t, bin) })
	t.Run("HotSeatPrivacy", func(t *testing.T) { hotSeatPrivacy(t, bin) })
}

// humanAgainstAIThenContinue starts a 1-human + 3-AI game by clicking through the setup,
// plays a card by clicking it, lets the round resolve and checks the board against the
// rules; then kills the app, relaunches it and checks that Continue restores the position.
func humanAgainstAIThenContinue(t *testing.T, bin string) {
	g, config := launch(t, bin, "5")
	g.startFromTitle([4]int{sn.OptHuman, sn.OptEasy, sn.OptEasy, sn.OptEasy})
	var s *nic.State
	var doc *play.Autosave
	g.waitFor("the human's card play", func() bool {
		s, doc = saved(t, config)
		return s != nil && s.ToActSeat() == 0 && s.Observe(0).(*nic.Observation).Phase == nic.CardPlay
	})
	if doc.Players[1].Kind != play.AI || doc.Players[1].Level != "easy" || doc.Players[0].Kind != play.Human {
		t.Fatalf("the seats chosen by clicking were not kept: %+v", doc.Players)
	}
	g.checkBoard(s)
	o := s.Observe(0).(*nic.Observation)
	before, round := len(doc.Actions), o.Round
	card := g.playFirstCard(o)
	// The round resolves (AIs play, tokens move) up to the human's next card play, where
	// the table waits; any question on the way is answered with its first option.
	g.waitFor("the next round", func() bool {
		s, doc = saved(t, config)
		if s == nil {
			return false
		}
		if s.Over() {
			return true
		}
		o := s.Observe(0).(*nic.Observation)
		if s.ToActSeat() == 0 && o.Phase != nic.CardPlay {
			g.clickRect(sn.PromptOptionRect(0, 2))
			return false
		}
		return s.ToActSeat() == 0 && o.Round > round
	})
	if len(doc.Actions) <= before {
		t.Fatal("the card was not played")
	}
	var m nic.Move
	if err := json.Unmarshal(doc.Actions[before].Action, &m); err != nil || doc.Actions[before].Seat != 0 || m.Card != card {
		t.Fatalf("the first action after the click is %s by seat %d, not %s by Visconti", doc.Actions[before].Action, doc.Actions[before].Seat, card)
	}
	g.step(2)
	g.checkBoard(s)

	// Kill the app mid-game, relaunch it and Continue: the same position comes back.
	want := s.Hash()
	g2 := g.killAndContinue(bin, config)
	s2, _ := saved(t, config)
	if s2 == nil || s2.Hash() != want {
		t.Fatal("Continue did not keep the saved position")
	}
	g2.checkBoard(s2)
	g2.close()
}

// hotSeatPrivacy plays two human seats and checks the privacy screen before each one's
// hand.
func hotSeatPrivacy(t *testing.T, bin string) {
	g, config := launch(t, bin, "8")
	defer g.close()
	g.startFromTitle([4]int{sn.OptHuman, sn.OptHuman, sn.OptEasy, sn.OptEasy})
	curtain := func() bool {
		return near(g.at(45, 400), scenes.CrimsonDeep, 12) && near(g.at(940, 690), scenes.CrimsonDeep, 12)
	}
	var s *nic.State
	g.waitFor("a human's turn", func() bool {
		s, _ = saved(t, config)
		return s != nil && s.ToActSeat() <= 1
	})
	first := s.ToActSeat()
	if !curtain() {
		g.save("niccolo-privacy.png")
		t.Fatalf("no privacy screen before %s's hand", nic.FamilyNames[first])
	}
	g.click(640, 400)
	g.step(2)
	if curtain() {
		t.Fatal("the privacy screen stayed after the click")
	}
	// Play on until the other human is to act: the screen must be covered again.
	for i := 0; i < 20; i++ {
		s, _ = saved(t, config)
		if seat := s.ToActSeat(); seat <= 1 && seat != first {
			break
		}
		if s.ToActSeat() == first {
			o := s.Observe(rules.Seat(first)).(*nic.Observation)
			if o.Phase == nic.CardPlay {
				g.playFirstCard(o)
			} else {
				g.clickRect(sn.PromptOptionRect(0, 2))
			}
		}
		g.step(6)
	}
	if seat := s.ToActSeat(); seat > 1 || seat == first {
		t.Fatalf("the other human never came to act (seat %d to act)", seat)
	}
	g.step(2)
	if !curtain() {
		g.save("niccolo-privacy2.png")
		t.Fatalf("no privacy screen between %s and %s", nic.FamilyNames[first], nic.FamilyNames[s.ToActSeat()])
	}
}
