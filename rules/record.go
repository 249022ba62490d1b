package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// RecordFormat is the version of the record format this code writes and reads.
// Loading refuses any other version.
const RecordFormat = 1

// MaxRecordBytes is the largest record Replay accepts (8 MiB).
const MaxRecordBytes = 8 << 20

// MaxRecordActions is the most actions a record may hold. No game of the four comes
// near it; it bounds the work a hostile or corrupt file can ask for.
const MaxRecordActions = 200_000

// Record is one game as DESIGN principle 1 defines it: the options, the seed and every
// action taken, in order. It is the save file, the autosave, the undo history, the
// replay and the bug report.
type Record struct {
	// Format is the record format version (RecordFormat).
	Format int `json:"format"`
	// Game is the registered name of the game.
	Game string `json:"game"`
	// Options is the game's own options JSON (null or empty means the defaults).
	Options json.RawMessage `json:"options"`
	// Seed is the seed the game was started with.
	Seed uint64 `json:"seed"`
	// Actions lists every action taken, in order.
	Actions []Step `json:"actions"`
}

// Step is one action in a record and the seat that took it.
type Step struct {
	// Seat is the seat that acted.
	Seat int `json:"seat"`
	// Action is the action's JSON, as the game's DecodeAction reads it.
	Action json.RawMessage `json:"action"`
}

// RecordError says why a record cannot be replayed.
type RecordError struct {
	// Index is the position in Actions of the first bad action, or -1 when the
	// problem is in the record's header (format, game, options, size).
	Index int
	// Reason says what is wrong, in plain words.
	Reason string
}

// Error implements error.
func (e *RecordError) Error() string {
	if e.Index < 0 {
		return "bad record: " + e.Reason
	}
	return fmt.Sprintf("bad record: action %d: %s", e.Index, e.Reason)
}

// NewRecord starts an empty record of a game with these options and seed.
func NewRecord(game string, options json.RawMessage, seed uint64) *Record {
	return &Record{
		Format:  RecordFormat,
		Game:    game,
		Options: cloneRaw(options),
		Seed:    seed,
		Actions: []Step{},
	}
}

// Add appends an action taken by seat, marshalling it to JSON.
func (r *Record) Add(seat Seat, a Action) error {
	if a == nil {
		return fmt.Errorf("record: seat %d took no action (nil)", seat)
	}
	data, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("record: action %q does not marshal: %w", a.String(), err)
	}
	r.Actions = append(r.Actions, Step{Seat: int(seat), Action: data})
	return nil
}

// Clone returns an independent copy of the record.
func (r *Record) Clone() *Record {
	c := *r
	c.Options = cloneRaw(r.Options)
	c.Actions = make([]Step, len(r.Actions))
	for i, s := range r.Actions {
		c.Actions[i] = Step{Seat: s.Seat, Action: cloneRaw(s.Action)}
	}
	return &c
}

// Marshal returns the record as JSON.
func (r *Record) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

// Replay reads a record from JSON, checks it and replays it. It returns the state the
// record reaches and the record itself, or a *RecordError saying what is wrong.
func Replay(data []byte) (State, *Record, error) {
	if len(data) > MaxRecordBytes {
		return nil, nil, &RecordError{Index: -1, Reason: fmt.Sprintf("the file is %d bytes, more than the %d a record may have", len(data), MaxRecordBytes)}
	}
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, nil, &RecordError{Index: -1, Reason: "not a record: " + err.Error()}
	}
	s, err := r.Replay()
	if err != nil {
		return nil, nil, err
	}
	return s, &r, nil
}

// Replay checks the record and replays it from the start, returning the state it
// reaches or a *RecordError naming the first thing wrong.
func (r *Record) Replay() (State, error) {
	if r.Format != RecordFormat {
		return nil, &RecordError{Index: -1, Reason: fmt.Sprintf("record format %d is not supported (this version reads format %d)", r.Format, RecordFormat)}
	}
	g, ok := Lookup(r.Game)
	if !ok {
		return nil, &RecordError{Index: -1, Reason: fmt.Sprintf("unknown game %q", r.Game)}
	}
	if len(r.Actions) > MaxRecordActions {
		return nil, &RecordError{Index: -1, Reason: fmt.Sprintf("%d actions, more than the %d a record may have", len(r.Actions), MaxRecordActions)}
	}
	s, err := g.NewState(optionsOrDefault(r.Options), r.Seed)
	if err != nil {
		return nil, &RecordError{Index: -1, Reason: "bad options: " + err.Error()}
	}
	for i, step := range r.Actions {
		if err := replayStep(g, s, step); err != nil {
			return nil, &RecordError{Index: i, Reason: err.Error()}
		}
	}
	return s, nil
}

// replayStep decodes one step and applies it to s.
func replayStep(g Game, s State, step Step) error {
	if s.Over() {
		return fmt.Errorf("the game is already over")
	}
	if step.Seat < 0 || step.Seat >= s.Seats() {
		return fmt.Errorf("seat %d does not exist (the game has %d seats)", step.Seat, s.Seats())
	}
	if to := s.ToAct(); Seat(step.Seat) != to {
		return fmt.Errorf("seat %d acted but it was seat %d's turn", step.Seat, to)
	}
	if optionsOrDefault(step.Action) == nil {
		return fmt.Errorf("the action is missing")
	}
	a, err := g.DecodeAction(step.Action)
	if err != nil {
		return fmt.Errorf("cannot read the action: %v", err)
	}
	if a == nil {
		return fmt.Errorf("cannot read the action: it decodes to nothing")
	}
	if _, err := s.Apply(Seat(step.Seat), a); err != nil {
		return fmt.Errorf("illegal action %s: %v", a.String(), err)
	}
	return nil
}

// optionsOrDefault turns a JSON null (how a record stores "no options") into empty
// options, which every game reads as its defaults; it also tells a missing action.
func optionsOrDefault(options json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(options)
	if len(t) == 0 || bytes.Equal(t, []byte("null")) {
		return nil
	}
	return options
}

// cloneRaw copies a raw JSON value.
func cloneRaw(m json.RawMessage) json.RawMessage {
	if m == nil {
		return nil
	}
	return append(json.RawMessage(nil), m...)
}
