package niccolo

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	"principe/rules"
	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// HighScoresName is the document holding the solitaire high scores.
const HighScoresName = "niccolo-highscores.json"

// HighScore is one solitaire win.
type HighScore struct {
	Score int       `json:"score"`
	Date  time.Time `json:"date"`
	Seed  uint64    `json:"seed"`
}

// LoadHighScores reads the top-10 table (empty when there is none or it is unreadable).
func LoadHighScores(store game.Storage) []HighScore {
	data, err := store.Read(HighScoresName)
	if err != nil {
		return nil
	}
	var hs []HighScore
	if json.Unmarshal(data, &hs) != nil {
		return nil
	}
	sortScores(hs)
	return hs
}

func sortScores(hs []HighScore) {
	sort.SliceStable(hs, func(i, j int) bool {
		if hs[i].Score != hs[j].Score {
			return hs[i].Score > hs[j].Score
		}
		return hs[i].Date.Before(hs[j].Date)
	})
}

// AddHighScore records a win and keeps the best ten; it returns the new table and the
// place of the new entry (-1 if it did not make the table).
func AddHighScore(store game.Storage, h HighScore) ([]HighScore, int, error) {
	hs := append(LoadHighScores(store), h)
	sortScores(hs)
	place := -1
	for i := range hs {
		if hs[i] == h {
			place = i
			break
		}
	}
	if len(hs) > 10 {
		hs = hs[:10]
	}
	if place >= 10 {
		place = -1
	}
	data, err := json.MarshalIndent(hs, "", "  ")
	if err != nil {
		return hs, place, err
	}
	return hs, place, store.Write(HighScoresName, data)
}

// Results is the end-of-game scene.
type Results struct {
	cfg    Config
	panel  table.Results
	colour int
	scores []HighScore
	place  int
	solo   bool
}

func newResults(ctx *game.Context, t *Table) *Results {
	out := t.m.State().Outcome()
	r := &Results{cfg: t.cfg, colour: -1, place: -1, solo: t.cfg.Variant == nic.Solitaire}
	names := ""
	for i, w := range out.Winners {
		if i > 0 {
			names += " & "
		}
		names += nic.FamilyNames[w]
	}
	switch {
	case len(out.Winners) == 0:
		r.panel.Headline = ctx.T("niccolo.results.lost")
	default:
		r.panel.Headline = ctx.F("niccolo.results.won", names)
		r.colour = int(out.Winners[0])
	}
	r.panel.Subline = ctx.F("niccolo.results.rounds", out.Rounds)
	if r.solo {
		score := 0
		for _, w := range out.Winners {
			if t.m.Player(w).Kind != "auto" {
				score = int(out.Scores[w])
			}
		}
		won := len(out.Winners) > 0 && t.m.Player(out.Winners[0]).Kind != "auto"
		if won {
			var err error
			r.scores, r.place, err = AddHighScore(ctx.Store, HighScore{Score: score, Date: time.Now().UTC(), Seed: t.cfg.Seed})
			if err != nil {
				ctx.Notice(ctx.F("niccolo.notice.scores", err))
			}
			r.panel.Subline = ctx.F("niccolo.results.score", score, out.Rounds)
		} else {
			r.scores = LoadHighScores(ctx.Store)
			r.panel.Headline = ctx.T("niccolo.results.lost")
		}
	}
	r.panel.Header = []string{ctx.F("niccolo.results.reshuffles", t.st.reshuffl), ctx.T("niccolo.results.cards"), ctx.T("niccolo.results.squares"),
		ctx.T("niccolo.results.jumps"), ctx.T("niccolo.results.gambados"), ctx.T("niccolo.results.progress")}
	for f := 0; f < 4; f++ {
		r.panel.Rows = append(r.panel.Rows, []string{"      " + nic.FamilyNames[f] + " · " + t.seatLabel(ctx, f),
			fmt.Sprint(t.st.cards[f]), fmt.Sprint(t.st.squares[f]), fmt.Sprint(t.st.jumps[f]), fmt.Sprint(t.st.gambados[f]), fmt.Sprintf("%d / 32", t.v.progress[f])})
		won := false
		for _, w := range out.Winners {
			won = won || int(w) == f
		}
		r.panel.Marked = append(r.panel.Marked, won)
	}
	if r.solo {
		r.panel.Width, r.panel.Left = 800, 60
	}
	r.panel.Buttons = [2]string{ctx.T("table.again"), ctx.T("table.to_menu")}
	return r
}

