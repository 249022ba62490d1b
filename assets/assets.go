// Package assets holds everything Principe embeds in its binary: the translation tables, the sounds (MP3) and
// the fonts (the Go fonts from golang.org/x/image), together with the generators that made the sounds.
//
// Nothing here touches Ebitengine: callers decode and draw.
package assets

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
)

//go:embed i18n/*.json
var i18nFS embed.FS

//go:embed sounds/*.mp3
var soundFS embed.FS

// Languages lists the language codes that have a translation table, English first.
var Languages = []string{"en", "it"}

// SampleRate is the sample rate every sound in sounds/ is encoded at (and the app's audio context uses).
const SampleRate = 44100

// Translation returns the table of UI strings for a language code ("en", "it"): key → text. It merges the
// shell's table i18n/<lang>.json with every area's table i18n/<area>.<lang>.json (a game's scenes keep their
// strings in their own file, e.g. i18n/niccolo.it.json); a key defined twice is an error.
func Translation(lang string) (map[string]string, error) {
	data, err := i18nFS.ReadFile(path.Join("i18n", lang+".json"))
	if err != nil {
		return nil, fmt.Errorf("no translation for language %q", lang)
	}
	table := map[string]string{}
	if err := json.Unmarshal(data, &table); err != nil {
		return nil, fmt.Errorf("translation %s.json: %w", lang, err)
	}
	areas, _ := fs.Glob(i18nFS, path.Join("i18n", "*."+lang+".json"))
	for _, name := range areas {
		data, err := i18nFS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var area map[string]string
		if err := json.Unmarshal(data, &area); err != nil {
			return nil, fmt.Errorf("translation %s: %w", path.Base(name), err)
		}
		for k, v := range area {
			if _, dup := table[k]; dup {
				return nil, fmt.Errorf("translation %s: key %q is already defined", path.Base(name), k)
			}
			table[k] = v
		}
	}
	return table, nil
}

// Sound returns the MP3 bytes of a named sound ("music", "hover", "click", "card", "step", "win").
func Sound(name string) ([]byte, error) {
	data, err := soundFS.ReadFile(path.Join("sounds", name+".mp3"))
	if err != nil {
		return nil, fmt.Errorf("no sound named %q", name)
	}
	return data, nil
}

// SoundNames lists every embedded sound by name, sorted.
func SoundNames() []string {
	entries, _ := fs.ReadDir(soundFS, "sounds")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".mp3"))
	}
	sort.Strings(names)
	return names
}

// Font styles available to the UI.
const (
	FontRegular    = "regular"
	FontBold       = "bold"
	FontItalic     = "italic"
	FontBoldItalic = "bolditalic"
	FontSmallCaps  = "smallcaps"
)

// Font returns the TrueType bytes of one of the Go fonts (FontRegular, FontBold, …). The Go fonts cover the
// Latin-1 and Latin Extended letters Italian needs (à è é ì ò ù).
func Font(style string) []byte {
	switch style {
	case FontBold:
		return gobold.TTF
	case FontItalic:
		return goitalic.TTF
	case FontBoldItalic:
		return gobolditalic.TTF
	case FontSmallCaps:
		return gosmallcaps.TTF
	default:
		return goregular.TTF
	}
}
