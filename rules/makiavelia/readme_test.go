package makiavelia

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var updateREADME = flag.Bool("makiavelia.update-readme", false, "rewrite the card list in README.md from the card table")

const (
	cardsBegin = "<!-- card list: generated from cards.go by `go test -run TestREADMECardList -makiavelia.update-readme` -->\n"
	cardsEnd   = "<!-- end of card list -->\n"
)

// TestREADMECardList checks that the README's card list is exactly the card table.
func TestREADMECardList(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, cardsBegin), strings.Index(text, cardsEnd)
	if i < 0 || j < i {
		t.Fatal("README.md lacks the card list markers")
	}
	want := cardsBegin + CardListMarkdown() + cardsEnd
	got := text[i : j+len(cardsEnd)]
	if got == want {
		return
	}
	if *updateREADME {
		if err := os.WriteFile("README.md", []byte(text[:i]+want+text[j+len(cardsEnd):]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatal("README.md's card list differs from the card table; run go test -run TestREADMECardList -makiavelia.update-readme")
}
