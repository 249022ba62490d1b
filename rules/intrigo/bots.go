package intrigo

import (
	"context"
	"fmt"

	"principe/rules"
)

// RandomBot picks uniformly among the legal moves.
type RandomBot struct{ rng rules.RNG }

// Choose picks a legal move at random.
func (b *RandomBot) Choose(_ context.Context, _ rules.Observation, legal []rules.Action) (rules.Action, error) {
	if len(legal) == 0 {
		return nil, fmt.Errorf("no legal move")
	}
	return legal[b.rng.Intn(len(legal))], nil
}
