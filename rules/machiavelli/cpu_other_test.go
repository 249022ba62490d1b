//go:build !linux

package machiavelli

import "time"

// threadCPU is the wall clock where a thread's processor time is not at hand.
func threadCPU() time.Duration { return time.Duration(time.Now().UnixNano()) }
