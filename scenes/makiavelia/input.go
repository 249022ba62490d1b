package makiavelia

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"principe/game"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// Modes of the action phase's input.
const (
	modeNone    = iota
	modeTarget  // a card is chosen; its target is to be clicked
	modeAttack  // a player to attack is to be clicked
	modeTrade   // an offer is being put together
	modePromise // a player to promise is to be clicked
	modeWords   // the promise's words are being typed
)

// input is what the human to act has chosen so far. It only proposes: every action
// goes to the rules through Match.Apply.
type input struct {
	mode int
	sel  mak.CardID // the Reserve card chosen, -1 none

	press          mak.CardID // the Reserve card pressed (a drag's source), -1 none
	pressX, pressY float64
	drag           bool

	plan map[mak.CardID]int // wounds planned on each card

	trade   tradeDraft
	regime  regimeDraft
	counter int // the share the player would counter with

	hoverSeat rules.Seat
	hoverCard mak.CardID
	key       int // the record length the choices were made at

	words   table.TextField // a promise being typed
	wordsTo rules.Seat      // … to this player
}

// tradeDraft is an offer being put together.
type tradeDraft struct {
	to        rules.Seat
	cards     map[mak.CardID]bool
	coins     map[mak.CoinID]bool
	pledge    bool
	askCards  int
	askCoins  int
	askPledge bool
	words     table.TextField // said with the offer (seen by the two parties only)
	typing    bool            // the words are being typed
}

// regimeDraft is a regime proposal being put together: the members invited and each
// one's share; the proposer's share is what is left.
type regimeDraft struct {
	in     map[rules.Seat]bool
	shares map[rules.Seat]int
}

func newInput() input {
	return input{sel: -1, press: -1, hoverSeat: rules.NoSeat, hoverCard: -1, key: -1}
}

func (in *input) clear() {
	k := in.key
	*in = newInput()
	in.key = k
}

// sync forgets the choices made for an earlier position.
func (in *input) sync(t *Table) {
	if in.key == t.key {
		return
	}
	keepTrade := in.mode == modeTrade
	trade := in.trade
	in.clear()
	in.key = t.key
	if keepTrade && t.obs.Step == mak.StepTurn && len(t.legal) > 0 {
		in.mode, in.trade = modeTrade, trade // an offer answered: the draft stays for the next one
		in.trade.cards, in.trade.coins = map[mak.CardID]bool{}, map[mak.CoinID]bool{}
	}
	if t.obs.Step == mak.StepWounds && len(t.legal) > 0 {
		in.plan = t.suggestWounds()
	}
	if t.obs.Step == mak.StepPropose && len(t.legal) > 0 {
		in.regime = regimeDraft{in: map[rules.Seat]bool{}, shares: map[rules.Seat]int{}}
	}
	if t.obs.Step == mak.StepVote && t.obs.Proposal != nil {
		in.counter = t.obs.Proposal.ShareOf(t.obs.Me)
	}
}

// button is one button of the action panel.
type button struct {
	label   string
	r       scenes.Rect
	enabled bool
	hot     bool // the choice the panel recommends
	do      func()
}

// PanelSlot is where a button of the action panel is: rows counted from the bottom,
// two columns (col 0, 1), or the whole width (col -1). Every button has a fixed slot, so
// a choice is always in the same place (and tests can click it).
func PanelSlot(row, col int) scenes.Rect {
	w := (PanelRect.W - 30) / 2
	x := PanelRect.X + 12 + float64(col)*(w+6)
	if col < 0 {
		w, x = PanelRect.W-24, PanelRect.X+12
	}
	return scenes.Rect{X: x, Y: PanelRect.Y + PanelRect.H - 12 - float64(row+1)*36, W: w, H: 30}
}

// The slots of the panel's buttons.
var (
	SlotEnd, SlotTrade, SlotPromise = PanelSlot(0, -1), PanelSlot(1, 0), PanelSlot(1, 1)
	SlotDraw, SlotAttack            = PanelSlot(2, 0), PanelSlot(2, 1)
	SlotPlay, SlotPutBack, SlotCure = PanelSlot(3, 0), PanelSlot(3, 1), PanelSlot(3, 0)
	SlotCancel                      = PanelSlot(0, -1)
	SlotAgree, SlotRefuse           = PanelSlot(1, 0), PanelSlot(1, 1)
	SlotCounter                     = PanelSlot(0, -1)
	SlotPass, SlotPropose           = PanelSlot(0, 0), PanelSlot(0, 1)
	SlotSuggest, SlotClear          = PanelSlot(1, 0), PanelSlot(1, 1)
	SlotPlace                       = PanelSlot(0, -1)
	SlotAllow, SlotBetray           = PanelSlot(0, 0), PanelSlot(0, 1)
	SlotHospitalPass, SlotDecline   = PanelSlot(0, -1), PanelSlot(0, -1)
	SlotTradeCancel, SlotOffer      = PanelSlot(0, 0), PanelSlot(0, 1)
)