// Update implements game.Scene.
func (r *Results) Update(ctx *game.Context) error {
	switch r.panel.Update(ctx) {
	case 0:
		cfg := r.cfg
		rng := rules.NewRNG(cfg.Seed)
		cfg.Seed = rng.Uint64()
		t, err := NewTable(ctx, cfg)
		if err != nil {
			ctx.Notice(err.Error())
			return nil
		}
		ctx.Replace(t)
	case 1:
		ctx.Pop()
	}
	if ctx.Input.Back() {
		ctx.Pop()
	}
	return nil
}

// Draw implements game.Scene.
func (r *Results) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	banner := scenes.InkSoft
	if r.colour >= 0 {
		banner = familyInk[r.colour]
	}
	if r.solo {
		// Leave room for the high-score table on the right.
		drawScoreTable(p, ctx, r.scores, r.place, scenes.Rect{X: 900, Y: 200, W: 320, H: 380})
	}
	r.panel.Draw(p, banner)
	left := r.panel.Left
	if left == 0 {
		left = game.LogicalWidth/2 - 450
	}
	for f := 0; f < 4; f++ {
		drawPieceSprite(p, f, left+26, 266+float64(f)*38+11, 13, 1)
	}
	if r.colour >= 0 {
		table.PieceShadow(p, game.LogicalWidth/2-340, 112, 30, 0.5)
		drawPieceSprite(p, r.colour, game.LogicalWidth/2-340, 112, 30, 1)
	}
}

// drawScoreTable draws the solitaire top ten in r, the new entry (place) in crimson.
func drawScoreTable(p scenes.Painter, ctx *game.Context, hs []HighScore, place int, r scenes.Rect) {
	table.DrawPanel(p, r)
	p.Text(ctx.T("niccolo.scores.title"), scenes.Font{Style: "smallcaps", Size: 24}, r.X+r.W/2, r.Y+10, scenes.Center, scenes.CrimsonDeep)
	f := scenes.Font{Style: "regular", Size: 15}
	y := r.Y + 50
	p.Text(ctx.T("niccolo.scores.header"), scenes.Font{Style: "bold", Size: 14}, r.X+16, y, scenes.Left, scenes.InkSoft)
	if len(hs) == 0 {
		p.Text(ctx.T("niccolo.scores.none"), scenes.Font{Style: "italic", Size: 15}, r.X+r.W/2, y+40, scenes.Center, scenes.InkSoft)
	}
	for i, h := range hs {
		yy := y + 26 + float64(i)*30
		c := scenes.Ink
		if i == place {
			c = scenes.Crimson
			p.RoundRect(r.X+8, yy-4, r.W-16, 26, 6, scenes.Fade(scenes.GoldLight, 0.5))
		}
		p.Text(fmt.Sprintf("%2d.", i+1), f, r.X+16, yy, scenes.Left, c)
		p.Text(fmt.Sprint(h.Score), scenes.Font{Style: "bold", Size: 15}, r.X+70, yy, scenes.Right, c)
		p.Text(h.Date.Local().Format("2006-01-02"), f, r.X+90, yy, scenes.Left, c)
		p.Text(fmt.Sprint(h.Seed), scenes.Font{Style: "regular", Size: 12}, r.X+r.W-14, yy+2, scenes.Right, scenes.InkSoft)
	}
}

// Scores is the high-score scene reachable from the setup.
type Scores struct {
	scores []HighScore
	back   scenes.FocusList
}

func newScores(ctx *game.Context, _ []HighScore) *Scores {
	s := &Scores{scores: LoadHighScores(ctx.Store)}
	s.back.Items = []scenes.Item{{Rect: scenes.Rect{X: 520, Y: 610, W: 240, H: 56}, Enabled: true}}
	s.back.Focus = 0
	return s
}

// Update implements game.Scene.
func (s *Scores) Update(ctx *game.Context) error {
	if s.back.Update(ctx) == 0 || ctx.Input.Back() {
		ctx.Pop()
	}
	return nil
}

// Draw implements game.Scene.
func (s *Scores) Draw(screen *ebiten.Image, ctx *game.Context) {
	p := scenes.NewPainter(screen, ctx)
	scenes.DrawParchment(p)
	scenes.DrawFrame(p)
	p.Spaced(ctx.T("niccolo.scores.heading"), scenes.FontHeading, game.LogicalWidth/2, 50, 4, scenes.Crimson)
	drawScoreTable(p, ctx, s.scores, -1, scenes.Rect{X: 440, Y: 150, W: 400, H: 420})
	scenes.DrawButton(p, s.back.Items[0].Rect, ctx.T("niccolo.setup.back"), s.back.Glow(0), true)
}
