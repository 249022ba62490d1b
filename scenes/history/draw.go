package history

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	hist "principe/game/history"
	"principe/game/play"
	"principe/scenes"
	"principe/scenes/table"
)

// Draw implements game.Scene.
func (h *History) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	const cx = game.LogicalWidth / 2
	p.Spaced(ctx.T("history.title"), scenes.FontHeading, cx, 26, 6, scenes.Crimson)
	line := ctx.T("history.line")
	if h.file != "" {
		line = ctx.F("history.file", h.file)
	}
	if len(h.problems) > 0 {
		pr := h.problems[0]
		line = ctx.F("history.problem", pr.Name, pr.Reason)
		f := scenes.Font{Style: scenes.FontLine.Style, Size: 15}
		for r := []rune(line); f.Width(line) > 1100 && len(r) > 20; line = string(r) + "…" {
			r = r[:len(r)-3]
		}
		p.Text(line, f, cx, 89, scenes.Center, scenes.Crimson)
	} else {
		p.Text(line, scenes.Font{Style: scenes.FontLine.Style, Size: 16}, cx, 88, scenes.Center, scenes.InkSoft)
	}
	labels := []string{ctx.T("history.filter.all")}
	for _, id := range game.GameOrder {
		labels = append(labels, ctx.T("game."+id+".name"))
	}
	table.DrawSegments(p, scenes.Rect{X: 50, Y: 116, W: 790, H: 40}, labels, h.filter, 0)
	h.drawList(p, ctx)
	h.drawStats(p, ctx)
	keys := [numButtons]string{"history.watch", "history.export", "history.abandon", "history.back"}
	enabled := h.enabled()
	for b := 0; b < numButtons; b++ {
		label := ctx.T(keys[b])
		if b == ButtonAbandon && h.confirm {
			label = ctx.T("history.abandon.sure")
		}
		scenes.DrawButton(p, ButtonRect(b), label, h.glow[b], enabled[b])
	}
	hint := ctx.T("history.hint")
	p.Text(hint, scenes.Font{Style: scenes.FontLine.Style, Size: 14}, statsRect.X+statsRect.W/2, 634, scenes.Center, scenes.InkSoft)
	p.Text(ctx.T("history.keys"), scenes.Font{Style: scenes.FontSmall.Style, Size: 13}, statsRect.X+statsRect.W/2, 658, scenes.Center, scenes.InkFaded)
}

func (h *History) drawList(p scenes.Painter, ctx *game.Context) {
	r := listRect
	table.DrawPanel(p, r)
	head := scenes.Font{Style: "bold", Size: 14}
	p.Text(ctx.T("history.col.date"), head, r.X+20, r.Y+14, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T("history.col.game"), head, r.X+168, r.Y+14, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T("history.col.players"), head, r.X+326, r.Y+14, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T("history.col.result"), head, r.X+r.W-20, r.Y+14, scenes.Right, scenes.InkSoft)
	p.Line(r.X+14, listTop-6, r.X+r.W-14, listTop-6, 1, scenes.Fade(scenes.GoldDeep, 0.7))
	if len(h.shown) == 0 {
		msg := ctx.T("history.empty")
		if h.loadErr != nil {
			msg = ctx.F("history.unreadable", h.loadErr)
		}
		p.Paragraph(msg, scenes.Font{Style: "italic", Size: 18}, r.X+60, r.Y+150, r.W-120, 26, scenes.InkSoft)
		return
	}
	for i := 0; i < rowsShow && h.top+i < len(h.shown); i++ {
		h.drawRow(p, ctx, RowRect(i), h.shown[h.top+i], h.top+i == h.sel)
	}
	// The scroll bar.
	if n := len(h.shown); n > rowsShow {
		track := scenes.Rect{X: r.X + r.W - 8, Y: listTop, W: 4, H: rowH * rowsShow}
		p.RoundRect(track.X, track.Y, track.W, track.H, 2, scenes.Fade(scenes.ParchmentDark, 0.9))
		hgt := track.H * float64(rowsShow) / float64(n)
		y := track.Y + (track.H-hgt)*float64(h.top)/float64(n-rowsShow)
		p.RoundRect(track.X, y, track.W, hgt, 2, scenes.GoldDeep)
	}
}