func (t *Table) addButton(r scenes.Rect, label string, enabled bool, do func()) {
	t.btn = append(t.btn, button{label: label, r: r, enabled: enabled, do: do})
}

// hot marks the last button added as the recommended choice.
func (t *Table) hot(on bool) { t.btn[len(t.btn)-1].hot = on }

// legalOf lists the legal moves of a kind.
func (t *Table) legalOf(k mak.MoveKind) []mak.Move {
	var ms []mak.Move
	for _, m := range t.legal {
		if m.Kind == k {
			ms = append(ms, m)
		}
	}
	return ms
}

// act applies m for seat; it reports whether the rules took it.
func (t *Table) act(ctx *game.Context, seat rules.Seat, m mak.Move) bool {
	ctx.Audio.Play(game.SoundClick)
	// The choices are forgotten when the position changes (input.sync), not here: the
	// next position may already have set some (a suggested wound placement).
	return t.apply(ctx, seat, m)
}

// updateHuman turns the player's clicks, drags and keys into proposed actions.
func (t *Table) updateHuman(ctx *game.Context, seat rules.Seat) {
	x, y := ctx.Input.Cursor()
	t.in.hoverSeat, t.in.hoverCard = t.seatAt(x, y), t.cardAt(x, y)
	t.btn = t.btn[:0]
	switch t.obs.Step {
	case mak.StepTurn:
		t.turnButtons(ctx, seat)
	case mak.StepWounds:
		t.woundButtons(ctx, seat)
	case mak.StepTraitor:
		t.addButton(SlotAllow, ctx.T("makiavelia.traitor.allow"), true, func() { t.act(ctx, seat, mak.Move{Kind: mak.MoveAllow}) })
		t.addButton(SlotBetray, ctx.T("makiavelia.traitor.betray"), true, func() { t.act(ctx, seat, mak.Move{Kind: mak.MoveBetray}) })
	case mak.StepPick:
		// The cards to take are drawn in the panel; clicking one takes it.
	case mak.StepOffer:
		t.offerButtons(ctx, seat)
	case mak.StepHospital:
		t.addButton(SlotHospitalPass, ctx.T("makiavelia.hospital.pass"), true, func() { t.act(ctx, seat, mak.Move{Kind: mak.MovePass}) })
	case mak.StepPropose:
		t.proposeButtons(ctx, seat)
	case mak.StepVote:
		t.voteButtons(ctx, seat)
	}
	if ctx.Input.Clicked() {
		for _, b := range t.btn {
			if b.r.Contains(x, y) {
				ctx.Input.UseClick()
				if b.enabled && b.do != nil {
					b.do()
				}
				return
			}
		}
	}
	if t.in.mode == modeWords && ctx.Input.KeyOnce(ebiten.KeyEscape) {
		t.in.mode = modeNone
		return
	}
	typing := t.in.mode == modeWords || (t.in.mode == modeTrade && t.in.trade.typing)
	if !typing && ctx.Input.Back() && (t.in.mode != modeNone || t.in.sel >= 0) { // Backspace is typed while words are
		t.in.mode, t.in.sel = modeNone, -1
		return
	}
	switch t.obs.Step {
	case mak.StepTurn:
		t.turnClicks(ctx, seat, x, y)
	case mak.StepWounds:
		t.woundClicks(ctx, seat, x, y)
	case mak.StepPick:
		if ctx.Input.Clicked() {
			for i, k := range t.pickKinds() {
				if pickRect(i, len(t.pickKinds())).Contains(x, y) {
					ctx.Input.UseClick()
					t.act(ctx, seat, mak.Move{Kind: mak.MoveTake, Take: k})
					return
				}
			}
		}
	case mak.StepHospital:
		if ctx.Input.Clicked() && t.in.hoverCard >= 0 {
			if m, ok := t.findLegal(mak.Move{Kind: mak.MoveHeal, TargetCard: t.in.hoverCard}); ok {
				ctx.Input.UseClick()
				t.act(ctx, seat, m)
			}
		}
	case mak.StepPropose:
		t.regimeClicks(ctx, seat, x, y)
	}
}

