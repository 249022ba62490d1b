package intrigo

import (
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// control is one button of the action panel: where it is, what it says, whether it is
// chosen or usable, and what a click does. The panel's layout is computed once per frame
// and serves both Update and Draw.
type control struct {
	r       scenes.Rect
	label   string
	on      bool
	enabled bool
	act     func()
}

// offerDraft is the offer a human speaker is building from parts: a post asked for, the
// side backed, a bribe, up to three promises. The choices offered come from the rules'
// legal moves (which asks, which sides, whether promises with terms are still possible);
// the bribe is bounded by the purse; the whole is checked by the rules on a sample before
// it can be sent.
type offerDraft struct {
	key        int
	asks       []int
	favours    []ig.Favour
	ask        int
	favour     ig.Favour
	bribe      int
	purse      int
	kinds      map[ig.PromiseKind]bool // the promises with terms the rules allow here (post, payment, spare)
	promises   []ig.Terms
	words      table.TextField // the promise in words being typed
	sentence   string
	err        string
	empty      bool // nothing chosen yet
	checkedFor string
}

func newDraft(t *Table, seat rules.Seat, key int) *offerDraft {
	d := &offerDraft{key: key, ask: -1, purse: t.obs().Purse, kinds: map[ig.PromiseKind]bool{}}
	for _, m := range t.legalMoves(seat) {
		if m.Kind != ig.Offer {
			continue
		}
		if !slices.Contains(d.asks, m.Post) {
			d.asks = append(d.asks, m.Post)
		}
		if !slices.Contains(d.favours, m.Favour) {
			d.favours = append(d.favours, m.Favour)
		}
		for _, p := range m.Promises {
			d.kinds[p.Kind] = true
		}
	}
	slices.Sort(d.asks)
	if len(d.favours) > 0 {
		d.favour = d.favours[0]
	}
	return d
}

// move is the offer as the rules' move.
func (d *offerDraft) move() ig.Move {
	m := ig.Move{Kind: ig.Offer, Post: d.ask, Favour: d.favour, Bribe: d.bribe, Advisor: -1, Palace: -1, Promise: -1}
	m.Promises = slices.Clone(d.promises)
	return m
}

// maxBribe is the most the speaker may offer: its purse, or the bank's 1,000 when empty.
func (d *offerDraft) maxBribe() int {
	if d.purse == 0 {
		return ig.BankBribe
	}
	return d.purse - d.purse%ig.Unit
}

// check asks the rules (on a sample) whether the offer may be sent, and words it.
func (d *offerDraft) check(ctx *game.Context, t *Table, seat rules.Seat) {
	m := d.move()
	sig := m.String() + "|" + d.words.Text()
	if sig == d.checkedFor {
		return
	}
	d.checkedFor = sig
	tb := t.table()
	d.sentence = offerSentence(ctx, tb, seat, tb.Active, m)
	d.err, d.empty = "", false
	if _, _, err := t.trial(seat, m); err != nil {
		d.err = err.Error()
		// An offer with nothing in it is not a mistake yet: say how to build one.
		d.empty = m.Post < 0 && m.Bribe == 0 && len(m.Promises) == 0 && m.Favour == ""
	}
}

// updateNegotiation: the seat to act speaks (builds an offer or passes), answers an offer
// as owner, or takes or declines a counter-price.
func (t *Table) updateNegotiation(ctx *game.Context, seat rules.Seat, tb *ig.Table) {
	key := len(t.m.Record().Actions)
	n := tb.Receive.Negotiation
	if n.Open < 0 && (t.neg == nil || t.neg.key != key) {
		t.neg = newDraft(t, seat, key)
	}
	if n.Open >= 0 && !n.Countered && t.counter <= tb.Offers[n.Open].Bribe {
		t.counter = tb.Offers[n.Open].Bribe + 2*ig.Unit
	}
	if t.neg != nil && t.in.editing {
		t.editText(ctx)
		return
	}
	if t.neg != nil && n.Open < 0 {
		t.neg.check(ctx, t, seat)
	}
	x, y := ctx.Input.Cursor()
	if !ctx.Input.Clicked() {
		return
	}
	for _, c := range t.controls(ctx, seat, tb) {
		if c.enabled && c.act != nil && c.r.Contains(x, y) {
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			c.act()
			return
		}
	}
}

// editText types a promise in words (Enter adds it, Escape drops it).
func (t *Table) editText(ctx *game.Context) {
	d := t.neg
	d.words.Edit(ctx, ig.MaxTextLength)
	if table.EnterPressed(ctx) { // not Confirm: Space is typed
		if text := strings.TrimSpace(d.words.Text()); text != "" && len(d.promises) < ig.MaxPromisesPerOffer {
			d.promises = append(d.promises, ig.Terms{Kind: ig.PromiseText, Post: -1, Text: text})
		}
		d.words.Set("")
		t.in.editing = false
	}
	if ctx.Input.KeyOnce(ebiten.KeyEscape) {
		d.words.Set("")
		t.in.editing = false
	}
}

// Rows of the negotiation panel.
const (
	negChipsY   = 70.0
	negAskY     = 100.0
	negBribeY   = 136.0
	negPromiseY = 172.0
	negListY    = 206.0
	negRowH     = 24.0
)

// negButtons are the panel's two main buttons (send/accept/take, pass/refuse/decline)
// and the third (counter).
func negButton(i int) scenes.Rect {
	return scenes.Rect{X: actionRect.X + 16 + float64(i)*172, Y: actionRect.Y + actionRect.H - 40, W: 164, H: 34}
}

// controls lays out the action panel's buttons for a human at the negotiation table.
func (t *Table) controls(ctx *game.Context, seat rules.Seat, tb *ig.Table) []control {
	n := tb.Receive.Negotiation
	var cs []control
	add := func(c control) { cs = append(cs, c) }
	legal := t.legalMoves(seat)
	has := func(k ig.MoveKind) (ig.Move, bool) {
		for _, m := range legal {
			if m.Kind == k {
				return m, true
			}
		}
		return ig.Move{}, false
	}
	x0 := actionRect.X + 16
	switch {
	case n.Countered:
		price := tb.Offers[n.Open].Counter
		if m, ok := has(ig.TakeCounter); ok {
			add(control{r: negButton(0), label: ctx.F("intrigo.neg.take", ducats(ctx, price)), enabled: true, act: func() { t.apply(ctx, seat, m) }})
		} else {
			add(control{r: negButton(0), label: ctx.F("intrigo.neg.take", ducats(ctx, price))})
		}
		if m, ok := has(ig.DeclineCounter); ok {
			add(control{r: negButton(1), label: ctx.T("intrigo.neg.decline"), enabled: true, act: func() { t.apply(ctx, seat, m) }})
		}
	case n.Open >= 0:
		if m, ok := has(ig.Accept); ok {
			add(control{r: negButton(0), label: ctx.T("intrigo.neg.accept"), enabled: true, act: func() { t.apply(ctx, seat, m) }})
		}
		if m, ok := has(ig.Refuse); ok {
			add(control{r: negButton(1), label: ctx.T("intrigo.neg.refuse"), enabled: true, act: func() { t.apply(ctx, seat, m) }})
		}
		bribe := tb.Offers[n.Open].Bribe
		counter := ig.Move{Kind: ig.Counter, Price: t.counter, Post: -1, Advisor: -1, Palace: -1, Promise: -1}
		_, hasCounter := has(ig.Counter)
		add(control{r: negButton(2), label: ctx.F("intrigo.neg.counter", ducats(ctx, t.counter)), enabled: hasCounter, act: func() { t.apply(ctx, seat, counter) }})
		y := actionRect.Y + negPromiseY + 30
		add(control{r: scenes.Rect{X: x0 + 180, Y: y, W: 34, H: 30}, label: "−", enabled: t.counter-ig.Unit > bribe, act: func() { t.counter -= ig.Unit }})
		add(control{r: scenes.Rect{X: x0 + 364, Y: y, W: 34, H: 30}, label: "+", enabled: t.counter < ig.MaxAmount, act: func() { t.counter += ig.Unit }})
	default:
		d := t.neg
		if d == nil {
			return nil
		}
		// The ask (or the side backed).
		x := x0 + 90
		if len(d.asks) > 1 {
			for _, a := range d.asks {
				a := a
				label := ctx.T("intrigo.neg.ask.none")
				if a >= 0 {
					label = ducats(ctx, ig.PostValue[a])
				}
				add(control{r: scenes.Rect{X: x, Y: actionRect.Y + negAskY, W: 76, H: 30}, label: label, on: d.ask == a, enabled: true, act: func() { d.ask = a }})
				x += 80
			}
		}
		if len(d.favours) > 1 || (len(d.favours) == 1 && d.favours[0] != "") {
			for _, f := range d.favours {
				f := f
				add(control{r: scenes.Rect{X: x, Y: actionRect.Y + negAskY, W: 110, H: 30}, label: ctx.T("intrigo.side." + string(f)), on: d.favour == f, enabled: len(d.favours) > 1, act: func() { d.favour = f }})
				x += 114
			}
		}
		// The bribe stepper.
		y := actionRect.Y + negBribeY
		add(control{r: scenes.Rect{X: x0 + 90, Y: y, W: 34, H: 30}, label: "−", enabled: d.bribe > 0, act: func() { d.bribe -= ig.Unit }})
		add(control{r: scenes.Rect{X: x0 + 230, Y: y, W: 34, H: 30}, label: "+", enabled: d.bribe+ig.Unit <= d.maxBribe(), act: func() { d.bribe += ig.Unit }})
		add(control{r: scenes.Rect{X: x0 + 272, Y: y, W: 60, H: 30}, label: ctx.T("intrigo.neg.max"), enabled: d.bribe < d.maxBribe(), act: func() { d.bribe = d.maxBribe() }})
		// Adding promises.
		y = actionRect.Y + negPromiseY
		room := len(d.promises) < ig.MaxPromisesPerOffer
		kinds := []struct {
			label string
			terms ig.Terms
			ok    bool
		}{
			{ctx.T("intrigo.neg.add.post"), ig.Terms{Kind: ig.PromisePost, Post: 1}, d.kinds[ig.PromisePost]},
			{ctx.T("intrigo.neg.add.payment"), ig.Terms{Kind: ig.PromisePayment, Post: -1, Amount: 2000}, d.kinds[ig.PromisePayment]},
			{ctx.T("intrigo.neg.add.spare"), ig.Terms{Kind: ig.PromiseSpare, Post: -1}, d.kinds[ig.PromiseSpare]},
		}
		x = x0 + 90
		for _, k := range kinds {
			k := k
			add(control{r: scenes.Rect{X: x, Y: y, W: 100, H: 28}, label: k.label, enabled: room && k.ok, act: func() { d.promises = append(d.promises, k.terms) }})
			x += 104
		}
		add(control{r: scenes.Rect{X: x, Y: y, W: 100, H: 28}, label: ctx.T("intrigo.neg.add.text"), enabled: room, act: func() { t.in.editing = true }})
		// The promises made, each with its terms and a cross to drop it.
		for i := range d.promises {
			i := i
			py := actionRect.Y + negListY + float64(i)*negRowH
			pr := &d.promises[i]
			add(control{r: scenes.Rect{X: actionRect.X + actionRect.W - 46, Y: py, W: 26, H: 22}, label: "×", enabled: true, act: func() { d.promises = slices.Delete(d.promises, i, i+1) }})
			switch pr.Kind {
			case ig.PromisePost:
				add(control{r: scenes.Rect{X: actionRect.X + actionRect.W - 112, Y: py, W: 26, H: 22}, label: "−", enabled: pr.Post > 0, act: func() { pr.Post-- }})
				add(control{r: scenes.Rect{X: actionRect.X + actionRect.W - 82, Y: py, W: 26, H: 22}, label: "+", enabled: pr.Post < ig.Posts-1, act: func() { pr.Post++ }})
			case ig.PromisePayment:
				add(control{r: scenes.Rect{X: actionRect.X + actionRect.W - 112, Y: py, W: 26, H: 22}, label: "−", enabled: pr.Amount > ig.Unit, act: func() { pr.Amount -= ig.Unit }})
				add(control{r: scenes.Rect{X: actionRect.X + actionRect.W - 82, Y: py, W: 26, H: 22}, label: "+", enabled: pr.Amount < ig.MaxAmount, act: func() { pr.Amount += ig.Unit }})
			}
		}
		m := d.move()
		add(control{r: negButton(0), label: ctx.T("intrigo.neg.send"), enabled: d.err == "", act: func() { t.apply(ctx, seat, m) }})
		if p, ok := has(ig.Pass); ok {
			add(control{r: negButton(1), label: ctx.T("intrigo.neg.pass"), enabled: true, act: func() { t.apply(ctx, seat, p) }})
		}
	}
	return cs
}
