// Package bench_test checks the benchmark programs of bench/ on the CPU
// targets; scripts/bench.sh times them on a GPU (docs/performance.md).
package bench_test

import (
	"bufio"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestCheck runs scripts/bench.sh --check: every program of bench/programs
// with a small size, built by accc for multicore, emulate and host, must
// print the results of the same source built by plain cc (directives
// ignored), within the script's relative tolerance. The shared benchmark
// directory is left out, so the test sees only this repository's programs.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs 13 programs on three targets")
	}
	acctest.NeedCC(t)
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not found")
	}
	root := acctest.RepoRoot(t)
	targets := []string{"multicore", "emulate", "host"}
	limit := int(math.Ceil(acctest.Limit(t, 2*time.Minute).Seconds())) // of one run
	cmd := exec.Command(bash, filepath.Join(root, "scripts", "bench.sh"), "--check", "--no-gpu-build",
		"--targets", strings.Join(targets, " "), "--timeout", strconv.Itoa(limit),
		"--out", t.TempDir(), "--shared", filepath.Join(t.TempDir(), "none"))
	cmd.Env = append(os.Environ(), "ACCC="+acctest.Accc(t))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("bench.sh --check: %v\n%s", err, out)
	}
	rows := map[string][]string{} // program: its cells, one a target
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(strings.Trim(line, "| "), "|")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if len(f) > 1 {
			rows[f[0]] = f[1:]
		}
	}
	for _, name := range programs(t, root) {
		cells, ok := rows[name]
		if !ok {
			t.Errorf("%s: no result row in\n%s", name, out)
			continue
		}
		if len(cells) != len(targets) {
			t.Errorf("%s: results %q, want one for each of %v", name, cells, targets)
			continue
		}
		for i, c := range cells {
			if c != "pass" {
				t.Errorf("%s on %s: %s", name, targets[i], c)
			}
		}
	}
}

// programs lists the programs of bench/programs in this repository (not
// @shared/) that have a small size. It reads their sources, bench.h and
// scripts/bench.sh, so that go test's cache knows the test depends on them.
func programs(t *testing.T, root string) []string {
	f, err := os.Open(filepath.Join(root, "bench", "programs"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var names []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(strings.SplitN(sc.Text(), "#", 2)[0])
		if len(w) >= 6 && !strings.HasPrefix(w[1], "@") && w[5] != "-" {
			names = append(names, w[0])
			for _, src := range w[1:3] {
				if _, err := os.ReadFile(filepath.Join(root, "bench", src)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, f := range []string{"bench/bench.h", "scripts/bench.sh"} {
		if _, err := os.ReadFile(filepath.Join(root, f)); err != nil {
			t.Fatal(err)
		}
	}
	if len(names) < 13 {
		t.Fatalf("bench/programs lists %d programs of bench/, want at least 13", len(names))
	}
	return names
}
