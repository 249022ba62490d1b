package game

import (
	"os"
	"runtime/debug"
)

// appGCPercent is the garbage collector's target for the app: collect when the heap has
// grown by half since the last collection, not doubled (Go's default). The app's live heap
// is small (about 15 MB: fonts, glyph caches, vertex buffers) and it allocates little per
// frame, so collecting sooner costs little time and keeps several megabytes of garbage
// from ever becoming resident.
const appGCPercent = 50

// tuneMemory applies appGCPercent unless the player set GOGC themselves.
func tuneMemory() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(appGCPercent)
	}
}
