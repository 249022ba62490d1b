package intrigo

import (
	"fmt"
	"image/color"
	"strconv"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

var (
	fontName  = scenes.Font{Style: assets.FontBold, Size: 17}
	fontSmall = scenes.Font{Style: assets.FontRegular, Size: 12}
	fontTiny  = scenes.Font{Style: assets.FontRegular, Size: 11}
	fontItal  = scenes.Font{Style: assets.FontItalic, Size: 14}
	fontBody  = scenes.Font{Style: assets.FontRegular, Size: 14}
	fontBold  = scenes.Font{Style: assets.FontBold, Size: 15}
	fontHead  = scenes.Font{Style: assets.FontBold, Size: 18}
)

// draw paints the table.
func (t *Table) draw(p scenes.Painter, ctx *game.Context) {
	tb := &t.v.obs.Table
	drawBackground(p, ctx, tb.Players)
	t.drawHeader(p, ctx, tb)
	for s := 0; s < tb.Players; s++ {
		t.drawPalace(p, ctx, tb, rules.Seat(s))
	}
	t.drawBankAndIsland(p, ctx, tb)
	t.drawHistory(p, ctx, tb)
	t.drawAction(p, ctx, tb)
	t.log.Draw(p, logRect, ctx.T("intrigo.log.title"))
	t.v.drawFlights(p)
	t.drawCarried(p, ctx, tb)
	if t.ledger != nil {
		t.ledger.draw(p, ctx, t)
	}
}

func (t *Table) drawHeader(p scenes.Painter, ctx *game.Context, tb *ig.Table) {
	p.Text(ctx.T("game.intrigo.name"), scenes.Font{Style: assets.FontSmallCaps, Size: 32}, 24, 8, scenes.Left, scenes.Crimson)
	line := ""
	if tb.Step == ig.StepOver {
		line = ctx.T("intrigo.header.over")
	} else {
		line = ctx.F("intrigo.header.turn", seatName(ctx, tb.Active), tb.TurnsBegun[tb.Active], ig.TurnsPerPlayer, stepName(ctx, tb))
	}
	p.Text(line, scenes.Font{Style: assets.FontItalic, Size: 17}, 150, 18, scenes.Left, scenes.InkSoft)
	for _, b := range []struct {
		r   scenes.Rect
		key string
	}{{ledgerButton, "intrigo.button.ledger"}, {helpButton, "intrigo.button.help"}, {menuButton, "intrigo.button.menu"}} {
		scenes.DrawButton(p, b.r, ctx.T(b.key), 0, true)
	}
}

func stepName(ctx *game.Context, tb *ig.Table) string {
	switch tb.Step {
	case ig.StepNegotiate:
		return ctx.F("intrigo.step.negotiate", stageName(ctx, tb.Receive.Negotiation.Stage))
	}
	return ctx.T("intrigo.step." + string(tb.Step))
}

// drawPalace paints seat s's palace: its banner (name, who plays it, turn, purse,
// reputation), its four posts, the applicants waiting in front grouped by type, and its
// owner's unplaced advisors.
func (t *Table) drawPalace(p scenes.Painter, ctx *game.Context, tb *ig.Table, s rules.Seat) {
	n := tb.Players
	r := PalaceRect(s, n)
	if tb.Active == s && tb.Step != ig.StepOver {
		p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 10, 3, scenes.Crimson)
	}
	ink := inkOn(s)
	p.Text(seatName(ctx, s), fontName, r.X+10, r.Y+2, scenes.Left, ink)
	pl := t.m.Seated(s)
	who := ctx.T("intrigo.seat.human")
	if pl.Kind == play.AI {
		who = ctx.F("intrigo.seat.ai", ctx.T("intrigo.level."+pl.Level))
		if pl.Level == "" { // a replayed record that names no level (an arena game)
			who = ctx.F("intrigo.seat.ai", pl.Bot)
		}
	}
	p.Text(ctx.F("intrigo.palace.who", who, tb.TurnsBegun[s], ig.TurnsPerPlayer), fontTiny, r.X+10, r.Y+22, scenes.Left, ink)
	// The purse: exact for the seat in view, counted from the payments for the others.
	purse := ducats(ctx, t.v.purse(s))
	drawCoin(p, r.X+r.W-14, r.Y+12, 7, 1)
	p.Text(purse, fontBold, r.X+r.W-26, r.Y+3, scenes.Right, ink)
	drawReputation(p, tb.Reputation(s), r.X+r.W-10, r.Y+29)
	if s == tb.First {
		scenes.DrawLily(p, r.X+r.W-150, r.Y+12, 14, scenes.GoldLight)
	}
	// The posts.
	for post := 0; post < ig.Posts; post++ {
		pr := PostRect(s, n, post)
		if t.in.hoverPost == post && t.in.sel >= 0 && s == t.m.ToAct() && tb.Active == s {
			p.StrokeRoundRect(pr.X, pr.Y, pr.W, pr.H, 8, 3, scenes.Gold)
		}
		if tb.Receive != nil && s == tb.Active && tb.Receive.Challenger[post] >= 0 {
			p.StrokeRoundRect(pr.X, pr.Y, pr.W, pr.H, 8, 2.5, scenes.Crimson)
		}
		if id := tb.Palaces[s][post]; id >= 0 && !t.v.moving(id) {
			a := tb.Advisors[id]
			cx, cy := PostCentre(s, n, post)
			drawAdvisor(p, a.Owner, a.Type, cx, cy, postRadius(n), 0, 1)
		}
	}
	// The applicants, a box per type; a conflict is framed in crimson.
	var ghosts []int
	for i, m := range t.in.staged {
		if m.Palace == s {
			ghosts = append(ghosts, t.in.stagedIDs[i])
		}
	}
	for _, g := range groups(tb, s, ghosts) {
		fill, edge, lw := scenes.Fade(table.Ivory, 0.6), scenes.Fade(scenes.GoldDeep, 0.7), 1.0
		if g.conflict {
			fill, edge, lw = scenes.Fade(scenes.Mix(table.Ivory, scenes.Crimson, 0.18), 0.8), scenes.Crimson, 2.0
		}
		p.RoundRect(g.rect.X, g.rect.Y, g.rect.W, g.rect.H, 8, fill)
		p.StrokeRoundRect(g.rect.X, g.rect.Y, g.rect.W, g.rect.H, 8, lw, edge)
		if g.conflict {
			label := ctx.T("intrigo.palace.conflict")
			if g.employed {
				label = ctx.T("intrigo.palace.contests")
			}
			p.Text(label, scenes.Font{Style: assets.FontRegular, Size: 10}, g.rect.X+2, g.rect.Y+g.rect.H+1, scenes.Left, scenes.Crimson)
		}
		step := (g.rect.W - 10) / float64(len(g.ids))
		for k, id := range g.ids {
			if t.v.moving(id) || id == t.in.press && t.in.drag {
				continue
			}
			a := tb.Advisors[id]
			cx, cy := g.rect.X+5+step*(float64(k)+0.5), g.rect.Y+g.rect.H/2
			alpha := 1.0
			if containsInt(ghosts, id) {
				alpha = 0.5
			}
			drawAdvisor(p, a.Owner, a.Type, cx, cy, queueR, 0, alpha)
			if id == t.in.sel {
				p.StrokeCircle(cx, cy, queueR+3, 2.5, scenes.Crimson)
			}
		}
	}
	// The unplaced advisors.
	tr := trayRect(s, n)
	left := 0
	for _, a := range tb.Advisors {
		if a.Owner != s || a.Where != ig.Unplaced {
			continue
		}
		left++
		if t.v.moving(a.ID) || a.ID == t.in.press && t.in.drag {
			continue
		}
		x, y := trayAt(n, a)
		alpha := 1.0
		if containsInt(t.in.stagedIDs, a.ID) {
			alpha = 0.35
		}
		drawAdvisor(p, a.Owner, a.Type, x, y, trayR, 0, alpha)
		if a.ID == t.in.sel {
			p.StrokeCircle(x, y, trayR+3, 2.5, scenes.Crimson)
		}
	}
	p.Text(ctx.F("intrigo.palace.unplaced", left), fontTiny, tr.X+2, tr.Y+2, scenes.Left, scenes.InkSoft)
	// A rival palace under a carried advisor glows.
	if t.in.sel >= 0 && t.in.hoverPalace == s && tb.Step == ig.StepPresent {
		c := scenes.Crimson
		if s == tb.Active {
			c = scenes.InkFaded
		}
		p.StrokeRoundRect(r.X-2, r.Y-2, r.W+4, r.H+4, 12, 3, c)
	}
	if t.thinking() == s {
		table.DrawThinking(p, r.X+r.W-112, r.Y+164, ctx.T("intrigo.thinking"), ctx.Tick)
	}
}

