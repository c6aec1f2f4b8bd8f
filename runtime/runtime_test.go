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
	"strconv"
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
		if b.MemorySource != "" {
			listed[b.MemorySource] = true
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
	return runExe(t, buildC(t, cc, b, include, objs, name), env, args...)
}

// sites are the options that turn on openacc.h's call-site macros, as
// accc -acc defines them.
var sites = []string{"-D_OPENACC=202506"}

// buildC builds testdata/name.c against the runtime, with extra compiler
// options, and returns the executable.
func buildC(t *testing.T, cc string, b Backend, include string, objs []string, name string, flags ...string) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), name)
	src, err := filepath.Abs(filepath.Join("testdata", name+".c"))
	if err != nil {
		t.Fatal(err)
	}
	cargs := append(append(append([]string{"-std=c99", "-O1", "-D" + b.Define, "-I" + include}, strict...), flags...), "-o", exe, src)
	cargs = append(append(cargs, objs...), b.Libs...)
	command(t, ".", cc, cargs...)
	return exe
}

// runExe runs a program built by buildC with args and extra environment.
func runExe(t *testing.T, exe string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout.String(), stderr.String(), 0}
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s: %v", filepath.Base(exe), err)
	}
	return r
}

// The CPU backends run the C test programs: each prints "ok" or its
// failed checks. The API tests run with openacc.h's call-site macros too.
func TestCPUBackends(t *testing.T) {
	cc := acctest.NeedCC(t)
	for _, name := range []string{"emulate", "shared"} {
		t.Run(name, func(t *testing.T) {
			b, _ := ForTarget(map[string]string{"emulate": "emulate", "shared": "host"}[name])
			include, objs := buildCPU(t, cc, b)
			for _, prog := range []string{"refcount", "emulate", "intervals", "attach", "api", "profile_api", "multidev"} {
				t.Run(prog, func(t *testing.T) {
					var env []string
					if prog == "multidev" {
						env = []string{"ACCC_EMULATE_DEVICES=3"} // the shared backend has one device still
					}
					r := runC(t, cc, b, include, objs, prog, env)
					if r.code != 0 || r.stdout != "ok\n" {
						t.Errorf("%s: exit %d\nstdout:\n%s\nstderr:\n%s", prog, r.code, r.stdout, r.stderr)
					}
					if strings.HasPrefix(prog, "api") || prog == "profile_api" || prog == "multidev" {
						r = runExe(t, buildC(t, cc, b, include, objs, prog, sites...), env)
						if r.code != 0 || r.stdout != "ok\n" {
							t.Errorf("%s with call sites: exit %d\nstdout:\n%s\nstderr:\n%s", prog, r.code, r.stdout, r.stderr)
						}
					}
					if prog == "multidev" && b.Name == "emulate" {
						env = append(env, "ACC_DEVICE_NUM=2") // every thread starts on device 2
						r = runC(t, cc, b, include, objs, prog, env)
						if r.code != 0 || r.stdout != "ok\n" {
							t.Errorf("%s with %v: exit %d\nstdout:\n%s\nstderr:\n%s", prog, env, r.code, r.stdout, r.stderr)
						}
					}
				})
			}
			if name == "emulate" {
				t.Run("emulate_exec", func(t *testing.T) { testEmulateExec(t, cc, b, include, objs) })
				t.Run("heap", func(t *testing.T) { testHeap(t, cc, b, include, objs) })
			}
			t.Run("errors", func(t *testing.T) { testErrors(t, cc, b, include, objs) })
			t.Run("api_errors", func(t *testing.T) { testAPIErrors(t, cc, b, include, objs) })
			t.Run("environment", func(t *testing.T) { testEnvironment(t, cc, b, include, objs) })
			t.Run("profile", func(t *testing.T) { testProfile(t, cc, b, include, objs) })
			t.Run("trace", func(t *testing.T) { testTrace(t, cc, b, include, objs) })
			t.Run("proflib", func(t *testing.T) { testProfLib(t, cc, b, include, objs) })
		})
	}
}

