package niccolo

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// statusRow is the top-left corner of family f's row in the side panel.
func statusRow(f int) (float64, float64) { return 724, 62 + float64(f)*52 }

var ordinalKeys = [4]string{"niccolo.turn.1", "niccolo.turn.2", "niccolo.turn.3", "niccolo.turn.4"}

// Draw implements game.Scene. Everything that does not move between frames (the board,
// piles, side panel, log, hand, previews, prompts) is drawn into a cached layer that is
// redrawn only when what it shows changes; the pieces in motion (tokens, markers, turn
// plaques, flying cards, flourishes) are drawn on top every frame from cached sprites.
func (t *Table) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	if t.covered {
		seat := t.m.ToAct()
		table.DrawPrivacy(p, ctx.F("table.privacy.title", familyName(seat)), ctx.T("table.privacy.hint"), ctx.Tick)
		return
	}
	t.layer.Draw(p, t.signature(ctx), func(q scenes.Painter) { t.drawStatic(q, ctx) })
	t.drawPlaques(p, ctx)
	t.drawMarkers(p)
	for _, f := range t.sortedByLift() {
		tk := t.v.tokens[f]
		drawToken(p, f, tk.x+6*t.v.stayShake[f], tk.y, tk.lift, tk.alpha)
	}
	t.drawFlourish(p)
	if fl := t.v.flying; fl != nil {
		x := table.Lerp(fl.x0, fl.x1, fl.t)
		y := table.Lerp(fl.y0, fl.y1, fl.t) - 60*math.Sin(math.Pi*fl.t)
		w := table.Lerp(fl.w0, fl.w1, fl.t)
		drawCard(p, ctx.Tr(), fl.card, x, y, w, 1-fl.t, 0)
	}
	if t.v.shuffleT > 0 {
		t.drawShuffle(p)
	}
	if t.drag && t.sel >= 0 && t.sel < len(t.v.hand) {
		mx, my := ctx.Input.Cursor()
		drawCard(p, ctx.Tr(), t.v.hand[t.sel], mx-45, my-65, handCard, 1, 1)
	}
	t.drawThinking(p, ctx)
	if t.v.bannerA > 0 {
		a := t.v.bannerA
		p.RoundRect(circleCX-120, circleCY-26, 240, 52, 12, scenes.Fade(scenes.CrimsonDeep, 0.9*a))
		p.StrokeRoundRect(circleCX-120, circleCY-26, 240, 52, 12, 2, scenes.Fade(scenes.GoldLight, a))
		p.TextMiddle(t.v.banner, scenes.Font{Style: "smallcaps", Size: 30}, circleCX, circleCY, scenes.Center, scenes.Fade(scenes.Parchment, a))
	}
	if t.v.celebrate > 0 {
		t.drawCelebration(p, ctx)
	}
}

// signature says everything the cached layer shows; the layer is redrawn when it
// changes.
func (t *Table) signature(ctx *game.Context) string {
	x, y := ctx.Input.Cursor()
	var discards [4]int
	var tops [4]nic.Card
	for f := range discards {
		discards[f] = len(t.v.discards[f])
		if n := discards[f]; n > 0 {
			tops[f] = t.v.discards[f][n-1]
		}
	}
	var pv nic.Move
	if t.preview != nil {
		pv = t.preview.move
	}
	hover := -1
	if t.prompt != nil {
		hover = t.prompt.Hovered()
	}
	buttons := [4]bool{menuButton.Contains(x, y), helpButton.Contains(x, y), playButton.Contains(x, y), undoButton.Contains(x, y)}
	return fmt.Sprint(ctx.Tr().Lang(), t.viewer, t.v.hand, discards, tops, t.v.piles, t.v.hands, t.v.progress, t.v.round, t.v.first,
		t.v.removed, t.m.ToAct(), t.seq.Busy(), t.sel, t.marker, t.zone, t.dir, t.hoverC, t.hoverM, t.hoverZ, pv, t.preview != nil,
		t.prompt != nil, hover, len(t.outcomes), t.drag, len(t.log.Lines), t.log.Scroll(), t.showPile, buttons, len(t.m.Record().Actions))
}

