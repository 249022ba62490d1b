package machiavelli

import (
	"fmt"
	"image/color"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	"principe/rules"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

type ebitenImage = ebiten.Image

// seatColours tell the seats apart (with their names, never by colour alone).
var seatColours = []color.RGBA{
	{0x9b, 0x1b, 0x24, 0xff}, {0x1d, 0x4f, 0x9a, 0xff}, {0x2f, 0x7a, 0x3a, 0xff}, {0xc0, 0x86, 0x1a, 0xff},
	{0x6a, 0x3d, 0x8f, 0xff}, {0x1f, 0x7f, 0x86, 0xff}, {0x8a, 0x4b, 0x22, 0xff}, {0x55, 0x55, 0x55, 0xff},
}

// seatNames are the houses at the table, seat by seat.
var seatNames = []string{"Medici", "Sforza", "Este", "Gonzaga", "Borgia", "Orsini", "Colonna", "Farnese"}

// seatName is how the log and the panels name a seat ("You" for the only human).
func (t *Table) seatName(ctx *game.Context, seat int) string {
	if s, ok := t.priv.SoleHuman(); ok && int(s) == seat {
		return ctx.T("machiavelli.you")
	}
	return seatNames[seat%len(seatNames)]
}

// layout is where the melds are drawn now: the draft's table while the viewer builds a
// turn (with the new-meld place), else the table as shown.
func (t *Table) layout(d *Draft) meldLayout {
	melds := t.sh.table
	if d != nil {
		melds = d.Table
	}
	lens := make([]int, len(melds))
	for i, m := range melds {
		lens[i] = len(m)
	}
	return layoutMelds(lens, tableArea, d != nil)
}

// displayMelds are the melds drawn now.
func (t *Table) displayMelds() [][]mach.Card {
	if t.draft != nil {
		return t.draft.Table
	}
	return t.sh.table
}

// displayHand is the viewer's hand in the order drawn: sorted by suit or rank, or in
// the player's own order.
func (t *Table) displayHand() []mach.Card {
	hand := t.hand
	if t.draft != nil {
		hand = t.draft.Hand
	}
	out := slices.Clone(hand)
	switch t.prefs.Sort {
	case sortSuit:
		sort.SliceStable(out, func(i, j int) bool { return suitKey(out[i]) < suitKey(out[j]) })
	case sortRank:
		sort.SliceStable(out, func(i, j int) bool { return rankKey(out[i]) < rankKey(out[j]) })
	}
	return out
}

func suitKey(c mach.Card) int {
	if c.IsJoker() {
		return 1000 + c.Copy()
	}
	return int(c.Suit())*100 + c.Rank()*4 + c.Copy()
}

func rankKey(c mach.Card) int {
	if c.IsJoker() {
		return 1000 + c.Copy()
	}
	return c.Rank()*100 + int(c.Suit())*4 + c.Copy()
}

// placeTable sets every table card's target from the layout.
func (t *Table) placeTable(l meldLayout, dur int) {
	for m, cs := range t.displayMelds() {
		if m >= len(l.boxes) {
			break
		}
		for i, c := range cs {
			x, y := l.cardAt(m, i)
			t.place(c, x, y, l.cardW, l.cardH, 0, dur)
		}
	}
}

// handLayout lays out the hand as drawn: groups by suit when sorted by suit, the
// player's own groups in their own order.
func (t *Table) handLayout(hand []mach.Card) handLayout {
	switch t.prefs.Sort {
	case sortSuit:
		return layoutHand(len(hand), suitGaps(hand))
	case sortOwn:
		gaps := make([]bool, len(hand))
		for i, c := range hand {
			gaps[i] = i > 0 && t.groups[c]
		}
		return layoutHand(len(hand), gaps)
	}
	return layoutHand(len(hand), nil)
}

// placeHand sets the hand cards' targets.
func (t *Table) placeHand(dur int) {
	hand := t.displayHand()
	hl := t.handLayout(hand)
	for i, c := range hand {
		x, y := hl.cardAt(i)
		t.place(c, x, y, handCardW, handCardH, 0, dur)
	}
}

// placeFree sets the free cards' targets.
func (t *Table) placeFree(dur int) {
	free := t.sh.free
	if t.draft != nil {
		free = t.draft.Free
	}
	for i, c := range free {
		x, y := freeCardAt(i)
		t.place(c, x, y, freeCardW, freeCardW*cardAspect, 0, dur)
	}
}

// arrange gives every visible card its place (cards glide to new places).
func (t *Table) arrange(ctx *game.Context) {
	dur := ctx.Frames(0.16)
	t.placeTable(t.layout(t.draft), dur)
	t.placeHand(dur)
	t.placeFree(dur)
}

// draw paints the table. Everything at rest (the parchment, panels, seats, log, the melds'
// frames and resting cards, the hand, the buttons) is drawn into a cached layer, redrawn
// only when what it shows changes; cards in motion, dragged cards, the thinking
// indicators, the hint and the tooltips are drawn on top every frame. A vector shape
// costs much on software GL, and a full table has hundreds.
func (t *Table) draw(p scenes.Painter, ctx *game.Context) {
	if t.covered {
		scenes.DrawParchment(p)
		name := t.seatName(ctx, int(t.m.ToAct()))
		table.DrawPrivacy(p, ctx.F("machiavelli.curtain", name), ctx.T("machiavelli.curtain.hint"), ctx.Tick)
		return
	}
	t.layer.Draw(p, t.signature(ctx), func(q scenes.Painter) { t.drawStatic(q, ctx) })
	t.drawThinking(p, ctx)
	t.drawMovingCards(p)
	t.drawDragged(p, ctx)
	t.drawHint(p, ctx)
	t.drawTooltip(p, ctx)
	if t.ending != nil {
		t.drawGameEnd(p, ctx)
	}
	scenes.DrawNotice(p.Dst, ctx)
}

// drawStatic draws the cached layer.
func (t *Table) drawStatic(p scenes.Painter, ctx *game.Context) {
	scenes.DrawParchment(p)
	t.drawHeader(p, ctx)
	t.drawSeats(p, ctx)
	t.drawSide(p, ctx)
	t.log.Draw(p, logRect, ctx.T("machiavelli.log"))
	t.drawTable(p, ctx)
	t.drawHand(p, ctx)
	t.drawControls(p, ctx)
	t.drawCursor(p)
}

// inMotion reports whether a card is gliding or lifted (it is drawn over the layer).
func (pos *cardPos) inMotion() bool {
	return pos.x != pos.tx || pos.y != pos.ty || pos.w != pos.tw || pos.lift > 0.02
}

// signature says everything the cached layer shows; the layer is redrawn when it changes.
func (t *Table) signature(ctx *game.Context) string {
	var b strings.Builder
	x, y := ctx.Input.Cursor()
	hover := -1
	for i, r := range []scenes.Rect{headerMenu, headerHelp, headerHint, headerColours, buttonRect(0), buttonRect(1), buttonRect(2), buttonRect(3), buttonRect(4)} {
		if r.Contains(x, y) {
			hover = i
		}
	}
	status, _ := t.statusText(ctx)
	fmt.Fprint(&b, ctx.Tr().Lang(), hover, t.sh.hands, t.sh.stock, t.sh.totals, t.sh.turn, t.sh.dealer, t.sh.gameNo,
		len(t.log.Lines), t.log.Scroll(), t.prefs, t.viewer, t.priv.Shown(), t.hint != nil, status, t.buttonLabels(ctx),
		t.in.sel, t.in.drop, t.in.dragging, t.in.grabbed, t.in.keys, t.in.cursor, len(t.fresh), t.hintStep())
	for i := 0; i < numButtons; i++ {
		fmt.Fprint(&b, t.buttonEnabled(i))
	}
	card := func(c mach.Card) {
		if pos, ok := t.cards[c]; ok && !pos.inMotion() {
			fmt.Fprint(&b, c, pos.tx, pos.ty, pos.tw, t.sh.laid[c])
			if t.draft != nil {
				fmt.Fprint(&b, t.draft.Laid(c), t.draft.Moved(c))
			}
		} else {
			fmt.Fprint(&b, c, "~")
		}
	}
	for _, m := range t.displayMelds() {
		b.WriteByte('|')
		for _, c := range m {
			card(c)
		}
	}
	b.WriteByte('/')
	for _, c := range t.displayHand() {
		card(c)
	}
	b.WriteByte('/')
	free := t.sh.free
	if t.draft != nil {
		free = t.draft.Free
	}
	for _, c := range free {
		card(c)
	}
	return b.String()
}

// hintStep is the hint's step on screen (-1 for none): its cards glow.
func (t *Table) hintStep() int {
	if t.hint == nil || t.hint.sol == nil {
		return -1
	}
	return t.hint.step
}

// drawThinking draws the thinking indicator by the seat whose AI is deciding.
func (t *Table) drawThinking(p scenes.Painter, ctx *game.Context) {
	n := len(t.sh.hands)
	for seat := 0; seat < n; seat++ {
		if t.m.Thinking() == rules.Seat(seat) || t.pacer.Holding() == rules.Seat(seat) {
			b := seatBox(seat, n)
			table.DrawThinking(p, b.X+b.W-96, b.Y+18, ctx.T("machiavelli.thinking"), ctx.Tick)
		}
	}
}

// drawMovingCards draws the cards gliding or flying, above everything else.
func (t *Table) drawMovingCards(p scenes.Painter) {
	for c, pos := range t.cards {
		if pos.inMotion() && !t.in.isGrabbed(c) && t.visible(c) {
			t.drawCardPos(p, c, pos, nil, 0)
		}
	}
}

// smallButton is a header button.
func smallButton(p scenes.Painter, r scenes.Rect, label string, hover, on bool) {
	fill := scenes.Fade(scenes.Parchment, 0.9)
	ink := scenes.Ink
	if on {
		fill, ink = scenes.Crimson, scenes.GoldLight
	}
	if hover {
		fill = scenes.Mix(fill, scenes.Crimson, 0.5)
		ink = scenes.GoldLight
	}
	p.RoundRect(r.X, r.Y, r.W, r.H, 8, fill)
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 8, 1.4, scenes.GoldDeep)
	cx, cy := r.Center()
	p.TextMiddle(label, scenes.Font{Style: assets.FontBold, Size: 15}, cx, cy, scenes.Center, ink)
}

