package game

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Storage keeps Principe's small named documents: settings.json, autosave.json, saved games and high scores.
// On the desktop they are files in the config folder; in a browser (js/wasm) they live in localStorage.
type Storage interface {
	// Read returns a document's bytes. A document that does not exist gives an error for which
	// errors.Is(err, fs.ErrNotExist) holds.
	Read(name string) ([]byte, error)
	// Write replaces a document atomically: a reader sees the old bytes or the new ones, never a mix.
	Write(name string, data []byte) error
	// Rename moves a document to a new name, replacing any document already there.
	Rename(oldName, newName string) error
	// Remove deletes a document; removing one that does not exist is not an error.
	Remove(name string) error
	// Location says where the documents live, for messages: the folder on a desktop, "localStorage:…" in a browser.
	Location() string
}

// Names of the documents the shell itself uses.
const (
	SettingsName    = "settings.json"
	SettingsBadName = "settings.json.bad"
	AutosaveName    = "autosave.json"
)

// checkName refuses names that could escape the storage folder or mean nothing.
func checkName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) || strings.ContainsRune(name, 0) {
		return fmt.Errorf("storage: %q is not a valid document name", name)
	}
	return nil
}

// Exists reports whether a document exists and can be read.
func Exists(s Storage, name string) bool {
	_, err := s.Read(name)
	return err == nil
}

// IsNotExist reports whether err says a document does not exist.
func IsNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist)
}
