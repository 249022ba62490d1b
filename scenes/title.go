package scenes

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
)

// Title is the title scene: the name, the four games with a line each, and the menu (Continue, History,
// Rules, Settings, Quit). A game that is not registered with game.RegisterGame yet is shown, disabled, as being in
// preparation; Continue is disabled until autosave.json holds a game that can be resumed.
type Title struct {
	head    Sprite
	entries [titleEntries]GlowSprite
	menu    FocusList
	intro   Tween
	resume  game.GameInfo
	canRes  bool
	save    []byte
}

// Title menu entries after the four games, in order.
const (
	titleContinue = iota + 4
	titleHistory
	titleRules
	titleSettings
	titleQuit
	titleEntries
)

var titleMenuKeys = map[int]string{titleContinue: "menu.continue", titleHistory: "menu.history", titleRules: "menu.rules", titleSettings: "menu.settings", titleQuit: "menu.quit"}

// TitleEntryRect returns where title menu entry i (0–3 the games in game.GameOrder, then Continue, History,
// Rules, Settings, Quit) is drawn, in logical pixels. End-to-end tests click these.
func TitleEntryRect(i int) Rect {
	if i < 4 {
		return Rect{X: 84, Y: 262 + float64(i)*92, W: 720, H: 84}
	}
	return Rect{X: 852, Y: 262 + float64(i-4)*76, W: 344, H: 66}
}

// Title menu entry indexes, for tests and other scenes.
const (
	TitleContinue = titleContinue
	TitleHistory  = titleHistory
	TitleRules    = titleRules
	TitleSettings = titleSettings
	TitleQuit     = titleQuit
)

// NewTitle builds the title scene.
func NewTitle(ctx *game.Context) (game.Scene, error) {
	prepareParchment()
	t := &Title{menu: FocusList{Columns: true, Wrap: true}}
	t.intro = NewTween(0, 1, ctx.Frames(0.4), EaseOutCubic)
	t.refresh(ctx)
	t.menu.Focus = -1
	return t, nil
}

// refresh re-reads which entries are enabled (games registered, autosave present).
func (t *Title) refresh(ctx *game.Context) {
	t.resume, t.save, t.canRes = game.ResumableGame(ctx.Store)
	t.menu.Items = t.menu.Items[:0]
	for i := range titleEntries {
		it := Item{Rect: TitleEntryRect(i), Enabled: true}
		if i < 4 {
			_, it.Enabled = game.LookupGame(game.GameOrder[i])
		} else {
			it.Column = 1
		}
		if i == titleContinue {
			it.Enabled = t.canRes
		}
		t.menu.Items = append(t.menu.Items, it)
	}
}

// Enter implements game.Entered.
func (t *Title) Enter(ctx *game.Context) {
	t.refresh(ctx)
	ctx.Audio.SetMusic(true)
}

// Update implements game.Scene.
func (t *Title) Update(ctx *game.Context) error {
	t.intro.Step()
	if ctx.Input.Back() {
		if t.menu.Focus != titleQuit {
			t.menu.Focus = titleQuit
			ctx.Audio.Play(game.SoundHover)
		}
		return nil
	}
	switch i := t.menu.Update(ctx); {
	case i < 0:
	case i < 4:
		g, _ := game.LookupGame(game.GameOrder[i])
		s, err := g.Setup(ctx)
		if err != nil {
			return err
		}
		ctx.Push(s)
	case i == titleContinue:
		s, err := t.resume.Resume(ctx, t.save)
		if err != nil {
			ctx.Notice(ctx.F("notice.resume_failed", err))
			return nil
		}
		ctx.Push(s)
	case i == titleHistory:
		return ctx.Open("history")
	case i == titleRules:
		return ctx.Open("rules")
	case i == titleSettings:
		return ctx.Open("settings")
	case i == titleQuit:
		ctx.Quit()
	}
	return nil
}

// Draw implements game.Scene.
func (t *Title) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := NewPainter(screen, ctx)
	DrawBackdrop(p)
	in := t.intro.Value()
	lang := ctx.Tr().Lang()
	t.head.Draw(p, Rect{40, 30, 1200, 216}, lang, in, 0, 0, func(q Painter) { drawTitleHead(q, ctx) })
	const cx = game.LogicalWidth / 2
	p.Text(ctx.T("menu.hint"), FontSmall, cx, 640, Center, Fade(InkSoft, in))
	p.Text(ctx.F("app.version", ctx.Version), Font{FontSmall.Style, 13}, game.LogicalWidth-56, 646, Right, Fade(InkFaded, in))
	slide := (1 - in) * 30
	for i := range titleEntries {
		r := TitleEntryRect(i)
		enabled := t.menu.Items[i].Enabled
		key := fmt.Sprint(lang, enabled, t.canRes, t.resume.ID)
		t.entries[i].Draw(p, r, key, t.menu.Glow(i), in, 0, slide, func(q Painter, glow float64) {
			if i < 4 {
				drawGameEntry(q, ctx, i, r, enabled, glow)
			} else {
				t.drawMenuEntry(q, ctx, i, r, enabled, glow)
			}
		})
	}
}

