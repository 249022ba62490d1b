package makiavelia

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

var (
	fontName  = scenes.Font{Style: assets.FontBold, Size: 15}
	fontSmall = scenes.Font{Style: assets.FontRegular, Size: 13}
	fontTiny  = scenes.Font{Style: assets.FontRegular, Size: 11}
	fontItal  = scenes.Font{Style: assets.FontItalic, Size: 13}
	fontPanel = scenes.Font{Style: assets.FontRegular, Size: 14}
	fontTitle = scenes.Font{Style: assets.FontBold, Size: 17}
)

// draw paints the table. What changes only when the game or the player's choices move
// on (the parchment, the header, every City at rest, the Reserve, the status, the action
// panel and the log) is drawn into a cached layer, redrawn only when its signature
// changes; what moves or pulses (the thinking indicator, highlighted targets, flashes,
// the dice, a dragged card, Memorial growing, flights, the banner, the overlays, the zoom)
// is drawn on top every frame. A vector shape costs much on software GL, and eight full
// Cities have hundreds.
func (t *Table) draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	if t.covered {
		scenes.DrawParchment(p)
		table.DrawPrivacy(p, ctx.F("table.privacy.title", seatName(t.m.ToAct())), ctx.T("table.privacy.hint"), ctx.Tick)
		return
	}
	t.warmFaces(p, ctx)
	t.layer.Draw(p, t.signature(ctx), func(q scenes.Painter) { t.drawStatic(q, ctx) })
	t.drawLive(p, ctx)
}

// drawStatic draws the cached layer. It also records where each card was drawn
// (t.drawn) and each City as drawn (t.shown), which stay true while the layer does.
func (t *Table) drawStatic(p scenes.Painter, ctx *game.Context) {
	scenes.DrawParchment(p)
	if t.drawn == nil {
		t.drawn = map[mak.CardID]scenes.Rect{}
	}
	clear(t.drawn)
	t.shown = make([][]mak.CardID, t.obs.Players)
	t.drawHeader(p, ctx)
	for i := 0; i < t.obs.Players; i++ {
		t.drawSeat(p, ctx, rules.Seat(i))
	}
	if t.viewer == rules.NoSeat {
		table.DrawPanel(p, mainArea)
		p.TextMiddle(ctx.T("makiavelia.reserve.none"), fontItal, mainArea.X+mainArea.W/2, mainArea.Y+mainArea.H/2, scenes.Center, scenes.InkSoft)
	} else {
		t.drawReserve(p, ctx)
	}
	t.drawStatus(p, ctx)
	t.drawPanel(p, ctx)
	t.log.Draw(p, logRect, ctx.T("table.log"))
}

// drawLive draws, over the cached layer, what changes from frame to frame.
func (t *Table) drawLive(p scenes.Painter, ctx *game.Context) {
	for i := 0; i < t.obs.Players; i++ {
		t.drawSeatLive(p, ctx, rules.Seat(i))
	}
	t.drawMemorialGrowth(p, ctx)
	t.drawDragged(p, ctx)
	t.drawPickHover(p, ctx)
	t.drawEffects(p, ctx)
	t.overlay.draw(p, ctx, t)
	t.drawZoom(p, ctx)
}

// signature says everything the cached layer shows; the layer is redrawn when it
// changes. Whatever the rules say reaches the table through refresh (counted by
// t.refreshes); the rest is the player's choices in progress, the animations' being
// busy, the log, and what the cursor lights up.
func (t *Table) signature(ctx *game.Context) string {
	var b strings.Builder
	mx, my := ctx.Input.Cursor()
	header := -1
	for i, r := range []scenes.Rect{historyButton, cardsButton, helpButton, menuButton} {
		if r.Contains(mx, my) {
			header = i
		}
	}
	in := t.in
	in.hoverCard = -1 // only the input reads it (the zoom is drawn live)
	fmt.Fprint(&b, ctx.Tr().Lang(), t.refreshes, t.viewer, t.seq.Busy(), header, in, t.log.Added(), t.log.Scroll())
	for _, bt := range t.btn {
		fmt.Fprint(&b, "|", bt.label, bt.r, bt.enabled, bt.hot, bt.r.Contains(mx, my))
	}
	if t.in.mode == modeWords || t.in.trade.typing {
		fmt.Fprint(&b, "caret", (ctx.Tick/30)%2) // the caret blinks
	}
	return b.String()
}

// warmFaces draws every card face (full and small) into its sprite once, when the table
// first draws, so that no frame later in the game stalls drawing a new face (a face
// costs a few milliseconds on software GL).
func (t *Table) warmFaces(p scenes.Painter, ctx *game.Context) {
	if t.warmed {
		return
	}
	t.warmed = true
	for k := range mak.Cards {
		// Drawn off-screen: only the sprites are wanted.
		drawCard(p, ctx, mak.Kind(k), -faceW-10, 0, faceW, faceH)
		drawMini(p, ctx, mak.Kind(k), -miniW-10, 0, miniW, miniH)
	}
}

func (t *Table) drawHeader(p scenes.Painter, ctx *game.Context) {
	o := t.obs
	title := ctx.F("makiavelia.header", ctx.T("game.makiavelia.name"), o.Round, stepWord(ctx, o.Step))
	p.Text(title, scenes.Font{Style: assets.FontSmallCaps, Size: 26}, 14, 8, scenes.Left, scenes.Crimson)
	for _, b := range []struct {
		r   scenes.Rect
		key string
	}{{historyButton, "makiavelia.button.history"}, {cardsButton, "makiavelia.button.cards"}, {helpButton, "table.help"}, {menuButton, "table.menu"}} {
		mx, my := ctx.Input.Cursor()
		g := 0.0
		if b.r.Contains(mx, my) {
			g = 1
		}
		drawSmallButton(p, b.r, ctx.T(b.key), g, true)
	}
}

