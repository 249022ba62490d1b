package machiavelli

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// Planted positions are made backwards from their answer, a way that shares nothing with
// the oracle corpus's dealer: a layout of valid melds is drawn first (the table after the
// play), and the table before the play is what is left of it once some cards are taken
// back into the hand — whole melds, the ends of runs, a set's fourth card, or one to three
// cards out of a group of melds whose other cards are then laid out afresh in other melds
// (playing the planted cards back rebuilds that group). Some positions also hold grids:
// sets of three to five ranks in a row on the table, which the cards planted beside them
// turn into runs. The rules' own turn check (checkPlay) must accept the planted play,
// joker rule included; positions it refuses are drawn again. So the best play lays at
// least every planted card: with no other card in the hand, exactly those.

var plantedNoise = flag.Int("planted-noise", 0, "TestPlantedAgainstILP: cards drawn at random into each planted hand besides the planted ones (the best play may or may not lay them)")

var plantedILP = flag.Int("planted-ilp", 0, "TestPlantedAgainstILP: planted positions per options set to compare with glpsol (0: skip; needs glpsol)")

var plantedSeed = flag.Uint64("planted-seed", 1, "TestPlantedAgainstILP: the seed the positions are drawn from")

// plantedOptions are the options the planted tests draw positions under: the big decks
// and many jokers, with wrap and without, in both rulesets (no cap: the planted play may
// lay any number of cards).
var plantedOptions = []string{
	`{"ruleset":"coppola","decks":3,"jokers":4}`,
	`{"ruleset":"coppola","decks":3,"jokers":4,"ace_wrap":false}`,
	`{"ruleset":"coppola"}`,
	`{"ruleset":"bga","max_per_turn":0}`,
	`{"ruleset":"bga","decks":3,"max_per_turn":0}`,
}

// cappedPlantedOptions are the options under a cap that TestPlantedAgainstILP also draws
// positions under: BGA's own cap of 13, and a cap of 5 with three decks and four jokers.
var cappedPlantedOptions = []string{
	`{"ruleset":"bga"}`,
	`{"ruleset":"coppola","decks":3,"jokers":4,"max_per_turn":5}`,
}

// planter draws planted positions from a stock of the cards the options play with.
type planter struct {
	r     *rand.Rand
	opt   Options
	stock [53][]Card // by face; 52: the jokers
}

// newPlanter is a planter with every card in its stock, the copies of each face in random
// order.
func newPlanter(r *rand.Rand, opt Options) *planter {
	pl := &planter{r: r, opt: opt}
	for f := range 52 {
		for c := range opt.Decks {
			pl.stock[f] = append(pl.stock[f], Card(c<<6|f))
		}
	}
	for j := range opt.Jokers {
		pl.stock[jokerFace] = append(pl.stock[jokerFace], Joker(j))
	}
	for _, cs := range pl.stock {
		r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	}
	return pl
}

// take draws a copy of face f from the stock.
func (pl *planter) take(f int) (Card, bool) {
	cs := pl.stock[f]
	if len(cs) == 0 {
		return 0, false
	}
	pl.stock[f] = cs[:len(cs)-1]
	return cs[len(cs)-1], true
}

// putBack returns cards to the stock.
func (pl *planter) putBack(cs []Card) {
	for _, c := range cs {
		pl.stock[c.Face()] = append(pl.stock[c.Face()], c)
	}
}

// drawMeld draws a random meld from the stock — a set of three or four, or a run of three
// to eight (round the ace where the options wrap), a quarter of them holding a joker — or
// nil when the cards it asks for are gone.
func (pl *planter) drawMeld() []Card {
	r := pl.r
	var faces []int
	if r.IntN(3) == 0 {
		rank := 1 + r.IntN(13)
		for _, su := range r.Perm(4)[:3+r.IntN(2)] {
			faces = append(faces, su*13+rank-1)
		}
	} else {
		su, start, n := r.IntN(4), 1+r.IntN(13), 3+r.IntN(6)
		for pos := start; pos < start+n; pos++ {
			faces = append(faces, su*13+(pos-1)%13)
		}
	}
	if len(pl.stock[jokerFace]) > 0 && r.IntN(4) == 0 {
		faces[r.IntN(len(faces))] = jokerFace
	}
	var m []Card
	for _, f := range faces {
		c, ok := pl.take(f)
		if !ok {
			pl.putBack(m)
			return nil
		}
		m = append(m, c)
	}
	if !validMeld(m, pl.opt.AceWrap) {
		pl.putBack(m)
		return nil
	}
	return arrangeMeld(m, pl.opt.AceWrap)
}

