package machiavelli

import (
	"strconv"
	"strings"
	"testing"

	"principe/internal/i18ncheck"
)

// TestTranslationsMatch checks that English and Italian have the same machiavelli.* keys,
// that every key this package's code names exists (a literal ending in "." is the start of
// a key the code completes), and that the keys it builds exist in both.
func TestTranslationsMatch(t *testing.T) {
	en, it := i18ncheck.Check(t, []string{"machiavelli"}, []string{"*.go"}, nil)
	var built []string
	for _, r := range []string{"coppola", "bga"} {
		built = append(built, "machiavelli.ruleset."+r)
	}
	for _, l := range []string{"easy", "normal", "hard"} {
		built = append(built, "machiavelli.level."+l)
	}
	for _, s := range []string{sortSuit, sortRank, sortOwn} {
		built = append(built, "machiavelli.sort."+s)
	}
	built = append(built, "machiavelli.cap.on", "machiavelli.cap.off")
	for _, k := range []string{"machiavelli.hint.title", "machiavelli.status.ready", "machiavelli.log.jokers", "machiavelli.log.resumed"} {
		built = append(built, k+".one") // (countF)
	}
	for n := 1; n <= helpPages; n++ {
		built = append(built, "machiavelli.help."+strconv.Itoa(n)+".title", "machiavelli.help."+strconv.Itoa(n)+".text")
	}
	for _, row := range optionRows() {
		built = append(built, row.key)
		for _, l := range row.labels {
			if strings.HasPrefix(l, "machiavelli.") {
				built = append(built, l)
			}
		}
	}
	for _, k := range built {
		if en[k] == "" || it[k] == "" {
			t.Errorf("missing %q", k)
		}
	}
}
