package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// testVersion is stamped into the test build; every artifact must carry it.
const testVersion = "v1.2.3-4-gabcdef0"

// testTargets are built once per test run and inspected by the tests. The default set is what the
// checks look at (CI's cross-compiles have already warmed their build cache); set
// PRINCIPE_RELEASE_ALL=1 to build and inspect all six targets.
func testTargets() []string {
	if os.Getenv("PRINCIPE_RELEASE_ALL") != "" {
		return allTargets
	}
	return []string{"windows/amd64", "darwin/arm64", "linux/amd64", "js/wasm"}
}

var (
	distOnce    sync.Once
	distLogOnce sync.Once
	distRes     *result
	distErr     error
	distLog     bytes.Buffer
	distDir     string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if distDir != "" {
		os.RemoveAll(distDir)
	}
	os.Exit(code)
}

// built runs the release build once (into a temporary folder) and returns it.
func built(t *testing.T) *result {
	t.Helper()
	distOnce.Do(func() {
		distDir, distErr = os.MkdirTemp("", "principe-dist-")
		if distErr != nil {
			return
		}
		start := time.Now()
		distRes, distErr = build(config{Out: distDir, Version: testVersion, Targets: testTargets(),
			Package: "./cmd/principe"}, &distLog)
		fmt.Fprintf(&distLog, "release build took %s\n", time.Since(start).Round(time.Second))
	})
	if distErr != nil {
		t.Fatalf("release build failed: %v\n%s", distErr, distLog.String())
	}
	distLogOnce.Do(func() { t.Log(strings.TrimSpace(distLog.String())) })
	return distRes
}

// artifactFor finds the archive built for a platform suffix such as "linux-amd64.tar.gz".
func artifactFor(t *testing.T, res *result, suffix string) string {
	t.Helper()
	want := fmt.Sprintf("%s-%s-%s", appName, testVersion, suffix)
	for _, a := range res.Artifacts {
		if filepath.Base(a.Path) == want {
			return a.Path
		}
	}
	t.Fatalf("no %s among the artifacts", want)
	return ""
}

// requireTool finds a program the test needs. Without it the test is skipped with a clear note —
// except on CI (CI=true), where a missing tool fails the test: scripts/test installs them.
func requireTool(t *testing.T, name, debianPackage string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	msg := fmt.Sprintf("%s is not installed (Debian package %s; scripts/test installs it)", name, debianPackage)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// zipFiles reads every file of a zip archive with its mode.
func zipFiles(t *testing.T, path string) map[string]entry {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	files := map[string]entry{}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name] = entry{Name: f.Name, Data: data, Mode: f.Mode()}
	}
	return files
}

// untar unpacks a .tar.gz into dir, keeping permissions, and lists the files.
func untar(t *testing.T, path, dir string) map[string]fs.FileMode {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	files := map[string]fs.FileMode{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(target, dir+string(filepath.Separator)) {
			t.Fatalf("tar entry %q escapes the folder", h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				t.Fatal(err)
			}
		case tar.TypeReg:
			data, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(target, data, fs.FileMode(h.Mode)&fs.ModePerm); err != nil {
				t.Fatal(err)
			}
			files[h.Name] = fs.FileMode(h.Mode) & fs.ModePerm
		default:
			t.Fatalf("tar entry %q has unexpected type %c", h.Name, h.Typeflag)
		}
	}
	return files
}

func TestNumericVersion(t *testing.T) {
	for _, c := range []struct {
		in   string
		want [3]int
	}{
		{"v1.2.3", [3]int{1, 2, 3}},
		{"v1.2.3-4-gabcdef0-dirty", [3]int{1, 2, 3}},
		{"1.4", [3]int{1, 4, 0}},
		{"v2", [3]int{2, 0, 0}},
		{"v0.9.0+meta", [3]int{0, 9, 0}},
		{"196d087", [3]int{}},       // a bare commit hash is not a version number
		{"196d087-dirty", [3]int{}}, // nor with changes
		{"1234567", [3]int{}},       // an all-digit hash
		{"dev", [3]int{}},
		{"v99999.1.1", [3]int{65535, 1, 1}},
	} {
		got := numericVersion(c.in)
		if got != c.want {
			t.Errorf("numericVersion(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestArchivesKeepPermissionsAndFolders(t *testing.T) {
	dir := t.TempDir()
	stamp := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	files := []entry{
		{Name: "A.app/Contents/MacOS/A", Data: []byte("program"), Mode: 0o755},
		{Name: "A.app/Contents/Info.plist", Data: []byte("<plist/>"), Mode: 0o644},
	}
	zipPath := filepath.Join(dir, "a.zip")
	if err := writeZip(zipPath, files, stamp); err != nil {
		t.Fatal(err)
	}
	got := zipFiles(t, zipPath)
	for _, f := range files {
		g, ok := got[f.Name]
		if !ok || string(g.Data) != string(f.Data) || g.Mode.Perm() != f.Mode {
			t.Errorf("zip entry %s = %+v, want %+v", f.Name, g, f)
		}
	}
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if zr.File[0].Name != "A.app/" || !zr.File[0].Modified.Equal(stamp) {
		t.Errorf("first zip entry = %s at %v, want the folder A.app/ at %v", zr.File[0].Name, zr.File[0].Modified, stamp)
	}

	tarPath := filepath.Join(dir, "a.tar.gz")
	if err := writeTarGz(tarPath, files, stamp); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	modes := untar(t, tarPath, out)
	for _, f := range files {
		if modes[f.Name] != f.Mode {
			t.Errorf("tar entry %s has mode %v, want %v", f.Name, modes[f.Name], f.Mode)
		}
		data, err := os.ReadFile(filepath.Join(out, f.Name))
		if err != nil || string(data) != string(f.Data) {
			t.Errorf("tar entry %s = %q, %v", f.Name, data, err)
		}
	}
}

func TestUnknownTargetIsRefused(t *testing.T) {
	_, err := build(config{Out: t.TempDir(), Version: "v0", Targets: []string{"plan9/386"}}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "unknown target") {
		t.Fatalf("err = %v, want unknown target", err)
	}
}

// Every archive is listed in SHA256SUMS, and the summary table names each one with its size.
func TestSumsAndTable(t *testing.T) {
	res := built(t)
	sums, err := os.ReadFile(filepath.Join(res.Out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	table := res.table()
	for _, a := range res.Artifacts {
		if a.Size <= 0 || a.Unpacked < a.Size/2 {
			t.Errorf("%s: %d bytes, %d unpacked", a.Path, a.Size, a.Unpacked)
		}
		if !strings.Contains(table, filepath.Base(a.Path)) {
			t.Errorf("table does not list %s", a.Path)
		}
		if filepath.Dir(a.Path) == res.Out && !strings.Contains(string(sums), "  "+filepath.Base(a.Path)+"\n") {
			t.Errorf("SHA256SUMS does not list %s", filepath.Base(a.Path))
		}
	}
	t.Logf("\n%s", table)
}
