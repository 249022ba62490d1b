package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// serve serves a folder on 127.0.0.1 (a free port) until the test ends, and returns its address.
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/"
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

// shares measures a screenshot: the fraction of parchment pixels (the title scene's ground), of
// the loading screen's dark background, and of the loading bar's crimson fill within the bar.
type shares struct{ parchment, loaderDark float64 }

func measure(img image.Image) shares {
	var s shares
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			n++
			if r > 200 && g > 180 && bl > 130 && r > bl+20 {
				s.parchment++
			}
			if r < 100 && g < 50 && bl < 45 {
				s.loaderDark++
			}
		}
	}
	s.parchment /= float64(n)
	s.loaderDark /= float64(n)
	return s
}

// blockMeans averages an image over a grid of cols×rows blocks (RGB, 0–255).
func blockMeans(img image.Image, cols, rows int) [][3]float64 {
	b := img.Bounds()
	out := make([][3]float64, cols*rows)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			i := (y-b.Min.Y)*rows/b.Dy()*cols + (x-b.Min.X)*cols/b.Dx()
			r, g, bl, _ := img.At(x, y).RGBA()
			out[i][0] += float64(r >> 8)
			out[i][1] += float64(g >> 8)
			out[i][2] += float64(bl >> 8)
		}
	}
	per := float64(b.Dx()*b.Dy()) / float64(cols*rows)
	for i := range out {
		for c := range 3 {
			out[i][c] /= per
		}
	}
	return out
}

// The web build: index.html loads principe.wasm with a progress bar, then the game replaces it
// with its title scene. Checked in headless Chromium against the page served on localhost.
func TestWebBuildShowsTheTitleScene(t *testing.T) {
	res := built(t)
	web := filepath.Join(res.Out, "web")
	for _, name := range []string{"index.html", "wasm_exec.js", wasmName, "icon-32.png", "icon-256.png"} {
		if _, err := os.Stat(filepath.Join(web, name)); err != nil {
			t.Fatalf("web build lacks %s", name)
		}
	}
	fi, _ := os.Stat(filepath.Join(web, wasmName))
	page, _ := os.ReadFile(filepath.Join(web, "index.html"))
	for _, want := range []string{wasmName + "?v=" + testVersion, "wasm_exec.js", "instantiateStreaming", "Content-Length"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	if !regexp.MustCompile(`const wasmSize = \s*` + strconv.FormatInt(fi.Size(), 10) + `\s*;`).Match(page) {
		t.Errorf("index.html does not give the program's size, %d bytes", fi.Size())
	}
	program, _ := os.ReadFile(filepath.Join(web, wasmName))
	if !bytes.Contains(program, []byte(testVersion)) {
		t.Error("the version is not stamped into principe.wasm")
	}

	var served atomic.Int64
	files := http.FileServer(http.Dir(web))
	url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			served.Add(1)
		}
		files.ServeHTTP(w, r)
	}))
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	start := time.Now()
	br := openBrowser(t, url)
	br.waitFor(ctx, "the game to replace the loading screen",
		`document.getElementById("loader") === null && document.querySelector("canvas") !== null`)
	ready := time.Since(start)
	br.eval(`new Promise(done => setTimeout(done, 3000))`) // let the title scene fade in
	img := br.screenshot()
	saveOnFailure(t, img, "web-title.png")
	if served.Load() == 0 {
		t.Fatal("the page never asked for principe.wasm")
	}
	s := measure(img)
	t.Logf("web: the game replaced the loading screen after %s; then %.0f%% parchment, %.1f%% loading-screen dark",
		ready.Round(100*time.Millisecond), 100*s.parchment, 100*s.loaderDark)
	if s.loaderDark > 0.02 {
		t.Errorf("the loading screen is still showing (%.0f%% of the page is its dark ground)", 100*s.loaderDark)
	}
	if s.parchment < 0.5 {
		t.Errorf("parchment covers %.0f%% of the page; the title scene is mostly parchment", 100*s.parchment)
	}

	// Where there is a display, compare with the title scene the Linux program draws natively.
	if os.Getenv("DISPLAY") == "" {
		return
	}
	native := nativeTitle(t)
	a, b := blockMeans(img, 16, 9), blockMeans(native, 16, 9)
	worst, total := 0.0, 0.0
	for i := range a {
		for c := range 3 {
			d := a[i][c] - b[i][c]
			d = max(d, -d)
			total += d
			worst = max(worst, d)
		}
	}
	mean := total / float64(3*len(a))
	t.Logf("web vs native title: mean block difference %.1f, worst %.1f (of 255)", mean, worst)
	if mean > 12 || worst > 60 {
		saveOnFailure(t, native, "native-title.png")
		t.Errorf("the web page does not look like the native title scene (mean block difference %.1f, worst %.1f)", mean, worst)
	}
}

