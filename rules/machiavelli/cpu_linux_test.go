package machiavelli

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the processor time the calling thread has used (CLOCK_THREAD_CPUTIME_ID,
// in nanoseconds; getrusage's thread times move in scheduler ticks).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
