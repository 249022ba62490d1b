package intrigo

import (
	"strconv"
	"strings"

	"principe/game"
	"principe/rules"
	ig "principe/rules/intrigo"
)

// The game's words: colours, types, amounts and every event told as a sentence in the
// player's language. The rules' own String methods are English debugging text; the
// screen uses these instead.

// seatName is a colour's name ("Orange").
func seatName(ctx *game.Context, s rules.Seat) string {
	if s == ig.Bank {
		return ctx.T("intrigo.bank")
	}
	if s < 0 || int(s) >= ig.MaxPlayers {
		return "?"
	}
	return ctx.T("intrigo.colour." + ig.ColourNames[s])
}

// typeName is an advisor type's name ("doctor").
func typeName(ctx *game.Context, t ig.AdvisorType) string {
	if t < 0 || int(t) >= ig.Types {
		return "?"
	}
	return ctx.T("intrigo.type." + t.String())
}

// ducats writes an amount with the language's thousands separator ("3,000", "3.000").
func ducats(ctx *game.Context, n int) string {
	sep := ","
	if ctx.Tr().Lang() == "it" {
		sep = "."
	}
	neg := n < 0
	if neg {
		n = -n
	}
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	if neg {
		return "−" + b.String()
	}
	return b.String()
}

// postName is a post by its value ("the 6,000 post").
func postName(ctx *game.Context, post int) string {
	if post < 0 || post >= ig.Posts {
		return ctx.T("intrigo.post.none")
	}
	return ctx.F("intrigo.post.value", ducats(ctx, ig.PostValue[post]))
}

// advisorName is "Orange's doctor".
func advisorName(ctx *game.Context, tb *ig.Table, id int) string {
	if id < 0 || id >= len(tb.Advisors) {
		return "?"
	}
	a := tb.Advisors[id]
	return ctx.F("intrigo.advisor", seatName(ctx, a.Owner), typeName(ctx, a.Type))
}

// termsText is one promise's terms in words, as the speaker says them to the owner.
func termsText(ctx *game.Context, speaker rules.Seat, t ig.Terms) string {
	switch t.Kind {
	case ig.PromisePost:
		return ctx.F("intrigo.promise.post", ducats(ctx, postValue(t.Post)), seatName(ctx, speaker))
	case ig.PromisePayment:
		return ctx.F("intrigo.promise.payment", ducats(ctx, t.Amount))
	case ig.PromiseSpare:
		return ctx.F("intrigo.promise.spare", seatName(ctx, speaker))
	case ig.PromiseText:
		return "“" + t.Text + "”"
	}
	return string(t.Kind)
}

func postValue(p int) int {
	if p < 0 || p >= ig.Posts {
		return 0
	}
	return ig.PostValue[p]
}

// offerSentence is an offer as one sentence: "Orange offers 3,000 for the 6,000 post and
// promises a post of at least 3,000 in Orange's palace".
func offerSentence(ctx *game.Context, tb *ig.Table, speaker, owner rules.Seat, m ig.Move) string {
	var parts []string
	who := seatName(ctx, speaker)
	switch {
	case m.Bribe > 0 && m.Post >= 0:
		parts = append(parts, ctx.F("intrigo.offer.bribe_for", who, ducats(ctx, m.Bribe), postName(ctx, m.Post)))
	case m.Bribe > 0:
		parts = append(parts, ctx.F("intrigo.offer.bribe", who, ducats(ctx, m.Bribe)))
	case m.Post >= 0:
		parts = append(parts, ctx.F("intrigo.offer.asks", who, postName(ctx, m.Post)))
	default:
		parts = append(parts, ctx.F("intrigo.offer.nothing", who))
	}
	if m.Favour != "" {
		parts = append(parts, ctx.T("intrigo.offer.favour."+string(m.Favour)))
	}
	if len(m.Promises) > 0 {
		var ps []string
		for _, t := range m.Promises {
			ps = append(ps, termsText(ctx, speaker, t))
		}
		parts = append(parts, ctx.F("intrigo.offer.promises", joinAnd(ctx, ps)))
	}
	if m.Bribe > 0 && bankPays(tb, speaker, m) {
		parts = append(parts, ctx.T("intrigo.offer.bank_pays"))
	}
	return strings.Join(parts, " ") + "."
}

