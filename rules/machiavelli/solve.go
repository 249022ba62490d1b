package machiavelli

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Position is what the solver looks at: the table at the start of the turn, the mover's
// hand and the free cards still face up.
type Position struct {
	Table [][]Card `json:"table"`
	Hand  []Card   `json:"hand"`
	Free  []Card   `json:"free,omitempty"`
	// Stop, when closed, asks the search to stop: Solve then returns the best play found
	// so far (not Exact). The rules keep no clock; a caller with a deadline closes it (a
	// bot through its context, a hint at its time cap).
	Stop <-chan struct{} `json:"-"`
	// sweepRank says where the wrap searches' sweeps start: after the boundary of this
	// rank in order of fewest crossing runs (0: the fewest; see sweepStart). Retries
	// raise it: the joint carrier searches' second round (solveWithinPinning) and
	// searchOn's.
	sweepRank int
	// freeJokersFirst is how many of the free jokers the table searches place before the
	// hand jokers (see jokerSource); solveWithin tries each count under an active cap.
	freeJokersFirst int
	// arena lends the searches the storage of their layers for the length of a Solve.
	arena *layerArena
}

// closed reports whether a Stop channel is closed (a nil one never is).
func closed(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// Solution is the best play the solver found.
type Solution struct {
	Placed    int      `json:"placed"`     // hand cards laid
	Points    int      `json:"points"`     // their value under the options' scoring
	HandCards []Card   `json:"hand_cards"` // which hand cards
	FreeCards []Card   `json:"free_cards"` // free cards used
	Table     [][]Card `json:"table"`      // the table at the end of the turn
	Moved     int      `json:"moved"`      // table cards that change meld
	Steps     []string `json:"steps"`      // how to get there from the current table
	Plan      []Step   `json:"plan"`       // the same steps, with each card's move
	Nodes     int      `json:"nodes"`      // search positions visited
	Exact     bool     `json:"exact"`      // proven best (false: the search ran out of budget)
}

// Found reports whether the solution lays at least one card.
func (s Solution) Found() bool { return len(s.HandCards)+len(s.FreeCards) > 0 }

// Action is the solution as a play action.
func (s Solution) Action() Action { return Play(cloneMelds(s.Table), slices.Clone(s.FreeCards)) }

// Solve finds the play that lays the most hand cards; among those the most points shed;
// among those the most free cards used; and lays it out moving as few table cards as
// its arrangement search can find. The play respects the options (ace wrap, cap on cards
// per turn) and the joker rule. A position with no play gives a Solution that lays
// nothing.
//
// A plain position (no jokers, no wrap, no free cards, scoring by cards: Board Game
// Arena's usual deal) is solved by the plain sweep (plainsweep.go) when it can; the
// others, and those the sweep gives up on, by the general search.
//
// Its searches are bounded (solveBudget, carrierBudget, faceSearchBudget); a search that
// reaches its bound leaves the play found so far, not proven best. Solve then searches the
// mirrored position (the ranks read backwards: see mirror.go) within the same bounds. When
// the caller has a time cap (p.Stop), Solve then searches again, both ways, with bounds
// eight times as large, and so on, until the play is proven best or Stop closes — the best
// play found in all stands.
func Solve(p Position, opt Options) Solution {
	if sol, ok := solvePlainSweep(p, opt, true); ok {
		return sol
	}
	return solveGeneral(p, opt, true)
}

// solveGeneral is Solve (with polish) or SolvePlain by the general search alone.
func solveGeneral(p Position, opt Options, polish bool) Solution {
	defer withArena(&p)()
	return searchOn(p, opt, solveBothWays(p, opt, solveBudget, polish), polish)
}

// maxBudgetScale bounds how far searchOn grows the budgets (a position needing more is
// beyond any time cap the game gives).
const maxBudgetScale = 512

// budgetGrowth is how many times larger each of searchOn's rounds makes the budgets than
// the round before: 4, 16, 64, 256, then maxBudgetScale. A position whose searches need
// a budget between two rounds' pays for the rounds before it too, at most about g²/(g-1)
// times what that budget alone would cost: 5.3 times for 4, against 9.1 for 8, the growth
// before (twenty-ninth session). On the 39 fresh positions that the default budgets leave
// unproven, within a time cap of 3 s, growth 4 proved one more than 8 did (c-0718 of
// Coppola 9056 without wrap, a card short before), in 16.1 s in all against 18.8 (a
// throwaway test; see the README).
const budgetGrowth = 4

// searchOn searches again with larger budgets while sol is not proven best and the
// position's Stop, if any, is still open; without a Stop (no time cap) it returns sol.
// Each time it searches both ways (solveBothWays), and with wrap the sweeps also start
// after another boundary (the next in order of fewest crossing runs): which of the
// layouts worth a search's value it meets first, and so whether the joker rule bites,
// depends on where the sweep starts, and a position whose searches miss their legal play
// from one start often finds it at once from another (c-0634: from the boundary with the
// second fewest crossings, where the fewest fails whatever the budget).
func searchOn(p Position, opt Options, sol Solution, polish bool) Solution {
	nodes := sol.Nodes
	for scale := budgetGrowth; !sol.Exact && p.Stop != nil && !closed(p.Stop); scale = min(scale*budgetGrowth, maxBudgetScale) {
		p.sweepRank++
		next := solveBothWays(p, opt, scale*solveBudget, polish)
		nodes += next.Nodes
		if next.Exact || next.value() > sol.value() {
			sol = next
		}
		if scale == maxBudgetScale {
			break
		}
	}
	sol.Nodes = nodes
	return sol
}

// SolvePlain finds the same play as Solve — the same hand cards, points and free cards,
// proven best alike — but lays it out as the search found it: no search for a layout
// moving fewer cards, and no steps (Moved and Steps are empty). For bots weighing many
// positions; a play a person will watch should come from Solve.
func SolvePlain(p Position, opt Options) Solution {
	if sol, ok := solvePlainSweep(p, opt, false); ok {
		return sol
	}
	return solveGeneral(p, opt, false)
}

// solveBudget bounds the rank search (positions visited). Past it — on the biggest
// Coppola tables, where wrap and jokers multiply the positions — Solve is no longer exact:
// it falls back to the best simple lay. The corpus benchmark reports how often.
const solveBudget = 200_000

// beamWidth is how many situations per layer the first, quick pass of the table
// search keeps; its play is the floor the exact pass must beat.
const beamWidth = 16

// searchTable runs the table search in two passes: a quick one finds a good play —
// with wrap, one where no run crosses the boundary where the fewest cards could; without
// wrap, one keeping only the best situations of each layer — and the exact one then drops
// every situation that cannot beat it. It returns the quick and the exact search, the
// best value found (0: nothing can be laid), and whether that value is proven best
// (false when the exact pass reached the limit of situations). The value ignores the
// joker rule.
func searchTable(p Position, opt Options, limit int) (quick, exact *tableDP, best int32, proven bool) {
	quick, exact, best, proven, _ = searchTableTrimming(p, opt, limit, false, false, -1)
	return quick, exact, best, proven
}

// searchTableTrimming is searchTable; with trim set, when the best play without the cap
// lays more hand cards than the cap allows, that play trimmed to the cap (trimToCap), if
// it keeps the rules, is also the search with the cap's floor and is returned as seed: the
// searches then need not hold a play worth best (seed may be it).
func searchTableTrimming(p Position, opt Options, limit int, trim, polish bool, above int32) (quick, exact *tableDP, best int32, proven bool, seed Solution) {
	floor := max(above, 0)
	uncapped := 0 // the situations the search without the cap visited
	if opt.MaxPerTurn > 0 && len(p.Hand) > opt.MaxPerTurn {
		// First without the cap (a smaller search): if the best play keeps within it,
		// it is the best under the cap too.
		q, e, b, pr := searchPasses(p, opt, limit, false, floor)
		if uncapped = q.nodes; e != q {
			uncapped += e.nodes
		}
		if handCards(b) <= opt.MaxPerTurn {
			return q, e, b, pr, Solution{}
		}
		if trim {
			seed = trimmedPlay(p, opt, q, e, polish)
			floor = max(floor, seed.value())
		}
	}
	quick, exact, best, proven = searchPasses(p, opt, limit, true, floor)
	quick.nodes += uncapped
	return quick, exact, best, proven, seed
}

// trimmedPlay is the best play of an uncapped search (exact, else quick) laid out and
// trimmed to the cap; or none if it does not keep the rules.
func trimmedPlay(p Position, opt Options, quick, exact *tableDP, polish bool) Solution {
	for _, d := range []*tableDP{exact, quick} {
		if d.best <= 0 {
			continue
		}
		lay, ok := d.layout()
		if !ok {
			continue
		}
		// (Not tablePlay: the play breaks the cap, which its check refuses.)
		table, hand, free := newSolver(p, opt).instances(p, d.labelJokers(p, opt, lay))
		for i := range table {
			table[i] = arrangeMeld(table[i], opt.AceWrap)
		}
		if table, hand, ok = trimToCap(table, hand, opt); !ok {
			continue
		}
		if trimmed, ok := finishLayout(p, opt, table, hand, free, polish); ok {
			return trimmed
		}
	}
	return Solution{}
}

// trimToCap takes hand cards off the melds until no more than the cap are laid, each time
// the least valuable one whose meld stays valid without it (a run's end, a set's fourth
// card); false if that runs out first.
func trimToCap(table [][]Card, hand []Card, opt Options) ([][]Card, []Card, bool) {
	table, hand = cloneMelds(table), slices.Clone(hand)
	for len(hand) > opt.MaxPerTurn {
		bestM, bestI := -1, -1
		for m, meld := range table {
			for i, c := range meld {
				if !slices.Contains(hand, c) || bestM >= 0 && opt.cardValue(c) >= opt.cardValue(table[bestM][bestI]) {
					continue
				}
				if validMeld(slices.Delete(slices.Clone(meld), i, i+1), opt.AceWrap) {
					bestM, bestI = m, i
				}
			}
		}
		if bestM < 0 {
			return nil, nil, false
		}
		c := table[bestM][bestI]
		table[bestM] = slices.Delete(table[bestM], bestI, bestI+1)
		hand = slices.DeleteFunc(hand, func(x Card) bool { return x == c })
	}
	return table, hand, true
}

// searchPasses is searchTable's two passes, with the cap on hand cards or without; with
// wrap the quick one is tried first with a beam, then without (quickBeams). After a big
// quick pass, climbFloor may find a higher floor for the exact pass.
// Without it (under a cap), it stops after the quick pass when that pass's play already
// lays more hand cards than the cap allows: searchTable then searches with the cap.
func searchPasses(p Position, opt Options, limit int, capped bool, minFloor int32) (quick, exact *tableDP, best int32, proven bool) {
	var spent int
	tries := quickBeams(p, opt, capped)
	if !opt.AceWrap && countJokers(p.Hand)+countJokers(p.Free)+tableJokers(p) == 0 {
		tries = append([]quickBeam{boundBeam}, tries...)
	}
	late := -1                // the try of lateCeilingBeam, once made
	climbBelow := math.MaxInt // climbFloor's beams aim below this (one aiming at it found nothing)
	var aborted *tableDP
	var abortedBest int32
	for i := 0; i < len(tries); i++ {
		beam := tries[i]
		q := newTableDP(p, opt)
		q.capActive = q.capActive && capped
		if q.wrap && !beam.cyclic {
			q.cutAt(q.bestCut())
			q.limit = limit
		}
		// Every beam drops the situations that cannot end well (starved), as the exact
		// pass does: their places go to ones that can.
		q.beam, q.starveBeam = beam.width, true
		var all int32 // with beam.whole or aimed: the value aimed at
		if beam.whole || beam.aimed {
			all = q.ceiling()
			if beam.aimed {
				c, ok := q.suitCeiling()
				if !ok {
					continue
				}
				all = min(all, c)
			}
			if beam.below > 0 {
				if all = q.belowCeiling(all, beam.below); all < 0 {
					continue
				}
			}
			q.floor = max(all-1, minFloor)
		}
		floor := max(q.solve(), minFloor, 0)
		spent += q.nodes
		if (beam.whole || beam.aimed) && beam.below == 0 && q.best >= all {
			// Nothing is worth more than the aim: no exact pass is needed.
			q.nodes = spent
			return q, newTableDP(p, opt), max(q.best, minFloor), true
		}
		if (beam.whole || beam.aimed) && q.best < all {
			if i == late {
				exact, best = aborted, abortedBest // (nothing better: as it was)
				spent -= aborted.nodes
			}
			if !beam.aimed || q.cut || q.aborted {
				continue // no play worth the aim: the next try
			}
			// The aimed beam kept every situation it met: no play is worth the aim.
			d, nodes, proven := descendAims(p, opt, capped, all, minFloor, limit)
			spent += nodes
			if proven {
				d.nodes = spent
				return d, newTableDP(p, opt), max(d.best, minFloor, 0), true
			}
			if d == nil {
				continue
			}
			q, floor = d, max(d.best, minFloor, 0)
		}
		if q.wrap && !beam.cyclic && beam.width == 0 && q.best < 0 && !q.aborted {
			// Along the cut the table cannot be laid out at all (its runs must cross
			// there), so the quick pass gives no floor: the exact pass tries without one,
			// briefly (plays laying little are over quickly), then a wide beam over the
			// whole search finds the floor.
			beam.trial = cutlessTrial
			tries = append(tries[:i+1:i+1], cutlessQuickBeam)
		}
		if beam.width == 0 && q.aborted && q.best < 0 && i == len(tries)-1 {
			// The whole search ran out of situations before it found any play: a wide
			// beam along the cut gives the exact pass a floor.
			tries = append(tries, abortedQuickBeam)
			continue
		}
		if quick == nil || floor >= quick.best {
			quick = q
		}
		if !capped && opt.MaxPerTurn > 0 && int(floor)/100000 > opt.MaxPerTurn {
			quick.nodes = spent
			return quick, quick, floor, false
		}
		c, climbed, failed := climbFloor(p, opt, quick, minFloor, climbBelow)
		climbBelow = min(climbBelow, failed)
		if spent += climbed; c != nil {
			quick, floor = c, c.best
		}
		exact = newTableDP(p, opt)
		exact.capActive = exact.capActive && capped
		exact.floor, exact.limit = floor, limit
		if beam.trial > 0 {
			exact.limit = min(limit, beam.trial)
		}
		best = max(exact.solve(), floor)
		if exact.aborted && beam.trial == 0 && late < 0 && !exact.capActive {
			// The last exact pass ran out of situations: a wide beam over the whole search
			// may still find a play worth the ceiling, which nothing can beat. (Under an
			// active cap the first tries were such beams.)
			late, aborted, abortedBest = len(tries), exact, best
			spent += exact.nodes
			tries = append(tries, lateCeilingBeam)
			continue
		}
		if !exact.aborted || beam.trial == 0 {
			break
		}
		spent += exact.nodes
	}
	quick.nodes = spent
	return quick, exact, best, !exact.aborted
}

// descendAims follows an aimed beam that kept every situation it met, and so proved that
// no play is worth top or more: it aims lower, a level of hand cards at a time, each level a
// beam as narrow keeping only the situations that can still lay that many hand cards (at
// least the level's least valuable ones). A level's beam that keeps every situation it
// meets is as exact as the exact pass above its floor: the play it finds is proven best;
// finding none proves that nothing lays that many hand cards, and the next level follows.
// A beam that drops some ends the descent: its play is proven best when nothing at its level
// may be worth more (every free card, the most valuable hand cards; with BGA's scoring and
// no free cards, every play at a level is worth the same), else it is only a floor for the
// exact pass (proven false); or, having found none, there is nothing (nil). minFloor and
// limit are searchPasses'.
//
// Near the BGA oracle corpus's median the aimed beam finds no play on about two positions
// in three, mostly keeping every situation it meets; the descent then finds the best play
// and proves it, where the quick pass's next beam and the exact pass used to. The BGA
// corpora visit 8–12% fewer situations; the median time barely moves (most of it is spent
// outside the layers), the time above it falls by about 12% (twenty-ninth session).
func descendAims(p Position, opt Options, capped bool, top, minFloor int32, limit int) (found *tableDP, spent int, proven bool) {
	least, most := handLevels(newTableDP(p, opt), opt)
	h := handCards(top)
	if h >= len(least) || least[h] >= top {
		h = min(h, len(least)) - 1
	}
	var q *tableDP
	for ; h >= 1; h-- {
		q = newTableDP(p, opt)
		q.capActive = q.capActive && capped
		q.beam, q.starveBeam = boundBeam.width, true
		q.floor, q.limit = max(least[h]-1, minFloor), limit
		q.solve()
		spent += q.nodes
		switch {
		case q.aborted:
			return nil, spent, false
		case q.best > q.floor:
			return q, spent, !q.cut || q.best >= min(top-1, most[h])
		case q.cut:
			return nil, spent, false
		case q.floor == minFloor:
			return q, spent, true // (nothing beats minFloor)
		}
		top = least[h]
	}
	// No play lays a hand card: without free cards, nothing can be laid.
	return q, spent, q != nil && most[0] == 0
}

// handLevels is, for each number h of hand cards d may lay (0 … all), the least a play
// laying h of them can be worth (the least valuable h, no free card), and the most (the
// most valuable h, every free card). Without jokers only.
func handLevels(d *tableDP, opt Options) (least, most []int32) {
	var values []int
	free := 0
	for f := range 52 {
		for range d.n[srcHand][f] {
			values = append(values, opt.cardValue(Card(f)))
		}
		free += int(d.n[srcFree][f])
	}
	slices.Sort(values)
	least, most = make([]int32, len(values)+1), make([]int32, len(values)+1)
	low, high := 0, 0
	for h := range len(values) + 1 {
		least[h], most[h] = packValue(h, low, 0), packValue(h, high, free)
		if h < len(values) {
			low, high = low+values[h], high+values[len(values)-1-h]
		}
	}
	return least, most
}

// climbNodes: a quick pass that visited this many situations or more, and whose play lays
// two hand cards or more fewer than the ceiling, is followed by climbFloor's beams.
const climbNodes = 10000

// climbFloor tries beams aiming at plays laying more hand cards than quick's, one more
// at a time, below the ceiling (the ceiling itself is the "every card" beams' aim): on big
// positions the quick pass's play may lay a card or two fewer than the best, and the
// exact pass, pruning only against it, then runs out of situations, where from a floor one
// card higher it would finish. The beams aim below below (a beam aiming there found
// nothing before: each beam is the same whatever quick is). It returns the beam whose play
// is the highest found (nil: none), the situations all its beams visited, and the aim at
// which one found nothing (math.MaxInt: none did).
func climbFloor(p Position, opt Options, quick *tableDP, minFloor int32, below int) (found *tableDP, spent, failed int) {
	failed = math.MaxInt
	if quick.nodes < climbNodes || quick.capActive || quick.best <= 0 {
		return nil, 0, failed
	}
	top := min(handCards(quick.ceiling()), below)
	if opt.MaxPerTurn > 0 {
		top = min(top, opt.MaxPerTurn+1) // (past the cap the capped search takes over)
	}
	for k := handCards(quick.best) + 1; k < top; k++ {
		c := newTableDP(p, opt)
		c.capActive = false // (as quick's)
		c.beam, c.starveBeam = climbBeam, true
		aim := packValue(k, 0, 0)
		c.floor = max(aim-1, minFloor)
		c.solve()
		spent += c.nodes
		if c.best < aim {
			failed = k
			break
		}
		found = c
	}
	if found != nil {
		found.climbed = true
	}
	return found, spent, failed
}

// climbBeam is the width of climbFloor's beams.
const climbBeam = wideBeam

// quickBeam is one try of the quick pass: its beam (0: none, every situation kept) and
// how many situations the exact pass may visit after it before the next try is made
// (0: the last try, the exact pass gets the whole limit).
//
// With whole, only plays worth the search's ceiling count (laying every card; under an
// active cap, see capBound), or with below that many steps of points less (belowCeiling);
// when there is none, the next try is made.
//
// With aimed, likewise, only plays worth the least of the ceiling and the suit bounds'
// (suitCeiling) count.
type quickBeam struct {
	width, trial int
	cyclic       bool // with wrap: over the whole search, not along a cut
	whole        bool
	below        int
	aimed        bool
}

// wrapQuickBeams are the quick pass's tries with wrap, along the cut, on positions of
// fewer than wrapBeamCards cards: a beam first, which usually finds the best play, so the
// exact pass, dropping what cannot beat it, is short; if that pass goes on beyond the
// trial, the whole search along the cut, whose play is a higher floor.
var wrapQuickBeams = []quickBeam{{width: beamWidth, trial: 5000}, {}}

// bigWrapQuickBeams are the quick pass's tries with wrap on positions of wrapBeamCards
// cards or more: a beam along the cut keeping only situations that can still lay every
// card, whose play, when it finds one, nothing can beat (on the oracle corpus's 522
// positions of this kind, 313 best plays lay every card and this beam finds 282 of them,
// in 0.5 M situations where the whole cut took 4.4 M); when it finds none, the same beam
// over the whole search (cyclic: runs may cross the cut, as the best play often must
// when it lays every card), then one four times as wide; when these find none either, the
// whole search along the cut. On the Coppola oracle positions of 50 cards or more, the two
// cyclic beams cost 13% fewer instructions in all than a second beam of 128 along the
// cut (c-0581: 280 ms → 6 ms; c-0601: 210 → 35; c-0644: 68 → 3); cyclic beams alone (the
// first along the cut left out) lose c-0774's only legal layouts. On smaller positions a
// cyclic "every card" beam first costs 2.4 times as much on the median set.
var bigWrapQuickBeams = []quickBeam{{width: 2 * beamWidth, whole: true}, {width: 2 * beamWidth, whole: true, cyclic: true}, {width: 8 * beamWidth, whole: true, cyclic: true}, {}}

// cutlessQuickBeam is the quick pass's try with wrap when the table cannot be laid out
// along the cut and the exact pass without a floor runs past cutlessTrial situations: a
// wide beam over the whole search.
var cutlessQuickBeam = quickBeam{width: 16 * beamWidth, cyclic: true}

// lateCeilingBeam is the quick pass's try after the last exact pass ran out of
// situations: over the whole search, only plays worth the ceiling.
var lateCeilingBeam = quickBeam{width: wideBeam, whole: true, cyclic: true}

// abortedQuickBeam is the quick pass's try after the whole search (the last try of
// bigWrapQuickBeams) ran out of situations before it found a play.
var abortedQuickBeam = quickBeam{width: wideBeam}

// cutlessTrial is how many situations the exact pass may visit without a floor, where the
// table cannot be laid out along the cut, before cutlessQuickBeam gives it one.
const cutlessTrial = 15000

// wrapBeamCards: on positions of this many cards or more (table, hand and free) the
// exact pass after the beam runs long about half the time (on the oracle corpus, under a
// tenth of the time below it), so the quick pass goes to the whole cut, after beams that
// only look for plays laying every card (bigWrapQuickBeams).
const wrapBeamCards = 50

// quickBeams are the quick pass's tries for the position (see quickBeam).
func quickBeams(p Position, opt Options, capped bool) []quickBeam {
	if capped && opt.MaxPerTurn > 0 && len(p.Hand) > opt.MaxPerTurn {
		return capQuickBeams
	}
	if opt.AceWrap {
		if positionCards(p) >= wrapBeamCards {
			return bigWrapQuickBeams
		}
		return wrapQuickBeams
	}
	if positionCards(p) >= lineWholeCards {
		return bigLineQuickBeams
	}
	if countJokers(p.Hand)+countJokers(p.Free)+tableJokers(p) == 0 {
		return suitBoundQuickBeams
	}
	return lineQuickBeams
}

// boundBeam is the quick pass's first try without wrap and without jokers: a beam of
// 4 keeping only the situations that can still reach the least of the ceiling and the
// suit bounds' (suitCeiling), whose play, when it finds one, nothing can beat. The bounds
// prune it hard, so it is cheap either way.
var boundBeam = quickBeam{width: beamWidth / 4, trial: wideBeamTrial, aimed: true}

// suitBoundQuickBeams are the quick pass's tries without wrap and without jokers, where
// the suit bounds prune the searches (suitbound.go): a beam of 4, then wideBeam. The
// bounds keep the situations a beam holds from dying later and the exact pass small after
// a lower floor, so a narrow beam serves: on the BGA oracle corpus, beams of 16, 8, 4 and
// 2 gave a median of 0.162–0.169, 0.148–0.156, 0.145–0.152 and 0.161–0.181 ms (processor
// times, runs alternating).
var suitBoundQuickBeams = []quickBeam{{width: beamWidth / 4, trial: wideBeamTrial}, {width: wideBeam}}

// lineWholeCards: without wrap, on positions of this many cards or more the quick pass
// first looks only for a play laying every card (bigLineQuickBeams). On the BGA oracle
// corpus that costs 8.5% fewer instructions in all (with 40 or 50 cards, 7.5%); on the
// Coppola positions without wrap it is a wash (the slow ones there are slow in the joker
// rule's searches).
const lineWholeCards = 60

// bigLineQuickBeams are the quick pass's tries without wrap on positions of
// lineWholeCards cards or more: the beam of bigWrapQuickBeams that keeps only situations
// that can still lay every card, then the usual beam, then wideBeam.
var bigLineQuickBeams = []quickBeam{{width: 2 * beamWidth, whole: true}, {width: beamWidth, trial: wideBeamTrial}, {width: wideBeam}}

// lineQuickBeams are the quick pass's tries without wrap: a beam, then wideBeam.
var lineQuickBeams = []quickBeam{{width: beamWidth, trial: wideBeamTrial}, {width: wideBeam}}

// capQuickBeams are its tries under an active cap on hand cards. First, as the "every
// card" beams do without a cap, beams over the whole search keeping only situations that
// can still reach the ceiling (capBound: the cap's worth of the most valuable hand cards
// the search may lay, and every free card), of 64 and then of 256: a play they find is
// worth the most any can be. When they find none, the same beam of 64 aims one step of
// points lower, then two (belowCeiling; a step is the hand cards' values' greatest common
// divisor, 5 in Coppola): a play it finds is a high floor for the exact pass, which under
// the cap prunes little below the best play. Then a narrow beam, which rarely lays the
// cap's worth, so a wider one follows when the exact pass after the narrow one runs long,
// then wideBeam; with wrap too, along the cut (the whole search along the cut, with the
// hand cards laid counted in every situation, runs out of situations).
//
// On the Coppola positions of seed 9005 with the cap of 13 (a house mix the table offers)
// and a hand of more than 13, the wrap tries left 31 of 447 unproven, most of them
// answering a simple lay of 3 cards; the narrow beams left 12, each laying the cap's worth
// (TestCapWithWrap), and beams over the whole search instead left 17 or 18. Later 13 were
// left, 9 of them laying fewer points than glpsol: the exact pass, which under the cap
// prunes little, ran out of situations before it found the best play, even within a time
// cap of 3 s. With the ceiling beams first, 2 are left, 1 of them short (its best play
// breaks the joker rule); eight plays are better, proven at glpsol's answers
// (TestCapBeamAtCeiling), and those 447 positions visit 60% fewer situations in all. On
// the same kind of positions from seeds 9006 and 9002 (not looked at before the beams
// were chosen), 11 and 14 unproven become 0 and 2, with 71% and 61% fewer situations. The
// second beam pays for itself: with the first alone 2 were left on seed 9006, one of them
// a card short, and its situations were 52% more. Where they find nothing the beams cost
// a few thousand situations; the BGA oracle corpus visits 1.4% fewer in all.
//
// The aims below the ceiling, on seed 9007 with the cap of 8 (874 positions with hands over
// 8): 8% fewer situations, 6 unproven instead of 8; three plays better (two of them now
// proven at glpsol's answers: TestCapBeamBelowCeiling) and two worse, both unproven with
// four table jokers, where the joker rule's searches then took other paths (c-0691: 55
// points and four free cards → 50). Within a time cap of 3 s both ways prove all eight
// alike. On the three seeds above with the cap of 13, 3–6% fewer situations and one play
// better.
var capQuickBeams = []quickBeam{{width: 4 * beamWidth, whole: true, cyclic: true}, {width: 16 * beamWidth, whole: true, cyclic: true}, {width: 4 * beamWidth, whole: true, cyclic: true, below: 1}, {width: 4 * beamWidth, whole: true, cyclic: true, below: 2}, {width: beamWidth, trial: 2000}, {width: 4 * beamWidth, trial: wideBeamTrial}, {width: wideBeam}}

// wideBeam is the last beam of the quick pass's tries without wrap or under an active
// cap, made when the exact pass after a narrower one has visited wideBeamTrial
// situations. Where the best play rebuilds most of a big table (three decks; big hands
// under the cap), every situation a narrow beam keeps may die before the end: it lays
// nothing, the exact pass has no floor and runs out of situations, and Solve answered a
// simple lay of 3 cards (or 11) where 12 or 13 can be laid (BGA seeds 9027, 9028, 9044,
// 9048, 9058). A beam of 256 lays the best play there in about 12,000 situations, and the
// exact pass after it proves it. On the old BGA corpus the exact pass never runs that
// long; with a trial of 20,000 it did, costing that corpus 11% more situations and its
// worst time 6 → 14 ms.
const wideBeam = 16 * beamWidth

// wideBeamTrial is how many situations the exact pass after a narrower beam may visit
// before wideBeam is tried.
const wideBeamTrial = 40000

// tieBeam is the width of the beam that looks for more layouts of the table search's
// best play when the quick pass's layouts all break the joker rule. It used to be the whole
// search (every situation that can reach the bound): on the 168 Coppola oracle
// positions that get this far, the beam of 64 and a second "every card" beam on big wrap
// tables, measured together, cost 13% fewer instructions in all (c-0578: 150 ms → 10–20
// ms, c-0676: 150 → 7), and the joker rule's searches after it find the same plays.
const tieBeam = 4 * beamWidth

// solveWithin is Solve with a bound on the table search's situations (0 = none).
//
// The table searches place jokers in a fixed order, table, hand, free (jokerSource):
// laying k of them lays as many hand jokers as there are. Without a cap that is never
// worse — a hand card laid counts first — but under an active cap a play may need a free
// joker where a hand joker would pass the cap (cap 2, hand ★ ★ A♠ 2♠ 6♦, two free jokers:
// A♠ 2♠ and a free joker, or 6♦, a hand joker and two free ones; placing the hand jokers
// first, every joker laid passes the cap and nothing can be played). Each play lays some
// of the free jokers, say m, and is found when the searches place m free jokers before
// the hand ones: so with hand and free jokers under an active cap, the search runs once
// for each m, and the best play stands, proven best when every run proves its own.
//
// Plays worth above or less are of no use to the caller (it has one; -1: none): the
// searches look for none, and Exact then says that no play beats the solution's or above,
// whichever is more (see solveWithinPinning).
func solveWithin(p Position, opt Options, limit int, polish bool, above int32) Solution {
	best := solveWithinPinning(p, opt, limit, polish, true, above)
	hj, fj := countJokers(p.Hand), countJokers(p.Free)
	if opt.MaxPerTurn == 0 || len(p.Hand) <= opt.MaxPerTurn || hj == 0 {
		return best
	}
	for m := 1; m <= fj && !closed(p.Stop); m++ {
		q := p
		q.freeJokersFirst = m
		sol := solveWithinPinning(q, opt, limit, polish, true, above)
		sol.Nodes += best.Nodes
		exact := best.Exact && sol.Exact
		if sol.value() > best.value() {
			best = sol
		}
		best.Nodes, best.Exact = sol.Nodes, exact
	}
	return best
}

// solveWithinPinning is solveWithin; with pin unset it does not try pinning melds of
// table jokers (solvePinning, whose smaller positions are solved that way). Plays worth
// above or less are of no use to the caller (it has one; -1: none): when the table
// search proves there is nothing better, the play in hand stands at once. The solution is
// Exact when no play beats it or above, whichever is worth more.
func solveWithinPinning(p Position, opt Options, limit int, polish, pin bool, above int32) Solution {
	if limit < solveBudget {
		return solveLight(p, opt, limit)
	}
	quick, exact, bound, proven, seed := searchTableTrimming(p, opt, limit, true, polish, above)
	nodes := quick.nodes + exact.nodes
	best := seed
	if proven && bound <= above {
		best.Nodes, best.Exact = nodes, true
		return best
	}
	layOutTies := func(ds ...*tableDP) { best = bestTieLayout(p, opt, best, polish, ds...) }
	layOutTies(exact, quick)
	if best.value() < bound && quick.beam > 0 && tableJokers(p) > 0 {
		// A beam keeps few of the layouts worth its value, and all may break the joker
		// rule: a wider beam finds others, keeping only situations that can still reach
		// the bound. (Not only those that can beat it: among situations equally good it
		// keeps other ones, and with them other layouts.)
		d := newTableDP(p, opt)
		d.capActive = quick.capActive
		d.floor, d.limit = bound-1, limit
		d.beam, d.starveBeam = tieBeam, true
		switch {
		case quick.climbed:
			// The play is a climbing beam's, whose layouts are a wide beam's already: the
			// whole search keeping what can reach the bound has many more (c-0510).
			d.beam = 0
		case d.wrap:
			d.cutAt(d.bestCut())
		}
		d.solve()
		nodes += d.nodes
		layOutTies(d)
	}
	best.Nodes = nodes
	if best.value() == bound {
		return settled(p, opt, best, proven)
	}

	// The layout breaks the joker rule (the table search ignores it, so its value bounds
	// every play). A play that leaves the jokers' melds alone is legal.
	if around := solveAroundJokers(p, opt, polish); around.value() > best.value() {
		around.Nodes += best.Nodes
		best = around
	}
	if best.value() == bound {
		return settled(p, opt, best, proven)
	}
	// Between moving every table joker and none: some of their melds left untouched, at
	// most two jokers moving (three once the budgets have grown: cappedPinnedMoving).
	pinned := false
	pinMelds := func() bool {
		pinned = true
		solveRest := func(q Position, _ int, above int32) Solution {
			return solveWithinPinning(q, opt, limit, false, false, above)
		}
		budget := pinningBudget * (limit / solveBudget)
		moving := pinnedMoving
		if limit > solveBudget {
			moving = cappedPinnedMoving
		}
		best = solvePinning(p, opt, best, bound, polish, budget, moving, solveRest)
		return best.value() == bound
	}
	// A carrier search follows at most two table jokers and counts any others as it
	// pleases, so with more of them it rarely settles the position: pinning goes first
	// then (on the 15 such positions of the oracle corpus that get this far, about 40%
	// less time in all, the slowest 130 ms instead of 250).
	if pin && proven && tableJokers(p) > 2 && pinMelds() {
		return settled(p, opt, best, proven)
	}
	// The table search's bound ignores the joker rule; a carrier search, which keeps it,
	// may find a legal play that reaches its bound, or prove that nothing beats the play
	// in hand; its searches may also lower the bound.
	if proven {
		var done bool
		if best, done, bound = byCarriers(p, opt, best, bound, limit, polish, above, pin && opt.AceWrap); done || bound <= above {
			best.Exact = true
			return best
		}
	}
	if best.value() == bound || pin && !pinned && pinMelds() {
		return settled(p, opt, best, proven)
	}
	// With wrap, which of the layouts worth a carrier search's value it meets first, and
	// so whether the joker rule bites, depends on where its sweep starts: the joint
	// carrier searches run once more from the next boundary (c-0252, c-0634: proven
	// there, while from the first their budgets run out).
	if proven && pin && opt.AceWrap {
		q := p
		q.sweepRank++
		var done bool
		budget := carrierBudget * (limit / solveBudget)
		if best, done, bound = byJointCarriers(q, opt, best, bound, budget, polish, above, false); done || bound <= above {
			best.Exact = true
			return best
		}
	}
	// The face-by-face search tracks each table joker and decides exactly, if it finishes
	// within its budget — which it does on small positions only (on the corpus it never
	// finished with more than about 25 cards, after 100–500 ms). Under a time cap, once
	// the budgets have grown (searchOn), it is tried on somewhat bigger positions too:
	// there the other searches may end short of a proof whatever their budgets.
	cards := faceSearchCards
	if pin && limit > solveBudget {
		cards = cappedFaceSearchCards
	}
	if positionCards(p) > cards {
		if !best.Found() {
			sol := bestSimpleLay(p, opt)
			sol.Nodes = best.Nodes
			return sol
		}
		return best
	}
	s := newSolver(p, opt)
	s.limit = faceSearchBudget * (limit / solveBudget)
	v := s.best()
	best.Nodes += s.nodes
	if !s.aborted {
		if v > best.value() {
			if sol, ok := layOut(p, opt, s, s.reconstruct(), polish); ok {
				sol.Nodes = best.Nodes
				best = sol
			}
		}
		best.Exact = best.value() == max(v, 0) || v <= above
	}
	if !best.Found() && !best.Exact {
		sol := bestSimpleLay(p, opt)
		sol.Nodes = best.Nodes
		best = sol
	}
	return best
}

// settled is the play worth the table search's bound, proven best if the search was
// exact; or, when the search ran out of budget before finding any play (its bound is then
// only the play in hand, nothing), the best simple lay.
func settled(p Position, opt Options, best Solution, proven bool) Solution {
	best.Exact = proven
	if !best.Found() && !proven {
		sol := bestSimpleLay(p, opt)
		sol.Nodes = best.Nodes
		return sol
	}
	return best
}

// bestTieLayout lays out the best play of each search given that beats best: the first
// layout of it, else (the joker rule bites) another of its ties. It returns the best play
// then known.
func bestTieLayout(p Position, opt Options, best Solution, polish bool, ds ...*tableDP) Solution {
	for _, d := range ds {
		if d.best <= 0 || best.value() >= d.best {
			continue
		}
		for _, t := range d.ties {
			d.bestEntry, d.bestEnd = t.entry, t.end
			if sol, ok := tablePlay(p, opt, d, polish); ok && sol.value() > best.value() {
				best = sol
				break
			}
		}
	}
	return best
}

// solveLight is the cheap search Legal uses: the quick pass alone, bounded, laid out as
// the search found it; or the best simple lay.
func solveLight(p Position, opt Options, limit int) Solution {
	d := newTableDP(p, opt)
	if d.wrap {
		d.cutAt(d.bestCut())
	} else {
		d.beam = beamWidth
	}
	d.limit = limit
	if d.solve() > 0 {
		if sol, ok := tablePlay(p, opt, d, false); ok {
			sol.Nodes = d.nodes
			return sol
		}
	}
	sol := bestSimpleLay(p, opt)
	sol.Nodes = d.nodes
	return sol
}

// value is the solution's objective in the solver's packing.
func (s Solution) value() int32 {
	if !s.Found() {
		return 0
	}
	return packValue(s.Placed, s.Points, len(s.FreeCards))
}

// solveAroundJokers solves with every meld that holds a table joker left untouched, so
// the joker rule cannot bite. It may miss a better play that moves a joker.
func solveAroundJokers(p Position, opt Options, polish bool) Solution {
	var fixed, rest [][]Card
	for _, m := range p.Table {
		if slices.ContainsFunc(m, Card.IsJoker) {
			fixed = append(fixed, m)
		} else {
			rest = append(rest, m)
		}
	}
	q := Position{Table: rest, Hand: p.Hand, Free: p.Free, freeJokersFirst: p.freeJokersFirst}
	quick, exact, root, _ := searchTable(q, opt, solveBudget)
	d := exact
	if d.best < root {
		d = quick
	}
	d.nodes = quick.nodes + exact.nodes
	if root <= 0 {
		return Solution{Nodes: d.nodes}
	}
	lay, ok := d.layout()
	if !ok {
		return Solution{Nodes: d.nodes}
	}
	s := newSolver(q, opt)
	table, hand, free := s.instances(q, d.smelds(lay))
	table = append(cloneMelds(fixed), table...)
	for i := range table {
		table[i] = arrangeMeld(table[i], opt.AceWrap)
	}
	sol := Solution{HandCards: hand, FreeCards: free, Table: table, Nodes: d.nodes}
	if !sol.Found() {
		return Solution{Nodes: d.nodes}
	}
	if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
		return Solution{Nodes: d.nodes}
	}
	for _, c := range hand {
		sol.Points += opt.cardValue(c)
	}
	sol.Placed = len(hand)
	if polish {
		sol.Table, sol.Moved, sol.Steps, sol.Plan = polishLayout(p, opt, table, hand, free)
	}
	return sol
}

