package game

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"principe/assets"
)

// AnimSpeed is how fast the app animates: cards sliding, tokens stepping, scenes fading.
type AnimSpeed string

// The animation speeds a player can choose, slowest first.
const (
	AnimSlow    AnimSpeed = "slow"
	AnimNormal  AnimSpeed = "normal"
	AnimFast    AnimSpeed = "fast"
	AnimInstant AnimSpeed = "instant"
)

// AnimSpeeds lists every AnimSpeed, slowest first.
var AnimSpeeds = []AnimSpeed{AnimSlow, AnimNormal, AnimFast, AnimInstant}

// Factor is what an animation's normal duration is multiplied by: 1.6 slow, 1 normal, 0.5 fast, 0 instant.
func (s AnimSpeed) Factor() float64 {
	switch s {
	case AnimSlow:
		return 1.6
	case AnimFast:
		return 0.5
	case AnimInstant:
		return 0
	default:
		return 1
	}
}

// Settings are the player's choices, kept in settings.json.
type Settings struct {
	MusicVolume   float64   `json:"music_volume"`   // 0…1
	EffectsVolume float64   `json:"effects_volume"` // 0…1
	Sound         bool      `json:"sound"`          // false silences everything
	Fullscreen    bool      `json:"fullscreen"`
	Language      string    `json:"language"` // "en" or "it"
	AnimSpeed     AnimSpeed `json:"animation_speed"`
}

// DefaultSettings are what a first launch (or a launch after a corrupt settings file) uses.
func DefaultSettings() Settings {
	return Settings{
		MusicVolume:   0.6,
		EffectsVolume: 0.8,
		Sound:         true,
		Language:      "en",
		AnimSpeed:     AnimNormal,
	}
}

// Normalized returns s with every value brought into range: volumes clamped to 0…1 (and rounded to
// hundredths), an unknown language or animation speed replaced by the default.
func (s Settings) Normalized() Settings {
	clamp := func(v float64) float64 {
		if math.IsNaN(v) {
			return 0
		}
		return math.Round(math.Max(0, math.Min(1, v))*100) / 100
	}
	s.MusicVolume = clamp(s.MusicVolume)
	s.EffectsVolume = clamp(s.EffectsVolume)
	if !slices.Contains(assets.Languages, s.Language) {
		s.Language = DefaultSettings().Language
	}
	if !slices.Contains(AnimSpeeds, s.AnimSpeed) {
		s.AnimSpeed = AnimNormal
	}
	return s
}

// SettingsLoad says how loading the settings went.
type SettingsLoad struct {
	// Bad is true when a settings file existed but could not be read or parsed; the defaults are used and
	// the player should be told (one line).
	Bad bool
	// Err is the reason the file was bad (for logs).
	Err error
	// KeptAs names where the bad file was moved ("settings.json.bad"), or is empty if moving it failed.
	KeptAs string
}

// LoadSettings reads settings.json from store. It never fails: a missing file gives the defaults silently;
// a corrupt or unreadable one gives the defaults, is moved aside to settings.json.bad, and is reported in
// the returned SettingsLoad. Fields missing from the file take their default values.
func LoadSettings(store Storage) (Settings, SettingsLoad) {
	data, err := store.Read(SettingsName)
	if IsNotExist(err) {
		return DefaultSettings(), SettingsLoad{}
	}
	if err == nil {
		s := DefaultSettings()
		if err = json.Unmarshal(data, &s); err == nil {
			return s.Normalized(), SettingsLoad{}
		}
		err = fmt.Errorf("settings.json is not valid: %w", err)
	}
	load := SettingsLoad{Bad: true, Err: err}
	if store.Rename(SettingsName, SettingsBadName) == nil {
		load.KeptAs = SettingsBadName
	}
	return DefaultSettings(), load
}

// SaveSettings writes s to settings.json atomically.
func SaveSettings(store Storage, s Settings) error {
	data, err := json.MarshalIndent(s.Normalized(), "", "  ")
	if err != nil {
		return err
	}
	return store.Write(SettingsName, append(data, '\n'))
}
