package table

import "principe/game"

// Autosaver keeps a match's autosave in the shell's storage (it is the play.Saver every
// table hands its match): Save writes autosave.json, Clear removes it once the game is
// over, so Continue never offers a finished game.
type Autosaver struct{ Store game.Storage }

// Save writes the autosave document.
func (s Autosaver) Save(data []byte) error { return game.WriteAutosave(s.Store, data) }

// Clear removes the autosave.
func (s Autosaver) Clear() error { return s.Store.Remove(game.AutosaveName) }
