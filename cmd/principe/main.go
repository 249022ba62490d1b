// Command principe is the desktop app: it parses the flags, opens the window and wires package game (the
// shell) to package scenes (what is on screen). Nothing else lives here.
//
//	principe [-lang en|it] [-scene title|settings|rules] [-audio auto|on|off] [-config DIR] [-seed N]
//	         [-screenshot FILE -frames N] [-replay FILE]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/assets/icon"
	"principe/game"
	"principe/internal/buildinfo"
	_ "principe/scenes" // registers the title, settings and rules scenes
	"principe/scenes/history"
)

// launched is when the process reached main, for -timing.
var launched = time.Now()

func main() {
	if slices.Contains(os.Args[1:], game.AudioProbeFlag) {
		os.Exit(game.AudioProbeMain())
	}
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("principe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	screenshot := fs.String("screenshot", "", "draw -frames frames, save the last one (1280×720) to this PNG file and exit")
	frames := fs.Int("frames", 30, "how many frames to draw before -screenshot is taken")
	scene := fs.String("scene", "title", "open this scene first: title, settings or rules (or any registered scene)")
	lang := fs.String("lang", "", "language for this run: en or it (default: the saved setting)")
	seed := fs.Int64("seed", 0, "seed for new games (0: from the clock)")
	audioFlag := fs.String("audio", "auto", "sound: auto (play when a sound device works), on, or off")
	config := fs.String("config", "", "folder for settings and saves (default: the user config folder/principe)")
	timing := fs.Bool("timing", false, "print how long the first frame took to draw after launch")
	replay := fs.String("replay", "", "open the games of this file in the replay: an exported game, an autosave, a record or an `arena play -jsonl` file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *lang != "" && !slices.Contains(assets.Languages, *lang) {
		fmt.Fprintf(stderr, "principe: -lang must be one of %v, not %q\n", assets.Languages, *lang)
		return 2
	}
	mode, err := game.ParseAudioMode(*audioFlag)
	if err != nil {
		fmt.Fprintln(stderr, "principe:", err)
		return 2
	}
	if *seed == 0 {
		*seed = time.Now().UnixNano()
	}
	store, err := game.DefaultStorage(*config)
	if err != nil {
		fmt.Fprintln(stderr, "principe:", err)
		return 1
	}
	var first game.SceneFactory
	if *replay != "" {
		data, err := os.ReadFile(*replay)
		if err == nil {
			first, err = history.OpenFile(filepath.Base(*replay), data)
		}
		if err != nil {
			fmt.Fprintf(stderr, "principe: %s: %v\n", *replay, err)
			return 1
		}
	}
	var firstFrame func()
	if *timing {
		firstFrame = func() {
			fmt.Fprintf(stderr, "principe: first frame drawn %v after launch\n", time.Since(launched).Round(time.Millisecond))
		}
	}
	app, err := game.NewApp(game.Options{
		FirstFrame: firstFrame,
		Storage:    store,
		Lang:       *lang,
		Seed:       *seed,
		Audio:      mode,
		Scene:      *scene,
		First:      first,
		Screenshot: *screenshot,
		Frames:     *frames,
		Version:    buildinfo.Version,
	})
	if err != nil {
		fmt.Fprintln(stderr, "principe:", err)
		return 1
	}

	ebiten.SetWindowTitle("Principe")
	ebiten.SetWindowSize(game.LogicalWidth, game.LogicalHeight)
	ebiten.SetWindowSizeLimits(640, 360, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowIcon(icon.Images())
	// The class name matches StartupWMClass in the Linux .desktop file, so docks show Principe's icon.
	err = ebiten.RunGameWithOptions(app, &ebiten.RunGameOptions{X11ClassName: "Principe", X11InstanceName: "principe"})
	if game.IsAudioError(err) && app.Context().Audio.Active() {
		// The sound device failed after the probe said it worked: start again, silently.
		fmt.Fprintln(stderr, "principe: the sound device failed; restarting without sound:", err)
		return rerunSilently(args, stderr)
	}
	if err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(stderr, "principe:", err)
		return 1
	}
	return 0
}

// rerunSilently runs this executable again with the same flags and -audio=off, and returns its exit status.
func rerunSilently(args []string, stderr io.Writer) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "principe:", err)
		return 1
	}
	cmd := exec.Command(exe, append(slices.Clone(args), "-audio=off")...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintln(stderr, "principe:", err)
		return 1
	}
	return 0
}
