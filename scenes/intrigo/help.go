package intrigo

import (
	"principe/assets"
	"principe/game"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// helpPages is how many pages the rules help has.
const helpPages = 5

// newHelp is the illustrated rules help for Intrigo, in the player's language: the table
// and its advisors, the turn's three stages, the golden rules, the negotiation, and the
// ledger. Each page has a picture drawn with the table's own pieces.
func newHelp(*game.Context) *table.HelpBook {
	return table.NewHelpBook("intrigo.help", helpPages, drawHelpPicture)
}

// NewHelp builds the help scene (registered as "intrigo/rules").
func NewHelp(ctx *game.Context) (game.Scene, error) { return newHelp(ctx), nil }

// drawHelpPicture draws page's picture with the table's pieces, in r.
func drawHelpPicture(p scenes.Painter, ctx *game.Context, page int, r scenes.Rect) {
	switch page {
	case 0: // the four types and their emblems
		for typ := ig.AdvisorType(0); typ < ig.Types; typ++ {
			y := r.Y + 60 + float64(typ)*100
			for s := 0; s < 3; s++ {
				drawAdvisor(p, rules.Seat(s*2), typ, r.X+70+float64(s)*60, y, 24, 0, 1)
			}
			p.TextMiddle(typeName(ctx, typ), scenes.Font{Style: assets.FontBold, Size: 24}, r.X+270, y, scenes.Left, scenes.Ink)
		}
	case 1: // a palace collecting: coins from the bank
		miniPalace(p, ctx, r.X+40, r.Y+40, []int{0*8 + 2, -1, 3*8 + 4, -1}, 1)
		drawBank(p, r.X+120, r.Y+400)
		for i := 0; i < 4; i++ {
			drawCoin(p, r.X+170+float64(i)*50, r.Y+360-float64(i)*40, 8, 1)
		}
		p.Text(ctx.T("intrigo.help.2.caption"), fontItal, r.X+r.W/2, r.Y+r.H-40, scenes.Center, scenes.InkSoft)
	case 2: // the golden rules
		miniPalace(p, ctx, r.X+40, r.Y+30, []int{0*8 + 6, 3*8 + 2, -1, -1}, 2)
		drawAdvisor(p, 0, ig.Religious, r.X+120, r.Y+250, 18, 0, 1)
		drawAdvisor(p, 4, ig.Religious, r.X+160, r.Y+250, 18, 0, 1)
		p.StrokeRoundRect(r.X+92, r.Y+226, 96, 48, 8, 2, scenes.Crimson)
		p.Text(ctx.T("intrigo.palace.conflict"), fontSmall, r.X+96, r.Y+278, scenes.Left, scenes.Crimson)
		drawAdvisor(p, 1, ig.Writer, r.X+300, r.Y+250, 18, 0, 1)
		p.StrokeRoundRect(r.X+272, r.Y+226, 56, 48, 8, 2, scenes.Crimson)
		p.Text(ctx.T("intrigo.palace.contests"), fontSmall, r.X+276, r.Y+278, scenes.Left, scenes.Crimson)
		p.Paragraph(ctx.T("intrigo.help.3.caption"), fontItal, r.X+30, r.Y+330, r.W-60, 18, scenes.InkSoft)
	case 3: // the negotiation
		y := r.Y + 40
		for i, s := range []rules.Seat{3, 4, 0} {
			p.RoundRect(r.X+30+float64(i)*140, y, 130, 26, 13, table.Fade(scenes.GoldLight, 0.8-0.25*float64(i)))
			p.Circle(r.X+44+float64(i)*140, y+13, 7, seatColour(s))
			p.Text(seatName(ctx, s), fontSmall, r.X+56+float64(i)*140, y+5, scenes.Left, scenes.Ink)
		}
		tb := &ig.NewGame(ig.Options{Players: 5}, 1).Table
		m := ig.Move{Kind: ig.Offer, Post: 2, Bribe: 3000, Promises: []ig.Terms{{Kind: ig.PromisePost, Post: 1}}}
		p.Paragraph(offerSentence(ctx, tb, 0, 1, m), scenes.Font{Style: assets.FontItalic, Size: 18}, r.X+30, y+60, r.W-60, 24, scenes.CrimsonDeep)
		p.Text(ctx.F("intrigo.neg.arrow", ducats(ctx, 3000), ducats(ctx, 5000)), scenes.Font{Style: assets.FontBold, Size: 26}, r.X+r.W/2, y+200, scenes.Center, scenes.Crimson)
		for i := 0; i < 3; i++ {
			drawCoin(p, r.X+140+float64(i)*90, y+280-20*float64(i%2), 9, 1)
		}
		p.Paragraph(ctx.T("intrigo.help.4.caption"), fontItal, r.X+30, y+330, r.W-60, 18, scenes.InkSoft)
	case 4: // the ledger
		y := r.Y + 40
		for i, st := range []ig.Status{ig.Kept, ig.Broken, ig.Pending} {
			c := scenes.InkSoft
			switch st {
			case ig.Kept:
				c = color3(0x2f, 0x70, 0x3a)
			case ig.Broken:
				c = scenes.Crimson
			}
			yy := y + float64(i)*70
			p.Circle(r.X+40, yy+10, 7, seatColour(rules.Seat(i+1)))
			p.StrokeCircle(r.X+40, yy+10, 7, 1, scenes.Ink)
			p.Paragraph(ctx.T(helpExamples[i]), fontBody, r.X+58, yy, r.W-170, 18, scenes.Ink)
			p.Text(ctx.T("intrigo.status."+string(st)), fontBold, r.X+r.W-24, yy+2, scenes.Right, c)
		}
		p.Paragraph(ctx.T("intrigo.help.5.caption"), fontItal, r.X+30, y+260, r.W-60, 18, scenes.InkSoft)
	}
}

// miniPalace draws a small palace with advisors (by identity, -1 free) on its posts.
func miniPalace(p scenes.Painter, ctx *game.Context, x, y float64, posts []int, owner rules.Seat) {
	r := scenes.Rect{X: x, Y: y, W: 390, H: 170}
	drawPalaceFront(p, r, owner, false)
	p.Text(seatName(ctx, owner), fontName, r.X+10, r.Y+8, scenes.Left, inkOn(owner))
	w := (r.W - 20) / 4
	for i, id := range posts {
		px := r.X + 10 + float64(i)*w
		p.RoundRect(px+2, r.Y+50, w-4, 110, 8, scenes.Fade(scenes.ParchmentDark, 0.55))
		p.Text(ducats(ctx, ig.PostValue[i]), scenes.Font{Style: assets.FontBold, Size: 14}, px+w/2, r.Y+136, scenes.Center, scenes.InkSoft)
		if id >= 0 {
			drawAdvisor(p, rules.Seat(id/8), ig.AdvisorType(id%8/2), px+w/2, r.Y+96, 24, 0, 1)
		}
	}
}

var helpExamples = []string{"intrigo.help.5.example1", "intrigo.help.5.example2", "intrigo.help.5.example3"}
