package acctest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// LocalNVCC is where `make cuda` installs nvcc (NVIDIA's nvidia-cuda-nvcc
// wheel from PyPI), relative to the repository root.
const LocalNVCC = ".cache/cuda/nvidia/cu13/bin/nvcc"

// InCI reports whether the tests run in CI (env CI=true). There, a missing
// tool fails the test instead of skipping it.
func InCI() bool {
	ci, _ := strconv.ParseBool(os.Getenv("CI"))
	return ci
}

// missingTool skips t, or fails it in CI.
func missingTool(t testing.TB, msg string) {
	t.Helper()
	if InCI() {
		t.Fatalf("%s (CI=true: tests must not skip for a missing tool)", msg)
	}
	t.Skip(msg)
}

// RepoRoot returns the repository root: the nearest directory above the
// working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// NeedCC returns the path of the host C compiler: the first word of $CC
// if set, else cc, gcc or clang from PATH. Without one, the test is
// skipped, or fails in CI.
func NeedCC(t testing.TB) string {
	t.Helper()
	if cc := strings.Fields(os.Getenv("CC")); len(cc) > 0 {
		p, err := exec.LookPath(cc[0])
		if err != nil {
			missingTool(t, fmt.Sprintf("C compiler $CC=%q not found: %v", os.Getenv("CC"), err))
		}
		return p
	}
	for _, name := range []string{"cc", "gcc", "clang"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missingTool(t, "no C compiler (cc, gcc or clang) on PATH and $CC not set")
	return ""
}

// NeedNVCC returns the path of nvcc, looking in order at $ACCC_NVCC, PATH,
// $CUDA_HOME/bin, $CUDA_PATH/bin and the project-local install
// <repo>/.cache/cuda/nvidia/cu13/bin/nvcc. Without one, the test is
// skipped, or fails in CI. $ACCC_NVCC naming no executable always fails.
func NeedNVCC(t testing.TB) string {
	t.Helper()
	root, _ := repoRoot()
	p, tried, err := findNVCC(os.Getenv, exec.LookPath, root)
	if err != nil {
		t.Fatal(err)
	}
	if p == "" {
		missingTool(t, fmt.Sprintf("nvcc not found (looked at %s); `make cuda` installs it into %s",
			strings.Join(tried, ", "), LocalNVCC))
	}
	return p
}

// MPI is an MPI installation's compiler wrapper and launcher.
type MPI struct {
	CC, Run string // absolute paths of mpicc and mpirun
	OpenMPI bool   // mpirun is Open MPI's (takes --oversubscribe, --allow-run-as-root)
}

// NeedMPI returns mpicc and mpirun from PATH. Without them, the test is
// skipped (scripts/install-mpi.sh installs Open MPI; `make test` runs it),
// or fails in CI.
func NeedMPI(t testing.TB) MPI {
	t.Helper()
	var m MPI
	var err error
	if m.CC, err = exec.LookPath("mpicc"); err != nil {
		missingTool(t, "mpicc not found: scripts/install-mpi.sh installs Open MPI (openmpi-bin, libopenmpi-dev)")
	}
	if m.Run, err = exec.LookPath("mpirun"); err != nil {
		missingTool(t, "mpirun not found: scripts/install-mpi.sh installs Open MPI (openmpi-bin, libopenmpi-dev)")
	}
	out, _ := exec.Command(m.Run, "--version").CombinedOutput()
	m.OpenMPI = strings.Contains(string(out), "Open MPI")
	return m
}

// findNVCC is NeedNVCC's search, with the environment and the repository
// root as parameters. It returns the path found, or "" and the places it
// looked; an error only for a $ACCC_NVCC that is not an executable.
func findNVCC(getenv func(string) string, lookPath func(string) (string, error), root string) (path string, tried []string, err error) {
	if p := getenv("ACCC_NVCC"); p != "" {
		if !isExecutable(p) {
			return "", nil, fmt.Errorf("$ACCC_NVCC=%s is not an executable file", p)
		}
		return p, nil, nil
	}
	tried = append(tried, "PATH")
	if p, err := lookPath("nvcc"); err == nil {
		return p, nil, nil
	}
	var cands []string
	for _, env := range []string{"CUDA_HOME", "CUDA_PATH"} {
		if dir := getenv(env); dir != "" {
			cands = append(cands, filepath.Join(dir, "bin", "nvcc"))
		} else {
			tried = append(tried, "$"+env+" (unset)")
		}
	}
	if root != "" {
		cands = append(cands, filepath.Join(root, filepath.FromSlash(LocalNVCC)))
	}
	for _, c := range cands {
		if isExecutable(c) {
			return c, nil, nil
		}
		tried = append(tried, c)
	}
	return "", tried, nil
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode()&0o111 != 0)
}

