package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/tc-hib/winres"
	"github.com/tc-hib/winres/version"
)

// windows builds Principe.exe — a GUI-subsystem program (no console window) carrying the icon,
// version information and a per-monitor DPI-aware manifest — and zips it.
//
// The resources go into a .syso object, which the Go linker only picks up from the main package's
// own folder. So that nothing is ever written into cmd/principe (a leftover .syso there would be
// committed by accident, and a concurrent build would link it), the package is copied into a
// private folder tools/release/_winbuild-*, the .syso is added to the copy, the copy is built and
// then removed. Folders starting with "_" are invisible to ./... patterns.
func (r *release) windows(arch string) ([]string, error) {
	syso, err := r.windowsResources(arch)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp(filepath.Join(r.root, "tools", "release"), "_winbuild-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	if err := copyPackage(filepath.Join(r.root, r.pkg), work); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(work, "rsrc_windows_"+arch+".syso"), syso, 0o644); err != nil {
		return nil, err
	}
	exe := filepath.Join(work, appName+".exe")
	rel, err := filepath.Rel(r.root, work)
	if err != nil {
		return nil, err
	}
	if err := r.goBuild("windows", arch, exe, "./"+filepath.ToSlash(rel), "-H=windowsgui"); err != nil {
		return nil, err
	}
	if r.signCert != "" {
		if err := r.signWindows(exe); err != nil {
			return nil, err
		}
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		return nil, err
	}
	zipPath := filepath.Join(r.out, r.artifactName("windows-"+arch)+".zip")
	return []string{zipPath}, writeZip(zipPath, []entry{{Name: appName + ".exe", Data: data, Mode: 0o755}}, r.stamp)
}

// windowsResources compiles the icon (assets/icon/Principe.ico), the version information and the
// manifest into a COFF object for the linker.
func (r *release) windowsResources(arch string) ([]byte, error) {
	icoFile, err := os.Open(filepath.Join(r.root, "assets", "icon", "Principe.ico"))
	if err != nil {
		return nil, err
	}
	defer icoFile.Close()
	ico, err := winres.LoadICO(icoFile)
	if err != nil {
		return nil, fmt.Errorf("reading assets/icon/Principe.ico: %w", err)
	}
	rs := winres.ResourceSet{}
	if err := rs.SetIcon(winres.ID(1), ico); err != nil {
		return nil, err
	}
	rs.SetManifest(winres.AppManifest{
		Description:   appName,
		Compatibility: winres.Win10AndAbove,
		DPIAwareness:  winres.DPIPerMonitorV2,
		LongPathAware: true,
	})
	rs.SetVersionInfo(r.versionInfo())
	var buf bytes.Buffer
	goarch := map[string]winres.Arch{"amd64": winres.ArchAMD64, "arm64": winres.ArchARM64, "386": winres.ArchI386}[arch]
	if goarch == "" {
		return nil, fmt.Errorf("no Windows resources for %s", arch)
	}
	if err := rs.WriteObject(&buf, goarch); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// versionInfo is what Explorer shows in the file's Details tab.
func (r *release) versionInfo() version.Info {
	var vi version.Info
	n := r.numeric
	vi.FileVersion = [4]uint16{uint16(n[0]), uint16(n[1]), uint16(n[2]), 0}
	vi.ProductVersion = vi.FileVersion
	const english = version.LangDefault
	for key, value := range map[string]string{
		version.ProductName:      appName,
		version.FileDescription:  appName,
		version.ProductVersion:   r.version,
		version.FileVersion:      r.version,
		version.OriginalFilename: appName + ".exe",
		version.InternalName:     binaryName,
		version.LegalCopyright:   copyright,
		version.CompanyName:      "The Principe authors",
		version.Comments:         "Four games of Renaissance intrigue: Niccolò, Machiavelli, Intrigo and Makiavelia",
	} {
		if err := vi.Set(english, key, value); err != nil {
			panic(err) // the keys are the library's own constants
		}
	}
	return vi
}

// copyPackage copies a package folder (its sources and anything they embed) without tests and
// without .syso objects.
func copyPackage(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		name := d.Name()
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, ".syso") || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// signWindows Authenticode-signs an executable in place with osslsigncode (SHA-256, no timestamp
// server, so it needs no network).
func (r *release) signWindows(exe string) error {
	tool, err := exec.LookPath("osslsigncode")
	if err != nil {
		return fmt.Errorf("signing Principe.exe needs osslsigncode (Debian package osslsigncode): %w", err)
	}
	signed := exe + ".signed"
	cmd := exec.Command(tool, "sign", "-certs", r.signCert, "-key", r.signKey, "-n", appName, "-h", "sha256",
		"-in", exe, "-out", signed)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("osslsigncode sign: %v\n%s", err, out)
	}
	return os.Rename(signed, exe)
}
