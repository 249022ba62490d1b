// Package conformance is the test suite every game's rules core runs: it plays many
// complete games with random legal actions and, after every action, checks the whole
// rules contract — invariants, cloning, replay from the record, observations that leak
// nothing, illegal actions refused without a trace, games that end.
//
// A game package calls it from an ordinary test:
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, niccolo.Game{}, []conformance.Config{
//			{Name: "four players", Options: json.RawMessage(`{"players":4}`), Games: 20, MaxActions: 2000},
//		})
//	}
//
// Every failure names the seed and prints the record so far, so it can be replayed
// (`go run ./cmd/arena replay FILE`).
package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"principe/rules"
)

// DefaultMaxActions caps a game when Config.MaxActions is not set.
const DefaultMaxActions = 10_000

// resamples is how many times each seat's hidden information is redealt per position,
// and samples how many states are built from each observation.
const (
	resamples = 3
	samples   = 1
	// poolCap bounds the actions kept from earlier positions to try as illegal ones.
	poolCap = 256
	// triesPerStep is how many of those are tried at each position.
	triesPerStep = 4
)

// Config is one setting of a game to test.
type Config struct {
	// Name names the subtest.
	Name string
	// Options is the game's options JSON (empty = its defaults).
	Options json.RawMessage
	// Games is how many games to play, with seeds 1 … Games (0 = 1).
	Games int
	// MaxActions fails a game that has not ended after this many actions
	// (0 = DefaultMaxActions).
	MaxActions int
	// PartialLegal is for a game whose Legal lists a representative subset of what
	// Apply accepts (Machiavelli's table rearrangements): an action from an earlier
	// position that is not listed now is first tried on a clone, and only if the clone
	// refuses it must the real state refuse it too, unchanged. Without it, anything
	// not in Legal must be refused.
	PartialLegal bool
}

// Failure is a broken check, with what is needed to reproduce it.
type Failure struct {
	Game   string
	Config string
	Seed   uint64
	Step   int    // actions taken before the check failed
	Check  string // which check
	Detail string
	Record []byte // the record up to the failure
}

// Error prints the failure with its seed and record.
func (f *Failure) Error() string {
	return fmt.Sprintf("%s [%s] seed %d, after %d actions: %s: %s\nrecord: %s",
		f.Game, f.Config, f.Seed, f.Step, f.Check, f.Detail, f.Record)
}

