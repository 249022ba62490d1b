package intrigo

import (
	"flag"
	"image/color"
	"sort"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/internal/ebitentest"
	"principe/rules"
	ig "principe/rules/intrigo"
)

// The tests in this file run inside the Ebitengine loop (they need a graphics context):
// TestMain runs the game loop on the main goroutine and the tests call onUI to run code
// on it. They are skipped unless -ui is given (they need a display: xvfb-run on Linux).
var uiFlag = flag.Bool("ui", false, "run the tests that need the Ebitengine loop (use xvfb-run)")

var benchFrames = flag.Int("frames", 300, "BenchmarkTableFrame: how many frames to measure")

// runner is the game loop the tests drive the app in (with -ui).
var runner *ebitentest.Loop

// drive runs app until stop (called after each frame is drawn, with the screen) says so,
// and returns each frame's Update+Draw time.
func drive(app *game.App, stop func(*game.App, *ebiten.Image) bool) ([]time.Duration, error) {
	return runner.Drive(app, stop)
}

// onUI runs f on the UI goroutine inside Draw and waits for it.
func onUI(f func(screen *ebiten.Image)) { runner.OnUI(f) }

func TestMain(m *testing.M) {
	flag.Parse()
	ebitentest.MainLoop(m, *uiFlag, func(l *ebitentest.Loop) { runner = l })
}

// newApp opens scene with seed at the given animation speed, in a fresh storage folder.
func newApp(tb testing.TB, scene string, seed int64, speed game.AnimSpeed) *game.App {
	var app *game.App
	dir := tb.TempDir()
	onUI(func(*ebiten.Image) {
		store, err := game.DefaultStorage(dir)
		if err != nil {
			tb.Error(err)
			return
		}
		app, err = game.NewApp(game.Options{Storage: store, Scene: scene, Seed: seed, Audio: game.AudioOff})
		if err != nil {
			tb.Error(err)
			return
		}
		ctx := app.Context()
		st := ctx.Settings()
		st.AnimSpeed = speed
		_ = ctx.SetSettings(st)
	})
	if app == nil {
		tb.FailNow()
	}
	return app
}

// near reports whether two colours are within tol on every channel.
func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// palaceMismatches compares the palaces on the screen with the observation: an occupied
// post shows its advisor's owner's colour on the piece's rim, a free post shows none of
// the seats' colours there. It returns a description of each post that disagrees.
func palaceMismatches(screen *ebiten.Image, scale float64, o *ig.Observation) []string {
	tb := &o.Table
	n := tb.Players
	var bad []string
	for s := 0; s < n; s++ {
		for post := 0; post < ig.Posts; post++ {
			cx, cy := PostCentre(rules.Seat(s), n, post)
			r := postRadius(n)
			px := color.RGBAModel.Convert(screen.At(int((cx+0.81*r)*scale), int(cy*scale))).(color.RGBA)
			id := tb.Palaces[s][post]
			switch {
			case id >= 0 && !near(px, seatColour(tb.Advisors[id].Owner), 40):
				bad = append(bad, "post "+ig.ColourNames[s]+"/"+itoa(post)+" should show "+ig.ColourNames[tb.Advisors[id].Owner]+", shows "+rgb(px))
			case id < 0:
				for c := 0; c < n; c++ {
					if near(px, seatColour(rules.Seat(c)), 12) {
						bad = append(bad, "free post "+ig.ColourNames[s]+"/"+itoa(post)+" shows "+ig.ColourNames[c])
					}
				}
			}
		}
	}
	return bad
}

func rgb(c color.RGBA) string { return itoa(int(c.R)) + "," + itoa(int(c.G)) + "," + itoa(int(c.B)) }

// TestAIGameScreenMatchesRules plays an all-AI game (five seats, fast-forwarded to the
// first player's last turn) to the end inside the app with instant animations and,
// whenever the table is at rest, checks the palaces on the screen against the rules'
// observation; the game must reach the results.
func TestAIGameScreenMatchesRules(t *testing.T) {
	if !*uiFlag {
		t.Skip("needs -ui (and a display)")
	}
	app := newApp(t, "intrigo/benchmark", 5, game.AnimInstant)
	checks, frames := 0, 0
	var mismatches []string
	sawResults := false
	_, err := drive(app, func(a *game.App, screen *ebiten.Image) bool {
		frames++
		switch top := a.Top().(type) {
		case *Table:
			top.m.ThinkTime = 2 * time.Second
			if !top.Busy() && frames%3 == 0 && len(top.v.flights) == 0 {
				bad := palaceMismatches(screen, a.Context().Scale, top.v.obs)
				mismatches = append(mismatches, bad...)
				checks++
			}
		case *Results:
			sawResults = true
			return true
		}
		return frames > 20000 || len(mismatches) > 0
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(mismatches) > 0 {
		t.Fatalf("the screen disagrees with the rules: %v", mismatches)
	}
	if !sawResults {
		t.Fatalf("the game did not reach the results in %d frames", frames)
	}
	if checks < 5 {
		t.Fatalf("only %d checks of the palaces were made", checks)
	}
	t.Logf("%d frames, %d screen checks", frames, checks)
}

// BenchmarkTableFrame measures the table's Update+Draw with five players late in a game
// (a fuller island, every palace staffed) while coins fly and advisors move, at normal
// animation speed, and reports the median and worst frame over -frames frames.
func BenchmarkTableFrame(b *testing.B) {
	if !*uiFlag {
		b.Skip("needs -ui (and a display)")
	}
	for b.Loop() {
		app := newApp(b, "intrigo/benchmark", 9, game.AnimNormal)
		n := 0
		frames, err := drive(app, func(a *game.App, _ *ebiten.Image) bool {
			n++
			_, ok := a.Top().(*Table)
			return n >= *benchFrames || !ok
		})
		if err != nil {
			b.Fatal(err)
		}
		sort.Slice(frames, func(i, j int) bool { return frames[i] < frames[j] })
		b.ReportMetric(float64(len(frames)), "frames")
		b.ReportMetric(float64(frames[len(frames)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(frames[len(frames)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(frames[len(frames)-1].Microseconds())/1000, "worst-ms")
		var island, flying int
		onUI(func(*ebiten.Image) {
			if t, ok := app.Top().(*Table); ok {
				island = len(islanders(&t.v.obs.Table))
				flying = t.coinsFlown
			}
		})
		b.ReportMetric(float64(island), "island")
		b.ReportMetric(float64(flying), "coin-flights")
	}
}