// drawStatic draws the cached layer.
func (t *Table) drawStatic(p scenes.Painter, ctx *game.Context) {
	scenes.DrawParchment(p)
	var glow [nic.NumZones]float64
	if t.preview != nil {
		for c := 0; c < 4; c++ {
			if t.preview.markers[c] != nic.Zone(math.Round(t.v.markers[c])) {
				glow[t.preview.markers[c]] = 0.5
			}
		}
	}
	drawBoard(p, ctx.T, ctx.Tr().Lang(), t.hoverZ, glow)
	t.drawFamilies(p, ctx)
	t.drawSignoriaButtons(p, ctx)
	t.drawPreview(p)
	t.drawOutcomes(p)
	t.drawSide(p, ctx)
	if t.prompt != nil && !t.seq.Busy() {
		t.prompt.Draw(p)
	}
	if t.showPile >= 0 {
		t.drawWholePile(p, ctx, t.showPile)
	}
}

// drawThinking shows the indicator beside the AI seat that is thinking.
func (t *Table) drawThinking(p scenes.Painter, ctx *game.Context) {
	thinking := t.m.Thinking()
	if held := t.pacer.Holding(); held != rules.NoSeat {
		thinking = held
	}
	if thinking < 0 || t.seq.Busy() {
		return
	}
	rx, ry := statusRow(int(thinking))
	table.DrawThinking(p, rx+370, ry+23, ctx.T("table.thinking"), ctx.Tick)
}

func (t *Table) drawFamilies(p scenes.Painter, ctx *game.Context) {
	for f := 0; f < 4; f++ {
		pr, dr := pileRect(f), discardRect(f)
		table.DrawPile(p, pr.X, pr.Y, pr.W, pr.H, t.v.piles[f])
		p.TextMiddle(itoa(t.v.piles[f]), scenes.Font{Style: "bold", Size: 13}, pr.X+pr.W/2, pr.Y+pr.H+9, scenes.Center, scenes.Ink)
		if n := len(t.v.discards[f]); n > 0 {
			if n > 1 {
				drawCard(p, ctx.Tr(), t.v.discards[f][n-2], dr.X+2, dr.Y+2, dr.W, 0, 0)
			}
			drawCard(p, ctx.Tr(), t.v.discards[f][n-1], dr.X, dr.Y, dr.W, 0, 0)
			p.TextMiddle("×"+itoa(n), scenes.Font{Style: "bold", Size: 13}, dr.X+dr.W/2, dr.Y+dr.H+9, scenes.Center, scenes.InkSoft)
		} else {
			p.StrokeRoundRect(dr.X, dr.Y, dr.W, dr.H, 4, 1, scenes.Fade(scenes.InkFaded, 0.7))
		}
	}
}

// drawPlaques draws the four turn plaques beside the families' piles, sliding when
// the turn markers pass.
func (t *Table) drawPlaques(p scenes.Painter, ctx *game.Context) {
	for o := 0; o < 4; o++ {
		from := (t.v.turnFrom + o) % 4
		to := (t.v.first + o) % 4
		x0, y0 := plaquePos(from)
		x1, y1 := plaquePos(to)
		x, y := table.Lerp(x0, x1, t.v.turnT)+54, table.Lerp(y0, y1, t.v.turnT)
		img := sprites.Image("plaque/"+ctx.Tr().Lang()+itoa(o), 48, 24, 2*p.S, func(q scenes.Painter) {
			c := scenes.Mix(scenes.GoldLight, table.Ivory, float64(o)*0.25)
			if o == 0 {
				c = scenes.Gold
			}
			q.RoundRect(2, 2, 44, 20, 6, c)
			q.StrokeRoundRect(2, 2, 44, 20, 6, 1.2, scenes.GoldDeep)
			q.TextMiddle(ctx.T(ordinalKeys[o]), scenes.Font{Style: "bold", Size: 12}, 24, 12, scenes.Center, scenes.Ink)
		})
		p.Image(img, x-24, y-12, 48, 24, 1)
	}
}