// solvePinning looks for a play better than best that leaves some of the melds holding
// table jokers untouched — the jokers there keep the rule by construction — and moves the
// others, at most moving table jokers in all: solveRest solves the smaller position (given
// what is left of budget, the situations all its tries may visit, and the value of the
// best play found so far, which its play must beat to be of use), and the play is checked
// against the rules. Each choice is tried, the fewest melds left first, until a play worth
// bound is found or the budget is spent; the best play found stands. Solve tries it when
// the carrier searches, following the jokers one, two or all at a time, neither lay out a
// legal play worth their bound nor prove the play in hand best, with Solve's own search
// solving the smaller positions (its carrier searches keep the rule); byCarriers tries it
// first, cheaply, with the plain table search alone. A play worth that bound is best.
func solvePinning(p Position, opt Options, best Solution, bound int32, polish bool, budget, moving int, solveRest func(q Position, left int, above int32) Solution) Solution {
	var held []int // the melds holding table jokers
	var jokers []int
	for i, m := range p.Table {
		if n := countJokers(m); n > 0 {
			held, jokers = append(held, i), append(jokers, n)
		}
	}
	all := 1<<len(held) - 1
	var masks []int // the melds left untouched: some, not all (solveAroundJokers)
	for mask := 1; mask < all; mask++ {
		free := 0
		for k := range held {
			if mask>>k&1 == 0 {
				free += jokers[k]
			}
		}
		if free <= moving {
			masks = append(masks, mask)
		}
	}
	slices.SortStableFunc(masks, func(a, b int) int { return bits.OnesCount(uint(a)) - bits.OnesCount(uint(b)) })
	var found Solution
	spent := 0
	for _, mask := range masks {
		if closed(p.Stop) || best.value() == bound || spent >= budget {
			break
		}
		var pinned, rest [][]Card
		for i, m := range p.Table {
			if k := slices.Index(held, i); k >= 0 && mask>>k&1 == 1 {
				pinned = append(pinned, m)
			} else {
				rest = append(rest, m)
			}
		}
		q := Position{Table: rest, Hand: p.Hand, Free: p.Free, Stop: p.Stop, freeJokersFirst: p.freeJokersFirst}
		sol := solveRest(q, budget-spent, best.value())
		best.Nodes += sol.Nodes
		spent += sol.Nodes
		if sol.value() <= best.value() {
			continue
		}
		table := append(cloneMelds(pinned), sol.Table...)
		if _, err := checkPlay(p.Table, p.Hand, p.Free, Play(table, sol.FreeCards), opt); err != nil {
			continue
		}
		sol.Table, sol.Nodes, sol.Exact = table, best.Nodes, false
		best, found = sol, sol
	}
	if polish && found.Found() {
		best.Table, best.Moved, best.Steps, best.Plan = polishLayout(p, opt, best.Table, best.HandCards, best.FreeCards)
	}
	return best
}

