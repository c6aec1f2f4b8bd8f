package runtime

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// strict are the warning options every runtime source must pass.
var strict = []string{"-Wall", "-Wextra", "-Werror", "-pedantic"}

func TestBackendLists(t *testing.T) {
	listed := map[string]bool{}
	for _, b := range Backends {
		if b.Define != "ACCRT_BACKEND_"+strings.ToUpper(b.Name) {
			t.Errorf("backend %s: Define = %s", b.Name, b.Define)
		}
		for _, src := range append(slices.Clone(b.CSources), b.CUDASources...) {
			if _, err := fs.Stat(Files, src); err != nil {
				t.Errorf("backend %s lists %s: %v", b.Name, src, err)
			}
			listed[src] = true
		}
	}
	srcs, _ := fs.Glob(Files, "src/*.c*")
	for _, src := range srcs {
		if !listed[src] {
			t.Errorf("%s is in no backend", src)
		}
	}
	for target, want := range map[string]string{"gpu": "cuda", "emulate": "emulate", "host": "shared", "multicore": "shared"} {
		if b, ok := ForTarget(target); !ok || b.Name != want {
			t.Errorf("ForTarget(%q) = %q, %v; want %q", target, b.Name, ok, want)
		}
	}
	if _, ok := ForTarget("tesla"); ok {
		t.Errorf("ForTarget(tesla) found a backend")
	}
	if h := Hash(); !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(h) || h != Hash() {
		t.Errorf("Hash() = %q, not a stable SHA-256", h)
	}
}

// writeFiles writes the embedded sources under dir.
func writeFiles(t *testing.T, dir string) {
	t.Helper()
	err := fs.WalkDir(Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(path))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o777)
		}
		data, err := Files.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o666)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// command runs name args in dir and fails the test on an error.
func command(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// buildCPU compiles backend b from the embedded sources with the strict
// warnings and returns the include directory and the objects.
func buildCPU(t *testing.T, cc string, b Backend) (include string, objs []string) {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir)
	include = filepath.Join(dir, IncludeDir)
	for _, src := range b.CSources {
		obj := filepath.Join(dir, strings.TrimSuffix(filepath.Base(src), ".c")+".o")
		args := append(append(b.CFlags(include), strict...), "-c", "-o", obj, filepath.FromSlash(src))
		command(t, dir, cc, args...)
		objs = append(objs, obj)
	}
	return include, objs
}

type result struct {
	stdout, stderr string
	code           int
}

// runC builds testdata/name.c against the runtime and runs it with args
// and extra environment.
func runC(t *testing.T, cc string, b Backend, include string, objs []string, name string, env []string, args ...string) result {
	t.Helper()
	exe := filepath.Join(t.TempDir(), name)
	src, err := filepath.Abs(filepath.Join("testdata", name+".c"))
	if err != nil {
		t.Fatal(err)
	}
	cargs := append(append([]string{"-std=c99", "-O1", "-D" + b.Define, "-I" + include}, strict...), "-o", exe, src)
	cargs = append(append(cargs, objs...), b.Libs...)
	command(t, ".", cc, cargs...)
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	r := result{stdout.String(), stderr.String(), 0}
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s: %v", name, err)
	}
	return r
}

// The CPU backends run the C test programs: each prints "ok" or its
// failed checks.
func TestCPUBackends(t *testing.T) {
	cc := acctest.NeedCC(t)
	for _, name := range []string{"emulate", "shared"} {
		t.Run(name, func(t *testing.T) {
			b, _ := ForTarget(map[string]string{"emulate": "emulate", "shared": "host"}[name])
			include, objs := buildCPU(t, cc, b)
			for _, prog := range []string{"refcount", "emulate", "intervals", "attach"} {
				t.Run(prog, func(t *testing.T) {
					r := runC(t, cc, b, include, objs, prog, nil)
					if r.code != 0 || r.stdout != "ok\n" {
						t.Errorf("%s: exit %d\nstdout:\n%s\nstderr:\n%s", prog, r.code, r.stdout, r.stderr)
					}
				})
			}
			t.Run("errors", func(t *testing.T) { testErrors(t, cc, b, include, objs) })
			t.Run("profile", func(t *testing.T) { testProfile(t, cc, b, include, objs) })
		})
	}
}

