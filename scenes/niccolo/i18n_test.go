package niccolo

import (
	"strings"
	"testing"

	"principe/internal/i18ncheck"
)

// TestTranslationsMatch checks that English and Italian have the same niccolo.* and
// table.* keys, and that every key this package's code names exists.
func TestTranslationsMatch(t *testing.T) {
	en, it := i18ncheck.Check(t, []string{"niccolo", "table"}, []string{"*.go", "../table/*.go"}, func(k string) bool {
		// A file name, or the prefix the help book completes with each page's number.
		return strings.HasSuffix(k, ".go") || k == "niccolo.help"
	})
	// Keys built from the rules' names.
	for _, k := range []string{"niccolo.zone.fortune", "niccolo.colour.yellow", "niccolo.card.signoria", "niccolo.token.coins", "niccolo.variant.solitaire", "niccolo.help.6.text", "niccolo.help.title"} {
		if en[k] == "" || it[k] == "" {
			t.Errorf("missing %q", k)
		}
	}
}
