// Package intrigo is the rules core of Intrigo (Stefan Dorra's Intrigue, Italian edition) for 3–5 players:
// collecting, receiving and expelling advisors under the three golden rules, presenting advisors, and the
// negotiations — asks, bribes, counter-prices and promises — played out as ordinary actions with a fixed
// order of speaking. Money is kept in ducats, always a multiple of 1,000. See README.md for every rule
// decision.
package intrigo

import (
	"encoding/json"
	"fmt"

	"principe/rules"
)

// Game sizes and amounts from the rulebook.
const (
	MinPlayers        = 3     // fewest players
	MaxPlayers        = 5     // most players
	StartingPurse     = 32000 // ducats each player starts with
	TurnsPerPlayer    = 5     // turns each player plays
	AdvisorsPerColour = 8     // 2 of each of the 4 types
	Posts             = 4     // posts in a palace
	Types             = 4     // advisor types
	Unit              = 1000  // the smallest note: every amount is a multiple of it
	BankBribe         = 1000  // the bribe the bank pays for a player with an empty purse
	// PresentPerTurn is how many advisors the active player presents on turns 1–4.
	PresentPerTurn = 2
)

// Bank stands for the bank in payments (it is nobody's seat).
const Bank rules.Seat = -1

// PostValue is what each post of a palace pays per collection, from the cheapest (post 0) to the dearest.
var PostValue = [Posts]int{1000, 3000, 6000, 10000}

// AdvisorType is a kind of advisor: two of each belong to every colour.
type AdvisorType int

// The four advisor types.
const (
	Chemist AdvisorType = iota
	Writer
	Doctor
	Religious
)

var typeNames = [Types]string{"chemist", "writer", "doctor", "religious"}

// String is the type's English name.
func (t AdvisorType) String() string {
	if t < 0 || int(t) >= Types {
		return fmt.Sprintf("type %d", int(t))
	}
	return typeNames[t]
}

// ColourNames are the colours of seats 0…4.
var ColourNames = [MaxPlayers]string{"orange", "black", "white", "blue", "green"}

func colour(s rules.Seat) string {
	if s == Bank {
		return "the bank"
	}
	if s < 0 || int(s) >= MaxPlayers {
		return fmt.Sprintf("seat %d", int(s))
	}
	return ColourNames[s]
}

// Options are the game's settings.
type Options struct {
	// Players is the number of players, 3–5 (default 4).
	Players int `json:"players"`
}

// ParseOptions reads options JSON (empty means the defaults) and checks it.
func ParseOptions(data json.RawMessage) (Options, error) {
	o := Options{Players: 4}
	if len(data) > 0 && string(data) != "null" {
		if err := json.Unmarshal(data, &o); err != nil {
			return o, fmt.Errorf("intrigo options: %v", err)
		}
	}
	if o.Players < MinPlayers || o.Players > MaxPlayers {
		return o, fmt.Errorf("intrigo is played by %d to %d players, not %d", MinPlayers, MaxPlayers, o.Players)
	}
	return o, nil
}

// Game is Intrigo as the shared machinery sees it.
type Game struct{}

// Name is "intrigo".
func (Game) Name() string { return "intrigo" }

// NewState starts a game.
func (Game) NewState(options json.RawMessage, seed uint64) (rules.State, error) {
	o, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	return NewGame(o, seed), nil
}

// DecodeAction turns a move's JSON back into a Move.
func (Game) DecodeAction(data []byte) (rules.Action, error) {
	return DecodeMove(data)
}

// BotNames are the bots this game offers.
var BotNames = []string{"random", "greedy", "expert"}

// Bots lists the bot names.
func (Game) Bots() []string { return append([]string(nil), BotNames...) }

// NewBot makes a bot by name; none of them searches, so budget is ignored.
func (Game) NewBot(name string, seed uint64, budget int) (rules.Bot, error) {
	switch name {
	case "random":
		return &RandomBot{rng: rules.NewRNG(seed)}, nil
	case "greedy":
		return &GreedyBot{rng: rules.NewRNG(seed)}, nil
	case "expert":
		return &ExpertBot{rng: rules.NewRNG(seed)}, nil
	}
	return nil, fmt.Errorf("intrigo has no bot called %q (try random, greedy or expert)", name)
}

func init() { rules.Register(Game{}) }