// rulesLabel names the ruleset, with "house rules" when the options differ from its own.
func rulesLabel(ctx *game.Context, o mach.Options) string {
	label := ctx.T("machiavelli.ruleset." + o.Ruleset)
	if houseRules(o) {
		label += " · " + ctx.T("machiavelli.house_rules")
	}
	return label
}

func (t *Table) drawHeader(p scenes.Painter, ctx *game.Context) {
	o := t.cfg.Options
	p.Text(ctx.T("game.machiavelli.name"), scenes.Font{Style: scenes.FontHeading.Style, Size: 30}, 20, 8, scenes.Left, scenes.Crimson)
	line := rulesLabel(ctx, o)
	if o.Games > 1 {
		line += " · " + ctx.F("machiavelli.game_of", t.sh.gameNo, o.Games)
	}
	if t.cfg.NoHints {
		line += " · " + ctx.T("machiavelli.no_hints")
	}
	p.Text(line, scenes.Font{Style: assets.FontItalic, Size: 16}, 230, 18, scenes.Left, scenes.InkSoft)
	x, y := ctx.Input.Cursor()
	smallButton(p, headerMenu, ctx.T("machiavelli.menu"), headerMenu.Contains(x, y), false)
	smallButton(p, headerHelp, ctx.T("machiavelli.help"), headerHelp.Contains(x, y), false)
	if !t.cfg.NoHints && t.draft != nil {
		smallButton(p, headerHint, ctx.T("machiavelli.hint"), headerHint.Contains(x, y), t.hint != nil)
	}
	smallButton(p, headerColours, ctx.T("machiavelli.four_colours"), headerColours.Contains(x, y), t.prefs.FourColour)
}