// layOutBudget bounds layOut's search (melds tried).
const layOutBudget = 20_000

// layOut lays every card out in valid melds, trying the melds in random order, or nil
// when it finds no way within layOutBudget tries. Each step puts the lowest natural left
// into a set or a run (some of their places may be jokers); jokers left at the end go
// onto melds with room.
func (pl *planter) layOut(cards []Card) [][]Card {
	lo := layOutSearch{pl: pl, budget: layOutBudget}
	for _, c := range cards {
		if c.IsJoker() {
			lo.jokers = append(lo.jokers, c)
		} else {
			lo.naturals = append(lo.naturals, c)
		}
	}
	slices.SortFunc(lo.naturals, func(a, b Card) int { return a.Face() - b.Face() })
	lo.used = make([]bool, len(lo.naturals))
	if lo.search() {
		return lo.melds
	}
	return nil
}

// layOutSearch is layOut's state: the cards, which are used, and the melds so far.
type layOutSearch struct {
	pl         *planter
	naturals   []Card
	used       []bool
	jokers     []Card
	jokersUsed int
	melds      [][]Card
	budget     int
}

func (lo *layOutSearch) search() bool {
	first := slices.Index(lo.used, false)
	if first < 0 {
		return lo.placeJokers()
	}
	shapes := lo.shapesOf(lo.naturals[first])
	lo.pl.r.Shuffle(len(shapes), func(i, j int) { shapes[i], shapes[j] = shapes[j], shapes[i] })
	for _, faces := range shapes {
		if lo.budget--; lo.budget < 0 {
			return false
		}
		m, picked, ok := lo.pick(first, faces)
		if !ok {
			continue
		}
		for _, i := range picked {
			lo.used[i] = true
		}
		lo.melds = append(lo.melds, arrangeMeld(m, lo.pl.opt.AceWrap))
		if lo.search() {
			return true
		}
		lo.melds = lo.melds[:len(lo.melds)-1]
		lo.jokersUsed -= countJokers(m)
		for _, i := range picked {
			lo.used[i] = false
		}
	}
	return false
}

// shapesOf lists the melds that could hold card c, as faces (jokerFace: a joker's place),
// c's face first: its sets of three and four (up to two jokers), and its runs of three to
// thirteen in its suit, each also with one place a joker.
func (lo *layOutSearch) shapesOf(c Card) [][]int {
	rank, su := c.Rank(), int(c.Suit())
	var shapes [][]int
	for mask := 1; mask < 8; mask++ {
		faces := []int{c.Face()}
		for i, s := range slices.DeleteFunc([]int{0, 1, 2, 3}, func(s int) bool { return s == su }) {
			if mask&(1<<i) != 0 {
				faces = append(faces, s*13+rank-1)
			}
		}
		for j := 0; j <= 2 && len(faces)+j <= 4; j++ {
			if len(faces)+j >= 3 {
				shapes = append(shapes, append(slices.Clone(faces), slices.Repeat([]int{jokerFace}, j)...))
			}
		}
	}
	for start := 1; start <= 13; start++ {
		for n := 3; n <= 13; n++ {
			if !lo.pl.opt.AceWrap && start+n-1 > 14 {
				break
			}
			if at := (rank - start + 13) % 13; at >= n {
				continue
			}
			at := (rank - start + 13) % 13 // (c's place in the run)
			run := []int{c.Face()}
			for i := range n {
				if i != at {
					run = append(run, su*13+(start+i-1)%13)
				}
			}
			shapes = append(shapes, run)
			for i := 1; i < len(run); i++ {
				withJoker := slices.Clone(run)
				withJoker[i] = jokerFace
				shapes = append(shapes, withJoker)
			}
		}
	}
	return shapes
}

// pick takes the cards of a shape: naturals[first] for its first face, an unused natural
// for each other face, the next joker for each joker's place; ok only if they are there
// and make a valid meld. It counts the jokers taken in jokersUsed.
func (lo *layOutSearch) pick(first int, faces []int) (m []Card, picked []int, ok bool) {
	m, picked = []Card{lo.naturals[first]}, []int{first}
	jokers := 0
	for _, f := range faces[1:] {
		if f == jokerFace {
			if lo.jokersUsed+jokers == len(lo.jokers) {
				return nil, nil, false
			}
			m = append(m, lo.jokers[lo.jokersUsed+jokers])
			jokers++
			continue
		}
		i := slices.IndexFunc(lo.naturals, func(c Card) bool { return c.Face() == f })
		for i >= 0 && (lo.used[i] || slices.Contains(picked, i)) {
			if i++; i == len(lo.naturals) || lo.naturals[i].Face() != f {
				return nil, nil, false
			}
		}
		if i < 0 {
			return nil, nil, false
		}
		m, picked = append(m, lo.naturals[i]), append(picked, i)
	}
	if !validMeld(m, lo.pl.opt.AceWrap) {
		return nil, nil, false
	}
	lo.jokersUsed += jokers
	return m, picked, true
}

