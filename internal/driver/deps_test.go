package driver_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/accc-compiler/accc/internal/acctest"
)

// needMake returns the path of make, skipping the test without it (a
// failure under CI=true).
func needMake(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("make")
	if err != nil {
		if acctest.InCI() {
			t.Fatalf("CI=true but make is not installed: %v", err)
		}
		t.Skipf("make not installed: %v", err)
	}
	return p
}

// makeProject is a small Makefile project built with CC=accc and
// dependency files, as a user's would be.
var makeProject = map[string]string{
	"Makefile": `CC = ACCC
CFLAGS = -acc=host -O2 -MMD -MP
OBJS = main.o scale.o
prog: $(OBJS)
	$(CC) $(CFLAGS) -o $@ $(OBJS)
%.o: %.c
	$(CC) $(CFLAGS) -c -o $@ $<
-include $(OBJS:.o=.d)
`,
	"scale.h": "#define FACTOR 2.0\nvoid scale(int n, double *x);\n",
	"util.h":  "#define N 100\n",
	"main.c": `#include <stdio.h>
#include "scale.h"
#include "util.h"
int main(void) {
    double x[N];
    for (int i = 0; i < N; i++) x[i] = i;
    scale(N, x);
    double s = 0;
#pragma acc parallel loop reduction(+:s) copyin(x[0:N])
    for (int i = 0; i < N; i++) s += x[i];
    printf("%g\n", s);
    return 0;
}
`,
	"scale.c": `#include "scale.h"
void scale(int n, double *x) {
#pragma acc parallel loop copy(x[0:n])
    for (int i = 0; i < n; i++) x[i] *= FACTOR;
}
`,
}

