package machiavelli

import (
	"encoding/json"
	"flag"
	"maps"
	"strings"
	"sync"
	"testing"
	"time"
)

var freshSeed = flag.Uint64("fresh-seed", 0, "TestFreshSeedAgainstILP: generate the oracle corpus's kinds afresh from this seed and compare every answer with glpsol's (0: skip; needs glpsol; takes minutes)")

var freshCap = flag.Duration("fresh-cap", 0, "TestFreshSeedAgainstILP: the solver's time cap per position, as arena solve's -cap (0: the default budgets only)")

var freshILPLimit = flag.Int("fresh-ilp-limit", 15, "TestFreshSeedAgainstILP: glpsol's time limit per position, in seconds")

var freshRuleset = flag.String("fresh-ruleset", "", "TestFreshSeedAgainstILP: coppola or bga (empty: both)")

var freshWorkers = flag.Int("fresh-workers", 2, "TestFreshSeedAgainstILP: glpsol processes at once")

var freshOptions = flag.String("fresh-options", "", `TestFreshSeedAgainstILP: options JSON laid over every position's, e.g. {"max_per_turn":13} for a house mix`)

var freshMinHand = flag.Int("fresh-min-hand", 0, "TestFreshSeedAgainstILP: only the positions with at least this many hand cards")

// TestFreshSeedAgainstILP checks the solver on positions it was never tuned on: the
// oracle corpus's kinds generated afresh from -fresh-seed, every one solved by Solve
// (within -fresh-cap, if given) and by glpsol (within -fresh-ilp-limit). Every play must
// be legal; a play claimed best must be worth glpsol's answer; no play may beat glpsol's
// (its answers are proven optimal, so that would be a wrong model or an illegal play).
// Plays not proven best are listed, with glpsol's answer where it has one: they are what
// the solver still misses. Where glpsol finds no optimum in its time limit only the play's
// legality is checked. For example:
//
//	go test ./rules/machiavelli -run TestFreshSeedAgainstILP -fresh-seed 9005 -timeout 2h
//	go test ./rules/machiavelli -run 'TestFreshSeedAgainstILP/coppola' -fresh-seed 9005 \
//		-fresh-options '{"max_per_turn":13}' -fresh-min-hand 14 -timeout 2h
func TestFreshSeedAgainstILP(t *testing.T) {
	comparingWithGlpsol(t, *freshSeed != 0, "-fresh-seed N", "fresh positions")
	for _, rs := range []string{"coppola", "bga"} {
		if *freshRuleset != "" && *freshRuleset != rs {
			continue
		}
		t.Run(rs, func(t *testing.T) {
			ps := freshPositions(t, rs)
			sols := make([]Solution, len(ps))
			for i, o := range ps {
				sols[i] = solveFresh(t, o, *freshCap)
			}
			ilps := solveILPs(t, ps, max(*freshWorkers, 1))
			tallyFresh(t, ps, sols, ilps)
		})
	}
}

// comparingWithGlpsol prepares an opt-in comparison with glpsol: it skips the test unless
// asked (on, by the flag how names), fails it when glpsol is not installed, and gives glpsol
// -fresh-ilp-limit seconds a position until the test ends.
func comparingWithGlpsol(t *testing.T, on bool, how, what string) {
	t.Helper()
	if !on {
		t.Skipf("run with %s to compare the solver with glpsol on %s", how, what)
	}
	if glpsolPath() == "" {
		t.Fatal("glpsol is not installed")
	}
	limit := ilpTimeLimit
	t.Cleanup(func() { ilpTimeLimit = limit })
	ilpTimeLimit = *freshILPLimit
}

// freshPositions generates the positions of the ruleset from -fresh-seed, with
// -fresh-options laid over their options, keeping those with -fresh-min-hand hand cards.
func freshPositions(t *testing.T, rs string) []oraclePosition {
	return overlaid(t, generateOracle(t, rs, *freshSeed, *dealOptions), *freshOptions, *freshMinHand)
}

