package niccolo

import (
	"principe/game"
)

// BadAutosaveName is where an autosave that does not resume is set aside.
const BadAutosaveName = "autosave.json.bad"

func init() {
	game.RegisterScene("niccolo/setup", NewSetup)
	game.RegisterScene("niccolo/rules", NewHelp)
	game.RegisterScene("niccolo/scores", func(ctx *game.Context) (game.Scene, error) { return newScores(ctx, nil), nil })
	// "niccolo" opens a game in progress with AI seats, for screenshots and visual checks
	// (-scene niccolo -seed N).
	game.RegisterScene("niccolo", func(ctx *game.Context) (game.Scene, error) {
		cfg := Config{Seed: uint64(ctx.Seed)}
		for f := range cfg.Players {
			cfg.Players[f] = levels[OptNormal]
		}
		return NewTable(ctx, cfg)
	})
	game.RegisterGame(game.GameInfo{
		ID:    "niccolo",
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
