package makiavelia

import (
	"strings"
	"testing"

	"principe/assets"
	"principe/internal/i18ncheck"
	mak "principe/rules/makiavelia"
)

// TestTranslationsMatch checks that English and Italian have the same makiavelia.*
// keys, that every key this package's code names exists, and that the keys built from
// the rules' names (cards, types, steps, levels, help pages) exist in both.
func TestTranslationsMatch(t *testing.T) {
	en, it := i18ncheck.Check(t, []string{"makiavelia"}, []string{"*.go"}, func(k string) bool {
		// Card keys the code completes, and the prefix the help book completes with page numbers.
		return strings.HasPrefix(k, "makiavelia.card.") || k == "makiavelia.help"
	})
	var built []string
	for k := range mak.Cards {
		built = append(built, kindKey(mak.Kind(k))+".name", kindKey(mak.Kind(k))+".text")
	}
	for _, ty := range []mak.Type{mak.Army, mak.Building, mak.Influence} {
		built = append(built, "makiavelia.type."+strings.ToLower(ty.String()))
	}
	for s := mak.StepTurn; s <= mak.StepOver; s++ {
		built = append(built, "makiavelia.step."+s.String())
	}
	for _, p := range levels {
		built = append(built, "makiavelia.level."+p.Level)
	}
	for n := 1; n <= helpPages; n++ {
		built = append(built, "makiavelia.help."+string(rune('0'+n))+".title", "makiavelia.help."+string(rune('0'+n))+".text")
	}
	for _, k := range built {
		if en[k] == "" || it[k] == "" {
			t.Errorf("missing %q", k)
		}
	}
}

// TestEnglishCardTextIsTheRules checks that the English card faces say exactly what the
// rules' card table says, so the two cannot drift apart.
func TestEnglishCardTextIsTheRules(t *testing.T) {
	en, err := assets.Translation("en")
	if err != nil {
		t.Fatal(err)
	}
	for k, info := range mak.Cards {
		key := kindKey(mak.Kind(k))
		if en[key+".name"] != info.Name {
			t.Errorf("%s: English name %q, the rules say %q", key, en[key+".name"], info.Name)
		}
		if en[key+".text"] != info.Text {
			t.Errorf("%s: English text %q, the rules say %q", key, en[key+".text"], info.Text)
		}
	}
}
