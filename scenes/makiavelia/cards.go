package makiavelia

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/vector"

	"principe/assets"
	"principe/game"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// The card types' colours: army red, building white, influence blue.
var (
	ArmyRed       = color.RGBA{0xa8, 0x24, 0x24, 0xff}
	BuildingWhite = color.RGBA{0xf4, 0xf0, 0xe6, 0xff}
	BuildingStone = color.RGBA{0x8a, 0x82, 0x74, 0xff}
	InfluenceBlue = color.RGBA{0x2a, 0x4e, 0x9a, 0xff}
	WoundRed      = color.RGBA{0xc8, 0x10, 0x10, 0xff}
)

// typeColour is the seal and border colour of a card type.
func typeColour(t mak.Type) color.RGBA {
	switch t {
	case mak.Army:
		return ArmyRed
	case mak.Building:
		return BuildingStone
	}
	return InfluenceBlue
}

// typeTint is the colour of a card type's face.
func typeTint(t mak.Type) color.RGBA {
	switch t {
	case mak.Army:
		return scenes.Mix(table.Ivory, ArmyRed, 0.22)
	case mak.Building:
		return BuildingWhite
	}
	return scenes.Mix(table.Ivory, InfluenceBlue, 0.2)
}

// The card face's design size (logical pixels): faces are drawn at this size into
// cached sprites and scaled to where they are shown.
const (
	faceW, faceH = 120.0, 168.0
	miniW, miniH = 44.0, 60.0
)

// kindKey is the translation key stem of a design ("makiavelia.card.militia").
func kindKey(k mak.Kind) string {
	return "makiavelia.card." + strings.ToLower(mak.Cards[k].Name)
}

// cardName is a design's name in the player's language.
func cardName(ctx *game.Context, k mak.Kind) string { return ctx.T(kindKey(k) + ".name") }

// cardText is a design's rules text in the player's language.
func cardText(ctx *game.Context, k mak.Kind) string { return ctx.T(kindKey(k) + ".text") }

// typeName is a card type's name in the player's language.
func typeName(ctx *game.Context, t mak.Type) string {
	return ctx.T("makiavelia.type." + strings.ToLower(t.String()))
}

// faces caches every card face (full and mini) per language and screen scale.
var faces table.Sprites

// drawCard draws design k's full face at (x, y) sized w×h.
func drawCard(p scenes.Painter, ctx *game.Context, k mak.Kind, x, y, w, h float64) {
	key := fmt.Sprintf("face/%d/%s", k, ctx.Tr().Lang())
	img := faces.Image(key, faceW, faceH, spriteScale(p.S*w/faceW), func(q scenes.Painter) { paintFace(q, ctx, k) })
	p.Image(img, x, y, w, h, 1)
}

// drawMini draws design k's small face (name, numbers, seal) at (x, y) sized w×h.
func drawMini(p scenes.Painter, ctx *game.Context, k mak.Kind, x, y, w, h float64) {
	key := fmt.Sprintf("mini/%d/%s", k, ctx.Tr().Lang())
	img := faces.Image(key, miniW, miniH, spriteScale(p.S*w/miniW), func(q scenes.Painter) { paintMini(q, ctx, k) })
	p.Image(img, x, y, w, h, 1)
}

// spriteScale is the resolution a face is cached at for a drawing ratio r (device
// pixels per design pixel): two levels only, so that Cities of every size share the
// same few sprites (drawing a face's paths is what costs, on software GL).
func spriteScale(r float64) float64 {
	if r <= 1 {
		return 1.5
	}
	return math.Max(3, math.Ceil(r*1.5))
}

// paintFace paints a full card face in a faceW×faceH box at the origin.
func paintFace(p scenes.Painter, ctx *game.Context, k mak.Kind) {
	info := mak.Cards[k]
	w, h := faceW, faceH
	col := typeColour(info.Type)
	p.RoundRect(0, 0, w, h, 9, col)
	p.RoundRect(5, 5, w-10, h-10, 6, typeTint(info.Type))
	p.StrokeRoundRect(5, 5, w-10, h-10, 6, 1.2, scenes.GoldDeep)
	p.StrokeRoundRect(0.5, 0.5, w-1, h-1, 9, 1, scenes.Ink)
	// Name band.
	p.Rect(8, 9, w-16, 22, scenes.Fade(col, 0.92))
	nf := scenes.Font{Style: assets.FontSmallCaps, Size: 15}
	name := cardName(ctx, k)
	for nf.Width(name) > w-22 && nf.Size > 9 {
		nf.Size--
	}
	nameInk := scenes.Parchment
	if info.Type == mak.Building {
		nameInk = scenes.Ink
		p.Rect(8, 9, w-16, 22, scenes.Fade(scenes.ParchmentDark, 0.9))
	}
	p.TextMiddle(name, nf, w/2, 20, scenes.Center, nameInk)
	// Emblem and numbers.
	drawEmblem(p, info.Type, k, w/2, 56, 17)
	switch info.Type {
	case mak.Army:
		drawFirepower(p, 22, 56, 13, info.Firepower)
		drawStrength(p, w-22, 56, 13, fmt.Sprint(info.Strength))
	case mak.Building:
		st := fmt.Sprint(info.Strength)
		if k == mak.Memorial {
			st += "+"
		}
		drawStrength(p, w-22, 56, 13, st)
	}
	if info.Lock {
		drawLock(p, 22, 56, 9)
	}
	if info.Target != mak.NoTarget {
		tk := "makiavelia.target.player"
		if info.Target == mak.TargetBuilding {
			tk = "makiavelia.target.building"
		}
		drawTargetMark(p, w-22, 56, 10)
		p.Text(ctx.T(tk), scenes.Font{Style: assets.FontItalic, Size: 9}, w/2, 78, scenes.Center, scenes.InkSoft)
	}
	p.Line(14, 88, w-14, 88, 0.8, scenes.Fade(scenes.GoldDeep, 0.8))
	// Rules text.
	f := scenes.Font{Style: assets.FontRegular, Size: 10.5}
	txt := cardText(ctx, k)
	for float64(len(scenes.Wrap(txt, f, w-20)))*f.Size*1.12 > h-114 && f.Size > 6 {
		f.Size -= 0.5
	}
	p.Paragraph(txt, f, 10, 92, w-20, f.Size*1.12, scenes.Ink)
	// Type along the foot.
	p.Text(typeName(ctx, info.Type), scenes.Font{Style: assets.FontItalic, Size: 9}, w/2, h-17, scenes.Center, scenes.InkSoft)
}

