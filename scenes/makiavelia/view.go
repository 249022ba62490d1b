package makiavelia

import (
	"principe/game"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
	"slices"
)

// effects are the animations over the table: the dice tray of the last attack, cards
// flashing as they are played or wounded, cards sliding to a Cemetery, coins flying to
// a purse and a banner for a new round or a round's winner. The Cities underneath are
// always drawn from the observation; effects only lag it.
type effects struct {
	ticks int

	dice      *diceTray
	flash     map[mak.CardID]int // ticks left
	flying    []flight
	banner    string
	bannerFor int // ticks left
	bannerMax int

	growths []growth // Memorials growing (or grown, until the picture is re-read)
}

// growth is a Memorial growing after the damage resolution: the card rises, glows and
// its strength counts up from the old value to the new one, then it settles back with
// the new strength, shown until the table re-reads the observation (which has it).
type growth struct {
	card     mak.CardID
	from, to int     // the strength before and after
	progress float64 // 0…1; 1 is settled
}

// memorialStrengths is the strength now of every Memorial in play, by card, as the
// observation tells it (the rules count the armies in each owner's Cemetery).
func memorialStrengths(o *mak.Observation) map[mak.CardID]int {
	out := map[mak.CardID]int{}
	for _, city := range o.Cities {
		for _, pl := range city {
			if mak.KindOf(pl.Card) == mak.Memorial {
				out[pl.Card] = o.Strength(pl)
			}
		}
	}
	return out
}

// memorialGrowths lists the Memorials in play both before and after whose strength grew,
// in card order.
func memorialGrowths(before, after map[mak.CardID]int) []growth {
	var out []growth
	for c, to := range after {
		if from, ok := before[c]; ok && to > from {
			out = append(out, growth{card: c, from: from, to: to})
		}
	}
	slices.SortFunc(out, func(a, b growth) int { return int(a.card) - int(b.card) })
	return out
}

// growStep is the sequence's step in which the Memorials of gs grow, one after the
// other's log line, all together on the table.
func (t *Table) growStep(ctx *game.Context, gs []growth) table.Step {
	set := func(k float64) {
		for i := range t.fx.growths {
			t.fx.growths[i].progress = k
		}
	}
	return table.Step{
		Ticks: ctx.Frames(1.3),
		Start: func() {
			t.fx.growths = append([]growth(nil), gs...)
			for _, g := range gs {
				owner := t.ownerOf(g.card)
				t.log.Add(table.LogLine{Text: ctx.F("makiavelia.log.memorial", seatName(owner), g.to-g.from, g.to), Colour: seatColour(owner)})
			}
			ctx.Audio.Play(game.SoundStep)
		},
		Frame: set,
		End:   func() { set(1) },
	}
}

// diceTray is an attack's roll, shown by the City under attack.
type diceTray struct {
	attacker, target rules.Seat
	faces            []int
	hits             int
	rolling          int // ticks left rolling
	shown            int // ticks left on screen after rolling (refreshed while wounds are placed)
}

// flight is a card or a coin moving across the table.
type flight struct {
	card           mak.CardID // -1: a coin; -2: a card back
	from, to       scenes.Rect
	elapsed, ticks int
}

func (f *effects) tick() {
	f.ticks++
	for c, n := range f.flash {
		if n <= 1 {
			delete(f.flash, c)
		} else {
			f.flash[c] = n - 1
		}
	}
	if f.dice != nil {
		if f.dice.rolling > 0 {
			f.dice.rolling--
		} else if f.dice.shown > 0 {
			f.dice.shown--
		} else {
			f.dice = nil
		}
	}
	keep := f.flying[:0]
	for _, fl := range f.flying {
		fl.elapsed++
		if fl.elapsed < fl.ticks {
			keep = append(keep, fl)
		}
	}
	f.flying = keep
	if f.bannerFor > 0 {
		f.bannerFor--
	}
}

