package machiavelli

import (
	"fmt"
	"slices"
	"strings"

	"principe/assets"
	"principe/game"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// hintCapSeconds is how long the solver may search for a hint: then it is asked to stop
// and gives the best play it has found (not said to be the best).
const hintCapSeconds = 3.0

// hint is the solver's best play for the turn, shown step by step on the table.
type hint struct {
	done    chan mach.Solution
	stop    chan struct{} // closed at the time cap, or when the hint is put away
	stopped bool
	sol     *mach.Solution
	step    int
	ticks   int
	late    bool
}

// cancel asks the search to stop (once).
func (h *hint) cancel() {
	if h != nil && !h.stopped {
		h.stopped = true
		close(h.stop)
	}
}

// closeHint puts the hint away, stopping its search.
func (t *Table) closeHint() {
	t.hint.cancel()
	t.hint = nil
}

// Buttons of the hint panel.
var (
	hintPanel = scenes.Rect{X: 260, Y: 392, W: 620, H: 112}
	hintBack  = scenes.Rect{X: 276, Y: 462, W: 96, H: 32}
	hintNext  = scenes.Rect{X: 380, Y: 462, W: 96, H: 32}
	hintDo    = scenes.Rect{X: 600, Y: 462, W: 170, H: 32}
	hintClose = scenes.Rect{X: 778, Y: 462, W: 90, H: 32}
)

// toggleHint asks the solver for the best play from the start of the turn (off the UI
// goroutine), or closes the hint.
func (t *Table) toggleHint(ctx *game.Context, o *mach.Observation) {
	if t.hint != nil {
		t.closeHint()
		return
	}
	ctx.Audio.Play(game.SoundClick)
	h := &hint{done: make(chan mach.Solution, 1), stop: make(chan struct{})}
	pos, opt := o.Position(), o.Opt
	pos.Stop = h.stop
	go func() { h.done <- mach.Solve(pos, opt) }()
	t.hint = h
}

// updateHint collects the solver's answer and handles the hint panel's buttons.
func (t *Table) updateHint(ctx *game.Context, o *mach.Observation) {
	h := t.hint
	if h == nil {
		return
	}
	if h.sol == nil {
		h.ticks++
		select {
		case s := <-h.done:
			h.sol = &s
		default:
			if float64(h.ticks) > hintCapSeconds*60 {
				h.cancel() // the solver answers soon with what it has
				h.late = float64(h.ticks) > (hintCapSeconds+2)*60
			}
		}
	}
	if !ctx.Input.Clicked() {
		return
	}
	x, y := ctx.Input.Cursor()
	switch {
	case hintClose.Contains(x, y):
		ctx.Input.UseClick()
		t.closeHint()
	case h.sol == nil:
	case hintBack.Contains(x, y) && h.step > 0:
		ctx.Input.UseClick()
		h.step--
	case hintNext.Contains(x, y) && h.step < len(h.sol.Plan)-1:
		ctx.Input.UseClick()
		h.step++
	case hintDo.Contains(x, y) && h.sol.Found():
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundCard)
		t.draft.SetTable(h.sol.Table)
		t.closeHint()
	}
}

// hintGlow is how strongly card c is highlighted by the hint's current step.
func (t *Table) hintGlow(c mach.Card) float64 {
	h := t.hint
	if h == nil || h.sol == nil || h.step >= len(h.sol.Plan) {
		return 0
	}
	for _, mv := range h.sol.Plan[h.step].Moves {
		if mv.Card == c {
			return 1
		}
	}
	return 0
}