// sayPromise speaks the promise typed (the usual words when nothing was typed); the
// rules record it and never enforce it.
func (t *Table) sayPromise(ctx *game.Context, seat rules.Seat) {
	words := strings.TrimSpace(t.in.words.Text())
	if words == "" {
		words = mak.CannedPromise
	}
	t.act(ctx, seat, mak.Move{Kind: mak.MovePromise, Target: t.in.wordsTo, Words: words})
}

// findLegal finds the legal move matching want on kind, card, target and target card.
func (t *Table) findLegal(want mak.Move) (mak.Move, bool) {
	for _, m := range t.legal {
		if m.Kind == want.Kind && m.Card == want.Card && m.Target == want.Target && m.TargetCard == want.TargetCard {
			return m, true
		}
	}
	return mak.Move{}, false
}

// playsOf lists the legal plays of card c.
func (t *Table) playsOf(c mak.CardID) []mak.Move {
	var ms []mak.Move
	for _, m := range t.legalOf(mak.MovePlay) {
		if m.Card == c {
			ms = append(ms, m)
		}
	}
	return ms
}

// ---- the action phase ----

func (t *Table) turnButtons(ctx *game.Context, seat rules.Seat) {
	switch t.in.mode {
	case modeTarget, modeAttack, modePromise:
		t.addButton(SlotCancel, ctx.T("makiavelia.button.cancel"), true, func() { t.in.mode, t.in.sel = modeNone, -1 })
		return
	case modeWords:
		t.addButton(SlotTradeCancel, ctx.T("makiavelia.button.cancel"), true, func() { t.in.mode, t.in.sel = modeNone, -1 })
		t.addButton(SlotOffer, ctx.T("makiavelia.button.say"), true, func() { t.sayPromise(ctx, seat) })
		return
	case modeTrade:
		t.tradeButtons(ctx, seat)
		return
	}
	if t.in.sel >= 0 {
		plays := t.playsOf(t.in.sel)
		if len(plays) == 1 && mak.Cards[mak.KindOf(t.in.sel)].Target == mak.NoTarget {
			m := plays[0]
			t.addButton(SlotPlay, ctx.F("makiavelia.button.play", cardName(ctx, mak.KindOf(t.in.sel))), true, func() { t.act(ctx, seat, m) })
			t.hot(true)
		}
		t.addButton(SlotPutBack, ctx.T("makiavelia.button.putback"), true, func() { t.in.sel = -1 })
	} else if cures := t.legalOf(mak.MoveCure); len(cures) > 0 {
		sort.Slice(cures, func(a, b int) bool { return mak.CoinValue(cures[a].Coin) < mak.CoinValue(cures[b].Coin) })
		m := cures[0]
		t.addButton(SlotCure, ctx.F("makiavelia.button.cure", mak.CoinValue(m.Coin)), true, func() { t.act(ctx, seat, m) })
	}
	draw := t.legalOf(mak.MoveDraw)
	t.addButton(SlotDraw, ctx.F("makiavelia.button.draw", t.obs.Market), len(draw) > 0, func() { t.act(ctx, seat, draw[0]) })
	attacks := t.legalOf(mak.MoveAttack)
	t.addButton(SlotAttack, ctx.F("makiavelia.button.attack", t.world.Firepower(seat)), len(attacks) > 0, func() { t.in.mode, t.in.sel = modeAttack, -1 })
	offers := t.legalOf(mak.MoveOffer)
	t.addButton(SlotTrade, ctx.T("makiavelia.button.trade"), len(offers) > 0, func() {
		t.in.mode, t.in.sel = modeTrade, -1
		t.in.trade = tradeDraft{to: offers[0].Offer.To, cards: map[mak.CardID]bool{}, coins: map[mak.CoinID]bool{}, askCoins: 1}
	})
	promises := t.legalOf(mak.MovePromise)
	t.addButton(SlotPromise, ctx.T("makiavelia.button.promise"), len(promises) > 0, func() { t.in.mode, t.in.sel = modePromise, -1 })
	end := t.legalOf(mak.MoveEndTurn)
	t.addButton(SlotEnd, ctx.T("makiavelia.button.end"), len(end) > 0, func() { t.act(ctx, seat, end[0]) })
	a := t.world.TurnActions()
	t.hot(!a.CanDraw && !a.CanPlay && !a.CanAttack)
}