// placeJokers puts the jokers left onto melds with room for one; false, changing nothing,
// if one finds none.
func (lo *layOutSearch) placeJokers() bool {
	melds := slices.Clone(lo.melds)
	for _, joker := range lo.jokers[lo.jokersUsed:] {
		placed := false
		for _, i := range lo.pl.r.Perm(len(melds)) {
			if m := append(slices.Clone(melds[i]), joker); validMeld(m, lo.pl.opt.AceWrap) {
				melds[i], placed = arrangeMeld(m, lo.pl.opt.AceWrap), true
				break
			}
		}
		if !placed {
			return false
		}
	}
	lo.melds, lo.jokersUsed = melds, len(lo.jokers)
	return true
}

// plantedPosition is a planted position: the table and hand, the cards planted in the
// hand, and the planted play (the table after it).
type plantedPosition struct {
	p       Position
	planted []Card
	after   [][]Card
}

// plant draws up to two grids and a layout of random melds, about size cards in all, takes
// cards back from the layout into the hand (see the top of this file), adds noise cards
// drawn at random to the hand, and checks the planted play with the rules; false when the
// rules refuse it or nothing was planted.
func (pl *planter) plant(size, noise int) (plantedPosition, bool) {
	// Grids first (they need many given cards), then random melds.
	var table, after [][]Card
	var hand []Card
	cards := 0
	for range pl.r.IntN(3) {
		if sets, runs, extra, ok := pl.drawGrid(); ok {
			table, after, hand = append(table, sets...), append(after, runs...), append(hand, extra...)
			cards += 4 * len(runs)
		}
	}
	var drawn [][]Card
	for fails := 0; cards < size && fails < 200; {
		if m := pl.drawMeld(); m != nil {
			drawn, cards = append(drawn, m), cards+len(m)
		} else {
			fails++
		}
	}
	before, taken := pl.takeBack(drawn)
	table, after, hand = append(table, before...), append(after, drawn...), append(hand, taken...)
	if len(hand) == 0 {
		return plantedPosition{}, false
	}
	planted := slices.Clone(hand)
	for range noise {
		if c, ok := pl.take(pl.r.IntN(53)); ok {
			hand = append(hand, c)
		}
	}
	pl.r.Shuffle(len(table), func(i, j int) { table[i], table[j] = table[j], table[i] })
	uncapped := pl.opt
	uncapped.MaxPerTurn = 0 // (under a cap the planted play shows what can be laid, not what may)
	if _, err := checkPlay(table, planted, nil, Play(cloneMelds(after), nil), uncapped); err != nil {
		return plantedPosition{}, false
	}
	return plantedPosition{Position{Table: table, Hand: hand}, planted, after}, true
}

// drawGrid draws a grid: three to five ranks in a row in three suits, on the table as a
// set of each rank and after the play as a run of each suit, one card longer at either end
// (a card from the hand). Laying those cards rebuilds every set into the runs.
func (pl *planter) drawGrid() (sets, runs [][]Card, extra []Card, ok bool) {
	n := 3 + pl.r.IntN(3)
	lo := 2 + pl.r.IntN(12-n) // (so that a card below and one above are within A … K)
	var drawn []Card
	take := func(f int) Card {
		c, found := pl.take(f)
		if found {
			drawn = append(drawn, c)
		}
		ok = ok && found
		return c
	}
	ok = true
	suits := pl.r.Perm(4)[:3]
	sets = make([][]Card, n)
	for _, su := range suits {
		var run []Card
		for i := range n {
			c := take(su*13 + lo + i - 1)
			sets[i] = append(sets[i], c)
			run = append(run, c)
		}
		end := lo - 1 // the rank below the grid, or the one above
		if pl.r.IntN(2) == 0 {
			end = lo + n
		}
		c := take(su*13 + end - 1)
		runs, extra = append(runs, arrangeMeld(append(run, c), pl.opt.AceWrap)), append(extra, c)
	}
	if !ok {
		pl.putBack(drawn)
		return nil, nil, nil, false
	}
	return sets, runs, extra, true
}

