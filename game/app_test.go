package game

import (
	"errors"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// blank is a scene that draws nothing.
type blank struct {
	entered int
}

func (b *blank) Update(*Context) error            { return nil }
func (b *blank) Draw(*ebiten.Image, *Context)     {}
func (b *blank) Enter(*Context)                   { b.entered++ }
func newBlank(*Context) (Scene, error)            { return &blank{}, nil }
func failing(*Context) (Scene, error)             { return nil, errors.New("no") }
func resumeBlank(*Context, []byte) (Scene, error) { return &blank{}, nil }
func newTestApp(store Storage) (*App, error)      { return NewApp(testOptions(store)) }
func testOptions(store Storage) Options {
	return Options{Storage: store, Audio: AudioOff, Scene: "test/blank", Log: func(string, ...any) {}}
}

func init() {
	RegisterScene("test/blank", newBlank)
	RegisterScene("test/failing", failing)
	RegisterGame(GameInfo{ID: "test-game", Setup: newBlank, Resume: resumeBlank})
}

func TestUnknownSceneIsAnError(t *testing.T) {
	o := testOptions(NewMemStorage())
	o.Scene = "nowhere"
	if _, err := NewApp(o); err == nil {
		t.Fatal("want an error for an unknown scene")
	}
}

func TestSceneStack(t *testing.T) {
	a, err := newTestApp(NewMemStorage())
	if err != nil {
		t.Fatal(err)
	}
	first := a.Top().(*blank)
	if first.entered != 1 {
		t.Fatalf("first scene entered %d times", first.entered)
	}
	if err := a.ctx.Open("test/blank"); err != nil {
		t.Fatal(err)
	}
	if a.ctx.Depth() != 2 || a.Top() == first {
		t.Fatal("Open did not push")
	}
	a.ctx.Pop()
	if a.Top() != first || first.entered != 2 {
		t.Fatalf("Pop: top=%p entered=%d", a.Top(), first.entered)
	}
	a.ctx.Pop() // never below the first scene
	if a.ctx.Depth() != 1 {
		t.Fatal("popped the last scene")
	}
	if err := a.ctx.Open("test/failing"); err == nil || a.ctx.Depth() != 1 {
		t.Fatal("a failing factory must not change the stack")
	}
	a.ctx.Replace(&blank{})
	if a.ctx.Depth() != 1 || a.Top() == first {
		t.Fatal("Replace")
	}
}

func TestFramesFollowAnimationSpeed(t *testing.T) {
	a, _ := newTestApp(NewMemStorage())
	for speed, want := range map[AnimSpeed]int{AnimSlow: 48, AnimNormal: 30, AnimFast: 15, AnimInstant: 0} {
		s := a.ctx.Settings()
		s.AnimSpeed = speed
		a.ctx.PreviewSettings(s)
		if got := a.ctx.Frames(0.5); got != want {
			t.Errorf("%s: Frames(0.5) = %d, want %d", speed, got, want)
		}
	}
}

func TestLanguageChangeSwitchesTranslator(t *testing.T) {
	store := NewMemStorage()
	a, _ := newTestApp(store)
	if a.ctx.T("menu.quit") != "Quit" {
		t.Fatal(a.ctx.T("menu.quit"))
	}
	s := a.ctx.Settings()
	s.Language = "it"
	if err := a.ctx.SetSettings(s); err != nil {
		t.Fatal(err)
	}
	if a.ctx.T("menu.quit") != "Esci" {
		t.Fatal(a.ctx.T("menu.quit"))
	}
	if got, _ := LoadSettings(store); got.Language != "it" {
		t.Fatal("the language was not saved")
	}
	o := testOptions(store)
	o.Lang = "en" // -lang overrides for one run without saving
	b, _ := NewApp(o)
	if b.ctx.T("menu.quit") != "Quit" {
		t.Fatal("-lang did not override")
	}
	if got, _ := LoadSettings(store); got.Language != "it" {
		t.Fatal("-lang must not be saved")
	}
}

func TestAutosave(t *testing.T) {
	store := NewMemStorage()
	if _, _, ok := ResumableGame(store); ok {
		t.Fatal("nothing to resume in an empty store")
	}
	if err := WriteAutosave(store, []byte(`{"seed": 1}`)); err == nil {
		t.Fatal("an autosave without a game field was accepted")
	}
	if err := WriteAutosave(store, []byte(`{"game": "not-registered"}`)); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := ResumableGame(store); ok {
		t.Fatal("an unregistered game cannot be resumed")
	}
	if err := WriteAutosave(store, []byte(`{"game": "test-game", "actions": []}`)); err != nil {
		t.Fatal(err)
	}
	g, data, ok := ResumableGame(store)
	if !ok || g.ID != "test-game" || len(data) == 0 {
		t.Fatalf("ResumableGame = %v %q %v", g.ID, data, ok)
	}
}

func TestRegistryListsScenes(t *testing.T) {
	if !slices.Contains(SceneNames(), "test/blank") {
		t.Fatal(SceneNames())
	}
	if _, ok := LookupGame("test-game"); !ok {
		t.Fatal("LookupGame")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("registering a scene twice must panic")
		}
	}()
	RegisterScene("test/blank", newBlank)
}

func TestTranslatorFallsBackAndRecordsMissingKeys(t *testing.T) {
	tr := NewTranslator("it")
	if tr.T("no.such.key") != "…" {
		t.Fatal("a missing key must not be shown raw")
	}
	if !slices.Equal(tr.Missing(), []string{"no.such.key"}) {
		t.Fatal(tr.Missing())
	}
	if NewTranslator("xx").Lang() != "en" {
		t.Fatal("an unknown language must give English")
	}
	if got := NewTranslator("it").F("app.version", "1.2"); got != "versione 1.2" {
		t.Fatal(got)
	}
}