func (t *Table) turnClicks(ctx *game.Context, seat rules.Seat, x, y float64) {
	switch t.in.mode {
	case modeAttack:
		if ctx.Input.Clicked() && t.in.hoverSeat != rules.NoSeat {
			if m, ok := t.findLegal(mak.Move{Kind: mak.MoveAttack, Target: t.in.hoverSeat, Card: 0, TargetCard: 0}); ok {
				ctx.Input.UseClick()
				t.act(ctx, seat, m)
			}
		}
		return
	case modePromise:
		if ctx.Input.Clicked() && t.in.hoverSeat != rules.NoSeat {
			for _, m := range t.legalOf(mak.MovePromise) {
				if m.Target == t.in.hoverSeat {
					ctx.Input.UseClick()
					t.in.mode, t.in.wordsTo = modeWords, m.Target
					t.in.words.Set("")
					return
				}
			}
		}
		return
	case modeWords:
		t.in.words.Edit(ctx, mak.MaxWords/2)
		if table.EnterPressed(ctx) { // not Confirm: Space is typed
			t.sayPromise(ctx, seat)
		}
		return
	case modeTrade:
		t.tradeClicks(ctx, x, y)
		return
	case modeTarget:
		if ctx.Input.Clicked() {
			if m, ok := t.targetAt(x, y); ok {
				ctx.Input.UseClick()
				t.act(ctx, seat, m)
				return
			}
		}
	}
	// The Reserve: click to choose a card, drag it into the City to play it.
	res := t.obs.Reserve
	rects := reserveRects(len(res))
	if ctx.Input.Clicked() {
		for i := len(rects) - 1; i >= 0; i-- {
			if rects[i].Contains(x, y) {
				ctx.Input.UseClick()
				t.in.press, t.in.pressX, t.in.pressY = res[i], x, y
				break
			}
		}
	}
	if t.in.press >= 0 && ctx.Input.Held() && math.Hypot(x-t.in.pressX, y-t.in.pressY) > 10 {
		t.in.drag = true
	}
	if t.in.press >= 0 && ctx.Input.Released() {
		c := t.in.press
		t.in.press = -1
		if t.in.drag {
			t.in.drag = false
			t.dropCard(ctx, seat, c, x, y)
			return
		}
		t.chooseCard(ctx, seat, c)
	}
}

// chooseCard selects a Reserve card; a card that targets asks for its target.
func (t *Table) chooseCard(ctx *game.Context, seat rules.Seat, c mak.CardID) {
	if t.in.sel == c && t.in.mode == modeNone {
		if plays := t.playsOf(c); len(plays) == 1 && mak.Cards[mak.KindOf(c)].Target == mak.NoTarget {
			t.act(ctx, seat, plays[0])
			return
		}
	}
	ctx.Audio.Play(game.SoundHover)
	t.in.sel, t.in.mode = c, modeNone
	if len(t.playsOf(c)) > 0 && mak.Cards[mak.KindOf(c)].Target != mak.NoTarget {
		t.in.mode = modeTarget
	}
}

// dropCard plays a card dragged onto the table: onto its target, or anywhere above
// the Reserve for a card without one.
func (t *Table) dropCard(ctx *game.Context, seat rules.Seat, c mak.CardID, x, y float64) {
	t.in.sel = c
	if y >= reserveArea().Y-6 || !leftArea.Contains(x, y) {
		t.in.mode = modeNone
		return
	}
	if mak.Cards[mak.KindOf(c)].Target == mak.NoTarget {
		if plays := t.playsOf(c); len(plays) == 1 {
			t.act(ctx, seat, plays[0])
		} else {
			ctx.Notice(ctx.F("makiavelia.notice.noplay", cardName(ctx, mak.KindOf(c))))
		}
		return
	}
	t.in.mode = modeTarget
	if m, ok := t.targetAt(x, y); ok {
		t.act(ctx, seat, m)
	}
}

// targetAt is the legal play of the chosen card on what is under (x, y).
func (t *Table) targetAt(x, y float64) (mak.Move, bool) {
	c := t.in.sel
	if c < 0 {
		return mak.Move{}, false
	}
	switch mak.Cards[mak.KindOf(c)].Target {
	case mak.TargetPlayer:
		if s := t.seatAt(x, y); s != rules.NoSeat {
			for _, m := range t.playsOf(c) {
				if m.Target == s {
					return m, true
				}
			}
		}
	case mak.TargetBuilding:
		if tc := t.cardAt(x, y); tc >= 0 {
			for _, m := range t.playsOf(c) {
				if m.TargetCard == tc {
					return m, true
				}
			}
		}
	}
	return mak.Move{}, false
}

