package main

import (
	"bytes"
	"debug/macho"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"

	"principe/assets/icon/art"
)

// parsePlist decodes an XML property list whose top level is a dict of strings, booleans and
// arrays of strings — all Info.plist uses.
func parsePlist(data []byte) (map[string]any, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	// Walk to <plist><dict>.
	var path []string
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, fmt.Errorf("no <plist><dict>: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			path = append(path, se.Name.Local)
			if strings.Join(path, "/") == "plist/dict" {
				break
			}
			if se.Name.Local != "plist" {
				return nil, fmt.Errorf("unexpected <%s> before the top dict", se.Name.Local)
			}
		}
	}
	dict := map[string]any{}
	key := ""
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, fmt.Errorf("unterminated dict: %w", err)
		}
		switch tok := tok.(type) {
		case xml.EndElement: // </dict>
			if _, err := d.Token(); err != nil && err != io.EOF {
				return nil, err
			}
			return dict, nil
		case xml.StartElement:
			var value any
			switch tok.Name.Local {
			case "key", "string":
				var s string
				if err := d.DecodeElement(&s, &tok); err != nil {
					return nil, err
				}
				if tok.Name.Local == "key" {
					if key != "" {
						return nil, fmt.Errorf("key %q has no value", key)
					}
					key = s
					continue
				}
				value = s
			case "true", "false":
				if err := d.Skip(); err != nil {
					return nil, err
				}
				value = tok.Name.Local == "true"
			case "array":
				var arr struct {
					Strings []string `xml:"string"`
				}
				if err := d.DecodeElement(&arr, &tok); err != nil {
					return nil, err
				}
				value = arr.Strings
			default:
				return nil, fmt.Errorf("unexpected <%s> in dict", tok.Name.Local)
			}
			if key == "" {
				return nil, fmt.Errorf("a <%s> value has no key", tok.Name.Local)
			}
			if _, dup := dict[key]; dup {
				return nil, fmt.Errorf("key %q appears twice", key)
			}
			dict[key] = value
			key = ""
		}
	}
}

func TestParsePlistRefusesBrokenFiles(t *testing.T) {
	for _, bad := range []string{
		`<plist><dict><key>A</key><str`,
		`<plist><dict><key>A</key><key>B</key><string>b</string></dict></plist>`,
		`<plist><dict><string>no key</string></dict></plist>`,
		`<plist><dict><key>A</key><string>a</string><key>A</key><true/></dict></plist>`,
		`<plist><dict><key>A</key><string>a & b</string></dict></plist>`,
	} {
		if _, err := parsePlist([]byte(bad)); err == nil {
			t.Errorf("parsePlist(%q) succeeded", bad)
		}
	}
	good, err := parsePlist([]byte(`<?xml version="1.0"?><plist version="1.0"><dict><key>A</key><string>a &amp; b</string>` +
		`<key>B</key><true/><key>C</key><array><string>x</string></array></dict></plist>`))
	if err != nil || good["A"] != "a & b" || good["B"] != true || len(good["C"].([]string)) != 1 {
		t.Errorf("parsePlist = %v, %v", good, err)
	}
}

// Each Principe.app bundle has an Info.plist that parses and names the executable inside
// Contents/MacOS, the icon inside Contents/Resources, the version, the games category and
// high-resolution support.
func TestMacOSBundles(t *testing.T) {
	res := built(t)
	for _, arch := range []string{"arm64", "amd64"} {
		t.Run(arch, func(t *testing.T) {
			var zipPath string
			for _, a := range res.Artifacts {
				if a.Target == "darwin/"+arch {
					zipPath = a.Path
				}
			}
			if zipPath == "" {
				t.Skipf("darwin/%s is not among the test build's targets (PRINCIPE_RELEASE_ALL=1 builds it)", arch)
			}
			files := zipFiles(t, zipPath)
			contents := appName + ".app/Contents/"
			plistFile, ok := files[contents+"Info.plist"]
			if !ok {
				t.Fatalf("no %sInfo.plist", contents)
			}
			plist, err := parsePlist(plistFile.Data)
			if err != nil {
				t.Fatalf("Info.plist does not parse: %v\n%s", err, plistFile.Data)
			}
			for key, want := range map[string]any{
				"CFBundleIdentifier":         appID,
				"CFBundlePackageType":        "APPL",
				"CFBundleShortVersionString": "1.2.3",
				"CFBundleVersion":            "1.2.3",
				"NSHighResolutionCapable":    true,
				"LSApplicationCategoryType":  "public.app-category.board-games",
				"CFBundleName":               appName,
			} {
				if plist[key] != want {
					t.Errorf("Info.plist %s = %v, want %v", key, plist[key], want)
				}
			}
			exeName, _ := plist["CFBundleExecutable"].(string)
			exe, ok := files[contents+"MacOS/"+exeName]
			if exeName == "" || !ok {
				t.Fatalf("CFBundleExecutable %q names no file in Contents/MacOS", exeName)
			}
			if exe.Mode.Perm()&0o111 == 0 {
				t.Errorf("Contents/MacOS/%s is not executable (mode %v)", exeName, exe.Mode)
			}
			m, err := macho.NewFile(bytes.NewReader(exe.Data))
			if err != nil {
				t.Fatalf("Contents/MacOS/%s is not a Mach-O program: %v", exeName, err)
			}
			wantCPU := map[string]macho.Cpu{"arm64": macho.CpuArm64, "amd64": macho.CpuAmd64}[arch]
			if m.Cpu != wantCPU || m.Type != macho.TypeExec {
				t.Errorf("program is %v %v, want an executable for %v", m.Cpu, m.Type, wantCPU)
			}
			if !bytes.Contains(exe.Data, []byte(testVersion)) {
				t.Error("the version is not stamped into the program")
			}
			// Apple silicon runs only signed code: the Go linker signs darwin/arm64 programs ad hoc.
			const lcCodeSignature = 0x1d
			signed := false
			for _, l := range m.Loads {
				if raw := l.Raw(); len(raw) >= 4 && m.ByteOrder.Uint32(raw) == lcCodeSignature {
					signed = true
				}
			}
			if arch == "arm64" && !signed {
				t.Error("the arm64 program carries no code signature; macOS would refuse to run it")
			}
			iconName, _ := plist["CFBundleIconFile"].(string)
			icns, ok := files[contents+"Resources/"+iconName]
			if iconName == "" || !ok {
				t.Fatalf("CFBundleIconFile %q names no file in Contents/Resources", iconName)
			}
			elements, err := art.DecodeICNS(icns.Data)
			if err != nil || len(elements) != len(art.ICNSEntries) {
				t.Errorf("the .icns holds %d elements (%v), want %d", len(elements), err, len(art.ICNSEntries))
			}
			if string(files[contents+"PkgInfo"].Data) != "APPL????" {
				t.Error("PkgInfo is missing or wrong")
			}
		})
	}
}