// runMake runs make -j2 in dir and returns its output.
func runMake(t *testing.T, mk, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(mk, append([]string{"-j2"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestMakeWithDependencyFiles builds a Makefile project with CC=accc and
// -MMD -MP twice (the second build must find everything up to date, which
// fails when a .d file names accc's deleted temporary files), then touches
// a header and checks that exactly the objects that include it are rebuilt.
func TestMakeWithDependencyFiles(t *testing.T) {
	acctest.NeedCC(t)
	mk := needMake(t)
	accc := acctest.Accc(t)
	dir := t.TempDir()
	for name, text := range makeProject {
		writeFile(t, dir, name, strings.ReplaceAll(text, "ACCC", accc))
	}
	if out, err := runMake(t, mk, dir); err != nil {
		t.Fatalf("first make: %v\n%s", err, out)
	}
	for _, d := range []string{"main.d", "scale.d"} {
		b, err := os.ReadFile(filepath.Join(dir, d))
		if err != nil {
			t.Fatalf("make wrote no %s: %v", d, err)
		}
		if strings.Contains(string(b), "accc") || strings.Contains(string(b), ".acc.c") || strings.Contains(string(b), os.TempDir()) {
			t.Errorf("%s names accc's files:\n%s", d, b)
		}
	}
	if want := "main.o: main.c scale.h util.h\nscale.h:\nutil.h:\n"; readFile(t, dir, "main.d") != want {
		t.Errorf("main.d is\n%s\nwant\n%s", readFile(t, dir, "main.d"), want)
	}
	out, err := runMake(t, mk, dir)
	if err != nil {
		t.Fatalf("second make: %v\n%s", err, out)
	}
	if !strings.Contains(out, "is up to date") || strings.Contains(out, accc) {
		t.Errorf("second make rebuilt something:\n%s", out)
	}

	// A header changes: the objects that include it are rebuilt, and only they.
	future := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(filepath.Join(dir, "util.h"), future, future); err != nil {
		t.Fatal(err)
	}
	out, err = runMake(t, mk, dir)
	if err != nil {
		t.Fatalf("make after touching util.h: %v\n%s", err, out)
	}
	if !strings.Contains(out, "-c -o main.o main.c") || strings.Contains(out, "scale.c") || !strings.Contains(out, "-o prog main.o scale.o") {
		t.Errorf("after touching util.h (included by main.c only), make ran:\n%s", out)
	}
	future = future.Add(2 * time.Second)
	if err := os.Chtimes(filepath.Join(dir, "scale.h"), future, future); err != nil {
		t.Fatal(err)
	}
	out, err = runMake(t, mk, dir)
	if err != nil {
		t.Fatalf("make after touching scale.h: %v\n%s", err, out)
	}
	if !strings.Contains(out, "-c -o main.o main.c") || !strings.Contains(out, "-c -o scale.o scale.c") {
		t.Errorf("after touching scale.h (included by both), make ran:\n%s", out)
	}
	if got, err := exec.Command(filepath.Join(dir, "prog")).Output(); err != nil || string(got) != "9900\n" {
		t.Errorf("prog printed %q (%v), want 9900", got, err)
	}
	// A header that goes away (and out of the sources) must not break make: -MP.
	writeFile(t, dir, "main.c", strings.Replace(makeProject["main.c"], "#include \"util.h\"\n", "#define N 100\n", 1))
	os.Remove(filepath.Join(dir, "util.h"))
	if out, err := runMake(t, mk, dir); err != nil {
		t.Fatalf("make after removing util.h: %v\n%s", err, out)
	}
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// depSources is the tree the comparisons with gcc run in. The C files have
// directives, so accc compiles them through generated code.
var depSources = map[string]string{
	"x.c": `#include <stdio.h>
#include "a.h"
#include "inc dir/spaced.h"
#include <angle.h>
double twice(double);
int main(void) {
    double v[8];
#pragma acc parallel loop copyout(v[0:8])
    for (int i = 0; i < 8; i++) v[i] = A * i;
    printf("%g\n", twice(v[7]));
    return 0;
}
`,
	"sub/y.c": `#include "a.h"
#include "local.h"
double twice(double d) {
    double r = 0;
#pragma acc serial copy(r)
    r = 2 * d + LOCAL - A;
    return r;
}
`,
	"sub/local.h":          "#define LOCAL A\n",
	"a.h":                  "#define A 3\n",
	"inc dir/spaced.h":     "/* a directory with a blank */\n",
	"sys/angle.h":          "#include <stddef.h>\n",
	"pre.h":                "#define PRE 1\n",
	"gen.c":                "#include \"a.h\"\n#include \"generated.h\"\nint g;\n",
	"cond.c":               "#ifdef WITH_OPT\n#include \"opt.h\"\n#endif\n#ifdef __OPTIMIZE__\n#include \"optimize.h\"\n#endif\nint c;\n",
	"opt.h":                "\n",
	"optimize.h":           "\n",
	"deps/.keep":           "",
	"out/.keep":            "",
	"objs.d.dir/.keep":     "",
	"sub/deeper/more.keep": "",
}

// snapshot returns the regular files under dir with their contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			files[rel] = string(b)
		}
		return nil
	})
	return files
}

// newTextFiles are the files of after that are not in before, or changed,
// with binaries (objects, programs) and preprocessed output (.i) as
// "<binary>"/"<output>": those differ between gcc and accc by design.
func newTextFiles(before, after map[string]string) map[string]string {
	out := map[string]string{}
	for name, text := range after {
		if old, ok := before[name]; ok && old == text {
			continue
		}
		switch {
		case strings.HasPrefix(text, "\x7fELF"):
			text = "<binary>"
		case strings.HasSuffix(name, ".i"):
			text = "<output>"
		}
		out[name] = text
	}
	return out
}

// TestDependencyFilesMatchGCC compiles with accc and with the host C
// compiler (gcc) the same sources with the same dependency options, and
// checks that accc writes the same files with the same contents (and the
// same standard output, for -M and -MF -).
func TestDependencyFilesMatchGCC(t *testing.T) {
	cc := acctest.NeedCC(t)
	if out, _ := exec.Command(cc, "--version").Output(); !bytes.Contains(out, []byte("Free Software Foundation")) {
		t.Skipf("the host compiler %s is not gcc; the expected files are gcc's", cc)
	}
	accc := acctest.Accc(t)
	inc := []string{"-I", "inc dir", "-I.", "-isystem", "sys", "-include", "pre.h"}
	cases := [][]string{
		{"-MD", "-c", "x.c"},
		{"-MMD", "-c", "x.c"},
		{"-MD", "-c", "x.c", "-o", "out/obj.o"},
		{"-MMD", "-MP", "-c", "sub/y.c", "-o", "out/y.o"},
		{"-MMD", "-MP", "-c", "sub/y.c"},
		{"-MMD", "-c", "x.c", "-o", "objs.d.dir/x"},
		{"-MMD", "-c", "x.c", "-o", "out/x.tar.o"},
		{"-MMD", "-MF", "deps/x.dep", "-c", "x.c"},
		{"-MD", "-MF", "deps/x.dep", "-c", "x.c", "-o", "out/x.o"},
		{"-MD", "-MT", "custom", "-c", "x.c"},
		{"-MMD", "-MQ", "$(OBJ) a#b", "-MT", "t x", "-MP", "-c", "x.c", "-o", "out/x.o"},
		{"-MMD", "-MT", "a", "-MT", "b", "-MQ", "c:d", "-c", "x.c"},
		{"-MMD", "-MP", "-MF", "-", "-c", "x.c", "-o", "out/x.o"},
		{"-MMD", "-c", "x.c", "sub/y.c"},
		{"-MMD", "x.c", "sub/y.c", "-o", "out/prog"},
		{"-MMD", "-MP", "x.c", "sub/y.c"},
		{"-MMD", "-fsyntax-only", "x.c"},
		{"-MMD", "-fsyntax-only", "x.c", "-o", "out/s.o"},
		{"-M", "x.c"},
		{"-MM", "x.c"},
		{"-MM", "-MT", "foo", "-MP", "sub/y.c"},
		{"-M", "-MF", "deps/m.d", "x.c"},
		{"-MM", "x.c", "-o", "deps/mm.d"},
		{"-MM", "-MG", "gen.c"},
		{"-E", "-MMD", "x.c", "-o", "out/x.i"},
		{"-MMD", "-DWITH_OPT", "-O2", "-c", "cond.c"},
		{"-MMD", "-c", "cond.c"},
	}
	for _, args := range cases {
		name := strings.Join(args, " ")
		t.Run(name, func(t *testing.T) {
			run := func(tool string, extra ...string) (map[string]string, string) {
				dir := t.TempDir()
				for p, text := range depSources {
					if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
						t.Fatal(err)
					}
					writeFile(t, dir, p, text)
				}
				before := snapshot(t, dir)
				cmd := exec.Command(tool, append(append(append([]string{}, extra...), inc...), args...)...)
				cmd.Dir = dir
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				if err := cmd.Run(); err != nil {
					t.Fatalf("%s %s: %v\n%s", tool, name, err, stderr.String())
				}
				if strings.Contains(stdout.String(), "# 1 ") { // -E to stdout: not compared
					stdout.Reset()
				}
				return newTextFiles(before, snapshot(t, dir)), stdout.String()
			}
			want, wantOut := run(cc)
			got, gotOut := run(accc, "-acc=host")
			if gotOut != wantOut {
				t.Errorf("standard output\n%s\ngcc's\n%s", gotOut, wantOut)
			}
			var names []string
			for n := range want {
				names = append(names, n)
			}
			for n := range got {
				if _, ok := want[n]; !ok {
					names = append(names, n)
				}
			}
			sort.Strings(names)
			for _, n := range names {
				w, inWant := want[n]
				g, inGot := got[n]
				switch {
				case !inGot:
					t.Errorf("accc did not write %s (gcc did)", n)
				case !inWant:
					t.Errorf("accc wrote %s, which gcc does not:\n%s", n, g)
				case g != w:
					t.Errorf("%s differs from gcc's:\n%s", n, acctest.Diff("gcc", w, "accc", g))
				}
			}
		})
	}
}