// drawSeat draws one player's panel: header (token, name, chips) and City.
func (t *Table) drawSeat(p scenes.Painter, ctx *game.Context, seat rules.Seat) {
	o := t.obs
	r := t.SeatRect(seat)
	full := seat == t.viewer
	toAct := t.toAct == seat
	fill := scenes.Mix(scenes.Parchment, table.Ivory, 0.5)
	if toAct {
		fill = scenes.Mix(fill, scenes.GoldLight, 0.35)
	}
	p.Rect(r.X, r.Y, r.W, r.H, fill)
	edge, lw := scenes.GoldDeep, 1.2
	if toAct {
		edge, lw = scenes.Crimson, 2.5
	}
	if t.isTargetSeat(seat) {
		// A seat to choose: its edge pulses (drawn live).
		if t.in.hoverSeat == seat {
			p.Rect(r.X, r.Y, r.W, r.H, scenes.Fade(scenes.Crimson, 0.12))
		}
	} else {
		p.StrokeRect(r.X, r.Y, r.W, r.H, lw, edge)
	}
	h := headerOf(r)
	p.Rect(h.X, h.Y, h.W, h.H, scenes.Fade(seatColour(seat), 0.18))
	// Power token (with the power once the negotiation has computed it).
	tx, ty := h.X+14, h.Y+13
	p.Circle(tx, ty, 10, seatColour(seat))
	p.Circle(tx, ty, 7.5, table.Ivory)
	if len(o.Power) == o.Players && o.Step >= mak.StepHospital {
		p.TextMiddle(fmt.Sprint(o.Power[seat]), scenes.Font{Style: assets.FontBold, Size: 10}, tx, ty, scenes.Center, scenes.Ink)
	}
	name := seatName(seat)
	nf := fontName
	if !full {
		nf.Size = 14
	}
	p.TextMiddle(name, nf, h.X+30, ty, scenes.Left, scenes.Ink)
	nx := h.X + 34 + nf.Width(name)
	who := whoLabel(ctx, t.m.Seated(seat))
	if r.W > 250 || full {
		p.TextMiddle(who, fontItal, nx, ty, scenes.Left, scenes.InkSoft)
		nx += fontItal.Width(who) + 6
	}
	if o.First == seat {
		drawFirstToken(p, nx+9, ty, 8)
	}
	if ri := regimeIndex(o, seat); ri >= 0 {
		p.StrokeCircle(tx, ty, 12.5, 2, regimeColour(ri))
	}
	// Chips: coins, Reserve, Cemetery.
	t.drawChip(p, t.purseRect(seat), "coin", o.CoinCounts[seat])
	t.drawChip(p, t.reserveRect(seat), "reserve", o.ReserveSizes[seat])
	t.drawChip(p, t.cemeteryRect(seat), "cemetery", o.CemeterySizes[seat])
	if full {
		for i, c := range o.Coins {
			cr := coinRect(i)
			sel := t.in.mode == modeTrade && t.in.trade.coins[c]
			drawCoin(p, cr.X+10, cr.Y+10, 9, mak.CoinValue(c), sel)
		}
	}
	// The City.
	city := o.Cities[seat]
	rects := t.cityRects(seat, len(city))
	if len(city) == 0 {
		a := t.cityArea(seat)
		p.TextMiddle(ctx.T("makiavelia.city.empty"), fontItal, a.X+a.W/2, a.Y+min(a.H/2, 40), scenes.Center, scenes.InkFaded)
	}
	for i, pl := range city {
		cr := rects[i]
		t.drawPlaced(p, ctx, pl, cr, full || cr.H > 90)
		t.shown[seat] = append(t.shown[seat], pl.Card)
	}
}

// drawSeatLive draws over seat's panel what moves: the pulsing edge of a seat to choose,
// the pulsing frame of a card to choose, flashes, the thinking indicator and the dice.
func (t *Table) drawSeatLive(p scenes.Painter, ctx *game.Context, seat rules.Seat) {
	r := t.SeatRect(seat)
	if t.isTargetSeat(seat) {
		p.StrokeRect(r.X, r.Y, r.W, r.H, 2+math.Sin(float64(ctx.Tick)/6), scenes.Crimson)
	}
	for _, pl := range t.obs.Cities[seat] {
		cr, ok := t.drawn[pl.Card]
		if !ok {
			continue
		}
		if n := t.fx.flash[pl.Card]; n > 0 {
			a := 0.5 + 0.5*math.Sin(float64(n)/4)
			p.StrokeRect(cr.X-2, cr.Y-2, cr.W+4, cr.H+4, 3, scenes.Fade(scenes.Gold, a))
		}
		if t.isTargetCard(pl.Card) {
			a := 0.6 + 0.4*math.Sin(float64(ctx.Tick)/6)
			p.StrokeRect(cr.X-2, cr.Y-2, cr.W+4, cr.H+4, 2.5, scenes.Fade(scenes.Crimson, a))
		}
	}
	if t.m.Thinking() == seat || t.pacer.Holding() == seat {
		table.DrawThinking(p, r.X+r.W-140, r.Y+r.H-16, ctx.T("table.thinking"), ctx.Tick)
	}
	if t.fx.dice != nil && t.fx.dice.target == seat {
		t.drawDice(p, ctx, r)
	}
}

