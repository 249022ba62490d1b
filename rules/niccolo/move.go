package niccolo

import (
	"encoding/json"
	"fmt"
)

// MoveKind says which decision a Move is.
type MoveKind uint8

// The kinds of decision a player makes.
const (
	PlayCard       MoveKind = iota // play a card from the hand, with its choices
	RefuseMove                     // the landing square is occupied: stop before it
	JumpMove                       // the landing square is occupied: jump beyond it
	TakeGambado                    // move once more by the same rule
	DeclineGambado                 // stay where the move ended
)

var moveKindNames = [5]string{"play", "refuse", "jump", "gambado", "no-gambado"}

// String is the kind's name as written in JSON.
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) {
		return moveKindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Move is one decision of a player: the action type of Niccolò (it implements
// rules.Action). A card play names the card and the choices it needs:
//   - a coloured card: Marker and Zone are the card's own colour and zone;
//   - Bribery: any Marker and any Zone;
//   - Rumour: any Marker, Zone is Influence; Accusation: any Marker, Zone is Inquisition;
//   - Signoria: Clockwise says the direction (Marker and Zone stay zero).
//
// The other kinds carry no fields. In JSON a move reads like
// {"kind":"play","card":"bribery","marker":"red","zone":"fortune"},
// {"kind":"play","card":"signoria","clockwise":true} or {"kind":"jump"}.
type Move struct {
	Kind      MoveKind
	Card      Card
	Marker    Colour
	Zone      Zone
	Clockwise bool
}

// String describes the move in plain English.
func (m Move) String() string {
	switch m.Kind {
	case PlayCard:
		switch {
		case m.Card.IsColoured():
			return "play " + m.Card.String()
		case m.Card == Signoria:
			if m.Clockwise {
				return "play signoria clockwise"
			}
			return "play signoria anticlockwise"
		default:
			return fmt.Sprintf("play %s: %s marker to %s", m.Card, m.Marker, m.Zone)
		}
	case RefuseMove:
		return "refuse"
	case JumpMove:
		return "jump"
	case TakeGambado:
		return "take the gambado"
	case DeclineGambado:
		return "decline the gambado"
	}
	return m.Kind.String()
}

type moveJSON struct {
	Kind      string  `json:"kind"`
	Card      *Card   `json:"card,omitempty"`
	Marker    *Colour `json:"marker,omitempty"`
	Zone      *Zone   `json:"zone,omitempty"`
	Clockwise bool    `json:"clockwise,omitempty"`
}

// MarshalJSON writes only the fields the move's card uses.
func (m Move) MarshalJSON() ([]byte, error) {
	if int(m.Kind) >= len(moveKindNames) {
		return nil, fmt.Errorf("niccolo: no move kind %d", m.Kind)
	}
	j := moveJSON{Kind: m.Kind.String()}
	if m.Kind == PlayCard {
		if m.Card >= NumCardKinds {
			return nil, fmt.Errorf("niccolo: no card %d", m.Card)
		}
		c := m.Card
		j.Card = &c
		switch {
		case m.Card == Signoria:
			j.Clockwise = m.Clockwise
		case m.Card == Bribery:
			mk, z := m.Marker, m.Zone
			j.Marker, j.Zone = &mk, &z
		case !m.Card.IsColoured():
			mk := m.Marker
			j.Marker = &mk
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a move and fills in the fields its card implies (a coloured
// card's colour and zone, the zone of a Rumour or an Accusation).
func (m *Move) UnmarshalJSON(b []byte) error {
	var j moveJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("niccolo: bad move: %w", err)
	}
	var out Move
	found := false
	for k, n := range moveKindNames {
		if n == j.Kind {
			out.Kind, found = MoveKind(k), true
		}
	}
	if !found {
		return fmt.Errorf("niccolo: unknown move kind %q (want play, refuse, jump, gambado or no-gambado)", j.Kind)
	}
	if out.Kind != PlayCard {
		if j.Card != nil || j.Marker != nil || j.Zone != nil || j.Clockwise {
			return fmt.Errorf("niccolo: a %s move takes no card, marker, zone or direction", j.Kind)
		}
		*m = out
		return nil
	}
	if j.Card == nil {
		return fmt.Errorf("niccolo: a play must name its card")
	}
	out.Card = *j.Card
	switch {
	case out.Card.IsColoured():
		out.Marker, out.Zone = out.Card.Colour(), out.Card.Zone()
		if (j.Marker != nil && *j.Marker != out.Marker) || (j.Zone != nil && *j.Zone != out.Zone) || j.Clockwise {
			return fmt.Errorf("niccolo: a %s card offers no choice", out.Card)
		}
	case out.Card == Signoria:
		if j.Marker != nil || j.Zone != nil {
			return fmt.Errorf("niccolo: a signoria play names only a direction")
		}
		out.Clockwise = j.Clockwise
	default:
		if j.Marker == nil {
			return fmt.Errorf("niccolo: a %s play must name the marker it moves", out.Card)
		}
		if j.Clockwise {
			return fmt.Errorf("niccolo: a %s card has no direction", out.Card)
		}
		out.Marker = *j.Marker
		switch out.Card {
		case Bribery:
			if j.Zone == nil {
				return fmt.Errorf("niccolo: a bribery play must name the zone")
			}
			out.Zone = *j.Zone
		case Rumour:
			out.Zone = Influence
		case Accusation:
			out.Zone = Inquisition
		}
		if j.Zone != nil && *j.Zone != out.Zone {
			return fmt.Errorf("niccolo: a %s sends a marker to %s only", out.Card, out.Zone)
		}
	}
	*m = out
	return nil
}
