package play

import "principe/rules"

// Privacy decides, in a hot-seat game, when the screen must be covered before a hand is
// shown: whenever the next seat to act is a human other than the one whose hand is in
// view. With one human at the table nothing is ever covered.
type Privacy struct {
	humans []bool
	shown  rules.Seat
}

// NewPrivacy starts with no hand in view; humans[i] says whether seat i is a human here.
func NewPrivacy(humans []bool) *Privacy {
	return &Privacy{humans: append([]bool(nil), humans...), shown: rules.NoSeat}
}

// HumanCount is how many human seats there are.
func (p *Privacy) HumanCount() int {
	n := 0
	for _, h := range p.humans {
		if h {
			n++
		}
	}
	return n
}

// Shown is the seat whose hand is in view (NoSeat for none).
func (p *Privacy) Shown() rules.Seat { return p.shown }

// SoleHuman returns the only human seat, if there is exactly one.
func (p *Privacy) SoleHuman() (rules.Seat, bool) {
	if p.HumanCount() != 1 {
		return rules.NoSeat, false
	}
	for i, h := range p.humans {
		if h {
			return rules.Seat(i), true
		}
	}
	return rules.NoSeat, false
}

// NeedsCover reports whether a privacy screen must cover the table before seat next's
// hand is shown.
func (p *Privacy) NeedsCover(next rules.Seat) bool {
	if next < 0 || int(next) >= len(p.humans) || !p.humans[next] {
		return false
	}
	return p.HumanCount() > 1 && next != p.shown
}

// Reveal records that seat's hand is now in view (the player clicked "ready", or
// no cover was needed).
func (p *Privacy) Reveal(seat rules.Seat) { p.shown = seat }

// Hide records that no hand is in view (the privacy screen is up).
func (p *Privacy) Hide() { p.shown = rules.NoSeat }