// NeedGPU returns the path of nvcc if a GPU can run the tests: env
// ACCC_TEST_GPU=1 says so, ACCC_TEST_GPU=0 says not, and otherwise
// `nvidia-smi -L` must list one. Without a GPU the test is skipped, in CI
// too (CI has none); with one, nvcc is required as NeedNVCC does.
func NeedGPU(t testing.TB) string {
	t.Helper()
	if v := os.Getenv("ACCC_TEST_GPU"); v != "" {
		on, err := strconv.ParseBool(v)
		if err != nil {
			t.Fatalf("bad $ACCC_TEST_GPU=%q: want 1 or 0", v)
		}
		if !on {
			t.Skip("no GPU tests: ACCC_TEST_GPU=0")
		}
	} else if gpus := visibleGPUs(); gpus == 0 {
		t.Skip("no GPU: `nvidia-smi -L` lists none (set ACCC_TEST_GPU=1 to insist)")
	}
	return NeedNVCC(t)
}

var gpuProbe struct {
	once sync.Once
	n    int
}

// visibleGPUs returns how many GPUs `nvidia-smi -L` lists, 0 if it cannot
// run. It asks once per process.
func visibleGPUs() int {
	gpuProbe.once.Do(func() {
		smi, err := exec.LookPath("nvidia-smi")
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, smi, "-L").Output()
		if err != nil {
			return
		}
		gpuProbe.n = countGPUs(string(out))
	})
	return gpuProbe.n
}

// countGPUs counts the "GPU n: name (UUID: ...)" lines of nvidia-smi -L.
func countGPUs(out string) int {
	n := 0
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if strings.HasPrefix(strings.TrimSpace(sc.Text()), "GPU ") {
			n++
		}
	}
	return n
}

var acccBuild struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// Accc returns the path of an accc binary built from ./cmd/accc of this
// checkout. It is built once per test process, into a directory of its own
// under os.TempDir (use Main to remove it afterwards); a failed build fails
// every test that asks, with the compiler's output.
func Accc(t testing.TB) string {
	t.Helper()
	acccBuild.once.Do(func() {
		root, err := repoRoot()
		if err != nil {
			acccBuild.err = err
			return
		}
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("accc-test-%d", os.Getpid()))
		if err := os.MkdirAll(dir, 0o777); err != nil {
			acccBuild.err = err
			return
		}
		acccBuild.dir = dir
		exe := filepath.Join(dir, "accc")
		if runtime.GOOS == "windows" {
			exe += ".exe"
		}
		acccBuild.err = goBuild(root, "./cmd/accc", exe)
		acccBuild.path = exe
	})
	if acccBuild.err != nil {
		t.Fatalf("building accc: %v", acccBuild.err)
	}
	return acccBuild.path
}

// goBuild runs `go build -o out pkg` in dir.
func goBuild(dir, pkg, out string) error {
	gocmd, err := goTool()
	if err != nil {
		return err
	}
	cmd := exec.Command(gocmd, "build", "-o", out, pkg)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
	}
	return nil
}

// goTool finds the go command: $GOROOT/bin/go, else go on PATH.
func goTool() (string, error) {
	if root := os.Getenv("GOROOT"); root != "" {
		if p := filepath.Join(root, "bin", "go"); isExecutable(p) {
			return p, nil
		}
	}
	return exec.LookPath("go")
}

// Main runs the tests of m, with the OpenMP settings of OpenMPEnv in the
// environment of the programs they start, and then removes what Accc
// built. Use it from a TestMain: func TestMain(m *testing.M) { acctest.Main(m) }.
// The accc commands the tests run check their IR after each lowering pass
// (ACCC_VERIFY_IR=1, as --verify-ir), unless the environment says
// otherwise.
func Main(m *testing.M) {
	setOpenMPEnv()
	if _, ok := os.LookupEnv("ACCC_VERIFY_IR"); !ok {
		os.Setenv("ACCC_VERIFY_IR", "1")
	}
	code := m.Run()
	if acccBuild.dir != "" {
		os.RemoveAll(acccBuild.dir)
	}
	os.Exit(code)
}
