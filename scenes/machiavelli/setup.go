package machiavelli

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	mach "principe/rules/machiavelli"
	"principe/scenes"
	"principe/scenes/table"
)

// Seat choices in the setup, in the order of their segments.
const (
	optHuman = iota
	optEasy
	optNormal
	optHard
	numSeatOpts
)

var seatOptKeys = [numSeatOpts]string{"machiavelli.seat.human", "machiavelli.level.easy", "machiavelli.level.normal", "machiavelli.level.hard"}

// levels maps the AI levels to the rules' bots: Easy lays a random meld of its own
// hand, Normal lays the most it can every turn, Hard keeps to the expert's rule of thumb
// (hoard or hold back) and weighs its choices once the stock is empty.
var levels = map[int]play.Player{
	optEasy:   {Kind: play.AI, Level: "easy", Bot: "random"},
	optNormal: {Kind: play.AI, Level: "normal", Bot: "greedy"},
	optHard:   {Kind: play.AI, Level: "hard", Bot: "expert"},
}

// An option row of the setup: a label and segments, or a stepper.
type optionRow struct {
	key    string   // translation key of the label
	labels []string // segment labels (translation keys or plain numbers)
	get    func(o mach.Options) int
	set    func(o *mach.Options, i int)
	preset func(o mach.Options) int
}

// The setup's regions.
var (
	setupPlayers = scenes.Rect{X: 230, Y: 132, W: 420, H: 36}
	setupRuleset = scenes.Rect{X: 880, Y: 132, W: 340, H: 36}
	setupSeed    = scenes.Rect{X: 230, Y: 596, W: 220, H: 36}
	setupHints   = scenes.Rect{X: 560, Y: 596, W: 160, H: 36}
	setupStart   = scenes.Rect{X: 800, Y: 640, W: 200, H: 52}
	setupBack    = scenes.Rect{X: 1020, Y: 640, W: 200, H: 52}
)

func setupSeatRect(i int) scenes.Rect {
	return scenes.Rect{X: 230, Y: 186 + float64(i)*44, W: 420, H: 36}
}

func optionRect(i int) scenes.Rect {
	return scenes.Rect{X: 1010, Y: 186 + float64(i)*38, W: 210, H: 30}
}

// Setup is the Machiavelli setup scene.
type Setup struct {
	seats   [8]int
	players int
	opt     mach.Options
	seed    table.SeedField
	noHints bool
	rows    []optionRow
	focus   scenes.FocusList
}

// NewSetup builds the setup: one human against two Normal AIs, Coppola's rules.
func NewSetup(ctx *game.Context) (game.Scene, error) {
	s := &Setup{players: 3, opt: mach.Coppola(3)}
	s.seats = [8]int{optHuman, optNormal, optNormal, optNormal, optNormal, optNormal, optNormal, optNormal}
	s.rows = optionRows()
	s.focus.Items = []scenes.Item{{Rect: setupStart, Enabled: true, Column: 0}, {Rect: setupBack, Enabled: true, Column: 1}}
	s.focus.Columns = true
	return s, nil
}

func yesNo(b bool) int {
	if b {
		return 1
	}
	return 0
}

