package history

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"principe/game"
	hist "principe/game/history"
	"principe/game/play"
	"principe/rules"
	"principe/scenes"
	"principe/scenes/table"
)

// Speeds are the replay's speeds: how many table updates run per tick.
var Speeds = []int{1, 2, 4, 8}

// Replay plays a game back in its own table scene: it holds a table built by the game's
// table.ReplayFactory around a play.NewReplay match, lets the match take the record's
// actions (Match.Allow) as play, pause and the step buttons say, and draws its controls
// over the strip the table leaves for them. Seeking back rebuilds the table from the record.
type Replay struct {
	entry   *hist.Entry
	factory table.ReplayFactory
	m       *play.Match
	tbl     table.ReplayTable
	view    table.ReplayView
	playing bool
	speed   int   // index into Speeds
	rounds  []int // rounds[k] is the round after k actions
	hover   int   // control under the cursor, -1 none
}

// Controls of the replay bar, in order.
const (
	CtlStart = iota
	CtlBack
	CtlPlay
	CtlForward
	CtlEnd
	CtlSpeed
	CtlRoundBack
	CtlRoundForward
	CtlView
	numCtl
)

// NewReplay opens a game of the history in the replay, at its start, playing.
func NewReplay(ctx *game.Context, e *hist.Entry) (*Replay, error) {
	f, ok := table.LookupReplay(e.Game)
	if !ok {
		return nil, fmt.Errorf("%s", ctx.F("history.notice.no_replay", ctx.T("game."+e.Game+".name")))
	}
	r := &Replay{entry: e, factory: f, hover: -1, playing: true}
	rounds, err := roundsOf(&e.Record)
	if err != nil {
		return nil, err
	}
	r.rounds = rounds
	if err := r.seek(ctx, 0); err != nil {
		return nil, err
	}
	return r, nil
}

// roundsOf replays the record once and notes the round after each action.
func roundsOf(rec *rules.Record) ([]int, error) {
	g, ok := rules.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", rec.Game)
	}
	s, err := g.NewState(rec.Options, rec.Seed)
	if err != nil {
		return nil, err
	}
	rounds := make([]int, 0, len(rec.Actions)+1)
	rounds = append(rounds, s.Outcome().Rounds)
	for i, st := range rec.Actions {
		a, err := g.DecodeAction(st.Action)
		if err != nil {
			return nil, &rules.RecordError{Index: i, Reason: err.Error()}
		}
		if _, err := s.Apply(rules.Seat(st.Seat), a); err != nil {
			return nil, &rules.RecordError{Index: i, Reason: err.Error()}
		}
		rounds = append(rounds, s.Outcome().Rounds)
	}
	return rounds, nil
}

// Seek rebuilds the table at action k of the record, at rest (seeking back replays the
// record from its start, as every seek does).
func (r *Replay) seek(ctx *game.Context, k int) error {
	k = max(0, min(k, len(r.entry.Actions)))
	m, err := play.NewReplay(&r.entry.Record, r.entry.Players, k)
	if err != nil {
		return err
	}
	t, err := r.factory(ctx, m, r.view)
	if err != nil {
		return err
	}
	if r.m != nil {
		r.m.Close()
	}
	if d, ok := r.tbl.(interface{ Dispose() }); ok {
		d.Dispose() // a table may hold screen-sized images: free them now, not at the next GC
	}
	r.m, r.tbl = m, t
	return nil
}

// Position is how many of the record's actions the table has taken.
func (r *Replay) Position() int { return r.m.Position() }

// Length is how many actions the record holds.
func (r *Replay) Length() int { return len(r.entry.Actions) }

// Playing reports whether the replay is playing (not paused).
func (r *Replay) Playing() bool { return r.playing }

// round is the round at action k.
func (r *Replay) round(k int) int { return r.rounds[max(0, min(k, len(r.rounds)-1))] }

// roundStart is the first action at which round n is under way.
func (r *Replay) roundStart(n int) int {
	for k, rd := range r.rounds {
		if rd >= n {
			return k
		}
	}
	return len(r.rounds) - 1
}

// Enter implements game.Entered.
func (r *Replay) Enter(ctx *game.Context) {
	if e, ok := r.tbl.(game.Entered); ok {
		e.Enter(ctx)
	}
}

