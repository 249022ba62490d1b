package machiavelli

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2/vector"

	"principe/assets"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// Card faces: an ivory card with its rank and suit in the top-left corner (what shows
// when cards overlap in a meld), a large pip in the middle, and for a joker a star with
// the card it stands for. Each face is drawn once per size and colour scheme and cached.

// Suit colours: the classic two, or four (clubs green, diamonds blue) for players who
// want each suit told apart at a glance.
var (
	suitBlack = color.RGBA{0x22, 0x1a, 0x14, 0xff}
	suitRed   = color.RGBA{0xb0, 0x1c, 0x24, 0xff}
	suitBlue  = color.RGBA{0x1d, 0x4f, 0x9a, 0xff}
	suitGreen = color.RGBA{0x1f, 0x6e, 0x2c, 0xff}
)

// suitColour is the ink of a suit.
func suitColour(s mach.Suit, four bool) color.RGBA {
	switch s {
	case mach.Hearts:
		return suitRed
	case mach.Diamonds:
		if four {
			return suitBlue
		}
		return suitRed
	case mach.Clubs:
		if four {
			return suitGreen
		}
	}
	return suitBlack
}

var suitSymbols = [4]string{"♠", "♥", "♦", "♣"}

// rankLabel is a rank as printed on a card: A 2 … 10 J Q K.
func rankLabel(r int) string {
	switch r {
	case 1:
		return "A"
	case 11:
		return "J"
	case 12:
		return "Q"
	case 13:
		return "K"
	}
	return strconv.Itoa(r)
}

// standInLabel is what a joker stands for, as printed under its star: "8♥", or "7"
// with the suits a set's joker may be ("7♦♣").
func standInLabel(si *mach.StandIn) string {
	if si == nil {
		return ""
	}
	s := rankLabel(si.Rank)
	for _, su := range si.Suits {
		s += suitSymbols[su]
	}
	return s
}

var faces table.Sprites

// Faces are cached at two sizes, whatever size they are drawn at (a card flying or a
// table shrinking to fit changes size every frame; caching each size would draw a new
// face every frame): small for the table's cards, large for the hand's.
const (
	smallFaceW = 46.0
	largeFaceW = 64.0
)

// drawCard draws card c at (x, y, w, h) with its shadow (lifted by lift). standIn is what a
// joker stands for in its meld (nil elsewhere).
func drawCard(p scenes.Painter, c mach.Card, x, y, w, h, lift float64, four bool, standIn *mach.StandIn) {
	drawShadow(p, x, y, w, h, lift)
	fw := smallFaceW
	if w > smallFaceW+6 {
		fw = largeFaceW
	}
	fh := fw * cardAspect
	key := strconv.Itoa(c.Face()) + "/" + strconv.Itoa(int(fw)) + "/" + standInLabel(standIn)
	if four {
		key += "/4"
	}
	img := faces.Image(key, fw, fh, p.S, func(q scenes.Painter) { drawFace(q, c, fw, fh, four, standIn) })
	p.Image(img, x, y, w, h, 1)
}

// drawShadow draws a card's shadow (raised by lift) from a cached picture: a vector
// shape per card and frame costs much on software GL, and a full table has a hundred.
func drawShadow(p scenes.Painter, x, y, w, h, lift float64) {
	img := faces.Image("shadow", smallFaceW, smallFaceW*cardAspect, p.S, func(q scenes.Painter) {
		q.RoundRect(0, 0, smallFaceW, smallFaceW*cardAspect, smallFaceW*0.09, table.Shadow)
	})
	off := 2 + 5*lift
	p.Image(img, x+off*0.6, y+off, w, h, math.Min(1, 0.8+0.4*lift))
}

// drawFace paints a card face at the origin.
func drawFace(p scenes.Painter, c mach.Card, w, h float64, four bool, standIn *mach.StandIn) {
	r := w * 0.09
	p.RoundRect(0, 0, w, h, r, table.Ivory)
	p.StrokeRoundRect(w*0.06, w*0.06, w-w*0.12, h-w*0.12, r*0.6, 0.8, scenes.Fade(scenes.GoldDeep, 0.7))
	p.StrokeRoundRect(0, 0, w, h, r, 1.2, scenes.Mix(scenes.GoldDeep, scenes.Ink, 0.4))
	corner := scenes.Font{Style: assets.FontBold, Size: w * 0.30}
	pipFont := scenes.Font{Style: assets.FontRegular, Size: w * 0.27}
	if c.IsJoker() {
		drawStar(p, w*0.2, w*0.2, w*0.13, scenes.Crimson)
		if standIn != nil {
			lbl := standInLabel(standIn)
			f := scenes.Font{Style: assets.FontBold, Size: w * 0.22}
			col := suitBlack
			if len(standIn.Suits) == 1 {
				col = suitColour(standIn.Suits[0], four)
			}
			// Written down the visible strip, one character under the other.
			y := w * 0.38
			for _, ch := range lbl {
				p.Text(string(ch), f, w*0.2, y, scenes.Center, scenes.Fade(col, 0.85))
				y += f.Size * 0.95
			}
		}
		drawStar(p, w*0.6, h*0.52, w*0.27, scenes.Fade(scenes.Crimson, 0.9))
		p.TextMiddle("JOLLY", scenes.Font{Style: assets.FontSmallCaps, Size: w * 0.17}, w*0.6, h*0.86, scenes.Center, scenes.GoldDeep)
		return
	}
	col := suitColour(c.Suit(), four)
	label := rankLabel(c.Rank())
	cf := corner
	if len(label) > 1 {
		cf.Size = w * 0.25
	}
	p.Text(label, cf, w*0.2, w*0.06, scenes.Center, col)
	p.Text(suitSymbols[c.Suit()], pipFont, w*0.2, w*0.06+corner.Size*1.02, scenes.Center, col)
	if c.Rank() >= 11 {
		// Court cards: the letter large in a gilt cartouche.
		cx, cy := w*0.6, h*0.56
		p.RoundRect(cx-w*0.27, cy-h*0.24, w*0.54, h*0.48, w*0.08, scenes.Mix(table.Ivory, scenes.GoldLight, 0.35))
		p.StrokeRoundRect(cx-w*0.27, cy-h*0.24, w*0.54, h*0.48, w*0.08, 0.8, scenes.GoldDeep)
		p.TextMiddle(label, scenes.Font{Style: assets.FontSmallCaps, Size: w * 0.44}, cx, cy-h*0.05, scenes.Center, col)
		p.TextMiddle(suitSymbols[c.Suit()], scenes.Font{Style: assets.FontRegular, Size: w * 0.26}, cx, cy+h*0.14, scenes.Center, col)
		return
	}
	p.TextMiddle(suitSymbols[c.Suit()], scenes.Font{Style: assets.FontRegular, Size: w * 0.62}, w*0.6, h*0.58, scenes.Center, col)
}

// drawStar draws a five-pointed star of outer radius r centred on (cx, cy): the joker's
// mark.
func drawStar(p scenes.Painter, cx, cy, r float64, c color.RGBA) {
	var path vector.Path
	for i := 0; i < 10; i++ {
		rad := r
		if i%2 == 1 {
			rad = r * 0.42
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		x, y := float32(cx+rad*math.Cos(a)), float32(cy+rad*math.Sin(a))
		if i == 0 {
			path.MoveTo(x, y)
		} else {
			path.LineTo(x, y)
		}
	}
	path.Close()
	p.FillPath(&path, c)
}
