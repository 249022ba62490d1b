package machiavelli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"principe/rules"
)

// The oracle corpus: positions made without the solver (random deals, deals biased towards
// long runs and duplicates, big hands, more jokers or decks, wrap-heavy tables, tables that
// must be rebuilt whole, and positions of expert-against-expert games), each with the
// answer of the ILP model (ilp_test.go) solved by glpsol, one JSON line a position, in the
// format `arena solve -batch` reads. Regenerate (glpsol needed; some minutes) with
//
//	go test ./rules/machiavelli -run TestWriteOracle -write-oracle -timeout 60m
//
// The held-out corpus (testdata/heldout-*.jsonl) is made the same way from another seed
// (heldoutSeed, expert games included), and is never tuned on: it measures how the solver
// does on positions it was not shaped by. Regenerate it with -write-heldout. Its positions
// that glpsol does not solve within its time limit stay, without an answer.

var oracleAll = flag.Bool("oracle-all", false, "TestOracleCorpus: also the positions of oracleUnproven")

var writeOracle = flag.Bool("write-oracle", false, "regenerate testdata/oracle-*.jsonl (needs glpsol)")

var writeHeldout = flag.Bool("write-heldout", false, "regenerate testdata/heldout-*.jsonl (needs glpsol)")

// oracleSeed and heldoutSeed seed the oracle and the held-out corpora's deals.
const (
	oracleSeed  = 2126
	heldoutSeed = 9001
)

// oracleFile is the oracle corpus of a ruleset; heldoutFile its held-out corpus.
func oracleFile(ruleset string) string { return "testdata/oracle-" + ruleset + ".jsonl" }

func heldoutFile(ruleset string) string { return "testdata/heldout-" + ruleset + ".jsonl" }

// oraclePosition is one line of the oracle corpus.
type oraclePosition struct {
	ID      string          `json:"id"`
	Kind    string          `json:"kind"`
	Ruleset string          `json:"ruleset"`
	Options json.RawMessage `json:"options,omitempty"` // overrides of the preset
	Table   string          `json:"table"`
	Hand    string          `json:"hand"`
	Free    string          `json:"free,omitempty"`
	ILP     *ilpAnswer      `json:"ilp,omitempty"`    // (held-out: none when glpsol ran out of time)
	ILPms   float64         `json:"ilp_ms,omitempty"` // glpsol's own solve time when written
}

// parse reads the line's options and position.
func (o oraclePosition) parse() (Position, Options, error) {
	data := fmt.Sprintf(`{"ruleset":%q}`, o.Ruleset)
	if len(o.Options) > 0 {
		var m map[string]any
		if err := json.Unmarshal(o.Options, &m); err != nil {
			return Position{}, Options{}, err
		}
		m["ruleset"] = o.Ruleset
		b, _ := json.Marshal(m)
		data = string(b)
	}
	opt, err := ParseOptions(json.RawMessage(data))
	if err != nil {
		return Position{}, Options{}, err
	}
	p, err := ParsePosition(o.Table, o.Hand, o.Free, opt)
	return p, opt, err
}

func loadOracle(tb testing.TB, ruleset string) []oraclePosition {
	tb.Helper()
	return loadOracleFile(tb, oracleFile(ruleset))
}

func loadOracleFile(tb testing.TB, path string) []oraclePosition {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var out []oraclePosition
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var o oraclePosition
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			tb.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

// oracleUnproven lists the oracle positions whose best play Solve does not prove within
// its default budgets (no time cap): the carrier searches that keep the joker rule run out
// on big Coppola tables with table jokers, and pinning (solvePinning) does not reach their
// bound. With a time cap Solve searches on with larger budgets (searchOn). The list is
// empty since 27 Nov: c-0252 and c-0634 were here until, with wrap, the joint carrier
// searches ran once more from the next boundary (solveWithinPinning); c-0645, c-0729, c-0806 and c-0817
// until the wrap searches started their sweep where the fewest runs can cross; c-0303
// and c-0386 until the wrap layout's rebuild paired short king-side runs with offers
// still open at the king; 22 others until pinning; c-0553 until the quick pass, where the
// table cannot be laid out along the cut, took beams over the whole search for its floor.
// TestOracleCorpus fails when one of them is proven best (with -oracle-all), so that the
// list only shrinks.
var oracleUnproven = map[string]bool{}

// TestOracleCorpus compares the solver with the ILP's cached answers on the whole oracle
// corpus: every play legal, proven best and worth what the ILP says (hand cards, points,
// free cards). The positions of oracleUnproven (a quarter of the test's time) are solved
// with -oracle-all: their plays must be legal, not claimed best, and worth no more than
// the ILP's.
func TestOracleCorpus(t *testing.T) {
	for _, rs := range []string{"coppola", "bga"} {
		t.Run(rs, func(t *testing.T) {
			ps := loadOracle(t, rs)
			unproven := 0
			for _, o := range ps {
				if oracleUnproven[o.ID] && !*oracleAll {
					continue
				}
				sol, got := solveLegal(t, o)
				switch {
				case oracleUnproven[o.ID] && sol.Exact:
					t.Errorf("%s (%s) is proven best now (%+v, the ILP %+v): take it off oracleUnproven", o.ID, o.Kind, got, *o.ILP)
				case oracleUnproven[o.ID]:
					unproven++
					if packValue(got.Placed, got.Points, got.Free) > packValue(o.ILP.Placed, o.ILP.Points, o.ILP.Free) {
						t.Errorf("%s (%s): the solver %+v beats the ILP %+v", o.ID, o.Kind, got, *o.ILP)
					}
				case !sol.Exact || got != *o.ILP:
					t.Errorf("%s (%s): the solver %+v (exact %v), the ILP %+v", o.ID, o.Kind, got, sol.Exact, *o.ILP)
				}
			}
			t.Logf("%d positions, %d not proven within the default budgets", len(ps), unproven)
		})
	}
}

// solveLegal solves an oracle position and checks that its play keeps the rules; it
// returns the solution and what it is worth, as the ILP's answers are written.
func solveLegal(t *testing.T, o oraclePosition) (Solution, ilpAnswer) {
	t.Helper()
	p, opt, err := o.parse()
	if err != nil {
		t.Fatalf("%s: %v", o.ID, err)
	}
	sol := Solve(p, opt)
	if sol.Found() {
		if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
			t.Errorf("%s: illegal play: %v", o.ID, err)
		}
	}
	return sol, ilpAnswer{Placed: sol.Placed, Points: sol.Points, Free: len(sol.FreeCards)}
}