// drawCarried draws the advisor being dragged under the cursor.
func (t *Table) drawCarried(p scenes.Painter, ctx *game.Context, tb *ig.Table) {
	if !t.in.drag || t.in.press < 0 {
		return
	}
	x, y := ctx.Input.Cursor()
	a := tb.Advisors[t.in.press]
	drawAdvisor(p, a.Owner, a.Type, x, y, queueR+2, 1, 1)
}

func (t *Table) drawBankAndIsland(p scenes.Painter, ctx *game.Context, tb *ig.Table) {
	r := islandRect
	ids := islanders(tb)
	p.Text(ctx.F("intrigo.island.title", len(ids)), fontBold, r.X+12, r.Y+6, scenes.Left, scenes.CrimsonDeep)
	for k, id := range ids {
		if t.v.moving(id) {
			continue
		}
		a := tb.Advisors[id]
		x, y := islandAt(k)
		drawAdvisor(p, a.Owner, a.Type, x, y, islandR, 0, 1)
	}
}

// drawHistory lists this palace's negotiation in words: offers, answers, money paid.
func (t *Table) drawHistory(p scenes.Painter, ctx *game.Context, tb *ig.Table) {
	r := historyRect
	p.Text(ctx.F("intrigo.history.title", seatName(ctx, tb.Active)), fontBold, r.X+12, r.Y+6, scenes.Left, scenes.CrimsonDeep)
	var lines []string
	first := -1
	if tb.Receive != nil && tb.Receive.Negotiation != nil {
		first = tb.Receive.Negotiation.Serial
	}
	for i := len(tb.Offers) - 1; i >= 0 && len(lines) < 12; i-- {
		o := tb.Offers[i]
		if o.Owner != tb.Active || (first >= 0 && o.Negotiation < first-3) {
			break
		}
		lines = append(lines, offerRecordLine(ctx, tb, o))
	}
	y := r.Y + 30
	// The newest rows that fit, oldest first.
	var rows []string
	for i := len(lines) - 1; i >= 0; i-- {
		rows = append(rows, scenes.Wrap(lines[i], fontTiny, r.W-24)...)
	}
	rows = rows[max(0, len(rows)-8):]
	for _, w := range rows {
		p.Text(w, fontTiny, r.X+12, y, scenes.Left, scenes.Ink)
		y += 14
	}
	if len(lines) == 0 {
		p.Text(ctx.T("intrigo.history.none"), fontTiny, r.X+12, y, scenes.Left, scenes.InkSoft)
	}
}