// overlaid is the positions with at least minHand hand cards, with the options given (JSON,
// "" for none) laid over their own. Positions whose options change lose their cached
// glpsol answer, which was for the others.
func overlaid(tb testing.TB, ps []oraclePosition, options string, minHand int) []oraclePosition {
	var over map[string]any
	if options != "" {
		if err := json.Unmarshal([]byte(options), &over); err != nil {
			tb.Fatalf("options %s: %v", options, err)
		}
	}
	var out []oraclePosition
	for _, o := range ps {
		if len(strings.Fields(o.Hand)) < minHand {
			continue
		}
		if over != nil {
			m := map[string]any{}
			if len(o.Options) > 0 {
				if err := json.Unmarshal(o.Options, &m); err != nil {
					tb.Fatal(err)
				}
			}
			maps.Copy(m, over)
			b, err := json.Marshal(m)
			if err != nil {
				tb.Fatal(err)
			}
			o.Options, o.ILP, o.ILPms = b, nil, 0
		}
		out = append(out, o)
	}
	return out
}

// solveFresh solves one position within the time cap (0: the default budgets only) and
// checks that its play is legal.
func solveFresh(t *testing.T, o oraclePosition, timeCap time.Duration) Solution {
	t.Helper()
	p, opt, err := o.parse()
	if err != nil {
		t.Fatalf("%s: %v", o.ID, err)
	}
	defer withTimeCap(&p, timeCap)()
	sol := Solve(p, opt)
	if sol.Found() {
		if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
			t.Errorf("%s (%s): illegal play: %v", o.ID, o.Kind, err)
		}
	}
	return sol
}

// solveILPs solves every position with glpsol, workers at a time: the answers, nil where
// glpsol found no optimum within its time limit.
func solveILPs(t *testing.T, ps []oraclePosition, workers int) []*ilpAnswer {
	out := make([]*ilpAnswer, len(ps))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		dir := t.TempDir()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				p, opt, _ := ps[i].parse() // (parsed once already by solveFresh)
				if a, _, err := solveILP(dir, p, opt); err == nil {
					out[i] = &a
				}
			}
		}()
	}
	for i := range ps {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// tallyFresh compares the solver's answers with glpsol's: errors for a play claimed best
// that glpsol's differs from and for a play beating glpsol's; a log of the rest.
func tallyFresh(t *testing.T, ps []oraclePosition, sols []Solution, ilps []*ilpAnswer) {
	t.Helper()
	compared, unproven, short, noILP, noILPUnproven := 0, 0, 0, 0, 0
	for i, o := range ps {
		sol := sols[i]
		got := ilpAnswer{Placed: sol.Placed, Points: sol.Points, Free: len(sol.FreeCards)}
		if !sol.Exact {
			unproven++
		}
		ilp := ilps[i]
		if ilp == nil {
			noILP++
			if !sol.Exact {
				noILPUnproven++
				t.Logf("%s (%s, %d table jokers): not proven best, %+v; glpsol found no optimum in %d s", o.ID, o.Kind, positionTableJokers(o), got, ilpTimeLimit)
			}
			continue
		}
		compared++
		mine, theirs := packValue(got.Placed, got.Points, got.Free), packValue(ilp.Placed, ilp.Points, ilp.Free)
		switch {
		case mine > theirs:
			t.Errorf("%s (%s): the solver's play %+v beats glpsol's optimum %+v", o.ID, o.Kind, got, *ilp)
		case sol.Exact && mine != theirs:
			t.Errorf("%s (%s): claimed best %+v, glpsol's optimum %+v", o.ID, o.Kind, got, *ilp)
		case !sol.Exact:
			if mine < theirs {
				short++
			}
			t.Logf("%s (%s, %d table jokers): not proven best, %+v; glpsol %+v", o.ID, o.Kind, positionTableJokers(o), got, *ilp)
		}
	}
	t.Logf("%d positions: %d compared with glpsol, %d not proven best (%d of them short of glpsol's answer); "+
		"glpsol found no optimum on %d (%d of them not proven by the solver either)",
		len(ps), compared, unproven, short, noILP, noILPUnproven)
}

// positionTableJokers is how many jokers the position's table holds.
func positionTableJokers(o oraclePosition) int {
	p, _, err := o.parse()
	if err != nil {
		return 0
	}
	return tableJokers(p)
}
