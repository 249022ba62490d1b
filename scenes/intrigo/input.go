package intrigo

import (
	"math"
	"strings"

	"principe/game"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// input is a human's choice under way at the table: the advisor picked up (to present,
// place or admit), a drag, the presentations staged this turn, and what the cursor is
// over (for the explanations shown before a choice is made).
type input struct {
	sel            int // advisor picked, -1 none
	press          int // advisor pressed (a drag may start), -1 none
	pressX, pressY float64
	drag           bool
	staged         []ig.Move // presentations chosen but not yet confirmed
	stagedIDs      []int     // the advisors they show (ghosts in front of the palaces)
	hoverPalace    rules.Seat
	hoverPost      int
	hint           string // the consequence of what is under the cursor
	prompt         *table.Prompt
	options        []ig.Move
	promptKey      int
	editing        bool // typing a promise in words
}

func (in *input) reset() {
	*in = input{sel: -1, press: -1, hoverPalace: rules.NoSeat, hoverPost: -1, promptKey: -1}
}

func (in *input) typing() bool { return in.editing }

// Action panel buttons for presenting and placing.
var (
	confirmButton = scenes.Rect{X: actionRect.X + 20, Y: actionRect.Y + actionRect.H - 56, W: 240, H: 40}
	undoButton    = scenes.Rect{X: actionRect.X + 280, Y: actionRect.Y + actionRect.H - 56, W: 240, H: 40}
)

// legalMoves are the rules' legal moves for seat, as Moves.
func (t *Table) legalMoves(seat rules.Seat) []ig.Move {
	var out []ig.Move
	for _, a := range t.m.State().Legal(seat) {
		out = append(out, a.(ig.Move))
	}
	return out
}

// trial applies moves to a state sampled from the seat's observation (the rules'
// preview of a choice): it returns the resulting table and the last move's events.
func (t *Table) trial(seat rules.Seat, moves ...ig.Move) (*ig.Table, []ig.Event, error) {
	s := t.obs().Sample(&t.rng).(*ig.State)
	var evs []ig.Event
	for _, m := range moves {
		ev, err := s.Apply(seat, m)
		if err != nil {
			return nil, nil, err
		}
		evs = evs[:0]
		for _, e := range ev {
			evs = append(evs, e.(ig.Event))
		}
	}
	o := s.Observe(seat).(*ig.Observation)
	return &o.Table, evs, nil
}

// updateHuman turns the player's gestures into a proposed action for seat.
func (t *Table) updateHuman(ctx *game.Context, seat rules.Seat) {
	tb := t.table()
	switch tb.Step {
	case ig.StepPresent:
		t.updatePresent(ctx, seat, tb)
	case ig.StepPlace, ig.StepAdmit:
		t.updatePlace(ctx, seat, tb)
	case ig.StepNegotiate:
		t.updateNegotiation(ctx, seat, tb)
	case ig.StepDecide, ig.StepChooseConflict, ig.StepSettle:
		t.updatePrompt(ctx, seat, tb)
	}
}

// palaceAt is the palace under (x, y), or NoSeat.
func palaceAt(n int, x, y float64) rules.Seat {
	for s := 0; s < n; s++ {
		if PalaceRect(rules.Seat(s), n).Contains(x, y) {
			return rules.Seat(s)
		}
	}
	return rules.NoSeat
}

// postAt is the post of palace under (x, y), or -1.
func postAt(palace rules.Seat, n int, x, y float64) int {
	for p := 0; p < ig.Posts; p++ {
		if PostRect(palace, n, p).Contains(x, y) {
			return p
		}
	}
	return -1
}

// pickable returns the advisor under (x, y) among ids (drawn where advisorAt says).
func pickable(tb *ig.Table, ids []int, x, y float64) int {
	for _, id := range ids {
		ax, ay, r := advisorAt(tb, id)
		if math.Hypot(x-ax, y-ay) <= r+3 {
			return id
		}
	}
	return -1
}

// press handles picking up one of ids (click selects, drag carries); it returns the
// advisor dropped and where, once a drag ends or a second click lands elsewhere.
func (t *Table) press(ctx *game.Context, tb *ig.Table, ids []int) (dropped bool, x, y float64) {
	x, y = ctx.Input.Cursor()
	in := &t.in
	if ctx.Input.Clicked() {
		if id := pickable(tb, ids, x, y); id >= 0 {
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundHover)
			in.press, in.pressX, in.pressY = id, x, y
			in.sel = id
			return false, x, y
		}
		if in.sel >= 0 {
			ctx.Input.UseClick()
			return true, x, y
		}
	}
	if in.press >= 0 && ctx.Input.Held() && math.Hypot(x-in.pressX, y-in.pressY) > 8 {
		in.drag = true
	}
	if in.press >= 0 && ctx.Input.Released() {
		// A drag so quick that no frame saw the button held away from where it went down (a
		// loaded machine, a flick of the wrist) is still a drag: the release is far from the press.
		moved := in.drag || math.Hypot(x-in.pressX, y-in.pressY) > 8
		in.press, in.drag = -1, false
		if moved {
			return true, x, y
		}
	}
	return false, x, y
}

