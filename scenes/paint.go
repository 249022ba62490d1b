// Package scenes is what Principe shows: the title, the settings, the rules help, and the shared pieces
// every scene draws with — the Painter (logical 1280×720 coordinates scaled to the screen), the Florentine
// palette and fonts, widgets (button, menu list with keyboard focus, slider, toggle, choice selector, notice
// line) and tweening. Scenes register themselves with package game in init.
package scenes

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"principe/assets"
	"principe/game"
)

// The Florentine palette.
var (
	Parchment     = color.RGBA{0xf1, 0xe4, 0xc6, 0xff}
	ParchmentDark = color.RGBA{0xdc, 0xc8, 0x9c, 0xff}
	Ink           = color.RGBA{0x3a, 0x26, 0x18, 0xff} // iron-gall brown-black
	InkSoft       = color.RGBA{0x6b, 0x52, 0x3c, 0xff}
	InkFaded      = color.RGBA{0x9a, 0x85, 0x6a, 0xff}
	Crimson       = color.RGBA{0x9b, 0x1b, 0x24, 0xff}
	CrimsonDeep   = color.RGBA{0x6e, 0x10, 0x18, 0xff}
	Gold          = color.RGBA{0xc0, 0x95, 0x3a, 0xff}
	GoldLight     = color.RGBA{0xe6, 0xc4, 0x6e, 0xff}
	GoldDeep      = color.RGBA{0x8c, 0x66, 0x1f, 0xff}
)

