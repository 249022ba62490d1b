package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
)

// Rect is a logical rectangle.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether a logical point is inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Center returns r's centre.
func (r Rect) Center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Item is one entry of a FocusList.
type Item struct {
	Rect
	Enabled bool
	Column  int // for Left/Right moves between columns (when FocusList.Columns is set)
}

// FocusList gives a set of on-screen entries one keyboard focus shared with the mouse: hovering an entry
// focuses it, Up/Down (and Left/Right across columns when Columns is set) move the focus over the enabled
// entries, Enter/Space or a click activates. It plays the hover and click sounds and animates a glow per
// entry (Glow).
type FocusList struct {
	Items   []Item
	Focus   int  // focused entry, -1 for none
	Columns bool // Left/Right move between columns; otherwise they are left to the scene
	Wrap    bool // Up on the first entry goes to the last and back
	glow    []float64
}

// FirstEnabled focuses the first enabled entry.
func (m *FocusList) FirstEnabled() {
	m.Focus = -1
	for i, it := range m.Items {
		if it.Enabled {
			m.Focus = i
			return
		}
	}
}

// At returns the enabled entry under a logical point, or -1.
func (m *FocusList) At(x, y float64) int {
	for i, it := range m.Items {
		if it.Enabled && it.Contains(x, y) {
			return i
		}
	}
	return -1
}

// Update handles this tick's input and returns the entry activated (by click or key), or -1.
func (m *FocusList) Update(ctx *game.Context) int {
	in := ctx.Input
	if len(m.glow) != len(m.Items) {
		m.glow = make([]float64, len(m.Items))
	}
	if m.Focus >= len(m.Items) || (m.Focus >= 0 && !m.Items[m.Focus].Enabled) {
		m.FirstEnabled()
	}
	activated := -1
	x, y := in.Cursor()
	under := m.At(x, y)
	if in.Moved() && under >= 0 && under != m.Focus {
		m.setFocus(ctx, under)
	}
	switch {
	case in.Key(ebiten.KeyArrowDown):
		m.step(ctx, 1)
	case in.Key(ebiten.KeyArrowUp):
		m.step(ctx, -1)
	case m.Columns && in.Key(ebiten.KeyArrowRight):
		m.side(ctx, 1)
	case m.Columns && in.Key(ebiten.KeyArrowLeft):
		m.side(ctx, -1)
	case in.KeyOnce(ebiten.KeyHome):
		m.FirstEnabled()
	}
	if in.Clicked() && under >= 0 {
		in.UseClick()
		m.Focus = under
		activated = under
	} else if in.Confirm() && m.Focus >= 0 {
		activated = m.Focus
	}
	if activated >= 0 {
		ctx.Audio.Play(game.SoundClick)
	}
	f := ctx.AnimFactor()
	for i := range m.glow {
		target := 0.0
		if i == m.Focus {
			target = 1
		}
		m.glow[i] = Approach(m.glow[i], target, 0.25, f)
	}
	return activated
}

// Glow is entry i's highlight, 0…1, easing in and out as the focus moves.
func (m *FocusList) Glow(i int) float64 {
	if i < 0 || i >= len(m.glow) {
		if i == m.Focus {
			return 1
		}
		return 0
	}
	return m.glow[i]
}

func (m *FocusList) setFocus(ctx *game.Context, i int) {
	if i == m.Focus {
		return
	}
	m.Focus = i
	ctx.Audio.Play(game.SoundHover)
}

func (m *FocusList) step(ctx *game.Context, dir int) {
	n := len(m.Items)
	if n == 0 {
		return
	}
	i := m.Focus
	for range n {
		i += dir
		if i < 0 || i >= n {
			if !m.Wrap {
				return
			}
			i = (i + n) % n
		}
		if m.Items[i].Enabled {
			m.setFocus(ctx, i)
			return
		}
	}
}

// side moves to the nearest enabled entry (by height) in the next column in direction dir.
func (m *FocusList) side(ctx *game.Context, dir int) {
	if m.Focus < 0 {
		m.FirstEnabled()
		return
	}
	cur := m.Items[m.Focus]
	_, cy := cur.Center()
	best, bestD := -1, math.Inf(1)
	for i, it := range m.Items {
		if !it.Enabled || (it.Column-cur.Column)*dir <= 0 {
			continue
		}
		_, y := it.Center()
		d := math.Abs(y-cy) + 1000*math.Abs(float64(it.Column-cur.Column))
		if d < bestD {
			best, bestD = i, d
		}
	}
	if best >= 0 {
		m.setFocus(ctx, best)
	}
}