// offerRecordLine is one say in a negotiation and how it ended.
func offerRecordLine(ctx *game.Context, tb *ig.Table, o ig.OfferRecord) string {
	if o.Result == ig.ResultPassed {
		return ctx.F("intrigo.log.pass", seatName(ctx, o.Speaker))
	}
	m := ig.Move{Kind: ig.Offer, Post: o.Post, Favour: o.Favour, Bribe: o.Bribe, Promises: o.Promises}
	s := offerSentence(ctx, tb, o.Speaker, o.Owner, m)
	switch o.Result {
	case ig.ResultAccepted:
		s += " " + ctx.F("intrigo.result.accepted", ducats(ctx, o.Paid()))
	case ig.ResultRefused:
		s += " " + ctx.T("intrigo.result.refused")
	case ig.ResultTaken:
		s += " " + ctx.F("intrigo.result.taken", ducats(ctx, o.Bribe), ducats(ctx, o.Counter))
	case ig.ResultDeclined:
		s += " " + ctx.F("intrigo.result.declined", ducats(ctx, o.Bribe), ducats(ctx, o.Counter))
	case ig.ResultOpen:
		if o.Counter > 0 {
			s += " " + ctx.F("intrigo.result.countered", ducats(ctx, o.Bribe), ducats(ctx, o.Counter))
		} else {
			s += " " + ctx.T("intrigo.result.open")
		}
	}
	return s
}

