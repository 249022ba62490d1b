// Package rules owns the contract every game's rules core implements — states, actions,
// events, observations, bots — and the machinery shared by all four games: the seeded
// random generator, the game registry and the record (save) format.
//
// A game in progress is its options, its seed and the list of actions taken
// (DESIGN principle 1). Everything here is pure Go: no ebiten, no clock, no global
// rand, no I/O.
package rules

import (
	"context"
	"encoding/json"
	"errors"
)

// Seat is a place at the table, 0 … Seats()-1, clockwise.
type Seat int

// NoSeat is returned by State.ToAct when nobody may act (the game is over).
const NoSeat Seat = -1

// Action is one move a seat makes. Concrete action types belong to each game; they
// marshal to JSON with encoding/json and come back through Game.DecodeAction.
type Action interface {
	// String is a short readable form, for logs and error messages.
	String() string
}

// Event is something that happened while an action was applied (a card played, a
// marker moved, a token's path). Scenes animate events; they never diff states.
// Concrete event types belong to each game.
type Event interface {
	// String describes the event in plain English (for logs and debugging; scenes
	// translate events themselves).
	String() string
}

// Outcome is how a finished game ended.
type Outcome struct {
	// Winners holds every winning seat: one normally, several for a shared victory,
	// none when the game ended without a winner (a solitaire loss, a draw).
	Winners []Seat `json:"winners"`
	// Scores is the game's own measure per seat (solitaire score, final purse, …).
	Scores []float64 `json:"scores,omitempty"`
	// Rounds is how many rounds were played.
	Rounds int `json:"rounds"`
}

// State is a game in progress. Apply is the only way it changes.
type State interface {
	// Game is the registered name of the game ("niccolo", "machiavelli", …).
	Game() string
	// Seats is how many seats the game has (including automatic seats such as Envoys).
	Seats() int
	// ToAct is the one seat that may act now, or NoSeat when the game is over.
	// Games where several seats take part in one step (negotiations) give them a fixed
	// order of speaking, so a record replays exactly.
	ToAct() Seat
	// Legal lists every action seat may take now (nil if it may not act).
	Legal(seat Seat) []Action
	// Apply performs a for seat and returns what happened. An illegal action returns an
	// error saying why and leaves the state exactly as it was.
	Apply(seat Seat, a Action) ([]Event, error)
	// Over reports whether the game has ended; Outcome says how.
	Over() bool
	Outcome() Outcome
	// Clone returns an independent deep copy.
	Clone() State
	// Observe returns what seat may know: public information, its own secrets, and
	// nothing else.
	Observe(seat Seat) Observation
	// Resample returns a copy in which everything seat cannot see (other hands, the
	// order of piles, hidden values) has been redealt at random from rng, consistent
	// with what seat can see. Used by the observation-leak check and by search.
	Resample(seat Seat, rng *RNG) State
	// Check verifies the game's invariants and returns the first one broken.
	Check() error
	// Hash is a digest of the whole state, equal for equal states.
	Hash() uint64
}

// Observation is what one seat may know. It marshals to JSON deterministically, so two
// observations are equal when their JSON is.
type Observation interface {
	// Seat is the seat that observes.
	Seat() Seat
	// Sample builds a full state consistent with everything this observation shows,
	// dealing what it cannot see at random from rng. This is how a bot that sees only
	// its observation can search.
	Sample(rng *RNG) State
}

// Bot chooses actions for a seat from that seat's observation only.
type Bot interface {
	// Choose returns an action for the observing seat, normally one of legal. Where a
	// game's Legal lists only a representative subset of what Apply accepts (a
	// Machiavelli rearrangement, a Makiavelia regime proposal), a bot may return any
	// action the rules accept, so callers validate with Apply, never by membership in
	// legal. It must return promptly once ctx is cancelled (with its best choice so
	// far, or ctx.Err() if it has none).
	Choose(ctx context.Context, obs Observation, legal []Action) (Action, error)
}

// Game describes one game to the shared machinery: records, the arena, the conformance
// suite, search and the app.
type Game interface {
	// Name is the registered name, used in records ("niccolo").
	Name() string
	// NewState starts a game from its options (the game's own JSON; empty means the
	// defaults) and a seed. Bad options give an error.
	NewState(options json.RawMessage, seed uint64) (State, error)
	// DecodeAction turns an action's JSON back into the game's action type.
	DecodeAction(data []byte) (Action, error)
	// Bots lists the bot names this game offers ("random", "greedy", "expert").
	Bots() []string
	// NewBot makes a bot by name, seeded so that it is reproducible. budget is the
	// search effort for bots that search (iterations or playouts; 0 means the bot's
	// default); bots that do not search ignore it. Time limits come from the ctx given
	// to Choose, never from a clock inside rules/.
	NewBot(name string, seed uint64, budget int) (Bot, error)
}

// ErrNotYourTurn is returned (wrapped) by Apply when a seat acts out of turn.
var ErrNotYourTurn = errors.New("it is not this seat's turn")

var registry = map[string]Game{}

// Register makes a game known by its name. Each game package calls it from init.
func Register(g Game) {
	if _, dup := registry[g.Name()]; dup {
		panic("rules: game registered twice: " + g.Name())
	}
	registry[g.Name()] = g
}

// Lookup returns the registered game with that name.
func Lookup(name string) (Game, bool) {
	g, ok := registry[name]
	return g, ok
}
