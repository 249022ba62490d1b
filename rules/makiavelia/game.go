// Package makiavelia is the rules core of Makiavelia: a game of 3 to 8 players who
// build Cities of armies and buildings, attack each other with battle dice, and form
// regimes each round to earn Makielon coins. The card set is the project's own
// (see README.md); the card table in cards.go is its single source.
package makiavelia

import (
	"encoding/json"
	"fmt"

	"principe/rules"
)

// Name is the registered name of the game.
const Name = "makiavelia"

// GameDef describes Makiavelia to the shared machinery.
type GameDef struct{}

func init() { rules.Register(GameDef{}) }

// Name is "makiavelia".
func (GameDef) Name() string { return Name }

// NewState starts a game; options are {"players": 3..8} (default 4).
func (GameDef) NewState(options json.RawMessage, seed uint64) (rules.State, error) {
	var o Options
	if len(options) > 0 {
		if err := json.Unmarshal(options, &o); err != nil {
			return nil, fmt.Errorf("bad Makiavelia options: %v", err)
		}
	}
	return NewGame(o, seed)
}

// DecodeAction turns JSON back into a Move.
func (GameDef) DecodeAction(data []byte) (rules.Action, error) { return DecodeAction(data) }

// Bots lists the bots.
func (GameDef) Bots() []string { return []string{"random", "greedy", "expert"} }

// NewBot makes a bot by name.
func (GameDef) NewBot(name string, seed uint64, budget int) (rules.Bot, error) {
	return NewBot(name, seed, budget)
}
