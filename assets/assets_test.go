package assets

import (
	"bytes"
	"io"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/go-mp3"
)

func TestTranslationsHaveTheSameKeysAndNoEmptyValues(t *testing.T) {
	tables := map[string]map[string]string{}
	for _, lang := range Languages {
		table, err := Translation(lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(table) == 0 {
			t.Fatalf("%s: empty table", lang)
		}
		tables[lang] = table
		for k, v := range table {
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s: key %q has an empty value", lang, k)
			}
		}
	}
	en := tables["en"]
	for _, lang := range Languages[1:] {
		other := tables[lang]
		for k := range en {
			if _, ok := other[k]; !ok {
				t.Errorf("%s lacks key %q", lang, k)
			}
		}
		for k := range other {
			if _, ok := en[k]; !ok {
				t.Errorf("%s has key %q that en lacks", lang, k)
			}
		}
		// Format verbs must match, or a translated message would print garbage.
		for k, v := range en {
			if strings.Count(v, "%") != strings.Count(other[k], "%") {
				t.Errorf("key %q: en and %s use different format verbs", k, lang)
			}
		}
	}
}

func TestUnknownLanguageIsAnError(t *testing.T) {
	if _, err := Translation("xx"); err == nil {
		t.Fatal("want an error for an unknown language")
	}
}

func TestEverySoundDecodes(t *testing.T) {
	want := map[string][2]time.Duration{ // name → sensible duration range
		"music": {20 * time.Second, 31 * time.Second},
		"hover": {20 * time.Millisecond, 400 * time.Millisecond},
		"click": {50 * time.Millisecond, 600 * time.Millisecond},
		"card":  {50 * time.Millisecond, 600 * time.Millisecond},
		"step":  {30 * time.Millisecond, 500 * time.Millisecond},
		"win":   {1500 * time.Millisecond, 2500 * time.Millisecond},
	}
	names := SoundNames()
	var wantNames []string
	for n := range want {
		wantNames = append(wantNames, n)
	}
	sort.Strings(wantNames)
	if strings.Join(names, ",") != strings.Join(wantNames, ",") {
		t.Fatalf("sounds = %v, want %v", names, wantNames)
	}
	for _, name := range names {
		data, err := Sound(name)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := mp3.NewDecoder(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if dec.SampleRate() != SampleRate {
			t.Errorf("%s: sample rate %d, want %d", name, dec.SampleRate(), SampleRate)
		}
		pcm, err := io.ReadAll(dec)
		if err != nil {
			t.Fatalf("%s: decoding: %v", name, err)
		}
		// go-mp3 always yields 16-bit stereo: 4 bytes a frame.
		dur := time.Duration(len(pcm)/4) * time.Second / SampleRate
		if r := want[name]; dur < r[0] || dur > r[1] {
			t.Errorf("%s: duration %v, want between %v and %v", name, dur, r[0], r[1])
		}
		if peak := peak16(pcm); peak < 1000 {
			t.Errorf("%s: peak %d: the sound is (nearly) silent", name, peak)
		}
	}
}

func peak16(pcm []byte) int {
	p := 0
	for i := 0; i+1 < len(pcm); i += 2 {
		v := int(int16(uint16(pcm[i]) | uint16(pcm[i+1])<<8))
		if v < 0 {
			v = -v
		}
		p = max(p, v)
	}
	return p
}

func TestFontsAreTrueType(t *testing.T) {
	for _, s := range []string{FontRegular, FontBold, FontItalic, FontBoldItalic, FontSmallCaps} {
		if b := Font(s); len(b) < 1000 || !bytes.HasPrefix(b, []byte{0, 1, 0, 0}) {
			t.Errorf("font %s does not look like TrueType", s)
		}
	}
}
