package makiavelia

import "principe/rules"

// This file holds read-only helpers for the table scene: what the screen shows of a
// state (actions left, firepower, a card's strength now, power as a sum of terms) is
// computed here, by the rules, so the scene never re-implements a rule. The scene calls
// them on a state sampled from its seat's observation (Observation.Sample), which holds
// everything they read.

// ActionsLeft is what the active player may still do this turn: basic actions (any two
// different ones, fewer under Poison) and the additional ones its cards grant.
type ActionsLeft struct {
	Basic                       int  // basic actions left (each type at most once)
	Draws, Plays, Attacks       int  // additional actions left, by type (Library, Factory, General)
	CanDraw, CanPlay, CanAttack bool // whether each type is possible now
	Poisons                     int  // Poison cards on the active player
}

// TurnActions reports the active player's actions left this turn.
func (s *State) TurnActions() ActionsLeft {
	if s.step != StepTurn {
		return ActionsLeft{}
	}
	a := ActionsLeft{
		Basic:   max(0, s.basicAllowed()-s.basicsUsed()),
		Draws:   max(0, s.countIn(s.t.Seat, Library, true)-s.t.ExtraDraws),
		Plays:   max(0, s.countIn(s.t.Seat, Factory, true)-s.t.ExtraPlays),
		Attacks: max(0, s.countIn(s.t.Seat, General, true)-s.t.ExtraAttacks),
		CanDraw: s.canDraw(), CanPlay: s.canPlay(), CanAttack: s.canAttack(),
		Poisons: s.poisons(s.t.Seat),
	}
	return a
}

// Firepower is the number of battle dice seat rolls when it attacks.
func (s *State) Firepower(seat rules.Seat) int {
	if !s.validSeat(seat) {
		return 0
	}
	return s.firepower(seat)
}

// StrengthNow is the strength of a card in play now (a Memorial counts the armies in
// its owner's Cemetery); 0 for a card not in play or an influence card.
func (s *State) StrengthNow(c CardID) int {
	owner, j := s.findPlaced(c)
	if owner == rules.NoSeat || Cards[KindOf(c)].Type == Influence {
		return 0
	}
	return s.strength(s.p[owner].City[j])
}

// PowerTerm is one term of a player's power: the strengths in its City, or one
// modifier card (Coup, Propaganda, Beggar) with what it added or took.
type PowerTerm struct {
	Card  CardID // -1 for the City's strengths
	Kind  Kind   // the modifier's design (meaningless when Card is -1)
	Value int    // what the term adds (negative: a Coup took power away)
	From  rules.Seat
}

// PowerTerms is each seat's power as the sum of its terms, in the order they apply
// (the City's strengths, then Coup, Propaganda and Beggar in the order they were
// played). The sums are the power the negotiation uses.
func (s *State) PowerTerms() [][]PowerTerm {
	power := make([]int, s.n)
	terms := make([][]PowerTerm, s.n)
	var mods []Placed
	for i := range s.p {
		for _, pl := range s.p[i].City {
			switch KindOf(pl.Card) {
			case Coup, Propaganda, Beggar:
				mods = append(mods, pl)
			}
			if Cards[KindOf(pl.Card)].Type != Influence {
				power[i] += s.strength(pl)
			}
		}
		terms[i] = append(terms[i], PowerTerm{Card: -1, Value: power[i], From: rules.NoSeat})
	}
	sortByOrder(mods)
	for _, pl := range mods {
		k := KindOf(pl.Card)
		switch k {
		case Coup:
			target, _ := s.findPlaced(pl.Card)
			amt := 1
			for _, x := range s.p[pl.By].City {
				if Cards[KindOf(x.Card)].Type == Army {
					amt++
				}
			}
			amt = min(amt, power[target])
			power[target] -= amt
			power[pl.By] += amt
			terms[target] = append(terms[target], PowerTerm{Card: pl.Card, Kind: k, Value: -amt, From: pl.By})
			terms[pl.By] = append(terms[pl.By], PowerTerm{Card: pl.Card, Kind: k, Value: amt, From: pl.By})
		case Propaganda:
			v := 2 * s.propagandaBuildings(pl.By)
			power[pl.By] += v
			terms[pl.By] = append(terms[pl.By], PowerTerm{Card: pl.Card, Kind: k, Value: v, From: pl.By})
		case Beggar:
			v := 0
			for i := range s.p {
				if rules.Seat(i) != pl.By && len(s.p[i].Coins) > len(s.p[pl.By].Coins) {
					v += 2
				}
			}
			power[pl.By] += v
			terms[pl.By] = append(terms[pl.By], PowerTerm{Card: pl.Card, Kind: k, Value: v, From: pl.By})
		}
	}
	return terms
}

func sortByOrder(ps []Placed) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && ps[j].Order < ps[j-1].Order; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

// StarFaces is how many faces of the battle die (of six) carry a star: a die hits with
// probability StarFaces/6.
const StarFaces = 3
