package makiavelia

import (
	"fmt"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	"principe/rules"
	mak "principe/rules/makiavelia"
	"principe/scenes"
	"principe/scenes/table"
)

// Results is the end of a game: every player's coins turned face up with their total,
// the winner, and the round-by-round power chart.
type Results struct {
	cfg     Config
	players []play.Player
	obs     *mak.Observation
	rounds  []roundLog
	winners []rules.Seat
	focus   scenes.FocusList
}

// ResultsButtonRect is where the results' buttons are: 0 play again, 1 menu.
func ResultsButtonRect(i int) scenes.Rect {
	return scenes.Rect{X: 870 + float64(i)*180, Y: 632, W: 165, H: 50}
}

func newResults(ctx *game.Context, t *Table) *Results {
	o := t.m.State().Observe(rules.NoSeat).(*mak.Observation)
	r := &Results{cfg: t.cfg, players: t.m.Players(), obs: o, rounds: t.rounds, winners: o.Winners}
	for i := 0; i < 2; i++ {
		r.focus.Items = append(r.focus.Items, scenes.Item{Rect: ResultsButtonRect(i), Enabled: true, Column: i})
	}
	r.focus.Columns = true
	return r
}

// Update implements game.Scene.
func (r *Results) Update(ctx *game.Context) error {
	if ctx.Input.Back() {
		ctx.Pop()
		return nil
	}
	switch r.focus.Update(ctx) {
	case 0:
		cfg := r.cfg
		cfg.Seed = r.cfg.Seed + 1
		t, err := NewTable(ctx, cfg)
		if err != nil {
			ctx.Notice(err.Error())
			return nil
		}
		ctx.Replace(t)
	case 1:
		ctx.Pop()
	}
	return nil
}

// Draw implements game.Scene.
func (r *Results) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	head := ctx.F("makiavelia.results.winner", seatList(r.winners))
	if len(r.winners) > 1 {
		head = ctx.F("makiavelia.results.winners", seatList(r.winners))
	}
	p.Spaced(head, scenes.Font{Style: assets.FontSmallCaps, Size: 38}, game.LogicalWidth/2, 40, 3, scenes.Crimson)
	p.Text(ctx.F("makiavelia.results.rounds", r.obs.Round), scenes.FontLine, game.LogicalWidth/2, 92, scenes.Center, scenes.InkSoft)
	// Treasures, richest first.
	order := make([]int, r.obs.Players)
	for i := range order {
		order[i] = i
	}
	value := func(i int) int {
		if i < len(r.obs.Revealed) {
			return r.obs.Revealed[i]
		}
		return 0
	}
	sort.SliceStable(order, func(a, b int) bool { return value(order[a]) > value(order[b]) })
	box := scenes.Rect{X: 60, Y: 130, W: 560, H: 560}
	table.DrawPanel(p, box)
	p.Text(ctx.T("makiavelia.results.treasures"), fontTitle, box.X+16, box.Y+10, scenes.Left, scenes.CrimsonDeep)
	rowH := math.Min(64, (box.H-50)/float64(len(order)))
	for k, i := range order {
		y := box.Y + 42 + float64(k)*rowH
		seat := rules.Seat(i)
		won := false
		for _, w := range r.winners {
			won = won || w == seat
		}
		if won {
			p.Rect(box.X+8, y-2, box.W-16, rowH-4, scenes.Fade(scenes.GoldLight, 0.55))
		}
		p.Circle(box.X+24, y+12, 8, seatColour(seat))
		p.TextMiddle(seatName(seat), fontName, box.X+38, y+12, scenes.Left, scenes.Ink)
		p.TextMiddle(whoLabel(ctx, r.players[i]), fontItal, box.X+38, y+30, scenes.Left, scenes.InkSoft)
		p.TextMiddle(fmt.Sprint(value(i)), scenes.Font{Style: assets.FontBold, Size: 24}, box.X+box.W-24, y+16, scenes.Right, scenes.CrimsonDeep)
		if i < len(r.obs.Treasures) {
			coins := append([]mak.CoinID(nil), r.obs.Treasures[i]...)
			sort.Slice(coins, func(a, b int) bool { return mak.CoinValue(coins[a]) > mak.CoinValue(coins[b]) })
			for j, c := range coins {
				if j >= 16 {
					p.TextMiddle(fmt.Sprintf("+%d", len(coins)-16), fontSmall, box.X+160+16*20, y+12, scenes.Left, scenes.Ink)
					break
				}
				drawCoin(p, box.X+170+float64(j)*20, y+12, 9, mak.CoinValue(c), false)
			}
		}
	}
	r.drawChart(p, ctx, scenes.Rect{X: 650, Y: 130, W: 570, H: 490})
	keys := []string{"table.again", "table.to_menu"}
	for i, k := range keys {
		scenes.DrawButton(p, ResultsButtonRect(i), ctx.T(k), r.focus.Glow(i), true)
	}
}

