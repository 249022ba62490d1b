package machiavelli

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// An integer-programming model of a turn, for an exact oracle independent of the solver:
// written in CPLEX LP format and solved by a real ILP solver (glpsol, from Debian's
// glpk-utils). It shares nothing with the solver but the card encoding and the options.
//
// The model counts melds by kind, not card instances:
//   - a set: a rank, the suits of its naturals (one to four) and its jokers, three or four
//     cards in all;
//   - a run: a suit and a window of consecutive places, 3 to 13 long — without wrap the
//     places 1 … 14 (14 is the high ace, so a window never holds the ace at both ends),
//     with wrap the 13 ranks on a circle — with, at each place, how many of the window's
//     melds hold a natural there (the rest hold a joker) and at least one natural per
//     meld (naturals at different places can always be dealt one to each meld);
//   - every table card is used; hand and free cards may be; at most the cap of hand cards
//     (hand jokers count, free cards do not);
//   - the objective is the solver's own order: hand cards laid, then points (or cards),
//     then free cards used, packed as hand·100000 + points·10 + free.
//
// The joker rule needs more than counts: which meld each table joker ends in, and which
// card instances that meld holds. So the melds holding table jokers are modelled one by
// one ("slots", as many as table jokers; jokerSlots), each with its kind (a run of a suit
// over a stretch of places, or a set of a rank), its naturals face by face and where each
// comes from (the hand, the free cards, the table — and, for a table joker's old meld, that
// meld's own instances), its jokers (table, hand, free), and which table jokers it holds.
// A table joker's slot must hold a natural of its old meld, or else two hand cards (hand
// jokers count, free cards do not). Generic melds hold no table joker. Two jokers of one
// old meld cannot both keep its single K♠: a slot's claim on an old meld's instances is
// bounded by the copies that meld held.

// ilpWindow is a run's window: its suit, first place and length.
type ilpWindow struct{ suit, start, length int }

// places are the window's faces in order.
func (w ilpWindow) faces(wrap bool) []int {
	out := make([]int, w.length)
	for i := range out {
		q := w.start + i // 1 … 14 without wrap
		if wrap {
			q = (w.start-1+i)%13 + 1
		}
		out[i] = w.suit*13 + (q-1)%13
	}
	return out
}

