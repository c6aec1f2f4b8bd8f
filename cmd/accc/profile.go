package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// startProfile starts a Go CPU profile of this accc invocation when
// ACCC_CPUPROFILE names a file (`go tool pprof bin/accc FILE` reads it),
// as cmd/compile's -cpuprofile does; the returned function stops it and
// writes the file. A profile that cannot start is a warning, never a
// failure of the compilation.
func startProfile(stderr io.Writer) (stop func()) {
	path := os.Getenv("ACCC_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
		if err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "accc: warning: ACCC_CPUPROFILE: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(stderr, "accc: warning: ACCC_CPUPROFILE: %v\n", err)
		}
	}
}
