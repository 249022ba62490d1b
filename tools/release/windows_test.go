package main

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"debug/pe"
	"encoding/binary"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tc-hib/winres"
	"github.com/tc-hib/winres/version"
)

// Windows resource types (winuser.h).
const (
	rtIcon      = 3
	rtGroupIcon = 14
	rtVersion   = 16
	rtManifest  = 24
)

// resources reads a PE file's resource tree: type ID → the data of every resource of that type.
func resources(t *testing.T, f *pe.File) map[uint32][][]byte {
	t.Helper()
	var rsrc *pe.Section
	for _, s := range f.Sections {
		if s.Name == ".rsrc" {
			rsrc = s
		}
	}
	if rsrc == nil {
		t.Fatal("the executable has no .rsrc section: no icon, version or manifest")
	}
	sec, err := rsrc.Data()
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	// readDir returns the (id, offset) pairs of one IMAGE_RESOURCE_DIRECTORY.
	type dirEntry struct{ id, offset uint32 }
	readDir := func(off uint32) []dirEntry {
		if int(off)+16 > len(sec) {
			t.Fatalf("resource directory at %#x is outside the section", off)
		}
		n := int(le.Uint16(sec[off+12:])) + int(le.Uint16(sec[off+14:]))
		var entries []dirEntry
		for i := range n {
			e := off + 16 + uint32(8*i)
			entries = append(entries, dirEntry{le.Uint32(sec[e:]), le.Uint32(sec[e+4:])})
		}
		return entries
	}
	const subdir = 0x80000000
	out := map[uint32][][]byte{}
	for _, typ := range readDir(0) {
		for _, name := range readDir(typ.offset &^ subdir) {
			for _, lang := range readDir(name.offset &^ subdir) {
				if lang.offset&subdir != 0 {
					t.Fatal("resource tree deeper than type/name/language")
				}
				rva, size := le.Uint32(sec[lang.offset:]), le.Uint32(sec[lang.offset+4:])
				start := rva - rsrc.VirtualAddress
				if int(start)+int(size) > len(sec) {
					t.Fatalf("resource data at RVA %#x (%d bytes) is outside .rsrc", rva, size)
				}
				out[typ.id] = append(out[typ.id], sec[start:start+size])
			}
		}
	}
	return out
}

