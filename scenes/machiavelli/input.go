package machiavelli

import (
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"principe/game"
	"principe/rules"
	mach "principe/rules/machiavelli"
)

// input is the state of the player's gestures: a card pressed, cards dragged, cards
// selected by clicking, where a drop would go now, and the keyboard cursor.
type input struct {
	press     *spot
	pressX    float64
	pressY    float64
	pressTick int64
	dragging  bool
	grabbed   []mach.Card
	sel       []mach.Card
	drop      *Target
	cursor    int  // index into the keyboard's spots
	keys      bool // the keyboard has been used this turn (the cursor is drawn)
}

func (in *input) clear() {
	*in = input{cursor: in.cursor}
}

func (in *input) isGrabbed(c mach.Card) bool  { return in.dragging && slices.Contains(in.grabbed, c) }
func (in *input) isSelected(c mach.Card) bool { return slices.Contains(in.sel, c) }

// spot is a card on screen: in the hand, in a meld (at its place) or among the free cards.
type spot struct {
	where int // a meld's index, or ToHand, ToFree
	at    int
	card  mach.Card
}

// longPress is how long a press must be held, without moving, to pick up a run: the card
// and every card after it in its meld.
const longPress = 24

// hit is the card under (x, y), the top-most one.
func (t *Table) hit(x, y float64) *spot {
	hand := t.displayHand()
	for i := len(hand) - 1; i >= 0; i-- {
		if t.cardContains(hand[i], x, y) {
			return &spot{where: ToHand, at: i, card: hand[i]}
		}
	}
	for m, cs := range t.displayMelds() {
		for i := len(cs) - 1; i >= 0; i-- {
			if t.cardContains(cs[i], x, y) {
				return &spot{where: m, at: i, card: cs[i]}
			}
		}
	}
	if t.draft != nil {
		for i := len(t.draft.Free) - 1; i >= 0; i-- {
			if t.cardContains(t.draft.Free[i], x, y) {
				return &spot{where: ToFree, at: i, card: t.draft.Free[i]}
			}
		}
	}
	return nil
}

func (t *Table) cardContains(c mach.Card, x, y float64) bool {
	p, ok := t.cards[c]
	return ok && x >= p.tx && x < p.tx+p.tw && y >= p.ty && y < p.ty+p.th
}

// dropAt is where cards dropped at (x, y) would go, or nil.
func (t *Table) dropAt(x, y float64, cards []mach.Card) *Target {
	d := t.draft
	if d == nil || len(cards) == 0 {
		return nil
	}
	l := t.layout(d)
	for m, b := range l.boxes {
		grown := b
		grown.X, grown.Y, grown.W, grown.H = b.X-meldGap/2, b.Y-rowGap/2, b.W+meldGap+l.step, b.H+rowGap
		if grown.Contains(x, y) {
			return &Target{Meld: m, At: l.insertAt(m, len(d.Table[m]), x)}
		}
	}
	if l.newBox.Contains(x, y) || (tableArea.Contains(x, y) && y > lastRowBottom(l)) {
		return &Target{Meld: ToNewMeld}
	}
	if handArea.Contains(x, y) && allFrom(cards, d.FromHand) {
		n := len(d.Hand)
		hl := t.handLayout(t.displayHand())
		return &Target{Meld: ToHand, At: min(n, hl.indexAt(x))}
	}
	if sidePanel.Contains(x, y) && allFrom(cards, d.FromFree) {
		return &Target{Meld: ToFree}
	}
	return nil
}

// lastRowBottom is the bottom of the melds' last row (below it, a drop makes a new meld).
func lastRowBottom(l meldLayout) float64 {
	bottom := tableArea.Y
	for _, b := range l.boxes {
		bottom = math.Max(bottom, b.Y+b.H)
	}
	return bottom
}

func allFrom(cards []mach.Card, from func(mach.Card) bool) bool {
	for _, c := range cards {
		if !from(c) {
			return false
		}
	}
	return true
}

// grabFrom is what pressing s picks up: the card, or with Shift or a long press the card
// and every card after it in its meld.
func (t *Table) grabFrom(ctx *game.Context, s *spot, long bool) []mach.Card {
	if s.where >= 0 && (long || ebiten.IsKeyPressed(ebiten.KeyShift)) {
		return slices.Clone(t.displayMelds()[s.where][s.at:])
	}
	if len(t.in.sel) > 0 && t.in.isSelected(s.card) {
		return slices.Clone(t.in.sel)
	}
	return []mach.Card{s.card}
}