// Run plays cfg.Games random games for every config, as subtests, and fails on the
// first broken check of each.
func Run(t *testing.T, g rules.Game, configs []Config) {
	t.Helper()
	for _, cfg := range configs {
		t.Run(cfg.Name, func(t *testing.T) {
			games := max(cfg.Games, 1)
			for seed := uint64(1); seed <= uint64(games); seed++ {
				if err := CheckGame(g, cfg, seed); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// CheckGame plays one random game with this seed and checks the contract after every
// action. It returns a *Failure, or nil. A panic in the game is a failure too (check
// "panic"), reported with the record that led to it.
func CheckGame(g rules.Game, cfg Config, seed uint64) (err error) {
	c := &checker{g: g, cfg: cfg, seed: seed, rng: rules.NewRNG(seed ^ 0x636f6e666f726d), poolKeys: map[string]bool{}}
	c.rec = rules.NewRecord(g.Name(), cfg.Options, seed)
	defer func() {
		if p := recover(); p != nil {
			err = c.fail("panic", "%v\n%s", p, debug.Stack())
		}
	}()
	if err := c.start(); err != nil {
		return err
	}
	limit := cfg.MaxActions
	if limit <= 0 {
		limit = DefaultMaxActions
	}
	for {
		if err := c.position(); err != nil {
			return err
		}
		if c.s.Over() {
			return nil
		}
		if len(c.rec.Actions) >= limit {
			return c.fail("length", "the game did not end within %d actions", limit)
		}
		if err := c.act(); err != nil {
			return err
		}
	}
}

type candidate struct {
	seat rules.Seat
	a    rules.Action
	key  string
}

type checker struct {
	g        rules.Game
	cfg      Config
	seed     uint64
	s        rules.State
	rec      *rules.Record
	rng      rules.RNG
	pool     []candidate
	poolKeys map[string]bool
	replica  rules.State // the replay of the record, one action at a time
	replayed int         // actions applied to replica
	views    []view      // every seat's observation of the current position
}

// view is an observation and its JSON when it was taken.
type view struct {
	obs  rules.Observation
	json []byte
}

func (c *checker) fail(check, format string, args ...any) *Failure {
	data, err := c.rec.Marshal()
	if err != nil {
		data = []byte("(record does not marshal: " + err.Error() + ")")
	}
	return &Failure{Game: c.g.Name(), Config: c.cfg.Name, Seed: c.seed, Step: len(c.rec.Actions),
		Check: check, Detail: fmt.Sprintf(format, args...), Record: data}
}

// start creates the state and checks that creation is deterministic.
func (c *checker) start() error {
	s, err := c.g.NewState(c.cfg.Options, c.seed)
	if err != nil {
		return c.fail("new state", "%v", err)
	}
	again, err := c.g.NewState(c.cfg.Options, c.seed)
	if err != nil || again.Hash() != s.Hash() {
		return c.fail("new state", "the same options and seed gave a different state (%v)", err)
	}
	if s.Game() != c.g.Name() {
		return c.fail("new state", "state says it is game %q, not %q", s.Game(), c.g.Name())
	}
	if reg, ok := rules.Lookup(c.g.Name()); !ok || reg.Name() != c.g.Name() {
		return c.fail("registry", "game %q is not registered with rules.Register", c.g.Name())
	}
	if s.Seats() < 1 {
		return c.fail("new state", "%d seats", s.Seats())
	}
	c.s = s
	return nil
}

// position checks everything about the current position.
func (c *checker) position() error {
	for _, check := range []func() error{c.invariants, c.replay, c.turn, c.observations, c.illegal} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) invariants() error {
	if err := c.s.Check(); err != nil {
		return c.fail("invariants", "Check: %v", err)
	}
	if h1, h2 := c.s.Hash(), c.s.Hash(); h1 != h2 {
		return c.fail("hash", "Hash changes between two calls")
	}
	return nil
}

// replay compares the state with its replay. A replica state follows the record —
// started from the options and seed, fed each action decoded back from the record's
// JSON — so it is exactly the replay of the record so far, grown one action at a time;
// and at every power of two and at the end of the game the whole record is replayed
// from its JSON with rules.Replay, which checks the record format and the registry too.
func (c *checker) replay() error {
	n := len(c.rec.Actions)
	if c.replica == nil {
		r, err := c.g.NewState(optionsOrNil(c.rec.Options), c.rec.Seed)
		if err != nil {
			return c.fail("replay", "%v", err)
		}
		c.replica = r
	}
	for ; c.replayed < n; c.replayed++ {
		step := c.rec.Actions[c.replayed]
		a, err := c.g.DecodeAction(step.Action)
		if err != nil {
			return c.fail("replay", "action %d: DecodeAction(%s): %v", c.replayed, step.Action, err)
		}
		if _, err := c.replica.Apply(rules.Seat(step.Seat), a); err != nil {
			return c.fail("replay", "action %d (%s) refused on replay: %v", c.replayed, step.Action, err)
		}
	}
	if c.replica.Hash() != c.s.Hash() {
		return c.fail("replay", "replaying the record gives a different state (hash %016x, not %016x)", c.replica.Hash(), c.s.Hash())
	}
	if n&(n-1) != 0 && !c.s.Over() {
		return nil
	}
	data, err := c.rec.Marshal()
	if err != nil {
		return c.fail("record", "the record does not marshal: %v", err)
	}
	r, _, err := rules.Replay(data)
	if err != nil {
		return c.fail("replay", "%v", err)
	}
	if r.Hash() != c.s.Hash() {
		return c.fail("replay", "replaying the record gives a different state (hash %016x, not %016x)", r.Hash(), c.s.Hash())
	}
	return nil
}

// optionsOrNil reads a JSON null as no options, as rules.Replay does.
func optionsOrNil(o json.RawMessage) json.RawMessage {
	if t := bytes.TrimSpace(o); len(t) == 0 || bytes.Equal(t, []byte("null")) {
		return nil
	}
	return o
}

// turn checks ToAct, Legal and, at the end, Outcome.
func (c *checker) turn() error {
	s := c.s
	to := s.ToAct()
	if s.Over() {
		if to != rules.NoSeat {
			return c.fail("turn", "the game is over but ToAct is seat %d", to)
		}
		for seat := range rules.Seat(s.Seats()) {
			if l := s.Legal(seat); len(l) > 0 {
				return c.fail("turn", "the game is over but seat %d has %d legal actions", seat, len(l))
			}
		}
		return c.outcome()
	}
	if to < 0 || int(to) >= s.Seats() {
		return c.fail("turn", "the game is not over but ToAct is %d (seats: %d)", to, s.Seats())
	}
	if len(s.Legal(to)) == 0 {
		return c.fail("turn", "seat %d is to act but has no legal action", to)
	}
	for seat := range rules.Seat(s.Seats()) {
		if seat != to && len(s.Legal(seat)) > 0 {
			return c.fail("turn", "seat %d has legal actions but it is seat %d's turn", seat, to)
		}
	}
	return nil
}

func (c *checker) outcome() error {
	o := c.s.Outcome()
	seen := map[rules.Seat]bool{}
	for _, w := range o.Winners {
		if w < 0 || int(w) >= c.s.Seats() {
			return c.fail("outcome", "winner %d is not a seat", w)
		}
		if seen[w] {
			return c.fail("outcome", "seat %d is listed twice as a winner", w)
		}
		seen[w] = true
	}
	if len(o.Scores) != 0 && len(o.Scores) != c.s.Seats() {
		return c.fail("outcome", "%d scores for %d seats", len(o.Scores), c.s.Seats())
	}
	for i, v := range o.Scores {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return c.fail("outcome", "seat %d scores %v", i, v)
		}
	}
	if o.Rounds < 0 {
		return c.fail("outcome", "%d rounds", o.Rounds)
	}
	a, _ := json.Marshal(o)
	b, _ := json.Marshal(c.s.Outcome())
	if !bytes.Equal(a, b) {
		return c.fail("outcome", "Outcome changes between two calls: %s then %s", a, b)
	}
	return nil
}

// observations checks, for every seat, that its observation is the same whatever is
// dealt in what it cannot see, and that states sampled from it look the same to it.
func (c *checker) observations() error {
	h := c.s.Hash()
	c.views = c.views[:0]
	for seat := range rules.Seat(c.s.Seats()) {
		obs := c.s.Observe(seat)
		if obs == nil {
			return c.fail("observation", "Observe(%d) is nil", seat)
		}
		if obs.Seat() != seat {
			return c.fail("observation", "Observe(%d) says it is seat %d's", seat, obs.Seat())
		}
		want, err := json.Marshal(obs)
		if err != nil {
			return c.fail("observation", "Observe(%d) does not marshal: %v", seat, err)
		}
		for i := range resamples + samples {
			var other rules.State
			what := "Resample"
			if i < resamples {
				other = c.s.Resample(seat, &c.rng)
			} else {
				what = "Observe(seat).Sample"
				other = obs.Sample(&c.rng)
			}
			if err := c.sameView(seat, want, other, what); err != nil {
				return err
			}
			if c.s.Hash() != h {
				return c.fail("observation", "%s for seat %d changed the real state", what, seat)
			}
		}
		again, _ := json.Marshal(obs)
		if !bytes.Equal(again, want) {
			return c.fail("observation", "sampling from seat %d's observation changed the observation", seat)
		}
		c.views = append(c.views, view{obs: obs, json: want})
	}
	return nil
}

// sameView checks that seat sees other exactly as it sees the real state.
func (c *checker) sameView(seat rules.Seat, want []byte, other rules.State, what string) error {
	if other == nil {
		return c.fail("observation", "%s for seat %d returned nil", what, seat)
	}
	if err := other.Check(); err != nil {
		return c.fail("observation", "%s for seat %d gives a broken state: %v", what, seat, err)
	}
	got, err := json.Marshal(other.Observe(seat))
	if err != nil {
		return c.fail("observation", "%s for seat %d: observation does not marshal: %v", what, seat, err)
	}
	if !bytes.Equal(got, want) {
		return c.fail("observation", "seat %d's observation depends on what it cannot see (%s):\nreal:    %s\nredealt: %s", seat, what, want, got)
	}
	if other.ToAct() != c.s.ToAct() || other.Over() != c.s.Over() {
		return c.fail("observation", "%s for seat %d changes whose turn it is or whether the game is over", what, seat)
	}
	if seat == c.s.ToAct() {
		a, b := keys(seat, c.s.Legal(seat)), keys(seat, other.Legal(seat))
		if !slices.Equal(a, b) {
			return c.fail("observation", "seat %d's legal actions depend on what it cannot see (%s):\nreal:    %v\nredealt: %v", seat, what, a, b)
		}
	}
	return nil
}

// illegal tries actions that must be refused: every legal action of the seat to act
// played by another seat (and by seats that do not exist), and actions that were
// legal at earlier positions but are not now.
func (c *checker) illegal() error {
	to := c.s.ToAct()
	if !c.s.Over() {
		legal := c.s.Legal(to)
		a := legal[c.rng.Intn(len(legal))]
		for seat := rules.Seat(-1); int(seat) <= c.s.Seats(); seat++ {
			if seat != to {
				if err := c.refused(seat, a, fmt.Sprintf("a legal action of seat %d played by seat %d", to, seat)); err != nil {
					return err
				}
			}
		}
	}
	now := map[string]bool{}
	if !c.s.Over() {
		for _, k := range keys(to, c.s.Legal(to)) {
			now[k] = true
		}
	}
	var tries []candidate
	for _, cand := range c.pool {
		if !now[cand.key] {
			tries = append(tries, cand)
		}
	}
	rules.Shuffle(&c.rng, tries)
	for _, cand := range tries[:min(len(tries), triesPerStep)] {
		if c.cfg.PartialLegal && cand.seat == to {
			if _, err := c.s.Clone().Apply(cand.seat, cand.a); err == nil {
				continue // legal now, though Legal does not list it
			}
		}
		if err := c.refused(cand.seat, cand.a, "an action legal at an earlier position, not listed in Legal now,"); err != nil {
			return err
		}
	}
	return nil
}

// refused applies an action that must be illegal and checks it changed nothing.
func (c *checker) refused(seat rules.Seat, a rules.Action, what string) error {
	h := c.s.Hash()
	_, err := c.s.Apply(seat, a)
	if err == nil {
		return c.fail("illegal action", "%s was accepted: seat %d, %s", what, seat, a)
	}
	if strings.TrimSpace(err.Error()) == "" {
		return c.fail("illegal action", "%s was refused without a reason", what)
	}
	if c.s.Hash() != h {
		return c.fail("illegal action", "refusing %s (seat %d, %s: %v) changed the state", what, seat, a, err)
	}
	return nil
}

// act takes a random legal action, checking the action's JSON round trip and that a
// clone behaves exactly like the original.
func (c *checker) act() error {
	s := c.s
	to := s.ToAct()
	legal := s.Legal(to)
	c.remember(to, legal)
	a := legal[c.rng.Intn(len(legal))]
	if err := c.roundTrip(a); err != nil {
		return err
	}
	h := s.Hash()
	clone := s.Clone()
	if clone.Hash() != h {
		return c.fail("clone", "the clone's hash %016x differs from %016x", clone.Hash(), h)
	}
	cloneEvents, err := clone.Apply(to, a)
	if err != nil {
		return c.fail("legal action refused", "seat %d, %s (in Legal) refused on a clone: %v", to, a, err)
	}
	if s.Hash() != h {
		return c.fail("clone", "applying %s to a clone changed the original", a)
	}
	events, err := s.Apply(to, a)
	if err != nil {
		return c.fail("legal action refused", "seat %d, %s (in Legal) refused: %v", to, a, err)
	}
	if s.Hash() != clone.Hash() {
		return c.fail("clone", "the same action on the clone and the original gave different states")
	}
	if a, b := eventText(events), eventText(cloneEvents); !slices.Equal(a, b) {
		return c.fail("clone", "the same action gave different events:\noriginal: %v\nclone:    %v", a, b)
	}
	if err := c.rec.Add(to, a); err != nil {
		return c.fail("record", "%v", err)
	}
	for i, v := range c.views {
		if data, _ := json.Marshal(v.obs); !bytes.Equal(data, v.json) {
			return c.fail("observation", "seat %d's observation changed when the state moved on (it shares memory with the state)", i)
		}
	}
	return nil
}

// roundTrip checks that an action survives JSON and DecodeAction unchanged.
func (c *checker) roundTrip(a rules.Action) error {
	data, err := json.Marshal(a)
	if err != nil {
		return c.fail("action JSON", "%s does not marshal: %v", a, err)
	}
	b, err := c.g.DecodeAction(data)
	if err != nil {
		return c.fail("action JSON", "DecodeAction(%s): %v", data, err)
	}
	if b == nil {
		return c.fail("action JSON", "DecodeAction(%s) returned nil", data)
	}
	back, err := json.Marshal(b)
	if err != nil || !bytes.Equal(back, data) {
		return c.fail("action JSON", "%s decodes and marshals back as %s (%v)", data, back, err)
	}
	return nil
}

// remember keeps legal actions to try again, later, as illegal ones.
func (c *checker) remember(seat rules.Seat, legal []rules.Action) {
	for i, a := range legal {
		k := keys(seat, legal[i:i+1])[0]
		if c.poolKeys[k] {
			continue
		}
		cand := candidate{seat: seat, a: a, key: k}
		if len(c.pool) < poolCap {
			c.pool = append(c.pool, cand)
			c.poolKeys[k] = true
			continue
		}
		j := c.rng.Intn(len(c.pool))
		delete(c.poolKeys, c.pool[j].key)
		c.pool[j] = cand
		c.poolKeys[k] = true
	}
}

// keys names actions by seat, type and JSON.
func keys(seat rules.Seat, actions []rules.Action) []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		data, err := json.Marshal(a)
		if err != nil {
			data = []byte("!" + a.String())
		}
		out[i] = fmt.Sprintf("%d|%T|%s", seat, a, data)
	}
	return out
}

func eventText(events []rules.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		if e == nil {
			out[i] = "<nil event>"
			continue
		}
		out[i] = e.String()
	}
	return out
}

// FuzzRecords is a fuzz target body for a game: it seeds the corpus with records of
// random games in each config and checks that Replay never panics, refuses bad input
// with a *rules.RecordError, and that whatever it accepts is a sound state that replays
// again to the same hash. Call it from the game's own test:
//
//	func FuzzReplay(f *testing.F) { conformance.FuzzRecords(f, niccolo.Game{}, configs) }
func FuzzRecords(f *testing.F, g rules.Game, configs []Config) {
	for _, cfg := range configs {
		rec, err := randomRecord(g, cfg, 1)
		if err != nil {
			f.Fatal(err)
		}
		full, _ := rec.Marshal()
		f.Add(full)
		half := rec.Clone()
		half.Actions = half.Actions[:len(half.Actions)/2]
		part, _ := half.Marshal()
		f.Add(part)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, rec, err := rules.Replay(data)
		if err != nil {
			var re *rules.RecordError
			if !errors.As(err, &re) || re.Reason == "" {
				t.Fatalf("Replay error %v (%T) is not a helpful *RecordError", err, err)
			}
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("an accepted record reaches a broken state: %v", err)
		}
		again, err := rec.Replay()
		if err != nil || again.Hash() != s.Hash() {
			t.Fatalf("an accepted record does not replay the same way: %v", err)
		}
	})
}

// randomRecord plays a game with random legal actions and returns its record.
func randomRecord(g rules.Game, cfg Config, seed uint64) (*rules.Record, error) {
	s, err := g.NewState(cfg.Options, seed)
	if err != nil {
		return nil, err
	}
	rec := rules.NewRecord(g.Name(), cfg.Options, seed)
	rng := rules.NewRNG(seed)
	limit := cfg.MaxActions
	if limit <= 0 {
		limit = DefaultMaxActions
	}
	for !s.Over() && len(rec.Actions) < limit {
		seat := s.ToAct()
		legal := s.Legal(seat)
		if len(legal) == 0 {
			return nil, fmt.Errorf("%s seed %d: seat %d is to act with no legal action", g.Name(), seed, seat)
		}
		a := legal[rng.Intn(len(legal))]
		if _, err := s.Apply(seat, a); err != nil {
			return nil, err
		}
		if err := rec.Add(seat, a); err != nil {
			return nil, err
		}
	}
	return rec, nil
}
