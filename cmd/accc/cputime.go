package main

import (
	"fmt"
	"io"
	"os"

	"github.com/accc-compiler/accc/internal/driver"
)

// writeCPUTimes ends what driver.TimePassesEnv prints with the CPU time
// of the whole invocation, split between accc itself and the tools it
// ran (the host compiler, nvcc), so that accc's own compile time can be
// told from theirs (scripts/ctime.sh reads the line).
func writeCPUTimes(stderr io.Writer) {
	if os.Getenv(driver.TimePassesEnv) != "1" {
		return
	}
	if self, children, ok := cpuTimes(); ok {
		fmt.Fprintf(stderr, "accc: CPU time: accc %.3fs, tools %.3fs\n", self.Seconds(), children.Seconds())
	}
}
