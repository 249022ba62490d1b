package game

import (
	"fmt"
	"sort"
	"sync"

	"principe/assets"
)

// Translator gives the UI string for a key in one language, from the tables in assets/i18n.
type Translator struct {
	lang     string
	table    map[string]string
	fallback map[string]string

	mu      sync.Mutex
	missing map[string]bool
}

// NewTranslator returns a translator for lang ("en", "it"); an unknown language gives English.
func NewTranslator(lang string) *Translator {
	en, err := assets.Translation("en")
	if err != nil {
		panic(err) // the English table is embedded; a test guarantees it parses
	}
	table, err := assets.Translation(lang)
	if err != nil {
		lang, table = "en", en
	}
	return &Translator{lang: lang, table: table, fallback: en, missing: map[string]bool{}}
}

// Lang is the language code in use.
func (t *Translator) Lang() string { return t.lang }

// Has reports whether key has a text in this language.
func (t *Translator) Has(key string) bool {
	_, ok := t.table[key]
	return ok
}

// T returns the text for key. A key missing from this language falls back to English; a key missing from
// English too is recorded (see Missing) and shown as "…" rather than as the raw key.
func (t *Translator) T(key string) string {
	if s, ok := t.table[key]; ok {
		return s
	}
	t.mu.Lock()
	t.missing[key] = true
	t.mu.Unlock()
	if s, ok := t.fallback[key]; ok {
		return s
	}
	return "…"
}

// F returns the text for key formatted with args (fmt verbs in the table).
func (t *Translator) F(key string, args ...any) string {
	return fmt.Sprintf(t.T(key), args...)
}

// Missing lists, sorted, every key asked for that this language lacks. Tests use it to prove the UI never
// asks for a key the tables do not have.
func (t *Translator) Missing() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var keys []string
	for k := range t.missing {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