// updateGroups: a right click on a hand card starts a group at it (or joins it back to
// the group before), in the player's own order (which a right click switches to).
func (t *Table) updateGroups(ctx *game.Context) {
	if !inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
		return
	}
	x, y := ctx.Input.Cursor()
	s := t.hit(x, y)
	if s == nil || s.where != ToHand {
		return
	}
	if t.prefs.Sort != sortOwn {
		// Keep the order on screen as the player's own.
		order := t.displayHand()
		if t.draft != nil {
			t.draft.Hand = order
		}
		t.hand = order
		t.prefs.Sort = sortOwn
		t.prefs.save(ctx.Store)
	}
	if t.groups == nil {
		t.groups = map[mach.Card]bool{}
	}
	t.groups[s.card] = !t.groups[s.card]
	ctx.Audio.Play(game.SoundHover)
}

// updateGestures turns presses, drags, clicks and keys into moves on the draft.
func (t *Table) updateGestures(ctx *game.Context) {
	t.updateGroups(ctx)
	x, y := ctx.Input.Cursor()
	in := &t.in
	if ctx.Input.Clicked() {
		if s := t.hit(x, y); s != nil {
			ctx.Input.UseClick()
			in.press, in.pressX, in.pressY, in.pressTick = s, x, y, ctx.Tick
		} else if len(in.sel) > 0 {
			ctx.Input.UseClick()
			if d := t.dropAt(x, y, in.sel); d != nil {
				t.move(ctx, in.sel, *d)
			}
			in.sel = nil
		}
	}
	if in.press != nil && ctx.Input.Held() && !in.dragging {
		moved := math.Hypot(x-in.pressX, y-in.pressY) > 8
		long := ctx.Tick-in.pressTick >= longPress
		if moved {
			in.dragging = true
			in.grabbed = t.grabFrom(ctx, in.press, long && !moved)
			ctx.Audio.Play(game.SoundHover)
		}
	}
	if in.dragging {
		in.drop = t.dropAt(x, y, in.grabbed)
	} else {
		in.drop = nil
	}
	if in.press != nil && ctx.Input.Released() {
		s := in.press
		in.press = nil
		if in.dragging {
			in.dragging = false
			if d := t.dropAt(x, y, in.grabbed); d != nil {
				t.move(ctx, in.grabbed, *d)
			}
			in.grabbed, in.drop, in.sel = nil, nil, nil
		} else if long := ctx.Tick-in.pressTick >= longPress && s.where >= 0; long {
			in.sel = slices.Clone(t.displayMelds()[s.where][s.at:])
		} else {
			t.clickCard(ctx, s, x, y)
		}
	}
	t.updateKeys(ctx)
}

// clickCard is a click on a card: select it (Ctrl or Shift adds to the selection), or,
// with cards selected, put them where the click is.
func (t *Table) clickCard(ctx *game.Context, s *spot, x, y float64) {
	in := &t.in
	add := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyShift)
	switch {
	case in.isSelected(s.card):
		in.sel = slices.DeleteFunc(in.sel, func(c mach.Card) bool { return c == s.card })
	case len(in.sel) == 0 || add:
		in.sel = append(in.sel, s.card)
		ctx.Audio.Play(game.SoundHover)
	default:
		if d := t.dropAt(x, y, in.sel); d != nil {
			t.move(ctx, in.sel, *d)
		}
		in.sel = nil
	}
}

// move makes a move on the draft, or says why it cannot be made.
func (t *Table) move(ctx *game.Context, cards []mach.Card, to Target) {
	if t.draft == nil {
		return
	}
	if to.Meld == ToHand && t.prefs.Sort != sortOwn {
		to.At = len(t.draft.Hand) // sorted anyway
	}
	if err := t.draft.Move(cards, to); err != nil {
		ctx.Notice(err.Error())
		return
	}
	ctx.Audio.Play(game.SoundCard)
}