// ControlRect is where control c (CtlStart … CtlView) of the replay bar is, on a table
// whose bar is bar. A bar narrower than compactBar (a table with a narrow side panel)
// takes two rows: the buttons and the round above, the view switch across the foot.
func ControlRect(bar scenes.Rect, c int) scenes.Rect {
	y, h := bar.Y+12, bar.H-14
	compact := bar.W < compactBar
	if compact {
		h = (bar.H - 18) / 2
	}
	switch {
	case c <= CtlEnd:
		return scenes.Rect{X: bar.X + 6 + float64(c)*38, Y: y, W: 34, H: h}
	case c == CtlSpeed:
		return scenes.Rect{X: bar.X + 200, Y: y, W: 44, H: h}
	case c == CtlRoundBack:
		return scenes.Rect{X: bar.X + 252, Y: y, W: 26, H: h}
	case c == CtlRoundForward && compact:
		return scenes.Rect{X: bar.X + bar.W - 32, Y: y, W: 26, H: h}
	case c == CtlRoundForward:
		return scenes.Rect{X: bar.X + 392, Y: y, W: 26, H: h}
	case compact:
		return scenes.Rect{X: bar.X + 6, Y: y + h + 4, W: bar.W - 12, H: h}
	}
	return scenes.Rect{X: bar.X + 424, Y: y, W: bar.W - 430, H: h}
}

// compactBar is the narrowest bar that holds every control in one row.
const compactBar = 520

// timeline is the thin bar along the top of the replay bar; a click on it seeks.
func timeline(bar scenes.Rect) scenes.Rect {
	return scenes.Rect{X: bar.X + 6, Y: bar.Y + 2, W: bar.W - 12, H: 8}
}

// Update implements game.Scene.
func (r *Replay) Update(ctx *game.Context) error {
	in := ctx.Input
	bar := r.tbl.ReplayBar()
	x, y := in.Cursor()
	r.hover = -1
	for c := 0; c < numCtl; c++ {
		if ControlRect(bar, c).Contains(x, y) {
			r.hover = c
		}
	}
	act := -1
	if in.Clicked() && r.hover >= 0 {
		in.UseClick()
		act = r.hover
	}
	if in.Clicked() && timeline(bar).Contains(x, y) {
		in.UseClick()
		tl := timeline(bar)
		k := int(math.Round((x - tl.X) / tl.W * float64(r.Length())))
		ctx.Audio.Play(game.SoundClick)
		r.playing = false
		r.seekOrNotice(ctx, k)
	}
	switch {
	case in.KeyOnce(ebiten.KeySpace):
		act = CtlPlay
	case in.Key(ebiten.KeyArrowRight):
		act = CtlForward
	case in.Key(ebiten.KeyArrowLeft):
		act = CtlBack
	case in.KeyOnce(ebiten.KeyHome):
		act = CtlStart
	case in.KeyOnce(ebiten.KeyEnd):
		act = CtlEnd
	case in.KeyOnce(ebiten.KeyPageDown):
		act = CtlRoundForward
	case in.KeyOnce(ebiten.KeyPageUp):
		act = CtlRoundBack
	case in.KeyOnce(ebiten.KeyS):
		act = CtlSpeed
	case in.KeyOnce(ebiten.KeyV):
		act = CtlView
	case in.Back():
		r.m.Close()
		ctx.Pop()
		return nil
	}
	if act >= 0 {
		ctx.Audio.Play(game.SoundClick)
		r.control(ctx, act)
	}
	updates := 1
	if r.playing {
		updates = Speeds[r.speed]
	}
	for i := 0; i < updates; i++ {
		pos := r.m.Position()
		if r.playing && r.tbl.Idle() && r.m.Allowed() == pos {
			if pos >= r.Length() {
				r.playing = false
			} else {
				r.m.Allow(pos + 1)
			}
		}
		if err := r.tbl.Update(ctx); err != nil {
			return err
		}
		if r.m.State().Over() && r.tbl.Idle() {
			break // the last action has been shown; the table stays on it (its buttons still work)
		}
	}
	return nil
}

// control carries out one of the bar's controls.
func (r *Replay) control(ctx *game.Context, c int) {
	pos := r.m.Position()
	switch c {
	case CtlPlay:
		r.playing = !r.playing
		if r.playing && pos >= r.Length() {
			r.seekOrNotice(ctx, 0)
		}
	case CtlForward:
		r.playing = false
		if r.m.Allowed() == pos && pos < r.Length() {
			r.m.Allow(pos + 1)
		}
	case CtlBack:
		r.playing = false
		r.seekOrNotice(ctx, pos-1)
	case CtlStart:
		r.playing = false
		r.seekOrNotice(ctx, 0)
	case CtlEnd:
		r.playing = false
		r.seekOrNotice(ctx, r.Length())
	case CtlRoundForward:
		r.seekOrNotice(ctx, r.roundStart(r.round(pos)+1))
	case CtlRoundBack:
		cur := r.roundStart(r.round(pos))
		if cur >= pos && r.round(pos) > 0 {
			cur = r.roundStart(r.round(pos) - 1)
		}
		r.seekOrNotice(ctx, cur)
	case CtlSpeed:
		r.speed = (r.speed + 1) % len(Speeds)
	case CtlView:
		r.view = 1 - r.view
		r.seekOrNotice(ctx, pos)
	}
}

func (r *Replay) seekOrNotice(ctx *game.Context, k int) {
	if err := r.seek(ctx, k); err != nil {
		ctx.Notice(err.Error())
	}
}

