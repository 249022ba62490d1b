package makiavelia

import (
	"fmt"
	"strings"
)

// Type is a card's type, told apart at the table by its seal and border colour.
type Type int

// The three card types.
const (
	Army      Type = iota // red: firepower and strength, stays until destroyed
	Building              // white: strength, stays until destroyed
	Influence             // blue: buried once resolved, unless it has a lock
)

// String names the type as the rulebook does.
func (t Type) String() string {
	switch t {
	case Army:
		return "Army"
	case Building:
		return "Building"
	case Influence:
		return "Influence"
	}
	return fmt.Sprintf("Type(%d)", int(t))
}

// Kind is one row of the card table: a card design with its count in the set.
type Kind int

// The card designs. The order is the order of the card table below.
const (
	Militia Kind = iota
	Infantry
	Cavalry
	Mercenaries
	Armada
	General
	Strategist
	Wall
	Palace
	Library
	Factory
	Embassy
	Hospital
	Memorial
	Poison
	Bribery
	Traitor
	Coup
	Propaganda
	Beggar
	Sabotage
	Plague
	Spy
	Taxes
	Levy
	numKinds
)

// Target says what a card names when it is played.
type Target int

// What a card may target.
const (
	NoTarget       Target = iota
	TargetPlayer          // another player
	TargetBuilding        // a building in another player's City
)

// CardInfo is one row of the card table: everything printed on the card.
type CardInfo struct {
	Name      string
	Type      Type
	Count     int  // copies in the set
	Firepower int  // armies only
	Strength  int  // armies and buildings (Memorial: its base strength)
	Lock      bool // influence that stays in play until its condition is met
	Target    Target
	Text      string // the exact card text
}

// Cards is the card table: the single source of the set. The README's card list is
// generated from it (see TestREADMECardList).
var Cards = [numKinds]CardInfo{
	Militia:     {Name: "Militia", Type: Army, Count: 7, Firepower: 1, Strength: 1, Text: "No special effect."},
	Infantry:    {Name: "Infantry", Type: Army, Count: 8, Firepower: 1, Strength: 2, Text: "No special effect."},
	Cavalry:     {Name: "Cavalry", Type: Army, Count: 6, Firepower: 2, Strength: 2, Text: "No special effect."},
	Mercenaries: {Name: "Mercenaries", Type: Army, Count: 4, Firepower: 2, Strength: 1, Text: "No special effect."},
	Armada:      {Name: "Armada", Type: Army, Count: 4, Firepower: 1, Strength: 3, Text: "No special effect."},
	General:     {Name: "General", Type: Army, Count: 3, Firepower: 0, Strength: 1, Text: "On each of your turns: one additional Attack action."},
	Strategist:  {Name: "Strategist", Type: Army, Count: 3, Firepower: 1, Strength: 2, Text: "When you attack, you may spread the wounds over the Cities of several players; each player who receives a wound counts as attacked."},
	Wall:        {Name: "Wall", Type: Building, Count: 6, Strength: 3, Text: "No special effect."},
	Palace:      {Name: "Palace", Type: Building, Count: 5, Strength: 3, Text: "Counts as two buildings for Propaganda."},
	Library:     {Name: "Library", Type: Building, Count: 3, Strength: 2, Text: "On each of your turns: one additional Draw action."},
	Factory:     {Name: "Factory", Type: Building, Count: 4, Strength: 1, Text: "On each of your turns: one additional Play action."},
	Embassy:     {Name: "Embassy", Type: Building, Count: 3, Strength: 2, Text: "Whenever a player attacks you, draw a card."},
	Hospital:    {Name: "Hospital", Type: Building, Count: 3, Strength: 2, Text: "Negotiation, before damage: you may remove all wounds from one army in play (anyone's)."},
	Memorial:    {Name: "Memorial", Type: Building, Count: 2, Strength: 1, Text: "After damage resolution: +1 strength for each army in your Cemetery."},
	Poison:      {Name: "Poison", Type: Influence, Count: 4, Lock: true, Target: TargetPlayer, Text: "Lock. Target player: one fewer basic action on each of their turns. On their turn they may spend a coin to bury this card."},
	Bribery:     {Name: "Bribery", Type: Influence, Count: 3, Text: "Browse the Market, take one card of your choice into your Reserve, then reshuffle the Market."},
	Traitor:     {Name: "Traitor", Type: Influence, Count: 3, Lock: true, Text: "Lock. When another player plays a card, you may activate Traitor: that card is cancelled and buried without effect, then bury Traitor."},
	Coup:        {Name: "Coup", Type: Influence, Count: 4, Target: TargetPlayer, Text: "Target player. Power this round: move power from the target to you equal to 1 + the number of armies you have in play (at most the target's power)."},
	Propaganda:  {Name: "Propaganda", Type: Influence, Count: 4, Text: "Power this round: +2 for each building you have in play (a Palace counts as two)."},
	Beggar:      {Name: "Beggar", Type: Influence, Count: 3, Text: "Power this round: +2 for each other player who holds more coins than you."},
	Sabotage:    {Name: "Sabotage", Type: Influence, Count: 4, Target: TargetBuilding, Text: "Target building in another player's City: put 2 wounds on it."},
	Plague:      {Name: "Plague", Type: Influence, Count: 3, Text: "Put 1 wound on every army in the other players' Cities."},
	Spy:         {Name: "Spy", Type: Influence, Count: 4, Target: TargetPlayer, Text: "Target player: look at their Reserve and take one card of your choice from it into yours."},
	Taxes:       {Name: "Taxes", Type: Influence, Count: 3, Text: "The player holding the most coins (every one of them, if tied; not you) gives you one random coin."},
	Levy:        {Name: "Levy", Type: Influence, Count: 4, Text: "Draw two cards from the Market."},
}

