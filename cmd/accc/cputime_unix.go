//go:build unix

package main

import (
	"syscall"
	"time"
)

// cpuTimes returns the user and system CPU time of this process and of
// the children it waited for.
func cpuTimes() (self, children time.Duration, ok bool) {
	var s, c syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &s) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &c) != nil {
		return 0, 0, false
	}
	sum := func(u syscall.Rusage) time.Duration {
		return time.Duration(u.Utime.Nano() + u.Stime.Nano())
	}
	return sum(s), sum(c), true
}