// drawAction paints the middle panel: what the seat to act is doing or may do.
func (t *Table) drawAction(p scenes.Painter, ctx *game.Context, tb *ig.Table) {
	r := actionRect
	seat := t.m.ToAct()
	human := seat >= 0 && t.m.Player(seat).Kind == play.Human && !t.seq.Busy()
	if human && t.in.prompt != nil && (tb.Step == ig.StepDecide || tb.Step == ig.StepChooseConflict || tb.Step == ig.StepSettle) {
		t.in.prompt.Draw(p)
		return
	}
	x0 := r.X + 16
	title := func(s string) { p.Text(s, fontHead, x0, r.Y+10, scenes.Left, scenes.CrimsonDeep) }
	para := func(s string, y float64, f scenes.Font, c color.RGBA) float64 {
		return p.Paragraph(s, f, x0, y, r.W-32, f.Size+4, c)
	}
	switch {
	case tb.Step == ig.StepOver:
		title(ctx.T("intrigo.header.over"))
	case tb.Step == ig.StepNegotiate:
		t.drawNegotiation(p, ctx, tb, human)
	case !human:
		title(ctx.F("intrigo.action.waiting", seatName(ctx, seat), stepName(ctx, tb)))
		if tb.Receive != nil && tb.Receive.Negotiation != nil {
			para(subject(ctx, tb, tb.Receive.Negotiation), r.Y+40, fontItal, scenes.InkSoft)
		}
		if t.v.flash != "" {
			para(t.v.flash, r.Y+120, fontBold, scenes.Crimson)
		}
		if t.thinking() >= 0 {
			table.DrawThinking(p, x0+8, r.Y+r.H-30, ctx.F("intrigo.thinking.who", seatName(ctx, seat)), ctx.Tick)
		}
	case tb.Step == ig.StepPresent:
		need := ig.PresentPerTurn - tb.Presented
		title(ctx.F("intrigo.present.title", need))
		y := r.Y + 40 + para(ctx.T("intrigo.present.how"), r.Y+40, fontBody, scenes.Ink)
		for i, m := range t.in.staged {
			para(ctx.F("intrigo.present.staged", i+1, typeName(ctx, m.Type), seatName(ctx, m.Palace)), y+6+float64(i)*22, fontBold, scenes.Ink)
		}
		if t.in.hint != "" {
			para(t.in.hint, r.Y+200, fontItal, scenes.CrimsonDeep)
		}
		drawControls(p, ctx, []control{
			{r: confirmButton, label: ctx.T("intrigo.present.confirm"), enabled: len(t.in.staged) >= need},
			{r: undoButton, label: ctx.T("intrigo.present.undo"), enabled: len(t.in.staged) > 0},
		})
	case tb.Step == ig.StepPlace || tb.Step == ig.StepAdmit:
		key := "intrigo.place.title"
		if tb.Step == ig.StepAdmit {
			key = "intrigo.admit.title"
		}
		title(ctx.T(key))
		how := ctx.T("intrigo.place.how")
		if tb.Step == ig.StepAdmit {
			key := "intrigo.admit.how"
			if employed(tb, tb.Active, tb.Receive.Negotiation.Type) >= 0 {
				key = "intrigo.admit.how_contest"
			}
			how = subject(ctx, tb, tb.Receive.Negotiation) + " " + ctx.T(key)
		}
		para(how, r.Y+40, fontBody, scenes.Ink)
		if t.in.hint != "" {
			para(t.in.hint, r.Y+150, fontItal, scenes.CrimsonDeep)
		}
		if t.in.sel >= 0 {
			if _, ok := findMove(t.legalMoves(seat), t.in.sel, -1); ok {
				drawControls(p, ctx, []control{{r: confirmButton, label: ctx.T("intrigo.admit.contest"), enabled: true}})
			}
		}
	}
}

