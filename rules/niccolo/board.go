package niccolo

import "fmt"

// Colour is the colour of a track square and of the rule marker that governs it.
type Colour uint8

// The four colours, in the order the rulebook lists the rule markers.
const (
	Red Colour = iota
	Green
	Blue
	Yellow
)

var colourNames = [4]string{"red", "green", "blue", "yellow"}

// String is the colour's English name ("red").
func (c Colour) String() string {
	if int(c) < len(colourNames) {
		return colourNames[c]
	}
	return fmt.Sprintf("colour(%d)", c)
}

// MarshalText writes the colour's name.
func (c Colour) MarshalText() ([]byte, error) {
	if int(c) >= len(colourNames) {
		return nil, fmt.Errorf("niccolo: no colour %d", c)
	}
	return []byte(colourNames[c]), nil
}

// UnmarshalText reads a colour's name.
func (c *Colour) UnmarshalText(b []byte) error {
	for i, n := range colourNames {
		if n == string(b) {
			*c = Colour(i)
			return nil
		}
	}
	return fmt.Errorf("niccolo: unknown colour %q (want red, green, blue or yellow)", b)
}

// Zone is one of the six rule zones of the rule circle. The constants are in the
// circle's clockwise order, so a clockwise Signoria moves every marker to zone+1.
type Zone uint8

// The six zones in clockwise ring order.
const (
	Fortune     Zone = iota // forward 6
	Scandal                 // backward 1
	Favour                  // forward 4
	Disgrace                // backward 2
	Influence               // forward 2
	Inquisition             // cannot move
)

// NumZones is the number of zones on the rule circle.
const NumZones = 6

var zoneNames = [NumZones]string{"fortune", "scandal", "favour", "disgrace", "influence", "inquisition"}

var zoneSteps = [NumZones]int8{6, -1, 4, -2, 2, 0}

// Steps is how many squares a token governed by this zone moves: positive is
// forward (clockwise), negative backward, 0 not at all.
func (z Zone) Steps() int { return int(zoneSteps[z%NumZones]) }

// Clockwise is the next zone clockwise round the rule circle.
func (z Zone) Clockwise() Zone { return (z + 1) % NumZones }

// Anticlockwise is the next zone anticlockwise round the rule circle.
func (z Zone) Anticlockwise() Zone { return (z + NumZones - 1) % NumZones }

// String is the zone's English name ("favour").
func (z Zone) String() string {
	if int(z) < NumZones {
		return zoneNames[z]
	}
	return fmt.Sprintf("zone(%d)", z)
}

// MarshalText writes the zone's name.
func (z Zone) MarshalText() ([]byte, error) {
	if int(z) >= NumZones {
		return nil, fmt.Errorf("niccolo: no zone %d", z)
	}
	return []byte(zoneNames[z]), nil
}

// UnmarshalText reads a zone's name.
func (z *Zone) UnmarshalText(b []byte) error {
	for i, n := range zoneNames {
		if n == string(b) {
			*z = Zone(i)
			return nil
		}
	}
	return fmt.Errorf("niccolo: unknown zone %q (want fortune, scandal, favour, disgrace, influence or inquisition)", b)
}

// TrackLength is the number of squares on the outer track.
const TrackLength = 32

// CircuitProgress is the net clockwise progress that completes a circuit.
const CircuitProgress = TrackLength

// BoardColours is the board: the colour of each outer-track square 0–31, clockwise,
// one letter per square (G green, B blue, Y yellow, R red). Square 8·i is the home of
// family i. This string is the only place the board's layout is written down.
const BoardColours = "GBYRBYGR" + "BYRGYRBG" + "YRGBRGYB" + "RGBYGBRY"

// squareColour is BoardColours decoded once at start-up.
var squareColour = decodeBoard(BoardColours)

func decodeBoard(s string) [TrackLength]Colour {
	var b [TrackLength]Colour
	if len(s) != TrackLength {
		panic("niccolo: the board must have 32 squares")
	}
	for i := 0; i < TrackLength; i++ {
		switch s[i] {
		case 'R':
			b[i] = Red
		case 'G':
			b[i] = Green
		case 'B':
			b[i] = Blue
		case 'Y':
			b[i] = Yellow
		default:
			panic("niccolo: bad board colour letter " + string(s[i]))
		}
	}
	return b
}

// SquareColour is the colour of track square sq (taken modulo 32).
func SquareColour(sq int) Colour { return squareColour[wrap(sq)] }

// Home is the home square of family (seat) f.
func Home(f int) int { return 8 * f }

// wrap brings a square number into 0…31.
func wrap(sq int) int { return sq & (TrackLength - 1) }

// Family names and tokens, by seat.
var (
	FamilyNames = [4]string{"Visconti", "Sforza", "Soderini", "Medici"}
	TokenNames  = [4]string{"Dog", "Cannon", "Flag", "Coins"}
)

// Card is a kind of playing card. Cards of one kind are indistinguishable, so the rules
// track kinds: 0–23 are the coloured cards (colour·6 + zone), then the four silver
// kinds. A full deck holds 2 of each coloured kind and 4 of each silver kind.
type Card uint8

// The silver cards.
const (
	Bribery Card = 24 + iota
	Rumour
	Accusation
	Signoria
)

// NumCardKinds is the number of kinds of card.
const NumCardKinds = 28

// DeckSize is the number of cards in the game.
const DeckSize = 64

// ColouredCard is the card that moves marker c to zone z.
func ColouredCard(c Colour, z Zone) Card { return Card(int(c)*NumZones + int(z)) }

// IsColoured reports whether the card names a colour and a zone.
func (c Card) IsColoured() bool { return c < Bribery }

// Colour is the colour a coloured card names.
func (c Card) Colour() Colour { return Colour(c / NumZones) }

// Zone is the zone a coloured card names.
func (c Card) Zone() Zone { return Zone(c % NumZones) }

// Copies is how many cards of this kind the deck holds.
func (c Card) Copies() int {
	if c.IsColoured() {
		return 2
	}
	return 4
}

var silverNames = [4]string{"bribery", "rumour", "accusation", "signoria"}

// String is the card's name: "red-favour", "bribery", ….
func (c Card) String() string {
	switch {
	case c.IsColoured():
		return c.Colour().String() + "-" + c.Zone().String()
	case c < NumCardKinds:
		return silverNames[c-Bribery]
	}
	return fmt.Sprintf("card(%d)", c)
}

// MarshalText writes the card's name.
func (c Card) MarshalText() ([]byte, error) {
	if c >= NumCardKinds {
		return nil, fmt.Errorf("niccolo: no card %d", c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a card's name.
func (c *Card) UnmarshalText(b []byte) error {
	for k := Card(0); k < NumCardKinds; k++ {
		if k.String() == string(b) {
			*c = k
			return nil
		}
	}
	return fmt.Errorf("niccolo: unknown card %q (want e.g. red-favour, bribery, rumour, accusation, signoria)", b)
}

// fullDeck lists the 64 cards of the game, kind by kind.
func fullDeck() [DeckSize]Card {
	var d [DeckSize]Card
	n := 0
	for k := Card(0); k < NumCardKinds; k++ {
		for i := 0; i < k.Copies(); i++ {
			d[n] = k
			n++
		}
	}
	return d
}

var theDeck = fullDeck()