// takeBack makes the table before the play from the layout after it, and the cards taken
// back into the hand: a tenth of the melds whole, a fifth trimmed (ends of runs, a set's
// fourth), and the rest in groups of one to four melds, three groups in four losing one to
// three naturals and laid out afresh (layOut) when that can be done.
func (pl *planter) takeBack(after [][]Card) (table [][]Card, hand []Card) {
	r := pl.r
	var rest [][]Card
	for _, m := range after {
		switch k := r.IntN(10); {
		case k == 0:
			hand = append(hand, m...)
		case k <= 2:
			m, trimmed := pl.trim(m)
			table, hand = append(table, m), append(hand, trimmed...)
		default:
			rest = append(rest, m)
		}
	}
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for len(rest) > 0 {
		n := min(len(rest), 1+r.IntN(4))
		group := rest[:n]
		rest = rest[n:]
		melds, taken := pl.regroup(group)
		table, hand = append(table, melds...), append(hand, taken...)
	}
	return table, hand
}

// trim takes cards off the ends of a meld while it stays valid, each time with even odds.
func (pl *planter) trim(m []Card) (kept, taken []Card) {
	kept = slices.Clone(m)
	for len(kept) > 3 && pl.r.IntN(2) == 0 {
		i := 0
		if pl.r.IntN(2) == 0 {
			i = len(kept) - 1
		}
		rest := slices.Delete(slices.Clone(kept), i, i+1)
		if kept[i].IsJoker() || !validMeld(rest, pl.opt.AceWrap) {
			break
		}
		taken, kept = append(taken, kept[i]), rest
	}
	return kept, taken
}

// regroup takes one to three naturals out of a group of melds and lays the rest out
// afresh, in melds none of which is part of one of the group's, if one of six tries finds
// such a layout (playing the cards back then rebuilds the group), else in any layout one
// found; the group as it is a quarter of the time, or when no try finds a layout.
func (pl *planter) regroup(group [][]Card) (melds [][]Card, taken []Card) {
	if pl.r.IntN(4) == 0 {
		return group, nil
	}
	var cards []Card
	for _, m := range group {
		cards = append(cards, m...)
	}
	var fallback [][]Card
	var fallbackTaken []Card
	for range 6 {
		want := 1 + pl.r.IntN(3)
		var kept []Card
		taken = nil
		for _, i := range pl.r.Perm(len(cards)) {
			if len(taken) < want && !cards[i].IsJoker() {
				taken = append(taken, cards[i])
			} else {
				kept = append(kept, cards[i])
			}
		}
		melds := pl.layOut(kept)
		switch {
		case melds == nil:
		case rebuilt(group, melds):
			return melds, taken
		case fallback == nil:
			fallback, fallbackTaken = melds, taken
		}
	}
	if fallback == nil {
		return group, nil
	}
	return fallback, fallbackTaken
}

// rebuilt reports whether no meld of melds is part of a meld of group (its cards all
// among that meld's).
func rebuilt(group, melds [][]Card) bool {
	for _, m := range melds {
		for _, g := range group {
			if !slices.ContainsFunc(m, func(c Card) bool { return !slices.Contains(g, c) }) {
				return false
			}
		}
	}
	return true
}

// drawPlanted draws n planted positions under the options, each of about size/2 … size
// cards after the play, with noise random cards in the hand besides the planted ones.
func drawPlanted(t testing.TB, options string, seed uint64, n, size, noise int) ([]plantedPosition, Options) {
	opt, err := ParseOptions([]byte(options))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0x91a7))
	var out []plantedPosition
	for tries := 0; len(out) < n; tries++ {
		if tries > 20*n {
			t.Fatalf("%s: only %d planted positions in %d tries", options, len(out), tries)
		}
		pl := newPlanter(r, opt)
		if pp, ok := pl.plant(size/2+r.IntN(size/2+1), noise); ok {
			out = append(out, pp)
		}
	}
	return out, opt
}