// heldoutUnproven lists the held-out positions whose best play Solve does not prove
// within its default budgets (no time cap): c-0680, Coppola with four jokers in play and
// three of them on the table, where the carrier searches following every table joker at
// once (the only ones tight there) run out of budget, both ways (mirror.go). Within a
// time cap it is proven, with budgets 16 times as large (TestHeldOutWithinTimeCap; 2.4 s
// on a quiet machine since searchOn's rounds grow four times, not eight, where a cap of
// 3 s was too short). (c-0710 came off the list on 27 Nov, with the narrow
// carrier searches before the completions; c-0584, which glpsol does not solve within its
// 15 s, on 28 Nov, proven on the mirrored position.)
var heldoutUnproven = map[string]bool{"c-0680": true}

// TestHeldOutCorpus solves the held-out corpus, which the solver was never tuned on: every
// play legal and worth no more than the ILP's answer; proven best and worth that answer
// except on the positions of heldoutUnproven, which must not be claimed best (one that is
// proven best must come off the list, so that it only shrinks). Where glpsol found no
// answer in its time limit, only the play's legality is checked.
func TestHeldOutCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the held-out corpus takes some seconds")
	}
	for _, rs := range []string{"coppola", "bga"} {
		t.Run(rs, func(t *testing.T) {
			ps := loadOracleFile(t, heldoutFile(rs))
			unproven := 0
			for _, o := range ps {
				sol, got := solveLegal(t, o)
				if !sol.Exact {
					unproven++
				}
				switch {
				case heldoutUnproven[o.ID] && sol.Exact:
					t.Errorf("%s (%s) is proven best now (%+v, the ILP %+v): take it off heldoutUnproven", o.ID, o.Kind, got, o.ILP)
				case !heldoutUnproven[o.ID] && !sol.Exact:
					t.Errorf("%s (%s): not proven best (%+v, the ILP %+v)", o.ID, o.Kind, got, o.ILP)
				case o.ILP == nil:
				case packValue(got.Placed, got.Points, got.Free) > packValue(o.ILP.Placed, o.ILP.Points, o.ILP.Free):
					t.Errorf("%s (%s): the solver %+v beats the ILP %+v", o.ID, o.Kind, got, *o.ILP)
				case sol.Exact && got != *o.ILP:
					t.Errorf("%s (%s): the solver %+v, proven best, the ILP %+v", o.ID, o.Kind, got, *o.ILP)
				}
			}
			t.Logf("%d positions, %d not proven within the default budgets", len(ps), unproven)
		})
	}
}

// TestHeldOutWithinTimeCap: held-out positions that need or once needed a time cap (Solve
// then searches on with larger budgets) are proven best within one, with legal plays:
// c-0584 and c-0710, four and three table jokers, whose searches following every table
// joker at once needed more than the default budgets (both are proven within them now);
// c-0680 (heldoutUnproven), which glpsol does not solve.
func TestHeldOutWithinTimeCap(t *testing.T) {
	checkProvenWithinCap(t, loadOracleFile(t, heldoutFile("coppola")), "c-0584", "c-0710", "c-0680")
}

// TestSolveSearchesOnWithinTimeCap: positions of oracleUnproven are proven best, worth the
// ILP's answer, once Solve has a time cap (it then searches on with larger budgets, and
// with wrap from other boundaries); c-0553 laid nothing within the default budgets, where
// 18 cards can be laid; c-0634 is proven only from another boundary than the first, and
// c-0252 at the default budgets likewise.
func TestSolveSearchesOnWithinTimeCap(t *testing.T) {
	checkProvenWithinCap(t, loadOracle(t, "coppola"), "c-0553", "c-0565", "c-0780", "c-0252", "c-0634")
}

// checkProvenWithinCap solves the positions named with a time cap of 30 s and checks each
// play (checkBestAsILP).
func checkProvenWithinCap(t *testing.T, ps []oraclePosition, ids ...string) {
	t.Helper()
	for _, o := range ps {
		if !slices.Contains(ids, o.ID) {
			continue
		}
		p, opt, err := o.parse()
		if err != nil {
			t.Fatal(err)
		}
		release := withTimeCap(&p, 30*time.Second)
		sol := Solve(p, opt)
		release()
		checkBestAsILP(t, o, p, opt, sol, "with a time cap the solver")
	}
}