// optionRows are every named option of the rules, as the setup offers them.
func optionRows() []optionRow {
	idx := func(vals []int, v int) int {
		for i, x := range vals {
			if x == v {
				return i
			}
		}
		return -1
	}
	ints := func(key string, vals []int, field func(o *mach.Options) *int) optionRow {
		labels := make([]string, len(vals))
		for i, v := range vals {
			labels[i] = strconv.Itoa(v)
		}
		return optionRow{key: key, labels: labels,
			get:    func(o mach.Options) int { return idx(vals, *field(&o)) },
			set:    func(o *mach.Options, i int) { *field(o) = vals[i] },
			preset: func(o mach.Options) int { p := preset(o); return idx(vals, *field(&p)) }}
	}
	return []optionRow{
		ints("machiavelli.opt.jokers", []int{0, 2, 4}, func(o *mach.Options) *int { return &o.Jokers }),
		ints("machiavelli.opt.decks", []int{2, 3}, func(o *mach.Options) *int { return &o.Decks }),
		ints("machiavelli.opt.deal", []int{9, 12, 13, 15}, func(o *mach.Options) *int { return &o.Deal }),
		ints("machiavelli.opt.free", []int{0, 4}, func(o *mach.Options) *int { return &o.FreeCards }),
		{key: "machiavelli.opt.wrap", labels: []string{"machiavelli.no", "machiavelli.yes"},
			get:    func(o mach.Options) int { return yesNo(o.AceWrap) },
			set:    func(o *mach.Options, i int) { o.AceWrap = i == 1 },
			preset: func(o mach.Options) int { return yesNo(preset(o).AceWrap) }},
		{key: "machiavelli.opt.cap", labels: []string{"machiavelli.none", "13"},
			get:    func(o mach.Options) int { return yesNo(o.MaxPerTurn > 0) },
			set:    func(o *mach.Options, i int) { o.MaxPerTurn = 13 * i },
			preset: func(o mach.Options) int { return yesNo(preset(o).MaxPerTurn > 0) }},
		ints("machiavelli.opt.fine", []int{0, 1, 2, 3}, func(o *mach.Options) *int { return &o.RestoreFine }),
		{key: "machiavelli.opt.end", labels: []string{"machiavelli.end.pass", "machiavelli.end.stock"},
			get:    func(o mach.Options) int { return yesNo(o.End == mach.EndStockDepleted) },
			set:    func(o *mach.Options, i int) { o.End = [2]string{mach.EndPassRound, mach.EndStockDepleted}[i] },
			preset: func(o mach.Options) int { return yesNo(preset(o).End == mach.EndStockDepleted) }},
		{key: "machiavelli.opt.scoring", labels: []string{"machiavelli.scoring.points", "machiavelli.scoring.cards"},
			get:    func(o mach.Options) int { return yesNo(o.Scoring == mach.ScoreCards) },
			set:    func(o *mach.Options, i int) { o.Scoring = [2]string{mach.ScorePoints, mach.ScoreCards}[i] },
			preset: func(o mach.Options) int { return yesNo(preset(o).Scoring == mach.ScoreCards) }},
		ints("machiavelli.opt.games", []int{1, 3, 5, 10}, func(o *mach.Options) *int { return &o.Games }),
	}
}

// preset is the ruleset's own options for the same number of players.
func preset(o mach.Options) mach.Options {
	if o.Ruleset == "bga" {
		return mach.BGA(o.Players)
	}
	return mach.Coppola(o.Players)
}

// houseRules reports whether any option differs from the ruleset's preset.
func houseRules(o mach.Options) bool { return o != preset(o) }

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
	if ctx.Input.Clicked() && s.click(ctx, x, y) {
		ctx.Input.UseClick()
		ctx.Audio.Play(game.SoundClick)
	}
	switch s.focus.Update(ctx) {
	case 0:
		s.start(ctx)
	case 1:
		ctx.Pop()
	}
	return nil
}

// click handles a click on a segment; it reports whether it took it.
func (s *Setup) click(ctx *game.Context, x, y float64) bool {
	if i := table.SegmentAt(setupPlayers, 7, x, y); i >= 0 {
		s.players = i + 2
		s.opt.Players = s.players
		return true
	}
	if i := table.SegmentAt(setupRuleset, 2, x, y); i >= 0 {
		if i == 0 {
			s.opt = mach.Coppola(s.players)
		} else {
			s.opt = mach.BGA(s.players)
		}
		return true
	}
	for k := 0; k < s.players; k++ {
		if i := table.SegmentAt(setupSeatRect(k), numSeatOpts, x, y); i >= 0 {
			s.seats[k] = i
			return true
		}
	}
	for k, row := range s.rows {
		if i := table.SegmentAt(optionRect(k), len(row.labels), x, y); i >= 0 {
			row.set(&s.opt, i)
			return true
		}
	}
	if i := table.SegmentAt(setupHints, 2, x, y); i >= 0 {
		s.noHints = i == 1
		return true
	}
	if setupSeed.Contains(x, y) {
		s.seed.Editing = true
		return true
	}
	return false
}

// config is the chosen setup.
func (s *Setup) config(ctx *game.Context) (Config, error) {
	cfg := Config{Options: s.opt, Seed: uint64(ctx.Seed), NoHints: s.noHints}
	cfg.Options.Players = s.players
	for k := 0; k < s.players; k++ {
		if s.seats[k] == optHuman {
			cfg.Players = append(cfg.Players, play.Player{Kind: play.Human})
		} else {
			cfg.Players = append(cfg.Players, levels[s.seats[k]])
		}
	}
	seed, err := s.seed.Seed(cfg.Seed)
	if err != nil {
		return cfg, err
	}
	cfg.Seed = seed
	return cfg, cfg.Options.Validate()
}

