package table

import (
	"encoding/json"
	"fmt"
	"time"

	"principe/game"
	"principe/game/history"
)

// Autosaver keeps a match's autosave in the shell's storage (it is the play.Saver every
// table hands its match): Save writes autosave.json, Clear removes it once the game is
// over, so Continue never offers a finished game. It is also the match's play.Archiver:
// the finished game, and the unfinished one a new game replaces, go to the history.
type Autosaver struct{ Store game.Storage }

// Save writes the autosave document.
func (s Autosaver) Save(data []byte) error { return game.WriteAutosave(s.Store, data) }

// Clear removes the autosave.
func (s Autosaver) Clear() error { return s.Store.Remove(game.AutosaveName) }

// Finished keeps the finished game in the history.
func (s Autosaver) Finished(doc []byte) error { return s.archive(doc) }

// Replacing keeps the game whose autosave a new game is about to replace in the history,
// as abandoned, when at least one action was taken in it. An autosave that does not
// replay is left to Continue, which sets it aside and says why.
func (s Autosaver) Replacing() error {
	_, data, ok := game.ReadAutosave(s.Store)
	if !ok {
		return nil
	}
	var head struct {
		Actions []json.RawMessage `json:"actions"`
	}
	if json.Unmarshal(data, &head) != nil || len(head.Actions) == 0 {
		return nil
	}
	e, err := history.NewEntry(data, time.Now())
	if err != nil {
		return nil
	}
	return s.add(e)
}

func (s Autosaver) archive(doc []byte) error {
	e, err := history.NewEntry(doc, time.Now())
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	return s.add(e)
}

func (s Autosaver) add(e *history.Entry) error {
	h, err := history.Open(s.Store)
	if err != nil {
		return err
	}
	if _, err := h.Add(e); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	return nil
}