// pinnedMoving is how many table jokers solvePinning's choices move at most; once the
// budgets have grown under a time cap (searchOn), cappedPinnedMoving. With four table
// jokers, a play moving three of them and leaving the fourth's meld alone is then found
// this way: c-0674 of seed 9015 with a cap of 3 (three decks, 87 cards), where glpsol lays
// 30 points and every layout of the carrier searches worth that broke the joker rule, so
// that even within 30 s Solve answered 25, is proven at 30 within a time cap in under a
// second (TestPinningMovesThree). At the default budgets the Coppola oracle corpus would
// visit 6% more situations, so there it stays at two.
const (
	pinnedMoving       = 2
	cappedPinnedMoving = 3
)

// pinningBudget bounds the situations solvePinning's smaller positions may visit in all
// (no new choice is tried past it): its plays are worth having, but on a bot's playouts
// most of its tries find nothing better. (On the oracle corpus none needs more.)
const pinningBudget = 200_000

// quickPinningBudget bounds the situations of the plain table searches byCarriers tries
// with some melds of table jokers left untouched, before its costlier searches.
const quickPinningBudget = 50_000

// tablePlayAbove is a play the table search lays out worth more than floor, within limit
// (each of its layouts of its best play tried in turn), unproven; or none. Only the
// situations that can beat floor are searched, so with a floor near the best it is quick.
func tablePlayAbove(p Position, opt Options, floor int32, limit int) Solution {
	d := newTableDP(p, opt)
	d.floor, d.limit = floor, limit
	d.solve()
	best := bestTieLayout(p, opt, Solution{}, false, d)
	best.Nodes = d.nodes
	return best
}