func (t *Table) drawSignoriaButtons(p scenes.Painter, ctx *game.Context) {
	card, ok := t.selected()
	if !ok || card != nic.Signoria || t.seq.Busy() {
		return
	}
	for i, b := range []scenes.Rect{cwButton, acwButton} {
		cx, cy := b.Center()
		on := t.dir == i+1
		fill := scenes.Mix(table.Ivory, scenes.GoldLight, 0.4)
		if on {
			fill = scenes.Crimson
		}
		p.Circle(cx+2, cy+3, b.W/2, table.Shadow)
		p.Circle(cx, cy, b.W/2, fill)
		p.StrokeCircle(cx, cy, b.W/2, 2, scenes.GoldDeep)
		ink := scenes.Ink
		if on {
			ink = scenes.Parchment
		}
		// A curved arrow.
		p.StrokeCircle(cx, cy, 14, 3, ink)
		a := -math.Pi / 2
		dir := 1.0
		if i == 1 {
			dir = -1
		}
		arrowHead(p, cx+14*math.Cos(a)+dir*2, cy+14*math.Sin(a), 0+math.Pi*float64(i), 7, ink)
		label := ctx.T("niccolo.dir.clockwise")
		if i == 1 {
			label = ctx.T("niccolo.dir.anticlockwise")
		}
		p.Text(label, scenes.Font{Style: "italic", Size: 11}, cx, cy+b.H/2+3, scenes.Center, scenes.Ink)
	}
}

func (t *Table) drawMarkers(p scenes.Painter) {
	for c := 0; c < 4; c++ {
		x, y := markerSlot(nic.Colour(c), t.v.markers[c])
		lift := t.v.markerLift[c]
		if c == t.hoverM || c == t.marker {
			lift = math.Max(lift, 0.6)
		}
		drawMarkerAt(p, nic.Colour(c), x, y, lift)
		if c == t.marker {
			p.StrokeCircle(x, y-8*lift, 17, 2.5, scenes.Crimson)
		}
	}
}

// drawPreview shows the candidate's markers as ghosts where they would go, and each
// token's landing square under the new rules.
func (t *Table) drawPreview(p scenes.Painter) {
	pv := t.preview
	if pv == nil || t.seq.Busy() {
		return
	}
	for c := 0; c < 4; c++ {
		z := float64(pv.markers[c])
		if pv.markers[c] == nic.Zone(math.Round(t.v.markers[c])) {
			continue
		}
		x0, y0 := markerSlot(nic.Colour(c), t.v.markers[c])
		x1, y1 := markerSlot(nic.Colour(c), z)
		p.Line(x0, y0, x1, y1, 2, scenes.Fade(colourInk[c], 0.6))
		drawMarkerFaded(p, nic.Colour(c), x1, y1, 0, 0.55)
	}
	for f := 0; f < 4; f++ {
		if t.v.removed[f] || pv.targets[f] == t.v.squares[f] {
			continue
		}
		x0, y0 := squareCentre(t.v.squares[f])
		x1, y1 := squareCentre(pv.targets[f])
		drawTrack(p, t.v.squares[f], pv.targets[f], familyInk[f])
		p.Circle(x1, y1, 19, scenes.Fade(familyInk[f], 0.35))
		p.StrokeCircle(x1, y1, 19, 2, familyInk[f])
		drawTokenIcon(p, f, x1, y1, 10, scenes.Fade(table.Ivory, 0.9))
		if pv.blocked[f] {
			p.Circle(x1+16, y1-16, 8, scenes.Crimson)
			p.TextMiddle("!", scenes.Font{Style: "bold", Size: 13}, x1+16, y1-16, scenes.Center, scenes.Parchment)
		}
		_ = x0
		_ = y0
	}
}