// Fade returns c with its opacity multiplied by a (0…1).
func Fade(c color.RGBA, a float64) color.RGBA {
	a = math.Max(0, math.Min(1, a))
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

// Mix returns the colour t of the way from a to b.
func Mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

// Font is a text style: one of the Go fonts at a size in logical pixels.
type Font struct {
	Style string // assets.FontRegular, FontBold, …
	Size  float64
}

// Common fonts.
var (
	FontTitle   = Font{assets.FontSmallCaps, 112}
	FontHeading = Font{assets.FontSmallCaps, 56}
	FontItem    = Font{assets.FontBold, 28}
	FontLabel   = Font{assets.FontRegular, 24}
	FontBody    = Font{assets.FontRegular, 20}
	FontLine    = Font{assets.FontItalic, 18}
	FontSmall   = Font{assets.FontRegular, 15}
)

var (
	sourcesMu sync.Mutex
	sources   = map[string]*text.GoTextFaceSource{}
)

func source(style string) *text.GoTextFaceSource {
	sourcesMu.Lock()
	defer sourcesMu.Unlock()
	if s, ok := sources[style]; ok {
		return s
	}
	s, err := text.NewGoTextFaceSource(bytes.NewReader(assets.Font(style)))
	if err != nil {
		panic(err) // the fonts are embedded and tested
	}
	sources[style] = s
	return s
}

// Face returns the text face for f at a screen scale.
func (f Font) Face(scale float64) *text.GoTextFace {
	return &text.GoTextFace{Source: source(f.Style), Size: f.Size * scale}
}

// Width measures s in logical pixels.
func (f Font) Width(s string) float64 {
	w, _ := text.Measure(s, f.Face(1), 0)
	return w
}

// LineHeight is the font's natural line height in logical pixels.
func (f Font) LineHeight() float64 {
	m := f.Face(1).Metrics()
	return m.HAscent + m.HDescent + m.HLineGap
}

// Align says where a text's anchor point is.
type Align int

// Text alignments.
const (
	Left Align = iota
	Center
	Right
)

// Painter draws in logical 1280×720 coordinates on a screen scaled by S. OX and OY are the logical point
// that lands on the destination's top-left corner (0, 0 for the screen; a Sprite's corner for a sprite).
//
// Curved shapes (circles, rounded rectangles, paths) are drawn without anti-aliasing unless AA is set:
// Ebitengine's anti-aliased paths cost about a megabyte of vertex data each and are slow on software GL, so
// scenes draw their vector art once into a Sprite (which supersamples it, giving smooth edges) and draw
// the sprite each frame. Rectangles and text are cheap and may be drawn directly every frame.
type Painter struct {
	Dst    *ebiten.Image
	S      float64
	OX, OY float64
	AA     bool
}

// X converts a logical x to a destination pixel x.
func (p Painter) X(x float64) float32 { return float32((x - p.OX) * p.S) }

// Y converts a logical y to a destination pixel y.
func (p Painter) Y(y float64) float32 { return float32((y - p.OY) * p.S) }

// NewPainter returns a painter for a scene's Draw.
func NewPainter(dst *ebiten.Image, ctx *game.Context) Painter {
	return Painter{Dst: dst, S: ctx.Scale}
}

func f32(v float64) float32 { return float32(v) }

// Rect fills an axis-aligned rectangle (cheaply: no path, no anti-aliasing needed).
func (p Painter) Rect(x, y, w, h float64, c color.Color) {
	vector.FillRect(p.Dst, p.X(x), p.Y(y), f32(w*p.S), f32(h*p.S), c, false)
}

// StrokeRect outlines a rectangle with a line width lw centred on its edges (four cheap rectangles).
func (p Painter) StrokeRect(x, y, w, h, lw float64, c color.Color) {
	p.Rect(x-lw/2, y-lw/2, w+lw, lw, c)
	p.Rect(x-lw/2, y+h-lw/2, w+lw, lw, c)
	p.Rect(x-lw/2, y+lw/2, lw, h-lw, c)
	p.Rect(x+w-lw/2, y+lw/2, lw, h-lw, c)
}

// Line draws a straight line.
func (p Painter) Line(x0, y0, x1, y1, lw float64, c color.Color) {
	if x0 == x1 || y0 == y1 { // axis-aligned: a rectangle
		p.Rect(math.Min(x0, x1)-boolf(x0 == x1)*lw/2, math.Min(y0, y1)-boolf(y0 == y1)*lw/2,
			math.Abs(x1-x0)+boolf(x0 == x1)*lw, math.Abs(y1-y0)+boolf(y0 == y1)*lw, c)
		return
	}
	vector.StrokeLine(p.Dst, p.X(x0), p.Y(y0), p.X(x1), p.Y(y1), f32(lw*p.S), c, p.AA)
}

// Circle fills a circle.
func (p Painter) Circle(cx, cy, r float64, c color.Color) {
	vector.FillCircle(p.Dst, p.X(cx), p.Y(cy), f32(r*p.S), c, p.AA)
}

// StrokeCircle outlines a circle.
func (p Painter) StrokeCircle(cx, cy, r, lw float64, c color.Color) {
	vector.StrokeCircle(p.Dst, p.X(cx), p.Y(cy), f32(r*p.S), f32(lw*p.S), c, p.AA)
}

// RoundRectPath returns the outline of a rounded rectangle in logical coordinates.
func RoundRectPath(x, y, w, h, r float64) *vector.Path {
	r = math.Min(r, math.Min(w, h)/2)
	var path vector.Path
	path.MoveTo(f32(x+r), f32(y))
	path.LineTo(f32(x+w-r), f32(y))
	path.ArcTo(f32(x+w), f32(y), f32(x+w), f32(y+r), f32(r))
	path.LineTo(f32(x+w), f32(y+h-r))
	path.ArcTo(f32(x+w), f32(y+h), f32(x+w-r), f32(y+h), f32(r))
	path.LineTo(f32(x+r), f32(y+h))
	path.ArcTo(f32(x), f32(y+h), f32(x), f32(y+h-r), f32(r))
	path.LineTo(f32(x), f32(y+r))
	path.ArcTo(f32(x), f32(y), f32(x+r), f32(y), f32(r))
	path.Close()
	return &path
}

// scaled returns a copy of a logical path in screen coordinates.
func (p Painter) scaled(path *vector.Path) *vector.Path {
	var out vector.Path
	var g ebiten.GeoM
	g.Translate(-p.OX, -p.OY)
	g.Scale(p.S, p.S)
	out.AddPath(path, &vector.AddPathOptions{GeoM: g})
	return &out
}

// FillPath fills a path given in logical coordinates.
func (p Painter) FillPath(path *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: p.AA}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(p.Dst, p.scaled(path), nil, op)
}

