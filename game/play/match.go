package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"principe/rules"
)

// Seat kinds in a match.
const (
	Human = "human" // a person at this screen chooses through the scene
	AI    = "ai"    // a bot chooses on its own goroutine
	Auto  = "auto"  // the rules play this seat themselves (a Niccolò Envoy); it never acts
)

// Player is who sits in one seat. It is saved with the record, so Continue brings back the
// same opponents.
type Player struct {
	Kind   string `json:"kind"`             // Human, AI or Auto
	Level  string `json:"level,omitempty"`  // for AI: "easy", "normal" or "hard" (shown to players)
	Bot    string `json:"bot,omitempty"`    // for AI: the game's bot name
	Budget int    `json:"budget,omitempty"` // for AI: the bot's search budget (0 = its default)
}

// Saver keeps the autosave. The scene implements it with game.WriteAutosave; Clear runs
// when the game is over, so Continue never offers a finished game.
type Saver interface {
	Save(data []byte) error
	Clear() error
}

// Archiver is a Saver that also keeps the game history. Finished gets the final autosave document once,
// when the game is over (just before Clear); Replacing runs when a new match starts, before its first save,
// so the game whose autosave it replaces can be kept as abandoned.
type Archiver interface {
	Saver
	Finished(doc []byte) error
	Replacing() error
}

// Autosave is the autosave document: the record's own fields (so it is a valid record,
// with "game" naming the game) plus who sits in each seat.
type Autosave struct {
	rules.Record
	Players []Player `json:"players"`
	// Table is what the table scene keeps beside the record for this match (a choice made
	// at setup that the rules do not know, such as hints switched off); nil for none.
	Table json.RawMessage `json:"table,omitempty"`
}

// DefaultThinkTime is how long an AI may think about one decision.
const DefaultThinkTime = 3 * time.Second

// Match is a game being played at a table: the state, its record, the seats and the AI
// decision under way. It is used from the UI goroutine only; AI work happens inside Jobs.
type Match struct {
	game    rules.Game
	state   rules.State
	record  *rules.Record
	players []Player
	bots    []rules.Bot
	saver   Saver

	job     *Job
	jobSeat rules.Seat

	tableData json.RawMessage
	archived  bool    // the finished game has been handed to the Archiver
	replay    *replay // set when the match plays back a record (NewReplay)

	// ThinkTime is each AI decision's wall-clock budget.
	ThinkTime time.Duration
	// SaveErr is the last autosave failure (nil when the last save worked).
	SaveErr error
}

// NewMatch starts a new game and returns the events of its opening (the deal, automatic
// seats' first plays), which the scene animates. players has one entry per seat.
func NewMatch(gameName string, options json.RawMessage, seed uint64, players []Player, saver Saver) (*Match, []rules.Event, error) {
	g, ok := rules.Lookup(gameName)
	if !ok {
		return nil, nil, fmt.Errorf("no game named %q", gameName)
	}
	s, err := g.NewState(options, seed)
	if err != nil {
		return nil, nil, err
	}
	m, err := newMatch(g, s, rules.NewRecord(gameName, options, seed), players, saver, true)
	if err != nil {
		return nil, nil, err
	}
	var opening []rules.Event
	if o, ok := s.(interface{ OpeningEvents() []rules.Event }); ok {
		opening = append(opening, o.OpeningEvents()...)
	}
	var replaced error
	if a, ok := saver.(Archiver); ok {
		replaced = a.Replacing()
	}
	m.save()
	m.SaveErr = errors.Join(replaced, m.SaveErr)
	return m, opening, nil
}

// Resume rebuilds a match from an autosave document by replaying its record. A document
// that is not a record of gameName, or that does not replay, is an error saying why.
func Resume(gameName string, data []byte, saver Saver) (*Match, error) {
	var doc Autosave
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("the saved game cannot be read: %v", err)
	}
	if doc.Game != gameName {
		return nil, fmt.Errorf("the saved game is %q, not %q", doc.Game, gameName)
	}
	s, err := doc.Record.Replay()
	if err != nil {
		return nil, fmt.Errorf("the saved game does not replay: %v", err)
	}
	if s.Over() {
		return nil, errors.New("the saved game is already over")
	}
	g, _ := rules.Lookup(gameName)
	rec := doc.Record
	m, err := newMatch(g, s, &rec, doc.Players, saver, true)
	if err != nil {
		return nil, err
	}
	m.tableData = doc.Table
	return m, nil
}