// drawTrack draws a dotted path along the squares from a to b (the shorter way the rule
// goes: forward when b is ahead by less than half the track).
func drawTrack(p scenes.Painter, a, b int, c color.RGBA) {
	d := ((b-a)%32 + 32) % 32
	step := 1
	if d > 16 {
		step, d = -1, 32-d
	}
	for i := 0; i < d; i++ {
		x0, y0 := squareCentre(a + i*step)
		x1, y1 := squareCentre(a + (i+1)*step)
		for k := 0.15; k < 1; k += 0.25 {
			p.Circle(table.Lerp(x0, x1, k), table.Lerp(y0, y1, k), 2.6, scenes.Fade(c, 0.85))
		}
	}
}

// drawOutcomes shows the two answers of a prompt on the board: the path each would take
// and a ghost token where it ends.
func (t *Table) drawOutcomes(p scenes.Painter) {
	if t.prompt == nil || t.seq.Busy() {
		return
	}
	for i, out := range t.outcomes {
		a := 0.55
		if t.prompt.Hovered() == i {
			a = 1
		}
		c := familyInk[out.family]
		from := t.v.squares[out.family]
		prev := from
		for _, sq := range out.path {
			x0, y0 := squareCentre(prev)
			x1, y1 := squareCentre(sq)
			for k := 0.15; k < 1; k += 0.25 {
				p.Circle(table.Lerp(x0, x1, k), table.Lerp(y0, y1, k), 2.6, scenes.Fade(c, a))
			}
			prev = sq
		}
		if out.to == from {
			continue
		}
		x, y := squareCentre(out.to)
		p.Circle(x, y, 20, scenes.Fade(c, 0.45*a))
		p.StrokeCircle(x, y, 20, 2.5, scenes.Fade(scenes.Crimson, a))
		drawTokenIcon(p, out.family, x, y, 10, scenes.Fade(table.Ivory, a))
		p.Circle(x+17, y-17, 9, scenes.Fade(scenes.Crimson, a))
		p.TextMiddle(itoa(i+1), scenes.Font{Style: "bold", Size: 12}, x+17, y-17, scenes.Center, scenes.Parchment)
	}
}

func (t *Table) drawFlourish(p scenes.Painter) {
	if t.v.flourish == "" {
		return
	}
	q := t.v.flourishT
	x, y := t.v.flourishX, t.v.flourishY
	for k := 0; k < 12; k++ {
		a := float64(k)*math.Pi/6 + q*2
		r := 20 + 60*q
		p.Circle(x+r*math.Cos(a), y+r*math.Sin(a), 5*(1-q)+1, scenes.Fade(scenes.GoldLight, 1-q))
		scenes.DrawLozenge(p, x+0.6*r*math.Cos(-a), y+0.6*r*math.Sin(-a), 5*(1-q)+1, scenes.Fade(scenes.Gold, 1-q), scenes.Fade(scenes.CrimsonDeep, 1-q))
	}
	f := scenes.Font{Style: "smallcaps", Size: 26 + 10*q}
	a := math.Min(1, 3*(1-q))
	p.TextMiddle(t.v.flourish, f, x+2, y-50-30*q+2, scenes.Center, scenes.Fade(scenes.Ink, 0.5*a))
	p.TextMiddle(t.v.flourish, f, x, y-50-30*q, scenes.Center, scenes.Fade(scenes.Crimson, a))
}

func (t *Table) drawShuffle(p scenes.Painter) {
	q := t.v.shuffleT
	for k := 0; k < 16; k++ {
		a := float64(k)*math.Pi/8 + q*math.Pi*3
		r := 120 * math.Sin(math.Pi*q)
		table.DrawCardBack(p, circleCX-20+r*math.Cos(a), circleCY-29+r*math.Sin(a), 40, 58, 0.5)
	}
}