// ilpModel writes the position's model in CPLEX LP format.
func ilpModel(p Position, opt Options) string {
	var table, hand, free [53]int
	for _, m := range p.Table {
		for _, c := range m {
			table[c.Face()]++
		}
	}
	for _, c := range p.Hand {
		hand[c.Face()]++
	}
	for _, c := range p.Free {
		free[c.Face()]++
	}
	supply := func(f int) int { return table[f] + hand[f] + free[f] }
	jokers := supply(jokerFace)

	// uses[f] collects the terms that lay a natural of face f; jokerTerms those laying jokers.
	uses := map[int][]string{}
	var jokerTerms []string
	var bounds, generals []string
	var cons []string
	general := func(name string, ub int) {
		generals = append(generals, name)
		bounds = append(bounds, fmt.Sprintf(" 0 <= %s <= %d", name, ub))
	}

	// Sets.
	for r := 0; r < 13; r++ {
		for mask := 1; mask < 16; mask++ {
			var faces []int
			ok := true
			for su := 0; su < 4; su++ {
				if mask&(1<<su) != 0 {
					f := su*13 + r
					faces = append(faces, f)
					ok = ok && supply(f) > 0
				}
			}
			if !ok {
				continue
			}
			for j := 0; j <= 4-len(faces) && j <= jokers; j++ {
				if len(faces)+j < 3 {
					continue
				}
				name := fmt.Sprintf("s%d_%d_%d", r, mask, j)
				ub := jokers
				for _, f := range faces {
					ub = min(ub, supply(f))
				}
				if j == 0 {
					ub = 3
					for _, f := range faces {
						ub = min(ub, supply(f))
					}
				} else {
					ub = min(ub, jokers/j)
				}
				general(name, ub)
				for _, f := range faces {
					uses[f] = append(uses[f], name)
				}
				if j > 0 {
					jokerTerms = append(jokerTerms, fmt.Sprintf("%d %s", j, name))
				}
			}
		}
	}

	// Runs.
	var windows []ilpWindow
	for su := 0; su < 4; su++ {
		for length := 3; length <= 13; length++ {
			starts := 14 - length + 1
			if opt.AceWrap {
				starts = 13
				if length == 13 {
					starts = 1 // the whole suit on a circle: one window
				}
			}
			for start := 1; start <= starts; start++ {
				windows = append(windows, ilpWindow{su, start, length})
			}
		}
	}
	for _, w := range windows {
		faces := w.faces(opt.AceWrap)
		missing, naturals := 0, 0
		ub := 3
		for _, f := range faces {
			if supply(f) == 0 {
				missing++
			} else {
				naturals++
				ub = min(ub, max(supply(f), 1))
			}
		}
		if naturals == 0 || missing > jokers {
			continue
		}
		name := fmt.Sprintf("r%d_%d_%d", w.suit, w.start, w.length)
		if jokers == 0 {
			general(name, ub)
			for _, f := range faces {
				uses[f] = append(uses[f], name)
			}
			continue
		}
		// With jokers: how many of the window's melds hold a natural at each place.
		ub = 0
		for _, f := range faces {
			ub = max(ub, supply(f))
		}
		general(name, ub)
		var nat []string
		for i, f := range faces {
			if supply(f) == 0 {
				continue
			}
			n := fmt.Sprintf("n%d_%d_%d_%d", w.suit, w.start, w.length, i)
			general(n, supply(f))
			uses[f] = append(uses[f], n)
			nat = append(nat, n)
			cons = append(cons, fmt.Sprintf("%s - %s <= 0", n, name))
		}
		// At least one natural per meld; the other places hold jokers.
		cons = append(cons, fmt.Sprintf("%s - %s >= 0", strings.Join(nat, " + "), name))
		jokerTerms = append(jokerTerms, fmt.Sprintf("%d %s", w.length, name))
		for _, n := range nat {
			jokerTerms = append(jokerTerms, "- "+n)
		}
	}

	// The melds holding table jokers, one slot each.
	var binaries []string
	slotUses, slotJokers := jokerSlots(p, opt, supply, &cons, &bounds, &generals, &binaries)
	for f, terms := range slotUses {
		uses[f] = append(uses[f], terms...)
	}
	if table[jokerFace] > 0 {
		// Generic melds hold only hand and free jokers; the table's are in the slots.
		jokerTerms = append(jokerTerms, slotJokers...)
		table[jokerFace] = 0
	}

	// Every card used: the table's all, the hand's and free cards' as chosen.
	var obj, capTerms []string
	value := func(f int) int {
		if f == jokerFace {
			return opt.cardValue(Joker(0))
		}
		return opt.cardValue(Card(f))
	}
	for f := 0; f <= jokerFace; f++ {
		terms := uses[f]
		if f == jokerFace {
			terms = jokerTerms
		}
		if supply(f) == 0 && len(terms) == 0 {
			continue
		}
		lhs := strings.Join(terms, " + ")
		if lhs == "" {
			lhs = "0 dummy"
		}
		lhs = strings.ReplaceAll(lhs, "+ -", "-")
		if hand[f] > 0 {
			h := fmt.Sprintf("h%d", f)
			bounds = append(bounds, fmt.Sprintf(" 0 <= %s <= %d", h, hand[f]))
			generals = append(generals, h)
			lhs += " - " + h
			obj = append(obj, fmt.Sprintf("%d %s", 100000+10*value(f), h))
			capTerms = append(capTerms, h)
		}
		if free[f] > 0 {
			u := fmt.Sprintf("u%d", f)
			bounds = append(bounds, fmt.Sprintf(" 0 <= %s <= %d", u, free[f]))
			generals = append(generals, u)
			lhs += " - " + u
			obj = append(obj, "1 "+u)
		}
		cons = append(cons, fmt.Sprintf("%s = %d", lhs, table[f]))
	}
	if opt.MaxPerTurn > 0 && len(capTerms) > 0 {
		cons = append(cons, fmt.Sprintf("%s <= %d", strings.Join(capTerms, " + "), opt.MaxPerTurn))
	}
	var b strings.Builder
	b.WriteString("Maximize\n obj: ")
	if len(obj) == 0 {
		b.WriteString("0 dummy")
	} else {
		b.WriteString(strings.Join(obj, " + "))
	}
	b.WriteString("\nSubject To\n")
	for i, c := range cons {
		fmt.Fprintf(&b, " c%d: %s\n", i, c)
	}
	b.WriteString("Bounds\n dummy = 0\n")
	for _, l := range bounds {
		b.WriteString(l + "\n")
	}
	b.WriteString("General\n")
	for _, g := range generals {
		b.WriteString(" " + g + "\n")
	}
	if len(binaries) > 0 {
		b.WriteString("Binary\n")
		for _, g := range binaries {
			b.WriteString(" " + g + "\n")
		}
	}
	b.WriteString("End\n")
	return b.String()
}