// bankPays reports whether the bribe is the empty-purse 1,000 the bank pays (the rules'
// bank-bribe: the speaker's purse is empty).
func bankPays(tb *ig.Table, speaker rules.Seat, m ig.Move) bool {
	purses := tb.ReconstructPurses()
	return speaker >= 0 && int(speaker) < len(purses) && purses[speaker] == 0 && m.Bribe == ig.BankBribe
}

func joinAnd(ctx *game.Context, xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + ctx.T("intrigo.and") + xs[len(xs)-1]
}

// subject says what a negotiation is about.
func subject(ctx *game.Context, tb *ig.Table, n *ig.Negotiation) string {
	owner := seatName(ctx, tb.Active)
	switch n.Stage {
	case ig.StageFree:
		return ctx.F("intrigo.neg.subject.free", owner)
	case ig.StageExternal:
		return ctx.F("intrigo.neg.subject.external", typeName(ctx, n.Type), owner)
	case ig.StageInternal:
		held := -1
		if n.Post >= 0 {
			held = tb.Palaces[tb.Active][n.Post]
		}
		chal := -1
		if tb.Receive != nil && n.Post >= 0 {
			chal = tb.Receive.Challenger[n.Post]
		}
		return ctx.F("intrigo.neg.subject.internal", postName(ctx, n.Post), advisorName(ctx, tb, held), advisorName(ctx, tb, chal))
	}
	return ""
}

// speakerTopic is what one speaker speaks about ("for its doctor").
func speakerTopic(ctx *game.Context, tb *ig.Table, sp ig.Speaker) string {
	if sp.Advisor >= 0 {
		return ctx.F("intrigo.neg.for", typeName(ctx, tb.Advisors[sp.Advisor].Type))
	}
	if sp.Favour != "" {
		return ctx.T("intrigo.neg.backs." + string(sp.Favour))
	}
	return ""
}

// promiseLine is a ledger entry in words: "Orange to White: a post of at least 3,000 —
// kept".
func promiseLine(ctx *game.Context, tb *ig.Table, p ig.Promise) string {
	return ctx.F("intrigo.ledger.line", seatName(ctx, p.Promiser), seatName(ctx, p.Beneficiary), promiseWhat(ctx, tb, p))
}

// promiseWhat is what a ledger entry promises ("a post of at least 3,000 in Orange's
// palace", "a deal: the 6,000 post for its doctor").
func promiseWhat(ctx *game.Context, tb *ig.Table, p ig.Promise) string {
	var what string
	switch p.Kind {
	case ig.PromiseDeal:
		switch {
		case p.Stage == ig.StageInternal:
			what = ctx.F("intrigo.deal.internal", ctx.T("intrigo.side."+string(p.Favour)), typeName(ctx, p.Type))
		case p.Post >= 0:
			what = ctx.F("intrigo.deal.post", postName(ctx, p.Post), typeName(ctx, p.Type))
		default:
			what = ctx.F("intrigo.deal.win", typeName(ctx, p.Type))
		}
	default:
		what = termsText(ctx, p.Promiser, ig.Terms{Kind: p.Kind, Post: p.Post, Amount: p.Amount, Text: p.Text})
	}
	return what
}