// countJokers is how many jokers a meld holds.
func countJokers(m []Card) int {
	n := 0
	for _, c := range m {
		if c.IsJoker() {
			n++
		}
	}
	return n
}

// carrierBudget bounds the carrier searches of one position (situations visited in
// all, with the plain passes that bound them): past it, on the biggest positions, the
// play in hand stands unproven.
const carrierBudget = 200_000

// byCarriers runs carrier searches to beat the play in hand (best) or prove it best.
// Narrow ones first, each following one table joker (beams dropping what cannot end well):
// they often lay out a legal play worth the table search's bound ub at once. Then a cheap
// try at pinning (solvePinning): the melds of some table jokers left untouched, the rest
// laid out by the plain table search looking only for plays worth ub. Then, following the
// table jokers together (two at a time; with three or four, the exact searches then follow
// every other pair and all of them at once: see jointSearches), pruned by what the plain
// table search can still add from each situation (completions): first looking only for
// plays worth ub, then for any better than best, a narrow search (which often lays out a
// legal play worth the most any can be) and an exact one. An exact search that finds
// nothing better than best proves it best; a legal play laid out at an exact search's
// value is best. It returns the best play then known, whether it is proven best, and the
// least value known to bound every legal play (ub if the searches ran out of budget before
// lowering it). Plays worth above or less are of no use to the caller (pinning's smaller
// positions): the searches look for none, and stop once the bound is that low. With
// nextStart, the caller runs the joint searches again from the next boundary if these
// leave the position unproven (see byJointCarriers).
func byCarriers(p Position, opt Options, best Solution, ub int32, limit int, polish bool, above int32, nextStart bool) (Solution, bool, int32) {
	budget := carrierBudget * (limit / solveBudget)
	tj := tableJokers(p)
	run := func(d *tableDP) int32 { return runCarrier(p, opt, d, polish, &best, &budget) }
	for j := range tj {
		if budget <= 0 {
			break
		}
		d := newCarrierDP(p, opt, best.value(), budget, j)
		d.beam, d.starveBeam = 4*beamWidth, true
		if run(d); best.value() == ub {
			return best, true, ub
		}
	}
	// Some melds of table jokers left untouched, the rest laid out by the plain table
	// search alone: a cheap try that often finds a legal play worth ub.
	if tj > 0 && budget > 0 {
		left := min(budget, quickPinningBudget*(limit/solveBudget))
		before := best.Nodes
		best = solvePinning(p, opt, best, ub, polish, left, pinnedMoving, func(q Position, left int, _ int32) Solution {
			return tablePlayAbove(q, opt, ub-1, max(left, 1000))
		})
		budget -= best.Nodes - before
		if best.value() == ub {
			return best, true, ub
		}
	}
	return byJointCarriers(p, opt, best, ub, budget, polish, above, nextStart)
}