func (f *effects) flashCard(c mak.CardID, ticks int) {
	if f.flash == nil {
		f.flash = map[mak.CardID]int{}
	}
	if ticks > 0 {
		f.flash[c] = ticks
	}
}

func (f *effects) showBanner(s string, ticks int) {
	f.banner, f.bannerFor, f.bannerMax = s, ticks, ticks
}

// animate queues an event's animation, as the seat in view may see it (e), and its line
// in the log in the sequence.
func (t *Table) animate(ctx *game.Context, e mak.Event, line table.LogLine) {
	logIt := func() {
		if line.Text != "" {
			t.log.Add(line)
		}
	}
	step := table.Step{Start: logIt}
	switch e.Kind {
	case mak.EvAttack:
		step.Ticks = ctx.Frames(1.1)
		step.Start = func() {
			logIt()
			t.fx.dice = &diceTray{attacker: e.Seat, target: e.Target, faces: append([]int(nil), e.Dice...), hits: e.Hits,
				rolling: ctx.Frames(0.7), shown: ctx.Frames(2.5)}
			ctx.Audio.Play(game.SoundClick)
		}
	case mak.EvPlay, mak.EvHeal, mak.EvCancel:
		step.Ticks = ctx.Frames(0.45)
		c := e.Card
		if e.Kind == mak.EvHeal {
			c = e.TargetCard
		}
		step.Start = func() { logIt(); t.fx.flashCard(c, ctx.Frames(1.2)) }
	case mak.EvWound:
		step.Ticks = ctx.Frames(0.18)
		step.Start = func() { logIt(); t.fx.flashCard(e.TargetCard, ctx.Frames(0.8)) }
	case mak.EvBury:
		step.Ticks = ctx.Frames(0.35)
		step.Start = func() {
			logIt()
			if r, ok := t.lastRect(e.Card); ok {
				t.fx.flying = append(t.fx.flying, flight{card: e.Card, from: r, to: t.cemeteryRect(e.Seat), ticks: max(1, ctx.Frames(0.5))})
			}
		}
	case mak.EvCoin:
		step.Ticks = ctx.Frames(0.2)
		step.Start = func() {
			logIt()
			from := treasuryRect
			if e.Target != rules.NoSeat {
				from = t.purseRect(e.Target)
			}
			t.fx.flying = append(t.fx.flying, flight{card: -1, from: from, to: t.purseRect(e.Seat), ticks: max(1, ctx.Frames(0.6))})
		}
	case mak.EvDraw, mak.EvTake:
		step.Ticks = ctx.Frames(0.25)
		step.Start = func() {
			logIt()
			from := marketRect
			if e.Target != rules.NoSeat {
				from = t.reserveRect(e.Target)
			}
			t.fx.flying = append(t.fx.flying, flight{card: -2, from: from, to: t.reserveRect(e.Seat), ticks: max(1, ctx.Frames(0.45))})
		}
	case mak.EvRound:
		step.Ticks = ctx.Frames(0.9)
		step.Start = func() { logIt(); t.fx.showBanner(ctx.F("makiavelia.banner.round", e.Value), ctx.Frames(1.4)) }
	case mak.EvVictory:
		step.Ticks = ctx.Frames(0.9)
		step.Start = func() {
			logIt()
			t.fx.showBanner(ctx.F(victoryKey("makiavelia.banner.victory", e.Seats), seatList(e.Seats), e.Value), ctx.Frames(1.6))
		}
	case mak.EvTie:
		step.Ticks = ctx.Frames(0.9)
		step.Start = func() { logIt(); t.fx.showBanner(ctx.F("makiavelia.banner.tie", e.Value), ctx.Frames(1.6)) }
	case mak.EvRegime, mak.EvPropose:
		step.Ticks = ctx.Frames(0.4)
	case mak.EvTurn:
		step.Ticks = ctx.Frames(0.15)
	}
	t.seq.Add(step)
}
