package driver

import (
	"fmt"
	"os"
	"time"

	"github.com/accc-compiler/accc/lower"
)

// TimePassesEnv is the environment variable that, set to 1, prints for
// each C file the time accc's own phases took: the frontend (the
// preprocessor accc runs, cc/v4, the directives), each lowering pass
// summed over the constructs, and the rest of the lowering. Like
// ACCC_CPUPROFILE (a Go CPU profile, cmd/accc), it is for finding where
// accc's compile time goes (scripts/ctime.sh measures it).
const TimePassesEnv = "ACCC_TIME_PASSES"

// startTimes starts the phase table of file in when TimePassesEnv asks
// for it.
func (c *compilation) startTimes() {
	c.times = nil
	if os.Getenv(TimePassesEnv) == "1" {
		c.times = lower.NewPassTimes()
	}
}

// timePhase adds the time since start to the table as the phase name,
// minus what the passes it ran recorded themselves (before).
func (c *compilation) timePhase(name string, start time.Time, before time.Duration) {
	if c.times != nil {
		c.times.Add(name, time.Since(start)-(c.times.Sum()-before))
	}
}

// passTimesSum is the time the table holds so far.
func (c *compilation) passTimesSum() time.Duration {
	if c.times == nil {
		return 0
	}
	return c.times.Sum()
}

// writeTimes prints the table of file in to standard error.
func (c *compilation) writeTimes(in string) {
	if c.times != nil {
		fmt.Fprintf(c.stderr, "accc: time of %s (%s=1):\n", in, TimePassesEnv)
		c.times.Write(c.stderr)
	}
}
