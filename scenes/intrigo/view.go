package intrigo

import (
	"math"

	"principe/game"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// view is what is on the table while events play out: the observation the picture is
// drawn from (the latest one: animations may lag the state, never contradict it), the
// advisors still travelling to where that observation has them, the coins in the air,
// and each purse's amounts not yet arrived.
type view struct {
	obs     *ig.Observation
	flights map[int]*flight // by advisor
	coins   []*coinFlight
	// lag is, per seat, the money the observation counts but that is still flying to (or
	// from) its purse: the purse shown is the counted one minus lag.
	lag   [ig.MaxPlayers]int
	flash string // the last judged promise, shown on the table until the next action
}

// flight is an advisor moving from one place to another.
type flight struct {
	fromX, fromY, fromR float64
	toX, toY, toR       float64
	t                   float64 // 0 before it starts, 1 when it has landed
}

// coinFlight is a little heap of coins flying between a purse and another (or the bank).
type coinFlight struct {
	fromX, fromY, toX, toY float64
	amount                 int
	t                      float64
	started                bool
}

func (v *view) reset(o *ig.Observation) {
	v.obs = o
	v.flights = map[int]*flight{}
	v.coins = nil
	v.lag = [ig.MaxPlayers]int{}
}

// moving reports whether advisor id has not yet reached where the observation has it.
func (v *view) moving(id int) bool {
	f, ok := v.flights[id]
	return ok && f.t < 1
}

// purse is the amount shown for seat: its own purse exactly, the others' as counted from
// the public payments (see README), less the money still in the air.
func (v *view) purse(s rules.Seat) int {
	p := v.obs.Purses()
	if s == v.obs.Viewer {
		p[s] = v.obs.Purse
	}
	return p[s] - v.lag[s]
}

// animate queues the animation of ev, which turned before into after, and logs it.
func (t *Table) animate(ctx *game.Context, before, after *ig.Observation, ev []rules.Event) {
	v := &t.v
	v.obs = after
	v.flights = map[int]*flight{}
	v.coins = nil
	v.lag = [ig.MaxPlayers]int{}
	v.flash = ""
	tb := &after.Table
	n := tb.Players
	// Where each advisor is as the events go: starts where before had it.
	at := func(id int) (float64, float64, float64) {
		if f, ok := v.flights[id]; ok {
			return f.toX, f.toY, f.toR
		}
		return advisorAt(&before.Table, id)
	}
	evs := asEvents(ev)
	told := retold(evs)
	for i, e := range evs {
		if line, strong, ok := eventLine(ctx, tb, e); ok && told[i] {
			c := seatColour(actor(e))
			if e.Kind == ig.EvFinalCollection || e.Kind == ig.EvGameOver {
				c.A = 0
			}
			t.seq.Add(table.Step{Start: func() { t.log.Add(table.LogLine{Text: line, Colour: c, Strong: strong}) }})
			if e.Kind == ig.EvPromiseJudged {
				t.seq.Add(table.Step{Start: func() { v.flash = line; ctx.Notice(line) }})
			}
		}
		switch e.Kind {
		case ig.EvCollect:
			if e.Amount > 0 {
				t.coins(ctx, ig.Bank, e.Seat, e.Amount, n)
			}
		case ig.EvPromisePaid:
			t.coins(ctx, e.Seat, e.Other, e.Amount, n)
		case ig.EvAccepted:
			if e.Amount > 0 {
				from := e.Seat
				if e.BankPaid {
					from = ig.Bank
				}
				t.coins(ctx, from, e.Other, e.Amount, n)
			}
		case ig.EvCounterTaken:
			t.coins(ctx, e.Seat, e.Other, e.Amount, n)
		case ig.EvPresented, ig.EvPlaced, ig.EvExiled, ig.EvReplaced:
			id := e.Advisor
			fx, fy, fr := at(id)
			tx, ty, tr := advisorAt(tb, id)
			if e.Kind == ig.EvPlaced || e.Kind == ig.EvReplaced {
				tx, ty = PostCentre(e.Other, n, e.Post)
				tr = postRadius(n)
			}
			if e.Kind == ig.EvExiled {
				tx, ty, tr = advisorAt(tb, id)
			}
			if math.Hypot(tx-fx, ty-fy) < 1 {
				continue
			}
			f := &flight{fromX: fx, fromY: fy, fromR: fr, toX: tx, toY: ty, toR: tr}
			v.flights[id] = f
			ticks := ctx.Frames(0.45)
			if ticks == 0 {
				f.t = 1
				continue
			}
			t.seq.Add(table.Step{Ticks: ticks, Frame: func(p float64) { f.t = p }, End: func() { f.t = 1 }})
			ctx.Audio.Play(game.SoundHover)
		case ig.EvNegotiationOpens, ig.EvTurnBegins:
			// A short pause so a person sees the new negotiation or turn begin.
			if k := ctx.Frames(0.25); k > 0 {
				t.seq.Add(table.Step{Ticks: k})
			}
		}
	}
}

// coins queues coins flying from one purse (or the bank) to another.
func (t *Table) coins(ctx *game.Context, from, to rules.Seat, amount, n int) {
	v := &t.v
	fx, fy := purseAt(from, n)
	tx, ty := purseAt(to, n)
	c := &coinFlight{fromX: fx, fromY: fy, toX: tx, toY: ty, amount: amount}
	ticks := ctx.Frames(0.6)
	if ticks == 0 {
		return
	}
	// Until they land, the purses show the amounts before the payment.
	if from >= 0 {
		v.lag[from] -= amount
	}
	if to >= 0 {
		v.lag[to] += amount
	}
	v.coins = append(v.coins, c)
	t.coinsFlown++
	t.seq.Add(table.Step{Ticks: ticks,
		Start: func() { c.started = true },
		Frame: func(p float64) { c.t = p },
		End: func() {
			c.t = 1
			if from >= 0 {
				v.lag[from] += amount
			}
			if to >= 0 {
				v.lag[to] -= amount
			}
		}})
}

// drawFlights draws the advisors on the move and the coins in the air.
func (v *view) drawFlights(p scenes.Painter) {
	tb := &v.obs.Table
	for id, f := range v.flights {
		if f.t >= 1 {
			continue
		}
		a := tb.Advisors[id]
		e := scenes.EaseInOutSine(f.t)
		x := table.Lerp(f.fromX, f.toX, e)
		y := table.Lerp(f.fromY, f.toY, e) - 30*math.Sin(math.Pi*f.t)
		r := table.Lerp(f.fromR, f.toR, e)
		drawAdvisor(p, a.Owner, a.Type, x, y, r, math.Sin(math.Pi*f.t), 1)
	}
	for _, c := range v.coins {
		if !c.started || c.t >= 1 {
			continue
		}
		k := min(6, 1+c.amount/2000)
		for i := 0; i < k; i++ {
			d := float64(i) * 0.06
			q := math.Max(0, math.Min(1, (c.t-d)/(1-0.06*float64(k-1))))
			e := scenes.EaseInOutSine(q)
			x := table.Lerp(c.fromX, c.toX, e)
			y := table.Lerp(c.fromY, c.toY, e) - 40*math.Sin(math.Pi*q)
			drawCoin(p, x, y, 7, 1)
		}
	}
}
