package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"

	"principe/game/play"
	"principe/rules"
)

// Export returns the file a player gives a friend: the entry's document, which is also an autosave
// document and a rules.Record.
func Export(e *Entry) ([]byte, error) { return e.Marshal() }

// Import reads one game from a file and checks it with the rules' Replay. It accepts a history document
// (as Export writes), an autosave document, a bare rules.Record, or one line of `arena play -jsonl`. A file
// that is not one of these, whose record does not replay, or whose players do not fit the game, is
// refused: a *rules.RecordError says what is wrong with the record.
func Import(data []byte) (*Entry, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, ErrEmpty
	}
	if len(data) > rules.MaxRecordBytes {
		return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("the file is %d bytes, more than the %d a record may have", len(data), rules.MaxRecordBytes)}
	}
	var probe struct {
		Record  json.RawMessage `json:"record"`
		Seating []string        `json:"seating"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, &rules.RecordError{Index: -1, Reason: "not a record: " + err.Error()}
	}
	if len(probe.Record) > 0 && !bytes.Equal(probe.Record, []byte("null")) {
		return importArena(data, probe.Record, probe.Seating)
	}
	var e Entry
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, &rules.RecordError{Index: -1, Reason: "not a record: " + err.Error()}
	}
	return check(&e)
}

// importArena reads one line of `arena play -jsonl`: its record, with the arena's bots in the seats.
func importArena(line, record json.RawMessage, seating []string) (*Entry, error) {
	var e Entry
	if err := json.Unmarshal(record, &e.Record); err != nil {
		return nil, &rules.RecordError{Index: -1, Reason: "not a record: " + err.Error()}
	}
	for _, b := range seating {
		e.Players = append(e.Players, play.Player{Kind: play.AI, Bot: b})
	}
	if len(seating) == 0 {
		// Without -rotate the line does not say which bot sat where: each seat is an arena bot.
		s, err := e.Record.Replay()
		if err != nil {
			return nil, err
		}
		for i := 0; i < s.Seats(); i++ {
			e.Players = append(e.Players, play.Player{Kind: play.AI, Bot: "arena"})
		}
	}
	return check(&e)
}

// check replays an entry's record and fills in what the file did not say (the outcome, players for a bare
// record). What the file says about the outcome must be what the record reaches.
func check(e *Entry) (*Entry, error) {
	if e.Record.Format == 0 && e.Record.Game == "" {
		return nil, &rules.RecordError{Index: -1, Reason: "not a record: it has no \"format\" nor \"game\""}
	}
	s, err := e.Record.Replay()
	if err != nil {
		return nil, err
	}
	if len(e.Players) == 0 {
		// A bare record: every seat is shown as played by the computer.
		for i := 0; i < s.Seats(); i++ {
			e.Players = append(e.Players, play.Player{Kind: play.AI})
		}
	}
	if len(e.Players) != s.Seats() {
		return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("%d players for the game's %d seats", len(e.Players), s.Seats())}
	}
	for i, p := range e.Players {
		switch p.Kind {
		case play.Human, play.AI, play.Auto:
		default:
			return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("seat %d: unknown kind of player %q", i, p.Kind)}
		}
	}
	if e.Names != nil && len(e.Names) != len(e.Players) {
		return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("%d names for %d seats", len(e.Names), len(e.Players))}
	}
	claimed := e.Winners
	e.Winners, e.Scores, e.Rounds = []int{}, nil, 0
	if s.Over() {
		e.Abandoned = false
		out := s.Outcome()
		for _, w := range out.Winners {
			e.Winners = append(e.Winners, int(w))
		}
		e.Scores, e.Rounds = out.Scores, out.Rounds
	} else if !e.Abandoned && e.History != 0 {
		return nil, &rules.RecordError{Index: -1, Reason: "the game is not over, yet the file says it was finished"}
	} else {
		e.Abandoned = true // an autosave or a bare record of a game in progress: kept as unfinished
	}
	if e.History != 0 && !sameSeats(claimed, e.Winners) {
		return nil, &rules.RecordError{Index: -1, Reason: fmt.Sprintf("the file names winners %v, but the record ends with %v", claimed, e.Winners)}
	}
	if e.History == 0 {
		e.History = DocVersion
	}
	return e, nil
}

func sameSeats(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ImportAll reads every game of a file: one game (any form Import reads), or the many lines of an
// `arena play -jsonl` file. A line the arena marked as failed, or one that does not replay, is refused
// with its line number.
func ImportAll(data []byte) ([]*Entry, error) {
	t := bytes.TrimSpace(data)
	if len(t) == 0 {
		return nil, ErrEmpty
	}
	if e, err := Import(t); err == nil {
		return []*Entry{e}, nil
	} else if !bytes.Contains(t, []byte("\n")) {
		return nil, err
	}
	var out []*Entry
	sc := bufio.NewScanner(bytes.NewReader(t))
	sc.Buffer(make([]byte, 0, 64<<10), rules.MaxRecordBytes+1)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		e, err := Import(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, ErrEmpty
	}
	return out, nil
}