// updatePresent: pick an unplaced advisor of one's own and drop it on a rival palace
// (or click it, then the palace); both presentations are shown until confirmed.
func (t *Table) updatePresent(ctx *game.Context, seat rules.Seat, tb *ig.Table) {
	in := &t.in
	need := ig.PresentPerTurn - tb.Presented
	x, y := ctx.Input.Cursor()
	if len(in.staged) >= need {
		if (ctx.Input.Clicked() && confirmButton.Contains(x, y)) || ctx.Input.Confirm() {
			ctx.Input.UseClick()
			staged := in.staged
			for _, m := range staged {
				if !t.apply(ctx, seat, m) {
					break
				}
			}
			return
		}
	}
	if len(in.staged) > 0 && ((ctx.Input.Clicked() && undoButton.Contains(x, y)) || ctx.Input.Back()) {
		ctx.Input.UseClick()
		in.staged, in.stagedIDs = nil, nil
		return
	}
	var ids []int
	if len(in.staged) < need {
		for _, a := range tb.Advisors {
			if a.Owner == seat && a.Where == ig.Unplaced && !containsInt(in.stagedIDs, a.ID) {
				ids = append(ids, a.ID)
			}
		}
	}
	dropped, x, y := t.press(ctx, tb, ids)
	in.hoverPalace = palaceAt(tb.Players, x, y)
	in.hint = ""
	if in.sel >= 0 && in.hoverPalace >= 0 {
		in.hint = presentHint(ctx, tb, seat, tb.Advisors[in.sel].Type, in.hoverPalace, in.staged)
	}
	if dropped && in.sel >= 0 {
		if in.hoverPalace >= 0 {
			t.stage(ctx, seat, tb, in.sel, in.hoverPalace)
		}
		in.sel = -1
	}
}

// stage adds a presentation to the turn's two, if the rules accept it after those
// already staged.
func (t *Table) stage(ctx *game.Context, seat rules.Seat, tb *ig.Table, id int, palace rules.Seat) {
	in := &t.in
	m := ig.Move{Kind: ig.Present, Type: tb.Advisors[id].Type, Palace: palace, Post: -1, Advisor: -1, Promise: -1}
	if _, _, err := t.trial(seat, append(append([]ig.Move(nil), in.staged...), m)...); err != nil {
		ctx.Notice(err.Error())
		return
	}
	ctx.Audio.Play(game.SoundClick)
	in.staged = append(in.staged, m)
	in.stagedIDs = append(in.stagedIDs, id)
}