// byJointCarriers is byCarriers' searches following the table jokers together, pruned by
// the completions, within a budget of situations. With wrap, they sweep from the start
// quickStart chooses; where the completions from the position's own start are not cheap,
// the narrow ones run first without them, a beam dropping what cannot end well instead.
// With nextStart (the caller will run them again from the next boundary), when a narrow
// search's layouts above its floor all break the joker rule it returns at once, without
// the exact search. With three or four table jokers, once a round finds that only the
// search following all of them bounds (every pair reaches above the floor), the next
// rounds run that search alone, first looking only for plays worth the bound it gave.
func byJointCarriers(p Position, opt Options, best Solution, ub int32, budget int, polish bool, above int32, nextStart bool) (Solution, bool, int32) {
	tj := tableJokers(p)
	run := func(d *tableDP) int32 { return runCarrier(p, opt, d, polish, &best, &budget) }
	// No legal play is worth more than bound; the searches look for plays worth more
	// than floor.
	bound, floor := ub, ub-1
	var comp *completions
	narrow, exact := jokerPairs(tj), jointSearches(tj)
	// When the completions from the sweep's own start are not cheap, the narrow searches
	// without them first: a beam that drops the situations that cannot end well
	// (starveBeam) instead. Often one of them lays out a legal play worth the bound at
	// once, and no completions are needed (Coppola oracle corpus: c-0780, 196,094
	// situations → 34,987; c-0630, 140,834 → 50,235).
	starvingNarrow := func() bool {
		for _, jokers := range narrow {
			if budget <= 0 {
				break
			}
			d := newCarrierDP(p, opt, floor, budget, jokers...)
			d.beam, d.progress, d.starveBeam = 16*beamWidth, true, true
			if run(d); best.value() == bound {
				return true
			}
		}
		return false
	}
	for budget > 0 {
		if comp == nil && opt.AceWrap {
			var nodes int
			var settled bool
			p, comp, nodes, settled = quickStart(p, opt, floor, max(budget/firstTrialShare, 1), max(budget/startTrialShare, 1), starvingNarrow)
			budget -= nodes
			best.Nodes += nodes
			if settled {
				return best, true, bound
			}
		}
		if comp == nil || !comp.serves(floor) {
			var nodes int
			var ok bool
			comp, nodes, ok = newCompletions(p, opt, floor, budget)
			budget -= nodes
			best.Nodes += nodes
			if !ok {
				break
			}
		}
		missed := false // a narrow search whose layouts above floor all break the rule
		for _, jokers := range narrow {
			if budget <= 0 {
				break
			}
			d := newCarrierDP(p, opt, floor, budget, jokers...)
			d.bound, d.beam, d.progress = comp, 16*beamWidth, true
			v := run(d)
			if best.value() == bound {
				return best, true, bound
			}
			missed = missed || v > floor && v > best.value()
		}
		if nextStart && missed {
			// From another start the searches meet other layouts first, often legal
			// ones: cheaper than an exact search here (c-0634: 69,000 situations, out of
			// budget).
			return best, false, bound
		}
		floor = max(floor, best.value())
		// The least value that some exact search allows: above floor, a play it found;
		// at most floor, the most any play it dropped could have been worth.
		least := bound
		pairsBound := false // some search but the last bounds at floor or below
		for i, jokers := range exact {
			if least <= floor {
				break
			}
			if budget <= 0 {
				return best, false, bound
			}
			d := newCarrierDP(p, opt, floor, budget, jokers...)
			d.bound = comp
			v := max(run(d), floor)
			if d.aborted {
				return best, false, bound
			}
			if v > floor && best.value() == v {
				return best, true, v
			}
			if v == floor {
				v = max(d.best, d.dropped)
			}
			least = min(least, v)
			pairsBound = pairsBound || i < len(exact)-1 && v <= floor
		}
		if least > floor {
			return best, false, least // a bound that no legal layout found reaches
		}
		onlyAll := tj > 2 && !pairsBound
		if onlyAll {
			// Only the search following every joker bounds: searches following two
			// find what breaks the rule. From now on only it, and first looking for
			// plays worth its bound.
			narrow, exact = exact[len(exact)-1:], exact[len(exact)-1:]
		}
		if bound = max(least, best.value()); best.value() >= bound {
			return best, true, bound // nothing beats best
		}
		if bound <= above {
			return best, false, bound // nothing the caller can use
		}
		// Nothing reaches bound: anything better than best? When best lays two hand
		// cards fewer than bound or more, first anything laying as many as bound: the
		// completions cost more the lower their floor (c-0153: 155,000 situations down
		// at best, 11,000 at the level, where the play is).
		floor = max(best.value(), above)
		if handCards(bound)-handCards(floor) >= 2 {
			floor = packValue(handCards(bound), 0, 0) - 1
		}
		if onlyAll {
			floor = max(floor, bound-1)
		}
	}
	return best, false, bound
}

// quickStart looks, with wrap, for a start of the sweep from which the completions at
// floor are cheap: p's own start if they cost at most first situations from there, else
// the first of the other twelve, round the ring, where they cost at most trial. It
// returns p starting there and its completions; or, when none is cheap, p starting where
// the trials got furthest within trial situations (the most steps; the own start's larger
// trial is measured at that count too, so that all are compared alike), and no
// completions; and the situations visited. When the own start's trial fails it first calls
// meanwhile, and if that settles the position, returns at once, reporting so.
//
// From one start to another the completions' cost differs tenfold or a hundredfold
// (9002 c-0358: 29,000 situations from the start with the fewest runs crossing its
// boundary, 1,500 from the fourth), and that count of crossing runs seldom finds the
// cheapest. How far a start gets within a small trial foretells it better than one
// larger trial: with trials of 1/256 of the budget each (about 700 situations) and the own
// start's of 1/32, all compared at the small count, the Coppola oracle corpus and three
// fresh seeds visit 2–8% fewer situations in all than with trials of 1/64 and 1/8 (the
// own start compared at its own count), as many positions left unproven.
func quickStart(p Position, opt Options, floor int32, first, trial int, meanwhile func() bool) (Position, *completions, int, bool) {
	spent, furthest, from := 0, -1, p
	for r := range 13 {
		if r == 1 && meanwhile() {
			return p, nil, spent, true
		}
		q := p
		q.sweepRank += r
		limit := trial
		if r == 0 {
			limit = first
		}
		comp, nodes, steps, ok := newCompletionsProbed(q, opt, floor, limit, trial)
		spent += nodes
		if ok {
			return q, comp, spent, false
		}
		if steps > furthest {
			furthest, from = steps, q
		}
	}
	return from, nil, spent, false
}

// quickStart tries the position's own start with firstTrialShare of the joint carrier
// searches' budget, each other start with startTrialShare of it: at most 1/32 + 12/256 of
// the budget is spent on trials that fail.
const (
	firstTrialShare = 32
	startTrialShare = 256
)

// runCarrier runs a carrier search, counts its situations in best.Nodes and against
// budget, and keeps its play in best if it is legal and better.
func runCarrier(p Position, opt Options, d *tableDP, polish bool, best *Solution, budget *int) int32 {
	v := d.solve()
	*budget -= d.nodes
	best.Nodes += d.nodes
	if v > best.value() {
		if sol, ok := carrierPlay(p, opt, d, polish); ok && sol.value() > best.value() {
			sol.Nodes = best.Nodes
			*best = sol
		}
	}
	return v
}

// jokerPair is the table jokers a joint carrier search follows from number g on: g and
// the next, if there is one of the tj.
func jokerPair(g, tj int) []int {
	return []int{g, g + 1}[:min(2, tj-g)]
}

// jokerPairs are the table jokers two by two (jokerPair): what the narrow joint carrier
// searches follow, search by search.
func jokerPairs(tj int) [][]int {
	var pairs [][]int
	for g := 0; g < tj; g += 2 {
		pairs = append(pairs, jokerPair(g, tj))
	}
	return pairs
}

// jointSearches are the table jokers the exact joint carrier searches follow, search by
// search: two by two (jokerPair); then, with three or four table jokers, each other pair,
// and last all of them. Every legal play keeps the rule for every joker, so each search's
// value bounds it and the least stands. A search following two jokers lets the others go
// anywhere: with three, the pairs 0-1 and 2 alone often both reach a value that only
// plays freeing the third against the rule can, where 0-2 or 1-2 does not; and where
// every pair does, the search following all of them does not.
func jointSearches(tj int) [][]int {
	pairs := jokerPairs(tj)
	if tj <= 2 {
		return pairs
	}
	for a := 0; a < tj; a++ {
		for b := a + 1; b < tj; b++ {
			if a%2 != 0 || b != a+1 {
				pairs = append(pairs, []int{a, b})
			}
		}
	}
	all := []int{0, 1, 2, 3}[:min(tj, 4)]
	return append(pairs, all)
}

