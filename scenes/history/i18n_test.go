package history

import (
	"testing"

	"principe/internal/i18ncheck"
)

// TestTranslationsMatch checks that English and Italian have the same history.* keys and
// that every key this package names has a text, the keys it builds from levels included.
func TestTranslationsMatch(t *testing.T) {
	en, it := i18ncheck.Check(t, []string{"history"}, []string{"*.go"}, nil)
	for _, l := range []string{"easy", "normal", "hard"} {
		k := "history.level." + l
		if en[k] == "" || it[k] == "" {
			t.Errorf("missing %q", k)
		}
	}
}
