package scenes

import (
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
)

// Settings is the settings scene: music and effects volume, sound on/off, fullscreen, language and animation
// speed. Every change applies at once and is saved (atomically) to settings.json.
type Settings struct {
	heading    Sprite
	panel      Sprite
	bands      [SettingsBack]Sprite
	back       GlowSprite
	rows       FocusList
	music      Slider
	effects    Slider
	sound      Toggle
	fullscreen Toggle
	language   Choice
	anim       Choice
}

// Settings rows, top to bottom.
const (
	SettingsMusic = iota
	SettingsEffects
	SettingsSound
	SettingsFullscreen
	SettingsLanguage
	SettingsAnim
	SettingsBack
	settingsRows
)

var settingsLabels = []string{"settings.music", "settings.effects", "settings.sound", "settings.fullscreen", "settings.language", "settings.anim"}

const (
	settingsRowX, settingsRowW = 170.0, 940.0
	settingsTop, settingsRowH  = 176.0, 64.0
	settingsControlX           = 600.0
	settingsControlW           = 440.0
)

// SettingsRowRect returns where row i is drawn, in logical pixels.
func SettingsRowRect(i int) Rect {
	if i == SettingsBack {
		return Rect{X: game.LogicalWidth/2 - 130, Y: settingsTop + 6*settingsRowH + 20, W: 260, H: 50}
	}
	return Rect{X: settingsRowX, Y: settingsTop + float64(i)*settingsRowH, W: settingsRowW, H: settingsRowH - 8}
}

// SettingsAnimChoiceRect returns the animation-speed selector's segment for speed i (game.AnimSpeeds order).
// End-to-end tests click these.
func SettingsAnimChoiceRect(i int) Rect {
	c := Choice{Rect: controlRect(SettingsAnim, 46), Labels: make([]string, len(game.AnimSpeeds))}
	return c.Segment(i)
}

func controlRect(row int, h float64) Rect {
	r := SettingsRowRect(row)
	return Rect{X: settingsControlX, Y: r.Y + (r.H-h)/2, W: settingsControlW, H: h}
}

// NewSettings builds the settings scene.
func NewSettings(ctx *game.Context) (game.Scene, error) {
	prepareParchment()
	s := &Settings{rows: FocusList{Wrap: true}}
	for i := range settingsRows {
		s.rows.Items = append(s.rows.Items, Item{Rect: SettingsRowRect(i), Enabled: true})
	}
	s.music.Rect = controlRect(SettingsMusic, 20)
	s.music.W -= 60
	s.effects.Rect = controlRect(SettingsEffects, 20)
	s.effects.W -= 60
	s.sound.Rect = Rect{X: settingsControlX, Y: controlRect(SettingsSound, 34).Y, W: 72, H: 34}
	s.fullscreen.Rect = Rect{X: settingsControlX, Y: controlRect(SettingsFullscreen, 34).Y, W: 72, H: 34}
	s.language.Rect = controlRect(SettingsLanguage, 46)
	s.anim.Rect = controlRect(SettingsAnim, 46)
	s.sync(ctx)
	s.rows.Focus = -1
	return s, nil
}

// sync sets the controls from the current settings (which F11 or another scene may have changed).
func (s *Settings) sync(ctx *game.Context) {
	st := ctx.Settings()
	if !s.music.Dragging() {
		s.music.Value = st.MusicVolume
	}
	if !s.effects.Dragging() {
		s.effects.Value = st.EffectsVolume
	}
	s.sound.On = st.Sound
	s.fullscreen.On = st.Fullscreen
	s.language.Labels = s.language.Labels[:0]
	for _, l := range assets.Languages {
		s.language.Labels = append(s.language.Labels, ctx.T("lang."+l))
	}
	s.language.Index = max(0, slices.Index(assets.Languages, st.Language))
	s.anim.Labels = s.anim.Labels[:0]
	for _, a := range game.AnimSpeeds {
		s.anim.Labels = append(s.anim.Labels, ctx.T("anim."+string(a)))
	}
	s.anim.Index = max(0, slices.Index(game.AnimSpeeds, st.AnimSpeed))
}

// current reads the settings the controls show.
func (s *Settings) current(ctx *game.Context) game.Settings {
	st := ctx.Settings()
	st.MusicVolume = s.music.Value
	st.EffectsVolume = s.effects.Value
	st.Sound = s.sound.On
	st.Fullscreen = s.fullscreen.On
	st.Language = assets.Languages[s.language.Index]
	st.AnimSpeed = game.AnimSpeeds[s.anim.Index]
	return st
}

