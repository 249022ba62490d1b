package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// browser is headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages separated by NUL bytes on file descriptors 3 and 4), so
// a test can wait for the page to reach a state instead of guessing a delay.
type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	w       io.WriteCloser
	session string

	mu      sync.Mutex
	nextID  int
	waiting map[int]chan cdpReply
	console []string // console messages and uncaught exceptions, for failure reports
}

type cdpReply struct {
	Result json.RawMessage
	Error  *struct{ Message string }
}

// openBrowser starts Chromium with a 1280×720 window and opens a page at url.
func openBrowser(t *testing.T, url string) *browser {
	t.Helper()
	chromium := requireTool(t, "chromium", "chromium")
	dir := t.TempDir()
	toChrome, ourEnd, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fromChrome, chromeEnd, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chromium,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=1280,720",
		"--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{toChrome, chromeEnd} // fd 3: commands in, fd 4: replies out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toChrome.Close()
	chromeEnd.Close()
	b := &browser{t: t, cmd: cmd, w: ourEnd, waiting: map[int]chan cdpReply{}}
	t.Cleanup(func() {
		b.w.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			t.Logf("browser console:\n%s\nchromium stderr (end):\n%s", strings.Join(b.console, "\n"), tail(stderr.Bytes(), 2000))
		}
	})
	go b.read(fromChrome)

	var target struct{ TargetID string }
	b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var attached struct{ SessionID string }
	b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	b.call(b.session, "Runtime.enable", nil, nil)
	b.call(b.session, "Emulation.setDeviceMetricsOverride",
		map[string]any{"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": false}, nil)
	b.call(b.session, "Page.navigate", map[string]any{"url": url}, nil)
	return b
}

// read dispatches replies to their callers and keeps console output.
func (b *browser) read(r io.Reader) {
	br := bufio.NewReader(r)
	for {
		msg, err := br.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			for id, ch := range b.waiting {
				close(ch)
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var m struct {
			ID     int
			Method string
			Params json.RawMessage
			cdpReply
		}
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		switch {
		case m.ID != 0:
			if ch, ok := b.waiting[m.ID]; ok {
				ch <- m.cdpReply
				delete(b.waiting, m.ID)
			}
		case m.Method == "Runtime.consoleAPICalled" || m.Method == "Runtime.exceptionThrown":
			b.console = append(b.console, string(tail(m.Params, 400)))
		}
		b.mu.Unlock()
	}
}

// call sends one command and decodes its result into out (when not nil); a failure ends the test.
func (b *browser) call(session, method string, params, out any) {
	b.t.Helper()
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpReply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		b.t.Fatal(err)
	}
	if _, err := b.w.Write(append(data, 0)); err != nil {
		b.t.Fatalf("%s: chromium is gone: %v", method, err)
	}
	select {
	case reply, ok := <-ch:
		if !ok {
			b.t.Fatalf("%s: chromium closed the pipe", method)
		}
		if reply.Error != nil {
			b.t.Fatalf("%s: %s", method, reply.Error.Message)
		}
		if out != nil {
			if err := json.Unmarshal(reply.Result, out); err != nil {
				b.t.Fatalf("%s: %v", method, err)
			}
		}
	case <-time.After(2 * time.Minute):
		b.t.Fatalf("%s: no reply from chromium in 2 minutes", method)
	}
}

// eval evaluates a JavaScript expression in the page (awaiting a promise) and returns its value.
func (b *browser) eval(expr string) any {
	b.t.Helper()
	var r struct {
		Result struct {
			Value any
		}
		ExceptionDetails *struct{ Text string }
	}
	b.call(b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if r.ExceptionDetails != nil {
		b.t.Fatalf("evaluating %s: %s", expr, r.ExceptionDetails.Text)
	}
	return r.Result.Value
}

// waitFor polls a JavaScript condition until it is true, failing the test after timeout.
func (b *browser) waitFor(ctx context.Context, what, cond string) {
	b.t.Helper()
	for {
		if v, _ := b.eval(cond).(bool); v {
			return
		}
		select {
		case <-ctx.Done():
			b.t.Fatalf("timed out waiting for %s", what)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// screenshot captures the page as it is now.
func (b *browser) screenshot() image.Image {
	b.t.Helper()
	var r struct{ Data string }
	b.call(b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r)
	data, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		b.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		b.t.Fatal(err)
	}
	if s := img.Bounds().Size(); s != image.Pt(1280, 720) {
		b.t.Fatalf("screenshot is %v, want 1280×720", s)
	}
	return img
}
