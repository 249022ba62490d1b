package intrigo

import (
	"encoding/json"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/assets"
	"principe/game"
	"principe/game/play"
	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
	"principe/scenes/table"
)

// The promise ledger, one click away: every promise and deal with its status, each
// seat's reputation, and the private notes of the human in view on each rival.

var (
	ledgerRect      = scenes.Rect{X: 120, Y: 56, W: 1040, H: 640}
	ledgerListRect  = scenes.Rect{X: 136, Y: 100, W: 620, H: 580}
	ledgerCloseRect = scenes.Rect{X: 1030, Y: 66, W: 116, H: 30}
)

// notesRect is where the note on rival k (in seat order, the viewer skipped) is.
func notesRect(k int) scenes.Rect {
	return scenes.Rect{X: 772, Y: 318 + float64(k)*88, W: 372, H: 80}
}

type ledgerPanel struct {
	viewer  rules.Seat
	scroll  int
	editing rules.Seat      // the rival whose note is being typed, or NoSeat
	note    table.TextField // that note, being typed
}

func newLedgerPanel(viewer rules.Seat) *ledgerPanel {
	return &ledgerPanel{viewer: viewer, editing: rules.NoSeat}
}

// rivals are the seats the viewer may keep notes on.
func (l *ledgerPanel) rivals(n int) []rules.Seat {
	var out []rules.Seat
	for s := 0; s < n; s++ {
		if rules.Seat(s) != l.viewer {
			out = append(out, rules.Seat(s))
		}
	}
	return out
}

// update handles the panel; it reports whether the panel closes.
func (l *ledgerPanel) update(ctx *game.Context, t *Table) bool {
	if l.editing != rules.NoSeat {
		if l.note.Edit(ctx, 300) {
			t.notes.set(l.viewer, l.editing, l.note.Text())
		}
		if table.EnterPressed(ctx) || ctx.Input.KeyOnce(ebiten.KeyEscape) || ctx.Input.Clicked() { // Space is typed
			ctx.Input.UseClick()
			l.editing = rules.NoSeat
			t.notes.save(ctx.Store)
		}
		return false
	}
	x, y := ctx.Input.Cursor()
	if ledgerListRect.Contains(x, y) {
		if w := ctx.Input.Wheel(); w != 0 {
			l.scroll = max(0, l.scroll+int(w*2))
		}
	}
	if ctx.Input.Back() {
		return true
	}
	if ctx.Input.Clicked() {
		if ledgerCloseRect.Contains(x, y) {
			ctx.Input.UseClick()
			return true
		}
		if t.canNote(l.viewer) {
			for k, s := range l.rivals(t.v.obs.Table.Players) {
				if notesRect(k).Contains(x, y) {
					ctx.Input.UseClick()
					l.editing = s
					l.note.Set(t.notes.get(l.viewer, s))
				}
			}
		}
	}
	return false
}

// canNote: notes belong to a human seat in view.
func (t *Table) canNote(viewer rules.Seat) bool {
	return viewer >= 0 && t.m.Player(viewer).Kind == play.Human
}