// drawPlaced draws a card in play with its wounds, who played it and highlights.
func (t *Table) drawPlaced(p scenes.Painter, ctx *game.Context, pl mak.Placed, r scenes.Rect, big bool) {
	k := mak.KindOf(pl.Card)
	table.CardShadow(p, r.X, r.Y, r.W, r.H, 0)
	if big {
		drawCard(p, ctx, k, r.X, r.Y, r.W, r.H)
	} else {
		drawMini(p, ctx, k, r.X, r.Y, r.W, r.H)
	}
	t.drawn[pl.Card] = r
	planned := 0
	if t.in.plan != nil {
		planned = t.in.plan[pl.Card]
	}
	drawWounds(p, r.X, r.Y, r.W, r.H, pl.Wounds, planned)
	// A strength grown beyond the printed one (Memorial) is shown on the card.
	if st := t.world.StrengthNow(pl.Card); st > mak.Cards[k].Strength && mak.Cards[k].Type != mak.Influence {
		drawStrengthBadge(p, r, st, 1)
	}
	owner := t.ownerOf(pl.Card)
	if pl.By != owner && pl.By != rules.NoSeat {
		p.Circle(r.X+r.W-5, r.Y+5, 4.5, seatColour(pl.By))
		p.StrokeCircle(r.X+r.W-5, r.Y+5, 4.5, 0.8, scenes.Ink)
	}
}

// drawStrengthBadge draws a strength grown beyond the printed one on the card drawn in
// r: a gold label on its right edge (scale enlarges it about its centre line).
func drawStrengthBadge(p scenes.Painter, r scenes.Rect, st int, scale float64) {
	b := fmt.Sprint(st)
	f := fontName
	f.Size *= scale
	w, h := f.Width(b)+8*scale, 18*scale
	x, y := r.X+r.W-w-2, r.Y+r.H*0.42+9-h/2
	p.Rect(x, y, w, h, scenes.GoldLight)
	p.StrokeRect(x, y, w, h, scale, scenes.GoldDeep)
	p.TextMiddle(b, f, x+w/2, y+h/2, scenes.Center, scenes.Ink)
}

// drawMemorialGrowth draws the Memorials growing: each rises from its place in its City,
// larger, in a pulsing golden glow, while its strength counts up from the old value to
// the new one and a "+n" floats up; then it settles back. A settled Memorial keeps its
// new strength on its badge until the table re-reads the observation.
func (t *Table) drawMemorialGrowth(p scenes.Painter, ctx *game.Context) {
	for _, g := range t.fx.growths {
		r, ok := t.drawn[g.card]
		if !ok {
			continue
		}
		k := g.progress
		if k >= 1 {
			drawStrengthBadge(p, r, g.to, 1)
			continue
		}
		// Rise over the first quarter, hold, settle over the last fifth.
		lift := scenes.EaseOutBack(math.Min(1, k/0.25))
		if k > 0.8 {
			lift = scenes.EaseInOutSine((1 - k) / 0.2)
		}
		lift = math.Max(0, lift)
		grow := math.Max(1.35, math.Min(2.6, 110/r.H)) // small compact cards rise larger
		s := 1 + (grow-1)*lift
		cx, cy := r.X+r.W/2, r.Y+r.H/2-16*lift
		w, h := r.W*s, r.H*s
		x, y := math.Max(2, cx-w/2), math.Max(2, cy-h/2)
		// The glow: rings widening and fading, pulsing while the strength counts.
		pulse := 0.5 + 0.5*math.Sin(k*math.Pi*6)
		for i := 4; i >= 1; i-- {
			d := float64(i) * (3 + 1.5*pulse) * lift
			p.RoundRect(x-d, y-d, w+2*d, h+2*d, w*0.09+d, scenes.Fade(scenes.Gold, 0.2*lift))
		}
		table.CardShadow(p, x, y, w, h, lift)
		if h > 90 {
			drawCard(p, ctx, mak.Memorial, x, y, w, h)
		} else {
			drawMini(p, ctx, mak.Memorial, x, y, w, h)
		}
		p.StrokeRoundRect(x-2, y-2, w+4, h+4, w*0.09+2, 2+pulse, scenes.Fade(scenes.Gold, 0.5+0.5*lift))
		// The strength counts up between 25% and 70% of the step.
		count := math.Max(0, math.Min(1, (k-0.25)/0.45))
		st := g.from + int(math.Round(float64(g.to-g.from)*count))
		pop := 1 + 0.25*math.Max(0, math.Sin(math.Pi*math.Mod(count*float64(g.to-g.from), 1)))
		drawStrengthBadge(p, scenes.Rect{X: x, Y: y, W: w, H: h}, st, s*pop)
		if count > 0 {
			a := math.Min(1, 3*(1-k))
			plus := fmt.Sprintf("+%d", g.to-g.from)
			f := scenes.Font{Style: assets.FontBold, Size: 20}
			pw, py := f.Width(plus)+16, math.Max(14, y-18-22*count)
			p.RoundRect(cx-pw/2, py-13, pw, 26, 13, scenes.Fade(scenes.CrimsonDeep, 0.92*a))
			p.StrokeRoundRect(cx-pw/2, py-13, pw, 26, 13, 1.5, scenes.Fade(scenes.Gold, a))
			p.TextMiddle(plus, f, cx, py, scenes.Center, scenes.Fade(scenes.GoldLight, a))
		}
	}
}

func (t *Table) ownerOf(c mak.CardID) rules.Seat {
	for i, city := range t.obs.Cities {
		for _, pl := range city {
			if pl.Card == c {
				return rules.Seat(i)
			}
		}
	}
	return rules.NoSeat
}

