// Package search holds game-independent search for bots. Its information-set Monte
// Carlo tree search (ISMCTS) works on any game that implements the rules contract: it
// sees only the searching seat's Observation, deals the unseen at random with
// Observation.Sample, and plays out games through State.ToAct, Legal and Apply.
package search

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"

	"principe/rules"
)

// DefaultIterations is the search effort when Config.Iterations is not set.
const DefaultIterations = 1000

// DefaultExploration is the UCB exploration constant when Config.Exploration is not
// set; rewards are in [0, 1].
const DefaultExploration = 0.7

// maxPlayout bounds one playout, so a game that never ends cannot hang a search. A
// playout cut off there is scored like a MaxDepth cut-off.
const maxPlayout = 10_000

// Config sets up one search.
type Config struct {
	// Iterations is the number of playouts (0 = DefaultIterations). The search also
	// stops early when its context is done.
	Iterations int
	// Seed seeds the search's own generator: the same observation, legal actions,
	// seed and iterations give the same choice.
	Seed uint64
	// Exploration is the UCB constant (0 = DefaultExploration).
	Exploration float64
	// Determinizations is how many sampled worlds the search cycles through; 0 deals a
	// fresh world for every iteration.
	Determinizations int
	// Rollout picks the playout action for s.ToAct() (nil = uniformly random among
	// s.Legal). It sees a determinized state, never the real one.
	Rollout func(s rules.State, rng *rules.RNG) rules.Action
	// Evaluate scores an unfinished state for seat in [0, 1] when a playout is cut off
	// at MaxDepth (values outside are clamped). Without it a cut-off counts as an
	// even share for every seat.
	Evaluate func(s rules.State, seat rules.Seat) float64
	// MaxDepth cuts each iteration off after this many actions from the root
	// (0 = play to the end of the game).
	MaxDepth int
}

// Stats describes a finished search.
type Stats struct {
	// Iterations is the number of playouts that reached the tree.
	Iterations int
	// Nodes is the number of tree nodes grown.
	Nodes int
	// Root has one entry per legal action, in the order given.
	Root []Arm
}

// Arm is what the search learned about one root action.
type Arm struct {
	Action rules.Action
	Visits int
	Mean   float64 // mean reward for the searching seat
}

// node is a point of the searching seat's information: the actions taken since the root.
type node struct {
	edges []*edge
	byKey map[string]*edge
}

// edge is an action from a node, taken by seat.
type edge struct {
	seat   rules.Seat
	visits int
	avail  int
	reward float64
	child  *node
}

func newNode() *node { return &node{byKey: map[string]*edge{}} }

// add grows a new edge for the action with this key, taken by seat.
func (n *node) add(key string, seat rules.Seat) *edge {
	e := &edge{seat: seat, avail: 1, child: newNode()}
	n.byKey[key] = e
	n.edges = append(n.edges, e)
	return e
}

// ActionKey is how search tells actions apart: the acting seat, the action's type and
// its JSON (its String when it does not marshal).
func ActionKey(seat rules.Seat, a rules.Action) string {
	if a == nil {
		return strconv.Itoa(int(seat)) + "|nil"
	}
	data, err := json.Marshal(a)
	if err != nil {
		data = append([]byte("!"), a.String()...)
	}
	t := reflect.TypeOf(a).String()
	buf := make([]byte, 0, len(data)+len(t)+8)
	buf = strconv.AppendInt(buf, int64(seat), 10)
	buf = append(buf, '|')
	buf = append(buf, t...)
	buf = append(buf, '|')
	buf = append(buf, data...)
	return string(buf)
}

// ISMCTS runs single-observer information-set MCTS for the seat of obs and returns the
// most visited of legal (always one of legal). It fails when legal is empty, when the
// game refuses an action its own Legal offered, or when ctx is done before any playout.
func ISMCTS(ctx context.Context, obs rules.Observation, legal []rules.Action, cfg Config) (rules.Action, Stats, error) {
	if len(legal) == 0 {
		return nil, Stats{}, errors.New("search: no legal action to choose from")
	}
	if len(legal) == 1 {
		return legal[0], Stats{Root: []Arm{{Action: legal[0]}}}, nil
	}
	t := newTree(obs, legal, cfg)
	iterations := cfg.Iterations
	if iterations <= 0 {
		iterations = DefaultIterations
	}
	for i := 0; i < iterations; i++ {
		if ctx.Err() != nil {
			break
		}
		if err := t.iterate(i); err != nil {
			return nil, t.stats(), err
		}
	}
	best := -1
	for i, a := range legal {
		e := t.root.byKey[ActionKey(obs.Seat(), a)]
		if e == nil || e.visits == 0 {
			continue
		}
		if best < 0 || better(e, t.root.byKey[ActionKey(obs.Seat(), legal[best])]) {
			best = i
		}
	}
	if best < 0 {
		if err := ctx.Err(); err != nil {
			return nil, t.stats(), err
		}
		return nil, t.stats(), errors.New("search: no sampled world offered the observer any of its legal actions")
	}
	return legal[best], t.stats(), nil
}

