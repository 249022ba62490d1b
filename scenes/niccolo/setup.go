package niccolo

import (
	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/game/play"
	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// Seat options in the setup scene, in the order of their segments.
const (
	OptHuman = iota
	OptEasy
	OptNormal
	OptHard
	OptEnvoy
	numOpts
)

var optKeys = [numOpts]string{"niccolo.seat.human", "niccolo.level.easy", "niccolo.level.normal", "niccolo.level.hard", "niccolo.seat.envoy"}

// levels maps the AI levels to the rules' bots.
var levels = map[int]play.Player{
	OptEasy:   {Kind: play.AI, Level: "easy", Bot: nic.BotRandom},
	OptNormal: {Kind: play.AI, Level: "normal", Bot: nic.BotGreedy},
	OptHard:   {Kind: play.AI, Level: "hard", Bot: nic.BotExpert, Budget: 400},
}

// Entries of the setup scene's focus list.
const (
	setupPlayers = iota + 4 // after the four seats
	setupVariant
	setupSeed
	setupStart
	setupSolitaire
	setupScores
	setupBack
)

// SetupSeatRect is where family f's seat selector is drawn.
func SetupSeatRect(f int) scenes.Rect {
	return scenes.Rect{X: 420, Y: 146 + float64(f)*58, W: 620, H: 46}
}

// SetupSeatSegment is where option opt (OptHuman … OptEnvoy) of family f's selector is.
func SetupSeatSegment(f, opt int) scenes.Rect {
	r := SetupSeatRect(f)
	w := r.W / numOpts
	return scenes.Rect{X: r.X + float64(opt)*w, Y: r.Y, W: w, H: r.H}
}

// Rows below the seats.
var (
	setupPlayersRect = scenes.Rect{X: 420, Y: 410, W: 270, H: 42}
	setupVariantRect = scenes.Rect{X: 820, Y: 410, W: 300, H: 42}
	setupSeedRect    = scenes.Rect{X: 420, Y: 470, W: 300, H: 42}
)

// SetupButtonRect is where the setup's buttons are: 0 Start, 1 Solitaire, 2 High
// scores, 3 Back.
func SetupButtonRect(i int) scenes.Rect {
	return scenes.Rect{X: 120 + float64(i)*270, Y: 560, W: 240, H: 58}
}

// Setup is the Niccolò setup scene.
type Setup struct {
	seats   [4]int
	variant int // 0 standard, 1 partner
	seed    table.SeedField
	focus   scenes.FocusList
}

// NewSetup builds the setup scene: one human against three Normal AIs by default.
func NewSetup(ctx *game.Context) (game.Scene, error) {
	s := &Setup{seats: [4]int{OptHuman, OptNormal, OptNormal, OptNormal}}
	items := []scenes.Rect{SetupSeatRect(0), SetupSeatRect(1), SetupSeatRect(2), SetupSeatRect(3), setupPlayersRect, setupVariantRect, setupSeedRect}
	for i := 0; i < 4; i++ {
		items = append(items, SetupButtonRect(i))
	}
	for _, r := range items {
		s.focus.Items = append(s.focus.Items, scenes.Item{Rect: r, Enabled: true})
	}
	s.focus.Focus = len(items) - 4
	return s, nil
}

func (s *Setup) players() int {
	n := 0
	for _, o := range s.seats {
		if o != OptEnvoy {
			n++
		}
	}
	return n
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
	focus := s.focus.Focus
	// Segments react to clicks directly.
	x, y := ctx.Input.Cursor()
	if ctx.Input.Clicked() {
		for f := 0; f < 4; f++ {
			for o := 0; o < numOpts; o++ {
				if SetupSeatSegment(f, o).Contains(x, y) {
					ctx.Input.UseClick()
					ctx.Audio.Play(game.SoundClick)
					s.seats[f] = o
				}
			}
		}
		for n := 1; n <= 4; n++ {
			if table.Segment(setupPlayersRect, 4, n-1).Contains(x, y) {
				ctx.Input.UseClick()
				ctx.Audio.Play(game.SoundClick)
				s.setPlayers(n)
			}
		}
		for v := 0; v < 2; v++ {
			if table.Segment(setupVariantRect, 2, v).Contains(x, y) {
				ctx.Input.UseClick()
				ctx.Audio.Play(game.SoundClick)
				s.variant = v
			}
		}
	}
	if focus >= 0 && focus < 4 {
		if ctx.Input.Key(ebiten.KeyArrowRight) && s.seats[focus] < numOpts-1 {
			s.seats[focus]++
		}
		if ctx.Input.Key(ebiten.KeyArrowLeft) && s.seats[focus] > 0 {
			s.seats[focus]--
		}
	}
	switch s.focus.Update(ctx) {
	case setupSeed:
		s.seed.Editing = true
	case setupStart:
		return s.start(ctx, false)
	case setupSolitaire:
		return s.start(ctx, true)
	case setupScores:
		ctx.Push(newScores(ctx, nil))
	case setupBack:
		ctx.Pop()
	}
	return nil
}

// setPlayers keeps the first n seats playing (a human first, then Normal AIs) and makes
// the rest Envoys.
func (s *Setup) setPlayers(n int) {
	for f := 0; f < 4; f++ {
		switch {
		case f >= n:
			s.seats[f] = OptEnvoy
		case s.seats[f] == OptEnvoy && f == 0:
			s.seats[f] = OptHuman
		case s.seats[f] == OptEnvoy:
			s.seats[f] = OptNormal
		}
	}
}

// config is the chosen setup.
func (s *Setup) config(ctx *game.Context, solitaire bool) (Config, error) {
	cfg := Config{Variant: nic.Standard}
	if s.variant == 1 {
		cfg.Variant = nic.Partner
	}
	seats := s.seats
	if solitaire {
		seats = [4]int{OptHuman, OptEnvoy, OptEnvoy, OptEnvoy}
		cfg.Variant = nic.Solitaire
	}
	for f, o := range seats {
		switch o {
		case OptHuman:
			cfg.Players[f] = play.Player{Kind: play.Human}
		case OptEnvoy:
			cfg.Players[f] = play.Player{Kind: play.Auto}
		default:
			cfg.Players[f] = levels[o]
		}
	}
	cfg.Seed = uint64(ctx.Seed)
	seed, err := s.seed.Seed(cfg.Seed)
	if err != nil {
		return cfg, err
	}
	cfg.Seed = seed
	if !solitaire && cfg.Variant == nic.Standard && s.players() == 1 {
		cfg.Variant = nic.Solitaire
	}
	return cfg, nil
}

func (s *Setup) start(ctx *game.Context, solitaire bool) error {
	cfg, err := s.config(ctx, solitaire)
	if err != nil {
		ctx.Notice(err.Error())
		return nil
	}
	t, err := NewTable(ctx, cfg)
	if err != nil {
		ctx.Notice(ctx.F("niccolo.notice.setup", err))
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
	p.Spaced(ctx.T("game.niccolo.name"), scenes.FontHeading, game.LogicalWidth/2, 44, 6, scenes.Crimson)
	p.Text(ctx.T("niccolo.setup.line"), scenes.FontLine, game.LogicalWidth/2, 110, scenes.Center, scenes.InkSoft)
	for f := 0; f < 4; f++ {
		r := SetupSeatRect(f)
		table.PieceShadow(p, 200, r.Y+r.H/2, 22, 0)
		drawPieceSprite(p, f, 200, r.Y+r.H/2, 22, 1)
		p.TextMiddle(nic.FamilyNames[f], scenes.Font{Style: "bold", Size: 22}, 236, r.Y+r.H/2-8, scenes.Left, scenes.Ink)
		p.TextMiddle(ctx.T("niccolo.token."+lower(nic.TokenNames[f])), scenes.Font{Style: "italic", Size: 14}, 236, r.Y+r.H/2+14, scenes.Left, scenes.InkSoft)
		labels := make([]string, numOpts)
		for o := range labels {
			labels[o] = ctx.T(optKeys[o])
			if o >= OptEasy && o <= OptHard {
				labels[o] = ctx.F("niccolo.seat.ai", labels[o])
			}
		}
		table.DrawSegments(p, r, labels, s.seats[f], s.focus.Glow(f))
	}
	drawLevels(p, ctx, 388)
	p.TextMiddle(ctx.T("niccolo.setup.players"), scenes.FontLabel, 400, setupPlayersRect.Y+21, scenes.Right, scenes.Ink)
	table.DrawSegments(p, setupPlayersRect, []string{"1", "2", "3", "4"}, s.players()-1, s.focus.Glow(setupPlayers))
	p.TextMiddle(ctx.T("niccolo.setup.variant"), scenes.FontLabel, 800, setupVariantRect.Y+21, scenes.Right, scenes.Ink)
	table.DrawSegments(p, setupVariantRect, []string{ctx.T("niccolo.variant.standard"), ctx.T("niccolo.variant.partner")}, s.variant, s.focus.Glow(setupVariant))
	p.TextMiddle(ctx.T("niccolo.setup.seed"), scenes.FontLabel, 400, setupSeedRect.Y+21, scenes.Right, scenes.Ink)
	r := setupSeedRect
	s.seed.Draw(p, ctx, r, ctx.T("niccolo.setup.seed.random"), scenes.FontLabel, s.focus.Glow(setupSeed))
	p.Text(ctx.T("niccolo.setup.seed.hint"), scenes.Font{Style: "italic", Size: 14}, 740, r.Y+12, scenes.Left, scenes.InkSoft)
	if s.players() == 1 {
		p.Text(ctx.T("niccolo.setup.one_player"), scenes.Font{Style: "italic", Size: 15}, game.LogicalWidth/2, 526, scenes.Center, scenes.Crimson)
	}
	keys := []string{"niccolo.setup.start", "niccolo.setup.solitaire", "niccolo.setup.scores", "niccolo.setup.back"}
	for i, k := range keys {
		scenes.DrawButton(p, SetupButtonRect(i), ctx.T(k), s.focus.Glow(setupStart+i), true)
	}
}

// drawLevels says in one centred line, at height y, what each AI level does.
func drawLevels(p scenes.Painter, ctx *game.Context, y float64) {
	var ls []table.Level
	for _, o := range []int{OptEasy, OptNormal, OptHard} {
		ls = append(ls, table.Level{Label: ctx.F("niccolo.seat.ai", ctx.T(optKeys[o])), About: ctx.T(optKeys[o] + ".about")})
	}
	table.DrawLevels(p, y, ls)
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
