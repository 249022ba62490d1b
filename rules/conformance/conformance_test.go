package conformance

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"principe/rules"
	"principe/rules/conformance/toy"
)

var toyConfigs = []Config{
	{Name: "three players", Games: 15, MaxActions: 50},
	{Name: "two players, four cards", Options: json.RawMessage(`{"players":2,"hand":4}`), Games: 15},
	{Name: "four players with a dummy", Options: json.RawMessage(`{"players":4,"dummy":true}`), Games: 15},
}

func TestToyConforms(t *testing.T) {
	Run(t, toy.Game{}, toyConfigs)
}

// Each deliberate defect of the toy game must be caught by the check meant for it.
func TestSuiteCatchesBrokenGames(t *testing.T) {
	cases := []struct {
		bug, check, detail string
	}{
		{"leak", "observation", "depends on what it cannot see (Resample)"},
		{"sample", "observation", "Observe(seat).Sample"},
		{"alias", "observation", "shares memory"},
		{"clone", "clone", "changed the original"},
		{"dirty", "illegal action", "changed the state"},
		{"turnless", "illegal action", "was accepted"},
	}
	for _, c := range cases {
		t.Run(c.bug, func(t *testing.T) {
			opts := json.RawMessage(`{"players":3,"bug":"` + c.bug + `"}`)
			f := firstFailure(t, toy.Game{}, Config{Name: c.bug, Options: opts, Games: 5})
			if f.Check != c.check || !strings.Contains(f.Detail, c.detail) {
				t.Fatalf("caught as %q: %s\nwant %q: %s", f.Check, f.Detail, c.check, c.detail)
			}
			assertReproducible(t, f)
		})
	}
}

func TestSuiteCatchesEndlessGames(t *testing.T) {
	f := firstFailure(t, toy.Game{}, Config{Name: "short", Games: 1, MaxActions: 4})
	if f.Check != "length" || !strings.Contains(f.Detail, "did not end within 4 actions") {
		t.Fatalf("got %s: %s", f.Check, f.Detail)
	}
	assertReproducible(t, f)
}

// firstFailure runs the checks over the config's seeds and returns the first failure,
// failing the test if the suite lets the game pass.
func firstFailure(t *testing.T, g rules.Game, cfg Config) *Failure {
	t.Helper()
	for seed := uint64(1); seed <= uint64(cfg.Games); seed++ {
		err := CheckGame(g, cfg, seed)
		if err == nil {
			continue
		}
		var f *Failure
		if !errors.As(err, &f) {
			t.Fatalf("CheckGame returned %T, not a *Failure", err)
		}
		if f.Seed != seed {
			t.Fatalf("failure names seed %d, not %d", f.Seed, seed)
		}
		return f
	}
	t.Fatalf("the suite passed a broken game (%s)", cfg.Options)
	return nil
}

// assertReproducible checks that a failure's message carries a record that replays to
// the position where the check failed.
func assertReproducible(t *testing.T, f *Failure) {
	t.Helper()
	msg := f.Error()
	i := strings.Index(msg, "record: ")
	if i < 0 || !strings.Contains(msg, "seed ") {
		t.Fatalf("failure message lacks the seed or record: %s", msg)
	}
	var rec rules.Record
	if err := json.Unmarshal([]byte(msg[i+len("record: "):]), &rec); err != nil {
		t.Fatalf("record in the message does not parse: %v", err)
	}
	if len(rec.Actions) != f.Step || rec.Seed != f.Seed {
		t.Fatalf("record has %d actions and seed %d; failure was after %d actions, seed %d", len(rec.Actions), rec.Seed, f.Step, f.Seed)
	}
	if _, err := rec.Replay(); err != nil && f.Check != "illegal action" {
		t.Fatalf("record of the failure does not replay: %v", err)
	}
}

func TestFailureNamesItsCheck(t *testing.T) {
	f := &Failure{Game: "toy", Config: "c", Seed: 7, Step: 3, Check: "clone", Detail: "d", Record: []byte(`{}`)}
	if got := f.Error(); got != "toy [c] seed 7, after 3 actions: clone: d\nrecord: {}" {
		t.Fatalf("Error() = %q", got)
	}
}