// withTimeCap gives the position a Stop that closes after timeCap (0: none, no Stop), as
// the hint and arena solve do; the function returned releases its timer.
func withTimeCap(p *Position, timeCap time.Duration) func() {
	if timeCap <= 0 {
		return func() {}
	}
	stop := make(chan struct{})
	timer := time.AfterFunc(timeCap, func() { close(stop) })
	p.Stop = stop
	return func() { timer.Stop() }
}

// checkBestAsILP checks that sol is a legal play of the oracle position, proven best and
// worth the ILP's answer (when glpsol found one).
func checkBestAsILP(t *testing.T, o oraclePosition, p Position, opt Options, sol Solution, who string) {
	t.Helper()
	got := ilpAnswer{Placed: sol.Placed, Points: sol.Points, Free: len(sol.FreeCards)}
	if !sol.Exact || o.ILP != nil && got != *o.ILP {
		t.Errorf("%s: %s %+v (exact %v), the ILP %+v", o.ID, who, got, sol.Exact, o.ILP)
	}
	if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
		t.Errorf("%s: illegal play: %v", o.ID, err)
	}
}

// TestOracleILPSample re-solves a random sample of the oracle corpus with glpsol (which
// scripts/test installs) and checks the cached answers: 10 positions per ruleset, drawn
// among those glpsol solved within half a second when the corpus was written (most of
// them; the rest take up to a few seconds each), so that the test takes a few seconds.
func TestOracleILPSample(t *testing.T) {
	if glpsolPath() == "" {
		t.Skip("glpsol is not installed (Debian: apt-get install glpk-utils); the cached answers are checked by TestOracleCorpus")
	}
	seed := uint64(time.Now().UnixNano())
	r := rand.New(rand.NewPCG(seed, 21))
	dir := t.TempDir()
	for _, rs := range []string{"coppola", "bga"} {
		ps := slices.DeleteFunc(loadOracle(t, rs), func(o oraclePosition) bool { return o.ILPms > 500 })
		for range 10 {
			o := ps[r.IntN(len(ps))]
			p, opt, err := o.parse()
			if err != nil {
				t.Fatal(err)
			}
			a, _, err := solveILP(dir, p, opt)
			if err != nil {
				t.Fatalf("%s: %v", o.ID, err)
			}
			if a != *o.ILP {
				t.Errorf("%s (sample seed %d): glpsol now says %+v, the cache %+v", o.ID, seed, a, *o.ILP)
			}
		}
	}
}

// TestWriteOracle regenerates the oracle corpus (-write-oracle) or the held-out corpus
// (-write-heldout): positions of every kind below, seeded, each solved by glpsol.
func TestWriteOracle(t *testing.T) {
	if !*writeOracle && !*writeHeldout {
		t.Skip("run with -write-oracle or -write-heldout to regenerate a corpus (needs glpsol)")
	}
	if glpsolPath() == "" {
		t.Fatal("glpsol is not installed")
	}
	ilpTimeLimit = 15
	for _, rs := range []string{"bga", "coppola"} {
		if *writeOracle {
			writeOracleSet(t, generateOracle(t, rs, oracleSeed, ""), oracleFile(rs), false)
		}
		if *writeHeldout {
			writeOracleSet(t, generateOracle(t, rs, heldoutSeed, ""), heldoutFile(rs), true)
		}
	}
}

// writeOracleSet solves the positions with glpsol (two processes at a time) and writes
// them to path with their answers; those glpsol does not solve are left out, or with
// keepUnsolved kept without an answer.
func writeOracleSet(t *testing.T, all []oraclePosition, path string, keepUnsolved bool) {
	solved := make([]bool, len(all))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dir := t.TempDir()
			for i := range next {
				o := &all[i]
				p, opt, err := o.parse()
				if err != nil {
					t.Errorf("%s: %v\n%+v", o.ID, err, o)
					continue
				}
				a, d, err := solveILP(dir, p, opt)
				if err != nil {
					t.Logf("%s (%s) not solved by glpsol: %v", o.ID, o.Kind, err)
					continue
				}
				o.ILP, o.ILPms = &a, float64(d.Microseconds())/1000
				solved[i] = true
				if i%100 == 0 {
					fmt.Fprintf(os.Stderr, "%s: %d of %d\n", path, i, len(all))
				}
			}
		}()
	}
	for i := range all {
		next <- i
	}
	close(next)
	wg.Wait()
	var b bytes.Buffer
	lines := 0
	for i, o := range all {
		if !solved[i] && !keepUnsolved {
			continue
		}
		data, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
		b.WriteByte('\n')
		lines++
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: wrote %d positions (%d bytes)", path, lines, b.Len())
}

// dealer makes positions of one ruleset from a seeded stream: a deck of the options' cards,
// melds taken from it for the table, and a hand and free cards from what is left.
type dealer struct {
	r    *rand.Rand
	opt  Options
	left [53]int // copies of each face not yet dealt
}

func newDealer(r *rand.Rand, opt Options) *dealer {
	d := &dealer{r: r, opt: opt}
	for f := range jokerFace {
		d.left[f] = opt.Decks
	}
	d.left[jokerFace] = opt.Jokers
	return d
}

// face is the face of a rank (1 … 13, and 14 for the high ace) and suit.
func face(rank, su int) int { return su*13 + (rank-1)%13 }

// take deals one copy of face f, if one is left.
func (d *dealer) take(f int) bool {
	if d.left[f] == 0 {
		return false
	}
	d.left[f]--
	return true
}