func (t *Table) drawCelebration(p scenes.Painter, ctx *game.Context) {
	n := float64(t.v.celebrate)
	for k := 0; k < 80; k++ {
		seed := float64(k*7919%997) / 997
		x := math.Mod(seed*1280+math.Sin(n/20+float64(k))*30, 1280)
		y := math.Mod(-40+n*(2+3*seed)+seed*300, 760) - 20
		c := colourInk[k%4]
		if k%5 == 0 {
			c = scenes.GoldLight
		}
		p.Rect(x, y, 7, 11, c)
	}
	a := math.Min(1, n/30)
	text := ctx.T("niccolo.celebrate.lost")
	c := scenes.InkSoft
	if len(t.v.winners) > 0 {
		names := ""
		for i, w := range t.v.winners {
			if i > 0 {
				names += " & "
			}
			names += nic.FamilyNames[w&3]
		}
		text = ctx.F("niccolo.celebrate.won", names)
		c = familyInk[t.v.winners[0]&3]
		for _, w := range t.v.winners {
			x, y := t.v.tokens[w].x, t.v.tokens[w].y
			for k := 0; k < 8; k++ {
				ang := float64(k)*math.Pi/4 + n/30
				p.Line(x+26*math.Cos(ang), y+26*math.Sin(ang), x+(40+8*math.Sin(n/6))*math.Cos(ang), y+(40+8*math.Sin(n/6))*math.Sin(ang), 3, scenes.Fade(scenes.Gold, a))
			}
		}
	}
	p.RoundRect(circleCX-230, circleCY-40, 460, 80, 16, scenes.Fade(c, 0.92*a))
	p.StrokeRoundRect(circleCX-230, circleCY-40, 460, 80, 16, 3, scenes.Fade(scenes.GoldLight, a))
	p.TextMiddle(text, scenes.Font{Style: "smallcaps", Size: 34}, circleCX, circleCY, scenes.Center, scenes.Fade(scenes.Parchment, a))
}

func (t *Table) drawWholePile(p scenes.Painter, ctx *game.Context, f int) {
	p.Rect(0, 0, game.LogicalWidth, game.LogicalHeight, scenes.Fade(scenes.Ink, 0.55))
	r := scenes.Rect{X: 140, Y: 120, W: 1000, H: 480}
	table.DrawPanel(p, r)
	p.Text(ctx.F("niccolo.discards.title", nic.FamilyNames[f]), scenes.Font{Style: "smallcaps", Size: 28}, r.X+r.W/2, r.Y+16, scenes.Center, scenes.CrimsonDeep)
	for i, c := range t.v.discards[f] {
		col, row := i%8, i/8
		drawCard(p, ctx.Tr(), c, r.X+40+float64(col)*118, r.Y+70+float64(row)*190, 100, 0, 0)
	}
	p.Text(ctx.T("niccolo.discards.close"), scenes.FontLine, r.X+r.W/2, r.Y+r.H-30, scenes.Center, scenes.InkSoft)
}