// newMatch builds a match around a state; bots says whether its AI seats get their bots
// (a replay's seats take the record's actions instead).
func newMatch(g rules.Game, s rules.State, rec *rules.Record, players []Player, saver Saver, bots bool) (*Match, error) {
	if len(players) != s.Seats() {
		return nil, fmt.Errorf("%d players given for %d seats", len(players), s.Seats())
	}
	m := &Match{game: g, state: s, record: rec, players: append([]Player(nil), players...),
		bots: make([]rules.Bot, len(players)), saver: saver, jobSeat: rules.NoSeat, ThinkTime: DefaultThinkTime}
	for i, p := range players {
		switch p.Kind {
		case Human, Auto:
		case AI:
			if !bots {
				continue
			}
			b, err := g.NewBot(p.Bot, rec.Seed^uint64(0x9e3779b97f4a7c15)*uint64(i+1), p.Budget)
			if err != nil {
				return nil, err
			}
			m.bots[i] = b
		default:
			return nil, fmt.Errorf("seat %d: unknown kind of player %q", i, p.Kind)
		}
	}
	return m, nil
}

// State is the game in progress. Scenes read observations from it; they must not Apply
// to it directly (use Match.Apply, which records and saves).
func (m *Match) State() rules.State { return m.state }

// Record is the match's record so far.
func (m *Match) Record() *rules.Record { return m.record }

// Players lists who sits where.
func (m *Match) Players() []Player { return append([]Player(nil), m.players...) }

// Player is who sits in seat.
func (m *Match) Player(seat rules.Seat) Player {
	if seat < 0 || int(seat) >= len(m.players) {
		return Player{Kind: Auto}
	}
	return m.players[seat]
}

// ToAct is the seat that must act now (NoSeat when the game is over).
func (m *Match) ToAct() rules.Seat { return m.state.ToAct() }

// Humans says, seat by seat, whether a person plays it.
func (m *Match) Humans() []bool {
	h := make([]bool, len(m.players))
	for i, p := range m.players {
		h[i] = p.Kind == Human
	}
	return h
}

// Apply makes seat's action, appends it to the record and autosaves. An illegal action
// is returned as the rules' error and changes nothing.
func (m *Match) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	if m.replay != nil {
		if err := m.replay.check(m, seat, a); err != nil {
			return nil, err
		}
	}
	if m.job != nil && m.jobSeat == seat {
		m.job.Cancel()
		m.job, m.jobSeat = nil, rules.NoSeat
	}
	ev, err := m.state.Apply(seat, a)
	if err != nil {
		return nil, err
	}
	if err := m.record.Add(seat, a); err != nil {
		return ev, err
	}
	m.save()
	return ev, nil
}

// Thinking is the AI seat whose decision is under way, or NoSeat.
func (m *Match) Thinking() rules.Seat {
	if m.job == nil {
		return rules.NoSeat
	}
	return m.jobSeat
}

// PollAI drives the AI: when an AI seat is to act it starts its decision (on its own
// goroutine, from that seat's observation only) and reports ready once the action is
// chosen; the scene then applies it with Apply when it is ready to animate it. It never
// blocks.
func (m *Match) PollAI() (seat rules.Seat, a rules.Action, ready bool, err error) {
	if m.replay != nil {
		return m.pollReplay()
	}
	seat = m.state.ToAct()
	if seat == rules.NoSeat || m.Player(seat).Kind != AI {
		return seat, nil, false, nil
	}
	if m.job == nil || m.jobSeat != seat {
		if m.job != nil {
			m.job.Cancel()
		}
		legal := m.state.Legal(seat)
		m.job = Think(m.bots[seat], m.state.Observe(seat), legal, m.ThinkTime)
		m.jobSeat = seat
	}
	a, err, done := m.job.Poll()
	if !done {
		return seat, nil, false, nil
	}
	m.job, m.jobSeat = nil, rules.NoSeat
	if err != nil && a == nil {
		return seat, nil, false, fmt.Errorf("%s: %w", m.Player(seat).Bot, err)
	}
	return seat, a, true, nil
}

// Close cancels any AI decision under way (the scene is leaving).
func (m *Match) Close() {
	if m.job != nil {
		m.job.Cancel()
		m.job, m.jobSeat = nil, rules.NoSeat
	}
}

// SetTableData keeps the table scene's own data for this match in the autosave (and
// saves at once).
func (m *Match) SetTableData(data json.RawMessage) {
	m.tableData = append(json.RawMessage(nil), data...)
	m.save()
}

// TableData is what SetTableData kept (also after Resume).
func (m *Match) TableData() json.RawMessage { return m.tableData }

// AutosaveDocument is the autosave as it would be written now.
func (m *Match) AutosaveDocument() ([]byte, error) {
	return json.Marshal(Autosave{Record: *m.record, Players: m.players, Table: m.tableData})
}

func (m *Match) save() {
	if m.saver == nil {
		return
	}
	if m.state.Over() {
		var archived error
		if a, ok := m.saver.(Archiver); ok && !m.archived {
			m.archived = true
			if data, err := m.AutosaveDocument(); err != nil {
				archived = err
			} else {
				archived = a.Finished(data)
			}
		}
		m.SaveErr = errors.Join(archived, m.saver.Clear())
		return
	}
	data, err := m.AutosaveDocument()
	if err == nil {
		err = m.saver.Save(data)
	}
	m.SaveErr = err
}
