package intrigo

import (
	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// Seat options in the setup scene, in the order of their segments.
const (
	OptHuman = iota
	OptEasy
	OptNormal
	OptHard
	numOpts
)

var optKeys = [numOpts]string{"intrigo.seat.human", "intrigo.level.easy", "intrigo.level.normal", "intrigo.level.hard"}

// levels maps the AI levels to the rules' bots.
var levels = map[int]play.Player{
	OptEasy:   {Kind: play.AI, Level: "easy", Bot: "random"},
	OptNormal: {Kind: play.AI, Level: "normal", Bot: "greedy"},
	OptHard:   {Kind: play.AI, Level: "hard", Bot: "expert"},
}

// SetupSeatRect is where seat s's selector is drawn.
func SetupSeatRect(s int) scenes.Rect {
	return scenes.Rect{X: 470, Y: 150 + float64(s)*58, W: 520, H: 44}
}

// SetupSeatSegment is where option opt of seat s's selector is.
func SetupSeatSegment(s, opt int) scenes.Rect {
	return table.Segment(SetupSeatRect(s), numOpts, opt)
}

var (
	setupPlayersRect = scenes.Rect{X: 470, Y: 448, W: 240, H: 42}
	setupSeedRect    = scenes.Rect{X: 470, Y: 502, W: 240, H: 42}
)

// SetupButtonRect is where the setup's buttons are: 0 Start, 1 Back.
func SetupButtonRect(i int) scenes.Rect {
	return scenes.Rect{X: 380 + float64(i)*280, Y: 600, W: 240, H: 58}
}

// Setup is the Intrigo setup scene: 3–5 seats, each a person or an AI, and a seed.
type Setup struct {
	players int
	seats   [ig.MaxPlayers]int
	seed    table.SeedField
	focus   scenes.FocusList
}

// Entries of the focus list after the seats.
const (
	setupPlayers = ig.MaxPlayers + iota
	setupSeed
	setupStart
	setupBack
)

// NewSetup builds the setup scene: one human against three Normal AIs by default.
func NewSetup(ctx *game.Context) (game.Scene, error) {
	s := &Setup{players: 4, seats: [ig.MaxPlayers]int{OptHuman, OptNormal, OptNormal, OptNormal, OptNormal}}
	for i := 0; i < ig.MaxPlayers; i++ {
		s.focus.Items = append(s.focus.Items, scenes.Item{Rect: SetupSeatRect(i), Enabled: true})
	}
	for _, r := range []scenes.Rect{setupPlayersRect, setupSeedRect, SetupButtonRect(0), SetupButtonRect(1)} {
		s.focus.Items = append(s.focus.Items, scenes.Item{Rect: r, Enabled: true})
	}
	s.refresh()
	s.focus.Focus = setupStart
	return s, nil
}

func (s *Setup) refresh() {
	for i := 0; i < ig.MaxPlayers; i++ {
		s.focus.Items[i].Enabled = i < s.players
	}
}

// Update implements game.Scene.
func (s *Setup) Update(ctx *game.Context) error {
	if s.seed.Edit(ctx) {
		return nil
	}
	if ctx.Input.Back() {
		ctx.Pop()
		return nil
	}
	x, y := ctx.Input.Cursor()
	if ctx.Input.Clicked() {
		for i := 0; i < s.players; i++ {
			for o := 0; o < numOpts; o++ {
				if SetupSeatSegment(i, o).Contains(x, y) {
					ctx.Input.UseClick()
					ctx.Audio.Play(game.SoundClick)
					s.seats[i] = o
				}
			}
		}
		for k := 0; k < 3; k++ {
			if table.Segment(setupPlayersRect, 3, k).Contains(x, y) {
				ctx.Input.UseClick()
				ctx.Audio.Play(game.SoundClick)
				s.players = ig.MinPlayers + k
				s.refresh()
			}
		}
	}
	if f := s.focus.Focus; f >= 0 && f < s.players {
		if ctx.Input.Key(ebiten.KeyArrowRight) && s.seats[f] < numOpts-1 {
			s.seats[f]++
		}
		if ctx.Input.Key(ebiten.KeyArrowLeft) && s.seats[f] > 0 {
			s.seats[f]--
		}
	}
	switch s.focus.Update(ctx) {
	case setupSeed:
		s.seed.Editing = true
	case setupStart:
		return s.start(ctx)
	case setupBack:
		ctx.Pop()
	}
	return nil
}

// config is the chosen setup.
func (s *Setup) config(ctx *game.Context) (Config, error) {
	cfg := Config{Seed: uint64(ctx.Seed)}
	for i := 0; i < s.players; i++ {
		if s.seats[i] == OptHuman {
			cfg.Players = append(cfg.Players, play.Player{Kind: play.Human})
		} else {
			cfg.Players = append(cfg.Players, levels[s.seats[i]])
		}
	}
	seed, err := s.seed.Seed(cfg.Seed)
	if err != nil {
		return cfg, err
	}
	cfg.Seed = seed
	return cfg, nil
}

func (s *Setup) start(ctx *game.Context) error {
	cfg, err := s.config(ctx)
	if err != nil {
		ctx.Notice(err.Error())
		return nil
	}
	t, err := NewTable(ctx, cfg)
	if err != nil {
		ctx.Notice(ctx.F("intrigo.notice.setup", err))
		return nil
	}
	ctx.Replace(t)
	// The first player is drawn by the rules: say who it is.
	ctx.Notice(ctx.F("intrigo.notice.first", seatName(ctx, t.table().First)))
	return nil
}

// Draw implements game.Scene.
func (s *Setup) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	p.Spaced(ctx.T("game.intrigo.name"), scenes.FontHeading, game.LogicalWidth/2, 44, 6, scenes.Crimson)
	p.Text(ctx.T("intrigo.setup.line"), scenes.FontLine, game.LogicalWidth/2, 110, scenes.Center, scenes.InkSoft)
	for i := 0; i < ig.MaxPlayers; i++ {
		r := SetupSeatRect(i)
		alpha := 1.0
		if i >= s.players {
			alpha = 0.35
		}
		drawAdvisor(p, rules.Seat(i), ig.AdvisorType(i%ig.Types), 300, r.Y+r.H/2, 20, 0, alpha)
		p.TextMiddle(seatName(ctx, rules.Seat(i)), scenes.Font{Style: assets.FontBold, Size: 22}, 334, r.Y+r.H/2, scenes.Left, scenes.Fade(scenes.Ink, alpha))
		if i >= s.players {
			p.TextMiddle(ctx.T("intrigo.setup.empty"), scenes.Font{Style: assets.FontItalic, Size: 16}, r.X+14, r.Y+r.H/2, scenes.Left, scenes.InkFaded)
			continue
		}
		labels := make([]string, numOpts)
		for o := range labels {
			labels[o] = ctx.T(optKeys[o])
			if o >= OptEasy {
				labels[o] = ctx.F("intrigo.seat.ai", labels[o])
			}
		}
		table.DrawSegments(p, r, labels, s.seats[i], s.focus.Glow(i))
	}
	p.TextMiddle(ctx.T("intrigo.setup.players"), scenes.FontLabel, 450, setupPlayersRect.Y+21, scenes.Right, scenes.Ink)
	table.DrawSegments(p, setupPlayersRect, []string{"3", "4", "5"}, s.players-ig.MinPlayers, s.focus.Glow(setupPlayers))
	p.TextMiddle(ctx.T("intrigo.setup.seed"), scenes.FontLabel, 450, setupSeedRect.Y+21, scenes.Right, scenes.Ink)
	r := setupSeedRect
	s.seed.Draw(p, ctx, r, ctx.T("intrigo.setup.seed.random"), scenes.FontLabel, s.focus.Glow(setupSeed))
	p.Text(ctx.T("intrigo.setup.first"), scenes.Font{Style: assets.FontItalic, Size: 15}, 730, setupPlayersRect.Y+12, scenes.Left, scenes.InkSoft)
	p.Text(ctx.T("intrigo.setup.seed.hint"), scenes.Font{Style: assets.FontItalic, Size: 15}, 730, r.Y+12, scenes.Left, scenes.InkSoft)
	var ls []table.Level
	for _, o := range []int{OptEasy, OptNormal, OptHard} {
		ls = append(ls, table.Level{Label: ctx.F("intrigo.seat.ai", ctx.T(optKeys[o])), About: ctx.T(optKeys[o] + ".about")})
	}
	table.DrawLevels(p, setupSeedRect.Y+setupSeedRect.H+28, ls)
	for i, k := range []string{"intrigo.setup.start", "intrigo.setup.back"} {
		scenes.DrawButton(p, SetupButtonRect(i), ctx.T(k), s.focus.Glow(setupStart+i), true)
	}
}