func (h *History) drawRow(p scenes.Painter, ctx *game.Context, r scenes.Rect, e *hist.Entry, sel bool) {
	if sel {
		p.RoundRect(r.X, r.Y, r.W, r.H, 8, scenes.Fade(scenes.GoldLight, 0.55))
		p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 8, 1.5, scenes.Crimson)
	} else {
		p.Line(r.X+8, r.Y+r.H+2, r.X+r.W-8, r.Y+r.H+2, 0.8, scenes.Fade(scenes.GoldDeep, 0.35))
	}
	regular := scenes.Font{Style: "regular", Size: 15}
	small := scenes.Font{Style: "italic", Size: 13}
	if e.Ended.IsZero() {
		p.Text("—", regular, r.X+12, r.Y+8, scenes.Left, scenes.Ink)
	} else {
		t := e.Ended.Local()
		p.Text(t.Format("2006-01-02"), regular, r.X+12, r.Y+7, scenes.Left, scenes.Ink)
		p.Text(t.Format("15:04"), small, r.X+12, r.Y+28, scenes.Left, scenes.InkSoft)
	}
	drawSmallEmblem(p, e.Game, r.X+138, r.Y+r.H/2)
	p.Text(ctx.T("game."+e.Game+".name"), scenes.Font{Style: "bold", Size: 16}, r.X+160, r.Y+7, scenes.Left, scenes.Ink)
	p.Text(length(ctx, e), small, r.X+160, r.Y+28, scenes.Left, scenes.InkSoft)
	players := playersLine(ctx, e)
	pf := scenes.Font{Style: "regular", Size: 13}
	lines := scenes.Wrap(players, pf, 310)
	for k, l := range lines {
		if k == 2 {
			break
		}
		if k == 1 && len(lines) > 2 {
			l += " …"
		}
		p.Text(l, pf, r.X+318, r.Y+6+float64(k)*19, scenes.Left, scenes.Ink)
	}
	res, c := result(ctx, e)
	line := winnersLine(ctx, e)
	if e == h.current {
		res, c, line = ctx.T("history.result.in_progress"), scenes.Crimson, ctx.T("history.winner.in_progress")
	}
	p.Text(res, scenes.Font{Style: "bold", Size: 15}, r.X+r.W-12, r.Y+7, scenes.Right, c)
	p.Text(line, small, r.X+r.W-12, r.Y+28, scenes.Right, scenes.InkSoft)
}

// drawSmallEmblem draws the game's title emblem at half its size, centred on (cx, cy).
func drawSmallEmblem(p scenes.Painter, id string, cx, cy float64) {
	const k = 0.5
	q := p
	q.S = p.S * k
	q.OX = cx - (cx-p.OX)/k
	q.OY = cy - (cy-p.OY)/k
	scenes.DrawEmblem(q, id, cx, cy, false)
}

// seatName is what a seat was called: its family's name, or "Seat N".
func seatName(ctx *game.Context, e *hist.Entry, seat int) string {
	if seat >= 0 && seat < len(e.Names) {
		return e.Names[seat]
	}
	if n := hist.SeatName(e.Game, seat); n != "" {
		return n
	}
	return ctx.F("history.seat", seat+1)
}

// playerLabel says who played a seat: a person, an AI of some level, the rules.
func playerLabel(ctx *game.Context, p play.Player) string {
	switch p.Kind {
	case play.Human:
		return ctx.T("history.kind.human")
	case play.Auto:
		return ctx.T("history.kind.auto")
	}
	switch p.Level {
	case "easy", "normal", "hard":
		return ctx.F("history.kind.ai", ctx.T("history.level."+p.Level))
	}
	if p.Bot != "" {
		return ctx.F("history.kind.ai", p.Bot)
	}
	return ctx.T("history.kind.computer")
}

func playersLine(ctx *game.Context, e *hist.Entry) string {
	parts := make([]string, len(e.Players))
	for i, pl := range e.Players {
		parts[i] = seatName(ctx, e, i) + " " + playerLabel(ctx, pl)
	}
	return strings.Join(parts, " · ")
}

func length(ctx *game.Context, e *hist.Entry) string {
	if e.Rounds > 0 {
		return ctx.F("history.length", e.Rounds, e.Moves())
	}
	return ctx.F("history.length.moves", e.Moves())
}