// drawSeats draws every seat: its house, who plays it, the cards in hand, the match
// score, and whose turn it is.
func (t *Table) drawSeats(p scenes.Painter, ctx *game.Context) {
	n := len(t.sh.hands)
	for seat := 0; seat < n; seat++ {
		b := seatBox(seat, n)
		turn := seat == t.sh.turn && !t.m.State().Over()
		fill := scenes.Fade(table.Ivory, 0.75)
		if turn {
			fill = scenes.Mix(table.Ivory, scenes.GoldLight, 0.55)
		}
		p.RoundRect(b.X, b.Y, b.W, b.H, 9, fill)
		edge := scenes.Fade(scenes.GoldDeep, 0.8)
		lw := 1.2
		if turn {
			edge, lw = scenes.Crimson, 2.4
		}
		p.StrokeRoundRect(b.X, b.Y, b.W, b.H, 9, lw, edge)
		c := seatColours[seat%len(seatColours)]
		table.DrawMarker(p, b.X+16, b.Y+18, 8, 0, c)
		name := t.seatName(ctx, seat)
		p.Text(name, scenes.Font{Style: assets.FontBold, Size: 16}, b.X+30, b.Y+6, scenes.Left, scenes.Ink)
		pl := t.m.Seated(rules.Seat(seat))
		who := ctx.T("machiavelli.seat.human")
		if pl.Kind == play.AI {
			who = ctx.T("machiavelli.level." + pl.Level)
			if pl.Level == "" { // a replayed record that names no level (an arena game)
				who = pl.Bot
			}
		}
		if seat == t.sh.dealer {
			who += " · " + ctx.T("machiavelli.dealer")
		}
		p.Text(who, scenes.Font{Style: assets.FontItalic, Size: 13}, b.X+30, b.Y+25, scenes.Left, scenes.InkSoft)
		// The hand as a small fan of backs with its count.
		cards := t.sh.hands[seat]
		fx := b.X + 10
		for i := 0; i < min(cards, 3); i++ {
			table.DrawCardBack(p, fx+float64(i)*5, b.Y+42, 12, 17, 0)
		}
		p.TextMiddle(ctx.F("machiavelli.cards", cards), scenes.Font{Style: assets.FontBold, Size: 14}, fx+min(3, float64(cards))*5+18, b.Y+51, scenes.Left, scenes.Ink)
		if seat < len(t.sh.totals) {
			p.TextMiddle(ctx.F("machiavelli.score", t.sh.totals[seat]), scenes.Font{Style: assets.FontRegular, Size: 13}, b.X+b.W-10, b.Y+51, scenes.Right, scenes.InkSoft)
		}
	}
}