// run deals a run of suit su from rank start, length n (wrapping past the king where the
// options allow), with up to jokers of its inner naturals replaced by jokers; nil if the
// cards are not left.
func (d *dealer) run(su, start, n, jokers int) []int {
	if !d.opt.AceWrap && (start < 1 || start+n-1 > 14) {
		return nil
	}
	var fs []int
	for i := range n {
		fs = append(fs, face((start-1+i)%13+1, su))
	}
	return d.meld(fs, jokers)
}

// set deals a set of rank r in the given suits, with up to jokers of them replaced.
func (d *dealer) set(r int, suits []int, jokers int) []int {
	var fs []int
	for _, su := range suits {
		fs = append(fs, face(r, su))
	}
	return d.meld(fs, jokers)
}

// meld takes faces fs from the deck, with up to jokers inner cards as jokers.
func (d *dealer) meld(fs []int, jokers int) []int {
	need := [53]int{}
	for _, f := range fs {
		need[f]++
	}
	for f, n := range need {
		if n > d.left[f] {
			return nil
		}
	}
	for k := 0; k < jokers && d.left[jokerFace]-need[jokerFace] > 0; k++ {
		i := 1 + d.r.IntN(len(fs)-1)
		if fs[i] == jokerFace {
			continue
		}
		need[fs[i]]--
		need[jokerFace]++
		fs[i] = jokerFace
	}
	for f, n := range need {
		d.left[f] -= n
	}
	return fs
}

// table deals melds until the table holds about size cards: runs with probability
// runShare, at most maxLen long; wrapping runs (K A 2, or A-low and A-high without wrap)
// with probability wrapShare; a joker in a meld with probability jokerShare.
func (d *dealer) table(size int, runShare, wrapShare, jokerShare float64, maxLen int) [][]int {
	var melds [][]int
	n := 0
	for tries := 0; n < size && tries < 400; tries++ {
		jk := 0
		if d.r.Float64() < jokerShare {
			jk = 1
		}
		var m []int
		if d.r.Float64() < runShare {
			l := 3 + d.r.IntN(max(maxLen-2, 1))
			start := 1 + d.r.IntN(14-l+1)
			if d.r.Float64() < wrapShare {
				if d.opt.AceWrap {
					start = 13 - d.r.IntN(l-1) // holds the king and the ace
				} else if d.r.IntN(2) == 0 {
					start = 1
				} else {
					start = 14 - l + 1
				}
			}
			m = d.run(d.r.IntN(4), max(start, 1), l, jk)
		} else {
			suits := d.r.Perm(4)[:3+d.r.IntN(2)]
			m = d.set(1+d.r.IntN(13), suits, jk)
		}
		if m != nil && n+len(m) > 80 {
			for _, f := range m {
				d.left[f]++ // tables of 80 cards at most
			}
			continue
		}
		if m != nil {
			melds = append(melds, m)
			n += len(m)
		}
	}
	return melds
}

// hand deals n cards: each, with probability near, a face next to one already dealt or on
// the table (same suit, rank ±2, or the same face again), else any face left.
func (d *dealer) hand(n int, near float64, seen []int) []int {
	var out []int
	for tries := 0; len(out) < n && tries < 2000; tries++ {
		f := d.r.IntN(53)
		if len(seen) > 0 && d.r.Float64() < near {
			g := seen[d.r.IntN(len(seen))]
			if g == jokerFace {
				continue
			}
			r, su := g%13+1, g/13
			if d.r.IntN(3) == 0 {
				f = g
			} else {
				f = face((r+12+d.r.IntN(5)-2)%13+1, su)
			}
		}
		if d.take(f) {
			out = append(out, f)
			seen = append(seen, f)
		}
	}
	return out
}

func codes(fs []int) string {
	var out []string
	for _, f := range fs {
		out = append(out, Card(f).Code())
	}
	return strings.Join(out, " ")
}

func tableCodes(melds [][]int) string {
	var out []string
	for _, m := range melds {
		out = append(out, codes(m))
	}
	return strings.Join(out, " | ")
}

// dealOptions: see generateOracle's deal.
var dealOptions = flag.String("deal-options", "", `TestFreshSeedAgainstILP and BenchmarkSolveOracle -oracle-set N: options JSON the fresh positions are dealt under (not only solved under, as -fresh-options), e.g. {"ace_wrap":false} for Coppola tables without runs round the ace`)

// mergedOptions is the options JSON over, laid over base (either may be empty).
func mergedOptions(t testing.TB, base, over string) string {
	m := map[string]any{}
	for _, s := range []string{base, over} {
		if s != "" {
			if err := json.Unmarshal([]byte(s), &m); err != nil {
				t.Fatalf("options %s: %v", s, err)
			}
		}
	}
	if len(m) == 0 {
		return ""
	}
	data, _ := json.Marshal(m)
	return string(data)
}