// drawChip draws a small counter: an icon and a number.
func (t *Table) drawChip(p scenes.Painter, r scenes.Rect, icon string, n int) {
	cy := r.Y + r.H/2
	switch icon {
	case "coin":
		p.Circle(r.X+8, cy, 7, scenes.Gold)
		p.StrokeCircle(r.X+8, cy, 7, 1, scenes.GoldDeep)
	case "reserve":
		table.DrawCardBack(p, r.X+3, cy-8, 11, 16, 0)
	case "cemetery":
		p.Rect(r.X+2, cy-7, 13, 15, scenes.Fade(scenes.InkFaded, 0.8))
		p.Line(r.X+8.5, cy-5, r.X+8.5, cy+6, 1.5, table.Ivory)
		p.Line(r.X+5, cy-2, r.X+12, cy-2, 1.5, table.Ivory)
	}
	p.TextMiddle(fmt.Sprint(n), fontSmall, r.X+19, cy, scenes.Left, scenes.Ink)
}

// drawCoin draws a Makielon with its value (own coins, or all at the end).
func drawCoin(p scenes.Painter, cx, cy, r float64, v int, sel bool) {
	p.Circle(cx, cy, r, scenes.Gold)
	p.Circle(cx, cy, r*0.78, scenes.GoldLight)
	p.StrokeCircle(cx, cy, r, 1, scenes.GoldDeep)
	p.TextMiddle(fmt.Sprint(v), scenes.Font{Style: assets.FontBold, Size: r * 1.1}, cx, cy, scenes.Center, scenes.Ink)
	if sel {
		p.StrokeCircle(cx, cy, r+2.5, 2, scenes.Crimson)
	}
}

// drawFirstToken draws the First Player token: a small gold crown.
func drawFirstToken(p scenes.Painter, cx, cy, s float64) {
	p.Circle(cx, cy, s, scenes.GoldDeep)
	p.Circle(cx, cy, s*0.82, scenes.GoldLight)
	p.TextMiddle("1", scenes.Font{Style: assets.FontBold, Size: s * 1.3}, cx, cy, scenes.Center, scenes.CrimsonDeep)
}

func regimeIndex(o *mak.Observation, seat rules.Seat) int {
	if int(seat) < len(o.RegimeOf) {
		return o.RegimeOf[seat]
	}
	return -1
}

// regimeColour tells the round's regimes apart.
func regimeColour(i int) color.RGBA {
	cs := []color.RGBA{scenes.GoldDeep, scenes.Crimson, InfluenceBlue, seatColours[2]}
	return cs[i%len(cs)]
}

// drawReserve draws the Reserve of the seat in view (or its backs when hidden).
func (t *Table) drawReserve(p scenes.Painter, ctx *game.Context) {
	a := reserveArea()
	p.Line(a.X, a.Y-7, a.X+a.W, a.Y-7, 0.8, scenes.Fade(scenes.GoldDeep, 0.6))
	// The label sits in the corner the City row leaves free; a full row of City cards reaches
	// it, and then the Reserve goes without its label rather than under a card.
	label := ctx.T("makiavelia.reserve")
	if city := t.cityRects(t.viewer, len(t.obs.Cities[t.viewer])); len(city) == 0 || city[len(city)-1].X+city[len(city)-1].W < a.X+a.W-fontItal.Width(label)-8 {
		p.Text(label, fontItal, a.X+a.W, a.Y-24, scenes.Right, scenes.InkSoft)
	}
	res := t.obs.Reserve
	rects := reserveRects(len(res))
	if len(res) == 0 {
		p.TextMiddle(ctx.T("makiavelia.reserve.empty"), fontItal, a.X+a.W/2, a.Y+a.H/2, scenes.Center, scenes.InkFaded)
	}
	for i, c := range res {
		r := rects[i]
		lift := 0.0
		if c == t.in.sel || (t.in.mode == modeTrade && t.in.trade.cards[c]) {
			lift = 1
		}
		if t.in.drag && t.in.press == c {
			continue
		}
		r.Y -= 10 * lift
		playable := len(t.playsOf(c)) > 0
		table.CardShadow(p, r.X, r.Y, r.W, r.H, lift)
		drawCard(p, ctx, mak.KindOf(c), r.X, r.Y, r.W, r.H)
		if len(t.legal) > 0 && t.obs.Step == mak.StepTurn && !playable && t.in.mode != modeTrade {
			p.Rect(r.X, r.Y, r.W, r.H, scenes.Fade(scenes.Parchment, 0.35))
		}
		table.CardGlow(p, r.X, r.Y, r.W, r.H, lift)
		t.drawn[c] = r
	}
}

// drawDragged draws the Reserve card being dragged under the cursor.
func (t *Table) drawDragged(p scenes.Painter, ctx *game.Context) {
	if !t.in.drag || t.in.press < 0 || t.viewer == rules.NoSeat || len(t.obs.Reserve) == 0 {
		return
	}
	x, y := ctx.Input.Cursor()
	r := reserveRects(len(t.obs.Reserve))[0]
	table.CardShadow(p, x-r.W/2, y-r.H/2, r.W, r.H, 1)
	drawCard(p, ctx, mak.KindOf(t.in.press), x-r.W/2, y-r.H/2, r.W, r.H)
}

