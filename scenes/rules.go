package scenes

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
)

// Rules is the rules-help scene: a short summary of each game in the current language; choosing a game
// again opens its own illustrated rules pages (the scene "<game>/rules", where the game registers one).
type Rules struct {
	heading   Sprite
	tabs      [4]GlowSprite
	back      GlowSprite
	page      Sprite
	pageFrame Sprite
	list      FocusList
	selected  int
}

// RulesEntryRect returns where entry i (0–3 the games, 4 Back) is drawn.
func RulesEntryRect(i int) Rect {
	if i == 4 {
		return Rect{X: 84, Y: 560, W: 300, H: 58}
	}
	return Rect{X: 84, Y: 196 + float64(i)*84, W: 300, H: 72}
}

// NewRules builds the rules scene.
func NewRules(ctx *game.Context) (game.Scene, error) {
	prepareParchment()
	r := &Rules{list: FocusList{Wrap: true}}
	for i := range 5 {
		r.list.Items = append(r.list.Items, Item{Rect: RulesEntryRect(i), Enabled: true})
	}
	r.list.Focus = 0
	return r, nil
}

// Update implements game.Scene.
func (r *Rules) Update(ctx *game.Context) error {
	if ctx.Input.Back() {
		ctx.Audio.Play(game.SoundClick)
		ctx.Pop()
		return nil
	}
	a := r.list.Update(ctx)
	if a == 4 {
		ctx.Pop()
		return nil
	}
	if a >= 0 && a < 4 && a == r.selected && hasScene(game.GameOrder[a]+"/rules") {
		ctx.Audio.Play(game.SoundClick)
		_ = ctx.Open(game.GameOrder[a] + "/rules")
		return nil
	}
	if f := r.list.Focus; f >= 0 && f < 4 {
		r.selected = f
	}
	return nil
}

// The page where the selected game's summary is shown.
const rulesPX, rulesPY, rulesPW, rulesPH = 420.0, 196.0, 776.0, 422.0

// Draw implements game.Scene.
func (r *Rules) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := NewPainter(screen, ctx)
	DrawBackdrop(p)
	lang := ctx.Tr().Lang()
	r.heading.Draw(p, headingRect, lang, 1, 0, 0, func(q Painter) { drawHeading(q, ctx.T("rules.title")) })
	p.Text(ctx.T("rules.pages_note"), FontLine, game.LogicalWidth/2, 146, Center, InkSoft)
	p.Text(ctx.T("rules.hint"), FontSmall, game.LogicalWidth/2, 640, Center, InkSoft)
	for i := range game.GameOrder {
		e := RulesEntryRect(i)
		sel := i == r.selected
		r.tabs[i].Draw(p, e, fmt.Sprint(lang, sel), r.list.Glow(i), 1, 0, 0, func(q Painter, g float64) {
			drawRulesTab(q, ctx, i, e, sel, g)
		})
	}
	back := RulesEntryRect(4)
	r.back.Draw(p, back, lang, r.list.Glow(4), 1, 0, 0, func(q Painter, g float64) {
		DrawButton(q, back, ctx.T("rules.back"), g, true)
	})
	page := Rect{rulesPX, rulesPY, rulesPW, rulesPH}
	r.pageFrame.Draw(p, page, "frame", 1, 0, 0, func(q Painter) {
		const px, py, pw, ph = rulesPX, rulesPY, rulesPW, rulesPH
		q.RoundRect(px, py, pw, ph, 16, Fade(Parchment, 0.7))
		q.StrokeRoundRect(px, py, pw, ph, 16, 1.5, GoldDeep)
		q.StrokeRoundRect(px+6, py+6, pw-12, ph-12, 12, 0.8, Fade(Gold, 0.8))
	})
	r.page.Sharp = true
	r.page.Draw(p, page, fmt.Sprint(lang, r.selected), 1, 0, 0, func(q Painter) {
		drawRulesPage(q, ctx, game.GameOrder[r.selected])
	})
}

func drawRulesTab(p Painter, ctx *game.Context, i int, e Rect, sel bool, g float64) {
	id := game.GameOrder[i]
	fill := Fade(Parchment, 0.6)
	if sel {
		fill = Mix(Parchment, GoldLight, 0.45)
	}
	p.RoundRect(e.X, e.Y, e.W, e.H, 12, fill)
	p.StrokeRoundRect(e.X, e.Y, e.W, e.H, 12, 1.2+1.5*g, Mix(GoldDeep, Crimson, g))
	DrawEmblem(p, id, e.X+44, e.Y+e.H/2, !sel)
	c := InkSoft
	if sel {
		c = CrimsonDeep
	}
	p.TextMiddle(ctx.T("game."+id+".name"), FontItem, e.X+90, e.Y+e.H/2, Left, c)
}

func drawRulesPage(p Painter, ctx *game.Context, id string) {
	const px, py, pw = rulesPX, rulesPY, rulesPW
	p.Text(ctx.T("game."+id+".name"), Font{FontHeading.Style, 36}, px+36, py+22, Left, Crimson)
	p.Text(ctx.T("game."+id+".line"), FontLine, px+36, py+70, Left, InkSoft)
	y := py + 108
	body := Font{FontBody.Style, 18}
	for _, para := range splitLines(ctx.T("rules." + id)) {
		p.Rect(px+41, y+9, 6, 6, Crimson) // a small square bullet: the page is drawn sharp, not supersampled
		y += p.Paragraph(para, body, px+60, y, pw-100, 25, Ink) + 8
	}
}

// hasScene reports whether a scene of that name is registered.
func hasScene(name string) bool {
	for _, n := range game.SceneNames() {
		if n == name {
			return true
		}
	}
	return false
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := range len(s) {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func init() {
	game.RegisterScene("rules", NewRules)
}
