//go:build !js

package game

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// FileStorage keeps documents as files in one folder, created on the first write.
type FileStorage struct {
	Dir string
}

// DefaultStorage returns the storage for this platform: files in dir, or in os.UserConfigDir()/principe when
// dir is empty.
func DefaultStorage(dir string) (Storage, error) {
	if dir == "" {
		base, err := os.UserConfigDir()
		if err != nil {
			return nil, fmt.Errorf("no config folder: %w", err)
		}
		dir = filepath.Join(base, "principe")
	}
	return &FileStorage{Dir: dir}, nil
}

// Read implements Storage.
func (s *FileStorage) Read(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(s.Dir, name))
	if errors.Is(err, syscall.ENOTDIR) {
		// Part of the folder's path is a file: the folder, and so the document, does not exist.
		return nil, &fs.PathError{Op: "read", Path: filepath.Join(s.Dir, name), Err: fs.ErrNotExist}
	}
	return data, err
}

// Write implements Storage: it writes a temporary file in the same folder, syncs it and renames it over the
// old one, so a crash or a full disk never leaves a half-written document.
func (s *FileStorage) Write(name string, data []byte) (err error) {
	if err := checkName(name); err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(s.Dir, "."+name+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(s.Dir, name))
}

// Rename implements Storage.
func (s *FileStorage) Rename(oldName, newName string) error {
	if err := checkName(oldName); err != nil {
		return err
	}
	if err := checkName(newName); err != nil {
		return err
	}
	return os.Rename(filepath.Join(s.Dir, oldName), filepath.Join(s.Dir, newName))
}

// Remove implements Storage.
func (s *FileStorage) Remove(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	err := os.Remove(filepath.Join(s.Dir, name))
	if IsNotExist(err) {
		return nil
	}
	return err
}

// Location implements Storage.
func (s *FileStorage) Location() string { return s.Dir }

// Sub returns the folder name inside this one (see SubFolder).
func (s *FileStorage) Sub(name string) Folder { return &FileStorage{Dir: filepath.Join(s.Dir, name)} }

// List implements Folder: the regular files of the folder, sorted, without the hidden temporary files of
// writes under way.
func (s *FileStorage) List() ([]string, error) {
	entries, err := os.ReadDir(s.Dir)
	if IsNotExist(err) || errors.Is(err, syscall.ENOTDIR) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}
