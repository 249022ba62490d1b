package intrigo

import (
	"sort"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// Results is the end of a game: the purses, each seat's record of promises, the winners.
type Results struct {
	panel   table.Results
	winners []rules.Seat
}

func newResults(ctx *game.Context, s *ig.State, players []play.Player) *Results {
	o := s.Outcome()
	tb := &s.Observe(rules.NoSeat).(*ig.Observation).Table
	r := &Results{winners: o.Winners}
	var names []string
	for _, w := range o.Winners {
		names = append(names, seatName(ctx, w))
	}
	if len(names) == 1 {
		r.panel.Headline = ctx.F("intrigo.results.wins", names[0])
	} else {
		r.panel.Headline = ctx.F("intrigo.results.share", joinAnd(ctx, names))
	}
	r.panel.Subline = ctx.T("intrigo.results.line")
	r.panel.Header = []string{ctx.T("intrigo.results.seat"), ctx.T("intrigo.results.purse"), ctx.T("intrigo.results.income"), ctx.T("intrigo.results.kept"), ctx.T("intrigo.results.broken"), ctx.T("intrigo.results.pending")}
	order := make([]int, len(o.Scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return o.Scores[order[a]] > o.Scores[order[b]] })
	for _, i := range order {
		seat := rules.Seat(i)
		who := ctx.T("intrigo.seat.human")
		if i < len(players) && players[i].Kind == play.AI {
			who = ctx.F("intrigo.seat.ai", ctx.T("intrigo.level."+players[i].Level))
		}
		rep := tb.Reputation(seat)
		r.panel.Rows = append(r.panel.Rows, []string{
			seatName(ctx, seat) + " — " + who,
			ducats(ctx, int(o.Scores[i])),
			ducats(ctx, tb.Income(seat)),
			itoa(rep.Kept), itoa(rep.Broken), itoa(rep.Pending),
		})
		win := false
		for _, w := range o.Winners {
			win = win || w == seat
		}
		r.panel.Marked = append(r.panel.Marked, win)
	}
	r.panel.Buttons = [2]string{ctx.T("intrigo.results.again"), ctx.T("intrigo.results.menu")}
	return r
}

func itoa(n int) string { return strconv.Itoa(n) }

// Update implements game.Scene.
func (r *Results) Update(ctx *game.Context) error {
	switch r.panel.Update(ctx) {
	case 0:
		s, err := NewSetup(ctx)
		if err != nil {
			return err
		}
		ctx.Replace(s)
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
	banner := scenes.Crimson
	if len(r.winners) == 1 {
		banner = scenes.Mix(seatColour(r.winners[0]), scenes.Ink, 0.25)
		if r.winners[0] == 2 {
			banner = scenes.Mix(seatColour(2), scenes.Ink, 0.55)
		}
	}
	r.panel.Draw(p, banner)
	for i, w := range r.winners {
		drawAdvisor(p, w, ig.AdvisorType(i%ig.Types), 300-float64(i)*40, 112, 22, 0, 1)
	}
}
