package history

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"principe/game"
	hist "principe/game/history"
	"principe/game/play"
)

// newCtx is an app context on a memory store with instant animations (no window needed:
// these tests only update scenes).
func newCtx(t *testing.T) (*game.Context, *game.MemStorage) {
	t.Helper()
	store := game.NewMemStorage()
	app, err := game.NewApp(game.Options{Storage: store, Scene: "title", Audio: game.AudioOff})
	if err != nil {
		t.Fatal(err)
	}
	return app.Context(), store
}

// keep adds a played game of gameName to the history of store.
func keep(t *testing.T, store game.Storage, gameName string, seed uint64, when time.Time) *hist.Entry {
	t.Helper()
	rec, players := played(t, gameName, seed, 60)
	doc, err := json.Marshal(play.Autosave{Record: *rec, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	e, err := hist.NewEntry(doc, when)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := hist.Open(store)
	if _, err := h.Add(e); err != nil {
		t.Fatal(err)
	}
	return e
}

func TestListFiltersExportsAndImports(t *testing.T) {
	ctx, store := newCtx(t)
	base := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	keep(t, store, "niccolo", 1, base)
	keep(t, store, "intrigo", 2, base.Add(time.Hour))
	keep(t, store, "niccolo", 3, base.Add(2*time.Hour))
	h := New(ctx)
	h.Enter(ctx)
	if len(h.shown) != 3 || h.shown[0].Seed != 3 || h.selected() != h.shown[0] {
		t.Fatalf("the list shows %d games, newest first, the first chosen; got %+v", len(h.shown), h.shown)
	}
	h.filter = 1 + indexOf(game.GameOrder, "intrigo")
	h.refilter()
	if len(h.shown) != 1 || h.shown[0].Game != "intrigo" || h.stats["intrigo"].Played != 1 || h.stats["niccolo"] != nil {
		t.Fatalf("filtered by Intrigo: %d games, stats %v", len(h.shown), h.stats)
	}
	// Export writes a file any Principe imports: the same game.
	h.export(ctx)
	dir, _ := game.SubFolder(store, ExportFolder)
	names, _ := dir.List()
	if len(names) != 1 {
		t.Fatalf("exports/ holds %v", names)
	}
	data, _ := dir.Read(names[0])
	back, err := hist.Import(data)
	if err != nil || back.Game != "intrigo" || back.Moves() != h.shown[0].Moves() {
		t.Fatalf("the exported file does not import as the same game: %v", err)
	}
	// A tampered file is refused with the record's reason and adds nothing.
	bad := strings.Replace(string(data), `"seat":0`, `"seat":9`, 1)
	if err := h.importData([]byte(bad)); err == nil || !strings.Contains(err.Error(), "bad record") {
		t.Fatalf("a tampered file: %v", err)
	}
	if err := h.importData(data); err != nil {
		t.Fatal(err)
	}
	h.reload(ctx)
	h.filter = 0
	h.refilter()
	if len(h.shown) != 4 {
		t.Fatalf("after importing one game the history holds %d, want 4", len(h.shown))
	}
}

func TestWatchSetsAsideATamperedRecord(t *testing.T) {
	ctx, store := newCtx(t)
	e := keep(t, store, "niccolo", 4, time.Date(2026, 5, 2, 0, 0, 0, 0, time.UTC))
	dir, _ := game.SubFolder(store, hist.FolderName)
	data, _ := dir.Read(e.Name)
	var doc map[string]any
	_ = json.Unmarshal(data, &doc)
	doc["seed"] = float64(99) // the actions no longer fit the deal
	data, _ = json.Marshal(doc)
	_ = dir.Write(e.Name, data)
	h := New(ctx)
	h.Enter(ctx)
	if len(h.shown) != 1 {
		t.Fatal("the skimmed list does not show the game")
	}
	if err := h.watch(ctx); err != nil {
		t.Fatal(err)
	}
	if len(h.shown) != 0 || len(h.problems) != 1 || !strings.Contains(h.problems[0].Reason, "bad record") {
		t.Fatalf("a record that does not replay was opened or not reported: %d shown, %+v", len(h.shown), h.problems)
	}
	if _, err := dir.Read(e.Name + hist.BadSuffix); err != nil {
		t.Fatal("the tampered game was not set aside")
	}
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

func TestGameInProgressIsListedAndAbandonedOnlyOnSecondPress(t *testing.T) {
	ctx, store := newCtx(t)
	keep(t, store, "niccolo", 1, time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC))
	rec, players := played(t, "niccolo", 8, 12)
	doc, _ := json.Marshal(play.Autosave{Record: *rec, Players: players})
	if err := game.WriteAutosave(store, doc); err != nil {
		t.Fatal(err)
	}
	h := New(ctx)
	h.Enter(ctx)
	if h.current == nil || len(h.shown) != 2 || h.shown[0] != h.current || h.selected() != h.current {
		t.Fatalf("the game in progress is not listed first and chosen: %+v", h.shown)
	}
	if st := h.stats["niccolo"]; st.Played != 1 || st.Abandoned != 0 {
		t.Fatalf("the game in progress counts in the statistics: %+v", st)
	}
	if e := h.enabled(); !e[ButtonAbandon] || !e[ButtonWatch] {
		t.Fatalf("buttons %v", e)
	}
	h.abandon(ctx)
	if !game.Exists(store, game.AutosaveName) {
		t.Fatal("one press abandoned the game")
	}
	h.abandon(ctx)
	if game.Exists(store, game.AutosaveName) {
		t.Fatal("the second press did not abandon the game")
	}
	if h.current != nil || len(h.shown) != 2 || !h.shown[0].Abandoned || h.shown[0].Moves() != 12 {
		t.Fatalf("the abandoned game is not kept in the history: %+v", h.shown)
	}
	h.sel = 1
	if h.enabled()[ButtonAbandon] {
		t.Fatal("Abandon is offered for a game of the history")
	}
}