// paintMini paints a small face: the type's colour, an abbreviated name and the
// numbers that matter at the table.
func paintMini(p scenes.Painter, ctx *game.Context, k mak.Kind) {
	info := mak.Cards[k]
	w, h := miniW, miniH
	col := typeColour(info.Type)
	p.RoundRect(0, 0, w, h, 5, col)
	p.RoundRect(2.5, 2.5, w-5, h-5, 3.5, typeTint(info.Type))
	p.StrokeRoundRect(0.5, 0.5, w-1, h-1, 5, 0.8, scenes.Ink)
	name := cardName(ctx, k)
	f := scenes.Font{Style: assets.FontBold, Size: 10}
	for f.Width(name) > w-6 && len([]rune(name)) > 4 {
		r := []rune(name)
		name = string(r[:len(r)-1])
	}
	if name != cardName(ctx, k) {
		name = strings.TrimRight(name, " ") + "."
	}
	for f.Width(name) > w-5 && f.Size > 7 {
		f.Size -= 0.5
	}
	p.TextMiddle(name, f, w/2, 10, scenes.Center, scenes.Ink)
	switch info.Type {
	case mak.Army:
		drawFirepower(p, 12, 36, 8.5, info.Firepower)
		drawStrength(p, w-12, 36, 8.5, fmt.Sprint(info.Strength))
	case mak.Building:
		st := fmt.Sprint(info.Strength)
		if k == mak.Memorial {
			st += "+"
		}
		drawEmblem(p, info.Type, k, 13, 36, 7)
		drawStrength(p, w-12, 36, 8.5, st)
	default:
		drawEmblem(p, info.Type, k, w/2, 35, 8)
		if info.Lock {
			drawLock(p, 9, 50, 5)
		}
		if info.Target != mak.NoTarget {
			drawTargetMark(p, w-9, 50, 5)
		}
	}
}

// drawFirepower draws a red disc with a star and the number of dice.
func drawFirepower(p scenes.Painter, cx, cy, r float64, n int) {
	p.Circle(cx, cy, r, ArmyRed)
	p.StrokeCircle(cx, cy, r, 1, scenes.Ink)
	drawStar(p, cx, cy-r*0.42, r*0.36, scenes.GoldLight)
	p.TextMiddle(fmt.Sprint(n), scenes.Font{Style: assets.FontBold, Size: r * 1.05}, cx, cy+r*0.3, scenes.Center, scenes.Parchment)
}

// drawStrength draws a shield with the strength on it.
func drawStrength(p scenes.Painter, cx, cy, r float64, s string) {
	var path vector.Path
	path.MoveTo(float32(cx-r), float32(cy-r*0.9))
	path.LineTo(float32(cx+r), float32(cy-r*0.9))
	path.LineTo(float32(cx+r), float32(cy+r*0.1))
	path.QuadTo(float32(cx+r), float32(cy+r*0.8), float32(cx), float32(cy+r*1.15))
	path.QuadTo(float32(cx-r), float32(cy+r*0.8), float32(cx-r), float32(cy+r*0.1))
	path.Close()
	p.FillPath(&path, scenes.Mix(BuildingStone, scenes.Ink, 0.25))
	p.StrokePath(&path, 1, scenes.Ink)
	p.TextMiddle(s, scenes.Font{Style: assets.FontBold, Size: r * 1.1}, cx, cy+r*0.05, scenes.Center, scenes.Parchment)
}

// drawStar draws a five-pointed star.
func drawStar(p scenes.Painter, cx, cy, r float64, c color.Color) {
	var path vector.Path
	for i := 0; i < 10; i++ {
		a := -math.Pi/2 + float64(i)*math.Pi/5
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		x, y := float32(cx+rr*math.Cos(a)), float32(cy+rr*math.Sin(a))
		if i == 0 {
			path.MoveTo(x, y)
		} else {
			path.LineTo(x, y)
		}
	}
	path.Close()
	p.FillPath(&path, c)
}

