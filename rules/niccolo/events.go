package niccolo

import (
	"fmt"
	"strings"

	"principe/rules"
)

// Event is something that happened in a game of Niccolò. The concrete types below are
// all the events there are.
//
// Events returned by Apply and Play are the full truth, for the seat that acted and the
// UI layer: a CardDrawn event names the drawn card even when another seat drew it. A
// scene showing the table to one seat must pass them through ForSeat first.
type Event = rules.Event

// ForSeat returns the events as seat may see them: cards drawn by other seats are
// hidden (their Card is cleared and Hidden set). Pass rules.NoSeat for a spectator who
// sees no hand. The input slice is not changed.
func ForSeat(events []Event, seat rules.Seat) []Event {
	out := make([]Event, len(events))
	for i, e := range events {
		if d, ok := e.(CardDrawn); ok && !d.VisibleTo(seat) {
			d.Card, d.Hidden = 0, true
			e = d
		}
		out[i] = e
	}
	return out
}

func family(s rules.Seat) string {
	if s >= 0 && s < 4 {
		return FamilyNames[s]
	}
	return fmt.Sprintf("seat %d", s)
}

// GameStarted opens a game: the variant, which seats are Envoys, and who holds the
// 1st Turn marker (chosen at random). All markers are on Influence, tokens at home.
type GameStarted struct {
	Variant Variant
	Envoys  [4]bool
	First   rules.Seat
}

func (e GameStarted) String() string {
	var envoys []string
	for i, v := range e.Envoys {
		if v {
			envoys = append(envoys, FamilyNames[i])
		}
	}
	s := fmt.Sprintf("a %s game starts; %s holds the 1st Turn marker", e.Variant, family(e.First))
	if len(envoys) > 0 {
		s += "; envoys: " + strings.Join(envoys, ", ")
	}
	return s
}

// CardDrawn is a card going from a seat's draw pile into its hand. Only that seat may
// see which card it is (see VisibleTo and ForSeat).
type CardDrawn struct {
	Seat   rules.Seat
	Card   Card // meaningless when Hidden
	Hidden bool // set by ForSeat when the viewer may not see the card
}

// VisibleTo reports whether viewer may see which card was drawn.
func (e CardDrawn) VisibleTo(viewer rules.Seat) bool { return viewer == e.Seat }

func (e CardDrawn) String() string {
	if e.Hidden {
		return family(e.Seat) + " draws a card"
	}
	return fmt.Sprintf("%s draws %s", family(e.Seat), e.Card)
}

// RoundStarted begins a round (before the hands are replenished).
type RoundStarted struct {
	Round int
	First rules.Seat
}

func (e RoundStarted) String() string {
	return fmt.Sprintf("round %d begins; %s plays first", e.Round, family(e.First))
}

// Reshuffled: a draw pile ran out, so the 1st Turn holder gathered all 64 cards,
// shuffled them and dealt four new piles; fresh hands of five follow as CardDrawn events.
type Reshuffled struct {
	By rules.Seat
}

func (e Reshuffled) String() string {
	return family(e.By) + " gathers all the cards, shuffles and deals four new piles"
}

// CardPlayed is a card played face up to its player's discard pile, with the choices
// made. Envoy plays are marked; an Envoy's silver card is Ignored (no marker moves).
// The markers' movements follow as MarkerMoved events.
type CardPlayed struct {
	Seat    rules.Seat
	Move    Move
	Envoy   bool
	Ignored bool
}

func (e CardPlayed) String() string {
	who := family(e.Seat) + " plays"
	if e.Envoy {
		who = "the " + family(e.Seat) + " envoy draws and plays"
	}
	if e.Ignored {
		return fmt.Sprintf("%s %s, which an envoy ignores", who, e.Move.Card)
	}
	return fmt.Sprintf("%s %s", who, strings.TrimPrefix(e.Move.String(), "play "))
}

// MarkerMoved is a rule marker moving from one zone to another (From may equal To).
type MarkerMoved struct {
	Marker Colour
	From   Zone
	To     Zone
}

func (e MarkerMoved) String() string {
	if e.From == e.To {
		return fmt.Sprintf("the %s marker stays on %s", e.Marker, e.To)
	}
	return fmt.Sprintf("the %s marker moves from %s to %s", e.Marker, e.From, e.To)
}