// TestDependencyFilesOmitAcccHeaders: a source that includes <openacc.h>
// gets a dependency file without accc's headers (and without gcc's
// openacc.h, which accc does not use); everything else is as gcc lists it.
func TestDependencyFilesOmitAcccHeaders(t *testing.T) {
	cc := acctest.NeedCC(t)
	dir := t.TempDir()
	src := "#include <openacc.h>\n#include <stdio.h>\n#include \"a.h\"\nint main(void) {\n  int n = 0;\n#pragma acc parallel loop reduction(+:n)\n  for (int i = 0; i < 4; i++) n += acc_on_device(acc_device_host);\n  printf(\"%d\\n\", n);\n  return 0;\n}\n"
	writeFile(t, dir, "x.c", src)
	writeFile(t, dir, "a.h", "\n")
	for _, target := range []string{"-acc=host", "-acc=multicore", "-acc=emulate"} {
		for _, dep := range []string{"-MD", "-MMD"} {
			if _, stderr, status := accc(t, dir, target, dep, "-MP", "-c", "x.c"); status != 0 {
				t.Fatalf("accc %s %s failed:\n%s", target, dep, stderr)
			}
			got := readFile(t, dir, "x.d")
			if strings.Contains(got, "openacc.h") || strings.Contains(got, "accrt") || strings.Contains(got, ".cache") {
				t.Errorf("%s %s: x.d names accc's headers:\n%s", target, dep, got)
			}
			// gcc's own list, less its openacc.h.
			cmd := exec.Command(cc, dep, "-MP", "-MF", "-", "-MQ", "x.o", "-E", "-o", os.DevNull, "x.c")
			cmd.Dir = dir
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			want := names(string(out))
			for n := range want {
				if strings.HasSuffix(strings.TrimSuffix(n, ":"), "/openacc.h") {
					delete(want, n)
				}
			}
			// Every header gcc lists is listed; what accc's openacc.h
			// brings in beyond that can only be system headers (-MD).
			g := names(got)
			for n := range want {
				if !g[n] {
					t.Errorf("%s %s: x.d lacks %s:\n%s", target, dep, n, got)
				}
			}
			for n := range g {
				if !want[n] && (dep == "-MMD" || !strings.HasPrefix(n, "/usr/")) {
					t.Errorf("%s %s: x.d lists %s, which gcc does not:\n%s", target, dep, n, got)
				}
			}
		}
	}
}

// names are the words of a dependency file, continuation backslashes left out.
func names(s string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(s) {
		if f != "\\" {
			m[f] = true
		}
	}
	return m
}
