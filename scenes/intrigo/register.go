package intrigo

import (
	"principe/game"
)

// BadAutosaveName is where an autosave that does not resume is set aside.
const BadAutosaveName = "autosave.json.bad"

func init() {
	game.RegisterScene("intrigo/setup", NewSetup)
	game.RegisterScene("intrigo/rules", NewHelp)
	// Scenes for visual checks (-scene … -seed N -screenshot): an AI game in progress, a
	// negotiation where a person speaks, and a finished game's results.
	game.RegisterScene("intrigo", newDemoGame)
	game.RegisterScene("intrigo/negotiation", newDemoNegotiation)
	game.RegisterScene("intrigo/results", newDemoResults)
	game.RegisterScene("intrigo/benchmark", newDemoBenchmark)
	game.RegisterScene("intrigo/ledger", newDemoLedger)
	game.RegisterGame(game.GameInfo{
		ID:    "intrigo",
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
