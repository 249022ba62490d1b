// Command arena is Principe's headless tool: AI-versus-AI matches, record replays and
// the games' own commands (solvers, simulations). It imports no ebiten.
//
//	arena play -game NAME -seats a,b,c,d [-games N] [-seed S] [-variant V] [-ruleset R]
//	           [-players P] [-budget B] [-jsonl FILE] [-parallel K] [-max-actions M]
//	           [-movetime D] [-rotate]
//	arena replay [-line N] FILE
//	arena COMMAND …   (a game's own command)
//
// Exit status: 0 on success, 1 when something failed (a game errored, a record is bad),
// 2 on a usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// errUsage marks an error that is the caller's mistake; the command exits 2.
var errUsage = errors.New("usage")

// usageError wraps a usage problem so run exits 2.
func usageError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, args...))
}

// run is the whole command; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name, rest := args[0], args[1:]
	var err error
	switch name {
	case "play":
		err = cmdPlay(rest, stdout, stderr)
	case "replay":
		err = cmdReplay(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	default:
		c, ok := commands[name]
		if !ok {
			fmt.Fprintf(stderr, "arena: unknown command %q\n", name)
			usage(stderr)
			return 2
		}
		err = c(rest)
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "arena %s: %v\n", name, strings.TrimPrefix(err.Error(), errUsage.Error()+": "))
		usage(stderr)
		return 2
	default:
		fmt.Fprintf(stderr, "arena %s: %v\n", name, err)
		return 1
	}
}

// usage prints the commands and the registered games.
func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  arena play -game NAME -seats a,b,… [-games N] [-seed S] [-variant V] [-ruleset R]
             [-players P] [-budget B] [-jsonl FILE] [-parallel K] [-max-actions M]
             [-movetime D] [-rotate]
      plays N games (seeds S, S+1, …) between bots and prints one JSON summary;
      -rotate turns the seats by one place each game (so every bot plays every seat)
      and adds each listed bot's wins to the summary ("players")
  arena replay [-line N] FILE
      replays a record (or the records of a -jsonl file) and prints where it ends
`)
	var extra []string
	for n := range commands {
		extra = append(extra, n)
	}
	sort.Strings(extra)
	for _, n := range extra {
		fmt.Fprintf(w, "  arena %s …\n      a game's own command (arena %s -h)\n", n, n)
	}
	fmt.Fprintf(w, "games: %s\n", strings.Join(gameNames(), ", "))
}
