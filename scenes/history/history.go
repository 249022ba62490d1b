// Package history draws the game history: the list of the games kept in the config folder
// (game, date, players and levels, winner, length), filtered by game, with each game's
// statistics; and the replay, which plays a game back in that game's own table scene
// through the table.ReplayTable contract. Games are exported to a file a friend can open,
// and imported by dropping a file on the window (or with principe -replay FILE).
package history

import (
	"fmt"
	"io/fs"
	"math"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"principe/game"
	hist "principe/game/history"
	"principe/scenes"
	"principe/scenes/table"
)

func init() {
	game.RegisterScene("history", func(ctx *game.Context) (game.Scene, error) { return New(ctx), nil })
}

// ExportFolder is the folder of the config folder where exported games are written.
const ExportFolder = "exports"

// Layout of the list scene (logical pixels).
var (
	listRect  = scenes.Rect{X: 50, Y: 172, W: 790, H: 432}
	statsRect = scenes.Rect{X: 862, Y: 172, W: 368, H: 432}
)

const (
	rowH     = 54.0
	rowsShow = 7
	listTop  = 214.0 // first row, below the column headings
)

// FilterRect is where filter f is (0: every game, then the games in game.GameOrder).
func FilterRect(f int) scenes.Rect {
	return table.Segment(scenes.Rect{X: 50, Y: 116, W: 790, H: 40}, 1+len(game.GameOrder), f)
}

// RowRect is where visible row i of the list is drawn.
func RowRect(i int) scenes.Rect {
	return scenes.Rect{X: listRect.X + 8, Y: listTop + float64(i)*rowH, W: listRect.W - 16, H: rowH - 4}
}

// Buttons of the list scene.
const (
	ButtonWatch = iota
	ButtonExport
	ButtonAbandon
	ButtonBack
	numButtons
)

// ButtonRect is where button b (ButtonWatch, ButtonExport, ButtonAbandon, ButtonBack) is.
func ButtonRect(b int) scenes.Rect {
	return scenes.Rect{X: 50 + float64(b)*200, Y: 626, W: 186, H: 56}
}

// History is the list scene.
type History struct {
	store     *hist.Store // nil for the games of a file (principe -replay FILE)
	file      string      // the file's name, when the list shows a file's games
	all       []*hist.Entry
	shown     []*hist.Entry
	stats     map[string]*hist.Stats
	filter    int
	sel       int // index into shown, -1 none
	top       int // first visible row
	focus     int // the button Enter presses
	glow      [numButtons]float64
	problems  []hist.Problem
	loadErr   error
	openFirst bool        // open the first game in the replay at the first update (NewFile)
	current   *hist.Entry // the game in progress (the autosave), listed first; nil for none
	confirm   bool        // Abandon was pressed once: the next press abandons the game in progress
}

// New opens the history kept in the config folder.
func New(ctx *game.Context) *History {
	h := &History{sel: -1}
	st, err := hist.Open(ctx.Store)
	if err != nil {
		h.loadErr = err
	} else {
		h.store = st
	}
	return h
}

// NewFile shows the games of a file (principe -replay FILE), without the stored history,
// and opens the first of them in the replay at once.
func NewFile(name string, entries []*hist.Entry) *History {
	h := &History{file: name, all: entries, sel: -1, openFirst: true}
	h.refilter()
	if len(h.shown) > 0 {
		h.sel = 0
	}
	return h
}

// OpenFile reads a game file (any form history.ImportAll reads: an exported game, an
// autosave, a record, an arena -jsonl file) and returns the scene that shows its games and
// replays the first; a file that does not import is refused with the record's reason.
func OpenFile(name string, data []byte) (game.SceneFactory, error) {
	games, err := hist.ImportAll(data)
	if err != nil {
		return nil, err
	}
	for _, e := range games {
		if _, ok := table.LookupReplay(e.Game); !ok {
			return nil, fmt.Errorf("%s games cannot be replayed yet", e.Game)
		}
	}
	return func(ctx *game.Context) (game.Scene, error) { return NewFile(name, games), nil }, nil
}

// Enter implements game.Entered: the list is read again (a game may have ended since).
func (h *History) Enter(ctx *game.Context) {
	ctx.Audio.SetMusic(true)
	if h.store == nil {
		return
	}
	h.reload(ctx)
}

func (h *History) reload(ctx *game.Context) {
	entries, problems, err := h.store.Load()
	h.loadErr = err
	h.all = entries
	h.current, h.confirm = nil, false
	if _, data, ok := game.ReadAutosave(ctx.Store); ok {
		if e, err := hist.NewEntry(data, time.Now()); err == nil && e.Moves() > 0 {
			h.current = e
			h.all = append([]*hist.Entry{e}, h.all...)
		}
	}
	if len(problems) > 0 {
		h.problems = problems
		kept := problems[0].KeptAs
		if kept == "" {
			kept = problems[0].Name
		}
		ctx.Notice(ctx.F("history.notice.set_aside", len(problems), kept))
	}
	h.refilter()
	if h.sel < 0 && len(h.shown) > 0 {
		h.sel = 0
	}
}

