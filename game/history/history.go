// Package history keeps the games played at this computer: when a game ends, or is abandoned for a new one,
// its record and who sat where are written to the history/ folder of the config folder, one document per
// game, atomically. The folder keeps the last Cap games, the oldest removed first. A document that cannot be
// read is set aside (renamed *.bad) and reported, never a crash.
//
// A history document is an autosave document (play.Autosave: the rules.Record's own fields plus the
// players) with a few more fields (when it ended, the winners, the length), so the same file is a valid
// record for rules.Replay, for `arena replay` and for a friend's Principe (Export and Import).
package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"principe/game"
	"principe/game/play"
	"principe/rules"
)

// FolderName is the history's folder inside the config folder.
const FolderName = "history"

// DefaultCap is how many games the history keeps.
const DefaultCap = 500

// DocVersion is the version of the history fields this code writes (the record keeps its own format).
const DocVersion = 1

// Entry is one game of the history: its autosave document (record and players) and what the list shows.
type Entry struct {
	play.Autosave
	// History is the version of these fields (DocVersion).
	History int `json:"history"`
	// Ended is when the game ended or was abandoned (UTC).
	Ended time.Time `json:"ended"`
	// Abandoned is true for a game left unfinished (a new game replaced it).
	Abandoned bool `json:"abandoned,omitempty"`
	// Names is what each seat was called at the table ("Medici"…), when the game names its seats.
	Names []string `json:"names,omitempty"`
	// Winners lists the winning seats (none for an abandoned game, a solitaire loss or a draw).
	Winners []int `json:"winners"`
	// Scores is the game's own measure per seat (rules.Outcome.Scores), for a finished game.
	Scores []float64 `json:"scores,omitempty"`
	// Rounds is how many rounds were played (rules.Outcome.Rounds; 0 for an abandoned game).
	Rounds int `json:"rounds"`

	// Name is the document's name in the history folder (not saved in the document).
	Name string `json:"-"`
}

// Moves is how many actions the record holds.
func (e *Entry) Moves() int { return len(e.Actions) }

// Humans lists the seats a person played.
func (e *Entry) Humans() []int {
	var h []int
	for i, p := range e.Players {
		if p.Kind == play.Human {
			h = append(h, i)
		}
	}
	return h
}

// Won reports whether a person at this computer won: a human seat is among the winners.
func (e *Entry) Won() bool {
	for _, w := range e.Winners {
		if w >= 0 && w < len(e.Players) && e.Players[w].Kind == play.Human {
			return true
		}
	}
	return false
}

// Solitaire reports whether one person played alone against seats the rules play (a Niccolò solitaire).
func (e *Entry) Solitaire() bool {
	humans, ai := 0, 0
	for _, p := range e.Players {
		switch p.Kind {
		case play.Human:
			humans++
		case play.AI:
			ai++
		}
	}
	return humans == 1 && ai == 0 && len(e.Players) > 1
}

// Score is the human's score in a won solitaire game (ok false otherwise).
func (e *Entry) Score() (score float64, ok bool) {
	if !e.Solitaire() || !e.Won() {
		return 0, false
	}
	h := e.Humans()[0]
	if h >= len(e.Scores) {
		return 0, false
	}
	return e.Scores[h], true
}

var seatNames = struct {
	sync.Mutex
	m map[string]func(seat int) string
}{m: map[string]func(int) string{}}

// RegisterSeatNames tells the history what a game calls its seats (Niccolò's families), for the entries it
// writes. Call it from an init function.
func RegisterSeatNames(gameName string, name func(seat int) string) {
	seatNames.Lock()
	defer seatNames.Unlock()
	seatNames.m[gameName] = name
}

// SeatName is what gameName calls seat, or "" when it does not name its seats.
func SeatName(gameName string, seat int) string {
	seatNames.Lock()
	f := seatNames.m[gameName]
	seatNames.Unlock()
	if f == nil {
		return ""
	}
	return f(seat)
}

// NewEntry builds the history entry of the match whose autosave document is doc, ended (or left) at ended:
// a game whose record does not reach its end is kept as abandoned. It replays the record, so a document
// that does not replay is refused with the record's reason.
func NewEntry(doc []byte, ended time.Time) (*Entry, error) {
	var e Entry
	if err := json.Unmarshal(doc, &e.Autosave); err != nil {
		return nil, fmt.Errorf("history: the game cannot be read: %v", err)
	}
	s, err := e.Record.Replay()
	if err != nil {
		return nil, err
	}
	if len(e.Players) != s.Seats() {
		return nil, fmt.Errorf("history: %d players for %d seats", len(e.Players), s.Seats())
	}
	e.History, e.Ended, e.Abandoned = DocVersion, ended.UTC().Truncate(time.Second), !s.Over()
	e.Winners = []int{}
	if s.Over() {
		out := s.Outcome()
		for _, w := range out.Winners {
			e.Winners = append(e.Winners, int(w))
		}
		e.Scores, e.Rounds = out.Scores, out.Rounds
	}
	for i := range e.Players {
		if n := SeatName(e.Game, i); n != "" {
			e.Names = append(e.Names, n)
		}
	}
	if len(e.Names) != len(e.Players) {
		e.Names = nil
	}
	return &e, nil
}

// Marshal returns the entry's document.
func (e *Entry) Marshal() ([]byte, error) { return json.Marshal(e) }

// Store is the history folder.
type Store struct {
	dir game.Folder
	// Cap is how many games are kept (DefaultCap); adding one more removes the oldest.
	Cap int
}