// drawSide draws the stock and the free cards.
func (t *Table) drawSide(p scenes.Painter, ctx *game.Context) {
	table.DrawPanel(p, sidePanel)
	p.Text(ctx.T("machiavelli.stock"), scenes.Font{Style: assets.FontBold, Size: 14}, stockRect.X+stockRect.W/2, sidePanel.Y+10, scenes.Center, scenes.CrimsonDeep)
	table.DrawPile(p, stockRect.X, stockRect.Y, stockRect.W, stockRect.H, t.sh.stock)
	p.Text(strconv.Itoa(t.sh.stock), scenes.Font{Style: assets.FontBold, Size: 18}, stockRect.X+stockRect.W/2, stockRect.Y+stockRect.H+6, scenes.Center, scenes.Ink)
	if t.cfg.Options.FreeCards > 0 {
		p.Text(ctx.T("machiavelli.free"), scenes.Font{Style: assets.FontBold, Size: 14}, freeOrigin[0]+60, sidePanel.Y+10, scenes.Center, scenes.CrimsonDeep)
		free := t.sh.free
		if t.draft != nil {
			free = t.draft.Free
		}
		if len(free) == 0 {
			p.Text(ctx.T("machiavelli.free.none"), scenes.Font{Style: assets.FontItalic, Size: 13}, freeOrigin[0]+60, freeOrigin[1]+20, scenes.Center, scenes.InkSoft)
		}
		for _, c := range free {
			t.drawCardAt(p, c, nil, 0)
		}
	}
	p.Text(ctx.T("machiavelli.cap."+capKey(t.cfg.Options)), scenes.Font{Style: assets.FontItalic, Size: 12}, sidePanel.X+sidePanel.W/2, sidePanel.Y+sidePanel.H-22, scenes.Center, scenes.InkSoft)
}