// newCarrierDP prepares a carrier search following the table jokers given (one to four),
// dropping what cannot beat floor.
func newCarrierDP(p Position, opt Options, floor int32, limit int, jokers ...int) *tableDP {
	d := newTableDP(p, opt)
	d.car = newCarrierSpec(p, jokers...)
	d.floor, d.limit = floor, limit
	return d
}

// carrierPlay lays out a carrier search's best play, or another as good, if one keeps the
// rules.
func carrierPlay(p Position, opt Options, d *tableDP, polish bool) (Solution, bool) {
	for _, t := range d.ties {
		d.bestEntry, d.bestEnd = t.entry, t.end
		if sol, ok := tablePlay(p, opt, d, polish); ok {
			return sol, true
		}
	}
	return Solution{}, false
}

// tablePlay lays out a table search's best play, if it keeps the rules. With table
// jokers, the runs longer than thirteen cards that hold one are cut every way (up to
// longRunCuts ways) until one keeps the rules; a cut whose jokers cannot each keep a card
// of their old melds (jokersCanKeepRule) is passed over.
func tablePlay(p Position, opt Options, d *tableDP, polish bool) (Solution, bool) {
	whole, ok := d.layoutWhole()
	if !ok {
		return Solution{}, false
	}
	cuts := [][][]laidCard{splitLongRuns(whole)}
	if d.tj > 0 { // (hand jokers keep no rule: any cut will do)
		cuts = cutsOfLongRuns(whole, longRunCuts)
	}
	for i, lay := range cuts {
		if i > 0 && !d.jokersCanKeepRule(p, lay) {
			continue
		}
		if sol, ok := layOut(p, opt, newSolver(p, opt), d.labelJokers(p, opt, lay), polish); ok {
			return sol, true
		}
	}
	return Solution{}, false
}

// longRunCuts is how many ways of cutting its long runs tablePlay tries at most.
const longRunCuts = 32

// bestSimpleLay is the simple lay (a meld from hand, a card onto a meld) laying the most
// hand cards; the fallback when a search runs out of budget.
func bestSimpleLay(p Position, opt Options) Solution {
	var best Solution
	for _, a := range simpleLays(p, opt, 200) {
		res, err := checkPlay(p.Table, p.Hand, p.Free, a, opt)
		if err != nil || best.Found() && len(res.fromHand) <= best.Placed {
			continue
		}
		best = Solution{Placed: len(res.fromHand), HandCards: res.fromHand, FreeCards: res.fromFree, Table: a.Table}
		best.Points = 0
		for _, c := range res.fromHand {
			best.Points += opt.cardValue(c)
		}
	}
	if best.Found() {
		best.Moved, best.Steps, best.Plan = describeSteps(p, best.Table, opt)
	}
	return best
}

// faceSearchBudget bounds the face-by-face search used when the joker rule bites, and
// faceSearchCards is the largest position (table, hand and free cards) it is tried on;
// cappedFaceSearchCards, under a time cap once the budgets have grown. (Past about 40
// cards a step of it can take milliseconds, and it seldom finishes: on fresh Coppola
// positions of 50 cards or more it only took the time the other searches' next rounds
// needed.)
const (
	faceSearchBudget      = 5000
	faceSearchCards       = 24
	cappedFaceSearchCards = 36
)

func positionCards(p Position) int {
	n := len(p.Hand) + len(p.Free)
	for _, m := range p.Table {
		n += len(m)
	}
	return n
}

// layOut turns melds into instances, checks the play against the rules and, when
// polishing, lays it out moving few cards and says how (steps).
func layOut(p Position, opt Options, s *solver, melds []smeld, polish bool) (Solution, bool) {
	table, hand, free := s.instances(p, melds)
	return finishLayout(p, opt, table, hand, free, polish)
}

// finishLayout checks a play's table against the rules (repairing the joker rule where
// swapping identical cards can) and, with polish, lays it out moving few cards and
// describes its steps.
func finishLayout(p Position, opt Options, table [][]Card, hand, free []Card, polish bool) (Solution, bool) {
	sol := Solution{HandCards: hand, FreeCards: free}
	if !sol.Found() {
		return sol, false
	}
	legal := legalPlay(p, opt, free)
	if !legal(table) && !repaired(p, table, legal) {
		return sol, false
	}
	if polish {
		table, sol.Moved, sol.Steps, sol.Plan = polishLayout(p, opt, table, hand, free)
	}
	sol.Table = table
	for _, c := range hand {
		sol.Points += opt.cardValue(c)
	}
	sol.Placed = len(hand)
	return sol, true
}

// CanPlay is the fast yes/no: can any card be laid? It first looks for a meld the hand
// and free cards make alone, or a single card that joins a meld on the table; only if
// neither exists does it run the full search.
func CanPlay(p Position, opt Options) bool {
	if len(p.Hand)+len(p.Free) == 0 {
		return false
	}
	if len(simpleLays(p, opt, 1)) > 0 {
		return true
	}
	// The quick pass often finds a play already; only a play is needed, not the best.
	quick := newTableDP(p, opt)
	if quick.wrap {
		quick.cutAt(quick.bestCut())
	} else {
		quick.beam = beamWidth
	}
	quick.limit = solveBudget
	if quick.solve() > 0 && quick.tj == 0 {
		return true // without table jokers the joker rule cannot bite
	}
	exact := newTableDP(p, opt)
	exact.floor, exact.limit = 0, solveBudget
	if exact.solve() <= 0 {
		return false
	}
	if exact.tj == 0 {
		return true
	}
	return Solve(p, opt).Found()
}

func newSolver(p Position, opt Options) *solver {
	s := &solver{wrap: opt.AceWrap, scoring: opt, jokerVal: opt.cardValue(Joker(0)), memo: map[memoKey]int32{}, stop: p.Stop}
	if opt.MaxPerTurn > 0 && len(p.Hand) > opt.MaxPerTurn {
		s.cap, s.capActive = opt.MaxPerTurn, true
	}
	for i, m := range p.Table {
		var faces uint64
		for _, c := range m {
			if !c.IsJoker() {
				faces |= 1 << uint(c.Face())
			}
		}
		k := -1
		for _, c := range m {
			if !c.IsJoker() {
				s.cur.n[srcTable][c.Face()]++
				continue
			}
			if k < 0 {
				k = len(s.jmTable)
				s.jmTable = append(s.jmTable, i)
				s.cur.jm[k] = faces
			}
			s.cur.tj |= 1 << len(s.home)
			s.home = append(s.home, k)
		}
	}
	for _, c := range p.Hand {
		if c.IsJoker() {
			s.cur.hj++
		} else {
			s.cur.n[srcHand][c.Face()]++
		}
	}
	for _, c := range p.Free {
		if c.IsJoker() {
			s.cur.fj++
		} else {
			s.cur.n[srcFree][c.Face()]++
		}
	}
	return s
}

// reconstruct walks the memo from the root, returning the melds of a best play.
func (s *solver) reconstruct() []smeld {
	var out []smeld
	for {
		f := s.lowest()
		if f < 0 {
			return out
		}
		target := s.best()
		var chosen move
		found := false
		s.moves(f, func(m move) bool {
			g, _ := s.gain(m)
			s.apply(m, 1)
			v := s.best()
			s.apply(m, -1)
			if v >= 0 && v+g == target {
				chosen, found = m, true
				return true
			}
			return false
		})
		if !found {
			return out
		}
		s.apply(chosen, 1)
		if !chosen.discard {
			out = append(out, chosen.meld)
		}
	}
}

// instances turns the search's melds into melds of card instances.
func (s *solver) instances(p Position, melds []smeld) (table [][]Card, hand, free []Card) {
	var tablePool [52][]Card
	index := meldIndex(p.Table)
	startOf := func(c Card) int { i, _ := index.meld(c); return i }
	var allTableJokers []Card
	for _, m := range p.Table {
		for _, c := range m {
			if c.IsJoker() {
				allTableJokers = append(allTableJokers, c)
			} else {
				tablePool[c.Face()] = append(tablePool[c.Face()], c)
			}
		}
	}
	var handPool, freePool [53][]Card
	for _, c := range p.Hand {
		handPool[c.Face()] = append(handPool[c.Face()], c)
	}
	for _, c := range p.Free {
		freePool[c.Face()] = append(freePool[c.Face()], c)
	}
	take := func(pool *[]Card, prefer func(Card) bool) Card {
		idx := 0
		for i, c := range *pool {
			if prefer != nil && prefer(c) {
				idx = i
				break
			}
		}
		c := (*pool)[idx]
		*pool = slices.Delete(*pool, idx, idx+1)
		return c
	}
	votes := make([]int, len(p.Table))
	table = make([][]Card, 0, len(melds))
	for _, m := range melds {
		// Which start melds the table jokers of this meld come from.
		var jokerHomes []int
		cards := make([]Card, 0, len(m.faces)+bits.OnesCount8(m.tjMask)+int(m.hj+m.fj))
		for i, j := range allTableJokers {
			if m.tjMask&(1<<i) != 0 {
				cards = append(cards, j)
				jokerHomes = append(jokerHomes, startOf(j))
			}
		}
		// The start meld most of this meld's table cards can come from.
		clear(votes)
		for k, f := range m.faces {
			if m.srcs[k] == srcTable {
				for _, c := range tablePool[f] {
					votes[startOf(c)]++
				}
			}
		}
		home, homeVotes := -1, 0
		for i := range p.Table {
			if votes[i] > homeVotes {
				home, homeVotes = i, votes[i]
			}
		}
		for k, f := range m.faces {
			switch m.srcs[k] {
			case srcTable:
				if m.orig != nil {
					// The search chose the origin: an old meld of table jokers, or
					// elsewhere on the table.
					want := -1
					if m.orig[k] >= 0 {
						want = s.jmTable[m.orig[k]]
					}
					cards = append(cards, take(&tablePool[f], func(c Card) bool {
						if want >= 0 {
							return startOf(c) == want
						}
						return !slices.Contains(s.jmTable, startOf(c))
					}))
					continue
				}
				c := take(&tablePool[f], func(c Card) bool {
					return slices.Contains(jokerHomes, startOf(c))
				})
				if !slices.Contains(jokerHomes, startOf(c)) && home >= 0 {
					// put it back and prefer the home meld instead
					tablePool[f] = append(tablePool[f], c)
					c = take(&tablePool[f], func(c Card) bool { return startOf(c) == home })
				}
				cards = append(cards, c)
			case srcHand:
				c := take(&handPool[f], nil)
				cards, hand = append(cards, c), append(hand, c)
			case srcFree:
				c := take(&freePool[f], nil)
				cards, free = append(cards, c), append(free, c)
			}
		}
		for range m.hj {
			c := take(&handPool[jokerFace], nil)
			cards, hand = append(cards, c), append(hand, c)
		}
		for range m.fj {
			c := take(&freePool[jokerFace], nil)
			cards, free = append(cards, c), append(free, c)
		}
		table = append(table, cards)
	}
	return table, hand, free
}

