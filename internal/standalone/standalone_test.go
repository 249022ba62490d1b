package standalone

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outside matches a path that leads out of the repository: the shared folder beside the
// checkout (and its rules and seeds), the machine this was written on, or anyone's home
// folder. The patterns are split so this file does not match itself.
var outside = regexp.MustCompile(strings.Join([]string{
	`/` + `work/`,                  // the workspace the project was built in
	`\.\./` + `shared\b`,           // the shared folder beside the checkout
	`\bshared/` + `(rules|seeds)/`, // its rules pages and rulebooks
	`/` + `home/[a-z]`,             // home folders on Linux
	`/` + `Users/[A-Za-z]`,         // … on macOS
	`/` + `root/`,                  // … of the administrator
	`(?i)[a-z]:\\` + `users\\`,     // … on Windows
}, "|"))

// root is the repository's top folder (where go.mod is).
func root(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}

// tracked lists the files git tracks, or every file under top when this is not a git
// checkout (a source archive), leaving out .git and dist.
func tracked(t *testing.T, top string) []string {
	out, err := exec.Command("git", "-C", top, "ls-files", "-z").Output()
	if err == nil {
		var files []string
		for _, f := range strings.Split(string(out), "\x00") {
			if f != "" {
				files = append(files, f)
			}
		}
		return files
	}
	var files []string
	err = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(top, p)
		if d.IsDir() && (rel == ".git" || rel == "dist") {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestNoPathLeadsOutside fails for every line of a tracked text file that names a path
// outside the repository. Binary files (images, sounds, icons) are not read.
func TestNoPathLeadsOutside(t *testing.T) {
	top := root(t)
	files := tracked(t, top)
	if len(files) < 10 {
		t.Fatalf("only %d files found under %s", len(files), top)
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(top, filepath.FromSlash(f)))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the working tree, not yet in the index
		}
		if err != nil {
			t.Fatal(err)
		}
		if bytes.IndexByte(data, 0) >= 0 {
			continue
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := outside.FindString(line); m != "" {
				t.Errorf("%s:%d names %q, a path outside the repository: say it in the project's own docs, or cite the book", f, i+1, m)
			}
		}
	}
}

// TestThePatternsCatchWhatTheyShould keeps the check honest: each kind of path it must
// refuse is refused, and ordinary text is not.
func TestThePatternsCatchWhatTheyShould(t *testing.T) {
	for _, bad := range []string{
		"see /" + "work/shared/DESIGN.md",
		"in `../" + "shared/DESIGN.md`",
		"the rulebook `shared/" + "seeds/000.txt`",
		"saved in /" + "home/ada/.config",
		"/" + "Users/ada/Library",
		`C:\` + `Users\ada\AppData`,
	} {
		if !outside.MatchString(bad) {
			t.Errorf("%q is not caught", bad)
		}
	}
	for _, good := range []string{
		"docs/ARCHITECTURE.md", "go build -o /tmp/arena ./cmd/arena", "https://github.com/hajimehoshi/ebiten",
		"the shared pieces in scenes/table", "rules/niccolo/README.md", "/usr/bin/time -v",
	} {
		if outside.MatchString(good) {
			t.Errorf("%q is caught but is fine", good)
		}
	}
}
