package machiavelli

import (
	"slices"

	"principe/game"
	"principe/rules"
	mach "principe/rules/machiavelli"
	"principe/scenes/table"
)

// animate queues the animation of one event (as the seat in view may see it); before is
// the table as it stood before the action.
func (t *Table) animate(ctx *game.Context, e rules.Event, before [][]mach.Card) {
	switch e := e.(type) {
	case mach.PlayedEvent:
		t.seq.Add(table.Step{Ticks: t.playTicks(ctx, e, before), Start: func() {
			t.logEvent(ctx, e)
			ctx.Audio.Play(game.SoundCard)
			t.showPlay(ctx, e, before)
		}})
	case mach.DrewEvent:
		t.seq.Add(table.Step{Ticks: ctx.Frames(0.45), Start: func() {
			t.logEvent(ctx, e)
			ctx.Audio.Play(game.SoundCard)
			t.sh.stock = e.Stock
			if e.Seat < len(t.sh.hands) {
				t.sh.hands[e.Seat] += len(e.Cards)
			}
			if e.Fine {
				t.sh.laid = nil
			}
			t.showDraw(ctx, e)
		}})
	case mach.PassedEvent:
		t.seq.Add(table.Step{Ticks: ctx.Frames(0.3), Start: func() { t.logEvent(ctx, e) }})
	case mach.GameEndEvent:
		t.seq.Add(table.Step{Start: func() {
			t.logEvent(ctx, e)
			t.sh.totals = slices.Clone(e.Totals)
			t.ending = &gameEnd{ev: e, last: t.m.State().Over()}
			if t.m.State().Over() {
				t.ending = nil // the results scene shows the last game
			}
		}})
	case mach.MatchEndEvent:
		t.seq.Add(table.Step{Ticks: ctx.Frames(0.8), Start: func() { t.logEvent(ctx, e) }}) // the results play the fanfare
	case mach.DealtEvent:
		t.seq.Add(table.Step{Start: func() {
			t.logEvent(ctx, e)
			t.cards = map[mach.Card]*cardPos{}
			t.sh.laid = nil
		}})
	}
}

// playTicks is how long a play's animation lasts: the cards leave one after another.
func (t *Table) playTicks(ctx *game.Context, e mach.PlayedEvent, before [][]mach.Card) int {
	n := len(e.FromHand) + len(e.FromFree) + movedCount(before, e.Table)
	return ctx.Frames(0.45) + min(n, 24)*ctx.Frames(0.07)
}

// movedCount is how many table cards changed meld between two tables (a meld's
// cards kept together count as staying, whatever its place).
func movedCount(before, after [][]mach.Card) int {
	return len(movedCards(before, after))
}

// movedCards lists, in the order the rules' steps take them, the table cards that
// change meld.
func movedCards(before, after [][]mach.Card) []mach.Card {
	var out []mach.Card
	for _, st := range mach.PlanSteps(mach.Position{Table: before}, after, mach.Options{}) {
		if st.Kind == mach.StepBreak || st.Kind == mach.StepTake {
			for _, mv := range st.Moves {
				out = append(out, mv.Card)
			}
		}
	}
	return out
}

// showPlay shows a play: the table as the play left it, the moved cards gliding first
// in the order of the rules' steps, then the laid cards flying in from the player's seat.
func (t *Table) showPlay(ctx *game.Context, e mach.PlayedEvent, before [][]mach.Card) {
	t.sh.table = cloneTable(e.Table)
	if e.Seat < len(t.sh.hands) {
		t.sh.hands[e.Seat] = e.HandLeft
	}
	t.sh.free = withoutCards(t.sh.free, e.FromFree)
	t.sh.laid = map[mach.Card]bool{}
	for _, c := range e.FromHand {
		t.sh.laid[c] = true
	}
	for _, c := range e.FromFree {
		t.sh.laid[c] = true
	}
	order := append(movedCards(before, e.Table), e.FromFree...)
	order = append(order, e.FromHand...)
	sx, sy := t.seatOrigin(e.Seat)
	gap, dur := ctx.Frames(0.07), ctx.Frames(0.4)
	l := t.layout(nil)
	for k, c := range order {
		if _, ok := t.cards[c]; !ok {
			t.startFrom(c, sx, sy, l.cardW*0.6, l.cardH*0.6)
		}
		if m, i, ok := findCard(e.Table, c); ok {
			x, y := l.cardAt(m, i)
			t.place(c, x, y, l.cardW, l.cardH, min(k, 24)*gap, dur)
		}
	}
	// Every other card reflows to its new place at once, gently.
	t.placeTable(l, ctx.Frames(0.3))
	if rules.Seat(e.Seat) == t.viewer {
		t.hand = withoutCards(t.hand, e.FromHand)
	}
}

// showDraw shows a card (or the fine) going from the stock to the drawer.
func (t *Table) showDraw(ctx *game.Context, e mach.DrewEvent) {
	if rules.Seat(e.Seat) != t.viewer {
		return
	}
	for _, c := range e.Cards {
		if c == hiddenCard {
			continue
		}
		t.startFrom(c, stockRect.X, stockRect.Y, stockRect.W, stockRect.H)
		t.hand = append(t.hand, c)
		if t.fresh == nil {
			t.fresh = map[mach.Card]bool{}
		}
		t.fresh[c] = true
	}
	t.placeHand(ctx.Frames(0.4))
}

// seatOrigin is where cards leaving seat's hand start: its place in the strip, or the
// viewer's own hand.
func (t *Table) seatOrigin(seat int) (float64, float64) {
	if rules.Seat(seat) == t.viewer {
		return handArea.X + handArea.W/2, handArea.Y + 10
	}
	b := seatBox(seat, len(t.sh.hands))
	return b.X + b.W/2 - 15, b.Y + 10
}

// findCard finds card c on a table: its meld and place.
func findCard(table [][]mach.Card, c mach.Card) (meld, at int, ok bool) {
	for m, cs := range table {
		if i := slices.Index(cs, c); i >= 0 {
			return m, i, true
		}
	}
	return 0, 0, false
}
