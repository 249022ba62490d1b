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

// Help is the illustrated rules help for Niccolò, in the player's language. Each page has
// a small picture drawn with the board's own drawing code.
type Help struct {
	page int
	nav  scenes.FocusList
}

// HelpNavRect is where the help's buttons are: 0 previous, 1 next, 2 back.
func HelpNavRect(i int) scenes.Rect {
	return scenes.Rect{X: 150 + float64(i)*200, Y: 620, W: 180, H: 50}
}

func newHelp(ctx *game.Context) *Help {
	h := &Help{}
	for i := 0; i < 3; i++ {
		h.nav.Items = append(h.nav.Items, scenes.Item{Rect: HelpNavRect(i), Enabled: true, Column: i})
	}
	h.nav.Columns = true
	h.nav.Focus = 1
	return h
}

// NewHelp builds the help scene (registered as "niccolo/rules").
func NewHelp(ctx *game.Context) (game.Scene, error) { return newHelp(ctx), nil }

// Update implements game.Scene.
func (h *Help) Update(ctx *game.Context) error {
	if ctx.Input.Back() {
		ctx.Pop()
		return nil
	}
	if ctx.Input.Key(ebiten.KeyPageDown) {
		h.page = min(helpPages-1, h.page+1)
	}
	if ctx.Input.Key(ebiten.KeyPageUp) {
		h.page = max(0, h.page-1)
	}
	switch h.nav.Update(ctx) {
	case 0:
		h.page = max(0, h.page-1)
	case 1:
		h.page = min(helpPages-1, h.page+1)
	case 2:
		ctx.Pop()
	}
	return nil
}

// Draw implements game.Scene.
func (h *Help) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	key := "niccolo.help." + itoa(h.page+1)
	p.Text(ctx.T("niccolo.help.title"), scenes.Font{Style: "smallcaps", Size: 22}, 84, 48, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T(key+".title"), scenes.Font{Style: "smallcaps", Size: 40}, 84, 78, scenes.Left, scenes.Crimson)
	p.Paragraph(ctx.T(key+".text"), scenes.Font{Style: "regular", Size: 19}, 84, 150, 600, 27, scenes.Ink)
	img := helpPicture(ctx, h.page)
	table.DrawPanel(p, scenes.Rect{X: 740, Y: 70, W: 470, H: 470})
	p.Image(img, 755, 85, 440, 440, 1)
	p.Text(ctx.F("niccolo.help.page", h.page+1, helpPages), scenes.Font{Style: "italic", Size: 16}, 975, 560, scenes.Center, scenes.InkSoft)
	labels := []string{ctx.T("niccolo.help.prev"), ctx.T("niccolo.help.next"), ctx.T("niccolo.setup.back")}
	for i, l := range labels {
		scenes.DrawButton(p, HelpNavRect(i), l, h.nav.Glow(i), true)
	}
}

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
