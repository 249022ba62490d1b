package machiavelli

import (
	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	"principe/rules"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// gameEnd is a finished game of a longer match, shown over the table until the player
// goes on to the next game.
type gameEnd struct {
	ev    mach.GameEndEvent
	last  bool
	ticks int
}

var nextGameButton = scenes.Rect{X: 520, Y: 620, W: 240, H: 50}

func (t *Table) updateGameEnd(ctx *game.Context) {
	x, y := ctx.Input.Cursor()
	t.ending.ticks++
	// A table of AI seats goes on by itself after a pause.
	auto := t.priv.HumanCount() == 0 && t.ending.ticks > ctx.Frames(3)
	if auto || (ctx.Input.Clicked() && nextGameButton.Contains(x, y)) || ctx.Input.Confirm() {
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
		t.ending = nil
		if !t.seq.Busy() {
			t.atRest()
		}
	}
}

func (t *Table) drawGameEnd(p scenes.Painter, ctx *game.Context) {
	p.Rect(0, 0, screenW, screenH, scenes.Fade(scenes.Ink, 0.55))
	r := scenes.Rect{X: 120, Y: 60, W: 1040, H: 630}
	table.DrawPanel(p, r)
	drawScores(p, ctx, t, t.ending.ev, 90)
	x, y := ctx.Input.Cursor()
	scenes.DrawButton(p, nextGameButton, ctx.T("machiavelli.next_game"), boolGlow(nextGameButton.Contains(x, y)), true)
}

func boolGlow(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// drawScores draws a game's scores from top: the headline, then one row per seat with
// its house, the cards left in its hand, the game's score and the match total.
func drawScores(p scenes.Painter, ctx *game.Context, t *Table, ev mach.GameEndEvent, top float64) {
	const cx = screenW / 2
	head := ctx.F("machiavelli.results.game", ev.Game, t.names(ctx, ev.Winners))
	if len(ev.Winners) == 0 {
		head = ctx.F("machiavelli.log.game_draw", ev.Game)
	}
	p.TextMiddle(head, scenes.Font{Style: scenes.FontHeading.Style, Size: 34}, cx, top+20, scenes.Center, scenes.CrimsonDeep)
	unit := "machiavelli.results.points"
	if t.cfg.Options.Scoring == mach.ScoreCards {
		unit = "machiavelli.results.cards"
	}
	hdr := scenes.Font{Style: assets.FontItalic, Size: 15}
	y0 := top + 58
	p.Text(ctx.T("machiavelli.results.house"), hdr, 170, y0, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T("machiavelli.results.left"), hdr, 360, y0, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T(unit), hdr, 930, y0, scenes.Center, scenes.InkSoft)
	p.Text(ctx.T("machiavelli.results.total"), hdr, 1040, y0, scenes.Center, scenes.InkSoft)
	n := len(ev.Scores)
	rowH := min(56.0, (480-float64(n))/float64(n))
	for seat := 0; seat < n; seat++ {
		y := y0 + 26 + float64(seat)*rowH
		won := false
		for _, w := range ev.Winners {
			won = won || w == seat
		}
		if won {
			p.RoundRect(160, y-4, 960, rowH-4, 8, scenes.Fade(scenes.GoldLight, 0.5))
		}
		table.DrawMarker(p, 178, y+rowH/2-4, 8, 0, seatColours[seat%len(seatColours)])
		p.TextMiddle(t.seatName(ctx, seat), scenes.Font{Style: assets.FontBold, Size: 18}, 194, y+rowH/2-4, scenes.Left, scenes.Ink)
		if seat < len(ev.Hands) {
			hand := ev.Hands[seat]
			w := min(40.0, rowH*0.62)
			step := min(w*0.62, 520/float64(max(1, len(hand))))
			for i, c := range hand {
				drawCard(p, c, 360+float64(i)*step, y, w, w*cardAspect, 0, t.prefs.FourColour, nil)
			}
			if len(hand) == 0 {
				p.TextMiddle(ctx.T("machiavelli.results.out"), scenes.Font{Style: assets.FontItalic, Size: 15}, 360, y+rowH/2-4, scenes.Left, scenes.InkSoft)
			}
		}
		p.TextMiddle(itoa(ev.Scores[seat]), scenes.Font{Style: assets.FontBold, Size: 19}, 930, y+rowH/2-4, scenes.Center, scenes.Ink)
		if seat < len(ev.Totals) {
			p.TextMiddle(itoa(ev.Totals[seat]), scenes.Font{Style: assets.FontBold, Size: 19}, 1040, y+rowH/2-4, scenes.Center, scenes.Ink)
		}
	}
}

// Results is the end of the match: the last game's hands and scores, the match totals,
// and play again or back to the title.
type Results struct {
	t     *Table
	ev    mach.GameEndEvent
	match mach.MatchEndEvent
	focus scenes.FocusList
	tick  int
}

// Results' buttons.
var (
	againButton = scenes.Rect{X: 380, Y: 640, W: 240, H: 52}
	menuButton  = scenes.Rect{X: 660, Y: 640, W: 240, H: 52}
)

// newResults builds the results from the match's last events (from the record's
// replay, so they are the rules' own).
func newResults(ctx *game.Context, t *Table) *Results {
	r := &Results{t: t}
	r.ev, r.match = lastEnd(t.m)
	r.focus.Items = []scenes.Item{{Rect: againButton, Enabled: true, Column: 0}, {Rect: menuButton, Enabled: true, Column: 1}}
	r.focus.Columns = true
	ctx.Audio.Play(game.SoundWin)
	return r
}

// lastEnd finds the last game's end and the match's end by replaying the record.
func lastEnd(m *play.Match) (mach.GameEndEvent, mach.MatchEndEvent) {
	var ge mach.GameEndEvent
	var me mach.MatchEndEvent
	rec := m.Record()
	g, _ := rules.Lookup(rec.Game)
	s, err := g.NewState(rec.Options, rec.Seed)
	if err != nil {
		return ge, me
	}
	for _, a := range rec.Actions {
		act, err := g.DecodeAction(a.Action)
		if err != nil {
			break
		}
		ev, err := s.Apply(rules.Seat(a.Seat), act)
		if err != nil {
			break
		}
		for _, e := range ev {
			switch e := e.(type) {
			case mach.GameEndEvent:
				ge = e
			case mach.MatchEndEvent:
				me = e
			}
		}
	}
	return ge, me
}

// Update implements game.Scene.
func (r *Results) Update(ctx *game.Context) error {
	r.tick++
	switch r.focus.Update(ctx) {
	case 0:
		t, err := NewTable(ctx, Config{Options: r.t.cfg.Options, Players: r.t.cfg.Players, Seed: r.t.cfg.Seed + 1, NoHints: r.t.cfg.NoHints})
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
	const cx = screenW / 2
	banner := scenes.Crimson
	head := ctx.T("machiavelli.log.match_draw")
	if len(r.match.Winners) > 0 {
		banner = seatColours[r.match.Winners[0]%len(seatColours)]
		head = ctx.F("machiavelli.results.winner", r.t.names(ctx, r.match.Winners))
		if r.t.cfg.Options.Games == 1 {
			head = ctx.F("machiavelli.results.winner_game", r.t.names(ctx, r.match.Winners))
		}
	}
	p.RoundRect(cx-320, 30, 640, 64, 14, banner)
	p.StrokeRoundRect(cx-320, 30, 640, 64, 14, 3, scenes.Gold)
	f := scenes.Font{Style: scenes.FontHeading.Style, Size: 38}
	for f.Width(head) > 600 && f.Size > 20 {
		f.Size--
	}
	p.TextMiddle(head, f, cx, 62, scenes.Center, scenes.Parchment)
	sub := rulesLabel(ctx, r.t.cfg.Options)
	if r.t.cfg.NoHints {
		sub += " · " + ctx.T("machiavelli.no_hints")
	}
	p.Text(sub, scenes.Font{Style: assets.FontItalic, Size: 17}, cx, 100, scenes.Center, scenes.InkSoft)
	drawScores(p, ctx, r.t, r.ev, 118)
	scenes.DrawButton(p, againButton, ctx.T("machiavelli.again"), r.focus.Glow(0), true)
	scenes.DrawButton(p, menuButton, ctx.T("machiavelli.to_menu"), r.focus.Glow(1), true)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