// generateOracle makes the oracle positions of a ruleset (about 1,100) from a seed,
// without the solver except for the expert games' own play. deal is options JSON laid
// over the ruleset's ("" for none): the positions are dealt, and the expert games played,
// under those options, and carry them.
func generateOracle(t testing.TB, rs string, seed uint64, deal string) []oraclePosition {
	r := rand.New(rand.NewPCG(seed, map[string]uint64{"coppola": 1, "bga": 2}[rs]))
	var out []oraclePosition
	add := func(kind string, options string, melds [][]int, hand, free []int) {
		o := oraclePosition{ID: fmt.Sprintf("%s-%04d", rs[:1], len(out)), Kind: kind, Ruleset: rs,
			Table: tableCodes(melds), Hand: codes(hand), Free: codes(free)}
		if options = mergedOptions(t, deal, options); options != "" {
			o.Options = json.RawMessage(options)
		}
		out = append(out, o)
	}
	with := func(options string) Options {
		data := fmt.Sprintf(`{"ruleset":%q}`, rs)
		if options = mergedOptions(t, deal, options); options != "" {
			var m map[string]any
			_ = json.Unmarshal([]byte(options), &m)
			m["ruleset"] = rs
			b, _ := json.Marshal(m)
			data = string(b)
		}
		opt, err := ParseOptions(json.RawMessage(data))
		if err != nil {
			t.Fatal(err)
		}
		return opt
	}
	base := with("")
	flat := func(melds [][]int) []int {
		var fs []int
		for _, m := range melds {
			fs = append(fs, m...)
		}
		return fs
	}
	jokerShare := 0.0
	if base.Jokers > 0 {
		jokerShare = 0.15
	}
	freeCards := func(d *dealer) []int {
		if base.FreeCards == 0 || d.r.IntN(2) == 0 {
			return nil
		}
		return d.hand(d.r.IntN(5), 0, nil)
	}
	// Random deals at several stages of a game: the table's size.
	for _, stage := range []int{0, 12, 25, 40, 55, 70} {
		for range 50 {
			d := newDealer(r, base)
			melds := d.table(stage, 0.5, 0.1, jokerShare, 6)
			add(fmt.Sprintf("deal-%d", stage), "", melds, d.hand(4+r.IntN(12), 0, nil), freeCards(d))
		}
	}
	// Biased to long runs and duplicates: long table runs, hands near the table's cards.
	for range 150 {
		d := newDealer(r, base)
		melds := d.table(20+r.IntN(55), 0.85, 0.1, jokerShare, 11)
		add("long-runs", "", melds, d.hand(6+r.IntN(12), 0.8, flat(melds)), freeCards(d))
	}
	// Hands of 18 to 20.
	for range 120 {
		d := newDealer(r, base)
		melds := d.table(r.IntN(70), 0.5, 0.1, jokerShare, 7)
		add("big-hand", "", melds, d.hand(18+r.IntN(3), 0.5, flat(melds)), freeCards(d))
	}
	// Options: three decks (both rulesets); four jokers (Coppola).
	variants := []string{`{"decks":3}`}
	if rs == "coppola" {
		variants = append(variants, `{"jokers":4}`, `{"decks":3,"jokers":4}`)
	}
	for i := range 150 {
		v := variants[i%len(variants)]
		opt := with(v)
		d := newDealer(r, opt)
		js := 0.0
		if opt.Jokers > 0 {
			js = 0.3
		}
		melds := d.table(r.IntN(80), 0.6, 0.1, js, 8)
		add("options", v, melds, d.hand(5+r.IntN(14), 0.6, flat(melds)), freeCards(d))
	}
	// Wrap-heavy tables (Coppola: runs through K A 2; BGA: runs at both ends of the suit).
	for range 120 {
		d := newDealer(r, base)
		melds := d.table(15+r.IntN(60), 0.8, 0.7, jokerShare, 7)
		add("wrap", "", melds, d.hand(5+r.IntN(12), 0.7, flat(melds)), freeCards(d))
	}
	// Tight: the table holds sets of consecutive ranks in three suits (a grid); the hand
	// holds the cards beside the grid, which can only be laid by rebuilding every set into
	// runs, plus a few cards at random.
	for range 150 {
		d := newDealer(r, base)
		var melds [][]int
		var hand []int
		for g := 0; g < 1+r.IntN(3); g++ {
			suits := r.Perm(4)[:3]
			lo, n := 2+r.IntN(8), 3+r.IntN(3)
			grid := [][]int{}
			for rank := lo; rank < lo+n && rank <= 13; rank++ {
				if m := d.set(rank, suits, 0); m != nil {
					grid = append(grid, m)
				}
			}
			if len(grid) < 3 {
				continue
			}
			melds = append(melds, grid...)
			for _, su := range suits {
				for _, rank := range []int{lo - 1, lo + len(grid)} {
					if rank >= 1 && rank <= 13 && r.IntN(4) > 0 && d.take(face(rank, su)) {
						hand = append(hand, face(rank, su))
					}
				}
			}
		}
		melds = append(melds, d.table(r.IntN(30), 0.5, 0.1, jokerShare, 6)...)
		hand = append(hand, d.hand(r.IntN(6), 0.3, flat(melds))...)
		add("tight", "", melds, hand, nil)
	}
	// Positions of expert-against-expert games (Coppola: the experts hoard, hands grow to
	// about 25 cards; BGA: the same games at its rules).
	games := uint64(7000) // the expert games' seeds, from games+1 on
	if seed != oracleSeed {
		games = seed * 100
	}
	out = append(out, expertPositions(t, rs, 150, games, deal)...)
	for i := range out {
		out[i].ID = fmt.Sprintf("%s-%04d", rs[:1], i)
	}
	return out
}