// updateKeys: arrows move the cursor over the cards, Space picks up (selects) the card
// under it, Enter puts the selection before the cursor's card (or in a new meld at the
// end of the table), Esc lets go; Ctrl+Z undoes.
func (t *Table) updateKeys(ctx *game.Context) {
	in := &t.in
	spots := t.keySpots()
	if len(spots) == 0 {
		return
	}
	if in.cursor >= len(spots) {
		in.cursor = len(spots) - 1
	}
	for _, k := range []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyArrowLeft, ebiten.KeyArrowUp, ebiten.KeyArrowDown, ebiten.KeySpace} {
		if ebiten.IsKeyPressed(k) {
			in.keys = true
		}
	}
	switch {
	case ctx.Input.KeyOnce(ebiten.KeyArrowRight):
		in.cursor = min(len(spots)-1, in.cursor+1)
	case ctx.Input.KeyOnce(ebiten.KeyArrowLeft):
		in.cursor = max(0, in.cursor-1)
	case ctx.Input.KeyOnce(ebiten.KeyArrowUp):
		in.cursor = t.jumpRow(spots, -1)
	case ctx.Input.KeyOnce(ebiten.KeyArrowDown):
		in.cursor = t.jumpRow(spots, 1)
	case ctx.Input.KeyOnce(ebiten.KeySpace):
		if in.cursor >= 0 && spots[in.cursor].card != noCard {
			t.clickCard(ctx, &spot{where: spots[in.cursor].where, card: spots[in.cursor].card}, 0, 0)
			if !in.isSelected(spots[in.cursor].card) && len(in.sel) == 0 {
				in.sel = []mach.Card{spots[in.cursor].card}
			}
		}
	case ctx.Input.KeyOnce(ebiten.KeyEnter) || ctx.Input.KeyOnce(ebiten.KeyNumpadEnter):
		if in.cursor >= 0 && len(in.sel) > 0 {
			s := spots[in.cursor]
			t.move(ctx, in.sel, Target{Meld: s.where, At: s.at})
			in.sel = nil
		}
	case ctx.Input.KeyOnce(ebiten.KeyEscape):
		in.sel = nil
	}
}

// noCard marks a keyboard spot that is a place, not a card (the end of a meld, the new
// meld).
const noCard = mach.Card(255)

// keySpots lists the places the keyboard cursor visits: each hand card, each meld card
// and the end of each meld, and the new meld.
func (t *Table) keySpots() []spot {
	if t.draft == nil {
		return nil
	}
	var out []spot
	for m, cs := range t.draft.Table {
		for i, c := range cs {
			out = append(out, spot{where: m, at: i, card: c})
		}
		out = append(out, spot{where: m, at: len(cs), card: noCard})
	}
	out = append(out, spot{where: ToNewMeld, card: noCard})
	for i, c := range t.displayHand() {
		out = append(out, spot{where: ToHand, at: i, card: c})
	}
	return out
}

// jumpRow moves the cursor between the table and the hand.
func (t *Table) jumpRow(spots []spot, dir int) int {
	cur := max(0, t.in.cursor)
	inHand := spots[cur].where == ToHand
	for i, s := range spots {
		if dir < 0 && inHand && s.where != ToHand {
			return i
		}
		if dir > 0 && !inHand && s.where == ToHand {
			return i
		}
	}
	return cur
}

// cursorSpot is the spot under the keyboard cursor, once the keyboard is in use.
func (t *Table) cursorSpot() (spot, bool) {
	spots := t.keySpots()
	if !t.in.keys || t.in.cursor < 0 || t.in.cursor >= len(spots) {
		return spot{}, false
	}
	return spots[t.in.cursor], true
}

// updateButtons handles the turn's buttons and their keys; it reports whether the turn
// ended.
func (t *Table) updateButtons(ctx *game.Context, seat rules.Seat, o *mach.Observation) bool {
	x, y := ctx.Input.Cursor()
	clicked := -1
	if ctx.Input.Clicked() {
		for i := 0; i < numButtons; i++ {
			if buttonRect(i).Contains(x, y) {
				ctx.Input.UseClick()
				clicked = i
			}
		}
		if headerColours.Contains(x, y) {
			ctx.Input.UseClick()
			t.prefs.FourColour = !t.prefs.FourColour
			t.prefs.save(ctx.Store)
		}
		if headerHint.Contains(x, y) && !t.cfg.NoHints {
			ctx.Input.UseClick()
			t.toggleHint(ctx, o)
		}
	}
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	if ctrl && ctx.Input.KeyOnce(ebiten.KeyZ) {
		clicked = btnUndo
	}
	if !ctrl && ctx.Input.KeyOnce(ebiten.KeyH) && !t.cfg.NoHints {
		t.toggleHint(ctx, o)
	}
	if clicked >= 0 && !t.buttonEnabled(clicked) {
		if clicked == btnEnd && t.verdict != nil {
			ctx.Notice(t.verdict.Error())
		}
		return false
	}
	switch clicked {
	case btnSort:
		ctx.Audio.Play(game.SoundClick)
		t.prefs.Sort = nextSort(t.prefs.Sort)
		t.prefs.save(ctx.Store)
	case btnUndo:
		ctx.Audio.Play(game.SoundClick)
		t.draft.Undo()
	case btnReset:
		ctx.Audio.Play(game.SoundClick)
		t.draft.Reset()
	case btnDraw:
		ctx.Audio.Play(game.SoundClick)
		t.hand = slices.Clone(t.draft.hand0)
		return t.apply(ctx, seat, t.drawAction(o))
	case btnEnd:
		ctx.Audio.Play(game.SoundClick)
		t.hand = slices.Clone(t.draft.Hand)
		return t.apply(ctx, seat, t.draft.Action())
	}
	return false
}

