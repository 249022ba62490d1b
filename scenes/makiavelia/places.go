package makiavelia

import (
	"image/color"

	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// Where things are on the table, for the end-to-end tests that click them and read the
// screen (the same layout functions the table draws with).

// SetupPlayersSegment is the setup's button for n players (3–8).
func SetupPlayersSegment(n int) scenes.Rect {
	return table.Segment(SetupPlayersRect, MaxPlayers-MinPlayers+1, n-MinPlayers)
}

// ReserveCardRect is where card i of a Reserve of n cards is drawn.
func ReserveCardRect(i, n int) scenes.Rect { return reserveRects(n)[i] }

// layoutFor is a table laid out for viewer at a table of players seats.
func layoutFor(viewer rules.Seat, players int) *Table {
	return &Table{viewer: viewer, obs: &mak.Observation{Players: players}}
}

// SeatPanelRect is where seat's panel is when viewer's seat is in view.
func SeatPanelRect(viewer, seat rules.Seat, players int) scenes.Rect {
	return layoutFor(viewer, players).SeatRect(seat)
}

// CityCardRects are where the count cards of seat's City are drawn when viewer's seat is
// in view.
func CityCardRects(viewer, seat rules.Seat, players, count int) []scenes.Rect {
	return layoutFor(viewer, players).cityRects(seat, count)
}

// PickRect is where choice i of n is drawn when a card is taken (Bribery, Spy).
func PickRect(i, n int) scenes.Rect { return pickRect(i, n) }

// TypeColour is the border colour of a card of design k.
func TypeColour(k mak.Kind) color.RGBA { return typeColour(mak.Cards[k].Type) }
