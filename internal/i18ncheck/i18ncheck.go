// Package i18ncheck holds the translation checks every scene package's tests run: the
// English and Italian tables have the same keys under the package's prefixes, and every key
// the package's code names literally has a text.
package i18ncheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"principe/assets"
)

// Tables returns the English and Italian tables.
func Tables(t testing.TB) (en, it map[string]string) {
	t.Helper()
	en, err := assets.Translation("en")
	if err != nil {
		t.Fatal(err)
	}
	it, err = assets.Translation("it")
	if err != nil {
		t.Fatal(err)
	}
	return en, it
}

// Check checks the keys under the given prefixes ("machiavelli", "table"): both languages
// have the same ones, and every key named as a string literal in the .go files matched by
// globs (test files aside) has a text, unless skip says the literal is not a key (a file
// name, the start of a key the code completes). It returns the two tables, for checks of
// keys the code builds.
func Check(t testing.TB, prefixes []string, globs []string, skip func(key string) bool) (en, it map[string]string) {
	t.Helper()
	en, it = Tables(t)
	ours := func(k string) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(k, p+".") {
				return true
			}
		}
		return false
	}
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
	key := regexp.MustCompile(`"((?:` + strings.Join(prefixes, "|") + `)\.[a-z0-9_.-]*[a-z0-9_])"`)
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range key.FindAllStringSubmatch(string(src), -1) {
				if _, ok := en[m[1]]; !ok && (skip == nil || !skip(m[1])) {
					t.Errorf("%s names %q, which has no text", f, m[1])
				}
			}
		}
	}
	return en, it
}
