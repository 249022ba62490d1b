package game

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// These tests never open a sound device: the context-making function is replaced.

func waitProbe(t *testing.T, a *Audio) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		a.update()
		a.mu.Lock()
		st := a.state
		a.mu.Unlock()
		if st != audioProbing {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the probe never finished")
}

func TestAudioOffIsSilentButRecords(t *testing.T) {
	a := newAudio(AudioOff, func() error { t.Fatal("no probe with -audio=off"); return nil })
	a.update()
	if silent, why := a.Silent(); !silent || !strings.Contains(why, "off") {
		t.Fatalf("silent=%v why=%q", silent, why)
	}
	a.Play(SoundClick)
	if got := a.Played(); len(got) != 1 || got[0] != SoundClick {
		t.Fatal(got)
	}
	if a.Active() {
		t.Fatal("active while off")
	}
}

func TestAudioAutoWithoutDeviceEndsSilent(t *testing.T) {
	a := newAudio(AudioAuto, func() error { return errors.New("no PulseAudio, no ALSA") })
	a.open = func() error { t.Fatal("the context must not be made when the probe fails"); return nil }
	waitProbe(t, a)
	silent, why := a.Silent()
	if !silent || !strings.HasPrefix(why, "no sound device") {
		t.Fatalf("silent=%v why=%q", silent, why)
	}
	a.Play(SoundHover) // must not panic or block
}

func TestAudioAutoWithDeviceOpensContext(t *testing.T) {
	a := newAudio(AudioAuto, func() error { return nil })
	opened := 0
	a.open = func() error { opened++; return nil } // stands in for audio.NewContext
	waitProbe(t, a)
	if opened != 1 || !a.Active() {
		t.Fatalf("opened=%d active=%v", opened, a.Active())
	}
}

func TestAudioOnSkipsTheProbe(t *testing.T) {
	a := newAudio(AudioOn, func() error { t.Fatal("no probe with -audio=on"); return nil })
	opened := 0
	a.open = func() error { opened++; return nil }
	a.update()
	if opened != 1 {
		t.Fatal("-audio=on must open the context at once")
	}
}

func TestAudioFlagsAndErrors(t *testing.T) {
	for _, s := range []string{"auto", "on", "off"} {
		if _, err := ParseAudioMode(s); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ParseAudioMode("loud"); err == nil {
		t.Fatal("accepted -audio=loud")
	}
	if !IsAudioError(errors.New("audio: audio error: oto: initialization failed")) || IsAudioError(errors.New("graphics")) || IsAudioError(nil) {
		t.Fatal("IsAudioError")
	}
}