// jokerSlots writes the slots: the melds holding the table jokers (see ilpModel). It adds
// their constraints and variables and returns, per face, the terms laying a natural of that
// face in a slot, and the terms of the hand and free jokers the slots take (which the
// generic melds' joker balance counts).
func jokerSlots(p Position, opt Options, supply func(int) int, cons, bounds, generals, binaries *[]string) (uses map[int][]string, jokerTerms []string) {
	uses = map[int][]string{}
	var homes []int // the old meld of each table joker
	for i, m := range p.Table {
		for _, c := range m {
			if c.IsJoker() {
				homes = append(homes, i)
			}
		}
	}
	if len(homes) == 0 {
		return uses, nil
	}
	var table, hand, free [53]int
	for _, m := range p.Table {
		for _, c := range m {
			table[c.Face()]++
		}
	}
	for _, c := range p.Hand {
		hand[c.Face()]++
	}
	for _, c := range p.Free {
		free[c.Face()]++
	}
	binary := func(name string) { *binaries = append(*binaries, name) }
	integer := func(name string, ub int) {
		*generals = append(*generals, name)
		*bounds = append(*bounds, fmt.Sprintf(" 0 <= %s <= %d", name, ub))
	}
	add := func(format string, args ...any) { *cons = append(*cons, fmt.Sprintf(format, args...)) }
	sum := func(terms []string) string {
		if len(terms) == 0 {
			return "0 dummy"
		}
		return strings.ReplaceAll(strings.Join(terms, " + "), "+ -", "-")
	}
	// The places of a run: 1 … 14 without wrap (14 the high ace), 1 … 13 on a circle.
	places := 14
	if opt.AceWrap {
		places = 13
	}
	// Instances of each face in each old meld holding a table joker.
	oldCopies := map[int]*[52]int{}
	for _, h := range homes {
		if oldCopies[h] == nil {
			oldCopies[h] = &[52]int{}
			for _, c := range p.Table[h] {
				if !c.IsJoker() {
					oldCopies[h][c.Face()]++
				}
			}
		}
	}
	// claims[h][f] collects the slots' claims on old meld h's instances of face f.
	claims := map[int]map[int][]string{}
	var jokersHeld = make([][]string, len(homes)) // per slot, the table jokers it holds
	var handJokers, freeJokers []string
	for d := range homes {
		u := fmt.Sprintf("U%d", d)
		binary(u)
		var kinds, natTerms, slotJokerCount []string
		// Runs.
		for su := 0; su < 4; su++ {
			r := fmt.Sprintf("R%d_%d", d, su)
			binary(r)
			kinds = append(kinds, r)
			var on, rises []string
			for q := 1; q <= places; q++ {
				o := fmt.Sprintf("O%d_%d_%d", d, su, q)
				b := fmt.Sprintf("B%d_%d_%d", d, su, q)
				binary(o)
				binary(b)
				add("%s - %s <= 0", o, r)
				prev := q - 1
				if opt.AceWrap && q == 1 {
					prev = places
				}
				if prev >= 1 {
					add("%s - %s + %s >= 0", b, o, fmt.Sprintf("O%d_%d_%d", d, su, prev))
				} else {
					add("%s - %s >= 0", b, o)
				}
				on, rises = append(on, o), append(rises, b)
				slotJokerCount = append(slotJokerCount, o)
				f := face(q, su)
				if supply(f) == 0 {
					continue
				}
				x := fmt.Sprintf("X%d_%d_%d", d, f, q)
				binary(x)
				add("%s - %s <= 0", x, o)
				uses[f] = append(uses[f], x)
				natTerms = append(natTerms, x)
				slotJokerCount = append(slotJokerCount, "- "+x)
			}
			add("%s - %s <= 0", sum(rises), r) // one stretch of places
			add("%s - 3 %s >= 0", sum(on), r)
			add("%s - 13 %s <= 0", sum(on), r)
		}
		// Sets.
		z := fmt.Sprintf("Z%d", d)
		integer(z, 4)
		var setKinds, setNat []string
		for rank := 0; rank < 13; rank++ {
			q := fmt.Sprintf("Q%d_%d", d, rank)
			binary(q)
			kinds = append(kinds, q)
			setKinds = append(setKinds, q)
			for su := 0; su < 4; su++ {
				f := su*13 + rank
				if supply(f) == 0 {
					continue
				}
				y := fmt.Sprintf("Y%d_%d", d, f)
				binary(y)
				add("%s - %s <= 0", y, q)
				uses[f] = append(uses[f], y)
				natTerms = append(natTerms, y)
				setNat = append(setNat, y)
				slotJokerCount = append(slotJokerCount, "- "+y)
			}
		}
		add("%s - 3 %s >= 0", z, strings.Join(setKinds, " - 3 "))
		add("%s - 4 %s <= 0", z, strings.Join(setKinds, " - 4 "))
		add("%s - %s <= 0", sum(setNat), z)
		slotJokerCount = append(slotJokerCount, z)
		add("%s - %s = 0", sum(kinds), u)
		add("%s - %s >= 0", sum(natTerms), u) // a natural in every meld
		// Where the slot's naturals come from, face by face.
		var handCards []string
		for f := 0; f < 52; f++ {
			var here []string
			for _, t := range uses[f] {
				if strings.HasPrefix(t, fmt.Sprintf("X%d_", d)) || strings.HasPrefix(t, fmt.Sprintf("Y%d_", d)) {
					here = append(here, t)
				}
			}
			if len(here) == 0 {
				continue
			}
			var src []string
			if table[f] > 0 {
				st := fmt.Sprintf("ST%d_%d", d, f)
				integer(st, table[f])
				src = append(src, st)
				var mine []string
				for h, cp := range oldCopies {
					if cp[f] == 0 {
						continue
					}
					a := fmt.Sprintf("A%d_%d_%d", d, h, f)
					binary(a)
					mine = append(mine, a)
					if claims[h] == nil {
						claims[h] = map[int][]string{}
					}
					claims[h][f] = append(claims[h][f], a)
				}
				if len(mine) > 0 {
					add("%s - %s <= 0", sum(mine), st)
				}
			}
			if hand[f] > 0 {
				sh := fmt.Sprintf("SH%d_%d", d, f)
				integer(sh, hand[f])
				src = append(src, sh)
				handCards = append(handCards, sh)
			}
			if free[f] > 0 {
				sf := fmt.Sprintf("SF%d_%d", d, f)
				integer(sf, free[f])
				src = append(src, sf)
			}
			add("%s - %s = 0", sum(here), strings.Join(src, " - "))
		}
		// Its jokers: table jokers held, hand and free jokers taken.
		jt := []string{}
		for k := range homes {
			if d > k {
				continue // joker k in slots 0 … k (the slots are interchangeable)
			}
			g := fmt.Sprintf("G%d_%d", k, d)
			binary(g)
			jt = append(jt, g)
			add("%s - %s <= 0", g, u)
		}
		jokersHeld[d] = jt
		add("%s - %s >= 0", sum(jt), u) // a slot only to hold a table joker
		jokers := slices.Clone(jt)
		if hand[jokerFace] > 0 {
			jh := fmt.Sprintf("JH%d", d)
			integer(jh, hand[jokerFace])
			jokers = append(jokers, jh)
			handJokers = append(handJokers, jh)
			handCards = append(handCards, jh)
		}
		if free[jokerFace] > 0 {
			jf := fmt.Sprintf("JF%d", d)
			integer(jf, free[jokerFace])
			jokers = append(jokers, jf)
			freeJokers = append(freeJokers, jf)
		}
		add("%s - %s = 0", sum(slotJokerCount), strings.Join(jokers, " - "))
		// The joker rule for each table joker it may hold.
		for k, h := range homes {
			if d > k {
				continue
			}
			var keep []string
			for _, f := range sortedFaces(oldCopies[h]) {
				keep = append(keep, fmt.Sprintf("A%d_%d_%d", d, h, f))
			}
			keep = slices.DeleteFunc(keep, func(a string) bool { return !slices.Contains(*binaries, a) })
			w := fmt.Sprintf("W%d_%d", k, d)
			binary(w)
			keep = append(keep, w)
			add("%s - G%d_%d >= 0", sum(keep), k, d)
			add("%s - 2 %s >= 0", sum(append([]string{"0 dummy"}, handCards...)), w)
		}
	}
	// Every table joker in one slot; the old melds' instances claimed at most once each.
	for k := range homes {
		var gs []string
		for d := 0; d <= k; d++ {
			gs = append(gs, fmt.Sprintf("G%d_%d", k, d))
		}
		add("%s = 1", sum(gs))
	}
	for h, byFace := range claims {
		for f, as := range byFace {
			add("%s <= %d", sum(as), oldCopies[h][f])
		}
	}
	// Per face: the slots take no more of the table's copies than there are, and no more
	// of the hand's and free cards' than are laid (h, u: ilpModel's variables); the
	// generic melds take the rest.
	for f := 0; f <= jokerFace; f++ {
		for _, src := range []struct {
			prefix, laid string
			n            int
		}{{"ST", "", table[f]}, {"SH", "h", hand[f]}, {"SF", "u", free[f]}} {
			if src.n == 0 {
				continue
			}
			var terms []string
			for d := range homes {
				name := fmt.Sprintf("%s%d_%d", src.prefix, d, f)
				if f == jokerFace {
					name = fmt.Sprintf("J%s%d", src.prefix[1:], d)
				}
				if slices.Contains(*generals, name) {
					terms = append(terms, name)
				}
			}
			switch {
			case len(terms) == 0:
			case src.laid == "":
				add("%s <= %d", sum(terms), src.n)
			default:
				add("%s - %s%d <= 0", sum(terms), src.laid, f)
			}
		}
	}
	return uses, append(handJokers, freeJokers...)
}

