package intrigo

import (
	"testing"

	"principe/internal/i18ncheck"
	ig "principe/rules/intrigo"
)

// TestTranslationsMatch checks that English and Italian have the same intrigo.* keys, that
// every key this package's code names exists, and that the keys built from the rules'
// names (colours, types, steps, statuses) exist.
func TestTranslationsMatch(t *testing.T) {
	// "intrigo.help" is the prefix the help book completes with each page's number.
	en, it := i18ncheck.Check(t, []string{"intrigo"}, []string{"*.go"}, func(k string) bool { return k == "intrigo.help" })
	var built []string
	for _, c := range ig.ColourNames {
		built = append(built, "intrigo.colour."+c)
	}
	for typ := ig.AdvisorType(0); typ < ig.Types; typ++ {
		built = append(built, "intrigo.type."+typ.String())
	}
	for _, s := range []ig.Step{ig.StepSettle, ig.StepNegotiate, ig.StepPlace, ig.StepChooseConflict, ig.StepAdmit, ig.StepDecide, ig.StepPresent, ig.StepOver} {
		built = append(built, "intrigo.step."+string(s))
	}
	for _, s := range []ig.Status{ig.Pending, ig.Kept, ig.Broken} {
		built = append(built, "intrigo.status."+string(s))
	}
	for _, l := range []string{"easy", "normal", "hard"} {
		built = append(built, "intrigo.level."+l)
	}
	for _, f := range []ig.Favour{ig.FavourKeep, ig.FavourReplace} {
		built = append(built, "intrigo.side."+string(f), "intrigo.offer.favour."+string(f), "intrigo.neg.backs."+string(f))
	}
	for i := 1; i <= helpPages; i++ {
		n := string(rune('0' + i))
		built = append(built, "intrigo.help."+n+".title", "intrigo.help."+n+".text")
	}
	built = append(built, "intrigo.help.title")
	built = append(built, "intrigo.stage.1", "intrigo.stage.2", "intrigo.stage.3")
	for _, k := range built {
		if en[k] == "" || it[k] == "" {
			t.Errorf("missing %q", k)
		}
	}
}