// isTarget says whether seat or card is a legal target of what is being chosen (for
// the highlights).
func (t *Table) isTargetSeat(s rules.Seat) bool {
	switch t.in.mode {
	case modeAttack:
		_, ok := t.findLegal(mak.Move{Kind: mak.MoveAttack, Target: s})
		return ok
	case modePromise:
		for _, m := range t.legalOf(mak.MovePromise) {
			if m.Target == s {
				return true
			}
		}
	case modeTarget:
		if t.in.sel >= 0 && mak.Cards[mak.KindOf(t.in.sel)].Target == mak.TargetPlayer {
			for _, m := range t.playsOf(t.in.sel) {
				if m.Target == s {
					return true
				}
			}
		}
	case modeTrade:
		for _, m := range t.legalOf(mak.MoveOffer) {
			if m.Offer != nil && m.Offer.To == s {
				return true
			}
		}
	}
	return false
}

func (t *Table) isTargetCard(c mak.CardID) bool {
	switch t.obs.Step {
	case mak.StepWounds:
		_, ok := t.findLegal(mak.Move{Kind: mak.MoveWound, TargetCard: c})
		return ok
	case mak.StepHospital:
		_, ok := t.findLegal(mak.Move{Kind: mak.MoveHeal, TargetCard: c})
		return ok
	}
	if t.in.mode == modeTarget && t.in.sel >= 0 && mak.Cards[mak.KindOf(t.in.sel)].Target == mak.TargetBuilding {
		for _, m := range t.playsOf(t.in.sel) {
			if m.TargetCard == c {
				return true
			}
		}
	}
	return false
}

// ---- attack odds ----

// hitChance is the chance of at least k hits with n dice (each hits with StarFaces/6).
func hitChance(n, k int) float64 {
	if k <= 0 {
		return 1
	}
	p := float64(mak.StarFaces) / 6
	total := 0.0
	for h := k; h <= n; h++ {
		total += binom(n, h) * math.Pow(p, float64(h)) * math.Pow(1-p, float64(n-h))
	}
	return total
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// ---- wounds ----

// suggestWounds is a first placement the attacker can change: destroy the cards that
// need the fewest wounds first (armies before buildings at equal need), then put what
// is left on the weakest remaining card.
func (t *Table) suggestWounds() map[mak.CardID]int {
	plan := map[mak.CardID]int{}
	left := t.obs.WoundsLeft
	type cand struct {
		card mak.CardID
		need int
		army bool
	}
	var cs []cand
	for _, m := range t.legalOf(mak.MoveWound) {
		need := t.world.StrengthNow(m.TargetCard) - t.woundsOn(m.TargetCard)
		cs = append(cs, cand{m.TargetCard, max(1, need), mak.Cards[mak.KindOf(m.TargetCard)].Type == mak.Army})
	}
	sort.SliceStable(cs, func(a, b int) bool {
		if cs[a].need != cs[b].need {
			return cs[a].need < cs[b].need
		}
		return cs[a].army && !cs[b].army
	})
	for _, c := range cs {
		if c.need <= left {
			plan[c.card] = c.need
			left -= c.need
		}
	}
	for _, c := range cs {
		if left == 0 {
			break
		}
		if plan[c.card] == 0 {
			plan[c.card] = left
			left = 0
		}
	}
	if left > 0 && len(cs) > 0 { // every target already falls: the rest on the first
		plan[cs[0].card] += left
	}
	return plan
}

// woundsOn is the wounds already on card c.
func (t *Table) woundsOn(c mak.CardID) int {
	for _, city := range t.obs.Cities {
		for _, pl := range city {
			if pl.Card == c {
				return pl.Wounds
			}
		}
	}
	return 0
}

func planTotal(plan map[mak.CardID]int) int {
	n := 0
	for _, v := range plan {
		n += v
	}
	return n
}

func (t *Table) woundButtons(ctx *game.Context, seat rules.Seat) {
	t.addButton(SlotSuggest, ctx.T("makiavelia.wounds.suggest"), true, func() { t.in.plan = t.suggestWounds() })
	t.addButton(SlotClear, ctx.T("makiavelia.wounds.clear"), true, func() { t.in.plan = map[mak.CardID]int{} })
	label := ctx.F("makiavelia.wounds.place", planTotal(t.in.plan), t.obs.WoundsLeft)
	t.addButton(SlotPlace, label, true, func() { t.placeWounds(ctx, seat) })
	t.hot(planTotal(t.in.plan) == t.obs.WoundsLeft)
}

func (t *Table) woundClicks(ctx *game.Context, seat rules.Seat, x, y float64) {
	c := t.in.hoverCard
	if c < 0 || !t.isTargetCard(c) {
		return
	}
	if t.in.plan == nil {
		t.in.plan = map[mak.CardID]int{}
	}
	right := inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)
	if !ctx.Input.Clicked() && !right {
		return
	}
	ctx.Input.UseClick()
	ctx.Audio.Play(game.SoundClick)
	switch {
	case right || planTotal(t.in.plan) >= t.obs.WoundsLeft:
		if t.in.plan[c] > 0 {
			t.in.plan[c]--
		}
	default:
		t.in.plan[c]++
	}
}

