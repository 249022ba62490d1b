package niccolo

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"principe/assets"
)

// TestTranslationsMatch checks that English and Italian have the same niccolo.* and
// table.* keys, and that every key this package's code names exists.
func TestTranslationsMatch(t *testing.T) {
	en, err := assets.Translation("en")
	if err != nil {
		t.Fatal(err)
	}
	it, err := assets.Translation("it")
	if err != nil {
		t.Fatal(err)
	}
	ours := func(k string) bool { return strings.HasPrefix(k, "niccolo.") || strings.HasPrefix(k, "table.") }
	for k := range en {
		if _, ok := it[k]; ours(k) && !ok {
			t.Errorf("Italian lacks %q", k)
		}
	}
	for k := range it {
		if _, ok := en[k]; ours(k) && !ok {
			t.Errorf("English lacks %q", k)
		}
	}
	files, _ := filepath.Glob("*.go")
	files2, _ := filepath.Glob("../table/*.go")
	key := regexp.MustCompile(`"((?:niccolo|table)\.[a-z0-9_.]*[a-z0-9_])"`)
	for _, f := range append(files, files2...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(src), -1) {
			if _, ok := en[m[1]]; !ok && !strings.HasSuffix(m[1], ".go") {
				t.Errorf("%s names %q, which has no text", f, m[1])
			}
		}
	}
	// Keys built from the rules' names.
	for _, k := range []string{"niccolo.zone.fortune", "niccolo.colour.yellow", "niccolo.card.signoria", "niccolo.token.coins", "niccolo.variant.solitaire", "niccolo.help.6.text"} {
		if en[k] == "" || it[k] == "" {
			t.Errorf("missing %q", k)
		}
	}
}
