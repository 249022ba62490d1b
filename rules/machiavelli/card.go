// Package machiavelli is the rules core of Machiavelli, rummy with table rearrangement,
// in its two rulesets (the Coppola family's and Board Game Arena's). It holds the
// cards, melds, options, the game state, the exact play solver that drives hints and
// the bots, and the bots themselves.
package machiavelli

import (
	"fmt"
	"strconv"
	"strings"
)

// Suit is one of the four French suits, in the order spades, hearts, diamonds, clubs.
type Suit int

// The four suits.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

var suitLetters = "SHDC"
var suitSymbols = []string{"♠", "♥", "♦", "♣"}

// jokerFace is the face index of every joker; natural faces are 0 … 51.
const jokerFace = 52

// Card is one physical card. Two copies of the same card are distinct Cards (they differ
// in Copy), but are interchangeable for meld validity. The low six bits are the face
// (suit*13 + rank-1, or 52 for a joker), the top two bits the copy (which deck, or which
// joker).
type Card uint8

// NewCard returns copy copy (0 …) of the natural card of rank (1 = ace … 13 = king) and suit.
func NewCard(rank int, suit Suit, copy int) Card {
	return Card(copy<<6 | int(suit)*13 + rank - 1)
}

// Joker returns joker number copy (0 … 3).
func Joker(copy int) Card { return Card(copy<<6 | jokerFace) }

// Face is the card's face: 0 … 51 for naturals (suit*13 + rank-1), 52 for a joker.
func (c Card) Face() int { return int(c) & 63 }

// Copy tells two identical cards apart (deck number, or joker number).
func (c Card) Copy() int { return int(c) >> 6 }

// IsJoker reports whether the card is a joker.
func (c Card) IsJoker() bool { return c.Face() == jokerFace }

// Rank is 1 (ace) … 13 (king); 0 for a joker.
func (c Card) Rank() int {
	if c.IsJoker() {
		return 0
	}
	return c.Face()%13 + 1
}

// Suit is the card's suit (meaningless for a joker).
func (c Card) Suit() Suit { return Suit(c.Face() / 13) }

// rankName is the printed rank: A 2 … 10 J Q K.
func rankName(rank int) string {
	switch rank {
	case 1:
		return "A"
	case 11:
		return "J"
	case 12:
		return "Q"
	case 13:
		return "K"
	}
	return strconv.Itoa(rank)
}

// String is the card as a player reads it: "7♥", "A♠", "joker" for a joker (the star
// glyph is missing from the app's fonts).
func (c Card) String() string {
	if c.Face() > jokerFace {
		return "?" // no such card
	}
	return faceNames[c.Face()]
}

// faceNames is String for each face (52: the joker).
var faceNames = func() (names [jokerFace + 1]string) {
	for f := range jokerFace {
		names[f] = rankName(f%13+1) + suitSymbols[f/13]
	}
	names[jokerFace] = "joker"
	return names
}()

// Code is the card in the plain notation of the arena ("7H", "10C", "*"), without the copy.
func (c Card) Code() string {
	if c.IsJoker() {
		return "*"
	}
	return rankName(c.Rank()) + string(suitLetters[c.Suit()])
}

// MarshalText writes the card with its copy: "7H#0", "*#1".
func (c Card) MarshalText() ([]byte, error) {
	return []byte(c.Code() + "#" + strconv.Itoa(c.Copy())), nil
}

// UnmarshalText reads what MarshalText writes (a missing "#n" means copy 0).
func (c *Card) UnmarshalText(b []byte) error {
	s := string(b)
	copyNo := 0
	if i := strings.IndexByte(s, '#'); i >= 0 {
		n, err := strconv.Atoi(s[i+1:])
		if err != nil || n < 0 || n > 3 {
			return fmt.Errorf("bad card copy in %q", s)
		}
		copyNo, s = n, s[:i]
	}
	face, err := ParseFace(s)
	if err != nil {
		return err
	}
	*c = Card(copyNo<<6 | face)
	return nil
}

// ParseFace reads a card face in arena notation: rank A 2 … 10 J Q K followed by suit
// S H D C, or "*" for a joker. It returns the face index (52 for a joker).
func ParseFace(s string) (int, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	if u == "*" {
		return jokerFace, nil
	}
	if len(u) < 2 {
		return 0, fmt.Errorf("%q is not a card: write a rank (A 2 … 10 J Q K) then a suit (S H D C), or * for a joker", s)
	}
	suit := strings.IndexByte(suitLetters, u[len(u)-1])
	if suit < 0 {
		return 0, fmt.Errorf("%q is not a card: the suit must be S, H, D or C", s)
	}
	rank := 0
	switch r := u[:len(u)-1]; r {
	case "A", "1":
		rank = 1
	case "J":
		rank = 11
	case "Q":
		rank = 12
	case "K":
		rank = 13
	default:
		n, err := strconv.Atoi(r)
		if err != nil || n < 2 || n > 10 {
			return 0, fmt.Errorf("%q is not a card: the rank must be A, 2 … 10, J, Q or K", s)
		}
		rank = n
	}
	return suit*13 + rank - 1, nil
}

// cardPoints is what a card left in hand costs under Coppola scoring: ace–10 = 5,
// J/Q/K = 10, joker = 25.
func cardPoints(c Card) int {
	switch {
	case c.IsJoker():
		return 25
	case c.Rank() >= 11:
		return 10
	}
	return 5
}

// cardsString joins cards as a player reads them: "7♥ 8♥ 9♥".
func cardsString(cs []Card) string {
	var b strings.Builder
	b.Grow(5 * len(cs))
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