// drawStatus draws the round, the phase, who acts, the actions left, the Market and
// the Treasury.
func (t *Table) drawStatus(p scenes.Painter, ctx *game.Context) {
	o := t.obs
	r := statusRect
	table.DrawPanel(p, r)
	y := r.Y + 10
	to := t.toAct
	head := ctx.T("makiavelia.status.over")
	if to != rules.NoSeat {
		head = ctx.F("makiavelia.status.toact", seatName(to), stepWord(ctx, o.Step))
	}
	hf := fontTitle
	for hf.Width(head) > marketRect.X-8-(r.X+12) && hf.Size > 12 { // clear of the Market pile
		hf.Size--
	}
	p.Text(head, hf, r.X+12, y, scenes.Left, scenes.CrimsonDeep)
	y += 24
	if o.Step == mak.StepTurn {
		a := t.world.TurnActions()
		s := ctx.F("makiavelia.status.basic", a.Basic)
		if a.Poisons > 0 {
			s += " · " + ctx.F("makiavelia.status.poison", a.Poisons)
		}
		p.Text(s, fontPanel, r.X+12, y, scenes.Left, scenes.Ink)
		var extra []string
		for _, x := range []struct {
			n   int
			key string
		}{{a.Draws, "makiavelia.status.extra.draw"}, {a.Plays, "makiavelia.status.extra.play"}, {a.Attacks, "makiavelia.status.extra.attack"}} {
			if x.n > 0 {
				extra = append(extra, ctx.F(x.key, x.n))
			}
		}
		if len(extra) > 0 {
			p.Text(joinShort(extra), fontSmall, r.X+16+fontPanel.Width(s), y+1, scenes.Left, scenes.CrimsonDeep)
		}
	} else if o.Step >= mak.StepHospital && o.Step < mak.StepOver {
		p.Text(ctx.T("makiavelia.status.negotiation"), fontPanel, r.X+12, y, scenes.Left, scenes.Ink)
	}
	y += 20
	first := ctx.F("makiavelia.status.first", seatName(o.First))
	p.Text(first, fontPanel, r.X+12, y, scenes.Left, scenes.Ink)
	drawFirstToken(p, r.X+22+fontPanel.Width(first), y+9, 8)
	y += 20
	low := o.Market <= 2*o.Players
	mc := scenes.Ink
	msg := ctx.F("makiavelia.status.market", o.Market)
	if o.Emptied || o.Market == 0 {
		mc, msg = scenes.Crimson, ctx.T("makiavelia.status.emptied")
	} else if low {
		mc, msg = scenes.Crimson, ctx.F("makiavelia.status.market.low", o.Market)
	}
	f := fontPanel
	for f.Width(msg) > r.W-24 && f.Size > 10 {
		f.Size--
	}
	p.Text(msg, f, r.X+12, y, scenes.Left, mc)
	table.DrawPile(p, marketRect.X, marketRect.Y-28, 22, 32, o.Market)
	p.Circle(treasuryRect.X+13, treasuryRect.Y-12, 11, scenes.Gold)
	p.StrokeCircle(treasuryRect.X+13, treasuryRect.Y-12, 11, 1, scenes.GoldDeep)
	p.TextMiddle(fmt.Sprint(o.Bag), fontTiny, treasuryRect.X+13, treasuryRect.Y-12, scenes.Center, scenes.Ink)
	p.TextMiddle(ctx.T("makiavelia.status.treasury"), fontTiny, treasuryRect.X+13, treasuryRect.Y+12, scenes.Center, scenes.InkSoft)
}

