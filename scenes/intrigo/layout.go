package intrigo

import (
	"sort"

	"principe/rules"
	ig "principe/rules/intrigo"
	"principe/scenes"
)

// Where everything is on the 1280×720 table: the palaces in a row across the top, then
// the bank, the island and the negotiation history on the left, the action panel in the
// middle and the log on the right.

// Header buttons.
var (
	menuButton   = scenes.Rect{X: 1150, Y: 12, W: 110, H: 30}
	helpButton   = scenes.Rect{X: 1030, Y: 12, W: 110, H: 30}
	ledgerButton = scenes.Rect{X: 880, Y: 12, W: 140, H: 30}
)

// The panels below the palaces.
var (
	bankRect    = scenes.Rect{X: 18, Y: 358, W: 300, H: 56}
	islandRect  = scenes.Rect{X: 18, Y: 420, W: 300, H: 132}
	historyRect = scenes.Rect{X: 18, Y: 558, W: 300, H: 154}
	actionRect  = scenes.Rect{X: 328, Y: 358, W: 540, H: 354}
	logRect     = scenes.Rect{X: 878, Y: 358, W: 384, H: 354}
)

const (
	palaceTop    = 56.0
	palaceHeight = 294.0
	palaceGap    = 8.0
	palaceLeft   = 18.0
	palaceSpan   = 1244.0
)

// PalaceRect is where seat s's palace is drawn at a table of n.
func PalaceRect(s rules.Seat, n int) scenes.Rect {
	w := (palaceSpan - palaceGap*float64(n-1)) / float64(n)
	return scenes.Rect{X: palaceLeft + float64(s)*(w+palaceGap), Y: palaceTop, W: w, H: palaceHeight}
}

// postsRect is the band of a palace holding its four posts.
func postsRect(s rules.Seat, n int) scenes.Rect {
	r := PalaceRect(s, n)
	return scenes.Rect{X: r.X + 8, Y: r.Y + 46, W: r.W - 16, H: 96}
}

// PostRect is post p (0 = 1,000 … 3 = 10,000) of seat s's palace.
func PostRect(s rules.Seat, n, p int) scenes.Rect {
	b := postsRect(s, n)
	w := b.W / ig.Posts
	return scenes.Rect{X: b.X + float64(p)*w + 2, Y: b.Y, W: w - 4, H: b.H}
}

// PostCentre is where an advisor on post p stands.
func PostCentre(s rules.Seat, n, p int) (float64, float64) {
	r := PostRect(s, n, p)
	return r.X + r.W/2, r.Y + 40
}

func postRadius(n int) float64 { return min(20, PostRect(0, n, 0).W*0.34) }

// queueRect is the band in front of a palace where its applicants wait.
func queueRect(s rules.Seat, n int) scenes.Rect {
	r := PalaceRect(s, n)
	return scenes.Rect{X: r.X + 8, Y: r.Y + 150, W: r.W - 16, H: 84}
}

// trayRect is the row of a seat's unplaced advisors, at the foot of its palace.
func trayRect(s rules.Seat, n int) scenes.Rect {
	r := PalaceRect(s, n)
	return scenes.Rect{X: r.X + 8, Y: r.Y + 240, W: r.W - 16, H: 48}
}

const queueR, trayR, islandR = 14.0, 12.0, 11.0

// group is the applicants of one type waiting at a palace, with whether they are in
// conflict there (two or more of the type, or the type already employed).
type group struct {
	typ      ig.AdvisorType
	ids      []int
	conflict bool
	employed bool
	rect     scenes.Rect
}

// employed reports whether palace s has an advisor of typ on a post (public).
func employed(tb *ig.Table, s rules.Seat, typ ig.AdvisorType) int {
	for p, id := range tb.Palaces[s] {
		if id >= 0 && tb.Advisors[id].Type == typ {
			return p
		}
	}
	return -1
}

