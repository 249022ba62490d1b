package makiavelia

import (
	"fmt"

	"principe/game"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// Overlays over the table.
const (
	overlayNone = iota
	overlayCemetery
	overlayHistory
)

// overlay is a panel opened over the table: a Cemetery, or the regime history. A
// click anywhere closes it.
type overlay struct {
	kind int
	seat rules.Seat
}

var overlayRect = scenes.Rect{X: 140, Y: 90, W: 1000, H: 540}

// update handles the overlay (and opening a Cemetery from its chip); it reports
// whether it took the input.
func (o *overlay) update(ctx *game.Context, t *Table) bool {
	if o.kind != overlayNone {
		if ctx.Input.Clicked() || ctx.Input.Back() || ctx.Input.Confirm() {
			ctx.Input.UseClick()
			o.kind = overlayNone
		}
		return true
	}
	if !ctx.Input.Clicked() {
		return false
	}
	x, y := ctx.Input.Cursor()
	for i := 0; i < t.obs.Players; i++ {
		s := rules.Seat(i)
		if t.cemeteryRect(s).Contains(x, y) {
			ctx.Input.UseClick()
			ctx.Audio.Play(game.SoundClick)
			*o = overlay{kind: overlayCemetery, seat: s}
			return true
		}
	}
	return false
}

func (o *overlay) draw(p scenes.Painter, ctx *game.Context, t *Table) {
	if o.kind == overlayNone {
		return
	}
	p.Rect(0, 0, game.LogicalWidth, game.LogicalHeight, scenes.Fade(scenes.Ink, 0.45))
	r := overlayRect
	table.DrawPanel(p, r)
	switch o.kind {
	case overlayCemetery:
		cards := t.obs.Cemeteries[o.seat]
		size := t.obs.CemeterySizes[o.seat]
		p.Text(ctx.F("makiavelia.cemetery.title", seatName(o.seat), size), fontTitle, r.X+20, r.Y+16, scenes.Left, scenes.CrimsonDeep)
		switch {
		case size == 0:
			p.Text(ctx.T("makiavelia.cemetery.empty"), fontItal, r.X+20, r.Y+50, scenes.Left, scenes.InkSoft)
		case len(cards) == 0:
			// Face down: the others' Cemeteries show only their size.
			p.Text(ctx.T("makiavelia.cemetery.facedown"), fontItal, r.X+20, r.Y+50, scenes.Left, scenes.InkSoft)
			area := scenes.Rect{X: r.X + 20, Y: r.Y + 80, W: r.W - 40, H: r.H - 120}
			for _, rr := range cardGrid(area, size, 120) {
				table.DrawCardBack(p, rr.X, rr.Y, rr.W, rr.H, 0)
			}
		}
		area := scenes.Rect{X: r.X + 20, Y: r.Y + 50, W: r.W - 40, H: r.H - 90}
		for i, rr := range cardGrid(area, len(cards), 150) {
			drawCard(p, ctx, mak.KindOf(cards[i]), rr.X, rr.Y, rr.W, rr.H)
		}
	case overlayHistory:
		p.Text(ctx.T("makiavelia.history.title"), fontTitle, r.X+20, r.Y+16, scenes.Left, scenes.CrimsonDeep)
		y := r.Y + 50
		rounds := t.rounds
		if len(rounds) > 22 {
			rounds = rounds[len(rounds)-22:]
		}
		for _, rl := range rounds {
			if rl.Power == nil {
				continue
			}
			s := ctx.F("makiavelia.history.round", rl.Round)
			p.Text(s, fontName, r.X+20, y, scenes.Left, scenes.Ink)
			x := r.X + 130
			for _, rg := range rl.Regimes {
				drawJoined(p, rg, x+8, y+9)
				x += float64(len(rg.Members))*18 + 6
				p.Text(regimeWords(&rg), fontSmall, x, y+1, scenes.Left, scenes.Ink)
				x += fontSmall.Width(regimeWords(&rg)) + 14
			}
			var got []string
			for q, n := range rl.Earned {
				if n > 0 {
					got = append(got, fmt.Sprintf("%s +%d", seatName(rules.Seat(q)), n))
				}
			}
			res := ctx.T("makiavelia.history.nobody")
			switch {
			case rl.Tie:
				res = ctx.T("makiavelia.history.tie")
			case len(got) > 0:
				res = joinShort(got)
			}
			p.Text(res, fontSmall, r.X+r.W-20, y+1, scenes.Right, scenes.CrimsonDeep)
			y += 21
		}
	}
	p.Text(ctx.T("makiavelia.overlay.close"), fontItal, r.X+r.W/2, r.Y+r.H-28, scenes.Center, scenes.InkSoft)
}
