package machiavelli

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// End conditions.
const (
	// EndPassRound ends the game when, with the stock empty, every player passes in one
	// full round (the Coppola decision).
	EndPassRound = "pass-round"
	// EndStockDepleted ends the game as soon as the stock is empty (Board Game Arena).
	EndStockDepleted = "stock-depleted"
)

// Scoring methods.
const (
	// ScorePoints counts the cards left in hand: ace–10 = 5, J/Q/K = 10, joker = 25
	// (Coppola). Lowest wins.
	ScorePoints = "points"
	// ScoreCards counts the cards left in hand (Board Game Arena). Fewest wins.
	ScoreCards = "cards"
)

// Options are the named options of a game. Each ruleset ("coppola", "bga") is a preset
// of them; any field given in the options JSON overrides the preset, so a house mix is
// possible.
type Options struct {
	Ruleset     string `json:"ruleset"`      // the preset the options started from
	Players     int    `json:"players"`      // number of seats
	Decks       int    `json:"decks"`        // French decks of 52 shuffled together (1 … 3)
	Jokers      int    `json:"jokers"`       // 0, 2 or 4
	Deal        int    `json:"deal"`         // cards dealt to each player
	FreeCards   int    `json:"free_cards"`   // face-up free cards turned at the start (0 or 4)
	AceWrap     bool   `json:"ace_wrap"`     // runs may wrap: K-A-2
	MaxPerTurn  int    `json:"max_per_turn"` // most hand cards played in one turn (0 = no limit)
	RestoreFine int    `json:"restore_fine"` // cards drawn by a player who gives up after moving cards (0 = no such action)
	End         string `json:"end"`          // EndPassRound or EndStockDepleted
	Scoring     string `json:"scoring"`      // ScorePoints or ScoreCards
	Games       int    `json:"games"`        // games in the match; the dealer moves left after each

	// mirrored is the solver's own: the position it is given is another's mirrored (see
	// mirror.go), so each card is worth what its mirror is.
	mirrored bool
}

// Coppola returns the Coppola family's rules for n players.
func Coppola(n int) Options {
	return Options{Ruleset: "coppola", Players: n, Decks: 2, Jokers: 2, Deal: 12, FreeCards: 4,
		AceWrap: true, End: EndPassRound, Scoring: ScorePoints, Games: 1}
}

// BGA returns Board Game Arena's rules for n players (a third deck from 5 players up is
// an option, not the default).
func BGA(n int) Options {
	return Options{Ruleset: "bga", Players: n, Decks: 2, Deal: 15, MaxPerTurn: 13, RestoreFine: 3,
		End: EndStockDepleted, Scoring: ScoreCards, Games: 1}
}

// optionsOverride is the options JSON: a ruleset and any fields that change it.
type optionsOverride struct {
	Ruleset     string  `json:"ruleset"`
	Players     *int    `json:"players"`
	Decks       *int    `json:"decks"`
	Jokers      *int    `json:"jokers"`
	Deal        *int    `json:"deal"`
	FreeCards   *int    `json:"free_cards"`
	AceWrap     *bool   `json:"ace_wrap"`
	MaxPerTurn  *int    `json:"max_per_turn"`
	RestoreFine *int    `json:"restore_fine"`
	End         *string `json:"end"`
	Scoring     *string `json:"scoring"`
	Games       *int    `json:"games"`
}