// StrokePath outlines a path given in logical coordinates.
func (p Painter) StrokePath(path *vector.Path, lw float64, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: p.AA}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(p.Dst, p.scaled(path), &vector.StrokeOptions{Width: f32(lw * p.S), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
}

// RoundRect fills a rounded rectangle.
func (p Painter) RoundRect(x, y, w, h, r float64, c color.Color) {
	if p.AA {
		p.FillPath(RoundRectPath(x, y, w, h, r), c)
		return
	}
	p.fillRoundRect(x, y, w, h, r, c)
}

// StrokeRoundRect outlines a rounded rectangle.
func (p Painter) StrokeRoundRect(x, y, w, h, r, lw float64, c color.Color) {
	if p.AA {
		p.StrokePath(RoundRectPath(x, y, w, h, r), lw, c)
		return
	}
	p.strokeRoundRect(x, y, w, h, r, lw, c)
}

// Text draws one line (or several, split at \n) with its top at y and its x anchored by align.
func (p Painter) Text(s string, f Font, x, y float64, align Align, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(p.X(x)), float64(p.Y(y)))
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = f.LineHeight() * p.S
	switch align {
	case Center:
		op.PrimaryAlign = text.AlignCenter
	case Right:
		op.PrimaryAlign = text.AlignEnd
	}
	text.Draw(p.Dst, s, f.Face(p.S), op)
}

// TextMiddle draws one line vertically centred on y.
func (p Painter) TextMiddle(s string, f Font, x, y float64, align Align, c color.Color) {
	m := f.Face(1).Metrics()
	p.Text(s, f, x, y-(m.HAscent+m.HDescent)/2, align, c)
}

// SpacedWidth is the width of s drawn by Spaced.
func (f Font) SpacedWidth(s string, spacing float64) float64 {
	total := -spacing
	for _, r := range s {
		total += f.Width(string(r)) + spacing
	}
	return total
}

// Spaced draws a line with extra space between letters (for inscriptions), centred on x.
func (p Painter) Spaced(s string, f Font, x, y, spacing float64, c color.Color) {
	runes := []rune(s)
	widths := make([]float64, len(runes))
	for i, r := range runes {
		widths[i] = f.Width(string(r))
	}
	cx := x - f.SpacedWidth(s, spacing)/2
	for i, r := range runes {
		p.Text(string(r), f, cx, y, Left, c)
		cx += widths[i] + spacing
	}
}

// Wrap breaks s into lines no wider than width (logical pixels); \n forces a break.
func Wrap(s string, f Font, width float64) []string {
	var lines []string
	for para := range strings.SplitSeq(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		line := words[0]
		for _, w := range words[1:] {
			if f.Width(line+" "+w) > width {
				lines = append(lines, line)
				line = w
				continue
			}
			line += " " + w
		}
		lines = append(lines, line)
	}
	return lines
}

// Paragraph draws s wrapped to width from (x, y) with the given line height and returns the height used.
func (p Painter) Paragraph(s string, f Font, x, y, width, lineHeight float64, c color.Color) float64 {
	lines := Wrap(s, f, width)
	for i, l := range lines {
		p.Text(l, f, x, y+float64(i)*lineHeight, Left, c)
	}
	return float64(len(lines)) * lineHeight
}

