package main

import (
	"bytes"
	"context"
	"debug/elf"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"principe/assets/icon/art"
)

// validateDesktop runs desktop-file-validate on a .desktop file; it must print nothing at all
// (no errors, no warnings, no hints).
func validateDesktop(t *testing.T, file string) {
	t.Helper()
	tool := requireTool(t, "desktop-file-validate", "desktop-file-utils")
	out, err := exec.Command(tool, file).CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		data, _ := os.ReadFile(file)
		t.Errorf("desktop-file-validate %s: %v\n%s\n--- file:\n%s", filepath.Base(file), err, out, data)
	}
}

// The template alone (no build needed) is a valid desktop entry.
func TestDesktopTemplateValidates(t *testing.T) {
	data, err := render("app.desktop", desktopData{Name: appName, ID: appID, Exec: binaryName, Binary: binaryName, Version: "v0"})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), appID+".desktop")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	validateDesktop(t, file)
}

// linuxPackage unpacks the linux/amd64 tarball and returns its top folder.
func linuxPackage(t *testing.T) string {
	t.Helper()
	res := built(t)
	tarball := artifactFor(t, res, "linux-amd64.tar.gz")
	dir := t.TempDir()
	files := untar(t, tarball, dir)
	top := strings.TrimSuffix(filepath.Base(tarball), ".tar.gz")
	want := map[string]os.FileMode{
		binaryName:         0o755,
		appID + ".desktop": 0o644,
		"install.sh":       0o755,
	}
	for _, size := range art.HicolorSizes {
		want[fmt.Sprintf("icons/hicolor/%dx%d/apps/%s.png", size, size, appID)] = 0o644
	}
	for name, mode := range want {
		got, ok := files[top+"/"+name]
		if !ok {
			t.Errorf("the tarball lacks %s/%s", top, name)
		} else if got != mode {
			t.Errorf("%s has mode %v, want %v", name, got, mode)
		}
	}
	if len(files) != len(want) {
		t.Errorf("the tarball holds %d files, want %d: %v", len(files), len(want), files)
	}
	return filepath.Join(dir, top)
}

// The tarball holds the program, a valid .desktop file, the icon at every hicolor size and an
// install script that puts them under ~/.local (and takes them away again).
func TestLinuxTarballInstalls(t *testing.T) {
	pkg := linuxPackage(t)
	program, err := os.ReadFile(filepath.Join(pkg, binaryName))
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.NewFile(bytes.NewReader(program))
	if err != nil {
		t.Fatalf("%s is not an ELF program: %v", binaryName, err)
	}
	if f.Machine != elf.EM_X86_64 || f.Type != elf.ET_EXEC {
		t.Errorf("program is %v %v, want an x86-64 executable", f.Machine, f.Type)
	}
	// Built with CGO_ENABLED=0, it links no C code; Ebitengine opens the system's GL and X11
	// libraries itself at run time (purego), so only the C library is a load-time dependency.
	libs, err := f.ImportedLibraries()
	if err != nil {
		t.Fatal(err)
	}
	for _, lib := range libs {
		if !strings.HasPrefix(lib, "libc.so") && !strings.HasPrefix(lib, "libdl.so") && !strings.HasPrefix(lib, "libpthread.so") {
			t.Errorf("the program needs %s at load time; only the C library is expected", lib)
		}
	}
	t.Logf("load-time libraries: %v", libs)
	if !bytes.Contains(program, []byte(testVersion)) {
		t.Error("the version is not stamped into the program")
	}
	validateDesktop(t, filepath.Join(pkg, appID+".desktop"))
	for _, size := range art.HicolorSizes {
		name := filepath.Join(pkg, fmt.Sprintf("icons/hicolor/%dx%d/apps/%s.png", size, size, appID))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width != size || cfg.Height != size {
			t.Errorf("%dx%d icon is %dx%d (%v)", size, size, cfg.Width, cfg.Height, err)
		}
	}

	// Install into a scratch home.
	home := filepath.Join(t.TempDir(), "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		cmd := exec.Command("sh", append([]string{filepath.Join(pkg, "install.sh")}, args...)...)
		cmd.Env = append(filteredEnv("HOME", "XDG_DATA_HOME"), "HOME="+home)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("install.sh %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	out := run()
	bin := filepath.Join(home, ".local", "bin", binaryName)
	desktop := filepath.Join(home, ".local", "share", "applications", appID+".desktop")
	if fi, err := os.Stat(bin); err != nil || fi.Mode().Perm() != 0o755 {
		t.Fatalf("installed program: %v %v", fi, err)
	}
	for _, size := range art.HicolorSizes {
		icon := filepath.Join(home, ".local", "share", "icons", "hicolor", fmt.Sprintf("%dx%d", size, size), "apps", appID+".png")
		if _, err := os.Stat(icon); err != nil {
			t.Errorf("icon not installed: %v", err)
		}
	}
	validateDesktop(t, desktop)
	entry, err := os.ReadFile(desktop)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(entry), "\nExec=\""+bin+"\"\n") {
		t.Errorf("installed menu entry does not run %s:\n%s", bin, entry)
	}
	if !strings.Contains(out, "installed") {
		t.Errorf("install.sh said: %s", out)
	}
	run("--uninstall")
	for _, p := range []string{bin, desktop} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s is still there after --uninstall", p)
		}
	}
	icons, _ := filepath.Glob(filepath.Join(home, ".local/share/icons/hicolor/*/apps/*.png"))
	if len(icons) != 0 {
		t.Errorf("icons left after --uninstall: %v", icons)
	}
}

// filteredEnv is the environment without the named variables.
func filteredEnv(drop ...string) []string {
	var env []string
outer:
	for _, kv := range os.Environ() {
		for _, d := range drop {
			if strings.HasPrefix(kv, d+"=") {
				continue outer
			}
		}
		env = append(env, kv)
	}
	return env
}

// The packaged Linux program starts and draws its first frames under the test's display (Xvfb
// from scripts/test), saving a 1280×720 screenshot.
func TestLinuxProgramDrawsFirstFrame(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		msg := "no X display (scripts/test runs the tests under xvfb-run)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	pkg := linuxPackage(t)
	shot := filepath.Join(t.TempDir(), "first.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	program := filepath.Join(pkg, binaryName)
	args := []string{"-screenshot", shot, "-frames", "3", "-audio", "off"}
	if usage, _ := exec.Command(program, "-h").CombinedOutput(); bytes.Contains(usage, []byte("-timing")) {
		args = append(args, "-timing") // the app reports when its first frame was drawn
	}
	cmd := exec.CommandContext(ctx, program, args...)
	cmd.Env = append(filteredEnv("HOME", "XDG_CONFIG_HOME"), "HOME="+t.TempDir())
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s -screenshot: %v\n%s", binaryName, err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, out)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Errorf("screenshot is %v, want 1280×720", b)
	}
	t.Logf("3 frames drawn and saved %s after launch; the app says: %s", time.Since(start).Round(time.Millisecond), bytes.TrimSpace(out))
}
