package machiavelli

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Action kinds.
const (
	// KindPlay lays cards: the whole table as it stands at the end of the turn.
	KindPlay = "play"
	// KindDraw takes the top card of the stock and ends the turn.
	KindDraw = "draw"
	// KindRestore gives up after moving cards: the table is restored and the player
	// draws the restore fine (Board Game Arena: 3 cards). Only with a restore fine.
	KindRestore = "restore"
	// KindPass ends the turn without playing when the stock is empty.
	KindPass = "pass"
)

// Action is one turn. A play carries the whole table as it stands at the end of the
// turn — every meld as a list of card instances — and the free cards it used; the rules
// check it as a whole. Drawing, restoring and passing carry nothing.
type Action struct {
	Kind  string   `json:"kind"`
	Table [][]Card `json:"table,omitempty"`
	Free  []Card   `json:"free,omitempty"`
}

// Draw is the draw action.
func Draw() Action { return Action{Kind: KindDraw} }

// Play builds a play action from the table it leaves and the free cards it uses.
func Play(table [][]Card, free []Card) Action {
	return Action{Kind: KindPlay, Table: table, Free: free}
}

// String is a short readable form.
func (a Action) String() string {
	if a.Kind != KindPlay {
		return a.Kind
	}
	melds := make([]string, len(a.Table))
	for i, m := range a.Table {
		melds[i] = cardsString(m)
	}
	s := "play " + strings.Join(melds, " | ")
	if len(a.Free) > 0 {
		s += " (free " + cardsString(a.Free) + ")"
	}
	return s
}

// decodeAction reads an action's JSON.
func decodeAction(data []byte) (Action, error) {
	var a Action
	if err := json.Unmarshal(data, &a); err != nil {
		return Action{}, fmt.Errorf("machiavelli action: %v", err)
	}
	switch a.Kind {
	case KindPlay, KindDraw, KindRestore, KindPass:
	default:
		return Action{}, fmt.Errorf("machiavelli action: unknown kind %q (play, draw, restore or pass)", a.Kind)
	}
	return a, nil
}

// Events -------------------------------------------------------------------------

// DealtEvent starts a game of the match: hands dealt, free cards turned face up.
type DealtEvent struct {
	Game      int    `json:"game"`
	Dealer    int    `json:"dealer"`
	HandSizes []int  `json:"hand_sizes"`
	Free      []Card `json:"free"`
	First     int    `json:"first"`
}

func (e DealtEvent) String() string {
	return fmt.Sprintf("game %d: seat %d deals; free cards %s; seat %d starts", e.Game, e.Dealer, cardsString(e.Free), e.First)
}

// PlayedEvent is a play: the cards from hand and the free cards that reached the
// table, and the table as it now stands.
type PlayedEvent struct {
	Seat      int      `json:"seat"`
	FromHand  []Card   `json:"from_hand"`
	FromFree  []Card   `json:"from_free,omitempty"`
	Table     [][]Card `json:"table"`
	HandLeft  int      `json:"hand_left"`
	JokersWon []Card   `json:"jokers_freed,omitempty"`
}

func (e PlayedEvent) String() string {
	s := fmt.Sprintf("seat %d plays %s", e.Seat, cardsString(e.FromHand))
	if len(e.FromFree) > 0 {
		s += " and free " + cardsString(e.FromFree)
	}
	return s + fmt.Sprintf(" (%d left in hand)", e.HandLeft)
}

// DrewEvent is a draw from the stock (Fine when it is the restore fine). Cards are
// visible only to Seat; a scene showing another seat must hide them.
type DrewEvent struct {
	Seat  int    `json:"seat"`
	Cards []Card `json:"cards"`
	Fine  bool   `json:"fine,omitempty"`
	Stock int    `json:"stock"`
}

func (e DrewEvent) String() string {
	if e.Fine {
		return fmt.Sprintf("seat %d restores the table and draws %d cards as a fine", e.Seat, len(e.Cards))
	}
	return fmt.Sprintf("seat %d draws", e.Seat)
}

// PassedEvent is a turn passed with the stock empty.
type PassedEvent struct {
	Seat int `json:"seat"`
}

func (e PassedEvent) String() string {
	return fmt.Sprintf("seat %d passes (the stock is empty)", e.Seat)
}

// GameEndEvent ends one game of the match and scores it.
type GameEndEvent struct {
	Game    int    `json:"game"`
	Reason  string `json:"reason"`
	Winners []int  `json:"winners"`
	Scores  []int  `json:"scores"`
	Totals  []int  `json:"totals"`
	// Hands are the cards left in each hand, shown to everyone for the scoring.
	Hands [][]Card `json:"hands"`
}

func (e GameEndEvent) String() string {
	return fmt.Sprintf("game %d over (%s): winners %v, scores %v, totals %v", e.Game, e.Reason, e.Winners, e.Scores, e.Totals)
}

// MatchEndEvent ends the match.
type MatchEndEvent struct {
	Winners []int `json:"winners"`
	Totals  []int `json:"totals"`
	Wins    []int `json:"wins"`
}

func (e MatchEndEvent) String() string {
	return fmt.Sprintf("match over: winners %v, totals %v, games won %v", e.Winners, e.Totals, e.Wins)
}