// placeWounds puts the planned wounds, one action each, then returns what is left.
func (t *Table) placeWounds(ctx *game.Context, seat rules.Seat) {
	var order []mak.CardID
	for c, n := range t.in.plan {
		for i := 0; i < n; i++ {
			order = append(order, c)
		}
	}
	sort.Slice(order, func(a, b int) bool { return order[a] < order[b] })
	for _, c := range order {
		if t.m.ToAct() != seat || t.m.State().(*mak.State).Step() != mak.StepWounds {
			break
		}
		if !t.apply(ctx, seat, mak.Move{Kind: mak.MoveWound, TargetCard: c}) {
			return
		}
	}
	if t.m.ToAct() == seat && t.m.State().(*mak.State).Step() == mak.StepWounds {
		t.apply(ctx, seat, mak.Move{Kind: mak.MoveStop})
	}
	t.in.clear()
}

// ---- Bribery and Spy ----

func (t *Table) pickKinds() []mak.Kind {
	var ks []mak.Kind
	for _, m := range t.legalOf(mak.MoveTake) {
		ks = append(ks, m.Take)
	}
	return ks
}

// pickRect is where choice i of n is drawn in the panel.
func pickRect(i, n int) scenes.Rect {
	cols := min(n, 7)
	w := math.Min(50, (PanelRect.W-24)/float64(cols)-4)
	h := w * miniH / miniW
	return scenes.Rect{X: PanelRect.X + 12 + float64(i%cols)*(w+4), Y: PanelRect.Y + 60 + float64(i/cols)*(h+4), W: w, H: h}
}

// ---- trade ----

func (t *Table) offerButtons(ctx *game.Context, seat rules.Seat) {
	accepts := t.legalOf(mak.MoveAccept)
	seen := map[string]bool{}
	n := 0
	for _, m := range accepts {
		label := t.payLabel(ctx, m)
		if seen[label] || n >= 4 {
			continue
		}
		seen[label] = true
		mm := m
		t.addButton(PanelSlot(1+n/2, n%2), label, true, func() { t.act(ctx, seat, mm) })
		n++
	}
	t.addButton(SlotDecline, ctx.T("makiavelia.offer.decline"), true, func() { t.act(ctx, seat, mak.Move{Kind: mak.MoveDecline}) })
}

// payLabel says what accepting with m pays.
func (t *Table) payLabel(ctx *game.Context, m mak.Move) string {
	s := ctx.T("makiavelia.offer.accept")
	var parts []string
	for _, c := range m.Coins {
		parts = append(parts, fmt.Sprint(mak.CoinValue(c)))
	}
	for _, c := range m.Cards {
		parts = append(parts, cardName(ctx, mak.KindOf(c)))
	}
	if len(parts) > 0 {
		s += " (" + joinShort(parts) + ")"
	}
	return s
}

func joinShort(parts []string) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += ", "
		}
		out += p
	}
	return out
}

// The trade builder's rows in the panel.
func tradeRow(i int) scenes.Rect {
	return scenes.Rect{X: PanelRect.X + 12, Y: PanelRect.Y + 38 + float64(i)*30, W: PanelRect.W - 24, H: 26}
}

func smallButton(row int, col int) scenes.Rect {
	r := tradeRow(row)
	return scenes.Rect{X: r.X + r.W - 32 - float64(col)*34, Y: r.Y, W: 30, H: 26}
}

