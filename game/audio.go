package game

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/audio"
	"github.com/hajimehoshi/ebiten/v2/audio/mp3"

	"principe/assets"
)

// AudioMode is the -audio flag: "auto" plays sound when a device works, "on" insists, "off" stays silent.
type AudioMode string

// The audio modes.
const (
	AudioAuto AudioMode = "auto"
	AudioOn   AudioMode = "on"
	AudioOff  AudioMode = "off"
)

// ParseAudioMode checks an -audio flag value.
func ParseAudioMode(s string) (AudioMode, error) {
	switch m := AudioMode(s); m {
	case AudioAuto, AudioOn, AudioOff:
		return m, nil
	}
	return "", fmt.Errorf("-audio must be on, off or auto, not %q", s)
}

// Names of the UI sounds (files in assets/sounds).
const (
	SoundHover = "hover"
	SoundClick = "click"
	SoundCard  = "card"
	SoundStep  = "step"
	SoundWin   = "win"
	SoundMusic = "music"
)

type audioState int

const (
	audioSilent  audioState = iota // no device, or switched off by flag
	audioProbing                   // waiting to learn whether a device works
	audioReady                     // the Ebitengine audio context exists
)

// Audio plays the menu music and the UI sounds. It never stops the app: when no sound device works it stays
// silent and every call is a no-op (the calls are still recorded, for tests).
//
// Why a probe: Ebitengine opens the device on the first tick after audio.NewContext, and on a machine with no
// working device that failure makes RunGame return an error — it cannot be caught and the context cannot be
// made again in the same process. So in "auto" mode the app first asks a short-lived child process (the same
// executable run with -audio-probe) to open the device exactly as Ebitengine would; only if that works is
// the real context made. The app draws its first frames meanwhile, silently.
type Audio struct {
	mu        sync.Mutex
	state     audioState
	reason    string // why silent
	probe     chan error
	open      func() error // makes the context; replaced in tests
	ctx       *audio.Context
	effects   map[string][]byte // decoded PCM (float32 stereo)
	music     *audio.Player
	wantMusic bool
	musicVol  float64
	fxVol     float64
	soundOn   bool
	played    []string
}

// newAudio prepares the audio for a mode. probe, when non-nil, is run in the background in auto mode to
// learn whether a device works.
func newAudio(mode AudioMode, probe func() error) *Audio {
	a := &Audio{effects: map[string][]byte{}, soundOn: true, musicVol: 1, fxVol: 1}
	a.open = a.openContext
	switch {
	case mode == AudioOff:
		a.state, a.reason = audioSilent, "switched off with -audio=off"
	case mode == AudioOn || probe == nil:
		a.state = audioProbing
		a.probe = make(chan error, 1)
		a.probe <- nil
	default:
		a.state = audioProbing
		a.probe = make(chan error, 1)
		go func() { a.probe <- probe() }()
	}
	return a
}

// update is called once per tick on the UI goroutine: it finishes the probe and keeps the music in step
// with the settings.
func (a *Audio) update() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.state == audioProbing {
		select {
		case err := <-a.probe:
			if err != nil {
				a.state, a.reason = audioSilent, "no sound device: "+err.Error()
				break
			}
			if err := a.open(); err != nil {
				a.state, a.reason = audioSilent, err.Error()
				break
			}
			a.state = audioReady
		default:
		}
	}
	if a.state == audioReady && a.ctx != nil {
		a.syncMusic()
	}
}

func (a *Audio) openContext() error {
	if c := audio.CurrentContext(); c != nil {
		a.ctx = c
		return nil
	}
	a.ctx = audio.NewContext(assets.SampleRate)
	return nil
}

// syncMusic starts, stops and sets the volume of the music loop. Called with mu held.
func (a *Audio) syncMusic() {
	vol := a.musicVol
	if !a.soundOn {
		vol = 0
	}
	if !a.wantMusic || vol == 0 {
		if a.music != nil && a.music.IsPlaying() {
			a.music.Pause()
		}
		return
	}
	if a.music == nil {
		data, err := assets.Sound(SoundMusic)
		if err != nil {
			return
		}
		s, err := mp3.DecodeF32(bytes.NewReader(data))
		if err != nil {
			return
		}
		p, err := a.ctx.NewPlayerF32(audio.NewInfiniteLoopF32(s, s.Length()))
		if err != nil {
			return
		}
		a.music = p
	}
	a.music.SetVolume(vol)
	if !a.music.IsPlaying() {
		a.music.Play()
	}
}

// Configure applies the sound settings: music and effect volumes (0…1) and the master switch.
func (a *Audio) Configure(s Settings) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.musicVol, a.fxVol, a.soundOn = s.MusicVolume, s.EffectsVolume, s.Sound
}

// SetMusic says whether the menu music should play (scenes with their own atmosphere turn it off).
func (a *Audio) SetMusic(on bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.wantMusic = on
}

// Play plays a named UI sound once (SoundHover, SoundClick, SoundCard, SoundStep, SoundWin). It is safe to call from
// any goroutine and does nothing when the app is silent.
func (a *Audio) Play(name string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.played = append(a.played, name)
	if len(a.played) > 64 {
		a.played = a.played[len(a.played)-64:]
	}
	if a.state != audioReady || a.ctx == nil || !a.soundOn || a.fxVol == 0 {
		return
	}
	pcm, ok := a.effects[name]
	if !ok {
		data, err := assets.Sound(name)
		if err != nil {
			return
		}
		s, err := mp3.DecodeF32(bytes.NewReader(data))
		if err != nil {
			return
		}
		if pcm, err = io.ReadAll(s); err != nil {
			return
		}
		a.effects[name] = pcm
	}
	p := a.ctx.NewPlayerF32FromBytes(pcm)
	p.SetVolume(a.fxVol)
	p.Play()
}

// Silent reports whether no sound can play at all, and why ("no sound device: …").
func (a *Audio) Silent() (bool, string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.state == audioSilent, a.reason
}

// Active reports whether the Ebitengine audio context was made (so an audio error from RunGame is ours).
func (a *Audio) Active() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.state == audioReady
}

// Played returns the names of the sounds asked for most recently (up to 64), oldest first — whether or not
// they could be heard. Tests use it.
func (a *Audio) Played() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.played...)
}

// IsAudioError reports whether an error returned by ebiten.RunGame came from the audio device (Ebitengine
// wraps those as "audio: …"). The app then restarts itself with -audio=off.
func IsAudioError(err error) bool {
	return err != nil && strings.HasPrefix(err.Error(), "audio: ")
}
