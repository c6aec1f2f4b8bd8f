package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// C as people write it: the generated host code and the runtime headers
// compile in the program's own dialect, C89 included; a source file may
// start with a byte-order mark and have any name gcc accepts.

// c89Program is C89: declarations first, no // comments, no for (int
// ...). Its constructs make the CPU kernels count loops, combine an
// array reduction and call a static routine.
const c89Program = `#include <stdio.h>
#define N 64
struct pt { double x, y; };
#pragma acc routine seq
static double sq(double v) { return v * v; }
int main(void) {
    double a[N], b[N][N], s = 0, m = 0;
    int hist[4], i, j, n = N;
    struct pt q[N];
    for (i = 0; i < 4; i++) hist[i] = 0;
    for (i = 0; i < N; i++) { a[i] = i; q[i].x = i; for (j = 0; j < N; j++) b[i][j] = i - j; }
#pragma acc data copy(a, q) copyin(b)
    {
#pragma acc parallel loop reduction(+:s) reduction(max:m)
        for (i = 0; i < n; i++) { s += a[i]; if (a[i] > m) m = a[i]; }
#pragma acc parallel loop collapse(2) reduction(+:s)
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) s += b[i][j];
#pragma acc parallel loop reduction(+:hist)
        for (i = 0; i < n; i++) hist[i % 4] += i;
#pragma acc kernels
        for (i = 0; i < n; i++) { a[i] = sq(a[i]); q[i].y = q[i].x * 2; }
    }
    printf("%.1f %.1f %.1f %.1f %d %d\n", s, m, a[n - 1], q[n - 1].y, hist[0], hist[3]);
    return 0;
}
`

// plainOutput builds src with plain cc and the flags and returns what it
// prints.
func plainOutput(t *testing.T, dir, src string, flags ...string) string {
	t.Helper()
	exe := filepath.Join(dir, "plain")
	args := append(append([]string{}, flags...), src, "-o", exe)
	if out, err := exec.Command(acctest.NeedCC(t), args...).CombinedOutput(); err != nil {
		t.Fatalf("cc %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// buildAndRun builds src with accc and args in dir and returns what the
// program prints and accc's messages.
func buildAndRun(t *testing.T, dir, src string, args ...string) (string, string) {
	t.Helper()
	exe := filepath.Join(dir, "prog")
	_, stderr, status := accc(t, dir, append(append([]string{}, args...), src, "-o", exe)...)
	if status != 0 {
		t.Fatalf("accc %s %q: exit status %d\n%s", strings.Join(args, " "), src, status, stderr)
	}
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil {
		t.Fatalf("%q built with %s: %v\n%s", src, strings.Join(args, " "), err, out)
	}
	return string(out), stderr
}

// The runtime headers (inline, long long) and the generated host code
// and CPU kernels (no declarations in for statements) compile with
// -std=c89, -std=gnu89 and -ansi, silently, and with -pedantic; the
// kernel file is C++ whatever the dialect.
func TestC89Dialects(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "p89.c", c89Program)
	want := plainOutput(t, dir, src, "-std=c89", "-pedantic-errors")
	for _, std := range [][]string{{"-std=c89"}, {"-std=gnu89"}, {"-ansi"}, {"-std=c89", "-pedantic"}, {"-ansi", "-pedantic"}} {
		for _, target := range []string{"host", "multicore", "emulate"} {
			args := append([]string{"-acc=" + target}, std...)
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				sub := t.TempDir()
				out, stderr := buildAndRun(t, sub, src, args...)
				if out != want {
					t.Errorf("printed %q, want %q", out, want)
				}
				if len(std) == 1 && stderr != "" {
					t.Errorf("messages building C89:\n%s", stderr)
				}
			})
		}
	}
	t.Run("gpu", func(t *testing.T) {
		t.Setenv("ACCC_NVCC", acctest.NeedNVCC(t))
		if _, stderr, status := accc(t, dir, "-acc=gpu", "-gpu=cc90", "-ansi", "-pedantic", "-c", src, "-o", filepath.Join(dir, "p89.o")); status != 0 {
			t.Errorf("accc -acc=gpu -ansi -pedantic: exit status %d\n%s", status, stderr)
		}
	})
}

// A UTF-8 byte-order mark before the first line (before a routine
// directive there) is no part of the program: the host file leaves it
// out.
func TestByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "bom.c", "\xef\xbb\xbf#pragma acc routine seq\nstatic int twice(int x) { return 2 * x; }\n"+
		"#include <stdio.h>\nint main(void) {\n    int a[8], i;\n#pragma acc parallel loop copyout(a)\n"+
		"    for (i = 0; i < 8; i++) a[i] = twice(i);\n    printf(\"%d\\n\", a[7]);\n    return 0;\n}\n")
	for _, target := range []string{"host", "multicore", "emulate"} {
		if out, _ := buildAndRun(t, dir, src, "-acc="+target); out != "14\n" {
			t.Errorf("-acc=%s printed %q, want \"14\\n\"", target, out)
		}
	}
	t.Setenv("ACCC_NVCC", acctest.NeedNVCC(t))
	if _, stderr, status := accc(t, dir, "-acc=gpu", "-gpu=cc90", "-c", src, "-o", filepath.Join(dir, "bom.o")); status != 0 {
		t.Errorf("accc -acc=gpu: exit status %d\n%s", status, stderr)
	}
}

// A file may have any name but '/' and NUL in it: #line directives,
// runtime messages and comments of the generated files spell it
// (carriage returns and line feeds escaped, no trigraph in C89 modes),
// and nvcc, which runs its steps through a shell, compiles and
// device-links files of plain names. The host compiler's messages name
// the user's file.
func TestFileNames(t *testing.T) {
	nvcc := acctest.NeedNVCC(t)
	t.Setenv("ACCC_NVCC", nvcc)
	prog := `#include <stdio.h>
#pragma acc routine seq
double twice(double x) { return 2 * x; }
int main(void) {
    double a[8];
    int i;
#pragma acc parallel loop copyout(a)
    for (i = 0; i < 8; i++) a[i] = twice(i);
    { int unused; }
    printf("%g\n", a[7]);
    return 0;
}
`
	for _, name := range []string{"sp ace.c", `q"uote.c`, `back\slash.c`, "cr\rname.c", "nl\nname.c", "d$ollar.c",
		"back`tick.c", "tri??-graph.c", "dir??/tri.c", "star*/x.c", "utf8-é.c"} {
		t.Run(strings.NewReplacer("\r", `\r`, "\n", `\n`, "/", "|").Replace(name), func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			src := writeFile(t, dir, name, prog)
			for _, args := range [][]string{{"-acc=host", "-Wall"}, {"-acc=emulate", "-ansi"}} {
				out, stderr := buildAndRun(t, dir, src, args...)
				if out != "14\n" {
					t.Errorf("%s printed %q, want \"14\\n\"", args, out)
				}
				if want := name + ":9:"; args[1] == "-Wall" && !strings.Contains(stderr, want) {
					t.Errorf("the unused variable's warning does not name %q:\n%s", want, stderr)
				}
			}
			obj := filepath.Join(dir, name+".o")
			if _, stderr, status := accc(t, dir, "-acc=gpu", "-gpu=cc90", "-c", src, "-o", obj); status != 0 {
				t.Fatalf("accc -acc=gpu -c: exit status %d\n%s", status, stderr)
			}
			if _, stderr, status := accc(t, dir, "-acc=gpu", "-gpu=cc90", obj, "-o", filepath.Join(dir, "prog")); status != 0 {
				t.Errorf("accc -acc=gpu (device link): exit status %d\n%s", status, stderr)
			}
		})
	}
}