func (t *Table) tradeButtons(ctx *game.Context, seat rules.Seat) {
	d := &t.in.trade
	t.btn = append(t.btn,
		button{label: "+", r: smallButton(3, 0), enabled: d.askCards < 5, do: func() { d.askCards++ }},
		button{label: "−", r: smallButton(3, 1), enabled: d.askCards > 0, do: func() { d.askCards-- }},
		button{label: "+", r: smallButton(4, 0), enabled: d.askCoins < 9, do: func() { d.askCoins++ }},
		button{label: "−", r: smallButton(4, 1), enabled: d.askCoins > 0, do: func() { d.askCoins-- }},
		button{label: onOff(d.pledge), r: smallButton(2, 0), enabled: t.obs.Pledges[seat] == rules.NoSeat, do: func() { d.pledge = !d.pledge }},
		button{label: onOff(d.askPledge), r: smallButton(5, 0), enabled: true, do: func() { d.askPledge = !d.askPledge }},
	)
	t.addButton(SlotTradeCancel, ctx.T("makiavelia.button.cancel"), true, func() { t.in.mode = modeNone })
	t.btn = append(t.btn, button{label: ctx.T("makiavelia.trade.send"), r: SlotOffer, enabled: true, hot: true, do: func() {
		o := &mak.Offer{From: seat, To: d.to, GivePledge: d.pledge, AskCards: d.askCards, AskCoins: d.askCoins, AskPledge: d.askPledge,
			Words: strings.TrimSpace(d.words.Text())}
		for _, c := range t.obs.Reserve {
			if d.cards[c] {
				o.GiveCards = append(o.GiveCards, c)
			}
		}
		for _, c := range t.obs.Coins {
			if d.coins[c] {
				o.GiveCoins = append(o.GiveCoins, c)
			}
		}
		t.act(ctx, seat, mak.Move{Kind: mak.MoveOffer, Offer: o})
	}})
}

func onOff(b bool) string {
	if b {
		return "×"
	}
	return ""
}

// coinRect is where own coin i is drawn in the seat in view's header.
func coinRect(i int) scenes.Rect {
	return scenes.Rect{X: mainArea.X + 330 + float64(i)*22, Y: mainArea.Y + 3, W: 20, H: 20}
}

// tradeWordsRect is the row of the offer's words (click it to type them).
func tradeWordsRect() scenes.Rect {
	r := tradeRow(6)
	r.Y -= 2
	return r
}

func (t *Table) tradeClicks(ctx *game.Context, x, y float64) {
	d := &t.in.trade
	if d.typing {
		d.words.Edit(ctx, mak.MaxWords/2)
		if table.EnterPressed(ctx) || ctx.Input.KeyOnce(ebiten.KeyEscape) {
			d.typing = false
		}
	}
	if !ctx.Input.Clicked() {
		return
	}
	if tradeWordsRect().Contains(x, y) {
		ctx.Input.UseClick()
		d.typing = true
		return
	}
	d.typing = false
	if s := t.seatAt(x, y); s != rules.NoSeat && s != t.viewer && t.isTargetSeat(s) {
		ctx.Input.UseClick()
		d.to = s
		return
	}
	rects := reserveRects(len(t.obs.Reserve))
	for i := len(rects) - 1; i >= 0; i-- {
		if rects[i].Contains(x, y) {
			c := t.obs.Reserve[i]
			ctx.Input.UseClick()
			d.cards[c] = !d.cards[c]
			return
		}
	}
	for i, c := range t.obs.Coins {
		if coinRect(i).Contains(x, y) {
			ctx.Input.UseClick()
			d.coins[c] = !d.coins[c]
			return
		}
	}
}

// ---- regimes ----

// freeOthers are the players the seat may invite: not in a regime yet.
func (t *Table) freeOthers(seat rules.Seat) []rules.Seat {
	var out []rules.Seat
	for i := 0; i < t.obs.Players; i++ {
		q := rules.Seat(i)
		if q != seat && (i >= len(t.obs.RegimeOf) || t.obs.RegimeOf[i] < 0) {
			out = append(out, q)
		}
	}
	return out
}

func regimeRow(i int) scenes.Rect {
	return scenes.Rect{X: PanelRect.X + 12, Y: PanelRect.Y + 62 + float64(i)*23, W: PanelRect.W - 24, H: 21}
}

func (t *Table) draftRegime(seat rules.Seat) mak.Regime {
	e := mak.Earning(t.obs.Players)
	r := mak.Regime{Members: []rules.Seat{seat}, Shares: []int{0}}
	given := 0
	for _, q := range t.freeOthers(seat) {
		if t.in.regime.in[q] {
			r.Members = append(r.Members, q)
			r.Shares = append(r.Shares, t.in.regime.shares[q])
			given += t.in.regime.shares[q]
		}
	}
	r.Shares[0] = e - given
	return r
}

