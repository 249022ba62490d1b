package game

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func fileStore(t *testing.T) (*FileStorage, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "principe")
	return &FileStorage{Dir: dir}, dir
}

func TestSettingsRoundTrip(t *testing.T) {
	store, dir := fileStore(t)
	want := Settings{MusicVolume: 0.25, EffectsVolume: 1, Sound: false, Fullscreen: true, Language: "it", AnimSpeed: AnimFast}
	if err := SaveSettings(store, want); err != nil {
		t.Fatal(err)
	}
	got, load := LoadSettings(store)
	if load.Bad || got != want {
		t.Fatalf("got %+v (%+v), want %+v", got, load, want)
	}
	// Only settings.json is left: no temporary file survives the atomic write.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != SettingsName {
		t.Fatalf("config folder holds %v, want just settings.json", entries)
	}
	data, _ := os.ReadFile(filepath.Join(dir, SettingsName))
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil || raw["animation_speed"] != "fast" || raw["language"] != "it" {
		t.Fatalf("settings.json = %s", data)
	}
}

func TestMissingSettingsGiveDefaultsQuietly(t *testing.T) {
	store, _ := fileStore(t)
	got, load := LoadSettings(store)
	if load.Bad || got != DefaultSettings() {
		t.Fatalf("got %+v %+v", got, load)
	}
}

func TestCorruptSettingsAreKeptAsBadAndDefaultsUsed(t *testing.T) {
	store, dir := fileStore(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bad := []byte(`{"music_volume": 0.3,,, oops`)
	if err := os.WriteFile(filepath.Join(dir, SettingsName), bad, 0o644); err != nil {
		t.Fatal(err)
	}
	got, load := LoadSettings(store)
	if !load.Bad || load.Err == nil || load.KeptAs != SettingsBadName {
		t.Fatalf("load = %+v, want a bad file kept as settings.json.bad", load)
	}
	if got != DefaultSettings() {
		t.Fatalf("got %+v, want the defaults", got)
	}
	kept, err := os.ReadFile(filepath.Join(dir, SettingsBadName))
	if err != nil || string(kept) != string(bad) {
		t.Fatalf("settings.json.bad = %q, %v; want the corrupt bytes", kept, err)
	}
	if _, err := os.Stat(filepath.Join(dir, SettingsName)); !os.IsNotExist(err) {
		t.Fatalf("settings.json should be gone, stat says %v", err)
	}
	// The next save writes a fresh, valid file.
	if err := SaveSettings(store, got); err != nil {
		t.Fatal(err)
	}
	if again, load := LoadSettings(store); load.Bad || again != got {
		t.Fatalf("after saving: %+v %+v", again, load)
	}
}

func TestUnreadableSettingsAreBadToo(t *testing.T) {
	// A folder where the file should be cannot be read (this holds even for root, unlike permissions).
	store, dir := fileStore(t)
	if err := os.MkdirAll(filepath.Join(dir, SettingsName), 0o755); err != nil {
		t.Fatal(err)
	}
	got, load := LoadSettings(store)
	if !load.Bad || got != DefaultSettings() {
		t.Fatalf("got %+v %+v", got, load)
	}
	if _, err := os.Stat(filepath.Join(dir, SettingsBadName)); err != nil {
		t.Fatalf("the unreadable entry was not moved aside: %v", err)
	}
}

func TestUnwritableFolderIsAnErrorNotACrash(t *testing.T) {
	// The config "folder" is below a regular file, so it can never be created.
	base := t.TempDir()
	blocker := filepath.Join(base, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	store := &FileStorage{Dir: filepath.Join(blocker, "principe")}
	if err := SaveSettings(store, DefaultSettings()); err == nil {
		t.Fatal("saving into an unwritable folder succeeded")
	}
	got, load := LoadSettings(store)
	if load.Bad || got != DefaultSettings() {
		t.Fatalf("got %+v %+v", got, load)
	}
}

func TestAppShowsANoticeWhenSettingsCannotBeSaved(t *testing.T) {
	store := NewMemStorage()
	store.FailWrites = errors.New("disk full")
	a, err := newTestApp(store)
	if err != nil {
		t.Fatal(err)
	}
	s := a.ctx.Settings()
	s.AnimSpeed = AnimSlow
	if err := a.ctx.SetSettings(s); err == nil {
		t.Fatal("SetSettings reported no error")
	}
	if a.ctx.Settings().AnimSpeed != AnimSlow {
		t.Fatal("the new settings should still apply to this run")
	}
	if msg, _ := a.ctx.CurrentNotice(); !strings.Contains(msg, "disk full") {
		t.Fatalf("notice = %q", msg)
	}
}

func TestAppStartsWithDefaultsAndNoticeOnCorruptFile(t *testing.T) {
	store := NewMemStorage()
	_ = store.Write(SettingsName, []byte("\x00\x01 not json"))
	a, err := newTestApp(store)
	if err != nil {
		t.Fatal(err)
	}
	if a.ctx.Settings() != DefaultSettings() {
		t.Fatalf("settings = %+v", a.ctx.Settings())
	}
	msg, _ := a.ctx.CurrentNotice()
	if msg != a.ctx.T("notice.settings_bad") {
		t.Fatalf("notice = %q", msg)
	}
	if _, err := store.Read(SettingsBadName); err != nil {
		t.Fatal("the bad file was not kept")
	}
}

func TestPartialAndOutOfRangeSettingsAreRepaired(t *testing.T) {
	store := NewMemStorage()
	_ = store.Write(SettingsName, []byte(`{"music_volume": 7, "effects_volume": -1, "language": "xx", "animation_speed": "warp", "future_field": 1}`))
	got, load := LoadSettings(store)
	if load.Bad {
		t.Fatalf("a readable file with odd values is not corrupt: %+v", load)
	}
	want := DefaultSettings()
	want.MusicVolume, want.EffectsVolume = 1, 0
	if got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestAnimFactors(t *testing.T) {
	prev := 10.0
	for _, s := range AnimSpeeds {
		f := s.Factor()
		if f >= prev {
			t.Fatalf("%s factor %v is not below the slower speed's %v", s, f, prev)
		}
		prev = f
	}
	if AnimInstant.Factor() != 0 || AnimNormal.Factor() != 1 {
		t.Fatal("instant must be 0 and normal 1")
	}
}