// Update implements game.Scene.
func (s *Settings) Update(ctx *game.Context) error {
	s.sync(ctx)
	if ctx.Input.Back() {
		ctx.Audio.Play(game.SoundClick)
		ctx.Pop()
		return nil
	}
	focus := s.rows.Focus
	save, preview := false, false
	for i, sl := range []*Slider{&s.music, &s.effects} {
		changed, settled := sl.Update(ctx, focus == SettingsMusic+i)
		preview = preview || changed
		save = save || settled
	}
	save = s.sound.Update(ctx, focus == SettingsSound) || save
	save = s.fullscreen.Update(ctx, focus == SettingsFullscreen) || save
	save = s.language.Update(ctx, focus == SettingsLanguage) || save
	save = s.anim.Update(ctx, focus == SettingsAnim) || save
	switch s.rows.Update(ctx) {
	case SettingsSound:
		s.sound.On = !s.sound.On
		save = true
	case SettingsFullscreen:
		s.fullscreen.On = !s.fullscreen.On
		save = true
	case SettingsBack:
		ctx.Pop()
		return nil
	}
	switch {
	case save:
		_ = ctx.SetSettings(s.current(ctx)) // a failure is shown as a notice
	case preview:
		ctx.PreviewSettings(s.current(ctx))
	}
	return nil
}

// Draw implements game.Scene.
func (s *Settings) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := NewPainter(screen, ctx)
	DrawBackdrop(p)
	lang := ctx.Tr().Lang()
	s.heading.Draw(p, headingRect, lang, 1, 0, 0, func(q Painter) { drawHeading(q, ctx.T("settings.title")) })
	s.panel.Draw(p, settingsPanel, lang, 1, 0, 0, func(q Painter) { drawSettingsPanel(q, ctx) })
	p.Text(ctx.T("settings.hint"), FontSmall, game.LogicalWidth/2, 648, Center, InkSoft)
	for i := range SettingsBack {
		r := SettingsRowRect(i)
		s.bands[i].Draw(p, r, lang, s.rows.Glow(i), 0, 0, func(q Painter) {
			q.RoundRect(r.X, r.Y, r.W, r.H, 10, Fade(GoldLight, 0.45))
			DrawLozenge(q, r.X+22, r.Y+r.H/2, 7, GoldLight, Crimson)
			q.TextMiddle(ctx.T(settingsLabels[i]), FontLabel, r.X+48, r.Y+r.H/2, Left, CrimsonDeep)
		})
	}
	s.music.Draw(p, s.rows.Glow(SettingsMusic))
	s.effects.Draw(p, s.rows.Glow(SettingsEffects))
	for _, sl := range []*Slider{&s.music, &s.effects} {
		p.TextMiddle(percent(sl.Value), FontLabel, sl.X+sl.W+60, sl.Y+sl.H/2, Right, InkSoft)
	}
	on, off := ctx.T("value.on"), ctx.T("value.off")
	s.sound.Draw(p, s.rows.Glow(SettingsSound), on, off)
	if silent, why := ctx.Audio.Silent(); silent && strings.HasPrefix(why, "no sound device") {
		p.TextMiddle(ctx.T("settings.no_device"), Font{FontLine.Style, 15}, s.sound.X+170, s.sound.Y+s.sound.H/2, Left, CrimsonDeep)
	}
	s.fullscreen.Draw(p, s.rows.Glow(SettingsFullscreen), on, off)
	s.language.Draw(p, s.rows.Glow(SettingsLanguage))
	s.anim.Draw(p, s.rows.Glow(SettingsAnim))
	back := SettingsRowRect(SettingsBack)
	s.back.Draw(p, back, lang, s.rows.Glow(SettingsBack), 1, 0, 0, func(q Painter, g float64) {
		DrawButton(q, back, ctx.T("settings.back"), g, true)
	})
}

// settingsPanel is the panel behind the rows.
var settingsPanel = Rect{settingsRowX - 32, settingsTop - 20, settingsRowW + 64, 6*settingsRowH + 32}

// drawSettingsPanel draws the panel with the row labels and separators.
func drawSettingsPanel(p Painter, ctx *game.Context) {
	p.RoundRect(settingsRowX-30, settingsTop-18, settingsRowW+60, 6*settingsRowH+28, 16, Fade(Parchment, 0.55))
	p.StrokeRoundRect(settingsRowX-30, settingsTop-18, settingsRowW+60, 6*settingsRowH+28, 16, 1.5, GoldDeep)
	for i := range SettingsBack {
		r := SettingsRowRect(i)
		p.TextMiddle(ctx.T(settingsLabels[i]), FontLabel, r.X+48, r.Y+r.H/2, Left, Ink)
		if i < SettingsBack-1 {
			p.Line(r.X+40, r.Y+r.H+4, r.X+r.W-40, r.Y+r.H+4, 0.8, Fade(GoldDeep, 0.35))
		}
	}
}

func percent(v float64) string {
	n := int(v*100 + 0.5)
	return itoa(n) + "%"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// headingRect is where drawHeading draws.
var headingRect = Rect{40, 30, 1200, 112}

// drawHeading draws a scene's heading in crimson small capitals with lilies and a divider.
func drawHeading(p Painter, title string) {
	const cx = game.LogicalWidth / 2
	p.Spaced(title, FontHeading, cx+2, 52, 5, Fade(GoldDeep, 0.5))
	p.Spaced(title, FontHeading, cx, 50, 5, Crimson)
	half := FontHeading.SpacedWidth(title, 5)/2 + 44
	DrawLily(p, cx-half, 84, 44, Gold)
	DrawLily(p, cx+half, 84, 44, Gold)
	DrawDivider(p, cx, 132, 520, GoldDeep)
}

func init() {
	game.RegisterScene("settings", NewSettings)
}