// groups lays out the applicants waiting at palace s, one box per type (in order of
// first arrival); extra are ghost applicants (staged presentations) drawn after them.
func groups(tb *ig.Table, s rules.Seat, extra []int) []group {
	var gs []group
	index := map[ig.AdvisorType]int{}
	for _, id := range append(append([]int(nil), tb.Waiting[s]...), extra...) {
		typ := tb.Advisors[id].Type
		i, ok := index[typ]
		if !ok {
			i = len(gs)
			index[typ] = i
			gs = append(gs, group{typ: typ})
		}
		gs[i].ids = append(gs[i].ids, id)
	}
	q := queueRect(s, len(tb.Palaces))
	step := queueR*2 + 4
	// Shrink the spacing if the groups do not fit.
	total := 0.0
	for _, g := range gs {
		total += float64(len(g.ids))*step + 10
	}
	total += 6 * float64(max(0, len(gs)-1))
	if total > q.W {
		step *= q.W / total
	}
	x := q.X
	for i := range gs {
		g := &gs[i]
		g.employed = employed(tb, s, g.typ) >= 0
		g.conflict = len(g.ids) > 1 || g.employed
		w := float64(len(g.ids))*step + 10
		g.rect = scenes.Rect{X: x, Y: q.Y + 22, W: w, H: queueR*2 + 14}
		x += w + 6
	}
	return gs
}

// applicantAt is where applicant id stands in front of palace s ("ok" false if it does
// not wait there).
func applicantAt(tb *ig.Table, s rules.Seat, id int, extra []int) (float64, float64, bool) {
	for _, g := range groups(tb, s, extra) {
		for k, a := range g.ids {
			if a == id {
				step := (g.rect.W - 10) / float64(len(g.ids))
				return g.rect.X + 5 + step*(float64(k)+0.5), g.rect.Y + g.rect.H/2, true
			}
		}
	}
	return 0, 0, false
}

// trayAt is where an unplaced advisor stands: its slot (by identity) in its owner's tray.
func trayAt(n int, a ig.Advisor) (float64, float64) {
	r := trayRect(a.Owner, n)
	k := a.ID % ig.AdvisorsPerColour
	w := r.W / ig.AdvisorsPerColour
	return r.X + w*(float64(k)+0.5), r.Y + 30
}

// islanders are the exiled advisors in a stable order (by identity).
func islanders(tb *ig.Table) []int {
	var ids []int
	for _, a := range tb.Advisors {
		if a.Where == ig.Island {
			ids = append(ids, a.ID)
		}
	}
	sort.Ints(ids)
	return ids
}

// islandAt is where the k-th exile stands.
func islandAt(k int) (float64, float64) {
	const perRow = 12
	step := (islandRect.W - 20) / perRow
	return islandRect.X + 10 + step*(float64(k%perRow)+0.5), islandRect.Y + 42 + float64(k/perRow)*24
}

// advisorAt is where advisor id stands on the table, and its radius.
func advisorAt(tb *ig.Table, id int) (x, y, r float64) {
	a := tb.Advisors[id]
	n := tb.Players
	switch a.Where {
	case ig.Placed:
		x, y = PostCentre(a.Palace, n, a.Post)
		return x, y, postRadius(n)
	case ig.Waiting:
		x, y, _ = applicantAt(tb, a.Palace, id, nil)
		return x, y, queueR
	case ig.Island:
		for k, i := range islanders(tb) {
			if i == id {
				x, y = islandAt(k)
			}
		}
		return x, y, islandR
	}
	x, y = trayAt(n, a)
	return x, y, trayR
}

// purseAt is where a seat's purse is shown (coins fly there); the bank's is its strongbox.
func purseAt(s rules.Seat, n int) (float64, float64) {
	if s < 0 || int(s) >= n {
		return bankRect.X + 44, bankRect.Y + 32
	}
	r := PalaceRect(s, n)
	return r.X + r.W - 30, r.Y + 14
}