func (s *Setup) start(ctx *game.Context) {
	cfg, err := s.config(ctx)
	if err != nil {
		ctx.Notice(err.Error())
		return
	}
	t, err := NewTable(ctx, cfg)
	if err != nil {
		ctx.Notice(err.Error())
		return
	}
	ctx.Replace(t)
}

// Draw implements game.Scene.
func (s *Setup) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	p.Spaced(ctx.T("game.machiavelli.name"), scenes.Font{Style: scenes.FontHeading.Style, Size: 46}, screenW/2, 34, 6, scenes.Crimson)
	p.Text(ctx.T("machiavelli.setup.line"), scenes.Font{Style: assets.FontItalic, Size: 17}, screenW/2, 92, scenes.Center, scenes.InkSoft)
	label := func(text string, r scenes.Rect) {
		p.TextMiddle(text, scenes.Font{Style: assets.FontRegular, Size: 18}, r.X-14, r.Y+r.H/2, scenes.Right, scenes.Ink)
	}
	label(ctx.T("machiavelli.setup.players"), setupPlayers)
	table.DrawSegments(p, setupPlayers, []string{"2", "3", "4", "5", "6", "7", "8"}, s.players-2, 0)
	for k := 0; k < s.players; k++ {
		r := setupSeatRect(k)
		table.DrawMarker(p, r.X-150, r.Y+r.H/2, 9, 0, seatColours[k])
		p.TextMiddle(seatNames[k], scenes.Font{Style: assets.FontBold, Size: 18}, r.X-134, r.Y+r.H/2, scenes.Left, scenes.Ink)
		labels := make([]string, numSeatOpts)
		for i := range labels {
			labels[i] = ctx.T(seatOptKeys[i])
		}
		table.DrawSegments(p, r, labels, s.seats[k], 0)
	}
	p.Paragraph(ctx.T("machiavelli.setup.levels"), scenes.Font{Style: assets.FontItalic, Size: 14}, 80, 192+float64(s.players)*44, 580, 17, scenes.InkSoft)

	label(ctx.T("machiavelli.setup.ruleset"), setupRuleset)
	table.DrawSegments(p, setupRuleset, []string{ctx.T("machiavelli.ruleset.coppola"), ctx.T("machiavelli.ruleset.bga")}, yesNo(s.opt.Ruleset == "bga"), 0)
	for k, row := range s.rows {
		r := optionRect(k)
		labels := make([]string, len(row.labels))
		for i, l := range row.labels {
			labels[i] = l
			if _, err := strconv.Atoi(l); err != nil {
				labels[i] = ctx.T(l)
			}
		}
		changed := row.get(s.opt) != row.preset(s.opt)
		c := scenes.Ink
		if changed {
			c = scenes.Crimson
		}
		p.TextMiddle(ctx.T(row.key), scenes.Font{Style: assets.FontRegular, Size: 16}, r.X-12, r.Y+r.H/2, scenes.Right, c)
		if changed {
			p.Circle(r.X-6, r.Y+4, 3, scenes.Crimson)
		}
		table.DrawSegments(p, r, labels, row.get(s.opt), 0)
	}
	note := ctx.T("machiavelli.setup.preset")
	if houseRules(s.opt) {
		note = ctx.T("machiavelli.setup.house")
	}
	p.Text(note, scenes.Font{Style: assets.FontItalic, Size: 15}, 1100, 186+float64(len(s.rows))*38+4, scenes.Center, scenes.CrimsonDeep)
	if err := s.validate(); err != nil {
		p.Paragraph(err.Error(), scenes.Font{Style: assets.FontItalic, Size: 14}, 700, 580, 540, 17, scenes.Crimson)
	}

	label(ctx.T("machiavelli.setup.seed"), setupSeed)
	r := setupSeed
	s.seed.Draw(p, ctx, r, ctx.T("machiavelli.setup.seed.random"), scenes.Font{Style: assets.FontRegular, Size: 17}, 0)
	label(ctx.T("machiavelli.setup.hints"), setupHints)
	table.DrawSegments(p, setupHints, []string{ctx.T("machiavelli.yes"), ctx.T("machiavelli.no")}, yesNo(s.noHints), 0)
	scenes.DrawButton(p, setupStart, ctx.T("machiavelli.setup.start"), s.focus.Glow(0), s.validate() == nil)
	scenes.DrawButton(p, setupBack, ctx.T("machiavelli.setup.back"), s.focus.Glow(1), true)
}

func (s *Setup) validate() error {
	o := s.opt
	o.Players = s.players
	return o.Validate()
}
