package acctest

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TimeoutScaleEnv names the environment variable that multiplies every
// time limit of the tests (Limit): a positive number, 1 when unset. A slow
// machine, a sanitizer or race build, or a machine shared with heavy work
// sets it (scripts/test.sh scales go test's -timeout by it too).
const TimeoutScaleEnv = "ACCC_TEST_TIMEOUT_SCALE"

// Limit returns the time limit d, chosen for an idle machine, scaled for
// this one: multiplied by $ACCC_TEST_TIMEOUT_SCALE and by the load, the
// 1-minute load average per CPU when it is above 1 (Linux's /proc/loadavg;
// elsewhere no load factor). A program that shares the CPUs with N times
// as much other work runs about N times longer, so its limit grows with
// it. A bad $ACCC_TEST_TIMEOUT_SCALE fails the test.
func Limit(t testing.TB, d time.Duration) time.Duration {
	t.Helper()
	scale, err := timeoutScale(os.Getenv(TimeoutScaleEnv))
	if err != nil {
		t.Fatal(err)
	}
	return time.Duration(float64(d) * scale * loadFactor(readLoadavg(), runtime.NumCPU()))
}

// timeoutScale parses $ACCC_TEST_TIMEOUT_SCALE.
func timeoutScale(v string) (float64, error) {
	if v == "" {
		return 1, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || !(f > 0) || f > 1000 {
		return 0, fmt.Errorf("bad $%s=%q: want a positive number such as 2 or 0.5", TimeoutScaleEnv, v)
	}
	return f, nil
}

// readLoadavg returns the contents of /proc/loadavg, or "" where there is
// none.
func readLoadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	return string(b)
}

// loadFactor returns the 1-minute load average of loadavg (the text of
// /proc/loadavg: "0.52 0.58 0.59 2/341 12345") per CPU, at least 1; 1 when
// loadavg cannot be read.
func loadFactor(loadavg string, cpus int) float64 {
	f := strings.Fields(loadavg)
	if len(f) == 0 || cpus < 1 {
		return 1
	}
	load, err := strconv.ParseFloat(f[0], 64)
	if err != nil || !(load > float64(cpus)) {
		return 1
	}
	return load / float64(cpus)
}

// OpenMPEnv returns the OpenMP settings, as NAME=VALUE, that the programs
// tests build for -acc=multicore should run with where the test's
// environment does not set them (getenv):
//
//   - OMP_WAIT_POLICY=passive: a thread waiting at the end of a parallel
//     region sleeps instead of spinning. OpenMP runtimes spin by default
//     (libgomp for 300,000 iterations, LLVM's libomp for 200 ms), which
//     is cheap on an idle machine and ruinous on a busy one: a spinning
//     thread burns the time slice its partner needs to reach the barrier,
//     and a program of many short parallel regions (Game of Life, Jacobi)
//     runs several times slower than with passive waiting.
//   - OMP_NUM_THREADS: the CPUs, between 2 and 4. At least two, so that
//     every multicore test really shares its loops between threads; at
//     most four, so that tests running side by side on a large machine do
//     not each start a thread per core.
//
// A run program's own "// env:" lines override them.
func OpenMPEnv(getenv func(string) string, cpus int) []string {
	var env []string
	if getenv("OMP_WAIT_POLICY") == "" {
		env = append(env, "OMP_WAIT_POLICY=passive")
	}
	if getenv("OMP_NUM_THREADS") == "" {
		env = append(env, fmt.Sprintf("OMP_NUM_THREADS=%d", min(max(cpus, 2), 4)))
	}
	return env
}

// setOpenMPEnv sets OpenMPEnv's settings in the test process's
// environment, which every program a test starts inherits.
func setOpenMPEnv() {
	for _, kv := range OpenMPEnv(os.Getenv, runtime.NumCPU()) {
		name, value, _ := strings.Cut(kv, "=")
		os.Setenv(name, value)
	}
}