// testEmulateExec runs testdata/emulate_exec.c, how the emulate backend
// runs gangs and partitioned loops, under each setting of the
// environment that changes it (settings separated by ";"); bad settings
// stop the program with a FATAL ERROR.
func testEmulateExec(t *testing.T, cc string, b Backend, include string, objs []string) {
	exe := buildC(t, cc, b, include, objs, "emulate_exec")
	tests := []struct {
		env  string
		code int
		want string
	}{
		{"", 0, "ok\n"},
		{"ACCC_CHECK_ORDER=reverse", 0, "ok\n"},
		{"ACCC_CHECK_ORDER=shuffle", 0, "ok\n"},
		{"ACCC_CHECK_ORDER=shuffle;ACCC_CHECK_SEED=42", 0, "ok\n"},
		{"ACCC_CHECK_GANGS=3", 0, "ok\n"},
		{"ACCC_CHECK=async,gangs", 0, "ok\n"},
		{"ACCC_CHECK=all;ACCC_CHECK_ORDER=reverse", 0, "ok\n"},
		{"ACCC_CHECK_ORDER=sideways", 1, `FATAL ERROR: ACCC_CHECK_ORDER=sideways: the orders are reverse and shuffle\n`},
		{"ACCC_CHECK_GANGS=two", 1, `FATAL ERROR: ACCC_CHECK_GANGS=two is not a number\n`},
		{"ACCC_CHECK_GANGS=70000", 1, `FATAL ERROR: ACCC_CHECK_GANGS=70000: at most 65535 gangs\n`},
		{"ACCC_CHECK_ORDER=shuffle;ACCC_CHECK_SEED=-1", 1, `FATAL ERROR: ACCC_CHECK_SEED=-1 is not a number\n`},
	}
	for _, tt := range tests {
		var env []string
		if tt.env != "" {
			env = strings.Split(tt.env, ";")
		}
		r := runExe(t, exe, env)
		out := r.stdout
		if tt.code != 0 {
			out = r.stderr
		}
		if r.code != tt.code || !regexp.MustCompile(`^`+tt.want+`$`).MatchString(out) {
			t.Errorf("%q: exit %d, stdout %q, stderr:\n%s\nwant exit %d and %q", tt.env, r.code, r.stdout, r.stderr, tt.code, tt.want)
		}
	}
}

// testHeap runs testdata/heap.c, the heap blocks the emulate backend
// knows (src/heap.c): where ACCC_CHECK asks for bounds, every live block
// with its size; otherwise none.
func testHeap(t *testing.T, cc string, b Backend, include string, objs []string) {
	exes := map[string]string{"plain": buildC(t, cc, b, include, objs, "heap", "-pthread")}
	// With AddressSanitizer (where the compiler has it), whose malloc the
	// runtime's must call: a block from its strdup goes back to its free.
	probe := exec.Command(cc, "-fsanitize=address", "-x", "c", "-o", filepath.Join(t.TempDir(), "probe"), "-")
	probe.Stdin = strings.NewReader("int main(void) { return 0; }\n")
	if probe.Run() == nil {
		exes["asan"] = buildC(t, cc, b, include, objs, "heap", "-pthread", "-fsanitize=address")
	}
	for build, exe := range exes {
		for _, tt := range []struct {
			env  string
			args []string
		}{
			{"ACCC_CHECK=all", nil},
			{"ACCC_CHECK=stale,bounds", nil},
			{"ACCC_CHECK=", []string{"off"}},
			{"ACCC_CHECK=stale", []string{"off"}},
		} {
			r := runExe(t, exe, []string{tt.env}, tt.args...)
			if r.code != 0 || r.stdout != "ok\n" {
				t.Errorf("%s %s %v: exit %d\nstdout:\n%s\nstderr:\n%s", build, tt.env, tt.args, r.code, r.stdout, r.stderr)
			}
		}
	}
}

