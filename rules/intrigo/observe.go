package intrigo

import (
	"fmt"
	"slices"

	"principe/rules"
)

// Observation is what one seat may know: the whole table (everything in Intrigo is public but the purses)
// and its own purse.
type Observation struct {
	Viewer rules.Seat `json:"seat"`
	Purse  int        `json:"purse"`
	Table  Table      `json:"table"`
}

// Seat is the observing seat.
func (o *Observation) Seat() rules.Seat { return o.Viewer }

// Sample builds a full state consistent with the observation. The other purses are the ones the public log
// of payments implies: every ducat moves in public (collections, accepted bribes, promised payments), so
// those are the only purses consistent with what the seat has seen.
func (o *Observation) Sample(rng *rules.RNG) rules.State {
	return &State{Table: o.Table.clone(), Purses: o.Table.ReconstructPurses(), RNG: rng.Split()}
}

// Purses are every seat's purse as reconstructed from public events (the seat's own is exact and shown).
func (o *Observation) Purses() []int { return o.Table.ReconstructPurses() }

// Observe returns what seat may know.
func (s *State) Observe(seat rules.Seat) rules.Observation {
	obs := &Observation{Viewer: seat, Table: s.Table.clone()}
	if seat >= 0 && int(seat) < len(s.Purses) {
		obs.Purse = s.Purses[seat]
	}
	return obs
}

// Resample returns a copy in which what seat cannot see is redealt: the other purses are rebuilt from the
// public log (the only values consistent with it) and the generator is reseeded from rng.
func (s *State) Resample(seat rules.Seat, rng *rules.RNG) rules.State {
	c := s.clone()
	c.Purses = c.Table.ReconstructPurses()
	if seat >= 0 && int(seat) < len(s.Purses) {
		c.Purses[seat] = s.Purses[seat]
	}
	c.RNG = rng.Split()
	return c
}

// Check verifies the invariants: every advisor accounted for, the golden rules in every palace, money
// conserved, and the turn's bookkeeping consistent.
func (s *State) Check() error {
	t := &s.Table
	n := t.Players
	if n < MinPlayers || n > MaxPlayers || len(s.Purses) != n || len(t.TurnsBegun) != n ||
		len(t.Palaces) != n || len(t.Waiting) != n || len(t.Advisors) != n*AdvisorsPerColour {
		return fmt.Errorf("table sized wrongly for %d players", n)
	}
	if err := t.checkAdvisors(); err != nil {
		return err
	}
	if err := t.checkPalaces(); err != nil {
		return err
	}
	rebuilt := t.ReconstructPurses()
	for i, p := range s.Purses {
		if p < 0 {
			return fmt.Errorf("%s's purse is negative (%d)", colour(rules.Seat(i)), p)
		}
		if p != rebuilt[i] {
			return fmt.Errorf("%s's purse is %d but the payments add up to %d", colour(rules.Seat(i)), p, rebuilt[i])
		}
	}
	for i, p := range t.Ledger {
		if p.ID != i || (p.Status != Pending && p.Status != Kept && p.Status != Broken) {
			return fmt.Errorf("ledger entry %d is malformed", i)
		}
	}
	inReceive := t.Step == StepNegotiate || t.Step == StepPlace || t.Step == StepChooseConflict ||
		t.Step == StepAdmit || t.Step == StepDecide
	if inReceive != (t.Receive != nil) {
		return fmt.Errorf("step %s does not match the receive bookkeeping", t.Step)
	}
	if t.Step == StepPresent && len(t.Waiting[t.Active]) > 0 {
		return fmt.Errorf("golden rule 3: applicants still wait at %s's palace after receiving", colour(t.Active))
	}
	if t.Receive != nil {
		return t.checkReceive()
	}
	return nil
}

func (t *Table) checkAdvisors() error {
	var unplaced [MaxPlayers]int
	for i, a := range t.Advisors {
		if a.ID != i || int(a.Owner) != i/AdvisorsPerColour || int(a.Type) != (i%AdvisorsPerColour)/2 {
			return fmt.Errorf("advisor %d has the wrong identity", i)
		}
		away := a.Palace >= 0 && int(a.Palace) < t.Players && a.Palace != a.Owner
		switch a.Where {
		case Unplaced:
			unplaced[a.Owner]++
			if a.Palace != -1 || a.Post != -1 {
				return fmt.Errorf("unplaced advisor %d has a palace", i)
			}
		case Waiting:
			if !away || a.Post != -1 || slices.Index(t.Waiting[a.Palace], i) < 0 {
				return fmt.Errorf("waiting advisor %d is not in a queue", i)
			}
		case Placed:
			if !away || a.Post < 0 || a.Post >= Posts || t.Palaces[a.Palace][a.Post] != i {
				return fmt.Errorf("placed advisor %d is not on its post", i)
			}
		case Island:
			if a.Palace != -1 || a.Post != -1 {
				return fmt.Errorf("exiled advisor %d is still at a palace", i)
			}
		default:
			return fmt.Errorf("advisor %d is nowhere", i)
		}
	}
	for seat := 0; seat < t.Players; seat++ {
		presentingTurns := min(t.TurnsBegun[seat], TurnsPerPlayer-1)
		presented := 0
		if rules.Seat(seat) == t.Active && t.Step != StepOver {
			presentingTurns = min(t.TurnsBegun[seat]-1, TurnsPerPlayer-1)
			presented = t.Presented
		}
		if want := AdvisorsPerColour - PresentPerTurn*presentingTurns - presented; unplaced[seat] != want {
			return fmt.Errorf("%s has %d advisors unplaced, expected %d", colour(rules.Seat(seat)), unplaced[seat], want)
		}
	}
	return nil
}

func (t *Table) checkPalaces() error {
	for p := range t.Palaces {
		var seen [Types]bool
		for post, id := range t.Palaces[p] {
			if id < 0 {
				continue
			}
			if id >= len(t.Advisors) || t.Advisors[id].Where != Placed || int(t.Advisors[id].Palace) != p ||
				t.Advisors[id].Post != post {
				return fmt.Errorf("post %d of %s's palace holds a stray advisor", post, colour(rules.Seat(p)))
			}
			typ := t.Advisors[id].Type
			if seen[typ] {
				return fmt.Errorf("golden rule 2: two %vs in %s's palace", typ, colour(rules.Seat(p)))
			}
			seen[typ] = true
		}
		for _, id := range t.Waiting[p] {
			if id < 0 || id >= len(t.Advisors) || t.Advisors[id].Where != Waiting || int(t.Advisors[id].Palace) != p {
				return fmt.Errorf("the queue of %s's palace holds a stray advisor", colour(rules.Seat(p)))
			}
		}
	}
	return nil
}

// checkReceive: the applicants still to admit by golden rule 3 must fit the free posts.
func (t *Table) checkReceive() error {
	r := t.Receive
	o := t.Active
	need := len(r.Free)
	types := slices.Clone(r.External)
	if n := r.Negotiation; n != nil && n.Stage == StageExternal && t.Step != StepChooseConflict {
		types = append(types, n.Type)
	}
	for _, typ := range types {
		if t.employedPost(o, typ) < 0 {
			need++
		}
	}
	if free := len(t.freePosts(o)); need > free {
		return fmt.Errorf("golden rule 3: %d applicants must be admitted but only %d posts are free", need, free)
	}
	for p, c := range r.Challenger {
		if c >= 0 && (t.Palaces[o][p] < 0 || t.Advisors[t.Palaces[o][p]].Type != t.Advisors[c].Type) {
			return fmt.Errorf("a challenger contests the %d post, which holds no advisor of its type", PostValue[p])
		}
	}
	return nil
}
