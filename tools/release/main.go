// Command release builds Principe for players into dist/: double-click downloads for Windows, macOS
// and Linux, and a web build.
//
//	go run ./tools/release                 # every target, version from git describe
//	go run ./tools/release -targets linux/amd64,js/wasm -out /tmp/dist
//
// It writes, for version V (git describe --tags --always --dirty):
//
//	Principe-V-windows-amd64.zip   Principe.exe: GUI subsystem, icon, version info, DPI-aware manifest
//	Principe-V-macos-arm64.zip     Principe.app: Info.plist, Principe.icns, the binary in Contents/MacOS
//	Principe-V-macos-amd64.zip
//	Principe-V-linux-amd64.tar.gz  principe, the .desktop file, hicolor icons, install.sh (to ~/.local)
//	Principe-V-linux-arm64.tar.gz
//	Principe-V-web.zip, web/       index.html (loading bar), principe.wasm, wasm_exec.js, icons
//	SHA256SUMS
//
// Every build uses CGO_ENABLED=0, -trimpath and stamps principe/internal/buildinfo.Version.
// Principe.exe ships unsigned unless -sign-cert and -sign-key name a code-signing certificate.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("release: ")
	var cfg config
	var targets string
	flag.StringVar(&cfg.Out, "out", "", "output folder (default: dist at the module root)")
	flag.StringVar(&cfg.Version, "version", "", "version to stamp (default: git describe --tags --always --dirty)")
	flag.StringVar(&targets, "targets", strings.Join(allTargets, ","), "comma-separated GOOS/GOARCH pairs to build")
	flag.StringVar(&cfg.Package, "pkg", "./cmd/principe", "the app's main package, relative to the module root")
	flag.StringVar(&cfg.SignCert, "sign-cert", "", "PEM certificate (chain) to Authenticode-sign Principe.exe with osslsigncode (default: unsigned)")
	flag.StringVar(&cfg.SignKey, "sign-key", "", "PEM private key for -sign-cert")
	flag.Parse()
	cfg.Targets = strings.Split(targets, ",")

	res, err := build(cfg, os.Stderr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(res.table())
}