func capKey(o mach.Options) string {
	if o.MaxPerTurn > 0 {
		return "on"
	}
	return "off"
}

// drawCardAt draws card c where it is now, with its marks.
func (t *Table) drawCardAt(p scenes.Painter, c mach.Card, si *mach.StandIn, glow float64) {
	pos, ok := t.cards[c]
	if !ok || pos.inMotion() || t.in.isGrabbed(c) {
		return
	}
	t.drawCardPos(p, c, pos, si, glow)
}

func (t *Table) drawCardPos(p scenes.Painter, c mach.Card, pos *cardPos, si *mach.StandIn, glow float64) {
	drawCard(p, c, pos.x, pos.y-pos.lift*6, pos.w, pos.h, pos.lift, t.prefs.FourColour, si)
	mx, my := pos.x+pos.w*0.2, pos.y+pos.h-pos.w*0.16
	switch {
	case t.draft != nil && t.draft.Laid(c):
		table.DrawMarker(p, mx, my, pos.w*0.1, 0, scenes.Crimson)
	case t.draft != nil && t.draft.Moved(c):
		table.DrawMarker(p, mx, my, pos.w*0.065, 0, scenes.GoldDeep)
	case t.draft == nil && t.sh.laid[c]:
		table.DrawMarker(p, mx, my, pos.w*0.09, 0, scenes.Gold)
	}
	if glow > 0 {
		table.CardGlow(p, pos.x, pos.y, pos.w, pos.h, glow)
	}
	if t.in.isSelected(c) {
		p.StrokeRoundRect(pos.x-2, pos.y-2, pos.w+4, pos.h+4, pos.w*0.1, 2.5, scenes.GoldDeep)
	}
}

// visible reports whether c is on the table, in the viewer's hand or among the free cards now.
func (t *Table) visible(c mach.Card) bool {
	if _, _, ok := findCard(t.displayMelds(), c); ok {
		return true
	}
	if t.draft != nil {
		return slices.Contains(t.draft.Hand, c) || slices.Contains(t.draft.Free, c)
	}
	return slices.Contains(t.hand, c) || slices.Contains(t.sh.free, c)
}

// drawTable draws the melds, each with a frame saying whether it is valid.
func (t *Table) drawTable(p scenes.Painter, ctx *game.Context) {
	l := t.layout(t.draft)
	melds := t.displayMelds()
	if len(melds) == 0 && t.draft == nil {
		p.TextMiddle(ctx.T("machiavelli.table.empty"), scenes.Font{Style: assets.FontItalic, Size: 20}, tableArea.X+tableArea.W/2, tableArea.Y+tableArea.H/2, scenes.Center, scenes.InkFaded)
	}
	var errs []error
	if t.draft != nil {
		errs = t.draft.MeldErrors()
	}
	for m, cs := range melds {
		if m >= len(l.boxes) {
			break
		}
		b := l.boxes[m]
		bad := m < len(errs) && errs[m] != nil
		frame := scenes.Fade(scenes.GoldDeep, 0.35)
		lw := 1.0
		if bad {
			frame, lw = scenes.Crimson, 2.4
		}
		if t.in.drop != nil && t.in.drop.Meld == m {
			frame, lw = scenes.Gold, 2.4
		}
		p.StrokeRoundRect(b.X-4, b.Y-4, b.W+8, b.H+8, 8, lw, frame)
		var si []*mach.StandIn
		if !bad {
			si = mach.StandIns(cs, t.cfg.Options)
		}
		for i, c := range cs {
			var s *mach.StandIn
			if i < len(si) {
				s = si[i]
			}
			t.drawCardAt(p, c, s, t.hintGlow(c))
		}
		if t.hint != nil {
			// The hint's steps name melds by number.
			p.Circle(b.X+b.W, b.Y, 9, scenes.CrimsonDeep)
			p.TextMiddle(itoa(m+1), scenes.Font{Style: assets.FontBold, Size: 12}, b.X+b.W, b.Y, scenes.Center, scenes.GoldLight)
		}
		if t.in.drop != nil && t.in.drop.Meld == m {
			x, y := l.cardAt(m, t.in.drop.At)
			p.Rect(x-2, y-3, 3, l.cardH+6, scenes.Crimson)
		}
	}
	if t.draft != nil && l.newBox.W > 0 {
		b := l.newBox
		c := scenes.Fade(scenes.InkFaded, 0.8)
		if t.in.drop != nil && t.in.drop.Meld == ToNewMeld {
			c = scenes.Crimson
			p.RoundRect(b.X, b.Y, b.W, b.H, 8, scenes.Fade(scenes.GoldLight, 0.35))
		}
		dashedRect(p, b, c)
		p.TextMiddle(ctx.T("machiavelli.new_meld"), scenes.Font{Style: assets.FontItalic, Size: min(15, b.W/5.5)}, b.X+b.W/2, b.Y+b.H/2, scenes.Center, c)
	}
}

