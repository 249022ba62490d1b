package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"time"
)

// entry is one file of an archive; folders are implied by the paths and written before their files.
type entry struct {
	Name string // slash-separated path inside the archive
	Data []byte
	Mode fs.FileMode // 0o755 for programs, 0o644 otherwise
}

// folders lists every parent folder of the entries, parents first.
func folders(entries []entry) []string {
	seen := map[string]bool{}
	var dirs []string
	for _, e := range entries {
		for d := path.Dir(e.Name); d != "." && !seen[d]; d = path.Dir(d) {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs) // a parent sorts before its children
	return dirs
}

// writeZip writes entries to a zip file, keeping Unix permissions (so the macOS binary stays
// executable when Finder unpacks it) and stamping every file with the same time.
func writeZip(file string, entries []entry, stamp time.Time) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	for _, d := range folders(entries) {
		h := &zip.FileHeader{Name: d + "/", Modified: stamp}
		h.SetMode(fs.ModeDir | 0o755)
		if _, err := zw.CreateHeader(h); err != nil {
			f.Close()
			return err
		}
	}
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.Name, Method: zip.Deflate, Modified: stamp}
		h.SetMode(e.Mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			f.Close()
			return err
		}
		if _, err := w.Write(e.Data); err != nil {
			f.Close()
			return err
		}
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeTarGz writes entries to a gzip-compressed tarball with the given permissions.
func writeTarGz(file string, entries []entry, stamp time.Time) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	gz, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		f.Close()
		return err
	}
	tw := tar.NewWriter(gz)
	fail := func(err error) error { f.Close(); return err }
	for _, d := range folders(entries) {
		h := &tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: stamp, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return fail(err)
		}
	}
	for _, e := range entries {
		h := &tar.Header{Typeflag: tar.TypeReg, Name: e.Name, Mode: int64(e.Mode.Perm()), Size: int64(len(e.Data)),
			ModTime: stamp, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return fail(err)
		}
		if _, err := tw.Write(e.Data); err != nil {
			return fail(err)
		}
	}
	if err := tw.Close(); err != nil {
		return fail(err)
	}
	if err := gz.Close(); err != nil {
		return fail(err)
	}
	return f.Close()
}

// under prefixes every entry's name with a folder.
func under(dir string, entries []entry) []entry {
	out := make([]entry, len(entries))
	for i, e := range entries {
		e.Name = strings.TrimSuffix(dir, "/") + "/" + e.Name
		out[i] = e
	}
	return out
}

// unpackedSize adds up the sizes of the files inside a .zip or .tar.gz; any other file counts as
// itself.
func unpackedSize(file string) (int64, error) {
	switch {
	case strings.HasSuffix(file, ".zip"):
		zr, err := zip.OpenReader(file)
		if err != nil {
			return 0, err
		}
		defer zr.Close()
		var n int64
		for _, f := range zr.File {
			n += int64(f.UncompressedSize64)
		}
		return n, nil
	case strings.HasSuffix(file, ".tar.gz"):
		f, err := os.Open(file)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		gz, err := gzip.NewReader(f)
		if err != nil {
			return 0, err
		}
		tr := tar.NewReader(gz)
		var n int64
		for {
			h, err := tr.Next()
			if err == io.EOF {
				return n, nil
			}
			if err != nil {
				return 0, err
			}
			n += h.Size
		}
	}
	fi, err := os.Stat(file)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}