// describeSteps says how to get from the current table to the new one, moving as few
// cards as the layout allows, and counts the table cards that change meld. Each new meld
// is matched with the old meld it keeps most cards of. The steps come as sentences and
// as the same steps with each card's move (for a table scene to show them).
func describeSteps(p Position, table [][]Card, opt Options) (int, []string, []Step) {
	startOf, inHand, newOf := meldIndex(p.Table), cardSet(p.Hand), meldIndex(table)
	homeOfNew, homeOfOld := matchMelds(p, table, startOf)
	moved := 0
	var plan []Step
	// Taking cards out of old melds.
	var taken, stays []Card
	for i, m := range p.Table {
		taken, stays = taken[:0], stays[:0]
		for _, c := range m {
			newAt, _ := newOf.meld(c)
			if homeOfOld[i] >= 0 && newAt == homeOfOld[i] {
				stays = append(stays, c)
			} else {
				taken = append(taken, c)
			}
		}
		moved += len(taken)
		st := Step{Kind: StepTake, Meld: i, Home: -1}
		for _, c := range taken {
			to, _ := newOf.meld(c)
			st.Moves = append(st.Moves, CardMove{Card: c, From: i, To: to})
		}
		switch {
		case len(taken) == 0:
			continue
		case len(stays) == 0:
			st.Kind = StepBreak
			st.Text = "Break up meld " + strconv.Itoa(i+1) + " (" + cardsString(m) + ")."
		default:
			st.Text = "From meld " + strconv.Itoa(i+1) + " (" + cardsString(m) + ") take " + cardsString(taken) + ", leaving " + cardsString(stays) + "."
		}
		plan = append(plan, st)
	}
	// Building the new melds.
	var parts []string
	var fromHand, fromFree []Card
	fromOld := make([][]Card, len(p.Table))
	for k, m := range table {
		home := homeOfNew[k]
		parts, fromHand, fromFree = parts[:0], fromHand[:0], fromFree[:0]
		for i := range fromOld {
			fromOld[i] = fromOld[i][:0]
		}
		st := Step{Kind: StepNew, Meld: k, Home: home}
		for _, c := range m {
			i, onTable := startOf.meld(c)
			switch {
			case onTable && i == home:
				continue
			case onTable:
				fromOld[i] = append(fromOld[i], c)
				st.Moves = append(st.Moves, CardMove{Card: c, From: i, To: k})
			case inHand.has(c):
				fromHand = append(fromHand, c)
				st.Moves = append(st.Moves, CardMove{Card: c, From: FromHand, To: k})
			default:
				fromFree = append(fromFree, c)
				st.Moves = append(st.Moves, CardMove{Card: c, From: FromFree, To: k})
			}
		}
		if len(fromHand) > 0 {
			parts = append(parts, cardsString(fromHand)+" from your hand")
		}
		for i := range p.Table {
			if cs := fromOld[i]; len(cs) > 0 {
				parts = append(parts, cardsString(cs)+" from meld "+strconv.Itoa(i+1))
			}
		}
		if len(fromFree) > 0 {
			parts = append(parts, cardsString(fromFree)+" from the free cards")
		}
		if len(parts) == 0 {
			continue
		}
		if home >= 0 {
			st.Kind = StepAdd
			st.Text = "Add " + joinAnd(parts) + " to meld " + strconv.Itoa(home+1) + ", making " + cardsString(m) + "."
		} else {
			st.Text = "Lay a new meld " + cardsString(m) + ": " + joinAnd(parts) + "."
		}
		plan = append(plan, st)
	}
	_ = opt
	steps := make([]string, len(plan))
	for i, st := range plan {
		steps[i] = st.Text
	}
	return moved, steps, plan
}

// legalPlay is the test a layout of a play laying the free cards given must pass: its
// melds put in reading order (in place), the rules' turn check accepts it.
func legalPlay(p Position, opt Options, free []Card) func([][]Card) bool {
	return func(t [][]Card) bool {
		for i := range t {
			t[i] = arrangeMeld(t[i], opt.AceWrap)
		}
		_, err := checkPlay(p.Table, p.Hand, p.Free, Play(t, free), opt)
		return err == nil
	}
}

// polishLayout lays a legal play's table out moving fewer table cards, where it can, and
// describes its steps: the layout that keeps old melds (arrangeKeeping), if it moves
// fewer cards; then identical copies swapped into their old melds' places
// (keepCopiesHome), where that keeps the joker rule.
func polishLayout(p Position, opt Options, table [][]Card, hand, free []Card) ([][]Card, int, []string, []Step) {
	return polishLayoutWithin(p, opt, table, hand, free, arrangeLimits{budget: arrangeBudget, broken: 2})
}

// polishLayoutWithin is polishLayout with the arrangement's limits given.
func polishLayoutWithin(p Position, opt Options, table [][]Card, hand, free []Card, limits arrangeLimits) ([][]Card, int, []string, []Step) {
	// The arrangement checks its table against the rules, and swapping identical copies
	// can break no rule but the joker rule: only their melds' cards need putting in order,
	// and the swaps checking where the table has jokers.
	arrange := func(t [][]Card) bool {
		for i := range t {
			t[i] = arrangeMeld(t[i], opt.AceWrap)
		}
		return true
	}
	keeps := arrange
	if tableJokers(p) > 0 {
		keeps = legalPlay(p, opt, free)
	}
	// The layout's copies sent home first: where that moves nothing, there is nothing
	// for the arrangement to win.
	raw := movedCards(p, table)
	table, moved := sendCopiesHome(p, table, raw, keeps)
	if moved > 0 {
		better, ok := arrangeKeeping(p, append(slices.Clone(hand), free...), opt, limits)
		if ok && arrange(better) {
			if m := movedCards(p, better); m < raw {
				if better, m = sendCopiesHome(p, better, m, keeps); m < moved {
					table, moved = better, m
				}
			}
		}
	}
	table = inOldPlaces(p, table)
	moved, steps, plan := describeSteps(p, table, opt)
	return table, moved, steps, plan
}

// sendCopiesHome swaps identical copies into their old melds' places while that moves
// fewer table cards and keeps (the joker rule): the table and the cards it moves, given
// that table moves moved.
func sendCopiesHome(p Position, table [][]Card, moved int, keeps func([][]Card) bool) ([][]Card, int) {
	// (A swap may change which new meld keeps an old one's place: then again.)
	for i := 0; i < maxHomings && moved > 0; i++ {
		homed, ok := keepCopiesHome(p, table)
		if !ok {
			break
		}
		m := movedCards(p, homed)
		if m >= moved || !keeps(homed) {
			break
		}
		table, moved = homed, m
	}
	return table, moved
}

// inOldPlaces orders a play's melds as the table was: each meld that keeps an old one's
// place where that one stood, the new melds after them, as they came. So a play laid by
// the hint does not shuffle the melds it leaves alone.
func inOldPlaces(p Position, table [][]Card) [][]Card {
	homeOfNew, _ := matchMelds(p, table, meldIndex(p.Table))
	out := make([][]Card, 0, len(table))
	for i := range p.Table {
		if k := slices.Index(homeOfNew, i); k >= 0 {
			out = append(out, table[k])
		}
	}
	for k, m := range table {
		if homeOfNew[k] < 0 {
			out = append(out, m)
		}
	}
	return out
}

// maxHomings bounds the rounds of keepCopiesHome a layout gets.
const maxHomings = 8

// keepCopiesHome returns the table with identical copies swapped between melds so that
// table cards stay where their old meld is kept, and whether it swapped any: a table card
// in another meld changes places with a copy of its face in its old meld's place that is
// not at home there (a hand or free card, or a table card of another old meld). Each swap
// moves one table card fewer: "take 5♠ out of meld 1 … add 5♠ from your hand to meld 1"
// becomes nothing. The table given is left as it was; the caller checks the joker rule,
// which a swap may break.
func keepCopiesHome(p Position, table [][]Card) ([][]Card, bool) {
	startOf := meldIndex(p.Table)
	_, homeOfOld := matchMelds(p, table, startOf)
	// swapIn finds a copy, in the old meld's place, to change places with the table card
	// at (k, x) of t, and with swap set makes the change.
	swapIn := func(t [][]Card, k, x int, swap bool) bool {
		c := t[k][x]
		i, onTable := startOf.meld(c)
		if !onTable || c.IsJoker() || homeOfOld[i] < 0 || homeOfOld[i] == k {
			return false
		}
		h := homeOfOld[i]
		for y, d := range t[h] {
			if j, dOnTable := startOf.meld(d); d.Face() != c.Face() || dOnTable && homeOfOld[j] == h {
				continue
			}
			if swap {
				t[k][x], t[h][y] = d, c
			}
			return true
		}
		return false
	}
	var out [][]Card
	for k, m := range table {
		for x := range m {
			if out == nil && swapIn(table, k, x, false) {
				out = cloneMelds(table)
			}
			if out != nil {
				swapIn(out, k, x, true)
			}
		}
	}
	return out, out != nil
}

// matchMelds matches each new meld with the old meld it keeps most cards of, the biggest
// overlaps first: the old meld each new one stays in (-1: none) and the other way round.
func matchMelds(p Position, table [][]Card, startOf *cardIndex) (homeOfNew, homeOfOld []int) {
	// The pairs of melds sharing cards, as numbers sorting the biggest overlaps first
	// and, among equals, by the old meld, then by the new meld's least card (so that the
	// match does not depend on the order of the new melds): the overlap's complement and
	// the old meld, 16 bits each, the least card, 8 bits, and the new meld, 16 bits.
	var pairs []uint64
	homeOfNew = make([]int, len(table)+len(p.Table))
	homeOfNew, homeOfOld = homeOfNew[:len(table)], homeOfNew[len(table):]
	count := homeOfOld // (borrowed, each new meld in turn)
	for k, m := range table {
		clear(count)
		least := Card(255)
		for _, c := range m {
			if i, ok := startOf.meld(c); ok {
				count[i]++
			}
			least = min(least, c)
		}
		for i, n := range count {
			if n > 0 {
				pairs = append(pairs, uint64(0xffff-n)<<48|uint64(i)<<32|uint64(least)<<16|uint64(k))
			}
		}
	}
	slices.Sort(pairs)
	for i := range homeOfNew {
		homeOfNew[i] = -1
	}
	for i := range homeOfOld {
		homeOfOld[i] = -1
	}
	for _, pr := range pairs {
		old, at := int(pr>>32&0xffff), int(pr&0xffff)
		if homeOfNew[at] < 0 && homeOfOld[old] < 0 {
			homeOfNew[at], homeOfOld[old] = old, at
		}
	}
	return homeOfNew, homeOfOld
}

// movedCards is describeSteps' count alone: the table cards that change meld.
func movedCards(p Position, table [][]Card) int {
	startOf, newOf := meldIndex(p.Table), meldIndex(table)
	_, homeOfOld := matchMelds(p, table, startOf)
	moved := 0
	for i, m := range p.Table {
		for _, c := range m {
			if at, _ := newOf.meld(c); homeOfOld[i] < 0 || at != homeOfOld[i] {
				moved++
			}
		}
	}
	return moved
}

