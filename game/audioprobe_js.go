//go:build js

package game

// AudioProbeFlag is accepted but meaningless in a browser, where Web Audio always exists.
const AudioProbeFlag = "-audio-probe"

// AudioProbeMain reports success: a browser always has Web Audio (it starts after the first click).
func AudioProbeMain() int { return 0 }

// defaultProbe is nil in a browser: no probe is needed.
func defaultProbe() func() error { return nil }
