package search

import (
	"context"

	"principe/rules"
)

// Bot is a rules.Bot that chooses by ISMCTS with its Config. Each move searches with
// its own seed (Config.Seed plus the number of moves made), so a game with the same
// seeds and budget is reproducible move for move.
type Bot struct {
	Config Config
	moves  uint64
}

// NewBot returns a searching bot.
func NewBot(cfg Config) *Bot { return &Bot{Config: cfg} }

// Choose implements rules.Bot.
func (b *Bot) Choose(ctx context.Context, obs rules.Observation, legal []rules.Action) (rules.Action, error) {
	b.moves++
	cfg := b.Config
	cfg.Seed += b.moves * 0x9e3779b97f4a7c15
	a, _, err := ISMCTS(ctx, obs, legal, cfg)
	return a, err
}
