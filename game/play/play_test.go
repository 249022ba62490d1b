package play

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"principe/rules"
	nic "principe/rules/niccolo"
)

type memSaver struct {
	data    []byte
	saves   int
	cleared bool
}

func (m *memSaver) Save(d []byte) error { m.data = append([]byte(nil), d...); m.saves++; return nil }
func (m *memSaver) Clear() error        { m.data = nil; m.cleared = true; return nil }

func players(kinds ...string) []Player {
	var ps []Player
	for _, k := range kinds {
		p := Player{Kind: k}
		if k == AI {
			p.Bot, p.Level = nic.BotGreedy, "normal"
		}
		ps = append(ps, p)
	}
	return ps
}

// TestAutosaveResumesSamePosition plays a few actions, then resumes from the autosave
// document and checks the state is the same and the document names the game.
func TestAutosaveResumesSamePosition(t *testing.T) {
	sv := &memSaver{}
	opts := json.RawMessage(`{"seats":["player","player","player","envoy"]}`)
	m, opening, err := NewMatch("niccolo", opts, 7, players(Human, AI, AI, Auto), sv)
	if err != nil {
		t.Fatal(err)
	}
	if len(opening) == 0 {
		t.Fatal("no opening events")
	}
	for i := 0; i < 12 && !m.State().Over(); i++ {
		seat := m.ToAct()
		var a rules.Action
		if m.Player(seat).Kind == AI {
			for {
				s, act, ready, err := m.PollAI()
				if err != nil {
					t.Fatal(err)
				}
				if ready {
					seat, a = s, act
					break
				}
				time.Sleep(time.Millisecond)
			}
		} else {
			a = m.State().Legal(seat)[0]
		}
		if _, err := m.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	if sv.saves != 1+len(m.Record().Actions) {
		t.Fatalf("saves = %d, want one per action plus the start (%d)", sv.saves, 1+len(m.Record().Actions))
	}
	var head struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(sv.data, &head); err != nil || head.Game != "niccolo" {
		t.Fatalf("autosave header: %v %q", err, head.Game)
	}
	r, err := Resume("niccolo", sv.data, sv)
	if err != nil {
		t.Fatal(err)
	}
	if r.State().Hash() != m.State().Hash() {
		t.Fatal("resumed state differs")
	}
	if r.Player(1).Bot != nic.BotGreedy || r.Player(3).Kind != Auto {
		t.Fatalf("players not restored: %+v", r.Players())
	}
}

func TestResumeRefusesBadDocuments(t *testing.T) {
	for _, doc := range []string{`{`, `{"game":"intrigo","format":1}`, `{"game":"niccolo","format":99}`,
		`{"game":"niccolo","format":1,"seed":1,"actions":[{"seat":0,"action":{"kind":"jump"}}],"players":[]}`} {
		if _, err := Resume("niccolo", []byte(doc), nil); err == nil {
			t.Errorf("Resume(%s) accepted it", doc)
		}
	}
}

func TestIllegalActionChangesNothing(t *testing.T) {
	sv := &memSaver{}
	m, _, err := NewMatch("niccolo", nil, 3, players(Human, Human, Human, Human), sv)
	if err != nil {
		t.Fatal(err)
	}
	h := m.State().Hash()
	wrong := (m.ToAct() + 1) % 4
	if _, err := m.Apply(wrong, m.State().Legal(m.ToAct())[0]); err == nil {
		t.Fatal("an out-of-turn action was accepted")
	}
	if m.State().Hash() != h || len(m.Record().Actions) != 0 || sv.saves != 1 {
		t.Fatal("an illegal action changed the match")
	}
}

type slowBot struct{ started chan struct{} }

func (b slowBot) Choose(ctx context.Context, _ rules.Observation, legal []rules.Action) (rules.Action, error) {
	close(b.started)
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestJobIsCancellableAndNeverBlocks(t *testing.T) {
	b := slowBot{started: make(chan struct{})}
	j := Think(b, nil, nil, 0)
	<-b.started
	if _, _, done := j.Poll(); done {
		t.Fatal("a thinking job reported done")
	}
	j.Cancel()
	select {
	case <-j.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("cancel did not stop the bot")
	}
	if _, err, done := j.Poll(); !done || !errors.Is(err, context.Canceled) {
		t.Fatalf("after cancel: done=%v err=%v", done, err)
	}
	// A time budget ends it too.
	b2 := slowBot{started: make(chan struct{})}
	j2 := Think(b2, nil, nil, 20*time.Millisecond)
	if _, err := j2.Wait(); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("budget: %v", err)
	}
}

func TestPrivacy(t *testing.T) {
	p := NewPrivacy([]bool{true, false, true, false})
	if !p.NeedsCover(0) || p.NeedsCover(1) {
		t.Fatal("first human needs a cover, an AI never does")
	}
	p.Reveal(0)
	if p.NeedsCover(0) || !p.NeedsCover(2) {
		t.Fatal("same human: no cover; other human: cover")
	}
	solo := NewPrivacy([]bool{false, true, false, false})
	if solo.NeedsCover(1) {
		t.Fatal("a single human never needs a cover")
	}
	if s, ok := solo.SoleHuman(); !ok || s != 1 {
		t.Fatal("SoleHuman")
	}
}

func TestGameOverClearsAutosave(t *testing.T) {
	sv := &memSaver{}
	m, _, err := NewMatch("niccolo", json.RawMessage(`{"seats":["player"]}`), 11, players(Human, Auto, Auto, Auto), sv)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !m.State().Over() && n < 2000; n++ {
		seat := m.ToAct()
		if _, err := m.Apply(seat, m.State().Legal(seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if !m.State().Over() || !sv.cleared || sv.data != nil {
		t.Fatal("a finished game left its autosave")
	}
}

type archiver struct {
	memSaver
	finished  [][]byte
	replacing int
}

func (a *archiver) Finished(doc []byte) error { a.finished = append(a.finished, doc); return nil }
func (a *archiver) Replacing() error          { a.replacing++; return nil }

func TestArchiverGetsTheFinishedGameOnce(t *testing.T) {
	a := &archiver{}
	m, _, err := NewMatch("niccolo", json.RawMessage(`{"variant":"solitaire","seats":["player","envoy","envoy","envoy"]}`), 13, players(Human, Auto, Auto, Auto), a)
	if err != nil {
		t.Fatal(err)
	}
	if a.replacing != 1 || len(a.finished) != 0 {
		t.Fatalf("at the start: replacing %d, finished %d", a.replacing, len(a.finished))
	}
	for n := 0; !m.State().Over() && n < 2000; n++ {
		seat := m.ToAct()
		if _, err := m.Apply(seat, m.State().Legal(seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
	m.SetTableData(json.RawMessage(`{"x":1}`)) // a save after the end must not archive it twice
	if len(a.finished) != 1 {
		t.Fatalf("the finished game was archived %d times", len(a.finished))
	}
	var doc Autosave
	if err := json.Unmarshal(a.finished[0], &doc); err != nil {
		t.Fatal(err)
	}
	s, err := doc.Record.Replay()
	if err != nil || !s.Over() || len(doc.Players) != 4 {
		t.Fatalf("the archived document is not the finished game: %v", err)
	}
	if !a.cleared {
		t.Fatal("the autosave was not cleared")
	}
}

func TestReplayTakesTheRecordsActionsAsAllowed(t *testing.T) {
	m, _, err := NewMatch("niccolo", nil, 17, players(Human, AI, AI, AI), nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 40 && !m.State().Over(); n++ {
		seat := m.ToAct()
		if _, err := m.Apply(seat, m.State().Legal(seat)[n%len(m.State().Legal(seat))]); err != nil {
			t.Fatal(err)
		}
	}
	rec := m.Record().Clone()
	r, err := NewReplay(rec, m.Players(), 10)
	if err != nil {
		t.Fatal(err)
	}
	if r.Position() != 10 || r.ReplayLength() != len(rec.Actions) || r.Player(0).Kind != AI || r.Seated(0).Kind != Human {
		t.Fatalf("replay at 10: position %d, length %d, player %+v, seated %+v", r.Position(), r.ReplayLength(), r.Player(0), r.Seated(0))
	}
	if _, _, ready, _ := r.PollAI(); ready {
		t.Fatal("a replay moved before Allow")
	}
	// Anything but the record's next action is refused.
	seat := r.ToAct()
	r.Allow(11)
	for _, a := range r.State().Legal(seat) {
		if _, err := r.Apply(seat, a); err == nil && r.Position() == 11 {
			break
		}
	}
	if r.Position() != 11 {
		t.Fatal("the record's next action was not accepted")
	}
	r.Allow(len(rec.Actions))
	for r.Position() < len(rec.Actions) {
		s, a, ready, err := r.PollAI()
		if err != nil || !ready {
			t.Fatalf("at %d: ready %v err %v", r.Position(), ready, err)
		}
		if _, err := r.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	if r.State().Hash() != m.State().Hash() {
		t.Fatal("the replay did not reach the game's state")
	}
	if _, err := NewReplay(rec, m.Players(), len(rec.Actions)+1); err == nil {
		t.Fatal("a replay past the record's end was accepted")
	}
}