// buttonEnabled says whether bottom button i can be used now.
func (t *Table) buttonEnabled(i int) bool {
	switch i {
	case btnSort:
		return true
	case btnUndo:
		return t.draft != nil && t.draft.CanUndo()
	case btnReset:
		return t.draft != nil && t.draft.Changed()
	case btnDraw:
		return t.draft != nil
	case btnEnd:
		return t.draft != nil && t.draft.Changed() && t.verdict == nil
	}
	return false
}

// buttonLabels are the bottom buttons' words now.
func (t *Table) buttonLabels(ctx *game.Context) [numButtons]string {
	var l [numButtons]string
	l[btnSort] = ctx.T("machiavelli.sort." + t.prefs.Sort)
	l[btnUndo] = ctx.T("machiavelli.undo")
	l[btnReset] = ctx.T("machiavelli.reset")
	l[btnEnd] = ctx.T("machiavelli.end_turn")
	l[btnDraw] = ctx.T("machiavelli.draw")
	if t.draft != nil {
		switch a := t.drawAction(t.obs()); a.Kind {
		case mach.KindPass:
			l[btnDraw] = ctx.T("machiavelli.pass")
		case mach.KindRestore:
			l[btnDraw] = ctx.F("machiavelli.restore", t.cfg.Options.RestoreFine)
		}
		if n := t.draft.LaidCount(); n > 0 && t.verdict == nil {
			l[btnEnd] = ctx.F("machiavelli.end_turn.laying", n)
		}
	}
	return l
}

// statusText is the line above the hand: what the player can do, or what still stops the
// turn from ending (bad reports the latter).
func (t *Table) statusText(ctx *game.Context) (string, bool) {
	if t.m.State().Over() {
		return ctx.T("machiavelli.status.over"), false
	}
	seat := t.sh.turn // the seat whose turn is being shown (an animation may lag the rules)
	if t.draft == nil && t.priv.HumanCount() == 0 {
		return ctx.F("machiavelli.status.watching", t.seatName(ctx, int(seat))), false
	}
	if t.draft == nil {
		return ctx.F("machiavelli.status.waiting", t.seatName(ctx, int(seat))), false
	}
	if !t.draft.Changed() {
		if t.obs().StockSize == 0 {
			return ctx.T("machiavelli.status.start_empty"), false
		}
		return ctx.T("machiavelli.status.start"), false
	}
	if t.verdict != nil {
		return t.verdict.Error(), true
	}
	return countF(ctx, "machiavelli.status.ready", t.draft.LaidCount()), false
}

// updateHand lets the viewer arrange their own hand while others play.
func (t *Table) updateHand(ctx *game.Context) {
	if t.viewer == rules.NoSeat || t.priv.Shown() != t.viewer {
		return
	}
	t.updateGroups(ctx)
	x, y := ctx.Input.Cursor()
	in := &t.in
	if ctx.Input.Clicked() {
		if s := t.hit(x, y); s != nil && s.where == ToHand {
			ctx.Input.UseClick()
			in.press, in.pressX, in.pressY, in.pressTick = s, x, y, ctx.Tick
		}
	}
	if in.press != nil && ctx.Input.Held() && math.Hypot(x-in.pressX, y-in.pressY) > 8 {
		in.dragging, in.grabbed = true, []mach.Card{in.press.card}
	}
	if in.press != nil && ctx.Input.Released() {
		if in.dragging && handArea.Contains(x, y) {
			hand := t.displayHand()
			at := t.handLayout(hand).indexAt(x)
			c := in.press.card
			from := slices.Index(hand, c)
			hand = slices.Delete(hand, from, from+1)
			if at > from {
				at--
			}
			t.hand = slices.Insert(hand, min(at, len(hand)), c)
			t.prefs.Sort = sortOwn
			t.prefs.save(ctx.Store)
		}
		in.press, in.dragging, in.grabbed = nil, false, nil
	}
}
