//go:build js

package game

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"syscall/js"
	"unicode/utf8"
)

// LocalStorage keeps documents in the browser's localStorage, each under the key Prefix+name.
type LocalStorage struct {
	Prefix string
}

// DefaultStorage returns the storage for this platform: the browser's localStorage under keys starting with
// "principe/" (or dir+"/" when dir is set, so tests and tools can keep separate sets).
func DefaultStorage(dir string) (Storage, error) {
	if dir == "" {
		dir = "principe"
	}
	if js.Global().Get("localStorage").IsUndefined() {
		return nil, errors.New("this browser offers no localStorage")
	}
	return &LocalStorage{Prefix: dir + "/"}, nil
}

func (s *LocalStorage) store() js.Value { return js.Global().Get("localStorage") }

// Read implements Storage.
func (s *LocalStorage) Read(name string) (data []byte, err error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	defer recoverJS(&err)
	v := s.store().Call("getItem", s.Prefix+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, &fs.PathError{Op: "read", Path: s.Prefix + name, Err: fs.ErrNotExist}
	}
	return []byte(v.String()), nil
}

// Write implements Storage. One setItem call is atomic in every browser.
func (s *LocalStorage) Write(name string, data []byte) (err error) {
	if err := checkName(name); err != nil {
		return err
	}
	if !utf8.Valid(data) {
		return fmt.Errorf("storage: %s is not text; localStorage holds text only", name)
	}
	defer recoverJS(&err)
	s.store().Call("setItem", s.Prefix+name, string(data))
	return nil
}

// Rename implements Storage.
func (s *LocalStorage) Rename(oldName, newName string) error {
	data, err := s.Read(oldName)
	if err != nil {
		return err
	}
	if err := s.Write(newName, data); err != nil {
		return err
	}
	return s.Remove(oldName)
}

// Remove implements Storage.
func (s *LocalStorage) Remove(name string) (err error) {
	if err := checkName(name); err != nil {
		return err
	}
	defer recoverJS(&err)
	s.store().Call("removeItem", s.Prefix+name)
	return nil
}

// Location implements Storage.
func (s *LocalStorage) Location() string { return "localStorage:" + s.Prefix }

// Sub returns the folder name inside this one (see SubFolder): keys under one more prefix.
func (s *LocalStorage) Sub(name string) Folder { return &LocalStorage{Prefix: s.Prefix + name + "/"} }

// List implements Folder: the names under this prefix with no further "/", sorted.
func (s *LocalStorage) List() (names []string, err error) {
	defer recoverJS(&err)
	st := s.store()
	n := st.Get("length").Int()
	for i := 0; i < n; i++ {
		k := st.Call("key", i)
		if k.IsNull() || k.IsUndefined() {
			continue
		}
		if rest, ok := strings.CutPrefix(k.String(), s.Prefix); ok && rest != "" && !strings.Contains(rest, "/") {
			names = append(names, rest)
		}
	}
	sort.Strings(names)
	return names, nil
}

// recoverJS turns a JavaScript exception (quota exceeded, storage disabled) into an error.
func recoverJS(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("storage: %v", r)
	}
}