// drawPanel draws the action panel: what the game waits for and the choices.
func (t *Table) drawPanel(p scenes.Painter, ctx *game.Context) {
	r := PanelRect
	table.DrawPanel(p, r)
	o := t.obs
	to := t.toAct
	human := t.humanChoosing()
	x, y := r.X+14, r.Y+10
	title := func(s string) { p.Text(s, fontTitle, x, y, scenes.Left, scenes.CrimsonDeep); y += 26 }
	para := func(s string) { y += p.Paragraph(s, fontPanel, x, y, r.W-28, 17, scenes.Ink) + 4 }
	if to == rules.NoSeat {
		title(ctx.T("makiavelia.status.over"))
		return
	}
	if !human {
		title(ctx.F("makiavelia.panel.waiting", seatName(to), stepWord(ctx, o.Step)))
		if o.Step == mak.StepTurn && to != rules.NoSeat {
			para(ctx.F("makiavelia.panel.firepower", seatName(to), t.world.Firepower(to), o.ReserveSizes[to]))
		}
		t.drawNegotiationInfo(p, ctx, &y)
		if o.Step < mak.StepHospital {
			para(ctx.T("makiavelia.panel.tips"))
		}
		return
	}
	switch o.Step {
	case mak.StepTurn:
		switch t.in.mode {
		case modeAttack:
			title(ctx.T("makiavelia.attack.choose"))
			t.drawOdds(p, ctx, x, &y)
		case modeTarget:
			title(ctx.F("makiavelia.target.choose", cardName(ctx, mak.KindOf(t.in.sel))))
			para(cardText(ctx, mak.KindOf(t.in.sel)))
		case modePromise:
			title(ctx.T("makiavelia.promise.choose"))
			para(ctx.T("makiavelia.promise.type"))
		case modeWords:
			title(ctx.F("makiavelia.promise.to", seatName(t.in.wordsTo)))
			para("“" + t.in.words.WithCaret((ctx.Tick/30)%2 == 0) + "”")
			if t.in.words.Text() == "" {
				para(ctx.F("makiavelia.promise.words", mak.CannedPromise))
			} else {
				para(ctx.T("makiavelia.promise.enter"))
			}
		case modeTrade:
			t.drawTrade(p, ctx)
		default:
			if t.in.sel >= 0 {
				title(cardName(ctx, mak.KindOf(t.in.sel)))
				para(cardText(ctx, mak.KindOf(t.in.sel)))
				if len(t.playsOf(t.in.sel)) == 0 {
					para(ctx.T("makiavelia.play.cannot"))
				} else {
					para(ctx.T("makiavelia.play.drag"))
				}
			} else {
				title(ctx.T("makiavelia.turn.title"))
				para(ctx.T("makiavelia.turn.hint"))
			}
		}
	case mak.StepWounds:
		title(ctx.F("makiavelia.wounds.title", o.WoundsLeft))
		para(ctx.T("makiavelia.wounds.hint"))
		para(ctx.F("makiavelia.wounds.total", planTotal(t.in.plan), o.WoundsLeft))
	case mak.StepTraitor:
		if o.Playing != nil {
			title(ctx.T("makiavelia.traitor.title"))
			para(ctx.F("makiavelia.traitor.detail", seatName(o.Playing.By), cardName(ctx, mak.KindOf(o.Playing.Card))))
			drawCard(p, ctx, mak.KindOf(o.Playing.Card), r.X+r.W-100, r.Y+40, 84, 118)
		}
	case mak.StepPick:
		title(ctx.T("makiavelia.pick.title"))
		ks := t.pickKinds()
		for i, k := range ks {
			pr := pickRect(i, len(ks))
			drawMini(p, ctx, k, pr.X, pr.Y, pr.W, pr.H)
		}
	case mak.StepOffer:
		title(ctx.T("makiavelia.offer.title"))
		if o.Offer != nil {
			para(offerWords(ctx, "makiavelia.offer.detail", o.Offer))
		}
	case mak.StepHospital:
		title(ctx.T("makiavelia.hospital.title"))
		para(ctx.T("makiavelia.hospital.hint"))
	case mak.StepPropose:
		title(ctx.T("makiavelia.regime.title"))
		t.drawRegimeDraft(p, ctx, o.Me)
		yy := regimeRow(len(t.freeOthers(o.Me))).Y + 6
		t.drawNegotiationInfo(p, ctx, &yy)
		left := mak.MaxTerms
		if int(o.Me) < len(o.TermsLeft) {
			left = o.TermsLeft[o.Me]
		}
		if left == 0 {
			p.Text(ctx.F("makiavelia.regime.noterms", mak.MaxTerms), fontTiny, r.X+r.W-14, r.Y+14, scenes.Right, scenes.Crimson)
		} else {
			p.Text(ctx.F("makiavelia.regime.terms", left), fontTiny, r.X+r.W-14, r.Y+14, scenes.Right, scenes.InkSoft)
		}
	case mak.StepVote:
		title(ctx.T("makiavelia.vote.title"))
		if o.Proposal != nil {
			para(ctx.F("makiavelia.vote.detail", seatName(o.ProposedBy), regimeWords(o.Proposal)))
			drawJoined(p, *o.Proposal, x+10, y+10)
			y += 28
			if len(o.Voters) > 1 {
				para(ctx.F("makiavelia.vote.waiting", seatList(o.Voters[1:])))
			}
			if len(t.legalOf(mak.MoveCounter)) > 0 {
				if len(t.legalOf(mak.MoveRefuse)) == 0 {
					para(ctx.T("makiavelia.vote.pledged"))
				}
				p.Paragraph(ctx.F("makiavelia.vote.counter.hint", seatName(o.ProposedBy)), fontSmall, x, counterRow.Y-34, r.W-28, 15, scenes.InkSoft)
				p.TextMiddle(ctx.F("makiavelia.vote.counter", t.in.counter), fontName, x, counterRow.Y+counterRow.H/2, scenes.Left, scenes.CrimsonDeep)
			}
		}
	}
	for _, b := range t.btn {
		g := 0.0
		if b.hot && b.enabled {
			g = 0.8
		}
		mx, my := ctx.Input.Cursor()
		if b.r.Contains(mx, my) && b.enabled {
			g = 1
		}
		drawSmallButton(p, b.r, b.label, g, b.enabled)
	}
}

// humanChoosing reports whether the panel asks the human in view for a choice (the
// seat to act is theirs and no animation is running).
func (t *Table) humanChoosing() bool {
	to := t.toAct
	return to != rules.NoSeat && t.m.Player(to).Kind == play.Human && to == t.viewer && !t.seq.Busy()
}

// drawPickHover frames the design under the cursor while the human picks one (Bribery,
// Spy) and shows it large.
func (t *Table) drawPickHover(p scenes.Painter, ctx *game.Context) {
	if t.obs.Step != mak.StepPick || !t.humanChoosing() {
		return
	}
	mx, my := ctx.Input.Cursor()
	ks := t.pickKinds()
	for i, k := range ks {
		if pr := pickRect(i, len(ks)); pr.Contains(mx, my) {
			p.StrokeRect(pr.X-2, pr.Y-2, pr.W+4, pr.H+4, 2, scenes.Crimson)
			t.zoomKind = k
		}
	}
}

// drawSmallButton draws a compact button.
func drawSmallButton(p scenes.Painter, r scenes.Rect, label string, glow float64, enabled bool) {
	fill := scenes.Mix(scenes.Fade(scenes.Parchment, 0.95), scenes.Crimson, glow)
	if glow >= 0.5 {
		fill = scenes.Mix(scenes.Crimson, scenes.CrimsonDeep, glow-0.5)
	}
	ink := scenes.Ink
	if glow >= 0.5 {
		ink = scenes.GoldLight
	}
	if !enabled {
		fill, ink = scenes.Fade(scenes.ParchmentDark, 0.6), scenes.InkFaded
	}
	p.Rect(r.X, r.Y, r.W, r.H, fill)
	p.StrokeRect(r.X, r.Y, r.W, r.H, 1.2, scenes.GoldDeep)
	f := scenes.Font{Style: assets.FontBold, Size: 14}
	for f.Width(label) > r.W-8 && f.Size > 9 {
		f.Size--
	}
	cx, cy := r.Center()
	p.TextMiddle(label, f, cx, cy, scenes.Center, ink)
}

