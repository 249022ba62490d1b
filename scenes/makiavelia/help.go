package makiavelia

import (
	"principe/game"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// helpPages is how many pages the rules help has.
const helpPages = 6

// newHelp is the illustrated rules help, in the player's language. Each page has a
// picture drawn with the table's own drawing code (card faces, dice, tokens).
func newHelp(*game.Context) *table.HelpBook {
	return table.NewHelpBook("makiavelia.help", helpPages, drawHelpPicture)
}

// NewHelp builds the help scene (registered as "makiavelia/rules").
func NewHelp(ctx *game.Context) (game.Scene, error) { return newHelp(ctx), nil }

// drawHelpPicture draws page's picture in r.
func drawHelpPicture(p scenes.Painter, ctx *game.Context, page int, r scenes.Rect) {
	cx := r.X + r.W/2
	card := func(k mak.Kind, x, y float64) {
		table.CardShadow(p, x, y, 120, 168, 0)
		drawCard(p, ctx, k, x, y, 120, 168)
	}
	switch page {
	case 0: // the three types
		card(mak.Cavalry, r.X+25, r.Y+40)
		card(mak.Wall, r.X+175, r.Y+40)
		card(mak.Propaganda, r.X+325, r.Y+40)
		for i, t := range []mak.Type{mak.Army, mak.Building, mak.Influence} {
			p.Text(typeName(ctx, t), fontName, r.X+85+float64(i)*150, r.Y+220, scenes.Center, typeColour(t))
		}
		drawFirstToken(p, cx-80, r.Y+330, 16)
		p.Text(ctx.T("makiavelia.help.token.first"), fontSmall, cx-80, r.Y+354, scenes.Center, scenes.InkSoft)
		p.Circle(cx+80, r.Y+330, 16, seatColours[1])
		p.Circle(cx+80, r.Y+330, 12, table.Ivory)
		p.Text(ctx.T("makiavelia.help.token.power"), fontSmall, cx+80, r.Y+354, scenes.Center, scenes.InkSoft)
	case 1: // actions: draw, play, attack
		table.DrawPile(p, r.X+40, r.Y+60, 90, 126, 20)
		card(mak.Levy, r.X+175, r.Y+40)
		card(mak.General, r.X+325, r.Y+40)
		p.Text("1 + 1", scenes.FontItem, cx, r.Y+260, scenes.Center, scenes.CrimsonDeep)
	case 2: // attack and dice
		for i, f := range []int{1, 5, 3, 6} {
			drawDie(p, r.X+90+float64(i)*90, r.Y+90, 56, f, false)
		}
		p.Text(ctx.F("makiavelia.dice.hits", 2), scenes.FontItem, cx, r.Y+150, scenes.Center, scenes.CrimsonDeep)
		card(mak.Infantry, r.X+100, r.Y+210)
		drawWounds(p, r.X+100, r.Y+210, 120, 168, 1, 1)
		card(mak.Palace, r.X+250, r.Y+210)
	case 3: // influence and locks
		card(mak.Traitor, r.X+25, r.Y+40)
		card(mak.Poison, r.X+175, r.Y+40)
		card(mak.Sabotage, r.X+325, r.Y+40)
	case 4: // negotiation: power, regimes
		drawJoined(p, mak.Regime{Members: []rules.Seat{0, 2}, Shares: []int{2, 1}}, cx-30, r.Y+90)
		p.Text("7 + 5 = 12", scenes.FontItem, cx, r.Y+130, scenes.Center, scenes.CrimsonDeep)
		card(mak.Coup, r.X+100, r.Y+200)
		card(mak.Hospital, r.X+250, r.Y+200)
	case 5: // coins and the end
		for i, v := range []int{1, 2, 3, 5} {
			drawCoin(p, r.X+110+float64(i)*80, r.Y+110, 28, v, false)
		}
		table.DrawPile(p, cx-45, r.Y+220, 90, 126, 2)
	}
}
