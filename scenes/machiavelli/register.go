// Package machiavelli is the Machiavelli table: its setup (seats, ruleset, every named
// option), the table where the whole table can be rearranged by hand (drag, click or
// keys; every meld checked by the rules as it changes), hints from the rules' solver shown
// step by step, the animated turns of the other seats, the results of each game and of the
// match, and the illustrated rules help. The rules themselves live in rules/machiavelli.
package machiavelli

import (
	"principe/game"
)

// BadAutosaveName is where an autosave that does not resume is set aside.
const BadAutosaveName = "autosave.json.bad"

func init() {
	game.RegisterScene("machiavelli/setup", NewSetup)
	game.RegisterScene("machiavelli/rules", NewHelp)
	// "machiavelli" opens a match in progress between AI seats, for screenshots and
	// visual checks (-scene machiavelli -seed N); "machiavelli/hint" a human's turn with
	// the hint shown; "machiavelli/results" the results of a finished match.
	game.RegisterScene("machiavelli", func(ctx *game.Context) (game.Scene, error) { return demoTable(ctx, demoAI) })
	game.RegisterScene("machiavelli/hint", func(ctx *game.Context) (game.Scene, error) { return demoTable(ctx, demoHint) })
	game.RegisterScene("machiavelli/results", func(ctx *game.Context) (game.Scene, error) { return demoResults(ctx) })
	game.RegisterGame(game.GameInfo{
		ID:    "machiavelli",
		Setup: NewSetup,
		Resume: func(ctx *game.Context, autosave []byte) (game.Scene, error) {
			t, err := ResumeTable(ctx, autosave)
			if err != nil {
				// A save that cannot be resumed is set aside (kept for a bug report), so
				// Continue does not offer it again; the title reports the error.
				_ = ctx.Store.Rename(game.AutosaveName, BadAutosaveName)
				return nil, err
			}
			return t, nil
		},
	})
}
