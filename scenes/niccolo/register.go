package niccolo

import (
	"principe/game"
)

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
			return ResumeTable(ctx, autosave)
		},
	})
}
