package bench_test

import (
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

// TestGCCBundle builds the benchmarks with GCC 12's OpenACC through
// scripts/gcc-offload.sh, unpacks the bundle it writes as the GPU machine
// will, and checks that the bundle's programs load the libgomp it carries,
// that libgomp stops rather than falling back to the host when no NVIDIA
// device is there (run.sh's default ACC_DEVICE_TYPE=nvidia), and, through
// scripts/bench.sh --check --gcc-bin, that every program prints the results
// of the plain cc build on libgomp's host fallback. Skipped where gcc-12
// has no nvptx offload compiler (Debian's gcc-12-offload-nvptx).
func TestGCCBundle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the benchmarks with gcc-12's OpenACC")
	}
	acctest.NeedCC(t)
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not found")
	}
	root := acctest.RepoRoot(t)
	dir := t.TempDir()
	probe := filepath.Join(dir, "p.c")
	if err := os.WriteFile(probe, []byte("int main(void) {\n#pragma acc parallel\n;\nreturn 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("gcc-12", "-fopenacc", "-foffload=nvptx-none", probe, "-o", probe+".x").CombinedOutput(); err != nil {
		t.Skipf("gcc-12 builds no nvptx offloading here (gcc-12-offload-nvptx): %v\n%s", err, out)
	}
	names := programs(t, root)
	for _, f := range []string{"scripts/gcc-offload.sh", "scripts/gcc-bundle-run.sh"} {
		if _, err := os.ReadFile(filepath.Join(root, f)); err != nil {
			t.Fatal(err)
		}
	}

	build := filepath.Join(dir, "build")
	tarball := filepath.Join(dir, "gcc-bundle.tar.xz")
	cmd := exec.Command(bash, filepath.Join(root, "scripts", "gcc-offload.sh"), "--no-install",
		"--out", build, "--bundle", tarball, "--shared", filepath.Join(dir, "none"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc-offload.sh: %v\n%s", err, out)
	}
	unpacked := filepath.Join(dir, "unpacked")
	if err := os.Mkdir(unpacked, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("tar", "-C", unpacked, "-xJf", tarball).CombinedOutput(); err != nil {
		t.Fatalf("unpacking the bundle: %v\n%s", err, out)
	}
	b := filepath.Join(unpacked, "gcc-bundle")
	want := []string{"run.sh", "MANIFEST", "lib/libgomp.so.1", "lib/libgomp-plugin-nvptx.so.1", "bin/probe"}
	for _, n := range names {
		want = append(want, "bin/"+n)
	}
	for _, f := range want {
		if _, err := os.Stat(filepath.Join(b, f)); err != nil {
			t.Errorf("the bundle lacks %s: %v", f, err)
		}
	}
	runSh := filepath.Join(b, "run.sh")

	// The dynamic loader's trace (LD_DEBUG=libs) names the libgomp and the
	// plugin it initialises: the bundle's, not the system's.
	cmd = exec.Command(runSh, "probe")
	cmd.Env = append(os.Environ(), "LD_DEBUG=libs", "ACC_DEVICE_TYPE=host")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("ACC_DEVICE_TYPE=host run.sh probe: %v\n%s", err, out)
	}
	for _, lib := range []string{"libgomp.so.1", "libgomp-plugin-nvptx.so.1"} {
		if want := "calling init: " + filepath.Join(b, "lib", lib) + "\n"; !strings.Contains(string(out), want) {
			t.Errorf("the probe does not load the bundle's %s (want %q in the loader's trace):\n%s", lib, want, out)
		}
	}
	if !strings.Contains(string(out), "on_nvidia 0\n") {
		t.Errorf("the probe on the host fallback: want on_nvidia 0:\n%s", out)
	}

	// Without an NVIDIA device, the default ACC_DEVICE_TYPE=nvidia stops
	// the program instead of timing the host fallback.
	if exec.Command("nvidia-smi", "-L").Run() != nil {
		cmd = exec.Command(runSh, "probe")
		cmd.Env = withoutEnv(os.Environ(), "ACC_DEVICE_TYPE")
		if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "not supported") {
			t.Errorf("run.sh probe without a GPU: %v, want libgomp's \"device type nvidia not supported\":\n%s", err, out)
		}
	}

	limit := int(math.Ceil(acctest.Limit(t, 2*time.Minute).Seconds()))
	cmd = exec.Command(bash, filepath.Join(root, "scripts", "bench.sh"), "--check", "--no-gpu-build",
		"--targets", "host", "--gcc-bin", b, "--timeout", strconv.Itoa(limit),
		"--out", filepath.Join(dir, "check"), "--shared", filepath.Join(dir, "none"))
	cmd.Env = append(os.Environ(), "ACCC="+acctest.Accc(t))
	out, err = cmd.CombinedOutput()
	if err != nil {
		t.Errorf("bench.sh --check --gcc-bin: %v\n%s", err, out)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(strings.Trim(line, "| "), "|")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if len(f) > 1 {
			rows[f[0]] = f[1:]
		}
	}
	if h := rows["program"]; len(h) != 2 || h[1] != "gcc (host fallback)" {
		t.Fatalf("bench.sh --check --gcc-bin: header %q, want host and gcc (host fallback):\n%s", h, out)
	}
	for _, name := range names {
		if c := rows[name]; len(c) != 2 || c[1] != "pass" {
			t.Errorf("%s: %q, want GCC's build to pass on the host fallback", name, c)
		}
	}
}

// withoutEnv returns env without the variable name.
func withoutEnv(env []string, name string) []string {
	var r []string
	for _, e := range env {
		if !strings.HasPrefix(e, name+"=") {
			r = append(r, e)
		}
	}
	return r
}
