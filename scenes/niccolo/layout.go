package niccolo

import (
	"image/color"
	"math"

	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// Where things are on the table, for end-to-end tests that click and look.

// SquareCentre is where a token standing on track square sq is drawn (logical pixels).
func SquareCentre(sq int) (x, y float64) { return squareCentre(sq) }

// TokenRimRadius is how far from a token's centre its family-coloured rim is.
const TokenRimRadius = 19.0

// FamilyColour is family f's colour (a token's rim).
func FamilyColour(f int) color.RGBA { return familyInk[f&3] }

// MarkerColour is the printed colour of a rule marker.
func MarkerColour(c nic.Colour) color.RGBA { return colourInk[c&3] }

// MarkerCentre is where colour c's marker stands when it is on zone z.
func MarkerCentre(c nic.Colour, z nic.Zone) (x, y float64) { return markerSlot(c, float64(z)) }

// HandCardRect is where card i of the hand in view is drawn.
func HandCardRect(i int) scenes.Rect { return handCardRect(i) }

// PlayButtonRect is the "Play …" button shown once a card is chosen.
func PlayButtonRect() scenes.Rect { return playButton }

// ClockwiseButtonRect is Signoria's clockwise button on the board.
func ClockwiseButtonRect() scenes.Rect { return cwButton }

// ZoneCentre is a point inside zone z of the rule circle, away from the markers.
func ZoneCentre(z nic.Zone) (x, y float64) {
	a := zoneAngle(float64(z)) + 0.25
	return circleCX + 0.72*circleR*math.Cos(a), circleCY + 0.72*circleR*math.Sin(a)
}

// PromptOptionRect is where option i of the n options of a moving-phase prompt is.
func PromptOptionRect(i, n int) scenes.Rect {
	pr := table.Prompt{Rect: promptRect, Options: make([]string, n)}
	return pr.OptionRect(i)
}

var promptRect = scenes.Rect{X: 744, Y: 290, W: 496, H: 170}