func (t *Table) drawHint(p scenes.Painter, ctx *game.Context) {
	h := t.hint
	if h == nil {
		return
	}
	r := hintPanel
	table.DrawPanel(p, r)
	x, y := ctx.Input.Cursor()
	title := ctx.T("machiavelli.hint.thinking")
	var text string
	switch {
	case h.sol == nil && h.late:
		title = ctx.T("machiavelli.hint.late")
	case h.sol == nil:
	case !h.sol.Found():
		title = ctx.T("machiavelli.hint.none")
		text = ctx.T("machiavelli.hint.none.detail")
	default:
		title = countF(ctx, "machiavelli.hint.title", h.sol.Placed)
		if h.sol.Exact {
			title += " — " + ctx.T("machiavelli.hint.best")
		} else {
			// The search reached its time cap: say that a better play may exist.
			title += " — " + ctx.T("machiavelli.hint.unproven")
		}
		if h.step < len(h.sol.Plan) {
			text = fmt.Sprintf("%d/%d  %s", h.step+1, len(h.sol.Plan), stepWords(ctx, h.sol.Plan[h.step]))
		}
	}
	p.Text(title, scenes.Font{Style: assets.FontBold, Size: 16}, r.X+16, r.Y+10, scenes.Left, scenes.CrimsonDeep)
	if h.sol == nil && !h.late {
		table.DrawThinking(p, r.X+r.W-150, r.Y+22, ctx.T("machiavelli.thinking"), ctx.Tick)
	}
	p.Paragraph(text, scenes.Font{Style: assets.FontRegular, Size: 15}, r.X+16, r.Y+33, r.W-32, 18, scenes.Ink)
	if h.sol != nil && h.sol.Found() {
		if len(h.sol.Plan) > 1 {
			smallButton(p, hintBack, ctx.T("machiavelli.hint.back"), hintBack.Contains(x, y) && h.step > 0, false)
			smallButton(p, hintNext, ctx.T("machiavelli.hint.next"), hintNext.Contains(x, y) && h.step < len(h.sol.Plan)-1, false)
		}
		smallButton(p, hintDo, ctx.T("machiavelli.hint.do"), hintDo.Contains(x, y), true)
	}
	smallButton(p, hintClose, ctx.T("machiavelli.hint.close"), hintClose.Contains(x, y), false)
}

// stepWords says a step of a play in the player's language, from the rules' structured
// step (meld numbers as the table shows them, from 1).
func stepWords(ctx *game.Context, st mach.Step) string {
	var hand, free []mach.Card
	from := map[int][]mach.Card{}
	var froms []int
	for _, mv := range st.Moves {
		switch mv.From {
		case mach.FromHand:
			hand = append(hand, mv.Card)
		case mach.FromFree:
			free = append(free, mv.Card)
		default:
			if _, ok := from[mv.From]; !ok {
				froms = append(froms, mv.From)
			}
			from[mv.From] = append(from[mv.From], mv.Card)
		}
	}
	switch st.Kind {
	case mach.StepBreak:
		return ctx.F("machiavelli.step.break", st.Meld+1, cardList(ctx, cardsOf(st.Moves)))
	case mach.StepTake:
		return ctx.F("machiavelli.step.take", cardList(ctx, cardsOf(st.Moves)), st.Meld+1)
	}
	var parts []string
	if len(hand) > 0 {
		parts = append(parts, ctx.F("machiavelli.step.from_hand", cardList(ctx, hand)))
	}
	slices.Sort(froms)
	for _, m := range froms {
		parts = append(parts, ctx.F("machiavelli.step.from_meld", cardList(ctx, from[m]), m+1))
	}
	if len(free) > 0 {
		parts = append(parts, ctx.F("machiavelli.step.from_free", cardList(ctx, free)))
	}
	what := strings.Join(parts, "; ")
	if st.Kind == mach.StepAdd {
		return ctx.F("machiavelli.step.add", what, st.Home+1)
	}
	return ctx.F("machiavelli.step.new", what)
}

func cardsOf(moves []mach.CardMove) []mach.Card {
	out := make([]mach.Card, len(moves))
	for i, mv := range moves {
		out[i] = mv.Card
	}
	return out
}

// cardList writes cards as a player reads them: "7♥ 8♥ 9♥".
func cardList(ctx *game.Context, cs []mach.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
		if c.IsJoker() {
			parts[i] = ctx.T("machiavelli.joker")
		}
	}
	return strings.Join(parts, " ")
}