// drawNegotiation paints the negotiation: who speaks in which order and about what, and,
// for a human, the offer builder or the answer to give.
func (t *Table) drawNegotiation(p scenes.Painter, ctx *game.Context, tb *ig.Table, human bool) {
	r := actionRect
	n := tb.Receive.Negotiation
	x0 := r.X + 16
	p.Text(ctx.F("intrigo.neg.title", seatName(ctx, tb.Active), stageName(ctx, n.Stage)), fontHead, x0, r.Y+10, scenes.Left, scenes.CrimsonDeep)
	p.Paragraph(subject(ctx, tb, n), fontItal, x0, r.Y+36, r.W-32, 17, scenes.InkSoft)
	// The order of speaking.
	x := x0
	for i, sp := range n.Speakers {
		label := seatName(ctx, sp.Seat)
		if topic := speakerTopic(ctx, tb, sp); topic != "" {
			label += " · " + topic
		}
		w := fontSmall.Width(label) + 26
		c := scenes.Fade(table.Ivory, 0.7)
		if i == n.Turn {
			c = scenes.GoldLight
		}
		p.RoundRect(x, r.Y+negChipsY, w, 24, 12, c)
		p.Circle(x+11, r.Y+negChipsY+12, 6, seatColour(sp.Seat))
		p.StrokeCircle(x+11, r.Y+negChipsY+12, 6, 1, scenes.Ink)
		tc := scenes.Ink
		if i < n.Turn {
			tc = scenes.InkFaded
		}
		p.Text(label, fontSmall, x+21, r.Y+negChipsY+5, scenes.Left, tc)
		x += w + 6
		if x > r.X+r.W-60 {
			break
		}
	}
	seat := t.m.ToAct()
	if !human {
		if n.Open >= 0 {
			o := tb.Offers[n.Open]
			p.Paragraph(offerRecordLine(ctx, tb, o), fontBody, x0, r.Y+118, r.W-32, 18, scenes.Ink)
		}
		if t.thinking() >= 0 {
			table.DrawThinking(p, x0+8, r.Y+r.H-30, ctx.F("intrigo.thinking.who", seatName(ctx, seat)), ctx.Tick)
		}
		return
	}
	cs := t.controls(ctx, seat, tb)
	switch {
	case n.Countered:
		o := tb.Offers[n.Open]
		p.Paragraph(offerRecordLine(ctx, tb, o), fontBody, x0, r.Y+118, r.W-32, 18, scenes.Ink)
		p.Text(ctx.F("intrigo.neg.countered", seatName(ctx, tb.Active), ducats(ctx, o.Bribe), ducats(ctx, o.Counter)), fontHead, x0, r.Y+190, scenes.Left, scenes.CrimsonDeep)
		p.Text(ctx.F("intrigo.neg.your_purse", ducats(ctx, t.obs().Purse)), fontSmall, x0, r.Y+220, scenes.Left, scenes.InkSoft)
	case n.Open >= 0:
		o := tb.Offers[n.Open]
		p.Text(ctx.F("intrigo.neg.answer", seatName(ctx, o.Speaker)), fontBold, x0, r.Y+112, scenes.Left, scenes.Ink)
		m := ig.Move{Kind: ig.Offer, Post: o.Post, Favour: o.Favour, Bribe: o.Bribe, Promises: o.Promises}
		p.Paragraph(offerSentence(ctx, tb, o.Speaker, o.Owner, m), fontBody, x0, r.Y+134, r.W-32, 18, scenes.Ink)
		y := r.Y + negPromiseY + 36
		p.Text(ctx.T("intrigo.neg.counter_price"), fontBody, x0, y, scenes.Left, scenes.Ink)
		p.Text(ctx.F("intrigo.neg.arrow", ducats(ctx, o.Bribe), ducats(ctx, t.counter)), fontBold, x0+289, y-1, scenes.Center, scenes.CrimsonDeep)
		p.Text(ctx.F("intrigo.neg.can_pay", seatName(ctx, o.Speaker), ducats(ctx, t.v.purse(o.Speaker))), fontTiny, x0+408, y+2, scenes.Left, scenes.InkSoft)
		p.Paragraph(ctx.T("intrigo.neg.owner_free"), fontTiny, x0, r.Y+r.H-86, r.W-32, 14, scenes.InkSoft)
	default:
		d := t.neg
		if d == nil {
			break
		}
		p.Text(ctx.T("intrigo.neg.ask"), fontBody, x0, r.Y+negAskY+6, scenes.Left, scenes.Ink)
		if len(d.asks) <= 1 && (len(d.favours) == 0 || d.favours[0] == "") {
			p.Text(ctx.T("intrigo.neg.ask.nothing"), fontItal, x0+90, r.Y+negAskY+6, scenes.Left, scenes.InkSoft)
		}
		p.Text(ctx.T("intrigo.neg.bribe"), fontBody, x0, r.Y+negBribeY+6, scenes.Left, scenes.Ink)
		p.Text(ducats(ctx, d.bribe), fontBold, x0+177, r.Y+negBribeY+6, scenes.Center, scenes.CrimsonDeep)
		purseLine := ctx.F("intrigo.neg.purse", ducats(ctx, d.purse))
		if d.purse == 0 {
			purseLine = ctx.T("intrigo.neg.bank_bribe")
		}
		p.Text(purseLine, fontTiny, x0+340, r.Y+negBribeY+8, scenes.Left, scenes.InkSoft)
		p.Text(ctx.T("intrigo.neg.promise"), fontBody, x0, r.Y+negPromiseY+5, scenes.Left, scenes.Ink)
		for i, pr := range d.promises {
			y := r.Y + negListY + float64(i)*negRowH
			p.Text(fmt.Sprintf("%d. %s", i+1, termsText(ctx, seat, pr)), fontSmall, x0+12, y+4, scenes.Left, scenes.Ink)
		}
		if note := promiseNote(d); note != "" {
			p.Text(ctx.T(note), fontTiny, x0+12, r.Y+negListY+float64(len(d.promises))*negRowH+4, scenes.Left, scenes.InkSoft)
		}
		if t.in.editing {
			y := r.Y + negListY + float64(len(d.promises))*negRowH
			p.RoundRect(x0+8, y, r.W-48, 24, 6, table.Ivory)
			p.StrokeRoundRect(x0+8, y, r.W-48, 24, 6, 1.5, scenes.Crimson)
			p.Text(d.words.Window(fontSmall, r.W-64, (ctx.Tick/30)%2 == 0), fontSmall, x0+14, y+5, scenes.Left, scenes.Ink)
		}
		y := r.Y + max(240, negListY+negRowH*float64(len(d.promises))+2)
		if d.empty {
			p.Paragraph(ctx.T("intrigo.neg.build"), fontItal, x0, y, r.W-32, 17, scenes.InkSoft)
		} else if d.err != "" {
			p.Paragraph(d.err, fontSmall, x0, y, r.W-32, 15, scenes.Crimson)
		} else {
			p.Paragraph(d.sentence, scenes.Font{Style: assets.FontItalic, Size: 14}, x0, y, r.W-32, 17, scenes.CrimsonDeep)
		}
	}
	drawControls(p, ctx, cs)
}

