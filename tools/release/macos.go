package main

import (
	"os"
	"path/filepath"
)

// minimumMacOS is the oldest macOS the Go toolchain's programs run on (Go 1.25+: macOS 12).
const minimumMacOS = "12.0"

// plistData fills templates/Info.plist.
type plistData struct {
	Name, Executable, ID, IconFile, ShortVersion, Version, Copyright, MinimumSystem string
}

// macOS builds Principe.app for one architecture and zips it:
//
//	Principe.app/Contents/Info.plist
//	Principe.app/Contents/PkgInfo
//	Principe.app/Contents/MacOS/Principe
//	Principe.app/Contents/Resources/Principe.icns
//
// The Go linker signs darwin/arm64 programs ad hoc, which Apple silicon requires; the bundle is
// not notarised, so the first launch of a download needs right-click > Open (see the README).
func (r *release) macOS(arch string) ([]string, error) {
	tmp, err := os.MkdirTemp("", "principe-macos-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, appName)
	if err := r.goBuild("darwin", arch, bin, ""); err != nil {
		return nil, err
	}
	program, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	icns, err := os.ReadFile(filepath.Join(r.root, "assets", "icon", "Principe.icns"))
	if err != nil {
		return nil, err
	}
	plist, err := render("Info.plist", plistData{
		Name:          appName,
		Executable:    appName,
		ID:            appID,
		IconFile:      appName + ".icns",
		ShortVersion:  r.dotted(),
		Version:       r.version,
		Copyright:     copyright,
		MinimumSystem: minimumMacOS,
	})
	if err != nil {
		return nil, err
	}
	bundle := under(appName+".app/Contents", []entry{
		{Name: "Info.plist", Data: plist, Mode: 0o644},
		{Name: "PkgInfo", Data: []byte("APPL????"), Mode: 0o644},
		{Name: "MacOS/" + appName, Data: program, Mode: 0o755},
		{Name: "Resources/" + appName + ".icns", Data: icns, Mode: 0o644},
	})
	zipPath := filepath.Join(r.out, r.artifactName("macos-"+arch)+".zip")
	return []string{zipPath}, writeZip(zipPath, bundle, r.stamp)
}