// Open returns the history kept in store's history/ folder.
func Open(store game.Storage) (*Store, error) {
	dir, err := game.SubFolder(store, FolderName)
	if err != nil {
		return nil, err
	}
	return &Store{dir: dir, Cap: DefaultCap}, nil
}

// docName is an entry's document name: its end time first, so the names sort oldest first.
func docName(e *Entry, n int) string {
	base := fmt.Sprintf("%s-%s-%d", e.Ended.UTC().Format("20060102-150405"), e.Game, e.Seed)
	if n > 0 {
		base += fmt.Sprintf("-%d", n)
	}
	return base + ".json"
}

// Add writes an entry as a new document (atomically) and removes the oldest games beyond Cap. It returns
// the document's name.
func (s *Store) Add(e *Entry) (string, error) {
	data, err := e.Marshal()
	if err != nil {
		return "", err
	}
	names, err := s.names()
	if err != nil {
		return "", err
	}
	taken := map[string]bool{}
	for _, n := range names {
		taken[n] = true
	}
	name := docName(e, 0)
	for n := 1; taken[name]; n++ {
		name = docName(e, n)
	}
	if err := s.dir.Write(name, data); err != nil {
		return "", err
	}
	e.Name = name
	names = append(names, name)
	sort.Strings(names)
	for len(names) > max(1, s.Cap) {
		if err := s.dir.Remove(names[0]); err != nil {
			return name, err
		}
		names = names[1:]
	}
	return name, nil
}

// names lists the game documents (not the ones set aside), oldest first.
func (s *Store) names() ([]string, error) {
	all, err := s.dir.List()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, n := range all {
		if strings.HasSuffix(n, ".json") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names, nil
}

// Problem is a history document that could not be read: it was set aside as KeptAs (empty if moving it
// failed too) for Reason.
type Problem struct {
	Name   string
	KeptAs string
	Reason string
}

// String says what is wrong with the document and where it was kept.
func (p Problem) String() string {
	if p.KeptAs == "" {
		return fmt.Sprintf("%s: %s", p.Name, p.Reason)
	}
	return fmt.Sprintf("%s: %s (kept as %s)", p.Name, p.Reason, p.KeptAs)
}

// BadSuffix is added to the name of a document set aside.
const BadSuffix = ".bad"

// Load reads every game of the history, newest first, for the list: each document must be a history
// document of a known game whose fields fit together (Skim); the record itself is replayed when the game
// is opened (Read). A document that fails is renamed to NAME.bad and reported in problems, and the others
// are still returned. err is set only when the folder itself cannot be listed.
func (s *Store) Load() (entries []*Entry, problems []Problem, err error) {
	names, err := s.names()
	if err != nil {
		return nil, nil, err
	}
	for i := len(names) - 1; i >= 0; i-- {
		data, rerr := s.dir.Read(names[i])
		var e *Entry
		if rerr == nil {
			e, rerr = Skim(data)
		}
		if rerr == nil {
			e.Name = names[i]
			entries = append(entries, e)
			continue
		}
		if game.IsNotExist(rerr) {
			continue // removed meanwhile
		}
		problems = append(problems, s.SetAside(names[i], rerr))
	}
	return entries, problems, nil
}

// SetAside renames a document that cannot be read to NAME.bad, so it is kept (for a bug report) but no
// longer listed, and returns the problem to report.
func (s *Store) SetAside(name string, reason error) Problem {
	p := Problem{Name: name, Reason: reason.Error()}
	if s.dir.Rename(name, name+BadSuffix) == nil {
		p.KeptAs = name + BadSuffix
	}
	return p
}

// Skim reads a history document without replaying its record: the fields the list shows, checked to fit
// together (a known game and record format, players of known kinds, names and winners within the seats).
// Import checks the record itself.
func Skim(data []byte) (*Entry, error) {
	var e Entry
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, &rules.RecordError{Index: -1, Reason: "not a record: " + err.Error()}
	}
	if e.History == 0 {
		return nil, &rules.RecordError{Index: -1, Reason: "not a history document (no \"history\" field)"}
	}
	if e.Format != rules.RecordFormat {
		return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("record format %d is not supported (this version reads format %d)", e.Format, rules.RecordFormat)}
	}
	if _, ok := rules.Lookup(e.Game); !ok {
		return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("unknown game %q", e.Game)}
	}
	if len(e.Players) == 0 || (e.Names != nil && len(e.Names) != len(e.Players)) {
		return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("%d players and %d names", len(e.Players), len(e.Names))}
	}
	for i, p := range e.Players {
		switch p.Kind {
		case play.Human, play.AI, play.Auto:
		default:
			return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("seat %d: unknown kind of player %q", i, p.Kind)}
		}
	}
	for _, w := range e.Winners {
		if w < 0 || w >= len(e.Players) {
			return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("winner %d is not a seat", w)}
		}
	}
	return &e, nil
}

// Read reads one document of the history and checks it as Import does (its record replays).
func (s *Store) Read(name string) (*Entry, error) {
	data, err := s.dir.Read(name)
	if err != nil {
		return nil, err
	}
	e, err := Import(data)
	if err != nil {
		return nil, err
	}
	e.Name = name
	return e, nil
}

// Remove deletes one game from the history.
func (s *Store) Remove(name string) error { return s.dir.Remove(name) }

// Location says where the history lives, for messages.
func (s *Store) Location() string { return s.dir.Location() }

// ErrEmpty is Import's error for a file with nothing in it.
var ErrEmpty = errors.New("the file is empty")
