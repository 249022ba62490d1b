package makiavelia

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	"principe/rules"
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

var optKeys = [numOpts]string{"makiavelia.seat.human", "makiavelia.level.easy", "makiavelia.level.normal", "makiavelia.level.hard"}

// levels maps the AI levels to the rules' bots: Easy plays at random among the legal
// moves, Normal is the greedy bot, Hard the expert that plays its turn out over states
// sampled from its observation.
var levels = map[int]play.Player{
	OptEasy:   {Kind: play.AI, Level: "easy", Bot: "random"},
	OptNormal: {Kind: play.AI, Level: "normal", Bot: "greedy"},
	OptHard:   {Kind: play.AI, Level: "hard", Bot: "expert"},
}

// The table's limits.
const (
	MinPlayers = 3
	MaxPlayers = 8
)

// SetupSeatRect is where seat i's selector is drawn (two columns of four).
func SetupSeatRect(i int) scenes.Rect {
	col, row := i/4, i%4
	return scenes.Rect{X: 200 + float64(col)*540, Y: 180 + float64(row)*62, W: 380, H: 44}
}

// SetupSeatSegment is where option opt of seat i's selector is.
func SetupSeatSegment(i, opt int) scenes.Rect {
	return table.Segment(SetupSeatRect(i), numOpts, opt)
}

// Rows below the seats.
var (
	SetupPlayersRect = scenes.Rect{X: 420, Y: 440, W: 420, H: 42}
	setupSeedRect    = scenes.Rect{X: 420, Y: 500, W: 300, H: 42}
)

// SetupButtonRect is where the setup's buttons are: 0 Start, 1 Rules, 2 Cards, 3 Back.
func SetupButtonRect(i int) scenes.Rect {
	return scenes.Rect{X: 120 + float64(i)*270, Y: 590, W: 240, H: 58}
}

// Entries of the setup's focus list after the eight seats.
const (
	setupPlayers = iota + MaxPlayers
	setupSeed
	setupStart
	setupRules
	setupCards
	setupBack
)

// Setup is the Makiavelia setup scene: 3–8 seats, each a human or an AI level, and a
// seed.
type Setup struct {
	n     int
	seats [MaxPlayers]int
	seed  table.SeedField
	focus scenes.FocusList
}

// NewSetup builds the setup scene: one human against three Normal AIs by default.
func NewSetup(ctx *game.Context) (game.Scene, error) {
	s := &Setup{n: 4}
	for i := range s.seats {
		s.seats[i] = OptNormal
	}
	s.seats[0] = OptHuman
	for i := 0; i < MaxPlayers; i++ {
		s.focus.Items = append(s.focus.Items, scenes.Item{Rect: SetupSeatRect(i), Enabled: true})
	}
	s.focus.Items = append(s.focus.Items, scenes.Item{Rect: SetupPlayersRect, Enabled: true}, scenes.Item{Rect: setupSeedRect, Enabled: true})
	for i := 0; i < 4; i++ {
		s.focus.Items = append(s.focus.Items, scenes.Item{Rect: SetupButtonRect(i), Enabled: true})
	}
	s.enableSeats()
	s.focus.Focus = setupStart
	return s, nil
}

func (s *Setup) enableSeats() {
	for i := 0; i < MaxPlayers; i++ {
		s.focus.Items[i].Enabled = i < s.n
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
		for i := 0; i < s.n; i++ {
			for o := 0; o < numOpts; o++ {
				if SetupSeatSegment(i, o).Contains(x, y) {
					ctx.Input.UseClick()
					ctx.Audio.Play(game.SoundClick)
					s.seats[i] = o
				}
			}
		}
		for n := MinPlayers; n <= MaxPlayers; n++ {
			if table.Segment(SetupPlayersRect, MaxPlayers-MinPlayers+1, n-MinPlayers).Contains(x, y) {
				ctx.Input.UseClick()
				ctx.Audio.Play(game.SoundClick)
				s.n = n
				s.enableSeats()
			}
		}
	}
	focus := s.focus.Focus
	if focus >= 0 && focus < s.n {
		if ctx.Input.KeyOnce(ebiten.KeyArrowRight) && s.seats[focus] < numOpts-1 {
			s.seats[focus]++
		}
		if ctx.Input.KeyOnce(ebiten.KeyArrowLeft) && s.seats[focus] > 0 {
			s.seats[focus]--
		}
	}
	if focus == setupPlayers {
		if ctx.Input.KeyOnce(ebiten.KeyArrowRight) && s.n < MaxPlayers {
			s.n++
		}
		if ctx.Input.KeyOnce(ebiten.KeyArrowLeft) && s.n > MinPlayers {
			s.n--
		}
		s.enableSeats()
	}
	switch s.focus.Update(ctx) {
	case setupSeed:
		s.seed.Editing = true
	case setupStart:
		return s.start(ctx)
	case setupRules:
		ctx.Push(newHelp(ctx))
	case setupCards:
		ctx.Push(newBrowser(ctx))
	case setupBack:
		ctx.Pop()
	}
	return nil
}