func drawControls(p scenes.Painter, ctx *game.Context, cs []control) {
	x, y := ctx.Input.Cursor()
	for _, c := range cs {
		hover := c.enabled && c.r.Contains(x, y)
		fill := scenes.Fade(table.Ivory, 0.85)
		tc := scenes.Ink
		switch {
		case c.on:
			fill, tc = scenes.Crimson, scenes.GoldLight
		case !c.enabled:
			fill, tc = scenes.Fade(scenes.ParchmentDark, 0.5), scenes.InkFaded
		case hover:
			fill = scenes.GoldLight
		}
		p.RoundRect(c.r.X, c.r.Y, c.r.W, c.r.H, 7, fill)
		p.StrokeRoundRect(c.r.X, c.r.Y, c.r.W, c.r.H, 7, 1.2, scenes.GoldDeep)
		f := scenes.Font{Style: assets.FontBold, Size: 14}
		for f.Width(c.label) > c.r.W-8 && f.Size > 9 {
			f.Size--
		}
		cx, cy := c.r.Center()
		p.TextMiddle(c.label, f, cx, cy, scenes.Center, tc)
	}
}

// drawReputation draws a seat's record as three counters ending at x: kept (green),
// broken (crimson), pending (grey), each with its number.
func drawReputation(p scenes.Painter, rep ig.Reputation, x, cy float64) {
	vals := []int{rep.Kept, rep.Broken, rep.Pending}
	cols := []color.RGBA{color3(0x2f, 0x70, 0x3a), scenes.Crimson, scenes.InkFaded}
	for i := 2; i >= 0; i-- {
		label := strconv.Itoa(vals[i])
		w := max(16, fontTiny.Width(label)+8)
		x -= w
		p.RoundRect(x, cy-7, w, 14, 7, cols[i])
		p.StrokeRoundRect(x, cy-7, w, 14, 7, 0.8, scenes.Ink)
		p.TextMiddle(label, scenes.Font{Style: assets.FontBold, Size: 10}, x+w/2, cy, scenes.Center, table.Ivory)
		x -= 3
	}
}