// Slider is a 0…1 value set by dragging along a track or with Left/Right (steps of 0.05) when focused.
type Slider struct {
	Rect
	Value       float64
	dragging    bool
	track, fill Sprite
	knob        GlowSprite
}

// Update returns whether the value changed this tick and whether a drag just ended (time to save).
func (s *Slider) Update(ctx *game.Context, focused bool) (changed, settled bool) {
	in := ctx.Input
	x, y := in.Cursor()
	old := s.Value
	hit := Rect{s.X - 10, s.Y - 12, s.W + 20, s.H + 24}
	if in.Clicked() && hit.Contains(x, y) {
		in.UseClick()
		s.dragging = true
	}
	if s.dragging {
		s.Value = math.Round(math.Max(0, math.Min(1, (x-s.X)/s.W))*100) / 100
		if !in.Held() {
			s.dragging = false
			settled = true
		}
	}
	if focused && !s.dragging {
		if in.Key(ebiten.KeyArrowRight) {
			s.Value = math.Min(1, math.Round((s.Value+0.05)*100)/100)
			settled = true
		}
		if in.Key(ebiten.KeyArrowLeft) {
			s.Value = math.Max(0, math.Round((s.Value-0.05)*100)/100)
			settled = true
		}
	}
	return s.Value != old, settled
}

// Dragging reports whether the knob is being dragged.
func (s *Slider) Dragging() bool { return s.dragging }

// Draw draws the track, the filled part and the knob; glow is the row's focus highlight.
func (s *Slider) Draw(p Painter, glow float64) {
	cy := s.Y + s.H/2
	tr := Rect{s.X - 2, cy - 6, s.W + 4, 12}
	s.track.Draw(p, tr, "track", 1, 0, 0, func(q Painter) { q.RoundRect(s.X, cy-4, s.W, 8, 4, Fade(InkFaded, 0.45)) })
	s.fill.DrawPart(p, tr, "fill", s.W*s.Value+2, func(q Painter) { q.RoundRect(s.X, cy-4, s.W, 8, 4, Crimson) })
	s.knob.Draw(p, Rect{-18, -18, 36, 36}, "knob", glow, 1, s.X+s.W*s.Value, cy, func(q Painter, g float64) {
		q.Circle(0, 0, 13+2*g, Mix(GoldDeep, Gold, g))
		q.Circle(0, 0, 9, Mix(Gold, GoldLight, g))
		q.StrokeCircle(0, 0, 13+2*g, 1.5, CrimsonDeep)
	})
}

// Toggle is an on/off switch, flipped by a click or by Enter/Left/Right when focused.
type Toggle struct {
	Rect
	On          bool
	knob        float64 // animated 0 (off) … 1 (on)
	track, ball GlowSprite
}

// Update returns whether the toggle flipped this tick.
func (t *Toggle) Update(ctx *game.Context, focused bool) bool {
	in := ctx.Input
	x, y := in.Cursor()
	flip := false
	if in.Clicked() && t.Contains(x, y) {
		in.UseClick()
		flip = true
	}
	if focused && (in.Confirm() || in.Key(ebiten.KeyArrowLeft) || in.Key(ebiten.KeyArrowRight)) {
		flip = true
	}
	if flip {
		t.On = !t.On
		ctx.Audio.Play(game.SoundClick)
	}
	target := 0.0
	if t.On {
		target = 1
	}
	t.knob = Approach(t.knob, target, 0.3, ctx.AnimFactor())
	return flip
}

// Draw draws the switch with its On/Off label beside it.
func (t *Toggle) Draw(p Painter, glow float64, onLabel, offLabel string) {
	k := t.knob
	outer := Rect{t.X - 2, t.Y - 2, t.W + 4, t.H + 4}
	t.track.Draw(p, outer, "track", k, 1, 0, 0, func(q Painter, on float64) {
		q.RoundRect(t.X, t.Y, t.W, t.H, t.H/2, Mix(Fade(InkFaded, 0.5), Crimson, on))
		q.StrokeRoundRect(t.X, t.Y, t.W, t.H, t.H/2, 1.5, GoldDeep)
	})
	r := t.H/2 - 4
	kx := t.X + 4 + r + (t.W-8-2*r)*k
	t.ball.Draw(p, Rect{-r - 1, -r - 1, 2*r + 2, 2*r + 2}, "ball", k, 1, kx, t.Y+t.H/2, func(q Painter, on float64) {
		q.Circle(0, 0, r, Mix(Parchment, GoldLight, on))
	})
	label := offLabel
	if t.On {
		label = onLabel
	}
	p.TextMiddle(label, FontLabel, t.X+t.W+16, t.Y+t.H/2, Left, Ink)
}