// TokenStayed is a token that does not move because its square's rule is Inquisition.
type TokenStayed struct {
	Seat   rules.Seat
	Square int
	Marker Colour
}

func (e TokenStayed) String() string {
	return fmt.Sprintf("%s's %s stays on square %d: %s is under Inquisition", family(e.Seat), TokenNames[e.Seat&3], e.Square, e.Marker)
}

// LandingBlocked is a player's token whose landing square is occupied; the player must
// refuse (stop on Refuse) or jump (land on Jump).
type LandingBlocked struct {
	Seat   rules.Seat
	From   int
	Target int
	Refuse int
	Jump   int
}

func (e LandingBlocked) String() string {
	return fmt.Sprintf("%s's landing square %d is occupied: refuse to %d or jump to %d", family(e.Seat), e.Target, e.Refuse, e.Jump)
}

// TokenMoved is one leg of a token's move: the squares it passes through, one by one
// (Path ends on To; it is empty when a refusing token found no free square). Gambado
// marks the second leg; Progress is the token's net clockwise progress afterwards.
// Over lists the tokens standing on the squares it passed (not on To), in the order it
// passed them: the tokens a jump leaps over.
type TokenMoved struct {
	Seat     rules.Seat
	From, To int
	Path     []int
	Over     []rules.Seat
	Refused  bool
	Jumped   bool
	Gambado  bool
	Progress int
}

func (e TokenMoved) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s's %s", family(e.Seat), TokenNames[e.Seat&3])
	if e.Gambado {
		b.WriteString(" makes a gambado and")
	}
	switch {
	case e.From == e.To:
		fmt.Fprintf(&b, " refuses and stays on square %d", e.From)
	case e.Refused:
		fmt.Fprintf(&b, " refuses, moving %d→%d", e.From, e.To)
	case e.Jumped:
		fmt.Fprintf(&b, " jumps, moving %d→%d", e.From, e.To)
	default:
		fmt.Fprintf(&b, " moves %d→%d", e.From, e.To)
	}
	fmt.Fprintf(&b, " (progress %d)", e.Progress)
	return b.String()
}

// GambadoOffered is a player's token that ended on its starting colour: the player may
// move it once more by the same rule.
type GambadoOffered struct {
	Seat   rules.Seat
	Square int
	Steps  int
}

func (e GambadoOffered) String() string {
	return fmt.Sprintf("%s may make a gambado of %+d from square %d", family(e.Seat), e.Steps, e.Square)
}

// GambadoTaken is a token about to move once more (its leg follows as TokenMoved).
type GambadoTaken struct{ Seat rules.Seat }

func (e GambadoTaken) String() string { return family(e.Seat) + " takes the gambado" }

// GambadoDeclined is a player declining a Gambado.
type GambadoDeclined struct{ Seat rules.Seat }

func (e GambadoDeclined) String() string { return family(e.Seat) + " declines the gambado" }

// TokenRemoved (Partner Niccolò) is a token that completed its circuit leaving the
// board; its square becomes free.
type TokenRemoved struct {
	Seat   rules.Seat
	Square int
}

func (e TokenRemoved) String() string {
	return fmt.Sprintf("%s's %s completes its circuit and leaves the board from square %d", family(e.Seat), TokenNames[e.Seat&3], e.Square)
}

// TurnMarkersPassed: the turn markers passed to the left; First holds the 1st Turn.
type TurnMarkersPassed struct{ First rules.Seat }

func (e TurnMarkersPassed) String() string {
	return "the turn markers pass to the left; " + family(e.First) + " now holds the 1st Turn"
}

// GameWon ends the game. Score is the solitaire score (cards left in the winner's pile).
type GameWon struct {
	Winners []rules.Seat
	Score   int
}

func (e GameWon) String() string {
	names := make([]string, len(e.Winners))
	for i, w := range e.Winners {
		names[i] = family(w)
	}
	s := strings.Join(names, " and ") + " win"
	if len(e.Winners) == 1 {
		s += "s"
	}
	if e.Score > 0 {
		s += fmt.Sprintf(", scoring %d", e.Score)
	}
	return s
}

// GameLost ends a solitaire game without a winner.
type GameLost struct {
	Seat   rules.Seat
	Reason string
}

func (e GameLost) String() string { return family(e.Seat) + " loses: " + e.Reason }