// drawSide draws the side panel: header, families, log, the action bar and the hand.
func (t *Table) drawSide(p scenes.Painter, ctx *game.Context) {
	variant := ctx.T("niccolo.variant." + t.cfg.Variant.String())
	p.Text(ctx.F("niccolo.header", variant, max(1, t.v.round)), scenes.Font{Style: "smallcaps", Size: 24}, 728, 20, scenes.Left, scenes.CrimsonDeep)
	x, y := ctx.Input.Cursor()
	for _, b := range []struct {
		r     scenes.Rect
		label string
	}{{menuButton, ctx.T("table.menu")}, {helpButton, ctx.T("table.help")}} {
		g := 0.0
		if b.r.Contains(x, y) {
			g = 1
		}
		p.RoundRect(b.r.X, b.r.Y, b.r.W, b.r.H, 8, scenes.Mix(scenes.Fade(scenes.Parchment, 0.9), scenes.Crimson, g))
		p.StrokeRoundRect(b.r.X, b.r.Y, b.r.W, b.r.H, 8, 1.2, scenes.GoldDeep)
		cx, cy := b.r.Center()
		p.TextMiddle(b.label, scenes.Font{Style: "bold", Size: 15}, cx, cy, scenes.Center, scenes.Mix(scenes.Ink, scenes.GoldLight, g))
	}
	toAct := t.m.ToAct()
	for f := 0; f < 4; f++ {
		rx, ry := statusRow(f)
		active := rules.Seat(f) == toAct && !t.seq.Busy()
		fill := scenes.Mix(scenes.Parchment, table.Ivory, 0.5)
		if active {
			fill = scenes.Mix(fill, scenes.GoldLight, 0.5)
		}
		p.RoundRect(rx, ry, 536, 46, 8, fill)
		p.StrokeRoundRect(rx, ry, 536, 46, 8, 1+boolf(active)*1.5, scenes.Mix(scenes.GoldDeep, scenes.Crimson, boolf(active)))
		table.PieceShadow(p, rx+24, ry+23, 17, 0)
		drawPieceSprite(p, f, rx+24, ry+23, 17, 1)
		p.Text(nic.FamilyNames[f], scenes.Font{Style: "bold", Size: 17}, rx+50, ry+4, scenes.Left, scenes.Ink)
		p.Text(t.seatLabel(ctx, f), scenes.Font{Style: "italic", Size: 13}, rx+50, ry+25, scenes.Left, scenes.InkSoft)
		// Progress round the board.
		bx := rx + 200.0
		p.RoundRect(bx, ry+16, 150, 12, 6, scenes.Fade(scenes.ParchmentDark, 0.9))
		frac := math.Max(0, math.Min(1, float64(t.v.progress[f])/32))
		if frac > 0 {
			p.RoundRect(bx, ry+16, 150*frac, 12, 6, familyInk[f])
		}
		p.StrokeRoundRect(bx, ry+16, 150, 12, 6, 1, scenes.GoldDeep)
		p.Text(ctx.F("niccolo.status.progress", t.v.progress[f]), scenes.Font{Style: "regular", Size: 12}, bx+75, ry+30, scenes.Center, scenes.InkSoft)
		// Hand size as small card backs.
		if !t.drawOpenHand(p, ctx, f, rx+370, ry+7) {
			for k := 0; k < t.v.hands[f]; k++ {
				table.DrawCardBack(p, rx+370+float64(k)*9, ry+9, 18, 27, 0)
			}
		}
		ord := ((f - t.v.first) + 4) % 4
		p.TextMiddle(ctx.T(ordinalKeys[ord]), scenes.Font{Style: "bold", Size: 14}, rx+510, ry+23, scenes.Center, scenes.CrimsonDeep)
	}
	t.log.Draw(p, logRect, ctx.T("table.log"))
	t.drawHand(p, ctx)
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (t *Table) seatLabel(ctx *game.Context, f int) string {
	pl := t.m.Seated(rules.Seat(f))
	switch pl.Kind {
	case play.Human:
		return ctx.T("niccolo.seat.human")
	case play.AI:
		if pl.Level == "" { // a replayed record that names no level (an arena game)
			return ctx.F("niccolo.seat.ai", pl.Bot)
		}
		return ctx.F("niccolo.seat.ai", ctx.T("niccolo.level."+pl.Level))
	}
	return ctx.T("niccolo.seat.envoy")
}

func (t *Table) drawHand(p scenes.Painter, ctx *game.Context) {
	seat := t.viewer
	label := ctx.T("niccolo.hand.none")
	if seat >= 0 && len(t.v.hand) > 0 {
		label = ctx.F("niccolo.hand.of", nic.FamilyNames[seat])
	}
	humanTurn := t.m.Player(t.m.ToAct()).Kind == play.Human && !t.seq.Busy() && !t.covered && t.m.ToAct() == seat
	obs := t.obs()
	if humanTurn && obs.Phase == nic.CardPlay {
		card, ok := t.selected()
		switch {
		case !ok:
			label = ctx.F("niccolo.hint.choose", nic.FamilyNames[seat])
		case t.preview == nil || !t.complete():
			label = ctx.T(hintKey(card, t.marker))
		}
		if ok {
			enabled := t.complete()
			name := cardName(ctx, card)
			g := 0.0
			x, y := ctx.Input.Cursor()
			if enabled && playButton.Contains(x, y) {
				g = 1
			}
			drawSmallButton(p, playButton, ctx.F("niccolo.button.play", name), g, enabled)
			drawSmallButton(p, undoButton, ctx.T("niccolo.button.cancel"), boolf(undoButton.Contains(x, y)), true)
		}
	}
	if !humanTurn || obs.Phase != nic.CardPlay || t.sel < 0 {
		p.Text(label, scenes.Font{Style: "italic", Size: 16}, 736, 520, scenes.Left, scenes.InkSoft)
	} else if t.sel >= 0 && !t.complete() {
		p.Text(label, scenes.Font{Style: "italic", Size: 14}, 1124, 516, scenes.Left, scenes.Crimson)
	}
	for i, c := range t.v.hand {
		r := handCardRect(i)
		lift, glow := 0.0, 0.0
		y := r.Y
		if i == t.hoverC && humanTurn {
			lift, y = 0.5, y-8
		}
		if i == t.sel {
			lift, glow, y = 1, 1, r.Y-18
		}
		if t.drag && i == t.sel {
			continue
		}
		drawCard(p, ctx.Tr(), c, r.X, y, r.W, lift, glow)
		if humanTurn {
			p.TextMiddle(itoa(i+1), scenes.Font{Style: "bold", Size: 11}, r.X+r.W-10, y+r.H-10, scenes.Center, scenes.InkFaded)
		}
	}
	if seat >= 0 && len(t.v.hand) == 0 && t.v.hands[seat] > 0 && t.covered {
		for i := 0; i < t.v.hands[seat]; i++ {
			r := handCardRect(i)
			table.DrawCardBack(p, r.X, r.Y, r.W, r.H, 0)
		}
	}
}

func (t *Table) complete() bool {
	_, ok := t.candidate(t.viewer)
	return ok
}

func hintKey(c nic.Card, marker int) string {
	switch c {
	case nic.Bribery:
		if marker < 0 {
			return "niccolo.hint.marker"
		}
		return "niccolo.hint.zone"
	case nic.Rumour, nic.Accusation:
		return "niccolo.hint.marker"
	case nic.Signoria:
		return "niccolo.hint.direction"
	}
	return "niccolo.hint.confirm"
}

func drawSmallButton(p scenes.Painter, r scenes.Rect, label string, glow float64, enabled bool) {
	fill := scenes.Mix(scenes.Fade(scenes.Parchment, 0.9), scenes.Crimson, glow)
	ink := scenes.Mix(scenes.Ink, scenes.GoldLight, glow)
	if !enabled {
		fill, ink = scenes.Fade(scenes.ParchmentDark, 0.6), scenes.InkFaded
	}
	p.RoundRect(r.X, r.Y, r.W, r.H, 8, fill)
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 8, 1.2, scenes.GoldDeep)
	cx, cy := r.Center()
	f := scenes.Font{Style: "bold", Size: 14}
	for f.Width(label) > r.W-10 && f.Size > 9 {
		f.Size--
	}
	p.TextMiddle(label, f, cx, cy, scenes.Center, ink)
}
