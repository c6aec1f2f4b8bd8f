package runtime

import (
	"bytes"
	"errors"
	"fmt"
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
			for _, prog := range []string{"refcount", "emulate", "intervals", "attach", "api", "profile_api"} {
				t.Run(prog, func(t *testing.T) {
					r := runC(t, cc, b, include, objs, prog, nil)
					if r.code != 0 || r.stdout != "ok\n" {
						t.Errorf("%s: exit %d\nstdout:\n%s\nstderr:\n%s", prog, r.code, r.stdout, r.stderr)
					}
				})
			}
			t.Run("errors", func(t *testing.T) { testErrors(t, cc, b, include, objs) })
			t.Run("api_errors", func(t *testing.T) { testAPIErrors(t, cc, b, include, objs) })
			t.Run("environment", func(t *testing.T) { testEnvironment(t, cc, b, include, objs) })
			t.Run("profile", func(t *testing.T) { testProfile(t, cc, b, include, objs) })
			t.Run("proflib", func(t *testing.T) { testProfLib(t, cc, b, include, objs) })
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

// testAPIErrors runs the scenarios of testdata/api_errors.c: misuse of the
// openacc.h routines exits 1 with a FATAL ERROR naming the routine, after
// an acc_ev_error callback when one is registered.
func testAPIErrors(t *testing.T, cc string, b Backend, include string, objs []string) {
	const addr = `0x[0-9a-f]+`
	site := func(fn string) string { return ` file:\? function:` + fn + ` line:0` }
	dev := map[string]string{"emulate": "not_host", "shared": "host"}[b.Name]
	badAsync := func(v, fn string) string {
		return `invalid async argument ` + v + `: a queue is a number >= 0, acc_async_noval \(-1\) or acc_async_sync \(-2\)` + site(fn)
	}
	partial := `variable in data clause is partially present on device 1: `
	tests := []struct {
		scenario, want string
		code           int // acc_error_t
	}{
		{"free_host", `acc_free of ` + addr + `, which acc_malloc did not return \(a host pointer, or freed already\)` + site("acc_free"), 13},
		{"free_twice", `acc_free of ` + addr + `, which acc_malloc did not return \(a host pointer, or freed already\)` + site("acc_free"), 13},
		{"free_present", `acc_free of ` + addr + `, a host address of present data name=acc_copyin host:` + addr + `-` + addr + `: acc_free only frees what acc_malloc returned` + site("acc_free"), 13},
		{"free_inside", `acc_free of ` + addr + `, inside the block at ` + addr + ` \(100 bytes\) that acc_malloc returned: free the start of the block` + site("acc_free"), 13},
		{"map_present", `acc_map_data of host:` + addr + `-` + addr + ` \(8 bytes\), which overlaps data already present: name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)` + site("acc_map_data"), 12},
		{"map_overlap", `acc_map_data of host:` + addr + `-` + addr + ` \(800 bytes\), which overlaps data already present: name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)` + site("acc_map_data"), 11},
		{"map_null", `acc_map_data of a null pointer: host:` + addr + ` device:\(nil\)` + site("acc_map_data"), 15},
		{"unmap_copyin", `acc_unmap_data of host:` + addr + `, which acc_map_data did not map: present data name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)` + site("acc_unmap_data"), 13},
		{"unmap_absent", `acc_unmap_data of host:` + addr + `, which is not present` + site("acc_unmap_data"), 10},
		{"wait", badAsync("-7", "acc_wait"), 14},
		{"wait_async", badAsync("-5", "acc_wait_async"), 14},
		{"async_test", badAsync("-3", "acc_async_test"), 14},
		{"copyin_async", badAsync("-9", "acc_copyin_async"), 14},
		{"wait_any", badAsync("-7", "acc_wait_any"), 14},
		{"default_async", badAsync("-4", "acc_set_default_async"), 14},
		{"update_absent", `data in update device clause was not found on device 1: name=\? host:` + addr + site("acc_update_device"), 10},
		{"update_partial", partial + `name=\? host:` + addr + `-` + addr + ` \(160 bytes\) overlaps present name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)` + site("acc_update_self"), 11},
		{"copyout_partial", partial + `name=acc_copyout host:` + addr + `-` + addr + ` \(160 bytes\) overlaps present name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)` + site("acc_copyout"), 11},
		{"copyin_partial", partial + `name=acc_copyin host:` + addr + `-` + addr + ` \(800 bytes\) overlaps present name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)` + site("acc_copyin"), 11},
		{"d2d_absent", `acc_memcpy_d2d: source host:` + addr + ` \(8 bytes\) is not present on the device` + site("acc_memcpy_d2d"), 10},
		{"d2d_device", `device number 1 is not available: there is 1 ` + dev + ` device` + site("acc_memcpy_d2d"), 6},
		{"device_num", `device number 1 is not available: there is 1 ` + dev + ` device` + site("acc_set_device_num"), 6},
		{"memcpy_null", `acc_memcpy_to_device with a null pointer: destination \(nil\) source ` + addr + site("acc_memcpy_to_device"), 15},
		{"device_type", `device type acc_device_nvidia \(4\) is not available: this program was built with -acc=\S+( or -acc=multicore)? and runs on .*` + site("acc_set_device_type"), 7},
		{"attach_absent", `data in ATTACH clause was not found on device 1: name=acc_attach host:` + addr + site("acc_attach"), 10},
	}
	for _, tt := range tests {
		r := runC(t, cc, b, include, objs, "api_errors", nil, tt.scenario)
		if r.code != 1 || r.stdout != "" || !regexp.MustCompile(`^FATAL ERROR: `+tt.want+`\n$`).MatchString(r.stderr) {
			t.Errorf("api_errors %s: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and stderr matching\nFATAL ERROR: %s", tt.scenario, r.code, r.stdout, r.stderr, tt.want)
			continue
		}
		// The error callback sees the same message first, with its acc_error_t.
		r = runC(t, cc, b, include, objs, "api_errors", nil, tt.scenario, "callback")
		cb := fmt.Sprintf(`^callback: event=100 code=%d func=\S+ construct=15 message=%s\n$`, tt.code, tt.want)
		if r.code != 1 || !regexp.MustCompile(cb).MatchString(r.stdout) || !strings.HasPrefix(r.stderr, "FATAL ERROR: ") {
			t.Errorf("api_errors %s callback: exit %d, stdout:\n%s\nstderr:\n%s\nwant stdout matching\n%s", tt.scenario, r.code, r.stdout, r.stderr, cb)
		}
	}
	// A callback may end the program itself.
	r := runC(t, cc, b, include, objs, "api_errors", []string{"EXIT_IN_CALLBACK=1"}, "wait", "callback")
	if r.code != 3 || r.stderr != "" || !strings.HasPrefix(r.stdout, "callback: event=100 code=14 ") {
		t.Errorf("exit in the callback: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// testEnvironment checks ACC_DEVICE_TYPE and ACC_DEVICE_NUM: a type or
// number this build cannot run on stops the program at initialisation.
func testEnvironment(t *testing.T, cc string, b Backend, include string, objs []string) {
	own, other := "not_host", "host"
	if b.Name == "shared" {
		own, other = "multicore", "NVIDIA"
	}
	tests := []struct {
		env  string
		code int
		want string
	}{
		{"ACC_DEVICE_TYPE=" + own, 0, "no error\n"},
		{"ACC_DEVICE_TYPE= Default ", 0, "no error\n"},
		{"ACC_DEVICE_NUM=0", 0, "no error\n"},
		{"ACC_DEVICE_TYPE=" + other, 1, `FATAL ERROR: ACC_DEVICE_TYPE=` + other + `: this program was built with -acc=\S+( or -acc=multicore)? and runs on .*\n`},
		{"ACC_DEVICE_TYPE=bogus", 1, `FATAL ERROR: ACC_DEVICE_TYPE=bogus: unknown device type \(host, multicore, nvidia, not_host, default\)\n`},
		{"ACC_DEVICE_NUM=1", 1, `FATAL ERROR: ACC_DEVICE_NUM=1: there is 1 \S+ device \(number 0\)\n`},
	}
	for _, tt := range tests {
		r := runC(t, cc, b, include, objs, "api_errors", []string{tt.env}, "none")
		out := r.stdout
		if tt.code != 0 {
			out = r.stderr
		}
		if r.code != tt.code || !regexp.MustCompile(`^`+tt.want+`$`).MatchString(out) {
			t.Errorf("%s: exit %d, stdout %q, stderr:\n%s\nwant exit %d and %q", tt.env, r.code, r.stdout, r.stderr, tt.code, tt.want)
		}
	}
}

// testProfLib builds testdata/proflib.c as a shared library and loads it
// with ACC_PROFLIB into the refcount test: it sees the runtime's events.
func testProfLib(t *testing.T, cc string, b Backend, include string, objs []string) {
	lib := filepath.Join(t.TempDir(), "libproflib.so")
	src, err := filepath.Abs(filepath.Join("testdata", "proflib.c"))
	if err != nil {
		t.Fatal(err)
	}
	command(t, ".", cc, append(append([]string{"-std=c99", "-shared", "-fPIC", "-I" + include}, strict...), "-o", lib, src)...)
	r := runC(t, cc, b, include, objs, "refcount", []string{"ACC_PROFLIB=" + lib})
	if r.code != 0 || r.stdout != "ok\n" {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	want := []string{
		"proflib: registered lookup=1 unknown=0\n",
		"proflib: device_init_start 1\nproflib: device_init_end 1\n",
		"proflib: device_shutdown_start 1\nproflib: device_shutdown_end 1\n",
		"proflib: enqueue_launch_start 1\nproflib: enqueue_launch_end 1\n",
		"proflib: kernel=scratch_50 ",
		"version_ok=1\n",
	}
	if b.Name == "emulate" {
		want = append(want, "proflib: enqueue_upload_start ", "proflib: enqueue_download_end ", " var=a ")
	} else if strings.Contains(r.stderr, "upload") {
		t.Errorf("shared memory: uploads were reported:\n%s", r.stderr)
	}
	for _, w := range want {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
		}
	}
	// A library that cannot be loaded is reported and skipped.
	r = runC(t, cc, b, include, objs, "refcount", []string{"ACC_PROFLIB=/nonexistent/libnone.so"})
	if r.code != 0 || r.stdout != "ok\n" || !strings.Contains(r.stderr, "accc: warning: ACC_PROFLIB=/nonexistent/libnone.so: ") {
		t.Errorf("missing library: exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// openacc.h and acc_prof.h compile as strict C99 and as C++
// (TestCUDACompiles compiles them as CUDA).
func TestOpenACCHeader(t *testing.T) {
	cc := acctest.NeedCC(t)
	dir := t.TempDir()
	writeFiles(t, dir)
	include := filepath.Join(dir, IncludeDir)
	src := filepath.Join(dir, "h.c")
	prog := "#include <openacc.h>\n#include <openacc.h>\n#include <acc_prof.h>\n" +
		"int f(void) { return acc_on_device(acc_device_host) + acc_async_sync + acc_async_noval; }\n"
	if err := os.WriteFile(src, []byte(prog), 0o666); err != nil {
		t.Fatal(err)
	}
	command(t, dir, cc, append(append([]string{"-std=c99", "-I" + include}, strict...), "-c", "-o", filepath.Join(dir, "h.o"), src)...)
	command(t, dir, cc, append(append([]string{"-x", "c++", "-std=c++11", "-I" + include}, strict...), "-c", "-o", filepath.Join(dir, "hpp.o"), src)...)
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
	for _, src := range b.CUDASources {
		t.Run(filepath.Base(src), func(t *testing.T) {
			t.Parallel()
			obj := filepath.Join(dir, strings.TrimSuffix(filepath.Base(src), ".cu")+".o")
			args := append(b.NVCCFlags(include, "sm_90"), hostWarn, "-c", "-o", obj, filepath.Join(dir, filepath.FromSlash(src)))
			command(t, dir, nvcc, args...)
		})
	}
	t.Run("openacc.h", func(t *testing.T) {
		t.Parallel()
		cu := filepath.Join(dir, "h.cu")
		prog := "#include <openacc.h>\n#include <acc_prof.h>\n" +
			"__global__ void k(int *o) { *o = acc_on_device(acc_device_nvidia) + acc_on_device(acc_device_not_host); }\n" +
			"int f(void) { return acc_on_device(acc_device_host); }\n"
		if err := os.WriteFile(cu, []byte(prog), 0o666); err != nil {
			t.Fatal(err)
		}
		command(t, dir, nvcc, "-arch=sm_90", "-I"+include, hostWarn, "-c", "-o", filepath.Join(dir, "h.cu.o"), cu)
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