// better reports whether a was visited more than b (then has the higher mean).
func better(a, b *edge) bool {
	if a.visits != b.visits {
		return a.visits > b.visits
	}
	return a.reward*float64(b.visits) > b.reward*float64(a.visits)
}

type tree struct {
	obs    rules.Observation
	legal  []rules.Action
	allow  map[string]bool // keys of legal at the root
	cfg    Config
	c      float64
	rng    rules.RNG
	root   *node
	worlds []rules.State
	done   int
	nodes  int
	keys   map[cacheKey]string
	plain  map[reflect.Type]bool
}

func newTree(obs rules.Observation, legal []rules.Action, cfg Config) *tree {
	t := &tree{obs: obs, legal: legal, cfg: cfg, c: cfg.Exploration, rng: rules.NewRNG(cfg.Seed), root: newNode(), nodes: 1,
		keys: map[cacheKey]string{}, plain: map[reflect.Type]bool{}}
	if t.c == 0 {
		t.c = DefaultExploration
	}
	t.allow = map[string]bool{}
	for _, a := range legal {
		t.allow[ActionKey(obs.Seat(), a)] = true
	}
	if cfg.Determinizations > 0 {
		t.worlds = make([]rules.State, cfg.Determinizations)
	}
	return t
}

// world deals the determinization for iteration i.
func (t *tree) world(i int) rules.State {
	if t.worlds == nil {
		return t.obs.Sample(&t.rng)
	}
	w := &t.worlds[i%len(t.worlds)]
	if *w == nil {
		*w = t.obs.Sample(&t.rng)
	}
	return (*w).Clone()
}

// iterate runs one playout: select and expand in the tree, play out, back up.
func (t *tree) iterate(i int) error {
	s := t.world(i)
	var path []*edge
	n := t.root
	depth := 0
	for !s.Over() && !t.cut(depth) {
		seat := s.ToAct()
		if n != t.root && len(n.edges) == 0 {
			// A node seen for the first time: every action is untried, so only the
			// chosen one needs a key.
			acts := s.Legal(seat)
			if len(acts) == 0 {
				return fmt.Errorf("search: seat %d is to act but has no legal action in a sampled world", seat)
			}
			a := acts[t.rng.Intn(len(acts))]
			pick := n.add(t.key(seat, a), seat)
			t.nodes++
			if _, err := s.Apply(seat, a); err != nil {
				return fmt.Errorf("search: the game refused its own legal action %s for seat %d: %v", a, seat, err)
			}
			path = append(path, pick)
			depth++
			break
		}
		acts, keys := t.options(s, seat, n == t.root)
		if len(acts) == 0 {
			if n == t.root {
				return nil // this world does not let the observer act as it may: skip it
			}
			return fmt.Errorf("search: seat %d is to act but has no legal action in a sampled world", seat)
		}
		var untried []int
		var choice int
		var pick *edge
		best := math.Inf(-1)
		for j, k := range keys {
			if e := n.byKey[k]; e != nil {
				e.avail++
				if v := t.ucb(e); pick == nil || v > best {
					pick, choice, best = e, j, v
				}
			} else {
				untried = append(untried, j)
			}
		}
		expand := len(untried) > 0
		if expand {
			choice = untried[t.rng.Intn(len(untried))]
			pick = n.add(keys[choice], seat)
			t.nodes++
		}
		if _, err := s.Apply(seat, acts[choice]); err != nil {
			return fmt.Errorf("search: the game refused its own legal action %s for seat %d: %v", acts[choice], seat, err)
		}
		path = append(path, pick)
		n = pick.child
		depth++
		if expand {
			break
		}
	}
	if len(path) == 0 {
		return nil // the sampled world was already over: nothing to learn
	}
	rewards, err := t.playout(s, depth)
	if err != nil {
		return err
	}
	for _, e := range path {
		e.visits++
		if int(e.seat) >= 0 && int(e.seat) < len(rewards) {
			e.reward += rewards[e.seat]
		}
	}
	t.done++
	return nil
}

