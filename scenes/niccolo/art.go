package niccolo

import (
	"image/color"
	"math"
	"principe/game"

	"github.com/hajimehoshi/ebiten/v2/vector"

	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// drawTokenIcon draws family f's token figure (Dog, Cannon, Flag, Coins) centred on
// (cx, cy), about 2·s wide, in colour c.
func drawTokenIcon(p scenes.Painter, f int, cx, cy, s float64, c color.RGBA) {
	switch f {
	case 0: // Dog: a hound standing, facing left
		var body vector.Path
		pt := func(x, y float64) (float32, float32) { return float32(cx + x*s), float32(cy + y*s) }
		body.MoveTo(pt(-0.55, -0.1))
		body.LineTo(pt(0.5, -0.1))
		body.LineTo(pt(0.62, -0.42)) // tail
		body.LineTo(pt(0.7, -0.38))
		body.LineTo(pt(0.6, 0.02))
		body.LineTo(pt(0.55, 0.2))
		body.LineTo(pt(0.55, 0.62)) // back leg
		body.LineTo(pt(0.42, 0.62))
		body.LineTo(pt(0.38, 0.25))
		body.LineTo(pt(-0.3, 0.25))
		body.LineTo(pt(-0.34, 0.62)) // front leg
		body.LineTo(pt(-0.47, 0.62))
		body.LineTo(pt(-0.5, 0.2))
		body.LineTo(pt(-0.58, 0.05))
		body.LineTo(pt(-0.62, -0.3)) // neck
		body.LineTo(pt(-0.9, -0.3))  // snout
		body.LineTo(pt(-0.92, -0.45))
		body.LineTo(pt(-0.7, -0.62))  // head
		body.LineTo(pt(-0.58, -0.78)) // ear
		body.LineTo(pt(-0.5, -0.55))
		body.Close()
		p.FillPath(&body, c)
		p.Circle(cx-0.7*s, cy-0.5*s, 0.05*s, table.Ivory)
	case 1: // Cannon: barrel on a wheel
		var barrel vector.Path
		rot := func(x, y float64) (float32, float32) {
			a := -0.45
			return float32(cx + (x*math.Cos(a)-y*math.Sin(a))*s), float32(cy + (x*math.Sin(a)+y*math.Cos(a))*s)
		}
		barrel.MoveTo(rot(-0.75, -0.2))
		barrel.LineTo(rot(0.85, -0.13))
		barrel.LineTo(rot(0.85, 0.13))
		barrel.LineTo(rot(-0.75, 0.22))
		barrel.Close()
		p.FillPath(&barrel, c)
		x, y := rot(0.85, 0)
		p.Circle(float64(x), float64(y), 0.17*s, c)
		p.Circle(cx-0.1*s, cy+0.32*s, 0.38*s, c)
		p.Circle(cx-0.1*s, cy+0.32*s, 0.26*s, table.Ivory)
		for k := 0; k < 4; k++ {
			a := float64(k) * math.Pi / 4
			p.Line(cx-0.1*s-0.26*s*math.Cos(a), cy+0.32*s-0.26*s*math.Sin(a), cx-0.1*s+0.26*s*math.Cos(a), cy+0.32*s+0.26*s*math.Sin(a), 0.07*s, c)
		}
		p.Circle(cx-0.1*s, cy+0.32*s, 0.08*s, c)
	case 2: // Flag: a pole and a swallow-tailed banner
		p.Line(cx-0.5*s, cy-0.85*s, cx-0.5*s, cy+0.85*s, 0.12*s, c)
		p.Circle(cx-0.5*s, cy-0.88*s, 0.1*s, c)
		var flag vector.Path
		flag.MoveTo(float32(cx-0.45*s), float32(cy-0.75*s))
		flag.QuadTo(float32(cx+0.1*s), float32(cy-0.95*s), float32(cx+0.8*s), float32(cy-0.65*s))
		flag.LineTo(float32(cx+0.45*s), float32(cy-0.35*s))
		flag.LineTo(float32(cx+0.8*s), float32(cy-0.05*s))
		flag.QuadTo(float32(cx+0.1*s), float32(cy-0.35*s), float32(cx-0.45*s), float32(cy-0.1*s))
		flag.Close()
		p.FillPath(&flag, c)
	default: // Coins: a stack and one standing
		for k := 0; k < 3; k++ {
			y := cy + 0.55*s - float64(k)*0.22*s
			p.FillPath(ellipse(cx-0.25*s, y, 0.5*s, 0.16*s), c)
			p.StrokePath(ellipse(cx-0.25*s, y-0.03*s, 0.42*s, 0.1*s), 0.04*s, table.Ivory)
		}
		p.Circle(cx+0.42*s, cy-0.25*s, 0.42*s, c)
		p.StrokeCircle(cx+0.42*s, cy-0.25*s, 0.3*s, 0.06*s, table.Ivory)
		p.Circle(cx+0.42*s, cy-0.25*s, 0.1*s, table.Ivory)
	}
}

func ellipse(cx, cy, rx, ry float64) *vector.Path {
	var p vector.Path
	for i := 0; i <= 24; i++ {
		a := float64(i) * 2 * math.Pi / 24
		x, y := float32(cx+rx*math.Cos(a)), float32(cy+ry*math.Sin(a))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
	return &p
}

// drawToken draws family f's token at (cx, cy) raised by lift, with opacity alpha.
func drawToken(p scenes.Painter, f int, cx, cy, lift, alpha float64) {
	if alpha <= 0 {
		return
	}
	r := 21.0
	cy -= 16 * lift
	drawDiscShadow(p, cx+1.5+3*lift, cy+16*lift+2.5+6*lift, r*(1+0.08*lift), 1.2-0.5*lift)
	drawPieceSprite(p, f, cx, cy, r, alpha)
}

// drawPieceSprite draws family f's token face (cached) of radius r at (cx, cy).
func drawPieceSprite(p scenes.Painter, f int, cx, cy, r, alpha float64) {
	img := sprites.Image("token/"+itoa(f), 44, 44, 2*p.S, func(q scenes.Painter) {
		table.DrawPieceFace(q, 22, 22, 21, familyInk[f])
		drawTokenIcon(q, f, 22, 22, 12, familyInk[f])
	})
	k := r / 21
	p.Image(img, cx-22*k, cy-22*k, 44*k, 44*k, alpha)
}

// drawMarkerAt draws colour c's rule marker with its symbol.
func drawMarkerAt(p scenes.Painter, c nic.Colour, x, y, lift float64) {
	drawMarkerFaded(p, c, x, y, lift, 1)
}

func drawMarkerFaded(p scenes.Painter, c nic.Colour, x, y, lift, alpha float64) {
	y -= 8 * lift
	if alpha >= 1 {
		drawDiscShadow(p, x+1+2*lift, y+2+4*lift, 13, 1)
	}
	img := sprites.Image("marker/"+c.String(), 28, 28, 2*p.S, func(q scenes.Painter) {
		table.DrawMarkerFace(q, 14, 14, 13, colourInk[c])
		drawSymbol(q, c, 14, 14, 6, table.Ivory)
	})
	p.Image(img, x-14, y-14, 28, 28, alpha)
}

// silverTint is the silver cards' colour.
var silverTint = color.RGBA{0x9a, 0xa3, 0xab, 0xff}

// cardTint is a card's colour: its marker's colour, or silver.
func cardTint(c nic.Card) color.RGBA {
	if c.IsColoured() {
		return colourInk[c.Colour()]
	}
	return silverTint
}

// drawCard draws a face-up card at (x, y) of width w (height 1.45·w). The art says what
// the card does: a coloured card shows its marker (colour and symbol) going to its
// zone, with the zone's rule large; a silver card shows which markers it may move
// where.
func drawCard(p scenes.Painter, tr *game.Translator, c nic.Card, x, y, w, lift, glow float64) {
	drawCardFaded(p, tr, c, x, y, w, lift, glow, 1)
}

// cardSpriteScale is how many device pixels per screen pixel a cached card face has: 1.5
// still smooths the edges of its shapes when it is drawn at 92 logical pixels or smaller,
// and its 28 faces take 44% less memory than at 2.
const cardSpriteScale = 1.5

// drawCardFaded draws a card from its cached face (one per card kind and language).
func drawCardFaded(p scenes.Painter, tr *game.Translator, c nic.Card, x, y, w, lift, glow, alpha float64) {
	h := w * 1.45
	if alpha >= 1 {
		table.CardShadow(p, x, y, w, h, lift)
	}
	img := sprites.Image("card/"+tr.Lang()+"/"+c.String(), 92, 92*1.45, cardSpriteScale*p.S, func(q scenes.Painter) {
		drawCardFace(q, tr, c, 0, 0, 92)
	})
	p.Image(img, x, y, w, h, alpha)
	table.CardGlow(p, x, y, w, h, glow)
}

// drawCardFace draws a card's face with vector paths (cached by drawCardFaded).
func drawCardFace(p scenes.Painter, tr *game.Translator, c nic.Card, x, y, w float64) {
	const glow = 0.0
	h := w * 1.45
	tint := cardTint(c)
	table.DrawCardFrame(p, x, y, w, h, glow, tint)
	cx := x + w/2
	k := w / 92 // the art is laid out for a 92-pixel card
	title := scenes.Font{Style: "smallcaps", Size: 14 * k}
	big := scenes.Font{Style: "bold", Size: 30 * k}
	small := scenes.Font{Style: "italic", Size: 11 * k}
	if c.IsColoured() {
		z := c.Zone()
		// A band of the colour with its symbol.
		p.RoundRect(x+9*k, y+9*k, w-18*k, 22*k, 5*k, tint)
		drawSymbol(p, c.Colour(), x+20*k, y+20*k, 6*k, table.Ivory)
		drawSymbol(p, c.Colour(), x+w-20*k, y+20*k, 6*k, table.Ivory)
		p.TextMiddle(tr.T("niccolo.colour."+c.Colour().String()), scenes.Font{Style: "bold", Size: 11 * k}, cx, y+20*k, scenes.Center, table.Ivory)
		// The zone's name and its rule, large.
		name := tr.T("niccolo.zone." + z.String())
		if title.Width(name) > w-14*k {
			title.Size = 12 * k
		}
		p.TextMiddle(name, title, cx, y+44*k, scenes.Center, scenes.Ink)
		vc := scenes.Ink
		switch s := z.Steps(); {
		case s > 0:
			vc = colourInk[nic.Green]
		case s < 0:
			vc = scenes.Crimson
		}
		p.TextMiddle(zoneValue(z), big, cx, y+74*k, scenes.Center, vc)
		// Arrows: how far a token on this colour will go.
		drawSteps(p, z.Steps(), cx, y+100*k, k, vc)
		table.DrawMarker(p, cx, y+119*k, 7*k, 0, tint)
		drawSymbol(p, c.Colour(), cx, y+119*k, 3.5*k, table.Ivory)
		return
	}
	name := tr.T("niccolo.card." + c.String())
	if title.Width(name) > w-14*k {
		title.Size = 12 * k
	}
	p.RoundRect(x+9*k, y+9*k, w-18*k, 22*k, 5*k, scenes.Mix(silverTint, scenes.Ink, 0.2))
	p.TextMiddle(name, title, cx, y+20*k, scenes.Center, table.Ivory)
	// Four small markers: which may move.
	for i := 0; i < 4; i++ {
		mx := cx + (float64(i)-1.5)*17*k
		table.DrawMarker(p, mx, y+48*k, 7*k, 0, colourInk[i])
		drawSymbol(p, nic.Colour(i), mx, y+48*k, 3.5*k, table.Ivory)
	}
	switch c {
	case nic.Bribery:
		p.TextMiddle("1 → ?", big, cx, y+80*k, scenes.Center, scenes.Ink)
		fitText(p, tr.T("niccolo.card.bribery.art"), small, cx, y+112*k, w-12*k, scenes.InkSoft)
	case nic.Rumour:
		p.TextMiddle("1 → +2", scenes.Font{Style: "bold", Size: 24 * k}, cx, y+80*k, scenes.Center, colourInk[nic.Green])
		p.TextMiddle(tr.T("niccolo.zone.influence"), small, cx, y+112*k, scenes.Center, scenes.InkSoft)
	case nic.Accusation:
		p.TextMiddle("1 → 0", scenes.Font{Style: "bold", Size: 24 * k}, cx, y+80*k, scenes.Center, scenes.Crimson)
		p.TextMiddle(tr.T("niccolo.zone.inquisition"), small, cx, y+112*k, scenes.Center, scenes.InkSoft)
	case nic.Signoria:
		// Two curved arrows round a circle: every marker one zone either way.
		p.StrokeCircle(cx, y+84*k, 16*k, 2*k, scenes.Ink)
		arrowHead(p, cx+16*k, y+84*k, math.Pi/2, 6*k, scenes.Ink)
		arrowHead(p, cx-16*k, y+84*k, -math.Pi/2, 6*k, scenes.Ink)
		p.TextMiddle("±1", scenes.Font{Style: "bold", Size: 13 * k}, cx, y+84*k, scenes.Center, scenes.Ink)
		fitText(p, tr.T("niccolo.card.signoria.art"), small, cx, y+118*k, w-12*k, scenes.InkSoft)
	}
}

// drawSteps draws |n| small arrows pointing forward (n > 0) or backward, or a bar for 0.
func drawSteps(p scenes.Painter, n int, cx, cy, k float64, c color.RGBA) {
	if n == 0 {
		p.Line(cx-14*k, cy, cx+14*k, cy, 3*k, c)
		p.Line(cx-14*k, cy-5*k, cx-14*k, cy+5*k, 3*k, c)
		p.Line(cx+14*k, cy-5*k, cx+14*k, cy+5*k, 3*k, c)
		return
	}
	dir, m := 1.0, n
	if n < 0 {
		dir, m = -1, -n
	}
	gap := 10 * k
	x0 := cx - float64(m-1)*gap/2
	for i := 0; i < m; i++ {
		a := 0.0
		if dir < 0 {
			a = math.Pi
		}
		arrowHead(p, x0+float64(i)*gap, cy, a, 5*k, c)
	}
}

// arrowHead draws a filled triangle pointing at angle a.
func arrowHead(p scenes.Painter, x, y, a, s float64, c color.RGBA) {
	var path vector.Path
	path.MoveTo(float32(x+s*math.Cos(a)), float32(y+s*math.Sin(a)))
	path.LineTo(float32(x+s*math.Cos(a+2.4)), float32(y+s*math.Sin(a+2.4)))
	path.LineTo(float32(x+s*math.Cos(a-2.4)), float32(y+s*math.Sin(a-2.4)))
	path.Close()
	p.FillPath(&path, c)
}

// fitText draws one centred line, shrinking the font until it fits width.
func fitText(p scenes.Painter, s string, f scenes.Font, cx, cy, width float64, c color.RGBA) {
	for f.Width(s) > width && f.Size > 6 {
		f.Size -= 0.5
	}
	p.TextMiddle(s, f, cx, cy, scenes.Center, c)
}

// drawDiscShadow draws a round shadow of radius r (a cached sprite) with opacity a.
func drawDiscShadow(p scenes.Painter, cx, cy, r, a float64) {
	img := sprites.Image("shadow", 32, 32, 2*p.S, func(q scenes.Painter) { q.Circle(16, 16, 16, table.Shadow) })
	p.Image(img, cx-r, cy-r, 2*r, 2*r, math.Min(1, a))
}