// ParseOptions reads the options JSON: {"ruleset":"bga","players":4,…}. Empty means
// Coppola for 4 players. Unknown fields and impossible combinations are errors.
func ParseOptions(data json.RawMessage) (Options, error) {
	var o optionsOverride
	if len(bytes.TrimSpace(data)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&o); err != nil {
			return Options{}, fmt.Errorf("machiavelli options: %v", err)
		}
	}
	n := 4
	if o.Players != nil {
		n = *o.Players
	}
	var opt Options
	switch o.Ruleset {
	case "", "coppola":
		opt = Coppola(n)
	case "bga":
		opt = BGA(n)
	default:
		return Options{}, fmt.Errorf("machiavelli options: unknown ruleset %q (coppola or bga)", o.Ruleset)
	}
	setInt := func(dst *int, src *int) {
		if src != nil {
			*dst = *src
		}
	}
	setInt(&opt.Decks, o.Decks)
	setInt(&opt.Jokers, o.Jokers)
	setInt(&opt.Deal, o.Deal)
	setInt(&opt.FreeCards, o.FreeCards)
	setInt(&opt.MaxPerTurn, o.MaxPerTurn)
	setInt(&opt.RestoreFine, o.RestoreFine)
	setInt(&opt.Games, o.Games)
	if o.AceWrap != nil {
		opt.AceWrap = *o.AceWrap
	}
	if o.End != nil {
		opt.End = *o.End
	}
	if o.Scoring != nil {
		opt.Scoring = *o.Scoring
	}
	return opt, opt.Validate()
}

// Validate says what is wrong with a combination of options.
func (o Options) Validate() error {
	switch {
	case o.Players < 2 || o.Players > 8:
		return fmt.Errorf("machiavelli needs 2 to 8 players, not %d", o.Players)
	case o.Decks < 1 || o.Decks > 3:
		return fmt.Errorf("machiavelli uses 1 to 3 decks, not %d", o.Decks)
	case o.Jokers != 0 && o.Jokers != 2 && o.Jokers != 4:
		return fmt.Errorf("machiavelli uses 0, 2 or 4 jokers, not %d", o.Jokers)
	case o.Deal < 1 || o.Deal > 20:
		return fmt.Errorf("deal size must be 1 to 20 cards, not %d", o.Deal)
	case o.FreeCards != 0 && o.FreeCards != 4:
		return fmt.Errorf("free cards must be 0 or 4, not %d", o.FreeCards)
	case o.MaxPerTurn < 0:
		return fmt.Errorf("max cards per turn must be 0 (no limit) or more, not %d", o.MaxPerTurn)
	case o.RestoreFine < 0 || o.RestoreFine > 3:
		return fmt.Errorf("restore fine must be 0 to 3 cards, not %d", o.RestoreFine)
	case o.End != EndPassRound && o.End != EndStockDepleted:
		return fmt.Errorf("end condition must be %q or %q, not %q", EndPassRound, EndStockDepleted, o.End)
	case o.Scoring != ScorePoints && o.Scoring != ScoreCards:
		return fmt.Errorf("scoring must be %q or %q, not %q", ScorePoints, ScoreCards, o.Scoring)
	case o.Games < 1 || o.Games > 50:
		return fmt.Errorf("a match is 1 to 50 games, not %d", o.Games)
	}
	if need := o.Players*o.Deal + o.FreeCards + 1; need > o.deckSize() {
		return fmt.Errorf("%d players with %d cards each and %d free cards need %d cards, but %d decks and %d jokers hold only %d",
			o.Players, o.Deal, o.FreeCards, need, o.Decks, o.Jokers, o.deckSize())
	}
	return nil
}

// deckSize is how many cards the game uses.
func (o Options) deckSize() int { return 52*o.Decks + o.Jokers }

// deck returns every card of the game, in a fixed order.
func (o Options) deck() []Card {
	cards := make([]Card, 0, o.deckSize())
	for d := 0; d < o.Decks; d++ {
		for f := 0; f < 52; f++ {
			cards = append(cards, Card(d<<6|f))
		}
	}
	for j := 0; j < o.Jokers; j++ {
		cards = append(cards, Joker(j))
	}
	return cards
}

// hasCard reports whether the game's deck holds c: a natural of one of its decks, or one
// of its jokers.
func (o Options) hasCard(c Card) bool {
	if c.IsJoker() {
		return c.Copy() < o.Jokers
	}
	return c.Face() < jokerFace && c.Copy() < o.Decks
}

// cardValue is what a card left in hand counts under the options' scoring.
func (o Options) cardValue(c Card) int {
	if o.Scoring == ScoreCards {
		return 1
	}
	if o.mirrored {
		return cardPoints(mirrorCard(c))
	}
	return cardPoints(c)
}