// dashedRect outlines r with a dashed line.
func dashedRect(p scenes.Painter, r scenes.Rect, c color.RGBA) {
	const dash, gap = 7.0, 5.0
	for x := r.X; x < r.X+r.W; x += dash + gap {
		e := min(x+dash, r.X+r.W)
		p.Line(x, r.Y, e, r.Y, 1.4, c)
		p.Line(x, r.Y+r.H, e, r.Y+r.H, 1.4, c)
	}
	for y := r.Y; y < r.Y+r.H; y += dash + gap {
		e := min(y+dash, r.Y+r.H)
		p.Line(r.X, y, r.X, e, 1.4, c)
		p.Line(r.X+r.W, y, r.X+r.W, e, 1.4, c)
	}
}

// drawHand draws the viewer's hand (nothing while the curtain is needed).
func (t *Table) drawHand(p scenes.Painter, ctx *game.Context) {
	r := handArea
	p.RoundRect(r.X, r.Y, r.W, r.H, 10, scenes.Fade(scenes.ParchmentDark, 0.45))
	if t.in.drop != nil && t.in.drop.Meld == ToHand {
		p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 10, 2.4, scenes.Gold)
	}
	hand := t.displayHand()
	if t.viewer == rules.NoSeat || (t.priv.HumanCount() > 1 && t.priv.Shown() == rules.NoSeat) {
		return
	}
	if len(hand) == 0 {
		p.TextMiddle(ctx.T("machiavelli.hand.empty"), scenes.Font{Style: assets.FontItalic, Size: 16}, r.X+r.W/2, r.Y+r.H/2, scenes.Center, scenes.InkFaded)
	}
	for _, c := range hand {
		t.drawCardAt(p, c, nil, t.hintGlow(c))
		if pos, ok := t.cards[c]; ok && t.fresh[c] && !pos.inMotion() && !t.in.isGrabbed(c) {
			// Just drawn: outlined in gold until the player's turn ends.
			p.StrokeRoundRect(pos.x-1.5, pos.y-1.5, pos.w+3, pos.h+3, pos.w*0.1, 2.5, scenes.Gold)
		}
	}
	if t.in.drop != nil && t.in.drop.Meld == ToHand {
		x, y := t.handLayout(hand).cardAt(t.in.drop.At)
		p.Rect(x-4, y-2, 3, handCardH+4, scenes.Crimson)
	}
}

// drawDragged draws the cards being dragged under the cursor.
func (t *Table) drawDragged(p scenes.Painter, ctx *game.Context) {
	if !t.in.dragging {
		return
	}
	x, y := ctx.Input.Cursor()
	l := t.layout(t.draft)
	for i, c := range t.in.grabbed {
		drawCard(p, c, x-l.cardW/2+float64(i)*l.step, y-l.cardH/2, l.cardW, l.cardH, 1, t.prefs.FourColour, nil)
	}
}