// simpleLays lists plays that need no rearrangement: a meld laid from the hand (and free
// cards) alone, or a single card joining a meld on the table. At most limit plays.
func simpleLays(p Position, opt Options, limit int) []Action {
	var out []Action
	own := append(slices.Clone(p.Hand), p.Free...)
	isFree := cardSet(p.Free)
	freeOf := func(cs []Card) []Card {
		var f []Card
		for _, c := range cs {
			if isFree.has(c) {
				f = append(f, c)
			}
		}
		return f
	}
	seen := map[string]bool{}
	// Melds of three from the hand and free cards.
	for a := 0; a < len(own) && len(out) < limit; a++ {
		for b := a + 1; b < len(own) && len(out) < limit; b++ {
			for c := b + 1; c < len(own) && len(out) < limit; c++ {
				m := []Card{own[a], own[b], own[c]}
				if !validMeld(m, opt.AceWrap) {
					continue
				}
				key := faceKey(m)
				if seen[key] {
					continue
				}
				seen[key] = true
				if opt.MaxPerTurn > 0 && len(m)-len(freeOf(m)) > opt.MaxPerTurn {
					continue
				}
				table := append(cloneMelds(p.Table), arrangeMeld(m, opt.AceWrap))
				out = append(out, Play(table, freeOf(m)))
			}
		}
	}
	// One card onto a meld.
	for _, c := range own {
		for i, m := range p.Table {
			if len(out) >= limit {
				return out
			}
			ext := append(slices.Clone(m), c)
			if !validMeld(ext, opt.AceWrap) {
				continue
			}
			key := fmt.Sprintf("%d+%d", i, c.Face())
			if seen[key] {
				continue
			}
			seen[key] = true
			table := cloneMelds(p.Table)
			table[i] = arrangeMeld(ext, opt.AceWrap)
			out = append(out, Play(table, freeOf([]Card{c})))
		}
	}
	return out
}

func faceKey(cs []Card) string {
	faces := make([]int, len(cs))
	for i, c := range cs {
		faces[i] = c.Face()
	}
	sort.Ints(faces)
	var b strings.Builder
	for _, f := range faces {
		fmt.Fprintf(&b, "%d,", f)
	}
	return b.String()
}

// repaired swaps identical copies between melds until the table keeps the rules, if some
// way does, and reports whether it does (legal checks it). Copies of a card are
// interchangeable for the melds but not for the joker rule: first the quick swaps that
// keep each joker with a card of its old meld or give it hand cards (repairJokers,
// repairJokerHands), then, if the rule still bites, a search over the copies the jokers'
// melds hold (reassignCopies).
func repaired(p Position, table [][]Card, legal func([][]Card) bool) bool {
	repairJokers(p, table)
	repairJokerHands(p, table)
	if legal(table) {
		return true
	}
	return reassignCopies(p, table) && legal(table)
}

// repairJokers swaps identical cards between melds so that each table joker keeps a
// natural card of its old meld when it can: copies of a card are interchangeable for
// the melds, but not for the joker rule.
func repairJokers(p Position, table [][]Card) {
	home := meldIndex(p.Table)
	for mi, m := range table {
		for _, j := range m {
			h, onTable := home.meld(j)
			if !j.IsJoker() || !onTable || anchoredIn(m, h, home) {
				continue
			}
			// Another table joker that is anchored here, and this one there.
			swapped := false
			for mj, other := range table {
				for oi, j2 := range other {
					h2, ok := home.meld(j2)
					if mj == mi || !j2.IsJoker() || !ok || !anchoredIn(m, h2, home) || !anchoredIn(other, h, home) {
						continue
					}
					ti := slices.Index(m, j)
					table[mi][ti], table[mj][oi] = j2, j
					swapped = true
					break
				}
				if swapped {
					break
				}
			}
			if swapped {
				continue
			}
			// Find a natural of the joker's old meld elsewhere whose twin is in this meld.
		search:
			for mj, other := range table {
				if mj == mi {
					continue
				}
				for oi, c := range other {
					if hc, ok := home.meld(c); !ok || hc != h || c.IsJoker() {
						continue
					}
					for ti, d := range m {
						if d.Face() == c.Face() && d != c {
							table[mi][ti], table[mj][oi] = c, d
							break search
						}
					}
				}
			}
		}
	}
}

// repairJokerHands swaps identical cards between melds so that a meld holding a freed
// table joker gets the two hand cards the joker rule asks for: a table or free copy in
// it trades places with a hand copy of the same card in a meld without table jokers.
func repairJokerHands(p Position, table [][]Card) {
	home, inHand := meldIndex(p.Table), cardSet(p.Hand)
	hasTableJoker := func(m []Card) bool {
		return slices.ContainsFunc(m, func(c Card) bool { _, ok := home.meld(c); return ok && c.IsJoker() })
	}
	for mi, m := range table {
		freed := false
		for _, j := range m {
			if h, ok := home.meld(j); ok && j.IsJoker() && !anchoredIn(m, h, home) {
				freed = true
			}
		}
		if !freed {
			continue
		}
		for ti, c := range m {
			if c.IsJoker() || inHand.has(c) || countHand(m, inHand) >= 2 {
				continue
			}
		search:
			for mj, other := range table {
				if mj == mi || hasTableJoker(other) {
					continue
				}
				for oi, d := range other {
					if d.Face() == c.Face() && inHand.has(d) {
						table[mi][ti], table[mj][oi] = d, c
						break search
					}
				}
			}
		}
	}
}

func countHand(m []Card, inHand *cardBits) int {
	n := 0
	for _, c := range m {
		if inHand.has(c) {
			n++
		}
	}
	return n
}

func anchoredIn(m []Card, h int, home *cardIndex) bool {
	for _, c := range m {
		if hc, ok := home.meld(c); ok && hc == h && !c.IsJoker() {
			return true
		}
	}
	return false
}

// cardIndex is, for every card on a table, the index of its meld (a Card is a byte).
type cardIndex [256]int16

// meld is the index of c's meld, and whether c is on the table.
func (x *cardIndex) meld(c Card) (int, bool) {
	i := x[c]
	return int(i) - 1, i > 0
}

// meldIndex maps every card on a table to the index of its meld.
func meldIndex(table [][]Card) *cardIndex {
	var at cardIndex
	for i, m := range table {
		for _, c := range m {
			at[c] = int16(i + 1)
		}
	}
	return &at
}

// cardBits is a set of cards.
type cardBits [4]uint64

func (b *cardBits) has(c Card) bool { return b[c>>6]&(1<<(c&63)) != 0 }

// cardSet is the set of the given cards.
func cardSet(cs []Card) *cardBits {
	var in cardBits
	for _, c := range cs {
		in[c>>6] |= 1 << (c & 63)
	}
	return &in
}

// reassignCopies hands out the copies of each face among the places holding that face
// so that every table joker keeps the joker rule, if some way does: a joker's meld must
// hold a copy from the joker's old meld, or two hand cards (hand jokers count). Copies of
// a face are interchangeable for the melds, not for the rule. repairJokers' single swaps
// can miss a way that needs two: with two jokers in one meld, the swap that gives one its
// old meld's copy may take the other's only one, where another copy of another face would
// have kept it (TestReassignCopies). Only the places in the melds holding table jokers are
// searched, copies of one source alike; the other places take the copies left. It reports
// whether it found a way (the table is then changed; else it is as it was), within
// reassignBudget tries.
func reassignCopies(p Position, table [][]Card) bool {
	home, inHand := meldIndex(p.Table), cardSet(p.Hand)
	kind := func(c Card) int { // the copy's source: its old meld, or hand (-1) or free (-2)
		if h, ok := home.meld(c); ok {
			return h
		}
		if inHand.has(c) {
			return -1
		}
		return -2
	}
	type place struct{ m, i int }
	watched := make([]bool, len(table)) // the melds holding table jokers
	for mi, m := range table {
		watched[mi] = slices.ContainsFunc(m, func(c Card) bool { _, ok := home.meld(c); return ok && c.IsJoker() })
	}
	// Every copy of each face on the table, wherever it stands, and the places to fill.
	copies := map[int][]Card{}
	var places []place
	for mi, m := range table {
		for i, c := range m {
			if c.IsJoker() {
				continue
			}
			copies[c.Face()] = append(copies[c.Face()], c)
			if watched[mi] {
				places = append(places, place{mi, i})
			}
		}
	}
	if len(places) == 0 {
		return false
	}
	// Quickly out when some joker can have neither, whatever the copies.
	for mi, m := range table {
		if watched[mi] && !mayKeepRule(m, copies, home, inHand) {
			return false
		}
	}
	ok := func(m []Card) bool {
		hand := countHand(m, inHand)
		for _, j := range m {
			if h, onTable := home.meld(j); onTable && j.IsJoker() && hand < 2 && !anchoredIn(m, h, home) {
				return false
			}
		}
		return true
	}
	used := map[Card]bool{}
	tries := 0
	var try func(k int) bool
	try = func(k int) bool {
		if tries++; tries > reassignBudget {
			return false
		}
		if k == len(places) {
			return true
		}
		pl := places[k]
		var tried []int // the sources tried here: copies of one source are alike
		for _, c := range copies[table[pl.m][pl.i].Face()] {
			src := kind(c)
			if used[c] || slices.Contains(tried, src) {
				continue
			}
			tried = append(tried, src)
			used[c] = true
			old := table[pl.m][pl.i]
			table[pl.m][pl.i] = c
			last := k+1 == len(places) || places[k+1].m != pl.m
			if (!last || ok(table[pl.m])) && try(k+1) {
				return true
			}
			table[pl.m][pl.i] = old
			used[c] = false
		}
		return false
	}
	if !try(0) { // (each try puts back what it changed)
		return false
	}
	// The copies left go to the other places holding their faces.
	left := map[int][]Card{}
	for f, cs := range copies {
		for _, c := range cs {
			if !used[c] {
				left[f] = append(left[f], c)
			}
		}
	}
	for mi, m := range table {
		if watched[mi] {
			continue
		}
		for i, c := range m {
			if c.IsJoker() {
				continue
			}
			if cs := left[c.Face()]; len(cs) > 0 {
				m[i], left[c.Face()] = cs[0], cs[1:]
			}
		}
	}
	return true
}

// reassignBudget bounds reassignCopies' tries (places given a copy). On the Coppola oracle
// corpus and the fresh set 9087 dealt without wrap, the ways it found took at most 42.
const reassignBudget = 5000

// mayKeepRule reports whether every table joker of meld m could keep the joker rule with
// some handing out of the copies: a place of m whose face has a copy from the joker's old
// meld, or places whose faces have hand copies (and hand jokers) enough for two hand cards.
func mayKeepRule(m []Card, copies map[int][]Card, home *cardIndex, inHand *cardBits) bool {
	hand := 0
	for _, c := range m {
		if c.IsJoker() {
			if inHand.has(c) {
				hand++
			}
		} else if slices.ContainsFunc(copies[c.Face()], inHand.has) {
			hand++
		}
	}
	for _, j := range m {
		h, onTable := home.meld(j)
		if !onTable || !j.IsJoker() || hand >= 2 {
			continue
		}
		kept := slices.ContainsFunc(m, func(c Card) bool {
			return !c.IsJoker() && slices.ContainsFunc(copies[c.Face()], func(x Card) bool {
				hx, ok := home.meld(x)
				return ok && hx == h
			})
		})
		if !kept {
			return false
		}
	}
	return true
}