// nativeTitle runs the packaged Linux program to draw its title scene.
func nativeTitle(t *testing.T) image.Image {
	t.Helper()
	pkg := linuxPackage(t)
	shot := filepath.Join(t.TempDir(), "native.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(pkg, binaryName), "-screenshot", shot, "-frames", "40", "-audio", "off")
	cmd.Env = append(filteredEnv("HOME", "XDG_CONFIG_HOME"), "HOME="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("native screenshot: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// While principe.wasm is still arriving, the page shows the loading screen with a progress bar
// that has moved. The server sends half the program and then holds the connection open.
func TestWebLoadingScreenShowsProgress(t *testing.T) {
	res := built(t)
	web := filepath.Join(res.Out, "web")
	program, err := os.ReadFile(filepath.Join(web, wasmName))
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	files := http.FileServer(http.Dir(web))
	url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, ".wasm") {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Set("Content-Length", strconv.Itoa(len(program)))
		w.Write(program[:len(program)/2+4096]) // just past half: the page reads 50%
		w.(http.Flusher).Flush()
		select { // hold the rest back
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release) })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	br := openBrowser(t, url)
	br.waitFor(ctx, "the loading bar to reach half way",
		`Number(document.getElementById("bar")?.getAttribute("aria-valuenow")) >= 50`)
	br.eval(`new Promise(done => setTimeout(done, 600))`) // the bar's fill glides to its width
	img := br.screenshot()
	saveOnFailure(t, img, "web-loading.png")
	status, _ := br.eval(`document.getElementById("status").textContent`).(string)
	if !strings.Contains(status, "50%") {
		t.Errorf("status line says %q, want 50%% (half the program has arrived)", status)
	}
	s := measure(img)
	t.Logf("loading screen: %.0f%% dark ground; status %q", 100*s.loaderDark, status)
	if s.loaderDark < 0.5 {
		t.Errorf("the loading screen is not showing (%.0f%% dark ground)", 100*s.loaderDark)
	}
	// The bar: crimson fill from its left end to about half way.
	filled := barFill(img)
	t.Logf("loading bar filled to %.0f%% of its frame", 100*filled)
	if filled < 0.4 || filled > 0.6 {
		t.Errorf("the loading bar is %.0f%% full, want about half", 100*filled)
	}
}

// barFill finds the loading bar's row (the one with the longest run of crimson) and returns how
// far along the bar (whose gold border bounds it) the crimson goes.
func barFill(img image.Image) float64 {
	crimson := func(x, y int) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		r, g, b = r>>8, g>>8, b>>8
		return r > 110 && r > 3*g && r > 2*b
	}
	gold := func(x, y int) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		r, g, b = r>>8, g>>8, b>>8
		return r > 150 && g > 100 && b < 90 && r > g
	}
	best, bestY := 0, -1
	for y := 300; y < 700; y++ {
		run := 0
		for x := 0; x < 1280; x++ {
			if crimson(x, y) {
				run++
			}
		}
		if run > best {
			best, bestY = run, y
		}
	}
	if bestY < 0 {
		return 0
	}
	left, right := -1, -1
	for x := 0; x < 1280; x++ {
		if gold(x, bestY) {
			if left < 0 {
				left = x
			}
			right = x
		}
	}
	if left < 0 || right <= left {
		return 0
	}
	return float64(best) / float64(right-left)
}

// saveOnFailure keeps a screenshot in the test's output folder when the test fails.
func saveOnFailure(t *testing.T, img image.Image, name string) {
	t.Cleanup(func() {
		if !t.Failed() {
			return
		}
		dir := os.Getenv("PRINCIPE_TEST_ARTIFACTS")
		if dir == "" {
			dir = os.TempDir()
		}
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			return
		}
		defer f.Close()
		png.Encode(f, img)
		fmt.Fprintf(os.Stderr, "screenshot kept in %s\n", p)
	})
}