// eventLine tells one event as a log line; ok is false for events the log leaves out.
func eventLine(ctx *game.Context, tb *ig.Table, e ig.Event) (text string, strong, ok bool) {
	who, other := seatName(ctx, e.Seat), seatName(ctx, e.Other)
	switch e.Kind {
	case ig.EvTurnBegins:
		return ctx.F("intrigo.log.turn", who, e.Amount, ig.TurnsPerPlayer), true, true
	case ig.EvCollect:
		if e.Amount == 0 {
			return "", false, false
		}
		return ctx.F("intrigo.log.collect", who, ducats(ctx, e.Amount)), false, true
	case ig.EvPromisePaid:
		return ctx.F("intrigo.log.promise_paid", who, other, ducats(ctx, e.Amount)), false, true
	case ig.EvPromiseUnpaid:
		return ctx.F("intrigo.log.promise_unpaid", who), false, true
	case ig.EvReceiveBegins:
		return ctx.F("intrigo.log.receive", who), false, true
	case ig.EvNegotiationOpens:
		return ctx.F("intrigo.log.negotiation", stageName(ctx, e.Stage), who), false, true
	case ig.EvOffer:
		if e.Offer == nil {
			return "", false, false
		}
		return offerSentence(ctx, tb, e.Seat, e.Other, *e.Offer), false, true
	case ig.EvPass:
		return ctx.F("intrigo.log.pass", who), false, true
	case ig.EvAccepted:
		if e.BankPaid {
			return ctx.F("intrigo.log.accepted_bank", other, who, ducats(ctx, e.Amount)), false, true
		}
		if e.Amount == 0 {
			return ctx.F("intrigo.log.accepted_free", other, who), false, true
		}
		return ctx.F("intrigo.log.accepted", other, who, ducats(ctx, e.Amount)), false, true
	case ig.EvRefused:
		return ctx.F("intrigo.log.refused", other, who), false, true
	case ig.EvCountered:
		return ctx.F("intrigo.log.countered", other, who, ducats(ctx, e.Amount)), false, true
	case ig.EvCounterTaken:
		return ctx.F("intrigo.log.counter_taken", who, other, ducats(ctx, e.Amount)), false, true
	case ig.EvCounterDeclined:
		return ctx.F("intrigo.log.counter_declined", who, other), false, true
	case ig.EvPromiseMade:
		if e.Promise >= 0 && e.Promise < len(tb.Ledger) {
			return ctx.F("intrigo.log.promise_made", promiseLine(ctx, tb, tb.Ledger[e.Promise])), false, true
		}
	case ig.EvPlaced:
		return ctx.F("intrigo.log.placed", advisorName(ctx, tb, e.Advisor), postName(ctx, e.Post), other), false, true
	case ig.EvExiled:
		return ctx.F("intrigo.log.exiled", advisorName(ctx, tb, e.Advisor)), false, true
	case ig.EvReplaced:
		return ctx.F("intrigo.log.replaced", advisorName(ctx, tb, e.Advisor), postName(ctx, e.Post), other), false, true
	case ig.EvKept:
		return ctx.F("intrigo.log.kept", other, postName(ctx, e.Post)), false, true
	case ig.EvConflictChosen:
		return ctx.F("intrigo.log.conflict", who, typeName(ctx, e.Type)), false, true
	case ig.EvToInternal:
		return ctx.F("intrigo.log.to_internal", advisorName(ctx, tb, e.Advisor), postName(ctx, e.Post)), false, true
	case ig.EvPromiseJudged:
		return judgedLine(ctx, tb, e), true, true
	case ig.EvPresented:
		return ctx.F("intrigo.log.presented", who, typeName(ctx, tb.Advisors[e.Advisor].Type), other), false, true
	case ig.EvFinalCollection:
		return ctx.T("intrigo.log.final"), true, true
	case ig.EvGameOver:
		return ctx.T("intrigo.log.over"), true, true
	}
	return "", false, false
}

// judgedLine says how a promise was judged: "White broke its promise to Green: …".
func judgedLine(ctx *game.Context, tb *ig.Table, e ig.Event) string {
	if e.Promise < 0 || e.Promise >= len(tb.Ledger) {
		return ""
	}
	p := tb.Ledger[e.Promise]
	key := "intrigo.log.kept_promise"
	if e.Status == ig.Broken {
		key = "intrigo.log.broke_promise"
	}
	return ctx.F(key, seatName(ctx, p.Promiser), seatName(ctx, p.Beneficiary), promiseWhat(ctx, tb, p))
}

func stageName(ctx *game.Context, s ig.Stage) string {
	return ctx.T("intrigo.stage." + strconv.Itoa(int(s)))
}

// actor is the seat whose deed an event tells (its dot in the chronicle): the owner for
// an answer to an offer, the bank's payee for a collection, else the event's seat.
func actor(e ig.Event) rules.Seat {
	switch e.Kind {
	case ig.EvAccepted, ig.EvRefused, ig.EvCountered, ig.EvPlaced, ig.EvReplaced, ig.EvKept:
		if e.Other >= 0 {
			return e.Other
		}
	}
	return e.Seat
}

// retold reports, for each event of one action, whether the chronicle tells it: a
// placement that is the second half of a replacement is told once, as the replacement.
func retold(evs []ig.Event) []bool {
	out := make([]bool, len(evs))
	for i, e := range evs {
		out[i] = true
		if e.Kind != ig.EvPlaced {
			continue
		}
		for _, f := range evs[i+1:] {
			if f.Kind == ig.EvReplaced && f.Advisor == e.Advisor {
				out[i] = false
			}
		}
	}
	return out
}

// asEvents converts the rules' events of one action.
func asEvents(ev []rules.Event) []ig.Event {
	out := make([]ig.Event, len(ev))
	for i, e := range ev {
		out[i] = e.(ig.Event)
	}
	return out
}