// Draw implements game.Scene: the table, then the replay bar over its strip.
func (r *Replay) Draw(screen *ebiten.Image, ctx *game.Context) {
	r.tbl.Draw(screen, ctx)
	p := scenes.NewPainter(screen, ctx)
	bar := r.tbl.ReplayBar()
	p.RoundRect(bar.X+2, bar.Y+3, bar.W, bar.H, 9, table.Fade(table.Shadow, 0.7))
	p.RoundRect(bar.X, bar.Y, bar.W, bar.H, 9, scenes.Mix(scenes.CrimsonDeep, scenes.Ink, 0.35))
	p.StrokeRoundRect(bar.X, bar.Y, bar.W, bar.H, 9, 1.5, scenes.Gold)
	// The timeline, with the rounds' starts ticked.
	tl := timeline(bar)
	p.RoundRect(tl.X, tl.Y+2, tl.W, 4, 2, scenes.Fade(scenes.Parchment, 0.3))
	n := max(1, r.Length())
	frac := float64(r.Position()) / float64(n)
	p.RoundRect(tl.X, tl.Y+2, tl.W*frac, 4, 2, scenes.GoldLight)
	p.Circle(tl.X+tl.W*frac, tl.Y+4, 4, scenes.GoldLight)
	for c := 0; c < numCtl; c++ {
		r.drawControl(p, ctx, ControlRect(bar, c), c)
	}
	// Where the replay is: the round and the action.
	mid := (ControlRect(bar, CtlRoundBack).X + ControlRect(bar, CtlRoundBack).W + ControlRect(bar, CtlRoundForward).X) / 2
	cy := ControlRect(bar, CtlPlay).Y
	p.Text(ctx.F("history.replay.round", r.round(r.Position())), scenes.Font{Style: "bold", Size: 13}, mid, cy, scenes.Center, scenes.GoldLight)
	p.Text(ctx.F("history.replay.action", r.Position(), r.Length()), scenes.Font{Style: "regular", Size: 12}, mid, cy+15, scenes.Center, scenes.Parchment)
}

func (r *Replay) drawControl(p scenes.Painter, ctx *game.Context, rc scenes.Rect, c int) {
	if c == CtlRoundBack || c == CtlRoundForward || c <= CtlEnd || c == CtlSpeed || c == CtlView {
		fill := scenes.Fade(scenes.Parchment, 0.12)
		if c == r.hover {
			fill = scenes.Fade(scenes.GoldLight, 0.35)
		}
		p.RoundRect(rc.X, rc.Y, rc.W, rc.H, 6, fill)
		p.StrokeRoundRect(rc.X, rc.Y, rc.W, rc.H, 6, 1, scenes.Fade(scenes.Gold, 0.8))
	}
	cx, cy := rc.Center()
	ink := scenes.GoldLight
	switch c {
	case CtlStart:
		bar(p, cx-7, cy, ink)
		tri(p, cx+6, cy, -1, ink)
	case CtlBack:
		tri(p, cx+4, cy, -1, ink)
	case CtlPlay:
		if r.playing {
			p.Rect(cx-6, cy-7, 4, 14, ink)
			p.Rect(cx+2, cy-7, 4, 14, ink)
		} else {
			tri(p, cx+5, cy, 1, ink)
		}
	case CtlForward:
		tri(p, cx+4, cy, 1, ink)
	case CtlEnd:
		tri(p, cx+1, cy, 1, ink)
		bar(p, cx+5, cy, ink)
	case CtlSpeed:
		p.TextMiddle(fmt.Sprintf("×%d", Speeds[r.speed]), scenes.Font{Style: "bold", Size: 15}, cx, cy, scenes.Center, ink)
	case CtlRoundBack:
		p.TextMiddle("«", scenes.Font{Style: "bold", Size: 18}, cx, cy-1, scenes.Center, ink)
	case CtlRoundForward:
		p.TextMiddle("»", scenes.Font{Style: "bold", Size: 18}, cx, cy-1, scenes.Center, ink)
	case CtlView:
		key := "history.replay.as_seen"
		if r.view == table.AllOpen {
			key = "history.replay.all_open"
		}
		f := scenes.Font{Style: "bold", Size: 13}
		label := ctx.T(key)
		for f.Width(label) > rc.W-8 && f.Size > 9 {
			f.Size -= 0.5
		}
		p.TextMiddle(label, f, cx, cy, scenes.Center, ink)
	}
}

// tri draws a play triangle with its tip at (x, cy), pointing right (dir 1) or left (-1).
func tri(p scenes.Painter, x, cy float64, dir float64, c color.RGBA) {
	var path vector.Path
	path.MoveTo(float32(x), float32(cy))
	path.LineTo(float32(x-dir*11), float32(cy-7))
	path.LineTo(float32(x-dir*11), float32(cy+7))
	path.Close()
	p.FillPath(&path, c)
}

func bar(p scenes.Painter, x, cy float64, c color.RGBA) { p.Rect(x-1.5, cy-7, 3, 14, c) }
