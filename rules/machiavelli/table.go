package machiavelli

import (
	"errors"
	"fmt"

	"principe/rules"
)

// What a table scene asks the rules while a player builds a turn: is this meld valid
// (and if not, why), would the whole table be accepted now, how does a meld read, what
// does each joker stand for, and how does the solver's play unfold step by step.

// CheckMeld says why cards are not a valid meld under the options, in a player's words
// ("7♥ 8♥ 10♥ is not a run — 9♥ is missing"), or nil when they are one.
func CheckMeld(cards []Card, opt Options) error { return checkMeld(cards, opt.AceWrap) }

// ArrangeMeld returns a valid meld in reading order (a run from its lowest card with each
// joker where it stands, a set by suit); an invalid meld comes back as given.
func ArrangeMeld(cards []Card, opt Options) []Card {
	return arrangeMeld(append([]Card(nil), cards...), opt.AceWrap)
}

// CheckPlay is the check Apply makes of a play by the observing seat, made on what the
// seat sees: nil exactly when Apply would accept the action now. Draws and passes are
// checked too.
func (o *Observation) CheckPlay(a Action) error {
	if o.Done {
		return errors.New("the match is over")
	}
	if o.Turn != o.Me {
		return fmt.Errorf("%w (it is seat %d's turn)", rules.ErrNotYourTurn, o.Turn)
	}
	switch a.Kind {
	case KindPlay:
		_, err := checkPlay(o.Table, o.Hand, o.Free, a, o.Opt)
		return err
	case KindDraw, KindRestore:
		if o.StockSize == 0 {
			return errors.New("the stock is empty: play a card or pass")
		}
		if a.Kind == KindRestore && o.Opt.RestoreFine == 0 {
			return errors.New("there is no restore fine in this ruleset: to give up your turn, draw a card")
		}
	case KindPass:
		if o.StockSize > 0 {
			return errors.New("you cannot pass while the stock has cards: play or draw")
		}
	default:
		return fmt.Errorf("unknown action %q: play, draw, restore or pass", a.Kind)
	}
	return nil
}

// Position is the solver's view of the observing seat's turn: the table, its hand and
// the free cards.
func (o *Observation) Position() Position { return o.position() }

// Stand-ins of jokers in a meld.

// StandIn is what one joker of a valid meld stands for: in a run, one card (Rank and
// Suits holding one suit); in a set, its rank and the suits still missing from the set
// (any of which it may be).
type StandIn struct {
	Rank  int
	Suits []Suit
}

// StandIns returns, for each card of a valid meld in reading order (ArrangeMeld's), what
// it stands for when it is a joker (nil entries for naturals). An invalid meld, or one
// not in reading order, gives nil.
func StandIns(meld []Card, opt Options) []*StandIn {
	if !validMeld(meld, opt.AceWrap) {
		return nil
	}
	out := make([]*StandIn, len(meld))
	m := shapeOf(meld)
	if m.readAsSet() { // read as a set, as checkMeld and arrangeMeld do
		var have [4]bool
		for _, c := range m.naturals {
			have[c.Suit()] = true
		}
		var missing []Suit
		for s := Spades; s <= Clubs; s++ {
			if !have[s] {
				missing = append(missing, s)
			}
		}
		for i, c := range meld {
			if c.IsJoker() {
				out[i] = &StandIn{Rank: m.naturals[0].Rank(), Suits: missing}
			}
		}
		return out
	}
	// A run in reading order: each card is one rank above the one before, round the
	// ace when the options wrap.
	start, ok := runStart(naturalRanks(m.naturals), len(meld), opt.AceWrap)
	if !ok {
		return nil
	}
	suit := m.naturals[0].Suit()
	for i, c := range meld {
		if !c.IsJoker() {
			continue
		}
		r := (start-1+i)%13 + 1
		if !opt.AceWrap {
			r = start + i
			if r == 14 {
				r = 1
			}
		}
		out[i] = &StandIn{Rank: r, Suits: []Suit{suit}}
	}
	return out
}

// Steps of a play.

// The kinds of step in a Plan.
const (
	StepBreak = "break" // take every card of an old meld
	StepTake  = "take"  // take some cards out of an old meld, leaving the rest
	StepAdd   = "add"   // add cards to an old meld (Home), making new meld Meld
	StepNew   = "new"   // lay a new meld Meld
)

// Where a card of a step comes from, when not from an old meld.
const (
	FromHand = -1
	FromFree = -2
)

// CardMove is one card's move in a step: From an old meld's index (or FromHand,
// FromFree), To a meld of the play's table.
type CardMove struct {
	Card Card `json:"card"`
	From int  `json:"from"`
	To   int  `json:"to"`
}

// Step is one step of a play, in the order a person would make them: first the old melds
// broken or taken from (Meld is the old meld's index), then the new melds built (Meld is
// the index in the play's table; Home is the old meld it grows from, or -1 for a new
// meld). Text is the step as a sentence.
type Step struct {
	Kind  string     `json:"kind"`
	Meld  int        `json:"meld"`
	Home  int        `json:"home"`
	Moves []CardMove `json:"moves"`
	Text  string     `json:"text"`
}

// PlanSteps says how to get from a position's table to a play's table, as Solve's steps
// do, for any play (a bot's, or one a player made).
func PlanSteps(p Position, table [][]Card, opt Options) []Step {
	_, _, plan := describeSteps(p, table, opt)
	return plan
}