// filterGame is the game filter f keeps ("" for every game).
func filterGame(f int) string {
	if f <= 0 || f > len(game.GameOrder) {
		return ""
	}
	return game.GameOrder[f-1]
}

func (h *History) refilter() {
	h.shown = h.shown[:0]
	g := filterGame(h.filter)
	for _, e := range h.all {
		if g == "" || e.Game == g {
			h.shown = append(h.shown, e)
		}
	}
	kept := make([]*hist.Entry, 0, len(h.shown))
	for _, e := range h.shown {
		if e != h.current {
			kept = append(kept, e)
		}
	}
	h.stats = hist.Statistics(kept)
	h.sel = min(h.sel, len(h.shown)-1)
	if h.sel < 0 && len(h.shown) > 0 {
		h.sel = 0
	}
	h.scrollTo(h.sel)
}

func (h *History) scrollTo(i int) {
	if i < 0 {
		h.top = 0
		return
	}
	if i < h.top {
		h.top = i
	}
	if i >= h.top+rowsShow {
		h.top = i - rowsShow + 1
	}
	h.top = max(0, min(h.top, len(h.shown)-rowsShow))
}

// Update implements game.Scene.
func (h *History) Update(ctx *game.Context) error {
	if h.openFirst {
		h.openFirst = false
		return h.watch(ctx)
	}
	h.importDropped(ctx)
	in := ctx.Input
	if in.Back() {
		h.leave(ctx)
		return nil
	}
	x, y := in.Cursor()
	if in.Clicked() {
		for f := 0; f <= len(game.GameOrder); f++ {
			if FilterRect(f).Contains(x, y) {
				in.UseClick()
				ctx.Audio.Play(game.SoundClick)
				h.filter = f
				h.refilter()
			}
		}
		for i := 0; i < rowsShow && h.top+i < len(h.shown); i++ {
			if RowRect(i).Contains(x, y) {
				in.UseClick()
				ctx.Audio.Play(game.SoundClick)
				if h.sel == h.top+i {
					return h.watch(ctx)
				}
				h.sel, h.confirm = h.top+i, false
			}
		}
	}
	if w := in.Wheel(); w != 0 && listRect.Contains(x, y) {
		h.top = max(0, min(h.top-int(math.Copysign(1, w)), len(h.shown)-rowsShow))
	}
	switch {
	case in.Key(ebiten.KeyPageDown):
		h.move(ctx, rowsShow)
	case in.Key(ebiten.KeyPageUp):
		h.move(ctx, -rowsShow)
	case in.KeyOnce(ebiten.KeyTab):
		h.filter = (h.filter + 1) % (1 + len(game.GameOrder))
		h.refilter()
	case in.KeyOnce(ebiten.KeyE):
		h.export(ctx)
	}
	// Up and Down move in the list; the buttons take Left, Right, Enter and clicks.
	if in.Key(ebiten.KeyArrowDown) {
		h.move(ctx, 1)
	} else if in.Key(ebiten.KeyArrowUp) {
		h.move(ctx, -1)
	}
	if h.focus < 0 {
		h.focus = ButtonWatch
	}
	if in.Key(ebiten.KeyArrowRight) {
		h.focus = min(h.focus+1, numButtons-1)
	} else if in.Key(ebiten.KeyArrowLeft) {
		h.focus = max(h.focus-1, 0)
	}
	enabled := h.enabled()
	pressed := -1
	for b := 0; b < numButtons; b++ {
		r := ButtonRect(b)
		if in.Moved() && r.Contains(x, y) && enabled[b] {
			h.focus = b
		}
		if in.Clicked() && r.Contains(x, y) && enabled[b] {
			in.UseClick()
			pressed = b
		}
	}
	if in.Confirm() && enabled[h.focus] {
		pressed = h.focus
	}
	for b := range h.glow {
		target := 0.0
		if b == h.focus && enabled[b] {
			target = 1
		}
		h.glow[b] = scenes.Approach(h.glow[b], target, 0.25, ctx.AnimFactor())
	}
	if pressed >= 0 {
		ctx.Audio.Play(game.SoundClick)
	}
	switch pressed {
	case ButtonWatch:
		return h.watch(ctx)
	case ButtonExport:
		h.export(ctx)
	case ButtonAbandon:
		h.abandon(ctx)
	case ButtonBack:
		h.leave(ctx)
	}
	return nil
}

// enabled says which buttons may be pressed now.
func (h *History) enabled() [numButtons]bool {
	sel := h.selected()
	return [numButtons]bool{sel != nil, sel != nil, sel != nil && sel == h.current, true}
}

