package game

import (
	"os"
	"path/filepath"
	"testing"
)

func TestStorageRefusesEscapingNames(t *testing.T) {
	stores := map[string]Storage{"file": &FileStorage{Dir: t.TempDir()}, "mem": NewMemStorage()}
	for kind, s := range stores {
		for _, name := range []string{"", ".", "..", "../x", "a/b", `a\b`} {
			if err := s.Write(name, []byte("x")); err == nil {
				t.Errorf("%s: Write(%q) succeeded", kind, name)
			}
			if _, err := s.Read(name); err == nil {
				t.Errorf("%s: Read(%q) succeeded", kind, name)
			}
		}
	}
}

func TestStorageBasics(t *testing.T) {
	dir := t.TempDir()
	stores := map[string]Storage{"file": &FileStorage{Dir: filepath.Join(dir, "p")}, "mem": NewMemStorage()}
	for kind, s := range stores {
		if _, err := s.Read("a.json"); !IsNotExist(err) {
			t.Fatalf("%s: reading a missing document: %v", kind, err)
		}
		if err := s.Remove("a.json"); err != nil {
			t.Fatalf("%s: removing a missing document: %v", kind, err)
		}
		for _, v := range []string{"one", "two"} {
			if err := s.Write("a.json", []byte(v)); err != nil {
				t.Fatal(err)
			}
			if got, err := s.Read("a.json"); err != nil || string(got) != v {
				t.Fatalf("%s: read %q %v, want %q", kind, got, err, v)
			}
		}
		if err := s.Rename("a.json", "b.json"); err != nil {
			t.Fatal(err)
		}
		if Exists(s, "a.json") || !Exists(s, "b.json") {
			t.Fatalf("%s: rename did not move the document", kind)
		}
		if err := s.Remove("b.json"); err != nil || Exists(s, "b.json") {
			t.Fatalf("%s: remove: %v", kind, err)
		}
	}
}

func TestDefaultStorageUsesTheGivenFolder(t *testing.T) {
	dir := t.TempDir()
	s, err := DefaultStorage(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Write("x.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.json")); err != nil {
		t.Fatal(err)
	}
}
