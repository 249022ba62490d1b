package machiavelli

import (
	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// helpPages is how many pages the rules help has.
const helpPages = 6

// Help is the illustrated rules help for Machiavelli, both rulesets, in the player's
// language. Each page has a picture of melds drawn with the table's own card faces.
type Help struct {
	page int
	nav  scenes.FocusList
}

func helpNavRect(i int) scenes.Rect {
	return scenes.Rect{X: 150 + float64(i)*200, Y: 630, W: 180, H: 50}
}

func newHelp(ctx *game.Context) *Help {
	h := &Help{}
	for i := 0; i < 3; i++ {
		h.nav.Items = append(h.nav.Items, scenes.Item{Rect: helpNavRect(i), Enabled: true, Column: i})
	}
	h.nav.Columns = true
	h.nav.Focus = 1
	return h
}

// NewHelp builds the help scene (registered as "machiavelli/rules").
func NewHelp(ctx *game.Context) (game.Scene, error) { return newHelp(ctx), nil }

// Update implements game.Scene.
func (h *Help) Update(ctx *game.Context) error {
	if ctx.Input.Back() {
		ctx.Pop()
		return nil
	}
	if ctx.Input.KeyOnce(ebiten.KeyPageDown) || ctx.Input.KeyOnce(ebiten.KeyArrowRight) {
		h.page = min(helpPages-1, h.page+1)
	}
	if ctx.Input.KeyOnce(ebiten.KeyPageUp) || ctx.Input.KeyOnce(ebiten.KeyArrowLeft) {
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

// helpMelds are each page's pictures: rows of melds in arena notation, with a caption
// key per row.
var helpMelds = [helpPages][]struct{ cards, caption string }{
	{{"7H 8H 9H 10H", "machiavelli.help.pic.run"}, {"QS QD QC", "machiavelli.help.pic.set"}},
	{{"5S 6S 7S 8S 9S", "machiavelli.help.pic.before"}, {"5S 6S 7S | 8S 8H 8D | 9S 10S JS", "machiavelli.help.pic.after"}},
	{{"4C * 6C", "machiavelli.help.pic.joker"}, {"9D 9S *", "machiavelli.help.pic.jokerset"}},
	{{"QH KH AH 2H", "machiavelli.help.pic.wrap"}, {"AS 2S 3S", "machiavelli.help.pic.low"}},
	{{"2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "machiavelli.help.pic.long"}, {"KD QD JD", "machiavelli.help.pic.cap"}},
	{{"AH 5S 10D", "machiavelli.help.pic.points"}, {"JC QH KS *", "machiavelli.help.pic.points2"}},
}

// Draw implements game.Scene.
func (h *Help) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	key := "machiavelli.help." + itoa(h.page+1)
	p.Text(ctx.T("machiavelli.help.title"), scenes.Font{Style: assets.FontSmallCaps, Size: 22}, 84, 44, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T(key+".title"), scenes.Font{Style: assets.FontSmallCaps, Size: 38}, 84, 72, scenes.Left, scenes.Crimson)
	p.Paragraph(ctx.T(key+".text"), scenes.Font{Style: assets.FontRegular, Size: 18}, 84, 140, 580, 25, scenes.Ink)
	panel := scenes.Rect{X: 700, Y: 70, W: 510, H: 520}
	table.DrawPanel(p, panel)
	y := panel.Y + 40
	for _, row := range helpMelds[h.page] {
		h.drawRow(p, ctx, row.cards, panel.X+30, y)
		p.Paragraph(ctx.T(row.caption), scenes.Font{Style: assets.FontItalic, Size: 15}, panel.X+30, y+98, panel.W-60, 18, scenes.InkSoft)
		y += 230
	}
	p.Text(ctx.F("machiavelli.help.page", h.page+1, helpPages), scenes.Font{Style: assets.FontItalic, Size: 16}, 955, 600, scenes.Center, scenes.InkSoft)
	labels := []string{ctx.T("machiavelli.help.prev"), ctx.T("machiavelli.help.next"), ctx.T("machiavelli.setup.back")}
	for i, l := range labels {
		scenes.DrawButton(p, helpNavRect(i), l, h.nav.Glow(i), true)
	}
}

// drawRow draws melds written "7H 8H 9H | QS QD QC" with the table's card faces.
func (h *Help) drawRow(p scenes.Painter, ctx *game.Context, notation string, x, y float64) {
	opt := mach.Coppola(4)
	pos, err := mach.ParsePosition(notation, "", "", opt)
	if err != nil {
		return
	}
	const w = 50.0
	for _, m := range pos.Table {
		m = mach.ArrangeMeld(m, opt)
		si := mach.StandIns(m, opt)
		step := min(w*0.5, 420/float64(len(m)+1))
		for i, c := range m {
			var s *mach.StandIn
			if i < len(si) {
				s = si[i]
			}
			drawCard(p, c, x+float64(i)*step, y, w, w*cardAspect, 0, false, s)
		}
		x += w + float64(len(m)-1)*step + 18
	}
}