func (l *ledgerPanel) draw(p scenes.Painter, ctx *game.Context, t *Table) {
	p.Rect(0, 0, game.LogicalWidth, game.LogicalHeight, scenes.Fade(scenes.Ink, 0.35))
	table.DrawPanel(p, ledgerRect)
	tb := &t.v.obs.Table
	p.Text(ctx.T("intrigo.ledger.title"), scenes.Font{Style: assets.FontSmallCaps, Size: 28}, ledgerRect.X+16, ledgerRect.Y+6, scenes.Left, scenes.Crimson)
	scenes.DrawButton(p, ledgerCloseRect, ctx.T("intrigo.ledger.close"), 0, true)
	// The entries, newest first.
	y := ledgerListRect.Y
	if len(tb.Ledger) == 0 {
		p.Text(ctx.T("intrigo.ledger.empty"), fontItal, ledgerListRect.X, y, scenes.Left, scenes.InkSoft)
	}
	skip := l.scroll
	for i := len(tb.Ledger) - 1; i >= 0 && y < ledgerListRect.Y+ledgerListRect.H-20; i-- {
		if skip > 0 {
			skip--
			continue
		}
		e := tb.Ledger[i]
		c := scenes.InkSoft
		switch e.Status {
		case ig.Kept:
			c = color3(0x2f, 0x70, 0x3a)
		case ig.Broken:
			c = scenes.Crimson
		}
		p.Circle(ledgerListRect.X+6, y+9, 5, seatColour(e.Promiser))
		p.StrokeCircle(ledgerListRect.X+6, y+9, 5, 1, scenes.Ink)
		p.Text(ctx.T("intrigo.status."+string(e.Status)), scenes.Font{Style: assets.FontBold, Size: 13}, ledgerListRect.X+ledgerListRect.W, y+1, scenes.Right, c)
		y += p.Paragraph(promiseLine(ctx, tb, e), fontSmall, ledgerListRect.X+18, y, ledgerListRect.W-110, 15, scenes.Ink) + 6
	}
	// Reputations.
	x0 := 772.0
	p.Text(ctx.T("intrigo.ledger.reputation"), fontHead, x0, 100, scenes.Left, scenes.CrimsonDeep)
	for s := 0; s < tb.Players; s++ {
		r := tb.Reputation(rules.Seat(s))
		yy := 128 + float64(s)*24
		p.Circle(x0+8, yy+9, 6, seatColour(rules.Seat(s)))
		p.StrokeCircle(x0+8, yy+9, 6, 1, scenes.Ink)
		p.Text(seatName(ctx, rules.Seat(s)), fontBold, x0+22, yy, scenes.Left, scenes.Ink)
		p.Text(ctx.F("intrigo.ledger.rep", r.Kept, r.Broken, r.Pending), fontSmall, x0+120, yy+2, scenes.Left, scenes.Ink)
	}
	// Private notes.
	if !t.canNote(l.viewer) {
		p.Paragraph(ctx.T("intrigo.notes.none"), fontItal, x0, 292, 360, 17, scenes.InkSoft)
		return
	}
	p.Text(ctx.F("intrigo.notes.title", seatName(ctx, l.viewer)), fontHead, x0, 290, scenes.Left, scenes.CrimsonDeep)
	for k, s := range l.rivals(tb.Players) {
		r := notesRect(k)
		edge := scenes.GoldDeep
		if l.editing == s {
			edge = scenes.Crimson
		}
		p.RoundRect(r.X, r.Y, r.W, r.H, 6, table.Ivory)
		p.StrokeRoundRect(r.X, r.Y, r.W, r.H, 6, 1.2, edge)
		p.Text(seatName(ctx, s), fontBold, r.X+8, r.Y+4, scenes.Left, scenes.Ink)
		note := t.notes.get(l.viewer, s)
		if note == "" && l.editing != s {
			note = ctx.T("intrigo.notes.hint")
		}
		if l.editing == s {
			note = l.note.WithCaret((ctx.Tick/30)%2 == 0)
		}
		p.Paragraph(note, fontSmall, r.X+8, r.Y+24, r.W-16, 15, scenes.Ink)
	}
}

// notes are the private notes of each human seat on its rivals, kept in a document of
// their own (by game seed) so they outlive a resume; the curtain hides them with the rest.
type notes struct {
	seed uint64
	By   map[string]map[string]string `json:"by"` // viewer → rival → note
}

const notesName = "intrigo-notes.json"

func loadNotes(store game.Storage, seed uint64) notes {
	n := notes{seed: seed}
	var all map[string]notes
	if data, err := store.Read(notesName); err == nil && json.Unmarshal(data, &all) == nil {
		if mine, ok := all[strconv.FormatUint(seed, 10)]; ok {
			n.By = mine.By
		}
	}
	return n
}

func (n *notes) get(viewer, rival rules.Seat) string {
	return n.By[strconv.Itoa(int(viewer))][strconv.Itoa(int(rival))]
}

func (n *notes) set(viewer, rival rules.Seat, text string) {
	if n.By == nil {
		n.By = map[string]map[string]string{}
	}
	v := strconv.Itoa(int(viewer))
	if n.By[v] == nil {
		n.By[v] = map[string]string{}
	}
	n.By[v][strconv.Itoa(int(rival))] = text
}

// save keeps only this game's notes (older games' notes are dropped).
func (n *notes) save(store game.Storage) {
	data, err := json.Marshal(map[string]notes{strconv.FormatUint(n.seed, 10): *n})
	if err == nil {
		_ = store.Write(notesName, data)
	}
}