// presentHint explains what presenting typ to palace would do, golden rules included
// (staged are the presentations already chosen this turn).
func presentHint(ctx *game.Context, tb *ig.Table, seat rules.Seat, typ ig.AdvisorType, palace rules.Seat, staged []ig.Move) string {
	name := seatName(ctx, palace)
	if palace == seat {
		return ctx.T("intrigo.hint.own_palace")
	}
	if p := employed(tb, palace, typ); p >= 0 {
		return ctx.F("intrigo.hint.internal", typeName(ctx, typ), name, advisorName(ctx, tb, tb.Palaces[palace][p]), postName(ctx, p))
	}
	for _, id := range tb.Waiting[palace] {
		if a := tb.Advisors[id]; a.Type == typ {
			return ctx.F("intrigo.hint.external", typeName(ctx, typ), name, advisorName(ctx, tb, id))
		}
	}
	for _, m := range staged {
		if m.Palace == palace && m.Type == typ {
			return ctx.F("intrigo.hint.twin", typeName(ctx, typ), name)
		}
	}
	return ctx.F("intrigo.hint.free", typeName(ctx, typ), name)
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// updatePlace: as owner, put an applicant on a post (stage I: any free post; stage II:
// the winner of a conflict) by dragging it there, or clicking it and then the post.
func (t *Table) updatePlace(ctx *game.Context, seat rules.Seat, tb *ig.Table) {
	in := &t.in
	legal := t.legalMoves(seat)
	var ids []int
	for _, m := range legal {
		if !containsInt(ids, m.Advisor) {
			ids = append(ids, m.Advisor)
		}
	}
	dropped, x, y := t.press(ctx, tb, ids)
	in.hoverPost = postAt(seat, tb.Players, x, y)
	in.hint = ""
	// An admission to an internal conflict (the type is employed): the applicant's button.
	if in.sel >= 0 {
		if m, ok := findMove(legal, in.sel, -1); ok && ctx.Input.Clicked() && confirmButton.Contains(x, y) {
			ctx.Input.UseClick()
			t.apply(ctx, seat, m)
			return
		}
	}
	post := in.hoverPost
	if in.sel >= 0 && post >= 0 {
		if m, ok := findMove(legal, in.sel, post); ok {
			in.hint = t.placeHint(ctx, seat, m)
		} else if m, ok := findMove(legal, in.sel, -1); ok && tb.Palaces[seat][post] >= 0 && tb.Advisors[tb.Palaces[seat][post]].Type == tb.Advisors[in.sel].Type {
			in.hint = t.placeHint(ctx, seat, m)
		}
	}
	if dropped && in.sel >= 0 {
		if m, ok := findMove(legal, in.sel, post); ok && post >= 0 {
			t.apply(ctx, seat, m)
			return
		}
		if m, ok := findMove(legal, in.sel, -1); ok && post >= 0 && tb.Palaces[seat][post] >= 0 && tb.Advisors[tb.Palaces[seat][post]].Type == tb.Advisors[in.sel].Type {
			t.apply(ctx, seat, m)
			return
		}
		if post >= 0 {
			ctx.Notice(ctx.T("intrigo.notice.post_taken"))
		}
		in.sel = -1
	}
}

func findMove(legal []ig.Move, advisor, post int) (ig.Move, bool) {
	for _, m := range legal {
		if m.Advisor == advisor && m.Post == post {
			return m, true
		}
	}
	return ig.Move{}, false
}

// placeHint says what a placement or admission does, from the rules applied to a sample:
// where the advisor goes, who goes to the island, and what its owner will collect.
func (t *Table) placeHint(ctx *game.Context, seat rules.Seat, m ig.Move) string {
	before := t.table()
	after, ev, err := t.trial(seat, m)
	if err != nil {
		return err.Error()
	}
	var parts []string
	for _, e := range ev {
		switch e.Kind {
		case ig.EvPlaced:
			parts = append(parts, ctx.F("intrigo.log.placed", advisorName(ctx, after, e.Advisor), postName(ctx, e.Post), seatName(ctx, e.Other))+".")
		case ig.EvToInternal:
			parts = append(parts, ctx.F("intrigo.log.to_internal", advisorName(ctx, after, e.Advisor), postName(ctx, e.Post))+".")
		case ig.EvExiled:
			parts = append(parts, ctx.F("intrigo.log.exiled", advisorName(ctx, after, e.Advisor))+".")
		}
	}
	parts = append(parts, incomeChanges(ctx, before, after)...)
	return strings.Join(parts, " ")
}

// incomeChanges says whose collections a choice changes ("Orange will collect 7,000
// a turn instead of 1,000").
func incomeChanges(ctx *game.Context, before, after *ig.Table) []string {
	var out []string
	for s := 0; s < after.Players; s++ {
		b, a := before.Income(rules.Seat(s)), after.Income(rules.Seat(s))
		if a != b {
			out = append(out, ctx.F("intrigo.preview.income", seatName(ctx, rules.Seat(s)), ducats(ctx, a), ducats(ctx, b)))
		}
	}
	return out
}

// updatePrompt asks the questions with a few answers: keep or replace, which external
// conflict next, pay a promised payment or not. Each answer's consequence is shown.
func (t *Table) updatePrompt(ctx *game.Context, seat rules.Seat, tb *ig.Table) {
	in := &t.in
	key := len(t.m.Record().Actions)
	if in.prompt == nil || in.promptKey != key {
		in.promptKey = key
		in.options = t.legalMoves(seat)
		pr := &table.Prompt{Rect: actionRect}
		switch tb.Step {
		case ig.StepDecide:
			n := tb.Receive.Negotiation
			pr.Title = ctx.F("intrigo.decide.title", postName(ctx, n.Post))
			pr.Detail = subject(ctx, tb, n)
		case ig.StepChooseConflict:
			pr.Title = ctx.T("intrigo.choose.title")
			pr.Detail = ctx.T("intrigo.choose.detail")
		case ig.StepSettle:
			p := tb.Ledger[in.options[0].Promise]
			pr.Title = ctx.T("intrigo.settle.title")
			pr.Detail = ctx.F("intrigo.settle.detail", promiseLine(ctx, tb, p), ducats(ctx, t.obs().Purse))
		}
		var details []string
		for _, m := range in.options {
			pr.Options = append(pr.Options, optionLabel(ctx, tb, m))
			details = append(details, t.optionPreview(ctx, seat, m))
		}
		pr.Detail += "\n" + strings.Join(details, "\n")
		in.prompt = pr
	}
	if c := in.prompt.Update(ctx); c >= 0 && c < len(in.options) {
		t.apply(ctx, seat, in.options[c])
	}
}

func optionLabel(ctx *game.Context, tb *ig.Table, m ig.Move) string {
	switch m.Kind {
	case ig.Decide:
		if m.Replace {
			return ctx.T("intrigo.decide.replace")
		}
		return ctx.T("intrigo.decide.keep")
	case ig.ChooseConflict:
		return ctx.F("intrigo.choose.type", typeName(ctx, m.Type))
	case ig.Settle:
		if m.Pay {
			return ctx.F("intrigo.settle.pay", ducats(ctx, tb.Ledger[m.Promise].Amount))
		}
		return ctx.T("intrigo.settle.refuse")
	}
	return m.String()
}

// optionPreview is an answer's consequence in words, from the rules applied to a sample.
func (t *Table) optionPreview(ctx *game.Context, seat rules.Seat, m ig.Move) string {
	before := t.table()
	after, ev, err := t.trial(seat, m)
	if err != nil {
		return err.Error()
	}
	var parts []string
	for _, e := range ev {
		switch e.Kind {
		case ig.EvExiled, ig.EvReplaced, ig.EvKept, ig.EvPromiseJudged, ig.EvPromisePaid, ig.EvPromiseUnpaid:
			if line, _, ok := eventLine(ctx, after, e); ok {
				parts = append(parts, line+".")
			}
		}
	}
	parts = append(parts, incomeChanges(ctx, before, after)...)
	return "• " + optionLabel(ctx, before, m) + ": " + strings.Join(parts, " ")
}