// drawOdds shows, for the player under the cursor, the dice, the expected hits and the
// chance of destroying each of its cards if every hit went on it.
func (t *Table) drawOdds(p scenes.Painter, ctx *game.Context, x float64, y *float64) {
	n := t.world.Firepower(t.obs.Me)
	*y += p.Paragraph(ctx.F("makiavelia.attack.dice", n, float64(n)*float64(mak.StarFaces)/6), fontPanel, x, *y, PanelRect.W-28, 17, scenes.Ink) + 3
	s := t.in.hoverSeat
	if s == rules.NoSeat || s == t.obs.Me {
		p.Text(ctx.T("makiavelia.attack.hover"), fontItal, x, *y, scenes.Left, scenes.InkSoft)
		return
	}
	*y += p.Paragraph(ctx.F("makiavelia.attack.against", seatName(s)), fontPanel, x, *y, PanelRect.W-28, 17, scenes.Ink) + 3
	for i, pl := range t.obs.Cities[s] {
		if mak.Cards[mak.KindOf(pl.Card)].Type == mak.Influence || i > 8 {
			continue
		}
		need := t.world.StrengthNow(pl.Card) - pl.Wounds
		pct := 100 * hitChance(n, need)
		p.Text(ctx.F("makiavelia.attack.card", cardName(ctx, mak.KindOf(pl.Card)), need, pct), fontSmall, x+8, *y, scenes.Left, scenes.Ink)
		*y += 16
	}
}

// drawTrade draws the offer being put together.
func (t *Table) drawTrade(p scenes.Painter, ctx *game.Context) {
	d := t.in.trade
	x := PanelRect.X + 14
	p.Text(ctx.F("makiavelia.trade.title", seatName(d.to)), fontTitle, x, PanelRect.Y+10, scenes.Left, scenes.CrimsonDeep)
	var cards []string
	for _, c := range t.obs.Reserve {
		if d.cards[c] {
			cards = append(cards, cardName(ctx, mak.KindOf(c)))
		}
	}
	coins := 0
	for _, c := range t.obs.Coins {
		if d.coins[c] {
			coins += mak.CoinValue(c)
		}
	}
	give := ctx.F("makiavelia.trade.give", joinShort(cards), len(cards))
	rows := []string{give, ctx.F("makiavelia.trade.coins", coins), ctx.T("makiavelia.trade.pledge"),
		ctx.F("makiavelia.trade.askcards", d.askCards), ctx.F("makiavelia.trade.askcoins", d.askCoins), ctx.T("makiavelia.trade.askpledge")}
	for i, s := range rows {
		r := tradeRow(i)
		p.TextMiddle(s, fontSmall, r.X, r.Y+r.H/2, scenes.Left, scenes.Ink)
	}
	wr := tradeWordsRect()
	if d.typing || d.words.Text() != "" {
		typed := d.words.Text()
		if d.typing {
			typed = d.words.WithCaret((ctx.Tick/30)%2 == 0)
		}
		p.RoundRect(wr.X-4, wr.Y, wr.W+8, wr.H, 6, scenes.Fade(scenes.GoldLight, 0.35))
		p.TextMiddle(ctx.F("makiavelia.trade.words", typed), fontSmall, wr.X, wr.Y+wr.H/2, scenes.Left, scenes.CrimsonDeep)
		return
	}
	p.Paragraph(ctx.T("makiavelia.trade.hint"), fontTiny, x, wr.Y, PanelRect.W-28, 13, scenes.InkSoft)
}

// drawRegimeDraft draws the regime being put together: one row per free player.
func (t *Table) drawRegimeDraft(p scenes.Painter, ctx *game.Context, seat rules.Seat) {
	r := t.draftRegime(seat)
	p.Text(ctx.F("makiavelia.regime.mine", mak.Earning(t.obs.Players), r.Shares[0]), fontSmall, PanelRect.X+14, PanelRect.Y+38, scenes.Left, scenes.Ink)
	for i, q := range t.freeOthers(seat) {
		row := regimeRow(i)
		power := ""
		if len(t.obs.Power) > int(q) {
			power = ctx.F("makiavelia.regime.power", t.obs.Power[q])
		}
		p.TextMiddle(seatName(q)+" "+power, fontSmall, row.X+32, row.Y+row.H/2, scenes.Left, scenes.Ink)
		if t.in.regime.in[q] {
			p.TextMiddle(fmt.Sprint(t.in.regime.shares[q]), fontName, row.X+row.W-72, row.Y+row.H/2, scenes.Right, scenes.CrimsonDeep)
		}
	}
}

// drawNegotiationInfo lists each player's power as a sum of its terms and the
// regimes formed.
func (t *Table) drawNegotiationInfo(p scenes.Painter, ctx *game.Context, y *float64) {
	o := t.obs
	if o.Step < mak.StepHospital || len(o.Power) != o.Players {
		return
	}
	x := PanelRect.X + 14
	if o.Step == mak.StepVote && o.Proposal != nil && (len(o.Voters) == 0 || o.Me != o.Voters[0]) {
		p.Text(ctx.F("makiavelia.vote.detail", seatName(o.ProposedBy), regimeWords(o.Proposal)), fontSmall, x, *y, scenes.Left, scenes.Ink)
		*y += 18
		drawJoined(p, *o.Proposal, x+10, *y+8)
		*y += 22
	}
	terms := t.world.PowerTerms()
	for q := 0; q < o.Players && *y < PanelRect.Y+PanelRect.H-60; q++ {
		s := seatName(rules.Seat(q)) + ": "
		for i, term := range terms[q] {
			part := ""
			switch {
			case term.Card < 0:
				part = ctx.F("makiavelia.power.city", term.Value)
			case term.Value < 0:
				part = fmt.Sprintf("− %s %d", cardName(ctx, term.Kind), -term.Value)
			default:
				part = fmt.Sprintf("+ %s %d", cardName(ctx, term.Kind), term.Value)
			}
			if i > 0 {
				s += " "
			}
			s += part
		}
		s += fmt.Sprintf(" = %d", o.Power[q])
		p.Text(s, fontSmall, x, *y, scenes.Left, scenes.Ink)
		*y += 16
	}
	for i, r := range o.Regimes {
		if *y > PanelRect.Y+PanelRect.H-30 {
			break
		}
		drawJoined(p, r, x+10, *y+10)
		p.TextMiddle(regimeWords(&r), fontTiny, x+30+float64(len(r.Members))*18, *y+10, scenes.Left, regimeColour(i))
		*y += 22
	}
}