func (t *Table) proposeButtons(ctx *game.Context, seat rules.Seat) {
	d := &t.in.regime
	e := mak.Earning(t.obs.Players)
	for i, q := range t.freeOthers(seat) {
		q := q
		row := regimeRow(i)
		t.btn = append(t.btn,
			button{label: onOff(d.in[q]), r: scenes.Rect{X: row.X, Y: row.Y, W: 24, H: row.H}, enabled: true, do: func() { d.in[q] = !d.in[q] }},
			button{label: "−", r: scenes.Rect{X: row.X + row.W - 60, Y: row.Y, W: 26, H: row.H}, enabled: d.in[q] && d.shares[q] > 0, do: func() { d.shares[q]-- }},
			button{label: "+", r: scenes.Rect{X: row.X + row.W - 28, Y: row.Y, W: 26, H: row.H}, enabled: d.in[q] && t.draftRegime(seat).Shares[0] > 0 && d.shares[q] < e, do: func() { d.shares[q]++ }},
		)
	}
	t.addButton(SlotPass, ctx.T("makiavelia.regime.pass"), true, func() { t.act(ctx, seat, mak.Move{Kind: mak.MovePass}) })
	r := t.draftRegime(seat)
	canPropose := len(t.legalOf(mak.MovePropose)) > 0
	t.btn = append(t.btn, button{label: ctx.T("makiavelia.regime.propose"), r: SlotPropose, enabled: canPropose && len(r.Members) > 1, hot: len(r.Members) > 1, do: func() {
		t.act(ctx, seat, mak.Move{Kind: mak.MovePropose, Regime: &r})
	}})
}

func (t *Table) regimeClicks(ctx *game.Context, seat rules.Seat, x, y float64) {
	if !ctx.Input.Clicked() {
		return
	}
	if s := t.seatAt(x, y); s != rules.NoSeat && s != seat {
		for _, q := range t.freeOthers(seat) {
			if q == s {
				ctx.Input.UseClick()
				t.in.regime.in[q] = !t.in.regime.in[q]
			}
		}
	}
}

// counterRegime is the proposal on the table with seat's share set to want, the
// difference taken from (or given to) the author's share.
func (t *Table) counterRegime(seat rules.Seat, want int) *mak.Regime {
	p := t.obs.Proposal
	r := &mak.Regime{Members: append([]rules.Seat(nil), p.Members...), Shares: append([]int(nil), p.Shares...)}
	delta := want - p.ShareOf(seat)
	for i, m := range r.Members {
		switch m {
		case seat:
			r.Shares[i] = want
		case t.obs.ProposedBy:
			r.Shares[i] -= delta
		}
	}
	return r
}

// counterRow is the row of the counter-share stepper in the panel.
var counterRow = scenes.Rect{X: PanelRect.X + 12, Y: PanelRect.Y + PanelRect.H - 120, W: PanelRect.W - 24, H: 28}

func (t *Table) voteButtons(ctx *game.Context, seat rules.Seat) {
	canRefuse, canCounter := len(t.legalOf(mak.MoveRefuse)) > 0, len(t.legalOf(mak.MoveCounter)) > 0
	if canCounter && t.obs.Proposal != nil {
		e := mak.Earning(t.obs.Players)
		author := t.obs.Proposal.ShareOf(t.obs.ProposedBy)
		mine := t.obs.Proposal.ShareOf(seat)
		t.btn = append(t.btn,
			button{label: "−", r: scenes.Rect{X: counterRow.X + counterRow.W - 62, Y: counterRow.Y, W: 28, H: counterRow.H}, enabled: t.in.counter > 0, do: func() { t.in.counter-- }},
			button{label: "+", r: scenes.Rect{X: counterRow.X + counterRow.W - 30, Y: counterRow.Y, W: 28, H: counterRow.H}, enabled: t.in.counter < min(e, mine+author), do: func() { t.in.counter++ }},
		)
	}
	t.addButton(SlotAgree, ctx.T("makiavelia.vote.agree"), true, func() { t.act(ctx, seat, mak.Move{Kind: mak.MoveAgree}) })
	t.hot(true)
	if canRefuse {
		t.addButton(SlotRefuse, ctx.T("makiavelia.vote.refuse"), true, func() { t.act(ctx, seat, mak.Move{Kind: mak.MoveRefuse}) })
	}
	if canCounter && t.obs.Proposal != nil {
		want := t.in.counter
		t.addButton(SlotCounter, ctx.F("makiavelia.vote.counter", want), want != t.obs.Proposal.ShareOf(seat), func() {
			t.act(ctx, seat, mak.Move{Kind: mak.MoveCounter, Regime: t.counterRegime(seat, want)})
		})
	}
}