// SabotageWounds is how many wounds a Sabotage puts on its target (the card text says so).
const SabotageWounds = 2

// String is the card's name.
func (k Kind) String() string {
	if k < 0 || k >= numKinds {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return Cards[k].Name
}

// Info is the card table row of k.
func (k Kind) Info() CardInfo { return Cards[k] }

// KindByName finds a card design by its name (case-insensitive).
func KindByName(name string) (Kind, bool) {
	for k := Kind(0); k < numKinds; k++ {
		if strings.EqualFold(Cards[k].Name, name) {
			return k, true
		}
	}
	return 0, false
}

// CardID is one physical card of the set, 0 … SetSize()-1.
type CardID int

// cardKinds maps every CardID to its design, in table order.
var cardKinds = func() []Kind {
	var ks []Kind
	for k := Kind(0); k < numKinds; k++ {
		for i := 0; i < Cards[k].Count; i++ {
			ks = append(ks, k)
		}
	}
	return ks
}()

// SetSize is the number of cards in the whole set.
func SetSize() int { return len(cardKinds) }

// KindOf is the design of a physical card.
func KindOf(c CardID) Kind { return cardKinds[c] }

func validCard(c CardID) bool { return c >= 0 && int(c) < len(cardKinds) }

// CoinInfo is one row of the coin table: a Makielon value and how many coins have it.
type CoinInfo struct {
	Value int
	Count int
}

// Coins is the Makielon set in the Treasury bag.
var Coins = []CoinInfo{{1, 70}, {2, 40}, {3, 25}, {5, 15}}

// CoinID is one physical Makielon.
type CoinID int

var coinValues = func() []int {
	var vs []int
	for _, c := range Coins {
		for i := 0; i < c.Count; i++ {
			vs = append(vs, c.Value)
		}
	}
	return vs
}()

// CoinValue is the face-down value of a coin.
func CoinValue(c CoinID) int { return coinValues[c] }

func validCoin(c CoinID) bool { return c >= 0 && int(c) < len(coinValues) }

// MarketSize is the Market deck's size for n players (3–8).
func MarketSize(n int) int { return [...]int{3: 36, 4: 44, 5: 45, 6: 54, 7: 56, 8: 64}[n] }

// Earning is the number of coins the round's winner earns for n players (3–8).
func Earning(n int) int { return [...]int{3: 3, 4: 3, 5: 4, 6: 5, 7: 6, 8: 6}[n] }

// CardListMarkdown is the card list as the README shows it, generated from Cards and
// Coins so that the two cannot disagree.
func CardListMarkdown() string {
	var b strings.Builder
	total := [3]int{}
	b.WriteString("| Card | Type | Count | Firepower | Strength | Lock | Target | Text |\n")
	b.WriteString("|---|---|---:|---:|---:|---|---|---|\n")
	for k := Kind(0); k < numKinds; k++ {
		c := Cards[k]
		total[c.Type] += c.Count
		fp, st := "–", "–"
		if c.Type == Army {
			fp = fmt.Sprint(c.Firepower)
		}
		if c.Type != Influence {
			st = fmt.Sprint(c.Strength)
			if k == Memorial {
				st += "+"
			}
		}
		lock := ""
		if c.Lock {
			lock = "yes"
		}
		target := [...]string{"", "player", "building"}[c.Target]
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s | %s | %s |\n", c.Name, c.Type, c.Count, fp, st, lock, target, c.Text)
	}
	fmt.Fprintf(&b, "\n%d cards: %d armies, %d buildings, %d influence.\n\n", SetSize(), total[Army], total[Building], total[Influence])
	b.WriteString("| Makielon value | Coins |\n|---:|---:|\n")
	n, v := 0, 0
	for _, c := range Coins {
		fmt.Fprintf(&b, "| %d | %d |\n", c.Value, c.Count)
		n += c.Count
		v += c.Value * c.Count
	}
	fmt.Fprintf(&b, "\n%d coins worth %d in all.\n", n, v)
	return b.String()
}
