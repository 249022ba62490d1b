package machiavelli

import (
	"encoding/json"
	"fmt"

	"principe/rules"
)

const gameName = "machiavelli"

func init() { rules.Register(machiavelliGame{}) }

// machiavelliGame describes Machiavelli to the shared machinery.
type machiavelliGame struct{}

// Name is the registered name.
func (machiavelliGame) Name() string { return gameName }

// NewState deals a match from the options JSON (see ParseOptions) and a seed.
func (machiavelliGame) NewState(options json.RawMessage, seed uint64) (rules.State, error) {
	opt, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	return newState(opt, seed), nil
}

// DecodeAction reads an action's JSON.
func (machiavelliGame) DecodeAction(data []byte) (rules.Action, error) { return decodeAction(data) }

// Bots lists the bots: random, greedy and expert.
func (machiavelliGame) Bots() []string { return []string{"random", "greedy", "expert"} }

// NewBot makes a bot by name. The expert's budget is the number of worlds it plays out
// per decision (0: its default); the others ignore it.
func (machiavelliGame) NewBot(name string, seed uint64, budget int) (rules.Bot, error) {
	switch name {
	case "random":
		return &RandomBot{rng: rules.NewRNG(seed)}, nil
	case "greedy":
		return GreedyBot{}, nil
	case "expert":
		return &ExpertBot{seed: seed, worlds: budget}, nil
	}
	return nil, fmt.Errorf("machiavelli has no bot %q (random, greedy or expert)", name)
}

// legalSolveLimit bounds the solver's effort inside Legal, so that listing actions stays
// cheap and deterministic; past it, Legal lists only the simple lays.
const legalSolveLimit = 1000

// samplePlays is the bounded list of plays Legal offers: the solver's best play and
// simple lays (a meld from the hand, one card onto a meld).
func (s *State) samplePlays(seat rules.Seat) []Action {
	p := Position{Table: s.Table, Hand: s.Hands[seat], Free: s.Free}
	var out []Action
	if sol := solveWithin(p, s.Opt, legalSolveLimit, true, -1); sol.Found() {
		out = append(out, sol.Action())
	}
	return append(out, simpleLays(p, s.Opt, 12)...)
}
