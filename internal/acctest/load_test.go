package acctest

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestTimeoutScale(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want float64
		err  bool
	}{
		{"", 1, false},
		{"2", 2, false},
		{"0.5", 0.5, false},
		{"0", 0, true},
		{"-3", 0, true},
		{"NaN", 0, true},
		{"Inf", 0, true},
		{"two", 0, true},
	} {
		got, err := timeoutScale(tc.v)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("timeoutScale(%q) = %v, %v; want %v, error %v", tc.v, got, err, tc.want, tc.err)
		}
	}
}

func TestLoadFactor(t *testing.T) {
	for _, tc := range []struct {
		loadavg string
		cpus    int
		want    float64
	}{
		{"0.52 0.58 0.59 2/341 12345\n", 2, 1},
		{"2.00 1.00 1.00 2/341 12345\n", 2, 1},
		{"6.00 5.10 3.90 7/341 12345\n", 2, 3},
		{"6.00 5.10 3.90 7/341 12345\n", 16, 1},
		{"", 2, 1},
		{"garbage", 2, 1},
		{"6.00", 0, 1},
	} {
		if got := loadFactor(tc.loadavg, tc.cpus); got != tc.want {
			t.Errorf("loadFactor(%q, %d) = %v, want %v", tc.loadavg, tc.cpus, got, tc.want)
		}
	}
}

func TestOpenMPEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(name string) string {
			for _, s := range kv {
				if n, v, _ := strings.Cut(s, "="); n == name {
					return v
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		set  []string
		cpus int
		want []string
	}{
		{nil, 1, []string{"OMP_WAIT_POLICY=passive", "OMP_NUM_THREADS=2"}},
		{nil, 2, []string{"OMP_WAIT_POLICY=passive", "OMP_NUM_THREADS=2"}},
		{nil, 3, []string{"OMP_WAIT_POLICY=passive", "OMP_NUM_THREADS=3"}},
		{nil, 64, []string{"OMP_WAIT_POLICY=passive", "OMP_NUM_THREADS=4"}},
		{[]string{"OMP_WAIT_POLICY=active"}, 8, []string{"OMP_NUM_THREADS=4"}},
		{[]string{"OMP_NUM_THREADS=16"}, 8, []string{"OMP_WAIT_POLICY=passive"}},
		{[]string{"OMP_WAIT_POLICY=active", "OMP_NUM_THREADS=1"}, 8, nil},
	} {
		if got := OpenMPEnv(env(tc.set...), tc.cpus); !slices.Equal(got, tc.want) {
			t.Errorf("OpenMPEnv(%q, %d) = %q, want %q", tc.set, tc.cpus, got, tc.want)
		}
	}
}

// A run program runs with OpenMPEnv's settings, which its // env: lines
// override.
func TestRunProgramOpenMPEnv(t *testing.T) {
	cc := NeedCC(t)
	dir := t.TempDir()
	t.Setenv("OMP_WAIT_POLICY", "")
	t.Setenv("OMP_NUM_THREADS", "")
	const main = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
	printf("%s %s\n", getenv("OMP_WAIT_POLICY"), getenv("OMP_NUM_THREADS"));
	return 0;
}
`
	want := fmt.Sprintf("passive %d\n", min(max(runtime.NumCPU(), 2), 4))
	plain := program(t, dir, "plain", "// run\n"+main, &want)
	f := capture(t, func(tb testing.TB) { RunProgram(tb, plain, []string{cc}) })
	if len(f.errs) != 0 || f.skipped != "" {
		t.Errorf("plain: %q, skipped %q", f.errs, f.skipped)
	}
	own := program(t, dir, "own", "// run\n// env: OMP_WAIT_POLICY=active OMP_NUM_THREADS=7\n"+main, ptr("active 7\n"))
	f = capture(t, func(tb testing.TB) { RunProgram(tb, own, []string{cc}) })
	if len(f.errs) != 0 || f.skipped != "" {
		t.Errorf("own: %q, skipped %q", f.errs, f.skipped)
	}
}
