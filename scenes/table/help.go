package table

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/scenes"
)

// HelpBook is a game's illustrated rules help: pages of text in the player's language,
// each beside a picture the game draws with its own pieces. The words are translation
// keys under Prefix: Prefix+".title" (the book), Prefix+".<n>.title" and
// Prefix+".<n>.text" (page n, from 1).
type HelpBook struct {
	Prefix  string
	Pages   int
	Picture func(p scenes.Painter, ctx *game.Context, page int, r scenes.Rect) // page from 0
	page    int
	nav     scenes.FocusList
}

// HelpPicture is where a page's picture is drawn.
var HelpPicture = scenes.Rect{X: 700, Y: 70, W: 510, H: 520}

// HelpNavRect is where the help's buttons are: 0 previous, 1 next, 2 back.
func HelpNavRect(i int) scenes.Rect {
	return scenes.Rect{X: 150 + float64(i)*200, Y: 630, W: 180, H: 50}
}

// NewHelpBook builds a help scene of pages pages.
func NewHelpBook(prefix string, pages int, picture func(p scenes.Painter, ctx *game.Context, page int, r scenes.Rect)) *HelpBook {
	h := &HelpBook{Prefix: prefix, Pages: pages, Picture: picture}
	for i := 0; i < 3; i++ {
		h.nav.Items = append(h.nav.Items, scenes.Item{Rect: HelpNavRect(i), Enabled: true, Column: i})
	}
	h.nav.Columns = true
	h.nav.Focus = 1
	return h
}

// Page is the page shown, from 0.
func (h *HelpBook) Page() int { return h.page }

// Update implements game.Scene: arrows and Page Up/Down turn the pages, Esc goes back.
func (h *HelpBook) Update(ctx *game.Context) error {
	if ctx.Input.Back() {
		ctx.Pop()
		return nil
	}
	if ctx.Input.KeyOnce(ebiten.KeyPageDown) || ctx.Input.KeyOnce(ebiten.KeyArrowRight) {
		h.page = min(h.Pages-1, h.page+1)
	}
	if ctx.Input.KeyOnce(ebiten.KeyPageUp) || ctx.Input.KeyOnce(ebiten.KeyArrowLeft) {
		h.page = max(0, h.page-1)
	}
	switch h.nav.Update(ctx) {
	case 0:
		h.page = max(0, h.page-1)
	case 1:
		h.page = min(h.Pages-1, h.page+1)
	case 2:
		ctx.Pop()
	}
	return nil
}

// Draw implements game.Scene.
func (h *HelpBook) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	key := h.Prefix + "." + strconv.Itoa(h.page+1)
	p.Text(ctx.T(h.Prefix+".title"), scenes.Font{Style: assets.FontSmallCaps, Size: 22}, 84, 44, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T(key+".title"), scenes.Font{Style: assets.FontSmallCaps, Size: 38}, 84, 72, scenes.Left, scenes.Crimson)
	p.Paragraph(ctx.T(key+".text"), scenes.Font{Style: assets.FontRegular, Size: 18}, 84, 140, 580, 25, scenes.Ink)
	DrawPanel(p, HelpPicture)
	if h.Picture != nil {
		h.Picture(p, ctx, h.page, HelpPicture)
	}
	p.Text(ctx.F("table.help.page", h.page+1, h.Pages), scenes.Font{Style: assets.FontItalic, Size: 16}, HelpPicture.X+HelpPicture.W/2, HelpPicture.Y+HelpPicture.H+10, scenes.Center, scenes.InkSoft)
	labels := []string{"table.help.prev", "table.help.next", "table.help.back"}
	for i, k := range labels {
		enabled := (i != 0 || h.page > 0) && (i != 1 || h.page < h.Pages-1)
		scenes.DrawButton(p, HelpNavRect(i), ctx.T(k), h.nav.Glow(i), enabled)
	}
}