func FuzzToyRecords(f *testing.F) {
	FuzzRecords(f, toy.Game{}, toyConfigs)
}

// lossy decodes actions into a type of its own that marshals like the toy's but that
// the toy's rules do not accept, so only the replay check can notice.
type lossy struct{ toy.Game }

type echo struct{ toy.Play }

func (lossy) DecodeAction(data []byte) (rules.Action, error) {
	a, err := toy.Game{}.DecodeAction(data)
	if p, ok := a.(toy.Play); ok {
		return echo{p}, err
	}
	return a, err
}

func TestSuiteCatchesRecordsThatDoNotReplay(t *testing.T) {
	err := CheckGame(lossy{}, Config{Name: "lossy", Games: 1}, 1)
	var f *Failure
	if !errors.As(err, &f) || f.Check != "replay" || !strings.Contains(f.Detail, "refused on replay") {
		t.Fatalf("got %v", err)
	}
}

// fragile panics when the card 12 is played, like a game with an indexing bug.
type fragile struct{ toy.Game }

type fragileState struct{ *toy.State }

func (fragile) NewState(o json.RawMessage, seed uint64) (rules.State, error) {
	s, err := toy.Game{}.NewState(o, seed)
	if err != nil {
		return nil, err
	}
	return fragileState{s.(*toy.State)}, nil
}

func (s fragileState) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if a == (toy.Play{Card: 12}) && seat == s.ToAct() {
		var none []int
		_ = none[3]
	}
	return s.State.Apply(seat, a)
}

func (s fragileState) Clone() rules.State { return fragileState{s.State.Clone().(*toy.State)} }

func TestSuiteReportsPanicsWithTheRecord(t *testing.T) {
	f := firstFailure(t, fragile{}, Config{Name: "fragile", Games: 5})
	if f.Check != "panic" || !strings.Contains(f.Detail, "index out of range") || !strings.Contains(f.Detail, "fragileState.Apply") {
		t.Fatalf("got %s: %.300s", f.Check, f.Detail)
	}
	assertReproducible(t, f)
}

// partial lists only part of what its rules accept: after the first trick, cards above
// 6 are listed only on even tricks (unless nothing else would be), as Machiavelli lists
// only some table rearrangements.
type partial struct{ toy.Game }

type partialState struct{ *toy.State }

type partialObs struct{ *toy.Observation }

func (partial) NewState(o json.RawMessage, seed uint64) (rules.State, error) {
	s, err := toy.Game{}.NewState(o, seed)
	if err != nil {
		return nil, err
	}
	return partialState{s.(*toy.State)}, nil
}

func (s partialState) Legal(seat rules.Seat) []rules.Action {
	l := s.State.Legal(seat)
	if s.Outcome().Rounds%2 == 0 {
		return l
	}
	var low []rules.Action
	for _, a := range l {
		if p, ok := a.(toy.Play); ok && p.Card <= 6 {
			low = append(low, a)
		}
	}
	if len(low) == 0 {
		return l
	}
	return low
}

func (s partialState) Clone() rules.State { return partialState{s.State.Clone().(*toy.State)} }

func (s partialState) Resample(seat rules.Seat, rng *rules.RNG) rules.State {
	return partialState{s.State.Resample(seat, rng).(*toy.State)}
}

func (s partialState) Observe(seat rules.Seat) rules.Observation {
	return partialObs{s.State.Observe(seat).(*toy.Observation)}
}

func (o partialObs) Sample(rng *rules.RNG) rules.State {
	return partialState{o.Observation.Sample(rng).(*toy.State)}
}

func TestPartialLegal(t *testing.T) {
	cfg := Config{Name: "partial", Options: json.RawMessage(`{"players":2,"hand":4}`), Games: 10}
	f := firstFailure(t, partial{}, cfg)
	if f.Check != "illegal action" || !strings.Contains(f.Detail, "not listed in Legal now, was accepted") {
		t.Fatalf("without PartialLegal: %s: %s", f.Check, f.Detail)
	}
	cfg.PartialLegal = true
	for seed := uint64(1); seed <= 10; seed++ {
		if err := CheckGame(partial{}, cfg, seed); err != nil {
			t.Fatal(err)
		}
	}
}