// Image draws img stretched over a logical rectangle, with an opacity.
func (p Painter) Image(img *ebiten.Image, x, y, w, h, alpha float64) {
	b := img.Bounds()
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(w*p.S/float64(b.Dx()), h*p.S/float64(b.Dy()))
	op.GeoM.Translate(float64(p.X(x)), float64(p.Y(y)))
	op.ColorScale.ScaleAlpha(f32(alpha))
	p.Dst.DrawImage(img, op)
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Sprite keeps a drawing in an offscreen image and redraws it only when its key or the screen scale
// changes; each frame it costs one image draw. The drawing is made at twice the screen's resolution (up to
// 2.5 device pixels per logical pixel) and scaled down, which smooths the edges of its shapes.
type Sprite struct {
	// Sharp, when set, draws the sprite at the screen's own resolution instead of supersampling it: for
	// sprites that are mostly text, which is anti-aliased anyway (supersampling costs four times the
	// pixels, which software GL feels).
	Sharp bool

	img   *ebiten.Image
	key   string
	scale float64
	r     Rect
	k     float64 // device pixels per logical pixel inside img
}

// supersample returns the sprite resolution for a screen scale.
func supersample(s float64) float64 {
	return math.Max(s, math.Min(2*s, 2.5))
}

// Image returns the sprite's image (valid after Draw or Prepare) and its resolution in device pixels per
// logical pixel.
func (s *Sprite) Image() (*ebiten.Image, float64) { return s.img, s.k }

// Prepare (re)draws the sprite for rectangle r if its key, r or the scale changed.
func (s *Sprite) Prepare(p Painter, r Rect, key string, paint func(Painter)) {
	k := supersample(p.S)
	if s.Sharp {
		k = p.S
	}
	w, h := int(math.Ceil(r.W*k))+2, int(math.Ceil(r.H*k))+2
	if s.img == nil || s.img.Bounds().Dx() != w || s.img.Bounds().Dy() != h {
		if s.img != nil {
			s.img.Deallocate()
		}
		// Its own texture, not a place in the shared atlas: big sprites would make the atlas grow (and copy).
		s.img = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
		s.key = "\x00"
	}
	if s.key != key || s.scale != p.S || s.r != r {
		s.img.Clear()
		paint(Painter{Dst: s.img, S: k, OX: r.X - 1/k, OY: r.Y - 1/k})
		s.key, s.scale, s.r, s.k = key, p.S, r, k
	}
}

// Draw draws the sprite for rectangle r (logical) at r moved by (dx, dy), with an opacity; paint is called
// to (re)draw its content, in the same logical coordinates as the screen, when key, r or the scale changed.
func (s *Sprite) Draw(p Painter, r Rect, key string, alpha, dx, dy float64, paint func(Painter)) {
	if alpha <= 0 {
		return // not even prepared: a highlight nobody has seen yet costs nothing
	}
	s.Prepare(p, r, key, paint)
	s.blit(p, s.img, r.X+dx-1/s.k, r.Y+dy-1/s.k, alpha)
}

// DrawPart draws the left part of the sprite, up to logical x = r.X + width (a slider's filled track).
func (s *Sprite) DrawPart(p Painter, r Rect, key string, width float64, paint func(Painter)) {
	s.Prepare(p, r, key, paint)
	w := int(math.Round((width + 1/s.k) * s.k))
	if w <= 0 {
		return
	}
	b := s.img.Bounds()
	sub := s.img.SubImage(image.Rect(0, 0, min(w, b.Dx()), b.Dy())).(*ebiten.Image)
	s.blit(p, sub, r.X-1/s.k, r.Y-1/s.k, 1)
}

func (s *Sprite) blit(p Painter, img *ebiten.Image, x, y, alpha float64) {
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(p.S/s.k, p.S/s.k)
	op.GeoM.Translate(math.Round(float64(p.X(x))), math.Round(float64(p.Y(y))))
	op.ColorScale.ScaleAlpha(f32(alpha))
	p.Dst.DrawImage(img, op)
}

// GlowSprite is a pair of sprites for something drawn plain (glow 0) and highlighted (glow 1); between the
// two it blends them, so a hover highlight can ease in without redrawing anything.
type GlowSprite struct {
	off, on Sprite
}

// Draw draws the pair for glow g (0…1); paint draws the content at a given glow.
func (s *GlowSprite) Draw(p Painter, r Rect, key string, g, alpha, dx, dy float64, paint func(p Painter, glow float64)) {
	if g < 1 {
		s.off.Draw(p, r, key, alpha, dx, dy, func(q Painter) { paint(q, 0) })
	}
	if g > 0 {
		s.on.Draw(p, r, key, alpha*g, dx, dy, func(q Painter) { paint(q, 1) })
	}
}