// seatPosition is the position the seat meets on its turn in the game s, as an oracle
// position of the kind given, with the options given (JSON, "" for the ruleset's own).
func seatPosition(s *State, seat rules.Seat, kind, options string) oraclePosition {
	faces := func(cs []Card) []int {
		var fs []int
		for _, c := range cs {
			fs = append(fs, c.Face())
		}
		return fs
	}
	var melds [][]int
	for _, m := range s.Table {
		melds = append(melds, faces(m))
	}
	o := oraclePosition{Kind: kind, Ruleset: s.Opt.Ruleset, Table: tableCodes(melds),
		Hand: codes(faces(s.Hands[seat])), Free: codes(faces(s.Free))}
	if options != "" {
		o.Options = json.RawMessage(options)
	}
	return o
}

// playTurn plays the seat's turn in s with the bot's action, chosen within the deadline;
// greedy's when the rules refuse it (a bot stopped at its deadline may answer a play the
// rules refuse).
func playTurn(t testing.TB, s *State, seat rules.Seat, b rules.Bot, deadline time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	a, err := b.Choose(ctx, s.Observe(seat), nil)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(seat, a); err == nil {
		return
	}
	if a, err = (GreedyBot{}).Choose(context.Background(), s.Observe(seat), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(seat, a); err != nil {
		t.Fatal(err)
	}
}

// expertPositions plays two-seat expert-against-expert games and samples up to n of the
// positions met on a seat's turn (hands up to 25 cards), the games seeded from games+1 on.
func expertPositions(t testing.TB, rs string, n int, games uint64, deal string) []oraclePosition {
	var seen []oraclePosition
	g := machiavelliGame{}
	game := mergedOptions(t, deal, fmt.Sprintf(`{"ruleset":%q,"players":2}`, rs))
	for seed := uint64(1); len(seen) < 3*n && seed <= 12; seed++ {
		st, err := g.NewState(json.RawMessage(game), games+seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		b, err := g.NewBot("expert", seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		for turn := 0; !s.Over() && s.GameNo == 1 && turn < 400; turn++ {
			seat := s.ToAct()
			if len(s.Hands[seat]) <= 25 {
				seen = append(seen, seatPosition(s, seat, "expert-game", deal))
			}
			playTurn(t, s, seat, b, time.Second)
		}
	}
	// An even sample, the biggest hands first.
	slices.SortStableFunc(seen, func(a, b oraclePosition) int { return len(b.Hand) - len(a.Hand) })
	var out []oraclePosition
	for i := 0; i < len(seen) && len(out) < n; i += max(len(seen)/n, 1) {
		out = append(out, seen[i])
	}
	return out
}

var oraclePlain = flag.Bool("oracle-plain", false, "BenchmarkSolveOracle: time SolvePlain instead of Solve (the same play, proven alike, laid out as the search found it, without steps: what glpsol's answer holds)")

var oracleCPU = flag.Bool("oracle-cpu", false, "BenchmarkSolveOracle: processor times instead of wall times")

var oracleCap = flag.Duration("oracle-cap", 0, "BenchmarkSolveOracle: solve each position within this time cap, as the hint and arena solve do (0: the default budgets only)")

var oracleILP = flag.Int("oracle-ilp", 0, "BenchmarkSolveOracle: also time glpsol on this many positions per ruleset (an even sample), in the same run")

var oracleSet = flag.String("oracle-set", "oracle", "BenchmarkSolveOracle: the positions — oracle, heldout, or a number: the oracle corpus's kinds generated afresh from that seed (no cached ILP answers)")

var oracleOptions = flag.String("oracle-options", "", `BenchmarkSolveOracle: options JSON laid over every position's, e.g. {"max_per_turn":13} (as TestFreshSeedAgainstILP's -fresh-options)`)

var oracleKnown = flag.Bool("oracle-known", false, "BenchmarkSolveOracle: also time, on the positions without wrap and jokers, what finding and proving each play would cost were its value known beforehand (knownAnswer), next to the solver, each the fastest of three runs")

var oracleMinHand = flag.Int("oracle-min-hand", 0, "BenchmarkSolveOracle: only the positions with at least this many hand cards")

// benchOracleSet is the positions -oracle-set names for a ruleset, with -oracle-options
// and -oracle-min-hand applied.
func benchOracleSet(b *testing.B, rs string) []oraclePosition {
	var ps []oraclePosition
	switch *oracleSet {
	case "oracle":
		ps = loadOracle(b, rs)
	case "heldout":
		ps = loadOracleFile(b, heldoutFile(rs))
	default:
		seed, err := strconv.ParseUint(*oracleSet, 10, 64)
		if err != nil {
			b.Fatalf("-oracle-set %q: want oracle, heldout or a seed", *oracleSet)
		}
		ps = generateOracle(b, rs, seed, *dealOptions)
	}
	return overlaid(b, ps, *oracleOptions, *oracleMinHand)
}

// BenchmarkSolveOracle solves every oracle position of a ruleset and reports the solver's
// median, 99th percentile and worst time, and glpsol's own solve time on the same positions
// as cached when the corpus was written (ilp-*), with the ratios at the median and p99; and
// the situations the searches visited in all (Solution.Nodes: the same on any machine,
// where the times are not).
// With -oracle-ilp N, glpsol is also timed afresh on an even sample of N positions per
// ruleset, next to the solver on the same positions (run-*): each the fastest of three
// runs, the solver's three made before glpsol's.
// -oracle-set heldout runs the held-out corpus instead, and -oracle-set N the same kinds
// of positions generated afresh from seed N (neither tuned on; the second without cached
// glpsol times). -oracle-options lays options over every position's and -oracle-min-hand
// keeps the big hands: -oracle-set 9005 -oracle-options '{"max_per_turn":13}'
// -oracle-min-hand 14 times the hands over a cap of 13.
//
// With -oracle-cap D each position is solved within a time cap of D (wall time), as the
// hint and arena solve do: Solve searches on with larger budgets until its play is proven
// or the cap closes.
//
// With -oracle-plain SolvePlain is timed instead of Solve: the same play, proven best
// alike, laid out as the search found it — no layout moving fewer cards, no steps —
// which is what glpsol's answer holds too.
//
// With -oracle-known it also times, on the positions without wrap and jokers, what would
// be left to do were each play's value known beforehand (knownAnswer), next to the solver.
//
// With -oracle-cpu the times are processor times — the solver's thread's (it is locked to
// one thread; the garbage collector's other threads are not counted) and glpsol's
// process's — instead of wall times: on a machine shared with other jobs the wall times
// count the waits for a processor. The cached ILP times are wall times either way.
func BenchmarkSolveOracle(b *testing.B) {
	now := func() time.Duration { return time.Duration(time.Now().UnixNano()) }
	if *oracleCPU {
		now = threadCPU
	}
	solve := Solve
	if *oraclePlain {
		solve = SolvePlain
	}
	for _, rs := range []string{"coppola", "bga"} {
		b.Run(rs, func(b *testing.B) {
			if *oracleCPU {
				runtime.LockOSThread() // (each sub-benchmark runs in its own goroutine)
				defer runtime.UnlockOSThread()
			}
			ps := benchOracleSet(b, rs)
			if len(ps) == 0 {
				b.Fatal("no positions (-oracle-min-hand too high?)")
			}
			var solver, ilp []time.Duration
			notExact, situations := 0, 0
			for range b.N {
				for _, o := range ps {
					p, opt, err := o.parse()
					if err != nil {
						b.Fatal(err)
					}
					release := withTimeCap(&p, *oracleCap)
					start := now()
					sol := solve(p, opt)
					solver = append(solver, now()-start)
					release()
					situations += sol.Nodes
					if !sol.Exact {
						notExact++
					}
				}
			}
			for _, o := range ps {
				if o.ILP != nil {
					ilp = append(ilp, time.Duration(o.ILPms*float64(time.Millisecond)))
				}
			}
			report(b, "", solver)
			if len(ilp) == len(ps) { // (cached times for every position: the ratios mean something)
				report(b, "ilp-", ilp)
				slices.Sort(solver)
				slices.Sort(ilp)
				b.ReportMetric(ratioAt(ilp, solver, 50), "ilp/solver-median")
				b.ReportMetric(ratioAt(ilp, solver, 99), "ilp/solver-p99")
			}
			b.ReportMetric(float64(len(ps)), "positions")
			b.ReportMetric(float64(notExact)/float64(len(solver)), "not-exact")
			b.ReportMetric(float64(situations)/float64(b.N), "situations")
			if *oracleKnown {
				reportKnown(b, ps, solve, now)
			}
			if *oracleILP > 0 && glpsolPath() != "" {
				ilpTimings, ilpCPU = 3, *oracleCPU
				defer func() { ilpTimings, ilpCPU = 1, false }()
				dir := b.TempDir()
				var s, g []time.Duration
				step := max(len(ps) / *oracleILP, 1)
				for i := 0; i < len(ps) && len(g) < *oracleILP; i += step {
					p, opt, _ := ps[i].parse()
					var fastest time.Duration
					for j := range ilpTimings { // (as glpsol: the fastest of the runs)
						start := now()
						solve(p, opt)
						if d := now() - start; j == 0 || d < fastest {
							fastest = d
						}
					}
					s = append(s, fastest)
					_, d, err := solveILP(dir, p, opt)
					if err != nil {
						b.Logf("%s: glpsol: %v (left out)", ps[i].ID, err)
						s = s[:len(s)-1]
						continue
					}
					g = append(g, d)
				}
				report(b, "run-", s)
				report(b, "run-ilp-", g)
				slices.Sort(s)
				slices.Sort(g)
				b.ReportMetric(ratioAt(g, s, 50), "run-ilp/solver-median")
				b.ReportMetric(ratioAt(g, s, 99), "run-ilp/solver-p99")
			}
		})
	}
}

// knownAnswer is what the searches would still have to do were the value v of the
// position's best play known beforehand: prove that nothing beats v (the exact pass above
// it); unless v says nothing can be laid, find a play worth v (a beam as narrow as the
// aimed beam's, keeping only what can still reach v; wider ones while they miss it, then
// the whole search so keeping) and lay the play out (polished or not). Without wrap and
// jokers, where the aimed beam and the descent serve. It reports whether it found a play
// worth v, proven.
func knownAnswer(p Position, opt Options, v int32, polish bool) bool {
	defer withArena(&p)()
	e := newTableDP(p, opt)
	e.floor, e.limit = v, solveBudget
	e.solve()
	if v <= 0 { // (nothing to find: the proof is all)
		return e.best <= 0 && !e.aborted
	}
	find := func(width int) *tableDP {
		d := newTableDP(p, opt)
		d.beam, d.starveBeam = width, true
		d.floor, d.limit = v-1, solveBudget
		d.solve()
		return d
	}
	// Wider beams while the play is missed, then the whole search keeping what can reach v.
	q := find(boundBeam.width)
	for width := 4 * boundBeam.width; q.best < v && width <= wideBeam; width *= 4 {
		q = find(width)
	}
	if q.best < v {
		q = find(0)
	}
	sol := bestTieLayout(p, opt, Solution{}, polish, q)
	return sol.value() == v && e.best <= v && !e.aborted
}

// reportKnown times, on the positions without wrap and jokers whose play the solver
// proves best, the solver and knownAnswer (each the fastest of three runs, alternately),
// and reports both medians and their ratio: how much faster the solver could be at most
// if it knew each answer at no cost, its searches and layout otherwise as they are.
func reportKnown(b *testing.B, ps []oraclePosition, solve func(Position, Options) Solution, now func() time.Duration) {
	var s, k []time.Duration
	for _, o := range ps {
		p, opt, _ := o.parse()
		if opt.AceWrap || countJokers(p.Hand)+countJokers(p.Free)+tableJokers(p) > 0 {
			continue
		}
		sol := solve(p, opt)
		if !sol.Exact {
			continue // (the value to be told must be the best)
		}
		v := sol.value()
		var fs, fk time.Duration
		for j := range 3 {
			start := now()
			solve(p, opt)
			ds := now() - start
			start = now()
			ok := knownAnswer(p, opt, v, !*oraclePlain)
			dk := now() - start
			if !ok {
				b.Fatalf("%s: knownAnswer did not find and prove the play worth %d", o.ID, v)
			}
			if j == 0 || ds < fs {
				fs = ds
			}
			if j == 0 || dk < fk {
				fk = dk
			}
		}
		s, k = append(s, fs), append(k, fk)
	}
	if len(s) == 0 {
		return
	}
	report(b, "known-solver-", s)
	report(b, "known-", k)
	slices.Sort(s)
	slices.Sort(k)
	b.ReportMetric(ratioAt(s, k, 50), "solver/known-median")
	b.ReportMetric(float64(len(s)), "known-positions")
}

var overrunCap = flag.Duration("overrun-cap", 300*time.Millisecond, "BenchmarkTimeCapOverrun: the time cap each position is solved within")

// BenchmarkTimeCapOverrun solves every position of the set BenchmarkSolveOracle's flags
// name (-oracle-set, -deal-options, -oracle-options, -oracle-min-hand) within a time cap
// (-overrun-cap, as the hint and arena solve give Solve) and reports, over the positions
// still searching when it closes, how long Solve goes on after it (wall time: median and
// worst), and how many those were. For example, the BGA mix with four jokers, where one
// step of a search can take 0.3 s:
//
//	go test ./rules/machiavelli -run '^$' -bench TimeCapOverrun/bga -benchtime 1x -oracle-set 9053 \
//		-deal-options '{"jokers":4,"free_cards":4,"max_per_turn":0,"scoring":"points"}'
func BenchmarkTimeCapOverrun(b *testing.B) {
	for _, rs := range []string{"coppola", "bga"} {
		b.Run(rs, func(b *testing.B) {
			ps := benchOracleSet(b, rs)
			var over []time.Duration
			for range b.N {
				for _, o := range ps {
					p, opt, err := o.parse()
					if err != nil {
						b.Fatal(err)
					}
					stop := make(chan struct{})
					closedAt := make(chan time.Time, 1)
					timer := time.AfterFunc(*overrunCap, func() { closedAt <- time.Now(); close(stop) })
					p.Stop = stop
					Solve(p, opt)
					end := time.Now()
					if !timer.Stop() {
						over = append(over, max(end.Sub(<-closedAt), 0))
					}
				}
			}
			b.ReportMetric(float64(len(over))/float64(b.N), "stopped")
			if len(over) > 0 {
				report(b, "overrun-", over)
			}
		})
	}
}

// report reports the median, p99 and worst of times, in ms.
func report(b *testing.B, prefix string, times []time.Duration) {
	t := slices.Clone(times)
	slices.Sort(t)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(t[len(t)/2]), prefix+"median-ms")
	b.ReportMetric(ms(t[len(t)*99/100]), prefix+"p99-ms")
	b.ReportMetric(ms(t[len(t)-1]), prefix+"worst-ms")
}

// ratioAt is the ratio of two sorted lists of times at a percentile.
func ratioAt(a, b []time.Duration, pct int) float64 {
	x, y := a[len(a)*pct/100], b[len(b)*pct/100]
	return float64(x) / float64(max(y, time.Microsecond))
}

// TestSolveStoppedStillLays: a search stopped before it finds any play (here at once)
// does not answer "lay nothing" when a simple lay is there: it falls back to the best
// simple lay, not claimed best.
func TestSolveStoppedStillLays(t *testing.T) {
	for _, o := range loadOracle(t, "coppola") {
		if o.ID != "c-0553" {
			continue
		}
		p, opt, err := o.parse()
		if err != nil {
			t.Fatal(err)
		}
		stop := make(chan struct{})
		close(stop)
		p.Stop = stop
		sol := Solve(p, opt)
		if !sol.Found() || sol.Exact {
			t.Fatalf("stopped at once: lays %d card(s), exact %v; want the best simple lay, not exact", len(sol.HandCards), sol.Exact)
		}
		if _, err := checkPlay(p.Table, p.Hand, p.Free, sol.Action(), opt); err != nil {
			t.Fatalf("the fallback play is not legal: %v", err)
		}
		return
	}
	t.Fatal("c-0553 is not in the corpus")
}