// Principe.exe is a GUI program (no console window) with its icon, version information and a
// DPI-aware manifest, and shows the stamped version.
func TestWindowsExecutable(t *testing.T) {
	res := built(t)
	files := zipFiles(t, artifactFor(t, res, "windows-amd64.zip"))
	exe, ok := files[appName+".exe"]
	if !ok || len(files) != 1 {
		t.Fatalf("the zip should hold just %s.exe; it holds %d files", appName, len(files))
	}
	f, err := pe.NewFile(bytes.NewReader(exe.Data))
	if err != nil {
		t.Fatalf("Principe.exe is not a PE file: %v", err)
	}
	defer f.Close()
	if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 {
		t.Errorf("machine = %#x, want amd64", f.Machine)
	}
	oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	if !ok {
		t.Fatalf("optional header is %T, want PE32+", f.OptionalHeader)
	}
	if oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
		t.Errorf("subsystem = %d, want %d (GUI: no console window)", oh.Subsystem, pe.IMAGE_SUBSYSTEM_WINDOWS_GUI)
	}

	rs := resources(t, f)
	groups := rs[rtGroupIcon]
	if len(groups) != 1 {
		t.Fatalf("%d icon groups, want 1", len(groups))
	}
	// GRPICONDIR: reserved, type 1, count, then 14-byte entries.
	g := groups[0]
	if len(g) < 6 || binary.LittleEndian.Uint16(g[2:]) != 1 {
		t.Fatal("the icon group is malformed")
	}
	count := int(binary.LittleEndian.Uint16(g[4:]))
	if count != 8 || len(rs[rtIcon]) != count {
		t.Errorf("icon group lists %d images and there are %d icons, want 8 of each (16…256 px)", count, len(rs[rtIcon]))
	}
	for _, img := range rs[rtIcon] {
		if !bytes.HasPrefix(img, []byte("\x89PNG")) {
			t.Error("an icon image is not the PNG from assets/icon")
		}
	}

	if len(rs[rtVersion]) != 1 {
		t.Fatalf("%d version resources, want 1", len(rs[rtVersion]))
	}
	vi, err := version.FromBytes(rs[rtVersion][0])
	if err != nil {
		t.Fatalf("version resource: %v", err)
	}
	if vi.FileVersion != [4]uint16{1, 2, 3, 0} || vi.ProductVersion != [4]uint16{1, 2, 3, 0} {
		t.Errorf("fixed versions = %v / %v, want 1.2.3.0", vi.FileVersion, vi.ProductVersion)
	}
	// The strings, read back through the library's JSON form: {"info": {"0409": {key: value}}}.
	js, err := vi.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var decoded struct{ Info map[string]map[string]string }
	if err := json.Unmarshal(js, &decoded); err != nil {
		t.Fatal(err)
	}
	strs := decoded.Info["0409"]
	for key, want := range map[string]string{
		version.ProductName:      appName,
		version.ProductVersion:   testVersion,
		version.FileVersion:      testVersion,
		version.OriginalFilename: appName + ".exe",
	} {
		if strs[key] != want {
			t.Errorf("version info %s = %q, want %q (all: %s)", key, strs[key], want, js)
		}
	}

	if len(rs[rtManifest]) != 1 {
		t.Fatalf("%d manifests, want 1", len(rs[rtManifest]))
	}
	manifest, err := winres.AppManifestFromXML(rs[rtManifest][0])
	if err != nil {
		t.Fatalf("manifest: %v", err)
	}
	if manifest.DPIAwareness != winres.DPIPerMonitorV2 {
		t.Errorf("manifest DPI awareness = %v, want per-monitor v2:\n%s", manifest.DPIAwareness, rs[rtManifest][0])
	}
	if !bytes.Contains(exe.Data, []byte(testVersion)) {
		t.Error("the version is not stamped into principe/internal/buildinfo.Version")
	}
	t.Logf("Principe.exe: %d bytes, subsystem %d, %d icons, version %s", len(exe.Data), oh.Subsystem, count, strs[version.ProductVersion])
}

// writeThrowawayCert writes a self-signed code-signing certificate and its key as PEM files.
func writeThrowawayCert(t *testing.T, dir string) (certFile, keyFile string) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "Principe test signer"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	if err := os.WriteFile(certFile, certPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, keyPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

// With -sign-cert/-sign-key the release signs Principe.exe; checked here with a throw-away
// certificate on the built program (shipping unsigned is the default).
func TestWindowsSigning(t *testing.T) {
	tool, err := exec.LookPath("osslsigncode")
	if err != nil {
		t.Skip("osslsigncode is not installed (Debian package osslsigncode); signing is optional")
	}
	res := built(t)
	exe := zipFiles(t, artifactFor(t, res, "windows-amd64.zip"))[appName+".exe"]
	dir := t.TempDir()
	path := filepath.Join(dir, appName+".exe")
	if err := os.WriteFile(path, exe.Data, 0o755); err != nil {
		t.Fatal(err)
	}
	cert, key := writeThrowawayCert(t, dir)
	r := &release{signCert: cert, signKey: key}
	if err := r.signWindows(path); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "verify", "-CAfile", cert, "-in", path).CombinedOutput()
	if err != nil {
		t.Fatalf("osslsigncode verify: %v\n%s", err, out)
	}
	f, err := pe.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const securityDirectory = 4 // IMAGE_DIRECTORY_ENTRY_SECURITY: the Authenticode signature
	oh := f.OptionalHeader.(*pe.OptionalHeader64)
	if oh.DataDirectory[securityDirectory].Size == 0 {
		t.Error("the signed program has no signature directory")
	}
	if oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
		t.Error("signing changed the subsystem")
	}
}

func TestSigningNeedsCertAndKey(t *testing.T) {
	_, err := build(config{Out: t.TempDir(), Version: "v0", Targets: []string{"windows/amd64"}, SignCert: "cert.pem"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-sign-key") {
		t.Fatalf("err = %v, want a request for -sign-key", err)
	}
}
