package machiavelli

// Completions: what each situation of the plain table search can still add, as a bound
// for the carrier searches.
//
// A carrier search is the plain search with records of the followed melds added, so what
// a situation of it can still add is at most what its plain part (the situation less the
// records) can still add in the plain search. The plain search with the same floor is run
// first, without dominance (so that every plain part a carrier search reaches with a value
// is there, reached with at least that value: the carrier search's steps are the plain
// search's, its floor is at least as high), recording every step; then, from the last
// layer back, each situation's best completion is the best of its steps' gains plus
// their situations' completions. A situation of the carrier search whose value plus its
// plain part's completion cannot beat the floor is dropped, and one whose plain part is
// not there cannot end above the floor at all. On the positions where the joker rule
// bites, the carrier searches then visit a few percent of the situations they would
// without, and a search following two jokers becomes affordable.

// compEdge is one step recorded: from a situation of the layer before, to one of this
// layer, with its gain.
type compEdge struct{ from, to, gain int32 }

// compLayer is one layer of the recorded search: its situations and values, their best
// completions, and an open-addressing table finding them (slots hold entry index + 1).
type compLayer struct {
	keys  []tdpKey
	vals  []int32
	comp  []int32
	edges []compEdge // while recording: the steps into this layer
	slots []uint32
}

// completions is the recorded search: layers[i] is layer i+1 of the sweep.
type completions struct {
	layers []compLayer
	edges  []compEdge // the steps into the layer being built
	// pruned is the most a situation the floor dropped could have been worth: the search
	// with any floor from there up drops the same ones, so these completions serve it too.
	pruned int32
}

// noCompletion marks a situation that cannot end.
const noCompletion = -1 << 30

// newCompletions runs the plain table search with the given floor, recording every step,
// and computes each situation's best completion. It returns them, the situations visited,
// and false if the limit was reached first.
func newCompletions(p Position, opt Options, floor int32, limit int) (*completions, int, bool) {
	c, nodes, _, ok := newCompletionsProbed(p, opt, floor, limit, 0)
	return c, nodes, ok
}

// newCompletionsProbed is newCompletions, saying also how many steps the search had
// taken when its situations first exceeded probe: as many as a limit of probe lets it take.
func newCompletionsProbed(p Position, opt Options, floor int32, limit, probe int) (*completions, int, int, bool) {
	d := newTableDP(p, opt)
	d.floor, d.limit, d.probe = floor, limit, probe
	c := &completions{}
	d.record = c
	d.solve()
	c.pruned = d.dropped
	if d.aborted {
		return nil, d.nodes, d.probeSteps, false
	}
	c.finish(d)
	return c, d.nodes, d.probeSteps, true
}

// finish computes each recorded situation's best completion, from the last step back,
// once the search d has recorded every step.
func (c *completions) finish(d *tableDP) {
	if len(c.layers) == 0 {
		return
	}
	a := d.arenaOf()
	last := &c.layers[len(c.layers)-1]
	last.comp = lend(&a.ints, len(last.keys), &a.room)
	for e, k := range last.keys {
		st := k.unpack()
		last.comp[e] = noCompletion
		if gain, _, ok := d.end(&st); ok {
			last.comp[e] = gain
		}
	}
	for li := len(c.layers) - 1; li >= 1; li-- {
		l, prev := &c.layers[li], &c.layers[li-1]
		prev.comp = lend(&a.ints, len(prev.keys), &a.room)
		for i := range prev.comp {
			prev.comp[i] = noCompletion
		}
		for _, e := range l.edges {
			if cc := l.comp[e.to]; cc != noCompletion {
				prev.comp[e.from] = max(prev.comp[e.from], e.gain+cc)
			}
		}
	}
	for li := range c.layers {
		l := &c.layers[li]
		size := 64
		for size < 2*len(l.keys) {
			size *= 2
		}
		l.slots = lend(&a.slots, size, &a.room)
		for e, k := range l.keys {
			i := hashKey(k, size-1)
			for l.slots[i] != 0 {
				i = (i + 1) & (size - 1)
			}
			l.slots[i] = uint32(e + 1)
		}
		l.edges = nil
	}
}

// serves reports whether the completions hold for a search with the given floor.
func (c *completions) serves(floor int32) bool { return floor >= c.pruned }

// completion is the most that the situation of the given key, reached in layer li
// (li ≥ 1) of a search with the same cards and a floor at least as high, can still add
// (its records left out), and false if it cannot end above the floor.
func (c *completions) completion(li int, key tdpKey) (int32, bool) {
	l := &c.layers[li-1]
	k := key.plain()
	mask := len(l.slots) - 1
	for i := hashKey(k, mask); l.slots[i] != 0; i = (i + 1) & mask {
		if e := l.slots[i] - 1; l.keys[e] == k {
			return l.comp[e], l.comp[e] != noCompletion
		}
	}
	return 0, false
}