// Choice is a segmented selector: one of a few labelled options, chosen by a click on a segment or with
// Left/Right when focused.
type Choice struct {
	Rect
	Labels  []string
	Index   int
	bg, sel Sprite
}

// Segment returns the rectangle of option i.
func (c *Choice) Segment(i int) Rect {
	w := c.W / float64(len(c.Labels))
	return Rect{c.X + float64(i)*w, c.Y, w, c.H}
}

// Update returns whether the choice changed this tick.
func (c *Choice) Update(ctx *game.Context, focused bool) bool {
	in := ctx.Input
	x, y := in.Cursor()
	old := c.Index
	if in.Clicked() && c.Contains(x, y) {
		in.UseClick()
		for i := range c.Labels {
			if c.Segment(i).Contains(x, y) {
				c.Index = i
			}
		}
	}
	if focused {
		if in.Key(ebiten.KeyArrowRight) && c.Index < len(c.Labels)-1 {
			c.Index++
		}
		if in.Key(ebiten.KeyArrowLeft) && c.Index > 0 {
			c.Index--
		}
	}
	if c.Index != old {
		ctx.Audio.Play(game.SoundClick)
		return true
	}
	return false
}

// Draw draws the segments, the chosen one in crimson with gold lettering.
func (c *Choice) Draw(p Painter, glow float64) {
	c.bg.Draw(p, c.Rect, itoa(len(c.Labels)), 1, 0, 0, func(q Painter) {
		q.RoundRect(c.X, c.Y, c.W, c.H, 8, Fade(ParchmentDark, 0.8))
		q.StrokeRoundRect(c.X, c.Y, c.W, c.H, 8, 1.5, GoldDeep)
	})
	s0 := c.Segment(0)
	for i, l := range c.Labels {
		s := c.Segment(i)
		cx, cy := s.Center()
		if i == c.Index {
			c.sel.Draw(p, s0, "sel", 1, s.X-s0.X, 0, func(q Painter) {
				q.RoundRect(s0.X+3, s0.Y+3, s0.W-6, s0.H-6, 6, Crimson)
			})
			p.TextMiddle(l, fitFont(l, FontLabel, s.W-14), cx, cy, Center, GoldLight)
			continue
		}
		if i > 0 && i != c.Index+1 {
			p.Line(s.X, s.Y+10, s.X, s.Y+s.H-10, 1, Fade(InkFaded, 0.7))
		}
		p.TextMiddle(l, fitFont(l, FontLabel, s.W-14), cx, cy, Center, Mix(InkSoft, Ink, glow))
	}
}

// DrawButton draws a framed button with a centred label; glow is its focus highlight.
func DrawButton(p Painter, r Rect, label string, glow float64, enabled bool) {
	fill := Mix(Fade(Parchment, 0.85), Crimson, glow)
	textC := Mix(Ink, GoldLight, glow)
	edge := Mix(GoldDeep, Gold, glow)
	if !enabled {
		fill, textC, edge = Fade(ParchmentDark, 0.5), InkFaded, Fade(InkFaded, 0.6)
	}
	p.RoundRect(r.X, r.Y, r.W, r.H, 10, fill)
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 10, 1.5+glow, edge)
	cx, cy := r.Center()
	p.TextMiddle(label, FontItem, cx, cy, Center, textC)
}

var noticeSprite Sprite

// DrawNotice draws the current notice line, if any, at the bottom of the screen.
func DrawNotice(screen *ebiten.Image, ctx *game.Context) {
	msg, a := ctx.CurrentNotice()
	if msg == "" {
		return
	}
	p := NewPainter(screen, ctx)
	f := FontBody
	if f.Width(msg) > 1060 {
		f = FontSmall
	}
	w := math.Min(1160, f.Width(msg)+80)
	r := Rect{(game.LogicalWidth - w) / 2, float64(game.LogicalHeight - 100), w, 44}
	noticeSprite.Draw(p, r, msg, a, 0, 0, func(q Painter) {
		q.RoundRect(r.X, r.Y, r.W, r.H, 10, Fade(CrimsonDeep, 0.92))
		q.StrokeRoundRect(r.X+3, r.Y+3, r.W-6, r.H-6, 8, 1.2, GoldLight)
		q.TextMiddle(msg, f, game.LogicalWidth/2, r.Y+22, Center, Parchment)
	})
}

func init() {
	game.SetOverlay(DrawNotice)
}
