package machiavelli

import (
	"principe/assets"
	"principe/game"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// helpPages is how many pages the rules help has.
const helpPages = 6

// NewHelp builds the illustrated rules help for Machiavelli, both rulesets, in the
// player's language (registered as "machiavelli/rules"): each page has a picture of melds
// drawn with the table's own card faces.
func NewHelp(ctx *game.Context) (game.Scene, error) { return newHelp(ctx), nil }

func newHelp(*game.Context) *table.HelpBook {
	return table.NewHelpBook("machiavelli.help", helpPages, drawHelpPicture)
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

// drawHelpPicture draws page's melds and their captions in r.
func drawHelpPicture(p scenes.Painter, ctx *game.Context, page int, r scenes.Rect) {
	y := r.Y + 40
	for _, row := range helpMelds[page] {
		drawHelpRow(p, row.cards, r.X+30, y)
		p.Paragraph(ctx.T(row.caption), scenes.Font{Style: assets.FontItalic, Size: 15}, r.X+30, y+102, r.W-60, 18, scenes.InkSoft)
		y += 230
	}
}

// drawHelpRow draws melds written "7H 8H 9H | QS QD QC" with the table's card faces.
func drawHelpRow(p scenes.Painter, notation string, x, y float64) {
	opt := mach.Coppola(4)
	pos, err := mach.ParsePosition(notation, "", "", opt)
	if err != nil {
		return
	}
	const w = 62.0
	for _, m := range pos.Table {
		m = mach.ArrangeMeld(m, opt)
		si := mach.StandIns(m, opt)
		step := min(w*0.45, 400/float64(len(m)+1))
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
