package game

import (
	"io/fs"
	"sync"
)

// MemStorage keeps documents in memory: for tests, and for tools that must not touch the disk.
type MemStorage struct {
	mu   sync.Mutex
	docs map[string][]byte
	// FailWrites, when set, is returned by every Write (to test a full disk or a read-only folder).
	FailWrites error
}

// NewMemStorage returns an empty MemStorage.
func NewMemStorage() *MemStorage { return &MemStorage{docs: map[string][]byte{}} }

// Read implements Storage.
func (m *MemStorage) Read(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	return m.readRaw(name)
}

// readRaw reads the document stored under key (a name, or folder/name).
func (m *MemStorage) readRaw(key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.docs[key]
	if !ok {
		return nil, &fs.PathError{Op: "read", Path: key, Err: fs.ErrNotExist}
	}
	return append([]byte(nil), d...), nil
}

// Write implements Storage.
func (m *MemStorage) Write(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	return m.writeRaw(name, data)
}

// writeRaw stores data under key (a name, or folder/name).
func (m *MemStorage) writeRaw(key string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.FailWrites != nil {
		return m.FailWrites
	}
	m.docs[key] = append([]byte(nil), data...)
	return nil
}

// Rename implements Storage.
func (m *MemStorage) Rename(oldName, newName string) error {
	if err := checkName(newName); err != nil {
		return err
	}
	d, err := m.Read(oldName)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.docs[newName] = d
	delete(m.docs, oldName)
	return nil
}

// Remove implements Storage.
func (m *MemStorage) Remove(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.docs, name)
	return nil
}

// Location implements Storage.
func (m *MemStorage) Location() string { return "memory" }