func result(ctx *game.Context, e *hist.Entry) (string, color.RGBA) {
	switch {
	case e.Abandoned:
		return ctx.T("history.result.abandoned"), scenes.InkFaded
	case len(e.Humans()) == 0:
		return ctx.T("history.result.watched"), scenes.InkSoft
	case e.Won():
		if sc, ok := e.Score(); ok {
			return ctx.F("history.result.score", sc), scenes.Crimson
		}
		return ctx.T("history.result.won"), scenes.Crimson
	}
	return ctx.T("history.result.lost"), scenes.Ink
}

func winnersLine(ctx *game.Context, e *hist.Entry) string {
	if e.Abandoned {
		return ctx.T("history.winner.unfinished")
	}
	if len(e.Winners) == 0 {
		return ctx.T("history.winner.none")
	}
	var names []string
	for _, w := range e.Winners {
		names = append(names, seatName(ctx, e, w))
	}
	return ctx.F("history.winner", strings.Join(names, " & "))
}

func (h *History) drawStats(p scenes.Painter, ctx *game.Context) {
	r := statsRect
	table.DrawPanel(p, r)
	g := filterGame(h.filter)
	title := ctx.T("history.stats.all")
	if g != "" {
		title = ctx.F("history.stats.game", ctx.T("game."+g+".name"))
	}
	p.Text(title, scenes.Font{Style: "smallcaps", Size: 22}, r.X+r.W/2, r.Y+12, scenes.Center, scenes.CrimsonDeep)
	var st hist.Stats
	st.Against = map[string]hist.Versus{}
	for _, s := range h.stats {
		st.Played += s.Played
		st.Finished += s.Finished
		st.Abandoned += s.Abandoned
		st.Won += s.Won
		for l, v := range s.Against {
			w := st.Against[l]
			w.Played += v.Played
			w.Won += v.Won
			st.Against[l] = w
		}
	}
	f := scenes.Font{Style: "regular", Size: 16}
	b := scenes.Font{Style: "bold", Size: 16}
	y := r.Y + 52
	row := func(label, value string) {
		p.Text(label, f, r.X+22, y, scenes.Left, scenes.Ink)
		p.Text(value, b, r.X+r.W-22, y, scenes.Right, scenes.Ink)
		y += 26
	}
	row(ctx.T("history.stats.played"), fmt.Sprint(st.Played))
	row(ctx.T("history.stats.finished"), fmt.Sprint(st.Finished))
	row(ctx.T("history.stats.won"), percent(st.Won, st.Finished))
	row(ctx.T("history.stats.abandoned"), fmt.Sprint(st.Abandoned))
	y += 6
	p.Text(ctx.T("history.stats.against"), scenes.Font{Style: "bold", Size: 14}, r.X+22, y, scenes.Left, scenes.InkSoft)
	y += 24
	for _, l := range hist.Levels {
		v := st.Against[l]
		row(ctx.F("history.kind.ai", ctx.T("history.level."+l)), ctx.F("history.stats.won_of", v.Won, v.Played))
	}
	if g == "" || g == "niccolo" {
		y += 6
		p.Text(ctx.T("history.stats.best"), scenes.Font{Style: "bold", Size: 14}, r.X+22, y, scenes.Left, scenes.InkSoft)
		y += 24
		best := h.stats["niccolo"]
		if best == nil || len(best.Best) == 0 {
			p.Text(ctx.T("history.stats.best.none"), scenes.Font{Style: "italic", Size: 15}, r.X+22, y, scenes.Left, scenes.InkSoft)
			return
		}
		for i, s := range best.Best {
			if i == 3 {
				break
			}
			p.Text(fmt.Sprintf("%d.  %g", i+1, s.Score), b, r.X+22, y, scenes.Left, scenes.Ink)
			p.Text(s.Entry.Ended.Local().Format("2006-01-02"), f, r.X+r.W-22, y, scenes.Right, scenes.InkSoft)
			y += 24
		}
	}
}

func percent(n, of int) string {
	if of == 0 {
		return "—"
	}
	return fmt.Sprintf("%d  (%d%%)", n, (100*n+of/2)/of)
}
