package table

// Step is one animation in a sequence: it runs for Ticks ticks; Frame is called with
// the progress 0…1 every tick (and once with 1 at the end); Start and End (either may be
// nil) run when it begins and ends. A step of 0 ticks runs Start, Frame(1) and End at once.
type Step struct {
	Ticks int
	Start func()
	Frame func(t float64)
	End   func()
}

// Sequence plays steps one after another, one tick at a time. Scenes feed it the steps
// made from a rules event list, in order, so what is shown follows what happened.
type Sequence struct {
	steps   []Step
	cur     int
	elapsed int
	started bool
}

// Add queues a step.
func (s *Sequence) Add(st Step) { s.steps = append(s.steps, st) }

// Busy reports whether steps remain.
func (s *Sequence) Busy() bool { return s.cur < len(s.steps) }

// Tick advances the sequence by one tick; steps of 0 ticks finish in the same tick.
func (s *Sequence) Tick() {
	for s.cur < len(s.steps) {
		st := &s.steps[s.cur]
		if !s.started {
			s.started = true
			s.elapsed = 0
			if st.Start != nil {
				st.Start()
			}
		}
		if st.Ticks > 0 && s.elapsed < st.Ticks {
			s.elapsed++
			if st.Frame != nil {
				st.Frame(float64(s.elapsed) / float64(st.Ticks))
			}
			if s.elapsed < st.Ticks {
				return
			}
		} else if st.Frame != nil {
			st.Frame(1)
		}
		if st.End != nil {
			st.End()
		}
		s.cur++
		s.started = false
		if st.Ticks > 0 {
			return
		}
	}
	s.steps, s.cur = s.steps[:0], 0
}

// Finish plays every queued step to its end at once (the player skipped ahead).
func (s *Sequence) Finish() {
	for s.Busy() {
		st := &s.steps[s.cur]
		if !s.started && st.Start != nil {
			st.Start()
		}
		if st.Frame != nil {
			st.Frame(1)
		}
		if st.End != nil {
			st.End()
		}
		s.cur++
		s.started = false
	}
	s.steps, s.cur = s.steps[:0], 0
}
