package game

import (
	"fmt"
	"sort"
	"strings"
)

// Folder is a Storage that can also list its documents. The game history keeps one document per game in a
// folder of its own (history/ in the config folder), which it lists to show and to trim.
type Folder interface {
	Storage
	// List returns the names of the documents in the folder, sorted; a folder that does not exist yet is
	// empty. Temporary files of writes under way are not listed.
	List() ([]string, error)
}

// SubFolder returns the folder named name inside s: a folder of the config folder on a desktop, keys under
// one more prefix in a browser, a separate set of documents in memory. It is created on the first write.
func SubFolder(s Storage, name string) (Folder, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	if sub, ok := s.(interface{ Sub(string) Folder }); ok {
		return sub.Sub(name), nil
	}
	return nil, fmt.Errorf("storage: %s cannot hold folders", s.Location())
}

// Sub implements the folders of MemStorage: documents whose names start with name+"/".
func (m *MemStorage) Sub(name string) Folder { return &memFolder{m: m, prefix: name + "/"} }

// memFolder is a folder inside a MemStorage.
type memFolder struct {
	m      *MemStorage
	prefix string
}

func (f *memFolder) Read(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	return f.m.readRaw(f.prefix + name)
}

func (f *memFolder) Write(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	return f.m.writeRaw(f.prefix+name, data)
}

func (f *memFolder) Rename(oldName, newName string) error {
	if err := checkName(newName); err != nil {
		return err
	}
	d, err := f.Read(oldName)
	if err != nil {
		return err
	}
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	f.m.docs[f.prefix+newName] = d
	delete(f.m.docs, f.prefix+oldName)
	return nil
}

func (f *memFolder) Remove(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	delete(f.m.docs, f.prefix+name)
	return nil
}

func (f *memFolder) Location() string { return "memory:" + f.prefix }

func (f *memFolder) List() ([]string, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	var names []string
	for k := range f.m.docs {
		if rest, ok := strings.CutPrefix(k, f.prefix); ok && !strings.Contains(rest, "/") {
			names = append(names, rest)
		}
	}
	sort.Strings(names)
	return names, nil
}
