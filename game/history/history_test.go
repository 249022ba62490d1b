package history

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	nic "principe/rules/niccolo"
)

// finished plays a Niccolò game to its end with the first legal action each time and returns its autosave
// document, as the table's match would have kept it.
func finished(t testing.TB, options string, seed uint64, players []play.Player) []byte {
	t.Helper()
	m, _, err := play.NewMatch(nic.Name, json.RawMessage(options), seed, players, nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !m.State().Over(); n++ {
		if n > 5000 {
			t.Fatal("the game did not end")
		}
		seat := m.ToAct()
		if _, err := m.Apply(seat, m.State().Legal(seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
	doc, err := m.AutosaveDocument()
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func init() {
	// As scenes/niccolo registers them for the app.
	RegisterSeatNames(nic.Name, func(seat int) string { return nic.FamilyNames[seat&3] })
}

var (
	human  = play.Player{Kind: play.Human}
	envoy  = play.Player{Kind: play.Auto}
	easy   = play.Player{Kind: play.AI, Level: "easy", Bot: nic.BotGreedy}
	hard   = play.Player{Kind: play.AI, Level: "hard", Bot: nic.BotGreedy}
	soloOp = `{"variant":"solitaire","seats":["player","envoy","envoy","envoy"]}`
)

func solitaire(t testing.TB, seed uint64) []byte {
	return finished(t, soloOp, seed, []play.Player{human, envoy, envoy, envoy})
}

func TestEntryOfAFinishedGame(t *testing.T) {
	doc := finished(t, "", 5, []play.Player{human, easy, hard, easy})
	when := time.Date(2026, 3, 1, 12, 30, 0, 0, time.UTC)
	e, err := NewEntry(doc, when)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := e.Record.Replay()
	out := s.Outcome()
	if e.Abandoned || e.Rounds != out.Rounds || e.Rounds == 0 || len(e.Winners) != len(out.Winners) {
		t.Fatalf("entry %+v does not say how the game ended (%+v)", e, out)
	}
	if len(e.Names) != 4 || e.Names[3] != "Medici" {
		t.Fatalf("names %v", e.Names)
	}
	if !e.Ended.Equal(when) || e.Moves() != len(e.Actions) {
		t.Fatal("date or length lost")
	}
}

func TestAddLoadCapAndFiles(t *testing.T) {
	dir := t.TempDir()
	store, err := game.DefaultStorage(dir)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Open(store)
	if err != nil {
		t.Fatal(err)
	}
	h.Cap = 3
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var names []string
	for i := 0; i < 5; i++ {
		e, err := NewEntry(solitaire(t, uint64(i+1)), base.Add(time.Duration(i)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		name, err := h.Add(e)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	files, _ := os.ReadDir(filepath.Join(dir, FolderName))
	if len(files) != 3 {
		t.Fatalf("%d files in history/, want the cap of 3 (no temporary files left)", len(files))
	}
	got, problems, err := h.Load()
	if err != nil || len(problems) != 0 {
		t.Fatal(err, problems)
	}
	if len(got) != 3 || got[0].Name != names[4] || got[2].Name != names[2] {
		t.Fatalf("kept %v, want the three newest, newest first", entryNames(got))
	}
	// Two games ending in the same second get two documents.
	e, _ := NewEntry(solitaire(t, 9), base.Add(4*time.Minute))
	e.Seed = got[0].Seed
	e2, _ := NewEntry(solitaire(t, 9), base.Add(4*time.Minute))
	n1, _ := h.Add(e)
	n2, _ := h.Add(e2)
	if n1 == n2 {
		t.Fatal("two games written to one document")
	}
}

func entryNames(es []*Entry) []string {
	var n []string
	for _, e := range es {
		n = append(n, e.Name)
	}
	return n
}

func TestCorruptDocumentIsSetAsideAndReported(t *testing.T) {
	mem := game.NewMemStorage()
	h, _ := Open(mem)
	e, _ := NewEntry(solitaire(t, 3), time.Now())
	if _, err := h.Add(e); err != nil {
		t.Fatal(err)
	}
	dir, _ := game.SubFolder(mem, FolderName)
	_ = dir.Write("20250101-000000-niccolo-1.json", []byte(`{"history":1,"format":1,"game":"niccolo","seed":1,"actions":[],"players":[{"kind":"robot"}]}`))
	_ = dir.Write("20250101-000001-niccolo-2.json", []byte(`{ half a file`))
	got, problems, err := h.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(problems) != 2 {
		t.Fatalf("%d games and %d problems, want 1 and 2", len(got), len(problems))
	}
	for _, p := range problems {
		if p.KeptAs != p.Name+BadSuffix || p.Reason == "" {
			t.Fatalf("problem %+v", p)
		}
		if _, err := dir.Read(p.Name); !game.IsNotExist(err) {
			t.Fatalf("%s still in the list", p.Name)
		}
		if _, err := dir.Read(p.KeptAs); err != nil {
			t.Fatalf("%s lost: %v", p.KeptAs, err)
		}
	}
	if !strings.Contains(problems[0].Reason+problems[1].Reason, `unknown kind of player "robot"`) {
		t.Fatalf("the reason is not reported: %v", problems)
	}
	// Set aside once: a second load finds nothing wrong.
	if _, problems, _ := h.Load(); len(problems) != 0 {
		t.Fatal("set-aside documents reported again")
	}
	// A tampered record reads as a document but is refused, with the record's reason, when opened.
	_ = dir.Write("20250101-000002-niccolo-3.json", []byte(`{"history":1,"format":1,"game":"niccolo","seed":1,"actions":[{"seat":3,"action":{"kind":"play"}}],"players":[{"kind":"human"},{"kind":"ai"},{"kind":"ai"},{"kind":"ai"}],"winners":[]}`))
	got, _, _ = h.Load()
	if len(got) != 2 {
		t.Fatalf("%d games listed, want 2", len(got))
	}
	if _, err := h.Read("20250101-000002-niccolo-3.json"); err == nil || !strings.Contains(err.Error(), "seat 3 acted") {
		t.Fatalf("the tampered record opened: %v", err)
	}
}

func TestImportRefusesTamperedFiles(t *testing.T) {
	e, err := NewEntry(finished(t, "", 8, []play.Player{human, easy, easy, easy}), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	good, err := Export(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Import(good)
	if err != nil {
		t.Fatalf("an exported game does not import: %v", err)
	}
	if back.Moves() != e.Moves() || back.Rounds != e.Rounds || !back.Ended.Equal(e.Ended) {
		t.Fatal("export and import lost something")
	}
	// An action changed: the record's own reason, naming the action.
	var doc map[string]any
	_ = json.Unmarshal(good, &doc)
	acts := doc["actions"].([]any)
	acts[3].(map[string]any)["seat"] = float64((int(acts[3].(map[string]any)["seat"].(float64)) + 1) % 4)
	bad, _ := json.Marshal(doc)
	_, err = Import(bad)
	var re *rules.RecordError
	if !errors.As(err, &re) || re.Index != 3 {
		t.Fatalf("a tampered action: %v, want the record's error at action 3", err)
	}
	// Winners claimed that the record does not reach.
	_ = json.Unmarshal(good, &doc)
	doc["winners"] = []int{(e.Winners[0] + 1) % 4}
	bad, _ = json.Marshal(doc)
	if _, err := Import(bad); err == nil || !strings.Contains(err.Error(), "winners") {
		t.Fatalf("false winners: %v", err)
	}
	// The record cut short but still called finished.
	_ = json.Unmarshal(good, &doc)
	doc["actions"] = doc["actions"].([]any)[:10]
	bad, _ = json.Marshal(doc)
	if _, err := Import(bad); err == nil {
		t.Fatal("a cut record called finished was accepted")
	}
	for _, junk := range []string{"", "   ", "[]", "{}", `{"format":1,"game":"chess"}`, "\x00\x01", `{"format":2,"game":"niccolo"}`} {
		if _, err := Import([]byte(junk)); err == nil {
			t.Errorf("Import(%q) accepted it", junk)
		}
	}
}

func TestImportArenaLinesAndBareRecords(t *testing.T) {
	doc := finished(t, "", 21, []play.Player{easy, easy, easy, easy})
	var a play.Autosave
	_ = json.Unmarshal(doc, &a)
	rec, _ := json.Marshal(a.Record)
	line := func(i int) string {
		return `{"game_index":` + string(rune('0'+i)) + `,"seed":21,"winners":[],"rounds":1,"seating":["greedy","random","greedy","expert"],"record":` + string(rec) + "}"
	}
	es, err := ImportAll([]byte(line(0) + "\n" + line(1) + "\n"))
	if err != nil || len(es) != 2 {
		t.Fatalf("a two-game jsonl file: %v (%d games)", err, len(es))
	}
	if es[0].Players[3].Bot != "expert" || es[0].Players[0].Kind != play.AI {
		t.Fatalf("seating lost: %+v", es[0].Players)
	}
	bare, err := Import(rec)
	if err != nil || len(bare.Players) != 4 {
		t.Fatalf("a bare record: %v", err)
	}
	if _, err := ImportAll([]byte(line(0) + "\n{oops}\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("a bad second line: %v", err)
	}
}

func TestStatistics(t *testing.T) {
	var es []*Entry
	add := func(doc []byte) {
		e, err := NewEntry(doc, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	for seed := uint64(1); seed <= 6; seed++ {
		add(solitaire(t, seed))
	}
	vs := finished(t, "", 4, []play.Player{human, easy, hard, easy})
	add(vs)
	var a play.Autosave
	_ = json.Unmarshal(vs, &a)
	a.Actions = a.Actions[:5]
	cut, _ := json.Marshal(a)
	add(cut)
	st := Statistics(es)["niccolo"]
	if st.Played != 8 || st.Abandoned != 1 || st.Finished != 7 {
		t.Fatalf("counts %+v", st)
	}
	wins := 0
	for _, e := range es[:6] {
		if e.Won() {
			wins++
		}
	}
	if len(st.Best) != wins {
		t.Fatalf("%d best scores for %d won solitaires", len(st.Best), wins)
	}
	for i := 1; i < len(st.Best); i++ {
		if st.Best[i].Score > st.Best[i-1].Score {
			t.Fatal("best scores not in order")
		}
	}
	if st.Against["easy"].Played != 1 || st.Against["hard"].Played != 1 || st.Against["normal"].Played != 0 {
		t.Fatalf("against %+v", st.Against)
	}
	if es[6].Won() != (st.Against["hard"].Won == 1) {
		t.Fatal("a win against hard not counted")
	}
}

func FuzzImport(f *testing.F) {
	doc := solitaire(f, 2)
	e, _ := NewEntry(doc, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	good, _ := Export(e)
	f.Add(good)
	f.Add(doc)
	f.Add([]byte(`{"format":1,"game":"niccolo","seed":3,"actions":[]}`))
	f.Add([]byte(`{"record":{"format":1,"game":"niccolo","seed":3,"actions":[]},"seating":["a"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Import(data)
		if err != nil {
			return
		}
		// What Import accepts replays, fits its seats and exports to a file that imports the same.
		s, rerr := e.Record.Replay()
		if rerr != nil || len(e.Players) != s.Seats() {
			t.Fatalf("accepted a game that does not replay: %v", rerr)
		}
		out, err := Export(e)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Import(out)
		if err != nil || again.Moves() != e.Moves() || again.Rounds != e.Rounds {
			t.Fatalf("export of an accepted game does not import the same: %v", err)
		}
	})
}

// BenchmarkLoad500 reads a full history of 500 Niccolò games, each checked by replaying
// its record, as the History scene does when it opens.
func BenchmarkLoad500(b *testing.B) {
	mem := game.NewMemStorage()
	h, _ := Open(mem)
	doc := finished(b, "", 5, []play.Player{human, easy, hard, easy})
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < DefaultCap; i++ {
		e, err := NewEntry(doc, base.Add(time.Duration(i)*time.Minute))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := h.Add(e); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("%d actions a game", len(mustEntry(b, doc).Actions))
	for b.Loop() {
		es, problems, err := h.Load()
		if err != nil || len(problems) > 0 || len(es) != DefaultCap {
			b.Fatal(err, problems, len(es))
		}
	}
}

func mustEntry(tb testing.TB, doc []byte) *Entry {
	e, err := NewEntry(doc, time.Now())
	if err != nil {
		tb.Fatal(err)
	}
	return e
}