// Config is the chosen setup.
func (s *Setup) Config(ctx *game.Context) (Config, error) {
	cfg := Config{Seed: uint64(ctx.Seed)}
	for i := 0; i < s.n; i++ {
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
	cfg, err := s.Config(ctx)
	if err != nil {
		ctx.Notice(err.Error())
		return nil
	}
	t, err := NewTable(ctx, cfg)
	if err != nil {
		ctx.Notice(ctx.F("makiavelia.notice.setup", err))
		return nil
	}
	ctx.Replace(t)
	return nil
}

// Draw implements game.Scene.
func (s *Setup) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	p.Spaced(ctx.T("game.makiavelia.name"), scenes.FontHeading, game.LogicalWidth/2, 44, 6, scenes.Crimson)
	p.Text(ctx.T("makiavelia.setup.line"), scenes.FontLine, game.LogicalWidth/2, 112, scenes.Center, scenes.InkSoft)
	labels := make([]string, numOpts)
	for o := range labels {
		labels[o] = ctx.T(optKeys[o])
		if o >= OptEasy {
			labels[o] = ctx.F("makiavelia.seat.ai", labels[o])
		}
	}
	for i := 0; i < MaxPlayers; i++ {
		r := SetupSeatRect(i)
		alpha := 1.0
		if i >= s.n {
			alpha = 0.35
		}
		cy := r.Y + r.H/2
		table.DrawPiece(p, r.X-130, cy, 15, 0, scenes.Fade(seatColour(rules.Seat(i)), alpha))
		p.TextMiddle(SeatNames[i], scenes.Font{Style: assets.FontBold, Size: 20}, r.X-108, cy, scenes.Left, scenes.Fade(scenes.Ink, alpha))
		if i < s.n {
			table.DrawSegments(p, r, labels, s.seats[i], s.focus.Glow(i))
		} else {
			p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 8, 1, scenes.Fade(scenes.InkFaded, 0.5))
			p.TextMiddle(ctx.T("makiavelia.setup.empty"), scenes.Font{Style: assets.FontItalic, Size: 15}, r.X+r.W/2, cy, scenes.Center, scenes.InkFaded)
		}
	}
	p.TextMiddle(ctx.T("makiavelia.setup.players"), scenes.FontLabel, SetupPlayersRect.X-20, SetupPlayersRect.Y+21, scenes.Right, scenes.Ink)
	var counts []string
	for n := MinPlayers; n <= MaxPlayers; n++ {
		counts = append(counts, strconv.Itoa(n))
	}
	table.DrawSegments(p, SetupPlayersRect, counts, s.n-MinPlayers, s.focus.Glow(setupPlayers))
	p.TextMiddle(ctx.T("makiavelia.setup.seed"), scenes.FontLabel, setupSeedRect.X-20, setupSeedRect.Y+21, scenes.Right, scenes.Ink)
	r := setupSeedRect
	s.seed.Draw(p, ctx, r, ctx.T("makiavelia.setup.seed.random"), scenes.FontLabel, s.focus.Glow(setupSeed))
	p.Text(ctx.T("makiavelia.setup.seed.hint"), scenes.Font{Style: assets.FontItalic, Size: 14}, r.X+r.W+20, r.Y+12, scenes.Left, scenes.InkSoft)
	var ls []table.Level
	for _, o := range []int{OptEasy, OptNormal, OptHard} {
		ls = append(ls, table.Level{Label: ctx.F("makiavelia.seat.ai", ctx.T(optKeys[o])), About: ctx.T(optKeys[o] + ".about")})
	}
	table.DrawLevels(p, (setupSeedRect.Y+setupSeedRect.H+SetupButtonRect(0).Y)/2, ls)
	keys := []string{"makiavelia.setup.start", "makiavelia.setup.rules", "makiavelia.setup.cards", "makiavelia.setup.back"}
	for i, k := range keys {
		scenes.DrawButton(p, SetupButtonRect(i), ctx.T(k), s.focus.Glow(setupStart+i), true)
	}
}
