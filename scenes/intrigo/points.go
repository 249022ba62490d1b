package intrigo

import (
	"image/color"
	"slices"

	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// Where the table's pieces and buttons are, for tests that drive the app with the mouse.

// AdvisorPoint is where advisor id is drawn on a table at rest (tray, queue, post or island).
func AdvisorPoint(tb *ig.Table, id int) (x, y float64) {
	x, y, _ = advisorAt(tb, id)
	return x, y
}

// AdvisorRimRadius is how far from a placed advisor's centre its owner's colour shows
// clearly (between the gilt ring and the edge), at a table of n.
func AdvisorRimRadius(n int) float64 { return 0.81 * postRadius(n) }

// SeatColour is a seat's colour on the table.
func SeatColour(s rules.Seat) color.RGBA { return seatColour(s) }

// ConfirmRect is the action panel's first button (Confirm the presentations, or admit an
// applicant to contest a post).
func ConfirmRect() scenes.Rect { return confirmButton }

// NegotiationButtonRect is the negotiation panel's button i: 0 send / accept / pay the
// counter-price, 1 pass / refuse / decline, 2 counter.
func NegotiationButtonRect(i int) scenes.Rect { return negButton(i) }

// AskRect is the button asking for post (-1: none) among asks, the posts the rules allow
// asking for (sorted, -1 first).
func AskRect(asks []int, post int) scenes.Rect {
	k := slices.Index(asks, post)
	return scenes.Rect{X: actionRect.X + 106 + float64(k)*80, Y: actionRect.Y + negAskY, W: 76, H: 30}
}

// BribePlusRect is the bribe stepper's "+".
func BribePlusRect() scenes.Rect {
	return scenes.Rect{X: actionRect.X + 246, Y: actionRect.Y + negBribeY, W: 34, H: 30}
}

// AddPromiseRect is the button adding a promise of kind k: 0 post, 1 payment, 2 spare,
// 3 words.
func AddPromiseRect(k int) scenes.Rect {
	return scenes.Rect{X: actionRect.X + 106 + float64(k)*104, Y: actionRect.Y + negPromiseY, W: 100, H: 28}
}

// PromptOptionRect is answer i of a prompt with n answers (keep/replace, the next
// conflict, a promised payment).
func PromptOptionRect(i, n int) scenes.Rect {
	pr := make([]string, n)
	return (&table.Prompt{Rect: actionRect, Options: pr}).OptionRect(i)
}
