package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Names shared by every platform's package.
const (
	appName    = "Principe"
	appID      = "org.principe.Principe" // macOS bundle identifier, freedesktop application id
	binaryName = "principe"              // the Linux executable; Windows and macOS use appName
	copyright  = "© The Principe authors"
)

// allTargets are the release targets, in build order.
var allTargets = []string{"windows/amd64", "darwin/arm64", "darwin/amd64", "linux/amd64", "linux/arm64", "js/wasm"}

// config says what to build.
type config struct {
	Out     string   // output folder; "" means dist at the module root
	Version string   // "" means git describe
	Targets []string // GOOS/GOARCH pairs from allTargets
	Package string   // the app's main package, relative to the module root

	// SignCert and SignKey, when set, are PEM files of an Authenticode certificate (chain) and its
	// private key: Principe.exe is then signed with osslsigncode before it is zipped.
	SignCert, SignKey string
}

// artifact is one file written to the output folder.
type artifact struct {
	Target   string // GOOS/GOARCH
	Path     string // absolute path
	Size     int64  // bytes
	Unpacked int64  // bytes of the files inside an archive, once unpacked (Size for a plain file)
}

// result describes a finished release build.
type result struct {
	Out       string
	Version   string
	Artifacts []artifact
}

// release holds what every target's packaging needs.
type release struct {
	root    string    // module root
	out     string    // output folder
	version string    // full version, e.g. v1.2.0-3-gabcdef0
	numeric [3]int    // major, minor, patch parsed from version
	pkg     string    // main package, relative to root
	stamp   time.Time // modification time written into archives (the commit's time)
	log     io.Writer

	signCert, signKey string // Authenticode certificate and key (PEM), or ""
}

// build builds every target of cfg and writes SHA256SUMS.
func build(cfg config, logw io.Writer) (*result, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	r := &release{root: root, out: cfg.Out, version: cfg.Version, pkg: cfg.Package, log: logw,
		signCert: cfg.SignCert, signKey: cfg.SignKey}
	if (r.signCert == "") != (r.signKey == "") {
		return nil, errors.New("signing needs both -sign-cert and -sign-key")
	}
	if r.pkg == "" {
		r.pkg = "./cmd/principe"
	}
	if r.out == "" {
		r.out = filepath.Join(root, "dist")
	}
	if r.out, err = filepath.Abs(r.out); err != nil {
		return nil, err
	}
	if r.version == "" {
		r.version = gitVersion(root)
	}
	r.numeric = numericVersion(r.version)
	r.stamp = commitTime(root)
	for _, t := range cfg.Targets {
		if !slices.Contains(allTargets, t) {
			return nil, fmt.Errorf("unknown target %q (known: %s)", t, strings.Join(allTargets, ", "))
		}
	}
	if err := r.clean(); err != nil {
		return nil, err
	}
	res := &result{Out: r.out, Version: r.version}
	for _, t := range allTargets { // build order is fixed, whatever the order asked
		if !slices.Contains(cfg.Targets, t) {
			continue
		}
		fmt.Fprintf(logw, "release: building %s %s\n", t, r.version)
		start := time.Now()
		paths, err := r.buildTarget(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t, err)
		}
		for _, p := range paths {
			fi, err := os.Stat(p)
			if err != nil {
				return nil, err
			}
			unpacked, err := unpackedSize(p)
			if err != nil {
				return nil, err
			}
			res.Artifacts = append(res.Artifacts, artifact{Target: t, Path: p, Size: fi.Size(), Unpacked: unpacked})
		}
		fmt.Fprintf(logw, "release: %s done in %s\n", t, time.Since(start).Round(time.Second))
	}
	if err := res.writeSums(); err != nil {
		return nil, err
	}
	return res, nil
}

func (r *release) buildTarget(target string) ([]string, error) {
	switch target {
	case "windows/amd64":
		return r.windows("amd64")
	case "darwin/arm64", "darwin/amd64":
		return r.macOS(strings.TrimPrefix(target, "darwin/"))
	case "linux/amd64", "linux/arm64":
		return r.linux(strings.TrimPrefix(target, "linux/"))
	case "js/wasm":
		return r.web()
	}
	return nil, fmt.Errorf("no packaging for %s", target)
}

