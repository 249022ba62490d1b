package makiavelia

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// Browser lists the whole card set with each design's count, read from the rules'
// own card table (mak.Cards); hovering a card shows it large with its rules text.
type Browser struct {
	hover mak.Kind
	back  scenes.FocusList
}

// browserBack is the browser's Back button.
var browserBack = scenes.Rect{X: 1060, Y: 650, W: 180, H: 48}

func newBrowser(ctx *game.Context) *Browser {
	b := &Browser{hover: -1}
	b.back.Items = []scenes.Item{{Rect: browserBack, Enabled: true}}
	return b
}

// NewBrowser builds the card browser (registered as "makiavelia/cards").
func NewBrowser(ctx *game.Context) (game.Scene, error) { return newBrowser(ctx), nil }

// BrowserCardRect is where design k is drawn.
func BrowserCardRect(k mak.Kind) scenes.Rect {
	const cols = 9
	i := int(k)
	return scenes.Rect{X: 40 + float64(i%cols)*88, Y: 96 + float64(i/cols)*190, W: 80, H: 112}
}

// Update implements game.Scene.
func (b *Browser) Update(ctx *game.Context) error {
	if ctx.Input.Back() || b.back.Update(ctx) == 0 {
		ctx.Pop()
		return nil
	}
	x, y := ctx.Input.Cursor()
	b.hover = -1
	for k := range mak.Cards {
		if BrowserCardRect(mak.Kind(k)).Contains(x, y) {
			b.hover = mak.Kind(k)
		}
	}
	return nil
}

// Draw implements game.Scene.
func (b *Browser) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	total := [3]int{}
	for k, info := range mak.Cards {
		total[info.Type] += info.Count
		r := BrowserCardRect(mak.Kind(k))
		table.CardShadow(p, r.X, r.Y, r.W, r.H, 0)
		drawCard(p, ctx, mak.Kind(k), r.X, r.Y, r.W, r.H)
		p.Text(fmt.Sprintf("× %d", info.Count), fontName, r.X+r.W/2, r.Y+r.H+6, scenes.Center, scenes.CrimsonDeep)
		if mak.Kind(k) == b.hover {
			table.CardGlow(p, r.X, r.Y, r.W, r.H, 1)
		}
	}
	p.Text(ctx.T("makiavelia.cards.title"), scenes.Font{Style: scenes.FontHeading.Style, Size: 36}, 40, 20, scenes.Left, scenes.Crimson)
	p.Text(ctx.F("makiavelia.cards.total", mak.SetSize(), total[mak.Army], total[mak.Building], total[mak.Influence]), scenes.FontLine, 40, 64, scenes.Left, scenes.InkSoft)
	coins := ""
	for i, c := range mak.Coins {
		if i > 0 {
			coins += " · "
		}
		coins += fmt.Sprintf("%d × %d", c.Count, c.Value)
	}
	p.Text(ctx.F("makiavelia.cards.coins", coins), fontSmall, 40, 672, scenes.Left, scenes.InkSoft)
	panel := scenes.Rect{X: 850, Y: 96, W: 400, H: 540}
	table.DrawPanel(p, panel)
	k := b.hover
	if k < 0 {
		p.Paragraph(ctx.T("makiavelia.cards.hint"), fontItal, panel.X+20, panel.Y+20, panel.W-40, 18, scenes.InkSoft)
	} else {
		table.CardShadow(p, panel.X+80, panel.Y+20, 240, 336, 1)
		drawCard(p, ctx, k, panel.X+80, panel.Y+20, 240, 336)
		p.Paragraph(cardText(ctx, k), fontPanel, panel.X+20, panel.Y+370, panel.W-40, 18, scenes.Ink)
	}
	scenes.DrawButton(p, browserBack, ctx.T("table.help.back"), b.back.Glow(0), true)
}