// sortedFaces lists the faces an old meld holds, in order.
func sortedFaces(cp *[52]int) []int {
	var out []int
	for f, n := range cp {
		if n > 0 {
			out = append(out, f)
		}
	}
	return out
}

// ilpAnswer is the oracle's answer: the solver's objective, unpacked.
type ilpAnswer struct {
	Placed int `json:"placed"`
	Points int `json:"points"`
	Free   int `json:"free"`
}

// ilpTimings is how many times solveILP runs glpsol on a model (each way), keeping the
// fastest: process start and the machine's load blur a single run of a few ms.
var ilpTimings = 1

// ilpCPU makes solveILP time glpsol's processor time (user and system) instead of its
// wall time: on a loaded machine the wall time counts the waits for a processor.
var ilpCPU = false

// ilpTimeLimit is glpsol's time limit per position, in seconds: past it the position has no
// answer (TestWriteOracle leaves it out).
var ilpTimeLimit = 300

// glpsolPath is the ILP solver's program, or "" when it is not installed.
func glpsolPath() string {
	p, err := exec.LookPath("glpsol")
	if err != nil {
		return ""
	}
	return p
}

// solveILP solves the position's model with glpsol and returns the answer and glpsol's
// own solve time: its wall time on the model less its wall time only reading and checking
// the same model (--check), so process start and parsing are not counted (the fastest of
// ilpTimings runs each way).
func solveILP(dir string, p Position, opt Options) (ilpAnswer, time.Duration, error) {
	model := filepath.Join(dir, "turn.lp")
	sol := filepath.Join(dir, "turn.sol")
	if err := os.WriteFile(model, []byte(ilpModel(p, opt)), 0o644); err != nil {
		return ilpAnswer{}, 0, err
	}
	run := func(args ...string) (time.Duration, error) {
		start := time.Now()
		cmd := exec.Command("glpsol", args...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			return 0, fmt.Errorf("glpsol: %v: %s", err, out)
		}
		if ilpCPU {
			return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
		}
		return time.Since(start), nil
	}
	var check, whole time.Duration
	for i := range ilpTimings {
		c, err := run("--lp", model, "--check")
		if err != nil {
			return ilpAnswer{}, 0, err
		}
		w, err := run("--lp", model, "--tmlim", strconv.Itoa(ilpTimeLimit), "-w", sol)
		if err != nil {
			return ilpAnswer{}, 0, err
		}
		if i == 0 || c < check {
			check = c
		}
		if i == 0 || w < whole {
			whole = w
		}
	}
	f, err := os.Open(sol)
	if err != nil {
		return ilpAnswer{}, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		// "s mip ROWS COLS STATUS OBJ": STATUS o is optimal.
		if len(fs) == 6 && fs[0] == "s" && fs[1] == "mip" {
			if fs[4] != "o" {
				return ilpAnswer{}, 0, fmt.Errorf("glpsol: status %s, not optimal", fs[4])
			}
			v, err := strconv.ParseFloat(fs[5], 64)
			if err != nil {
				return ilpAnswer{}, 0, err
			}
			n := int(math.Round(v))
			return ilpAnswer{Placed: n / 100000, Points: n % 100000 / 10, Free: n % 10}, max(whole-check, 0), nil
		}
	}
	return ilpAnswer{}, 0, fmt.Errorf("glpsol: no MIP solution line in %s", sol)
}
