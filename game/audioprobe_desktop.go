//go:build !js

package game

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/ebitengine/oto/v3"

	"principe/assets"
)

// AudioProbeFlag is the hidden command-line flag that makes the executable run ProbeAudioDevice and exit:
// status 0 when a sound device works, 1 when it does not.
const AudioProbeFlag = "-audio-probe"

// ProbeAudioDevice opens the platform's sound device with the same library and parameters Ebitengine uses
// (oto v3, 44.1 kHz, stereo, float32) and reports whether that works. It may open the device only once per
// process, which is why the app runs it in a child process (see Audio).
func ProbeAudioDevice(timeout time.Duration) error {
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate:   assets.SampleRate,
		ChannelCount: 2,
		Format:       oto.FormatFloat32LE,
	})
	if err != nil {
		return err
	}
	select {
	case <-ready:
	case <-time.After(timeout):
		return errors.New("the sound device did not answer in time")
	}
	return ctx.Err()
}

// AudioProbeMain is what the executable runs when started with AudioProbeFlag. It returns the exit status.
func AudioProbeMain() int {
	if err := ProbeAudioDevice(4 * time.Second); err != nil {
		fmt.Println(err)
		return 1
	}
	return 0
}

// probeInChild runs this executable with AudioProbeFlag and reports whether the device worked.
func probeInChild() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, exe, AudioProbeFlag).Output()
	if err != nil {
		if msg := string(out); msg != "" {
			return errors.New(trimLine(msg))
		}
		return err
	}
	return nil
}

func trimLine(s string) string {
	for i, r := range s {
		if r == '\n' {
			return s[:i]
		}
	}
	return s
}

// defaultProbe is the device probe for "auto" mode on this platform (nil: assume a device works).
func defaultProbe() func() error {
	if vmGuest {
		return nil // a vmhost guest's audio goes to the host's virtual device, which always works
	}
	return probeInChild
}