// TestPlantedPlaysLaidWhole: on planted positions with only the planted cards in the hand,
// Solve must lay every card, prove it best, and lay out a play the rules accept — 40 to 80
// cards on the table after the play, three decks and four jokers among the options.
func TestPlantedPlaysLaidWhole(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	for i, options := range plantedOptions {
		ps, opt := drawPlanted(t, options, uint64(100+i), n, 80, 0)
		tableCards, handCards, rebuilding := 0, 0, 0
		for j, pp := range ps {
			sol := Solve(pp.p, opt)
			if _, err := checkPlay(pp.p.Table, pp.p.Hand, nil, sol.Action(), opt); err != nil {
				t.Errorf("%s #%d: illegal play: %v", options, j, err)
			}
			if sol.Placed != len(pp.planted) || !sol.Exact {
				t.Errorf("%s #%d: laid %d of the %d planted cards (proven best: %v)\ntable %v\nhand %v\nthe planted play %v",
					options, j, sol.Placed, len(pp.planted), sol.Exact, pp.p.Table, pp.p.Hand, pp.after)
			}
			tableCards += positionCards(pp.p) - len(pp.p.Hand)
			handCards += len(pp.p.Hand)
			if sol.Moved > 0 {
				rebuilding++
			}
		}
		t.Logf("%s: %d positions, %d table and %d hand cards on average; %d of the plays move table cards",
			options, len(ps), tableCards/len(ps), handCards/len(ps), rebuilding)
	}
}

// TestPlantedAgainstILP compares Solve with glpsol on planted positions with
// -planted-noise random cards in the hand besides the planted ones (opt-in, with
// -planted-ilp N; needs glpsol), under plantedOptions and under cappedPlantedOptions too:
// the play must be legal, lay at least the planted cards where there is no cap (the
// planted play is legal), and be worth glpsol's optimum — exactly, when proven best; never
// more. Solve runs within -fresh-cap, if given. For example:
//
//	go test ./rules/machiavelli -run TestPlantedAgainstILP -planted-ilp 150 -planted-noise 5 \
//		-planted-seed 3 -fresh-cap 3s -timeout 2h -v
func TestPlantedAgainstILP(t *testing.T) {
	comparingWithGlpsol(t, *plantedILP != 0, "-planted-ilp N", "planted positions")
	for i, options := range append(slices.Clone(plantedOptions), cappedPlantedOptions...) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			ps, opt := drawPlanted(t, options, *plantedSeed*100+uint64(i), *plantedILP, 80, *plantedNoise)
			sols := make([]Solution, len(ps))
			for j, pp := range ps {
				p := pp.p
				release := withTimeCap(&p, *freshCap)
				sols[j] = Solve(p, opt)
				release()
				if _, err := checkPlay(pp.p.Table, pp.p.Hand, nil, sols[j].Action(), opt); err != nil {
					t.Errorf("#%d: illegal play: %v", j, err)
				}
				if opt.MaxPerTurn == 0 && sols[j].Placed < len(pp.planted) {
					t.Errorf("#%d: laid %d cards, fewer than the %d planted (proven best: %v)", j, sols[j].Placed, len(pp.planted), sols[j].Exact)
				}
			}
			compareWithILP(t, options, ps, opt, sols)
		})
	}
}

// compareWithILP solves the planted positions with glpsol, two at a time, and checks each
// of the solver's plays against glpsol's optimum.
func compareWithILP(t *testing.T, options string, ps []plantedPosition, opt Options, sols []Solution) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan int)
	compared, unproven, noAnswer := 0, 0, 0
	for range 2 {
		dir := t.TempDir()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				ilp, _, err := solveILP(dir, ps[j].p, opt)
				mu.Lock()
				sol := sols[j]
				mine := packValue(sol.Placed, sol.Points, len(sol.FreeCards))
				switch theirs := packValue(ilp.Placed, ilp.Points, ilp.Free); {
				case err == nil && mine > theirs:
					t.Errorf("#%d: the solver's play, %d cards %d points, beats glpsol's optimum %+v", j, sol.Placed, sol.Points, ilp)
				case !sol.Exact:
					unproven++
					t.Logf("#%d: not proven best, %d cards %d points; glpsol %+v (%v)", j, sol.Placed, sol.Points, ilp, err)
				case err != nil:
					noAnswer++
				case mine == theirs:
					compared++
				default:
					t.Errorf("#%d: claimed best %d cards %d points, glpsol's optimum %+v", j, sol.Placed, sol.Points, ilp)
				}
				mu.Unlock()
			}
		}()
	}
	for j := range ps {
		next <- j
	}
	close(next)
	wg.Wait()
	t.Logf("%s: %d positions: %d proven best at glpsol's optimum, %d not proven best, %d proven best where glpsol found no optimum",
		options, len(ps), compared, unproven, noAnswer)
}