// testErrors runs the scenarios of testdata/errors.c: each must exit 1
// with an NVHPC-style message naming the variable, its range and the site,
// and the present table after it.
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
		// The present table follows, as NVHPC prints it after such errors.
		dump := `accrt present table \(` + b.Name + `, \d+ entries\):\n(  .*\n)*`
		if r.code != 1 || !regexp.MustCompile(`^`+tt.want+`\n`+dump+`$`).MatchString(r.stderr) {
			t.Errorf("errors %s: exit %d, stderr:\n%s\nwant exit 1 and stderr matching\n%s", tt.scenario, r.code, r.stderr, tt.want)
		}
	}
}

// testAPIErrors runs the scenarios of testdata/api_errors.c: misuse of the
// openacc.h routines exits 1 with a FATAL ERROR, after an acc_ev_error
// callback when one is registered. Built without call sites (as a library
// compiled without openacc.h's macros), an error has no position and
// names the routine; built with them, it ends with the file, function and
// line of the call, and the callback's acc_prof_info has them too. Calls
// through a pointer or in parentheses have no position either way.
func testAPIErrors(t *testing.T, cc string, b Backend, include string, objs []string) {
	const addr = `0x[0-9a-f]+`
	dev := map[string]string{"emulate": "not_host", "shared": "host"}[b.Name]
	badAsync := func(v string) string {
		return `invalid async argument ` + v + `: a queue is a number >= 0, acc_async_noval \(-1\) or acc_async_sync \(-2\)`
	}
	partial := `variable in data clause is partially present on device 1: `
	tests := []struct {
		scenario, routine, want string
		code                    int  // acc_error_t
		nosite                  bool // a call the macros do not see
	}{
		{"free_host", "acc_free", `acc_free of ` + addr + `, which acc_malloc did not return \(a host pointer, or freed already\)`, 13, false},
		{"free_twice", "acc_free", `acc_free of ` + addr + `, which acc_malloc did not return \(a host pointer, or freed already\)`, 13, false},
		{"free_present", "acc_free", `acc_free of ` + addr + `, a host address of present data name=acc_copyin host:` + addr + `-` + addr + `: acc_free only frees what acc_malloc returned`, 13, false},
		{"free_inside", "acc_free", `acc_free of ` + addr + `, inside the block at ` + addr + ` \(100 bytes\) that acc_malloc returned: free the start of the block`, 13, false},
		{"map_present", "acc_map_data", `acc_map_data of host:` + addr + `-` + addr + ` \(8 bytes\), which overlaps data already present: name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)`, 12, false},
		{"map_overlap", "acc_map_data", `acc_map_data of host:` + addr + `-` + addr + ` \(800 bytes\), which overlaps data already present: name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)`, 11, false},
		{"map_null", "acc_map_data", `acc_map_data of a null pointer: host:` + addr + ` device:\(nil\)`, 15, false},
		{"unmap_copyin", "acc_unmap_data", `acc_unmap_data of host:` + addr + `, which acc_map_data did not map: present data name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)`, 13, false},
		{"unmap_absent", "acc_unmap_data", `acc_unmap_data of host:` + addr + `, which is not present`, 10, false},
		{"wait", "acc_wait", badAsync("-7"), 14, false},
		{"wait_async", "acc_wait_async", badAsync("-5"), 14, false},
		{"async_test", "acc_async_test", badAsync("-3"), 14, false},
		{"copyin_async", "acc_copyin_async", badAsync("-9"), 14, false},
		{"wait_any", "acc_wait_any", badAsync("-7"), 14, false},
		{"default_async", "acc_set_default_async", badAsync("-4"), 14, false},
		{"update_absent", "acc_update_device", `data in update device clause was not found on device 1: name=acc_update_device host:` + addr, 10, false},
		{"update_partial", "acc_update_self", partial + `name=acc_update_self host:` + addr + `-` + addr + ` \(160 bytes\) overlaps present name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)`, 11, false},
		{"copyout_partial", "acc_copyout", partial + `name=acc_copyout host:` + addr + `-` + addr + ` \(160 bytes\) overlaps present name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)`, 11, false},
		{"copyin_partial", "acc_copyin", partial + `name=acc_copyin host:` + addr + `-` + addr + ` \(800 bytes\) overlaps present name=acc_copyin host:` + addr + `-` + addr + ` \(400 bytes\)`, 11, false},
		{"d2d_absent", "acc_memcpy_d2d", `acc_memcpy_d2d: source host:` + addr + ` \(8 bytes\) is not present on the device`, 10, false},
		{"d2d_device", "acc_memcpy_d2d", `device number 1 is not available: there is 1 ` + dev + ` device`, 6, false},
		{"device_num", "acc_set_device_num", `device number 1 is not available: there is 1 ` + dev + ` device`, 6, false},
		{"memcpy_null", "acc_memcpy_to_device", `acc_memcpy_to_device with a null pointer: destination \(nil\) source ` + addr, 15, false},
		{"device_type", "acc_set_device_type", `device type acc_device_unknown \(7\) is not available: this program was built with -acc=\S+( or -acc=multicore)? and runs on .*`, 7, false},
		{"attach_absent", "acc_attach", `data in ATTACH clause was not found on device 1: name=acc_attach host:` + addr, 10, false},
		{"pointer_free", "acc_free", `acc_free of ` + addr + `, which acc_malloc did not return \(a host pointer, or freed already\)`, 13, true},
		{"pointer_wait", "acc_wait", badAsync("-7"), 14, true},
		{"paren_update", "acc_update_device", `data in update device clause was not found on device 1: name=acc_update_device host:` + addr, 10, true},
	}
	src, err := filepath.Abs(filepath.Join("testdata", "api_errors.c"))
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	// line is the line of a scenario's failing call: the line after the
	// one that names it, or "line +N" lines after it.
	line := func(scenario string) int {
		for i, l := range lines {
			if strings.Contains(l, `"`+scenario+`") == 0`) {
				for j := i; j < len(lines) && j < i+4; j++ {
					if m := regexp.MustCompile(`/\* line \+(\d+) \*/`).FindStringSubmatch(lines[j]); m != nil {
						n, _ := strconv.Atoi(m[1])
						return i + 1 + n
					}
				}
				return i + 2
			}
		}
		t.Fatalf("api_errors.c has no scenario %s", scenario)
		return 0
	}
	plain := buildC(t, cc, b, include, objs, "api_errors")
	withSites := buildC(t, cc, b, include, objs, "api_errors", sites...)
	for _, tt := range tests {
		// Without a line, an error that does not name its routine starts with it.
		noLine := tt.want
		if !regexp.MustCompile(`(^|[^\w])` + tt.routine + `($|[^\w])`).MatchString(tt.want) {
			noLine = tt.routine + `: ` + tt.want
		}
		for _, build := range []struct {
			exe, want, cbSite string
		}{
			{plain, noLine, `file=- func=- line=0`},
			{withSites, tt.want + fmt.Sprintf(` file:%s function:main line:%d`, regexp.QuoteMeta(src), line(tt.scenario)), fmt.Sprintf(`file=%s func=main line=%d`, regexp.QuoteMeta(src), line(tt.scenario))},
		} {
			if tt.nosite && build.exe == withSites {
				build.want, build.cbSite = noLine, `file=- func=- line=0`
			}
			name := tt.scenario
			if build.exe == withSites {
				name += " with call sites"
			}
			r := runExe(t, build.exe, nil, tt.scenario)
			// Errors of presence print the present table after.
			dump := `(accrt present table \(` + b.Name + `, \d+ entries\):\n(  .*\n)*)?`
			if r.code != 1 || r.stdout != "" || !regexp.MustCompile(`^FATAL ERROR: `+build.want+`\n`+dump+`$`).MatchString(r.stderr) {
				t.Errorf("api_errors %s: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and stderr matching\nFATAL ERROR: %s", name, r.code, r.stdout, r.stderr, build.want)
				continue
			}
			// The error callback sees the same message first, with its
			// acc_error_t and the caller's position.
			r = runExe(t, build.exe, nil, tt.scenario, "callback")
			cb := fmt.Sprintf(`^callback: event=100 code=%d %s construct=15 message=%s\n$`, tt.code, build.cbSite, build.want)
			if r.code != 1 || !regexp.MustCompile(cb).MatchString(r.stdout) || !strings.HasPrefix(r.stderr, "FATAL ERROR: ") {
				t.Errorf("api_errors %s callback: exit %d, stdout:\n%s\nstderr:\n%s\nwant stdout matching\n%s", name, r.code, r.stdout, r.stderr, cb)
			}
		}
	}
	// A callback may end the program itself.
	r := runExe(t, plain, []string{"EXIT_IN_CALLBACK=1"}, "wait", "callback")
	if r.code != 3 || r.stderr != "" || !strings.HasPrefix(r.stdout, "callback: event=100 code=14 ") {
		t.Errorf("exit in the callback: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// testEnvironment checks ACC_DEVICE_TYPE and ACC_DEVICE_NUM: a type or
// number this build cannot run on stops the program at initialisation.
// The emulate build runs on its device or the host (the compute regions'
// host versions), and its device answers to nvidia too.
func testEnvironment(t *testing.T, cc string, b Backend, include string, objs []string) {
	own, other := "nvidia", "" // every type is available
	if b.Name == "shared" {
		own, other = "multicore", "NVIDIA"
	}
	tests := []struct {
		env  string
		code int
		want string
	}{
		{"ACC_DEVICE_TYPE=" + own, 0, "no error\n"},
		{"ACC_DEVICE_TYPE=host", 0, "no error\n"},
		{"ACC_DEVICE_TYPE= Default ", 0, "no error\n"},
		{"ACC_DEVICE_NUM=0", 0, "no error\n"},
		{"ACC_DEVICE_TYPE=" + other, 1, `FATAL ERROR: ACC_DEVICE_TYPE=` + other + `: this program was built with -acc=\S+( or -acc=multicore)? and runs on .*\n`},
		{"ACC_DEVICE_TYPE=bogus", 1, `FATAL ERROR: ACC_DEVICE_TYPE=bogus: unknown device type \(host, multicore, nvidia, not_host, default\)\n`},
		{"ACC_DEVICE_NUM=1", 1, `FATAL ERROR: ACC_DEVICE_NUM=1: there is 1 \S+ device \(number 0\)\n`},
	}
	// ACCC_EMULATE_DEVICES gives the emulate backend several devices; the
	// shared backend has one whatever it says. Settings are separated by ";".
	if b.Name == "emulate" {
		tests = append(tests, []struct {
			env  string
			code int
			want string
		}{
			{"ACCC_EMULATE_DEVICES=3;ACC_DEVICE_NUM=2", 0, "no error\n"},
			{"ACCC_EMULATE_DEVICES=3;ACC_DEVICE_NUM=3", 1, `FATAL ERROR: ACC_DEVICE_NUM=3: there are 3 not_host devices \(numbers 0 to 2\)\n`},
			{"ACCC_EMULATE_DEVICES=0", 1, `FATAL ERROR: ACCC_EMULATE_DEVICES=0: the number of emulated devices must be 1 to 64\n`},
			{"ACCC_EMULATE_DEVICES=2x", 1, `FATAL ERROR: ACCC_EMULATE_DEVICES=2x: the number of emulated devices must be 1 to 64\n`},
		}...)
	} else {
		tests = append(tests, []struct {
			env  string
			code int
			want string
		}{
			{"ACCC_EMULATE_DEVICES=bogus", 0, "no error\n"},
			{"ACCC_EMULATE_DEVICES=3;ACC_DEVICE_NUM=1", 1, `FATAL ERROR: ACC_DEVICE_NUM=1: there is 1 host device \(number 0\)\n`},
		}...)
	}
	for _, tt := range tests {
		if tt.env == "ACC_DEVICE_TYPE=" {
			continue
		}
		r := runC(t, cc, b, include, objs, "api_errors", strings.Split(tt.env, ";"), "none")
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

// openacc.h and acc_prof.h compile as strict C89, C99 and C++, with and
// without the call-site macros (TestCUDACompiles compiles them as CUDA).
// With the macros, the routines still work as function designators, in
// parentheses, in a declaration of the program's own and after #undef.
func TestOpenACCHeader(t *testing.T) {
	cc := acctest.NeedCC(t)
	dir := t.TempDir()
	writeFiles(t, dir)
	include := filepath.Join(dir, IncludeDir)
	src := filepath.Join(dir, "h.c")
	prog := "#include <openacc.h>\n#include <openacc.h>\n#include <acc_prof.h>\n" +
		"int f(void) { return acc_on_device(acc_device_host) + acc_async_sync + acc_async_noval; }\n" +
		"void (acc_free)(void *data_dev);\n" +
		"static void (*const free_fn)(void *) = acc_free;\n" +
		"void *g(double *a, int n) {\n" +
		"    int q[2] = {1, 2};\n" +
		"    void *d = acc_copyin(a, n * sizeof *a);\n" +
		"    (acc_wait)(1);\n" +
		"    acc_wait(acc_async_test_all() ? 1 : 2);\n" +
		"    free_fn(acc_malloc(8));\n" +
		"    return acc_wait_any(2, q) >= 0 ? d : acc_deviceptr(a);\n" +
		"}\n" +
		"#undef acc_free\n" +
		"void acc_free(void *);\n" +
		"void h(void *p) { acc_free(p); }\n"
	if err := os.WriteFile(src, []byte(prog), 0o666); err != nil {
		t.Fatal(err)
	}
	for i, lang := range [][]string{{"-std=c89"}, {"-std=c99"}, {"-x", "c++", "-std=c++98"}, {"-x", "c++", "-std=c++11"}} {
		for _, def := range [][]string{nil, sites} {
			args := append(append(append(append([]string{}, lang...), def...), "-I"+include), strict...)
			command(t, dir, cc, append(args, "-c", "-o", filepath.Join(dir, fmt.Sprintf("h%d.o", i)), src)...)
		}
	}
}

// testProfile checks the NV_ACC_TIME summary, the NV_ACC_NOTIFY trace and
// the present-table dump.
func testProfile(t *testing.T, cc string, b Backend, include string, objs []string) {
	r := runC(t, cc, b, include, objs, "refcount", []string{"NV_ACC_TIME=1", "NV_ACC_NOTIFY=3", "ACCC_PRESENT_DUMP=1"})
	if r.code != 0 || r.stdout != "ok\n" {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	device := map[string]string{"cuda": "NVIDIA", "emulate": "emulated", "shared": "host"}[b.Name]
	want := []string{
		"\nAccelerator Kernel Timing data\ntest.c\n  dynamic  " + device + "  devicenum=0\n    time(us): ",
		"    20: data region reached 13 times\n",
		"  scratch  " + device + "  devicenum=0\n",
		"    50: compute region reached 1 time\n        50: kernel launched 1 time\n            grid: [1]  block: [1]\n            device time(us): total=",
		"            elapsed time(us): total=",
		"launch host kernel  file=test.c function=scratch line=50 device=0 threadid=1 kernel=scratch_50 num_gangs=1 num_workers=1 vector_length=1\n",
		"accrt present table (" + b.Name + ", 0 entries):\n",
	}
	if b.Name == "emulate" {
		want = append(want,
			"upload host data  file=test.c function=structured line=10 device=0 threadid=1 variable=a bytes=800\n",
			"download host data  file=test.c function=structured line=10 device=0 threadid=1 variable=a bytes=800\n",
			"    40: data region reached 4 times\n        40: data copyin transfers: 1\n             device time(us): total=",
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

// testTrace runs testdata/trace.c under NV_ACC_NOTIFY's bits and
// NV_ACC_DEBUG (src/trace.c): with all bits and at level 2 stderr is
// testdata/trace.{notify,debug}.<backend> with addresses masked; each
// bit and level 1 trace only their part. NV_ACC_CUDA_STACKSIZE and
// HEAPSIZE are accepted and ignored; bad values stop the program.
func testTrace(t *testing.T, cc string, b Backend, include string, objs []string) {
	exe := buildC(t, cc, b, include, objs, "trace")
	addr := regexp.MustCompile(`0x[0-9a-f]+`)
	run := func(env ...string) string {
		t.Helper()
		r := runExe(t, exe, env)
		if r.code != 0 || r.stdout != "ok\n" {
			t.Fatalf("%v: exit %d\nstdout:\n%s\nstderr:\n%s", env, r.code, r.stdout, r.stderr)
		}
		return addr.ReplaceAllString(r.stderr, "ADDR")
	}
	for _, tt := range []struct{ env, golden string }{
		{"NV_ACC_NOTIFY=31", "notify"},
		{"NVCOMPILER_ACC_DEBUG=2", "debug"},
	} {
		want, err := os.ReadFile(filepath.Join("testdata", "trace."+tt.golden+"."+b.Name))
		if err != nil {
			t.Fatal(err)
		}
		if got := run(tt.env); got != string(want) {
			t.Errorf("%s: stderr:\n%s\nwant:\n%s", tt.env, got, want)
		}
	}
	lines := func(text string, prefixes ...string) {
		t.Helper()
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			ok := false
			for _, p := range prefixes {
				ok = ok || strings.HasPrefix(l, p)
			}
			if !ok {
				t.Errorf("line %q: want only lines starting with %q", l, prefixes)
			}
		}
	}
	lines(run("NV_ACC_NOTIFY=4"), "Enter ", "Leave ")
	lines(run("NV_ACC_NOTIFY=8"), "Wait  file=t.c function=main line=20 ", "Implicit wait ")
	lines(run("PGI_ACC_NOTIFY=16"), "alloc  host data  devaddr=", "delete host data  devaddr=")
	if b.Name == "shared" {
		if got := run("NV_ACC_NOTIFY=16"); strings.Count(got, "\n") != 2 {
			t.Errorf("shared memory: allocations other than acc_malloc's were traced:\n%s", got)
		}
	}
	if got := run("NV_ACC_DEBUG=1"); !strings.Contains(got, "ACC: enter data file=t.c") || strings.Contains(got, "present table") {
		t.Errorf("NV_ACC_DEBUG=1: want the trace without the present table's changes:\n%s", got)
	}
	// bit 2 and one of NVHPC's own; run masks the value as an address
	warning := "accc: warning: NV_ACC_DEBUG=ADDR: bits other than 1 and 2 (NVHPC's own) are ignored\n"
	if got := run("NV_ACC_DEBUG=0x802"); !strings.HasPrefix(got, warning+"ACC: ") || !strings.Contains(got, "present table") {
		t.Errorf("NV_ACC_DEBUG=0x802: want a warning and level 2:\n%s", got)
	}
	for _, env := range []string{"NV_ACC_CUDA_HEAPSIZE=64Mb", "NVCOMPILER_ACC_CUDA_STACKSIZE=65536", "PGI_ACC_CUDA_HEAPSIZE=8GB",
		"NV_ACC_CUDA_HEAPSIZE=2g", "NV_ACC_DEBUG=0"} {
		if got := run(env); got != "" {
			t.Errorf("%s: stderr %q", env, got)
		}
	}
	for _, tt := range []struct{ env, want string }{
		{"NV_ACC_CUDA_HEAPSIZE=lots", "NV_ACC_CUDA_HEAPSIZE=lots is not a size: "},
		{"NV_ACC_CUDA_STACKSIZE=0", "NV_ACC_CUDA_STACKSIZE=0 is not a size: "},
		{"NVCOMPILER_ACC_CUDA_STACKSIZE=-4K", "NVCOMPILER_ACC_CUDA_STACKSIZE=-4K is not a size: "},
		{"NV_ACC_CUDA_HEAPSIZE=64Q", "NV_ACC_CUDA_HEAPSIZE=64Q is not a size: "},
		{"NV_ACC_CUDA_HEAPSIZE=99999999999999G", "NV_ACC_CUDA_HEAPSIZE=99999999999999G is not a size: "},
		{"NV_ACC_DEBUG=yes", "NV_ACC_DEBUG=yes: the values are 0 (off), 1 "},
	} {
		r := runExe(t, exe, []string{tt.env})
		if r.code != 1 || !strings.HasPrefix(r.stderr, "FATAL ERROR: "+tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and %q", tt.env, r.code, r.stderr, "FATAL ERROR: "+tt.want)
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
		for mode, n := range MemoryModes {
			obj := filepath.Join(dir, "cuda-memory-"+mode+".o")
			command(t, dir, cc, append(append(b.CFlags(include), strict...), fmt.Sprintf("-DACCRT_MEMORY_MODE=%d", n),
				"-c", "-o", obj, filepath.FromSlash(b.MemorySource))...)
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

// TestParallelCopy builds src/copy.c, the CUDA backend's parallel
// memcpy, with testdata/copy_par.c and runs it with 1 to 8 copy threads
// and with the default: every copy exact, no byte around it written,
// two callers at once; a bad ACCC_COPY_THREADS is a fatal error.
func TestParallelCopy(t *testing.T) {
	cc := acctest.NeedCC(t)
	b, _ := ForTarget("gpu")
	dir := t.TempDir()
	writeFiles(t, dir)
	include := filepath.Join(dir, IncludeDir)
	exe := filepath.Join(dir, "copy_par")
	command(t, ".", cc, append(append([]string{"-std=c99", "-O1", "-D" + b.Define, "-I" + include, "-I" + filepath.Join(dir, "src")}, strict...),
		"-o", exe, filepath.Join("testdata", "copy_par.c"), filepath.Join(dir, "src", "copy.c"), "-lpthread")...)
	for _, n := range []string{"1", "2", "3", "8"} {
		r := runExe(t, exe, []string{"ACCC_COPY_THREADS=" + n})
		if r.code != 0 || r.stdout != "ok "+n+"\n" {
			t.Errorf("ACCC_COPY_THREADS=%s: exit %d\nstdout:\n%s\nstderr:\n%s", n, r.code, r.stdout, r.stderr)
		}
	}
	if r := runExe(t, exe, []string{"ACCC_COPY_THREADS="}); r.code != 0 || !strings.HasPrefix(r.stdout, "ok ") {
		t.Errorf("default threads: exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, bad := range []string{"0", "two"} {
		r := runExe(t, exe, []string{"ACCC_COPY_THREADS=" + bad})
		want := "FATAL ERROR: ACCC_COPY_THREADS=" + bad + ": want a number of threads, at least 1\n"
		if r.code != 1 || r.stderr != want {
			t.Errorf("ACCC_COPY_THREADS=%s: exit %d, stderr %q, want exit 1 and %q", bad, r.code, r.stderr, want)
		}
	}
}