// drawJoined draws a regime's Power tokens joined by a gold bar.
func drawJoined(p scenes.Painter, r mak.Regime, x, y float64) {
	if len(r.Members) > 1 {
		p.Rect(x, y-2, float64(len(r.Members)-1)*18, 4, scenes.Gold)
	}
	for i, m := range r.Members {
		cx := x + float64(i)*18
		p.Circle(cx, y, 8, seatColour(m))
		p.Circle(cx, y, 5.5, table.Ivory)
		if i < len(r.Shares) {
			p.TextMiddle(fmt.Sprint(r.Shares[i]), fontTiny, cx, y, scenes.Center, scenes.Ink)
		}
	}
}

// drawDice draws the dice tray of the last attack by the City under attack.
func (t *Table) drawDice(p scenes.Painter, ctx *game.Context, r scenes.Rect) {
	d := t.fx.dice
	n := len(d.faces)
	s := 22.0
	w := float64(n)*(s+6) + 16
	w = math.Max(w, 90)
	tray := scenes.Rect{X: r.X + r.W - w - 6, Y: r.Y + r.H - s - 26, W: w, H: s + 20}
	p.Rect(tray.X, tray.Y, tray.W, tray.H, scenes.Fade(scenes.CrimsonDeep, 0.85))
	p.StrokeRect(tray.X, tray.Y, tray.W, tray.H, 1.5, scenes.Gold)
	for i, f := range d.faces {
		face := f
		if d.rolling > 0 {
			face = 1 + (int(ctx.Tick)/3+i*2)%6
		}
		jig := 0.0
		if d.rolling > 0 {
			jig = 3 * math.Sin(float64(ctx.Tick)/2+float64(i))
		}
		drawDie(p, tray.X+8+s/2+float64(i)*(s+6), tray.Y+10+s/2+jig, s, face, d.rolling > 0)
	}
	if d.rolling == 0 {
		hits := ctx.F("makiavelia.dice.hits", d.hits)
		hw := fontName.Width(hits) + 16
		p.Rect(tray.X+tray.W/2-hw/2, tray.Y-22, hw, 20, scenes.Fade(table.Ivory, 0.95))
		p.TextMiddle(hits, fontName, tray.X+tray.W/2, tray.Y-12, scenes.Center, scenes.CrimsonDeep)
	}
}

// drawEffects draws the flights and the banner.
func (t *Table) drawEffects(p scenes.Painter, ctx *game.Context) {
	for _, f := range t.fx.flying {
		k := float64(f.elapsed) / float64(f.ticks)
		e := 1 - (1-k)*(1-k)
		switch f.card {
		case -1:
			from, to := f.from, f.to
			cx := from.X + from.W/2 + (to.X+to.W/2-from.X-from.W/2)*e
			cy := from.Y + from.H/2 + (to.Y+to.H/2-from.Y-from.H/2)*e - 40*math.Sin(math.Pi*k)
			p.Circle(cx, cy, 8, scenes.Gold)
			p.StrokeCircle(cx, cy, 8, 1, scenes.GoldDeep)
		case -2:
			r := lerpRect(f.from, scenes.Rect{X: f.to.X, Y: f.to.Y, W: 14, H: 20}, e)
			table.DrawCardBack(p, r.X, r.Y, 22, 32, 0.5)
		default:
			r := lerpRect(f.from, scenes.Rect{X: f.to.X, Y: f.to.Y, W: 16, H: 22}, e)
			drawMini(p, ctx, mak.KindOf(f.card), r.X, r.Y, r.W, r.H)
		}
	}
	if t.fx.bannerFor > 0 {
		a := math.Min(1, float64(t.fx.bannerFor)/20)
		cx, cy := leftArea.X+leftArea.W/2, 380.0
		f := scenes.Font{Style: assets.FontSmallCaps, Size: 34}
		w := f.Width(t.fx.banner) + 60
		p.Rect(cx-w/2, cy-30, w, 60, scenes.Fade(scenes.CrimsonDeep, 0.9*a))
		p.StrokeRect(cx-w/2, cy-30, w, 60, 2, scenes.Fade(scenes.Gold, a))
		p.TextMiddle(t.fx.banner, f, cx, cy, scenes.Center, scenes.Fade(scenes.GoldLight, a))
	}
}

// drawZoom draws the card under the cursor large, beside it.
func (t *Table) drawZoom(p scenes.Painter, ctx *game.Context) {
	if t.in.drag {
		return
	}
	x, y := ctx.Input.Cursor()
	k := mak.Kind(-1)
	if t.zoomKind >= 0 {
		k = t.zoomKind
	} else if c := t.cardAt(x, y); c >= 0 {
		if r := t.drawn[c]; r.H < 110 || y < reserveArea().Y-20 {
			k = mak.KindOf(c)
		}
	}
	t.zoomKind = -1
	if k < 0 {
		return
	}
	const w, h = 180.0, 252.0
	zx, zy := x+24, y-h/2
	if zx+w > game.LogicalWidth-4 {
		zx = x - 24 - w
	}
	zy = math.Max(4, math.Min(zy, game.LogicalHeight-h-4))
	table.CardShadow(p, zx, zy, w, h, 1)
	drawCard(p, ctx, k, zx, zy, w, h)
}
