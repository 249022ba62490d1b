package scenes

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/internal/ebitentest"
)

// The render tests run inside the Ebitengine loop, the way Ebitengine's own tests do (internal/testing):
// TestMain starts RunGame and the tests run from the first Update, so images can be drawn and read back.
// They need a display; scripts/test provides one with xvfb-run.

func TestMain(m *testing.M) { ebitentest.Main(m, "scenes: the render tests") }

// harness runs an App and draws it into an offscreen screen.
type harness struct {
	t      *testing.T
	app    *game.App
	screen *ebiten.Image
	pix    *image.RGBA
	scale  float64
}

func newHarness(t *testing.T, store game.Storage, lang, scene string) *harness {
	t.Helper()
	app, err := game.NewApp(game.Options{Storage: store, Audio: game.AudioOff, Lang: lang, Scene: scene, Version: "test", Log: func(string, ...any) {}})
	if err != nil {
		t.Fatal(err)
	}
	w, h := app.LayoutF(game.LogicalWidth, game.LogicalHeight)
	return &harness{t: t, app: app, screen: ebiten.NewImage(int(w), int(h)), scale: app.Context().Scale}
}

// run advances n ticks and draws one frame.
func (h *harness) run(n int) {
	h.t.Helper()
	for range n {
		if err := h.app.Update(); err != nil {
			h.t.Fatal(err)
		}
	}
	h.screen.Clear()
	h.app.Draw(h.screen)
	b := h.screen.Bounds()
	h.pix = image.NewRGBA(b)
	h.screen.ReadPixels(h.pix.Pix)
}

// at returns the colour at a logical point of the last frame.
func (h *harness) at(x, y float64) color.RGBA {
	return h.pix.RGBAAt(int(x*h.scale), int(y*h.scale))
}

// count counts the pixels of a logical rectangle within tol of c.
func (h *harness) count(r Rect, c color.RGBA, tol int) int {
	n := 0
	for y := int(r.Y * h.scale); y < int((r.Y+r.H)*h.scale); y++ {
		for x := int(r.X * h.scale); x < int((r.X+r.W)*h.scale); x++ {
			if near(h.pix.RGBAAt(x, y), c, tol) {
				n++
			}
		}
	}
	return n
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}

func isParchmentLike(c color.RGBA) bool {
	return c.R > 170 && c.R >= c.G && c.G >= c.B && int(c.R)-int(c.B) > 20
}

// TestScenes walks through the scenes in both languages, as a player would, checking what is drawn. Each
// language gets one app (software GL is slow: the tests draw few frames).
func TestScenes(t *testing.T) {
	var titleFrames = map[string]*image.RGBA{}
	for _, lang := range []string{"en", "it"} {
		store := game.NewMemStorage()
		if lang == "en" {
			_ = store.Write(game.SettingsName, []byte("{not json")) // the app must start anyway, with a notice
		}
		h := newHarness(t, store, lang, "title")
		h.run(40) // past the intro
		checkTitle(t, h, lang)
		titleFrames[lang] = h.pix
		if lang == "en" {
			checkNotice(t, h)
		}
		checkFocusHighlight(t, h)
		checkCrossFadeToSettings(t, h)
		checkSettings(t, h, store)
		h.app.Context().Pop()
		if err := h.app.Context().Open("rules"); err != nil {
			t.Fatal(err)
		}
		rules := h.app.Top().(*Rules)
		for i := range game.GameOrder {
			rules.list.Focus = i
			h.run(1)
			if rules.selected != i {
				t.Errorf("%s: focusing tab %d selected %d", lang, i, rules.selected)
			}
		}
		if missing := h.app.Context().Tr().Missing(); len(missing) > 0 {
			t.Errorf("%s: the scenes asked for keys the tables lack: %v", lang, missing)
		}
	}
	// The subtitle differs between the languages.
	en, it := titleFrames["en"], titleFrames["it"]
	diff := 0
	for y := 170; y < 210; y++ {
		for x := 400; x < 880; x++ {
			if en.RGBAAt(x, y) != it.RGBAAt(x, y) {
				diff++
			}
		}
	}
	if diff < 500 {
		t.Errorf("English and Italian subtitles differ in only %d pixels", diff)
	}
}

func checkTitle(t *testing.T, h *harness, lang string) {
	t.Helper()
	if n := h.count(Rect{370, 50, 540, 90}, Crimson, 40); n < 3000 {
		t.Errorf("%s: only %d crimson pixels in the title", lang, n)
	}
	if n := h.count(Rect{240, 60, 800, 90}, Gold, 40); n < 800 {
		t.Errorf("%s: only %d gold pixels (lilies) beside the title", lang, n)
	}
	if c := h.at(828, 250); !isParchmentLike(c) {
		t.Errorf("%s: background at (828, 250) is %v, not parchment", lang, c)
	}
	// The frame: a crimson band near every edge.
	for _, p := range [][2]float64{{300, 21}, {300, 699}, {21, 200}, {1259, 200}} {
		if c := h.at(p[0], p[1]); !near(c, Crimson, 60) && !near(c, CrimsonDeep, 60) {
			t.Errorf("%s: frame at %v is %v", lang, p, c)
		}
	}
	// Continue is disabled (no autosave): no crimson fill.
	cx, cy := TitleEntryRect(TitleContinue).Center()
	if c := h.at(cx-120, cy); near(c, Crimson, 60) {
		t.Errorf("%s: Continue looks enabled and focused", lang)
	}
}