// clean removes what an earlier run wrote to the output folder (and nothing else).
func (r *release) clean() error {
	if err := os.MkdirAll(r.out, 0o755); err != nil {
		return err
	}
	old, err := filepath.Glob(filepath.Join(r.out, appName+"-*"))
	if err != nil {
		return err
	}
	old = append(old, filepath.Join(r.out, "web"), filepath.Join(r.out, "SHA256SUMS"))
	for _, p := range old {
		if err := os.RemoveAll(p); err != nil {
			return err
		}
	}
	return nil
}

// artifactName is the base name of a download, e.g. Principe-v1.0.0-linux-amd64.
func (r *release) artifactName(platform string) string {
	return fmt.Sprintf("%s-%s-%s", appName, strings.ReplaceAll(r.version, "/", "-"), platform)
}

// goBuild compiles the app for goos/goarch into out, with the version stamped. pkgDir, when not
// empty, builds that folder instead of the configured package (the Windows build uses a copy).
func (r *release) goBuild(goos, goarch, out, pkgDir string, extraLdflags ...string) error {
	ldflags := append([]string{"-s", "-w", "-X", "principe/internal/buildinfo.Version=" + r.version}, extraLdflags...)
	pkg := r.pkg
	if pkgDir != "" {
		pkg = pkgDir
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", strings.Join(ldflags, " "), "-o", out, pkg)
	cmd.Dir = r.root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
	var stderr bytes.Buffer
	cmd.Stdout = r.log
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s for %s/%s: %v\n%s", pkg, goos, goarch, err, stderr.String())
	}
	return nil
}

// moduleRoot finds the folder of the go.mod of the module being built.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("run this inside the principe module (no go.mod found)")
	}
	return filepath.Dir(gomod), nil
}

// gitVersion is git describe's name for the checked-out commit, or "dev" outside a git checkout.
func gitVersion(root string) string {
	cmd := exec.Command("git", "describe", "--tags", "--always", "--dirty")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "dev"
	}
	return strings.TrimSpace(string(out))
}

// commitTime is the time of the checked-out commit (so archives of one commit are alike), or now.
func commitTime(root string) time.Time {
	cmd := exec.Command("git", "log", "-1", "--format=%ct")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return time.Now().UTC().Truncate(time.Second)
	}
	secs, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		return time.Now().UTC().Truncate(time.Second)
	}
	return time.Unix(secs, 0).UTC()
}

var semverPrefix = regexp.MustCompile(`^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?`)

// numericVersion is the major.minor.patch at the start of a version like v1.2.3-4-gabc (a tag
// git describe builds on); a version without one (a bare commit hash, "dev") is 0.0.0.
func numericVersion(v string) [3]int {
	var n [3]int
	m := semverPrefix.FindStringSubmatch(v)
	if m == nil || (len(v) > len(m[0]) && !strings.ContainsAny(v[len(m[0]):len(m[0])+1], "-+")) {
		return n // digits running into letters: a commit hash such as 196d087
	}
	if !strings.HasPrefix(v, "v") && !strings.Contains(m[0], ".") {
		return n // an all-digit commit hash
	}
	for i := range n {
		if m[i+1] != "" {
			n[i], _ = strconv.Atoi(m[i+1])
			n[i] = min(n[i], 65535) // Windows version fields are 16-bit
		}
	}
	return n
}

// dotted is the numeric version as "1.2.3".
func (r *release) dotted() string {
	return fmt.Sprintf("%d.%d.%d", r.numeric[0], r.numeric[1], r.numeric[2])
}

// writeSums writes SHA256SUMS for the archives (the web folder is covered by its zip).
func (res *result) writeSums() error {
	var b strings.Builder
	for _, a := range res.Artifacts {
		if filepath.Dir(a.Path) != res.Out {
			continue
		}
		data, err := os.ReadFile(a.Path)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%x  %s\n", sha256.Sum256(data), filepath.Base(a.Path))
	}
	return os.WriteFile(filepath.Join(res.Out, "SHA256SUMS"), []byte(b.String()), 0o644)
}

// table lists the artifacts and their sizes, for the terminal and the README.
func (res *result) table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Principe %s in %s\n\n| Artifact | Size | Unpacked |\n|---|---:|---:|\n", res.Version, res.Out)
	for _, a := range res.Artifacts {
		rel, err := filepath.Rel(res.Out, a.Path)
		if err != nil {
			rel = a.Path
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", rel, humanSize(a.Size), humanSize(a.Unpacked))
	}
	return b.String()
}

// humanSize writes a byte count in megabytes (or kilobytes when small).
func humanSize(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}
