package niccolo

import (
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// helpPages is how many pages the rules help has.
const helpPages = 6

// newHelp is the illustrated rules help for Niccolò, in the player's language. Each page
// has a small picture drawn with the board's own drawing code.
func newHelp(*game.Context) *table.HelpBook {
	return table.NewHelpBook("niccolo.help", helpPages, func(p scenes.Painter, ctx *game.Context, page int, r scenes.Rect) {
		const side = 440
		p.Image(helpPicture(ctx, page), r.X+(r.W-side)/2, r.Y+(r.H-side)/2, side, side, 1)
	})
}

// NewHelp builds the help scene (registered as "niccolo/rules").
func NewHelp(ctx *game.Context) (game.Scene, error) { return newHelp(ctx), nil }

var (
	helpMu   sync.Mutex
	helpImgs = map[string]*ebiten.Image{}
)

// helpPicture draws page's picture once (per language) with the board's own code: the
// board is drawn at full size into an image, then scaled down.
func helpPicture(ctx *game.Context, page int) *ebiten.Image {
	helpMu.Lock()
	defer helpMu.Unlock()
	key := ctx.Tr().Lang() + itoa(page)
	if img, ok := helpImgs[key]; ok {
		return img
	}
	img := ebiten.NewImage(int(boardSize+40), int(boardSize+40))
	p := scenes.Painter{Dst: img, S: 1}
	var noGlow [nic.NumZones]float64
	// The board is drawn at its table position; shift the picture so it is centred.
	p2 := p
	hover := -1
	switch page {
	case 1:
		hover = int(nic.Fortune)
	}
	drawBoard(p2, ctx.T, ctx.Tr().Lang(), hover, noGlow)
	markers := [4]nic.Zone{nic.Influence, nic.Influence, nic.Influence, nic.Influence}
	squares := [4]int{0, 8, 16, 24}
	switch page {
	case 1: // a card moves a marker
		markers[nic.Red] = nic.Fortune
		drawCard(p, ctx.Tr(), nic.ColouredCard(nic.Red, nic.Fortune), circleCX-46, circleCY+40, 92, 1, 1)
	case 2: // moving: the rule of the square's colour
		markers = [4]nic.Zone{nic.Fortune, nic.Favour, nic.Scandal, nic.Inquisition}
		squares = [4]int{3, 8, 16, 24}
		drawTrack(p, 3, 9, familyInk[0])
	case 3: // refuse or jump
		markers = [4]nic.Zone{nic.Influence, nic.Favour, nic.Influence, nic.Influence}
		squares = [4]int{1, 5, 16, 24} // Dog on blue 1 (Favour +4) lands on 5, taken by the Cannon
		drawTrack(p, 1, 4, familyInk[0])
		ghost(p, 0, 4, "1")
		ghost(p, 0, 6, "2")
	case 4: // Gambado
		markers = [4]nic.Zone{nic.Influence, nic.Fortune, nic.Influence, nic.Influence}
		squares = [4]int{0, 8, 16, 24}
		drawTrack(p, 0, 6, familyInk[0])
		ghost(p, 0, 6, "1")
		drawTrack(p, 6, 12, familyInk[0])
		ghost(p, 0, 12, "2")
	case 5: // winning and turn order
		squares = [4]int{31, 10, 19, 27}
		drawTrack(p, 31, 33, familyInk[0])
	}
	for c := 0; c < 4; c++ {
		x, y := markerSlot(nic.Colour(c), float64(markers[c]))
		drawMarkerAt(p, nic.Colour(c), x, y, 0)
	}
	for f := 0; f < 4; f++ {
		x, y := squareCentre(squares[f])
		drawToken(p, f, x, y, 0, 1)
	}
	helpImgs[key] = img
	return img
}

func ghost(p scenes.Painter, f, sq int, label string) {
	x, y := squareCentre(sq)
	p.Circle(x, y, 20, scenes.Fade(familyInk[f], 0.45))
	p.StrokeCircle(x, y, 20, 2.5, scenes.Crimson)
	drawTokenIcon(p, f, x, y, 10, table.Ivory)
	p.Circle(x+17, y-17, 10, scenes.Crimson)
	p.TextMiddle(label, scenes.Font{Style: "bold", Size: 13}, x+17, y-17, scenes.Center, scenes.Parchment)
}