// testErrors runs the scenarios of testdata/errors.c: each must exit 1
// with an NVHPC-style message naming the variable, its range and the site.
func testErrors(t *testing.T, cc string, b Backend, include string, objs []string) {
	const site = ` file:test.c function:main line:42`
	const partial = `FATAL ERROR: variable in data clause is partially present on device 1: `
	tests := []struct{ scenario, want string }{
		{"present", partial + `name=a host:0x[0-9a-f]+-0x[0-9a-f]+ \(800 bytes\) overlaps present name=a \+ 10 host:0x[0-9a-f]+-0x[0-9a-f]+ \(400 bytes\)` + site},
		{"absent", `FATAL ERROR: data in PRESENT clause was not found on device 1: name=b host:0x[0-9a-f]+` + site},
		{"partial", partial + `name=a \+ 40 host:\S+ \(320 bytes\) overlaps present name=a \+ 10 host:\S+ \(400 bytes\)` + site},
		{"partial_before", partial + `name=a \+ 40 host:\S+ \(88 bytes\) overlaps present name=a \+ 10 ` + `host:\S+ \(400 bytes\)` + site},
		{"update", `FATAL ERROR: data in update self clause was not found on device 1: name=b host:0x[0-9a-f]+` + site},
		{"update_partial", partial + `name=a host:\S+ \(160 bytes\) overlaps present name=a \+ 10 host:\S+ \(400 bytes\)` + site},
		{"deviceptr", `FATAL ERROR: data in PRESENT clause was not found on device 1: name=b host:0x[0-9a-f]+` + site},
		{"attach", `FATAL ERROR: data in ATTACH clause was not found on device 1: name=&st.p host:0x[0-9a-f]+` + site},
	}
	for _, tt := range tests {
		r := runC(t, cc, b, include, objs, "errors", nil, tt.scenario)
		if r.code != 1 || !regexp.MustCompile(`^`+tt.want+`\n$`).MatchString(r.stderr) {
			t.Errorf("errors %s: exit %d, stderr:\n%s\nwant exit 1 and stderr matching\n%s", tt.scenario, r.code, r.stderr, tt.want)
		}
	}
}

// testProfile checks the NV_ACC_TIME summary, the NV_ACC_NOTIFY trace and
// the present-table dump.
func testProfile(t *testing.T, cc string, b Backend, include string, objs []string) {
	r := runC(t, cc, b, include, objs, "refcount", []string{"NV_ACC_TIME=1", "NV_ACC_NOTIFY=1", "ACCC_PRESENT_DUMP=1"})
	if r.code != 0 || r.stdout != "ok\n" {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	want := []string{
		"\nAccelerator Kernel Timing data (accc, " + b.Name + " backend)\ntest.c\n  dynamic\n    20: region reached 13 times\n",
		"  scratch\n        50: kernel launched 1 time\n            time(us): total=",
		"launch host kernel  file=test.c function=scratch line=50 device=0 kernel=scratch_50 num_gangs=1 num_workers=1 vector_length=1\n",
		"accrt present table (" + b.Name + ", 0 entries):\n",
	}
	if b.Name == "emulate" {
		want = append(want,
			"upload host data  file=test.c function=structured line=10 device=0 variable=a bytes=800\n",
			"download host data  file=test.c function=structured line=10 device=0 variable=a bytes=800\n",
			"    40: region reached 4 times\n        40: data copyin transfers: 1 bytes=400\n",
		)
	} else if strings.Contains(r.stderr, "upload") {
		t.Errorf("shared memory: transfers were reported:\n%s", r.stderr)
	}
	for _, w := range want {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
		}
	}
}

// nvcc compiles the CUDA backend and a test that instantiates every
// reduction helper, and cc the portable sources for the CUDA build.
func TestCUDACompiles(t *testing.T) {
	nvcc := acctest.NeedNVCC(t)
	cc := acctest.NeedCC(t)
	b, _ := ForTarget("gpu")
	dir := t.TempDir()
	writeFiles(t, dir)
	include := filepath.Join(dir, IncludeDir)
	reduce, err := filepath.Abs(filepath.Join("testdata", "reduce.cu"))
	if err != nil {
		t.Fatal(err)
	}
	hostWarn := "-Xcompiler=" + strings.Join(strict[:3], ",")
	t.Run("cuda.cu", func(t *testing.T) {
		t.Parallel()
		args := append(b.NVCCFlags(include, "sm_90"), hostWarn, "-c", "-o", filepath.Join(dir, "cuda.o"), filepath.Join(dir, "src", "cuda.cu"))
		command(t, dir, nvcc, args...)
	})
	t.Run("reduce.cu", func(t *testing.T) {
		t.Parallel()
		args := append(b.NVCCFlags(include, "sm_90"), hostWarn, "-c", "-o", filepath.Join(dir, "reduce.o"), reduce)
		command(t, dir, nvcc, args...)
	})
	t.Run("portable", func(t *testing.T) {
		t.Parallel()
		for _, src := range b.CSources {
			obj := filepath.Join(dir, "cuda-"+strings.TrimSuffix(filepath.Base(src), ".c")+".o")
			command(t, dir, cc, append(append(b.CFlags(include), strict...), "-c", "-o", obj, filepath.FromSlash(src))...)
		}
	})
}

// On a GPU machine, the reduction helpers give the host's results.
func TestCUDAReductions(t *testing.T) {
	nvcc := acctest.NeedGPU(t)
	b, _ := ForTarget("gpu")
	dir := t.TempDir()
	writeFiles(t, dir)
	reduce, err := filepath.Abs(filepath.Join("testdata", "reduce.cu"))
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "reduce")
	command(t, dir, nvcc, append(b.NVCCFlags(filepath.Join(dir, IncludeDir), "sm_90"), "-o", exe, reduce)...)
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil || string(out) != "ok\n" {
		t.Errorf("reduce: %v\n%s", err, out)
	}
}