// drawTooltip shows why the meld under the cursor is not valid.
func (t *Table) drawTooltip(p scenes.Painter, ctx *game.Context) {
	if t.draft == nil || t.in.dragging {
		return
	}
	x, y := ctx.Input.Cursor()
	l := t.layout(t.draft)
	errs := t.draft.MeldErrors()
	for m, b := range l.boxes {
		if m < len(errs) && errs[m] != nil && b.Contains(x, y) {
			msg := errs[m].Error()
			f := scenes.Font{Style: assets.FontRegular, Size: 15}
			w := min(520, f.Width(msg)+24)
			lines := scenes.Wrap(msg, f, w-24)
			h := float64(len(lines))*19 + 14
			tx := min(x+14, screenW-w-8)
			ty := b.Y + b.H + 8
			if ty+h > tableArea.Y+tableArea.H+40 {
				ty = b.Y - h - 8
			}
			p.RoundRect(tx, ty, w, h, 8, scenes.Fade(scenes.Ink, 0.92))
			for i, line := range lines {
				p.Text(line, f, tx+12, ty+7+float64(i)*19, scenes.Left, scenes.Parchment)
			}
			return
		}
	}
}

// drawControls draws the status line and the buttons of the turn.
func (t *Table) drawControls(p scenes.Painter, ctx *game.Context) {
	x, y := ctx.Input.Cursor()
	status, bad := t.statusText(ctx)
	c := scenes.InkSoft
	if bad {
		c = scenes.Crimson
	}
	f := scenes.Font{Style: assets.FontItalic, Size: 16}
	for f.Width(status) > statusLine.W && f.Size > 11 {
		f.Size--
	}
	p.TextMiddle(status, f, statusLine.X+4, statusLine.Y+statusLine.H/2, scenes.Left, c)
	if t.priv.HumanCount() == 0 {
		return // a table of AI seats has nobody to press buttons
	}
	labels := t.buttonLabels(ctx)
	for i := 0; i < numButtons; i++ {
		r := buttonRect(i)
		enabled := t.buttonEnabled(i)
		glow := 0.0
		if enabled && r.Contains(x, y) {
			glow = 1
		}
		drawButtonSmall(p, r, labels[i], glow, enabled, i == btnEnd && enabled)
	}
}

// drawButtonSmall draws a bottom button; strong marks End turn when it is ready.
func drawButtonSmall(p scenes.Painter, r scenes.Rect, label string, glow float64, enabled, strong bool) {
	fill := scenes.Mix(scenes.Fade(scenes.Parchment, 0.9), scenes.Crimson, glow)
	ink := scenes.Mix(scenes.Ink, scenes.GoldLight, glow)
	edge := scenes.Mix(scenes.GoldDeep, scenes.Gold, glow)
	if strong {
		fill = scenes.Mix(scenes.Crimson, scenes.CrimsonDeep, glow)
		ink = scenes.GoldLight
	}
	if !enabled {
		fill, ink, edge = scenes.Fade(scenes.ParchmentDark, 0.5), scenes.InkFaded, scenes.Fade(scenes.InkFaded, 0.6)
	}
	p.RoundRect(r.X, r.Y, r.W, r.H, 10, fill)
	p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 10, 1.5+glow, edge)
	cx, cy := r.Center()
	f := scenes.Font{Style: assets.FontBold, Size: 18}
	for f.Width(label) > r.W-16 && f.Size > 11 {
		f.Size--
	}
	p.TextMiddle(label, f, cx, cy, scenes.Center, ink)
}

// drawCursor underlines the keyboard cursor's place: a card, the end of a meld, or the
// new meld.
func (t *Table) drawCursor(p scenes.Painter) {
	s, ok := t.cursorSpot()
	if !ok {
		return
	}
	l := t.layout(t.draft)
	var x, y, w float64
	switch {
	case s.card != noCard:
		pos, ok := t.cards[s.card]
		if !ok {
			return
		}
		x, y, w = pos.tx, pos.ty+pos.th+3, min(pos.tw, l.step+4)
		if s.where == ToHand {
			w = min(pos.tw, t.handLayout(t.displayHand()).step)
		}
	case s.where == ToNewMeld:
		x, y, w = l.newBox.X, l.newBox.Y+l.newBox.H+3, l.newBox.W
	case s.where >= 0 && s.where < len(l.boxes):
		b := l.boxes[s.where]
		x, y, w = b.X+b.W+2, b.Y+b.H+3, 10
	default:
		return
	}
	p.Rect(x, y, w, 4, scenes.Crimson)
}
