// Package niccolo is the rules core of Niccolò, a race round a board of coloured
// squares whose movement rules the players change with cards, and its bots.
//
// The rules follow the English rulebook "Niccolò — Rules of the Game"; README.md in this
// folder lists every decision taken where the rulebook is silent. The hot path is the typed API
// (NewGame, State.LegalMoves, State.Play); the rules.State methods wrap it.
package niccolo

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"

	"principe/rules"
)

// Name is the registered name of the game.
const Name = "niccolo"

func init() { rules.Register(Game{}) }

// Game describes Niccolò to the shared machinery (records, arena, conformance, app).
type Game struct{}

// Options is the JSON form of a game's setup, e.g.
// {"seats":["player","player","envoy","envoy"],"variant":"standard"}.
// Seats lists the families in seat order (Visconti, Sforza, Soderini, Medici); each is
// "player" (or its synonym "human") or "envoy". A shorter list is completed with
// Envoys; an empty one means four players. Variant is "standard", "solitaire" or
// "partner"; empty means solitaire for one player and standard otherwise.
type Options struct {
	Seats   []string `json:"seats,omitempty"`
	Variant string   `json:"variant,omitempty"`
}

// ParseOptions turns options JSON into a validated Config.
func ParseOptions(data json.RawMessage) (Config, error) {
	var o Options
	var c Config
	if len(data) > 0 {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&o); err != nil {
			return c, fmt.Errorf("niccolo: bad options: %w", err)
		}
	}
	if len(o.Seats) > 4 {
		return c, fmt.Errorf("niccolo: %d seats given; the board has four", len(o.Seats))
	}
	players := 0
	for i := 0; i < 4; i++ {
		switch {
		case len(o.Seats) == 0:
			players++
		case i >= len(o.Seats) || o.Seats[i] == "envoy":
			c.Envoy[i] = true
		case o.Seats[i] == "player" || o.Seats[i] == "human":
			players++
		default:
			return c, fmt.Errorf("niccolo: seat %d is %q; a seat is \"player\" or \"envoy\"", i, o.Seats[i])
		}
	}
	switch o.Variant {
	case "":
		if players == 1 {
			c.Variant = Solitaire
		}
	default:
		if err := c.Variant.UnmarshalText([]byte(o.Variant)); err != nil {
			return c, err
		}
	}
	return c, c.Validate()
}

// Name is "niccolo".
func (Game) Name() string { return Name }

// NewState starts a game from options JSON (see Options) and a seed. What happened
// during setup, up to the first decision, is available from State.OpeningEvents.
func (Game) NewState(options json.RawMessage, seed uint64) (rules.State, error) {
	c, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	var ev []Event
	s, err := NewGame(c, seed, &ev)
	if err != nil {
		return nil, err
	}
	s.opening = ev
	return &s, nil
}

// DecodeAction reads a Move from its JSON.
func (Game) DecodeAction(data []byte) (rules.Action, error) {
	var m Move
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// OpeningEvents lists what happened when the game was set up, before the first
// decision (the deal, the opening draws, Envoy plays). Like Apply's events they show
// every drawn card: filter them with ForSeat.
func (s *State) OpeningEvents() []Event { return s.opening }

// Game is "niccolo".
func (s *State) Game() string { return Name }

// Seats is 4: every family has a seat, Envoys included.
func (s *State) Seats() int { return 4 }

// ToAct is the seat that must decide now (never an Envoy), or NoSeat at the end.
func (s *State) ToAct() rules.Seat { return rules.Seat(s.ToActSeat()) }

// Legal lists the seat's legal moves (nil when it is not its turn).
func (s *State) Legal(seat rules.Seat) []rules.Action {
	if seat != s.ToAct() || seat == rules.NoSeat {
		return nil
	}
	var buf [64]Move
	moves := s.LegalMoves(buf[:0])
	out := make([]rules.Action, len(moves))
	for i, m := range moves {
		out[i] = m
	}
	return out
}

// Apply makes an action (a Move or *Move) for seat and returns every event that
// followed, including the Envoys' automatic plays. Events may name cards drawn by any
// seat: filter them with ForSeat before showing them to one seat.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	var m Move
	switch v := a.(type) {
	case Move:
		m = v
	case *Move:
		if v == nil {
			return nil, errors.New("no action given")
		}
		m = *v
	default:
		return nil, fmt.Errorf("%v is not a Niccolò action", a)
	}
	var ev []Event
	if err := s.Play(int(seat), m, &ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// Outcome says how the game ended: the winners, the rounds played, and Scores: in
// solitaire the player's score (cards left in its pile if it won, else 0); otherwise
// each token's net progress.
func (s *State) Outcome() rules.Outcome {
	o := rules.Outcome{Winners: s.Winners(), Rounds: int(s.round), Scores: make([]float64, 4)}
	for t := 0; t < 4; t++ {
		if s.variant == Solitaire {
			if s.winners[t] {
				o.Scores[t] = float64(s.score(t))
			}
		} else {
			o.Scores[t] = float64(s.progress[t])
		}
	}
	return o
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// Variant is the variant being played.
func (s *State) Variant() Variant { return s.variant }

// IsEnvoy reports whether seat is played by the rules as an Envoy.
func (s *State) IsEnvoy(seat int) bool { return s.envoy[seat&3] }

// Hash is a digest of the whole state (the random generator included).
func (s *State) Hash() uint64 {
	h := fnv.New64a()
	var b []byte
	b = append(b, byte(s.variant), byte(s.first), byte(s.phase), byte(s.turn), byte(s.choice),
		byte(s.leg), byte(s.origin), byte(s.steps), byte(s.target), boolByte(s.lost))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.round))
	for _, w := range s.rng.S {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	for t := 0; t < 4; t++ {
		b = append(b, boolByte(s.envoy[t]), byte(s.markers[t]), byte(s.square[t]), boolByte(s.removed[t]), boolByte(s.winners[t]))
		b = binary.LittleEndian.AppendUint16(b, uint16(s.progress[t]))
		for _, part := range [][]Card{s.hand[t][:s.handN[t]], s.pile[t][:s.pileN[t]], s.discard[t][:s.discardN[t]]} {
			b = append(b, byte(len(part)))
			for _, c := range part {
				b = append(b, byte(c))
			}
		}
	}
	h.Write(b)
	return h.Sum64()
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
