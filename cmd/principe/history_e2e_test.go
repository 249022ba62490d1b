package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game/history"
	nic "principe/rules/niccolo"
	"principe/scenes"
	sh "principe/scenes/history"
	sn "principe/scenes/niccolo"
)

// The history end to end: a short Niccolò solitaire is played by clicking until it ends,
// the History entry of the title lists it (and sets a corrupt history file aside, saying
// so), Watch opens it in the replay, and the replay is stepped forward and back with the
// keys and the bar's buttons, the board checked against the rules' replay of the record at
// every step.

// historyGames reads the games kept in the history folder of config.
func historyGames(t *testing.T, config string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(config, history.FolderName, "*.json"))
	return files
}

// press presses and releases a key, a tick each.
func (g *guestApp) press(k ebiten.Key) {
	g.t.Helper()
	g.guest.PressKey(k)
	g.step(1)
	g.guest.ReleaseKey(k)
	g.step(1)
}

func TestHistoryE2E(t *testing.T) {
	bin := buildGuest(t)
	config := t.TempDir()
	instantSettings(t, config)
	// A file of the history that cannot be read (as a crash halfway through a copy would leave).
	if err := os.MkdirAll(filepath.Join(config, history.FolderName), 0o755); err != nil {
		t.Fatal(err)
	}
	corrupt := filepath.Join(config, history.FolderName, "20200101-000000-niccolo-1.json")
	if err := os.WriteFile(corrupt, []byte(`{"format":1,"game":"niccolo","seed":1,"actions":[{"seat":0,`), 0o644); err != nil {
		t.Fatal(err)
	}
	var g *guestApp
	var err error
	for attempt := 1; attempt <= 2; attempt++ { // the first connection can fail; retry once
		g, err = startGuest(t, bin, "-config", config, "-seed", "8", "-audio", "off")
		if err == nil {
			break
		}
		t.Logf("attempt %d: %v", attempt, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer g.close()

	// A solitaire (seed 8 ends in nine actions when the first card is always played).
	g.step(20)
	g.clickRect(scenes.TitleEntryRect(0))
	g.step(3)
	g.clickRect(sn.SetupButtonRect(1))
	g.step(3)
	for turn := 0; len(historyGames(t, config)) < 2; turn++ {
		if turn > 60 {
			g.save("history-solitaire.png")
			t.Fatal("the solitaire did not end")
		}
		s, _ := saved(t, config)
		if s == nil || s.ToActSeat() != 0 {
			g.step(6)
			continue
		}
		if o := s.Observe(0).(*nic.Observation); o.Phase == nic.CardPlay {
			g.playFirstCard(o)
		} else {
			g.clickRect(sn.PromptOptionRect(0, 2))
		}
		g.step(6)
	}
	var kept string
	for _, f := range historyGames(t, config) {
		if f != corrupt {
			kept = f
		}
	}
	data, err := os.ReadFile(kept)
	if err != nil {
		t.Fatal(err)
	}
	e, err := history.Import(data)
	if err != nil {
		t.Fatalf("the history keeps a game that does not import: %v", err)
	}
	if len(e.Players) != 4 || e.Players[0].Kind != "human" || e.Players[1].Kind != "auto" || e.Rounds == 0 || e.Ended.IsZero() {
		t.Fatalf("the kept game lacks its players or its length:\n%s", data)
	}
	stateAt := func(k int) *nic.State {
		rec := e.Record.Clone()
		rec.Actions = rec.Actions[:k]
		s, err := rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		return s.(*nic.State)
	}

	// From the results back to the title, and into the History.
	g.step(40)
	for i := 0; i < 3; i++ {
		g.press(ebiten.KeyEscape)
		g.step(30)
	}
	g.clickRect(scenes.TitleEntryRect(scenes.TitleHistory))
	g.step(12)
	if !near(g.at(640, 626), scenes.CrimsonDeep, 40) {
		g.save("history-notice.png")
		t.Error("no notice that a history file was set aside")
	}
	if _, err := os.Stat(corrupt + history.BadSuffix); err != nil {
		t.Errorf("the corrupt file was not set aside as .bad: %v", err)
	}
	if _, err := os.Stat(corrupt); err == nil {
		t.Error("the corrupt file is still in the history")
	}
	g.step(360) // until the notice has gone
	// The one game is listed and chosen: Watch opens it in the replay.
	g.clickRect(sh.ButtonRect(sh.ButtonWatch))
	g.step(40)
	bar := sn.ReplayBarRect()
	g.press(ebiten.KeyHome) // to the start, paused
	g.step(4)
	n := len(e.Actions)
	for k := 0; k <= n; k++ {
		g.step(8)
		g.checkBoard(stateAt(k))
		if t.Failed() {
			t.Fatalf("the replay's board differs from the rules at action %d of %d", k, n)
		}
		if k < n {
			if k%2 == 0 {
				g.press(ebiten.KeyArrowRight)
			} else {
				g.clickRect(sh.ControlRect(bar, sh.CtlForward))
			}
		}
	}
	// Back, by the bar's button and by the key, then to a round's start.
	for k := n - 1; k >= max(0, n-4); k-- {
		if k%2 == 0 {
			g.press(ebiten.KeyArrowLeft)
		} else {
			g.clickRect(sh.ControlRect(bar, sh.CtlBack))
		}
		g.step(8)
		g.checkBoard(stateAt(k))
		if t.Failed() {
			t.Fatalf("stepping back: the board differs from the rules at action %d", k)
		}
	}
	// To the start, then a round on: the board at the first action of round 2.
	g.press(ebiten.KeyHome)
	g.step(4)
	g.clickRect(sh.ControlRect(bar, sh.CtlRoundForward))
	g.step(8)
	next := 0
	for k := 0; k <= n; k++ {
		if stateAt(k).Outcome().Rounds > stateAt(0).Outcome().Rounds {
			next = k
			break
		}
	}
	if next == 0 {
		t.Fatal("the game has a single round")
	}
	a, b := stateAt(0).Observe(-1).(*nic.Observation), stateAt(next).Observe(-1).(*nic.Observation)
	if a.Squares == b.Squares && a.Markers == b.Markers {
		t.Fatal("the board is the same at the start and in round 2: the check below could not tell them apart")
	}
	g.checkBoard(stateAt(next))
	if t.Failed() {
		t.Fatalf("a round on: the board differs from the rules at action %d", next)
	}
	// All cards open shows the same board.
	g.clickRect(sh.ControlRect(bar, sh.CtlView))
	g.step(8)
	g.checkBoard(stateAt(next))
}

// TestReplayFlagRefusesABadFile: principe -replay with a tampered record says what is
// wrong, with the record's own reason, and exits with status 1 without opening a window.
func TestReplayFlagRefusesABadFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "tampered.json")
	doc := `{"format":1,"game":"niccolo","seed":3,"actions":[{"seat":2,"action":{"kind":"play","card":"fortune"}}]}`
	if err := os.WriteFile(bad, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	if code := run([]string{"-replay", bad, "-config", t.TempDir()}, &stderr); code != 1 {
		t.Fatalf("exit status %d, want 1", code)
	}
	if !strings.Contains(stderr.String(), "bad record: action 0:") {
		t.Fatalf("the reason is not the record's: %q", stderr.String())
	}
}