// abandon ends the game in progress for good, after a second press: it is kept in the
// history as unfinished and Continue no longer offers it.
func (h *History) abandon(ctx *game.Context) {
	e := h.selected()
	if e == nil || e != h.current || h.store == nil {
		return
	}
	if !h.confirm {
		h.confirm = true
		ctx.Notice(ctx.T("history.notice.abandon_confirm"))
		return
	}
	if _, err := h.store.Add(e); err != nil {
		ctx.Notice(ctx.F("history.notice.abandon_failed", err))
		return
	}
	if err := ctx.Store.Remove(game.AutosaveName); err != nil {
		ctx.Notice(ctx.F("history.notice.abandon_failed", err))
	} else {
		ctx.Notice(ctx.F("history.notice.abandoned", ctx.T("game."+e.Game+".name")))
	}
	h.reload(ctx)
}

func (h *History) move(ctx *game.Context, d int) {
	if len(h.shown) == 0 {
		return
	}
	n := max(0, min(h.sel+d, len(h.shown)-1))
	if n != h.sel {
		ctx.Audio.Play(game.SoundHover)
	}
	h.sel = n
	h.confirm = false
	h.scrollTo(n)
}

func (h *History) selected() *hist.Entry {
	if h.sel < 0 || h.sel >= len(h.shown) {
		return nil
	}
	return h.shown[h.sel]
}

// leave goes back to the title (opened directly with -replay, the list replaces itself
// with the title).
func (h *History) leave(ctx *game.Context) {
	if ctx.Depth() > 1 {
		ctx.Pop()
		return
	}
	if s, err := scenes.NewTitle(ctx); err == nil {
		ctx.Replace(s)
	}
}

// watch opens the selected game in the replay.
func (h *History) watch(ctx *game.Context) error {
	e := h.selected()
	if e == nil {
		return nil
	}
	if h.store != nil && e.Name != "" {
		// The list only skimmed the document: its record is checked now, by replaying it.
		full, err := h.store.Read(e.Name)
		if err != nil && !game.IsNotExist(err) {
			p := h.store.SetAside(e.Name, err)
			h.problems = append([]hist.Problem{p}, h.problems...)
			h.reload(ctx)
			ctx.Notice(ctx.F("history.notice.import_refused", e.Name, err))
			return nil
		}
		if err == nil {
			e = full
		}
	}
	r, err := NewReplay(ctx, e)
	if err != nil {
		ctx.Notice(err.Error())
		return nil
	}
	ctx.Push(r)
	return nil
}

// export writes the selected game to the exports folder of the config folder, as a file
// any Principe opens (and arena replay checks).
func (h *History) export(ctx *game.Context) {
	e := h.selected()
	if e == nil {
		return
	}
	data, err := hist.Export(e)
	if err == nil {
		var dir game.Folder
		dir, err = game.SubFolder(ctx.Store, ExportFolder)
		if err == nil {
			name := exportName(e)
			if err = dir.Write(name, data); err == nil {
				ctx.Notice(ctx.F("history.notice.exported", joinLocation(dir.Location(), name)))
				return
			}
		}
	}
	ctx.Notice(ctx.F("history.notice.export_failed", err))
}

func exportName(e *hist.Entry) string {
	if e.Name != "" {
		return "principe-" + e.Name
	}
	return fmt.Sprintf("principe-%s-%d.json", e.Game, e.Seed)
}

func joinLocation(loc, name string) string {
	if strings.HasPrefix(loc, "localStorage:") || strings.HasPrefix(loc, "memory:") {
		return loc + name
	}
	return filepath.Join(loc, name)
}

// importDropped imports the game files dropped on the window: each is checked with the
// rules' Replay; a good one joins the history, a bad one is refused with its reason.
func (h *History) importDropped(ctx *game.Context) {
	dropped := ebiten.DroppedFiles()
	if dropped == nil {
		return
	}
	entries, err := fs.ReadDir(dropped, ".")
	if err != nil {
		return
	}
	added, refused := 0, ""
	for _, de := range entries {
		if de.IsDir() {
			continue
		}
		data, err := fs.ReadFile(dropped, de.Name())
		if err == nil {
			err = h.importData(data)
		}
		if err != nil {
			refused = ctx.F("history.notice.import_refused", path.Base(de.Name()), err)
			continue
		}
		added++
	}
	if h.store != nil {
		h.reload(ctx)
	}
	switch {
	case refused != "":
		ctx.Notice(refused)
	case added > 0:
		ctx.Notice(ctx.F("history.notice.imported", added))
	}
}

// importData adds the games of a file to the history (to the list, for a file's list).
func (h *History) importData(data []byte) error {
	games, err := hist.ImportAll(data)
	if err != nil {
		return err
	}
	for _, e := range games {
		if h.store == nil {
			h.all = append(h.all, e)
			continue
		}
		if e.Ended.IsZero() {
			e.Ended = time.Now().UTC().Truncate(time.Second)
		}
		if _, err := h.store.Add(e); err != nil {
			return err
		}
	}
	if h.store == nil {
		h.refilter()
	}
	return nil
}