var backgrounds table.Sprites

// drawBackground draws what never changes during a game, once, as one image: the
// parchment, the palaces' fronts and posts, the bank, the island and the panels' frames.
func drawBackground(p scenes.Painter, ctx *game.Context, n int) {
	key := fmt.Sprintf("bg-%d-%s", n, ctx.Tr().Lang())
	img := backgrounds.Image(key, game.LogicalWidth, game.LogicalHeight, p.S, func(q scenes.Painter) {
		scenes.DrawParchment(q)
		for s := 0; s < n; s++ {
			seat := rules.Seat(s)
			drawPalaceFront(q, PalaceRect(seat, n), seat, false)
			for post := 0; post < ig.Posts; post++ {
				pr := PostRect(seat, n, post)
				q.RoundRect(pr.X, pr.Y, pr.W, pr.H, 8, scenes.Fade(scenes.ParchmentDark, 0.55))
				// An arch over the post.
				q.StrokeRoundRect(pr.X+4, pr.Y+6, pr.W-8, pr.H-30, pr.W/2-4, 1.2, scenes.Fade(scenes.GoldDeep, 0.8))
				q.Text(ducats(ctx, ig.PostValue[post]), scenes.Font{Style: assets.FontBold, Size: 13}, pr.X+pr.W/2, pr.Y+pr.H-21, scenes.Center, scenes.InkSoft)
			}
			qr := queueRect(seat, n)
			q.Text(ctx.T("intrigo.palace.applicants"), fontTiny, qr.X+2, qr.Y+2, scenes.Left, scenes.InkSoft)
			tr := trayRect(seat, n)
			q.Line(tr.X, tr.Y, tr.X+tr.W, tr.Y, 0.8, scenes.Fade(scenes.GoldDeep, 0.6))
		}
		table.DrawPanel(q, bankRect)
		drawBank(q, bankRect.X+44, bankRect.Y+32)
		q.Text(ctx.T("intrigo.bank"), fontBold, bankRect.X+84, bankRect.Y+8, scenes.Left, scenes.CrimsonDeep)
		q.Text(ctx.T("intrigo.bank.line"), fontTiny, bankRect.X+84, bankRect.Y+30, scenes.Left, scenes.InkSoft)
		r := islandRect
		q.RoundRect(r.X+2, r.Y+3, r.W, r.H, 10, table.Fade(table.Shadow, 0.6))
		q.RoundRect(r.X, r.Y, r.W, r.H, 10, scenes.Mix(scenes.Parchment, color.RGBA{0x6f, 0x9c, 0xb8, 0xff}, 0.45))
		q.RoundRect(r.X+10, r.Y+28, r.W-20, r.H-38, 30, scenes.Mix(scenes.ParchmentDark, color.RGBA{0x9c, 0xa8, 0x6a, 0xff}, 0.35))
		q.StrokeRoundRect(r.X, r.Y, r.W, r.H, 10, 1.5, scenes.GoldDeep)
		table.DrawPanel(q, historyRect)
		table.DrawPanel(q, actionRect)
	})
	p.Image(img, 0, 0, game.LogicalWidth, game.LogicalHeight, 1)
}

// promiseNote is the key of the line that says why some promises cannot be added, or "".
func promiseNote(d *offerDraft) string {
	switch {
	case len(d.kinds) == 0:
		return "intrigo.neg.no_terms"
	case !d.kinds[ig.PromisePost]:
		return "intrigo.neg.no_post"
	}
	return ""
}