// drawTitleHead draws the still head of the title scene: the name with its lilies, the subtitle, a divider.
func drawTitleHead(p Painter, ctx *game.Context) {
	const cx = game.LogicalWidth / 2
	// The name, as an inscription: gold shadow under crimson small capitals, a lily either side.
	title := ctx.T("app.title")
	const y = 42
	p.Spaced(title, FontTitle, cx+3, y+3, 10, Fade(GoldDeep, 0.55))
	p.Spaced(title, FontTitle, cx, y, 10, Crimson)
	half := FontTitle.SpacedWidth(title, 10)/2 + 52
	DrawLily(p, cx-half, y+66, 74, Gold)
	DrawLily(p, cx+half, y+66, 74, Gold)
	p.Text(ctx.T("app.subtitle"), Font{FontLine.Style, 26}, cx, 176, Center, InkSoft)
	DrawDivider(p, cx, 232, 620, GoldDeep)
}

func drawGameEntry(p Painter, ctx *game.Context, i int, r Rect, enabled bool, g float64) {
	const alpha = 1.0
	id := game.GameOrder[i]
	if enabled {
		p.RoundRect(r.X, r.Y, r.W, r.H, 12, Fade(Mix(Parchment, GoldLight, 0.35), alpha*(0.45+0.55*g)))
		p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 12, 1+1.5*g, Fade(Mix(GoldDeep, Crimson, g), alpha))
	} else {
		p.RoundRect(r.X, r.Y, r.W, r.H, 12, Fade(ParchmentDark, alpha*0.35))
		p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 12, 1, Fade(GoldDeep, alpha*0.45))
	}
	DrawEmblem(p, id, r.X+50, r.Y+r.H/2, !enabled)
	nameC, lineC := Ink, InkSoft
	if !enabled {
		nameC, lineC = Mix(Ink, InkFaded, 0.45), Mix(InkSoft, InkFaded, 0.5)
	}
	name := ctx.T("game." + id + ".name")
	p.Text(name, Font{FontItem.Style, 30}, r.X+100, r.Y+12, Left, Fade(Mix(nameC, Crimson, g), alpha))
	p.Text(ctx.T("game."+id+".line"), fitFont(ctx.T("game."+id+".line"), FontLine, r.W-116), r.X+100, r.Y+52, Left, Fade(lineC, alpha))
	if !enabled {
		tag := ctx.T("game.unavailable")
		w := FontSmall.Width(tag) + 24
		x := r.X + r.W - w - 14
		p.RoundRect(x, r.Y+14, w, 26, 13, Fade(Parchment, alpha*0.7))
		p.StrokeRoundRect(x, r.Y+14, w, 26, 13, 1.2, Fade(Crimson, alpha*0.8))
		p.TextMiddle(tag, Font{FontLine.Style, 15}, x+w/2, r.Y+27, Center, Fade(Crimson, alpha*0.9))
	}
}

func (t *Title) drawMenuEntry(p Painter, ctx *game.Context, i int, r Rect, enabled bool, g float64) {
	const alpha = 1.0
	fill := Mix(Fade(Parchment, 0.75), Crimson, g)
	edge := Mix(GoldDeep, Gold, g)
	labelC, lineC := Mix(Ink, GoldLight, g), Mix(InkSoft, Parchment, g)
	if !enabled {
		fill, edge, labelC, lineC = Fade(ParchmentDark, 0.45), Fade(InkFaded, 0.6), InkFaded, InkFaded
	}
	p.RoundRect(r.X, r.Y, r.W, r.H, 12, Fade(fill, alpha))
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 12, 1.5+g, Fade(edge, alpha))
	if g > 0.01 {
		DrawLozenge(p, r.X+22, r.Y+r.H/2, 7, Fade(GoldLight, g*alpha), Fade(CrimsonDeep, g*alpha))
	}
	line := ""
	switch i {
	case titleContinue:
		line = ctx.T("menu.continue.none")
		if t.canRes {
			line = ctx.F("menu.continue.game", ctx.T("game."+t.resume.ID+".name"))
		}
	case titleHistory:
		line = ctx.T("menu.history.line")
	case titleRules:
		line = ctx.T("menu.rules.line")
	case titleSettings:
		line = ctx.T("menu.settings.line")
	case titleQuit:
		line = ctx.T("menu.quit.line")
	}
	cx := r.X + r.W/2
	p.Text(ctx.T(titleMenuKeys[i]), FontItem, cx, r.Y+5, Center, Fade(labelC, alpha))
	p.Text(line, Font{FontLine.Style, 15}, cx, r.Y+40, Center, Fade(lineC, alpha))
}

func init() {
	game.RegisterScene("title", NewTitle)
}

// fitFont returns f, made smaller if need be (down to 70%) so that s fits in width.
func fitFont(s string, f Font, width float64) Font {
	for f.Width(s) > width && f.Size > 11 {
		f.Size -= 0.5
	}
	return f
}