// drawChart draws each player's power round by round: who led when.
func (r *Results) drawChart(p scenes.Painter, ctx *game.Context, box scenes.Rect) {
	table.DrawPanel(p, box)
	p.Text(ctx.T("makiavelia.results.chart"), fontTitle, box.X+16, box.Y+10, scenes.Left, scenes.CrimsonDeep)
	var rounds []roundLog
	for _, rl := range r.rounds {
		if rl.Power != nil {
			rounds = append(rounds, rl)
		}
	}
	plot := scenes.Rect{X: box.X + 44, Y: box.Y + 44, W: box.W - 64, H: box.H - 110}
	top := 1
	for _, rl := range rounds {
		for _, v := range rl.Power {
			top = max(top, v)
		}
	}
	p.Line(plot.X, plot.Y, plot.X, plot.Y+plot.H, 1, scenes.Ink)
	p.Line(plot.X, plot.Y+plot.H, plot.X+plot.W, plot.Y+plot.H, 1, scenes.Ink)
	for v := 0; v <= top; v += max(1, top/5) {
		y := plot.Y + plot.H - float64(v)/float64(top)*plot.H
		p.Line(plot.X, y, plot.X+plot.W, y, 0.5, scenes.Fade(scenes.InkFaded, 0.5))
		p.TextMiddle(fmt.Sprint(v), fontTiny, plot.X-6, y, scenes.Right, scenes.InkSoft)
	}
	if len(rounds) == 0 {
		return
	}
	xOf := func(i int) float64 {
		if len(rounds) == 1 {
			return plot.X + plot.W/2
		}
		return plot.X + float64(i)/float64(len(rounds)-1)*plot.W
	}
	for i, rl := range rounds {
		if len(rounds) <= 20 || i%2 == 0 {
			p.Text(fmt.Sprint(rl.Round), fontTiny, xOf(i), plot.Y+plot.H+4, scenes.Center, scenes.InkSoft)
		}
	}
	for q := 0; q < r.obs.Players; q++ {
		c := seatColour(rules.Seat(q))
		for i := 1; i < len(rounds); i++ {
			if q >= len(rounds[i].Power) || q >= len(rounds[i-1].Power) {
				continue
			}
			y0 := plot.Y + plot.H - float64(rounds[i-1].Power[q])/float64(top)*plot.H
			y1 := plot.Y + plot.H - float64(rounds[i].Power[q])/float64(top)*plot.H
			p.Line(xOf(i-1), y0, xOf(i), y1, 2, c)
		}
		// Mark the rounds this player led.
		for i, rl := range rounds {
			if q < len(rl.Power) && leads(rl.Power, q) {
				y := plot.Y + plot.H - float64(rl.Power[q])/float64(top)*plot.H
				p.Circle(xOf(i), y, 3.5, c)
			}
		}
	}
	// Legend.
	for q := 0; q < r.obs.Players; q++ {
		x := box.X + 20 + float64(q%4)*136
		y := box.Y + box.H - 44 + float64(q/4)*20
		p.Rect(x, y+6, 14, 4, seatColour(rules.Seat(q)))
		p.Text(seatName(rules.Seat(q)), fontSmall, x+18, y, scenes.Left, scenes.Ink)
	}
}

func leads(power []int, q int) bool {
	for i, v := range power {
		if i != q && v >= power[q] {
			return false
		}
	}
	return true
}
