package main

import (
	"encoding/json"
	"sort"
)

// Flags are the command-line settings of one `arena play` run that a game turns into
// its own options.
type Flags struct {
	Seats   []string // -seats, one entry per seat: a bot name, or a game's own word (e.g. "envoy")
	Variant string   // -variant (game-specific, e.g. "solitaire", "partner"; "" = standard)
	Ruleset string   // -ruleset (Machiavelli: "coppola" or "bga")
	Players int      // -players (0 when not given)
	Budget  int      // -budget: search effort for searching bots (0 = their default)
}

// Adapter connects one game to the arena. Each game has its own file in this folder
// (niccolo.go, machiavelli.go, …) that registers one from init.
type Adapter interface {
	// Setup returns the game's options JSON for these flags and, for each seat of the
	// game, the name of the bot that plays it ("" when the rules play that seat
	// themselves, such as a Niccolò Envoy). A bad combination gives a clear error.
	Setup(f Flags) (options json.RawMessage, bots []string, err error)
}

// Command is an extra game-specific subcommand (`arena solve …`).
type Command func(args []string) error

var (
	adapters = map[string]Adapter{}
	commands = map[string]Command{}
)

// registerGame makes a game playable with `arena play -game NAME`.
func registerGame(name string, a Adapter) { adapters[name] = a }

// registerCommand adds a subcommand `arena NAME …`.
func registerCommand(name string, c Command) { commands[name] = c }

// gameNames lists the registered games, sorted.
func gameNames() []string {
	var names []string
	for n := range adapters {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
