// Package buildinfo holds the version stamped into a release build.
package buildinfo

// Version is set at link time by the release build:
//
//	go build -ldflags "-X principe/internal/buildinfo.Version=$(git describe --tags --always --dirty)"
//
// A plain `go run` shows "dev".
var Version = "dev"
