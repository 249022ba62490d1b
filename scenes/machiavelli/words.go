package machiavelli

import (
	"strings"

	"principe/game"
	"principe/rules"
	mach "principe/rules/machiavelli"
	"principe/scenes/table"
)

// logEvent tells an event in words in the log (as the seat in view may know it).
func (t *Table) logEvent(ctx *game.Context, e rules.Event) {
	line := table.LogLine{}
	colour := func(seat int) { line.Colour = seatColours[seat%len(seatColours)] }
	switch e := e.(type) {
	case mach.DealtEvent:
		line.Strong = true
		line.Text = ctx.F("machiavelli.log.dealt", e.Game, t.seatName(ctx, e.Dealer), t.seatName(ctx, e.First))
	case mach.PlayedEvent:
		colour(e.Seat)
		line.Text = t.playWords(ctx, e)
	case mach.DrewEvent:
		colour(e.Seat)
		name := t.seatName(ctx, e.Seat)
		switch {
		case e.Fine:
			line.Text = ctx.F("machiavelli.log.fine", name, len(e.Cards))
		case len(e.Cards) == 1 && e.Cards[0] != hiddenCard:
			line.Text = ctx.F("machiavelli.log.drew_card", name, e.Cards[0].String())
		default:
			line.Text = ctx.F("machiavelli.log.drew", name)
		}
	case mach.PassedEvent:
		colour(e.Seat)
		line.Text = ctx.F("machiavelli.log.passed", t.seatName(ctx, e.Seat))
	case mach.GameEndEvent:
		line.Strong = true
		line.Text = ctx.F("machiavelli.log.game_over", e.Game, t.names(ctx, e.Winners))
		if len(e.Winners) == 0 {
			line.Text = ctx.F("machiavelli.log.game_draw", e.Game)
		}
	case mach.MatchEndEvent:
		line.Strong = true
		line.Text = ctx.F("machiavelli.log.match_over", t.names(ctx, e.Winners))
		if len(e.Winners) == 0 {
			line.Text = ctx.T("machiavelli.log.match_draw")
		}
	default:
		return
	}
	t.log.Add(line)
}

// playWords says a play: what was laid from the hand and the free cards, how many table
// cards moved, and which jokers were freed.
func (t *Table) playWords(ctx *game.Context, e mach.PlayedEvent) string {
	name := t.seatName(ctx, e.Seat)
	s := ctx.F("machiavelli.log.laid", name, cardList(ctx, e.FromHand))
	if len(e.FromHand) == 0 {
		s = ctx.F("machiavelli.log.laid_free_only", name)
	}
	if len(e.FromFree) > 0 {
		s += " " + ctx.F("machiavelli.log.with_free", cardList(ctx, e.FromFree))
	}
	var taken []string
	for _, st := range mach.PlanSteps(mach.Position{Table: t.sh.table}, e.Table, mach.Options{}) {
		switch st.Kind {
		case mach.StepBreak:
			taken = append(taken, ctx.F("machiavelli.log.broke", meldName(ctx, t.sh.table[st.Meld])))
		case mach.StepTake:
			taken = append(taken, ctx.F("machiavelli.log.took", cardList(ctx, cardsOf(st.Moves)), meldName(ctx, t.sh.table[st.Meld])))
		}
	}
	switch {
	case len(taken) > 2: // a big rearrangement is told by its size
		s += ", " + ctx.F("machiavelli.log.rearranged", movedCount(t.sh.table, e.Table), len(taken))
	case len(taken) > 0:
		s += ", " + strings.Join(taken, ", ")
	}
	if len(e.JokersWon) > 0 {
		s += " " + countF(ctx, "machiavelli.log.jokers", len(e.JokersWon))
	}
	return s + ctx.F("machiavelli.log.left", e.HandLeft)
}

// names joins seat names: "Medici", "Medici and Este".
func (t *Table) names(ctx *game.Context, seats []int) string {
	ns := make([]string, len(seats))
	for i, s := range seats {
		ns[i] = t.seatName(ctx, s)
	}
	if len(ns) <= 1 {
		return strings.Join(ns, "")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " " + ctx.T("machiavelli.and") + " " + ns[len(ns)-1]
}

// meldName names a meld in the chronicle: its cards, or for a long meld its first and
// last ("5♠–9♠").
func meldName(ctx *game.Context, m []mach.Card) string {
	if len(m) <= 3 {
		return cardList(ctx, m)
	}
	return cardList(ctx, m[:1]) + "–" + cardList(ctx, m[len(m)-1:])
}

// countF is the text of key for n things: key+".one" when n is 1 (the singular), else key.
func countF(ctx *game.Context, key string, n int) string {
	if n == 1 {
		key += ".one"
	}
	return ctx.F(key, n)
}