func checkNotice(t *testing.T, h *harness) {
	t.Helper()
	if n := h.count(Rect{200, 626, 880, 30}, CrimsonDeep, 30); n < 5000 {
		t.Errorf("no notice band drawn (%d crimson pixels)", n)
	}
	if n := h.count(Rect{200, 626, 880, 30}, Parchment, 40); n < 300 {
		t.Errorf("no notice text drawn (%d light pixels)", n)
	}
}

func checkFocusHighlight(t *testing.T, h *harness) {
	t.Helper()
	title := h.app.Top().(*Title)
	r := TitleEntryRect(TitleSettings)
	probe := func() color.RGBA { return h.at(r.X+14, r.Y+r.H/2) }
	if c := probe(); near(c, Crimson, 50) {
		t.Fatalf("Settings is highlighted before it has the focus: %v", c)
	}
	title.menu.Focus = TitleSettings
	h.run(30)
	if c := probe(); !near(c, Crimson, 50) {
		t.Fatalf("the focused entry is not crimson: %v", c)
	}
}

func checkCrossFadeToSettings(t *testing.T, h *harness) {
	t.Helper()
	before := h.pix
	if err := h.app.Context().Open("settings"); err != nil {
		t.Fatal(err)
	}
	h.run(0) // the first frame after the change starts the fade
	if !h.app.Context().Fading() {
		t.Fatal("no cross-fade started")
	}
	h.run(8)
	mid := h.pix
	h.run(40)
	after := h.pix
	changedMid, changedAfter := 0, 0
	for y := 560; y < 640; y++ {
		for x := 200; x < 1000; x++ {
			if mid.RGBAAt(x, y) != after.RGBAAt(x, y) {
				changedMid++
			}
			if before.RGBAAt(x, y) != after.RGBAAt(x, y) {
				changedAfter++
			}
		}
	}
	if changedAfter < 1000 {
		t.Fatalf("the settings scene looks like the title (%d pixels differ)", changedAfter)
	}
	if changedMid < changedAfter/4 {
		t.Fatalf("no cross-fade: the mid-fade frame already equals the end (%d of %d differ)", changedMid, changedAfter)
	}
	if _, ok := h.app.Top().(*Settings); !ok {
		t.Fatalf("top scene is %T", h.app.Top())
	}
}

func checkSettings(t *testing.T, h *harness, store game.Storage) {
	t.Helper()
	seg := func(i int) color.RGBA {
		r := SettingsAnimChoiceRect(i)
		return h.at(r.X+10, r.Y+r.H/2)
	}
	if !near(seg(1), Crimson, 40) || near(seg(2), Crimson, 60) {
		t.Fatalf("normal speed should be selected: normal=%v fast=%v", seg(1), seg(2))
	}
	s := h.app.Context().Settings()
	s.AnimSpeed = game.AnimFast
	if err := h.app.Context().SetSettings(s); err != nil {
		t.Fatal(err)
	}
	h.run(2)
	if !near(seg(2), Crimson, 40) || near(seg(1), Crimson, 60) {
		t.Fatalf("fast should be selected now: normal=%v fast=%v", seg(1), seg(2))
	}
	if saved, _ := game.LoadSettings(store); saved.AnimSpeed != game.AnimFast {
		t.Fatalf("saved %+v", saved)
	}
}

func TestLayoutScalesWithTheWindow(t *testing.T) {
	app, err := game.NewApp(game.Options{Storage: game.NewMemStorage(), Audio: game.AudioOff, Scene: "title", Log: func(string, ...any) {}})
	if err != nil {
		t.Fatal(err)
	}
	dsf := ebiten.Monitor().DeviceScaleFactor()
	// A narrow window: the 16:9 layout fits its width (Ebitengine letterboxes the rest).
	w, h := app.LayoutF(1000, 720)
	if want := 1000 * dsf; w != want || math.Abs(h-w*720/1280) > 1 {
		t.Errorf("LayoutF(1000, 720) = %v×%v, want %v wide and 16:9", w, h, want)
	}
	// A big window: everything is drawn 1.5 times larger, not stretched from 1280×720.
	w, h = app.LayoutF(1920, 1080)
	if w != 1920*dsf || h != 1080*dsf || app.Context().Scale != 1.5*dsf {
		t.Fatalf("LayoutF(1920, 1080) = %v×%v scale %v", w, h, app.Context().Scale)
	}
	hs := &harness{t: t, app: app, screen: ebiten.NewImage(int(w), int(h)), scale: app.Context().Scale}
	hs.run(40)
	if n := hs.count(Rect{370, 50, 540, 90}, Crimson, 40); n < 3000*2 {
		t.Errorf("only %d crimson pixels in the title at scale %v", n, hs.scale)
	}
}