// drawLock draws a small padlock: the card stays in play until its condition is met.
func drawLock(p scenes.Painter, cx, cy, r float64) {
	p.StrokeCircle(cx, cy-r*0.45, r*0.55, math.Max(1, r*0.22), scenes.Ink)
	p.RoundRect(cx-r*0.85, cy-r*0.35, r*1.7, r*1.3, r*0.2, scenes.GoldDeep)
	p.Circle(cx, cy+r*0.2, r*0.2, scenes.Ink)
}

// drawTargetMark draws a crosshair: the card names a target when played.
func drawTargetMark(p scenes.Painter, cx, cy, r float64) {
	p.StrokeCircle(cx, cy, r*0.7, math.Max(1, r*0.16), scenes.CrimsonDeep)
	p.Line(cx-r, cy, cx+r, cy, math.Max(1, r*0.14), scenes.CrimsonDeep)
	p.Line(cx, cy-r, cx, cy+r, math.Max(1, r*0.14), scenes.CrimsonDeep)
}

// drawEmblem draws the type's picture: crossed swords for an army, a tower for a
// building, a sealed scroll for influence.
func drawEmblem(p scenes.Painter, t mak.Type, k mak.Kind, cx, cy, s float64) {
	ink := scenes.Mix(typeColour(t), scenes.Ink, 0.35)
	switch t {
	case mak.Army:
		for _, d := range []float64{-1, 1} {
			p.Line(cx-s*0.8*d, cy+s*0.8, cx+s*0.75*d, cy-s*0.75, math.Max(1.2, s*0.14), scenes.Mix(BuildingStone, scenes.Ink, 0.2))
			p.Line(cx-s*0.55*d-s*0.25, cy+s*0.35, cx-s*0.55*d+s*0.25, cy+s*0.55, math.Max(1, s*0.12), scenes.GoldDeep)
		}
	case mak.Building:
		p.Rect(cx-s*0.55, cy-s*0.5, s*1.1, s*1.3, BuildingStone)
		for i := 0; i < 3; i++ {
			p.Rect(cx-s*0.7+float64(i)*s*0.55, cy-s*0.85, s*0.3, s*0.4, BuildingStone)
		}
		p.Rect(cx-s*0.18, cy+s*0.3, s*0.36, s*0.5, scenes.Ink)
		p.StrokeRect(cx-s*0.55, cy-s*0.5, s*1.1, s*1.3, 0.8, scenes.Ink)
	default:
		p.RoundRect(cx-s*0.8, cy-s*0.6, s*1.6, s*1.2, s*0.25, scenes.Parchment)
		p.StrokeRoundRect(cx-s*0.8, cy-s*0.6, s*1.6, s*1.2, s*0.25, 0.8, ink)
		for i := 0; i < 3; i++ {
			y := cy - s*0.3 + float64(i)*s*0.25
			p.Line(cx-s*0.55, y, cx+s*0.35, y, math.Max(0.6, s*0.06), scenes.Fade(ink, 0.7))
		}
		p.Circle(cx+s*0.45, cy+s*0.45, s*0.3, scenes.Crimson)
	}
}

// drawWounds draws n wound drops along a card's bottom edge, and planned more as
// hollow drops (wounds the player is placing).
func drawWounds(p scenes.Painter, x, y, w, h float64, n, planned int) {
	total := n + planned
	if total == 0 {
		return
	}
	r := math.Max(2.5, math.Min(6, w/10))
	step := math.Min(r*2.3, (w-2*r)/float64(max(1, total-1)+1))
	cy := y + h - r - 3
	for i := 0; i < total; i++ {
		cx := x + r + 3 + float64(i)*step
		if i < n {
			p.Circle(cx, cy, r, WoundRed)
			p.StrokeCircle(cx, cy, r, 0.8, scenes.Ink)
		} else {
			p.Circle(cx, cy, r, scenes.Fade(WoundRed, 0.35))
			p.StrokeCircle(cx, cy, r, 1.2, WoundRed)
		}
	}
}

// drawDie draws a battle die showing face (1–6; faces 1–3 carry a star).
func drawDie(p scenes.Painter, cx, cy, s float64, face int, rolling bool) {
	p.RoundRect(cx-s/2+1.5, cy-s/2+2, s, s, s*0.18, table.Shadow)
	fill := table.Ivory
	if rolling {
		fill = scenes.Mix(table.Ivory, scenes.GoldLight, 0.4)
	}
	p.RoundRect(cx-s/2, cy-s/2, s, s, s*0.18, fill)
	p.StrokeRoundRect(cx-s/2, cy-s/2, s, s, s*0.18, 1.2, scenes.Ink)
	if face >= 1 && face <= mak.StarFaces {
		drawStar(p, cx, cy+s*0.03, s*0.36, scenes.Crimson)
	} else {
		p.Circle(cx, cy, s*0.07, scenes.Fade(scenes.InkFaded, 0.8))
	}
}