// options lists the actions seat may take in s with their keys; at the root only the
// actions the caller offered count.
func (t *tree) options(s rules.State, seat rules.Seat, atRoot bool) ([]rules.Action, []string) {
	all := s.Legal(seat)
	acts := make([]rules.Action, 0, len(all))
	keys := make([]string, 0, len(all))
	for _, a := range all {
		k := t.key(seat, a)
		if atRoot && !t.allow[k] {
			continue
		}
		acts = append(acts, a)
		keys = append(keys, k)
	}
	return acts, keys
}

// key is ActionKey, remembered for actions of plain value types (no pointers, slices,
// maps or interfaces inside), which cannot change after they are made.
func (t *tree) key(seat rules.Seat, a rules.Action) string {
	if a == nil || !plainType(reflect.TypeOf(a), t.plain) {
		return ActionKey(seat, a)
	}
	ck := cacheKey{seat, a}
	if k, ok := t.keys[ck]; ok {
		return k
	}
	k := ActionKey(seat, a)
	t.keys[ck] = k
	return k
}

type cacheKey struct {
	seat rules.Seat
	a    rules.Action
}

// plainType reports whether values of t are compared by value all the way down.
func plainType(t reflect.Type, memo map[reflect.Type]bool) bool {
	if v, ok := memo[t]; ok {
		return v
	}
	memo[t] = false // a type that contains itself is not plain
	v := false
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		v = true
	case reflect.Array:
		v = plainType(t.Elem(), memo)
	case reflect.Struct:
		v = true
		for i := range t.NumField() {
			if !plainType(t.Field(i).Type, memo) {
				v = false
				break
			}
		}
	}
	memo[t] = v
	return v
}

func (t *tree) cut(depth int) bool {
	return t.cfg.MaxDepth > 0 && depth >= t.cfg.MaxDepth
}

// ucb is the edge's upper confidence bound, counting only the playouts in which the
// edge's action was available.
func (t *tree) ucb(e *edge) float64 {
	if e.visits == 0 {
		return math.Inf(1)
	}
	return e.reward/float64(e.visits) + t.c*math.Sqrt(math.Log(float64(e.avail))/float64(e.visits))
}

// playout plays s on from depth and returns every seat's reward.
func (t *tree) playout(s rules.State, depth int) ([]float64, error) {
	for steps := 0; !s.Over() && !t.cut(depth) && steps < maxPlayout; steps++ {
		seat := s.ToAct()
		var a rules.Action
		if t.cfg.Rollout != nil {
			a = t.cfg.Rollout(s, &t.rng)
			if a == nil {
				return nil, fmt.Errorf("search: the rollout policy chose nothing for seat %d", seat)
			}
		} else {
			acts := s.Legal(seat)
			if len(acts) == 0 {
				return nil, fmt.Errorf("search: seat %d is to act but has no legal action in a playout", seat)
			}
			a = acts[t.rng.Intn(len(acts))]
		}
		if _, err := s.Apply(seat, a); err != nil {
			return nil, fmt.Errorf("search: playout action %s for seat %d was refused: %v", a, seat, err)
		}
		depth++
	}
	return t.rewards(s), nil
}

// rewards scores a finished or cut-off playout for every seat, in [0, 1].
func (t *tree) rewards(s rules.State) []float64 {
	r := make([]float64, s.Seats())
	if s.Over() {
		w := s.Outcome().Winners
		for _, seat := range w {
			if int(seat) >= 0 && int(seat) < len(r) {
				r[seat] = 1 / float64(len(w))
			}
		}
		return r
	}
	for i := range r {
		if t.cfg.Evaluate == nil {
			r[i] = 1 / float64(len(r))
			continue
		}
		v := t.cfg.Evaluate(s, rules.Seat(i))
		if math.IsNaN(v) {
			v = 0
		}
		r[i] = min(max(v, 0), 1)
	}
	return r
}

func (t *tree) stats() Stats {
	st := Stats{Iterations: t.done, Nodes: t.nodes}
	for _, a := range t.legal {
		arm := Arm{Action: a}
		if e := t.root.byKey[ActionKey(t.obs.Seat(), a)]; e != nil && e.visits > 0 {
			arm.Visits = e.visits
			arm.Mean = e.reward / float64(e.visits)
		}
		st.Root = append(st.Root, arm)
	}
	return st
}
