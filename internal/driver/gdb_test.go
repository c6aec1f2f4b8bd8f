package driver_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// gdbProgram is the program TestDebugLines debugs. A comment /* L:name */
// names its line.
const gdbProgram = `#include <stdio.h>

static double a[256];

static double work(int n, int use)
{
    double s = 0; /* L:before */
    #pragma acc parallel loop copy(a[0:n]) /* L:directive */
    for (int i = 0; i < n; i++) { /* L:loop */
        double t = i * 0.5; /* L:body */
        for (int k = 0; k < 4; k++) /* L:inner */
            t += k; /* L:innerbody */
        a[i] = t;
    }
    #pragma acc parallel loop reduction(+:s) copyin(a[0:n]) if(use)
    for (int j = 0; j < n; j++)
        s += a[j]; /* L:ifbody */
    return s; /* L:after */
}

int main(void)
{
    printf("%g\n", work(256, 1));
    return 0;
}
`

// TestDebugLines compiles a program with -g -O0 on each CPU target and
// debugs it with gdb in batch mode (docs/flags.md, -g): a breakpoint on
// a user line, inside a construct or not, resolves to one place, in the
// function that runs the line (a construct's body in its kernel
// function); it stops there; the backtrace names the user's function at
// the construct's line; the loop's index prints under its name; and no
// frame and no line of the program's line table lies past the end of
// the file. The one line with two places is a line of a construct with
// an if clause: the kernel and the host version the clause selects when
// false (§2.5.6), one place in each, of which one runs.
func TestDebugLines(t *testing.T) {
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	lines := map[string]int{}
	src := strings.Split(gdbProgram, "\n")
	for i, l := range src {
		if m := regexp.MustCompile(`/\* L:(\w+) \*/`).FindStringSubmatch(l); m != nil {
			lines[m[1]] = i + 1
		}
	}
	last := len(src) - 1 // the text ends with a newline
	for _, target := range []string{"host", "multicore", "emulate"} {
		t.Run(target, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "f.c"), []byte(gdbProgram), 0o666); err != nil {
				t.Fatal(err)
			}
			build := exec.Command(accc, "-acc="+target, "-g", "-O0", "-w", "-o", "f", "f.c")
			build.Dir = dir
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("%v: %v\n%s", build.Args, err, out)
			}
			gdbRun := func(cmds ...string) string {
				args := []string{"-nx", "-batch", "-ex", "set pagination off", "-ex", "set confirm off"}
				for _, c := range cmds {
					args = append(args, "-ex", c)
				}
				cmd := exec.Command(gdb, append(args, "./f")...)
				cmd.Dir = dir
				// One OpenMP thread: the stop is then the program's
				// thread, whose stack reaches work (a worker thread's
				// ends in libgomp).
				cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=1")
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("gdb %v: %v\n%s", cmds, err, out)
				}
				return string(out)
			}

			// One place per line; the if clause's body in two functions.
			names := []string{"before", "directive", "loop", "body", "inner", "innerbody", "after", "ifbody"}
			var cmds []string
			for _, n := range names {
				cmds = append(cmds, fmt.Sprintf("break f.c:%d", lines[n]))
			}
			out := gdbRun(append(cmds, "info breakpoints")...)
			for i, n := range names {
				one := fmt.Sprintf(`(?m)^Breakpoint %d at 0x[0-9a-f]+: file .*f\.c, line %d\.$`, i+1, lines[n])
				if n == "ifbody" {
					two := fmt.Sprintf(`(?m)^Breakpoint %d at 0x[0-9a-f]+: f\.c:%d\. \(2 locations\)$`, i+1, lines[n])
					if !regexp.MustCompile(two).MatchString(out) {
						t.Errorf("line %d (%s): want two places, the kernel and the host version:\n%s", lines[n], n, out)
					}
					for _, fn := range []string{`work_\d+_cpu\S*`, `work`} {
						at := fmt.Sprintf(`(?m)^%d\.\d+ .* in %s at .*f\.c:%d$`, i+1, fn, lines[n])
						if !regexp.MustCompile(at).MatchString(out) {
							t.Errorf("line %d (%s): no place in %s:\n%s", lines[n], n, fn, out)
						}
					}
					continue
				}
				if !regexp.MustCompile(one).MatchString(out) {
					t.Errorf("line %d (%s): want one place:\n%s", lines[n], n, out)
				}
			}
			// The places: the construct's lines in its kernel function,
			// the others in the user's.
			for i, n := range names[:7] {
				fn := `work`
				if n != "before" && n != "directive" && n != "after" {
					fn = `work_\d+_cpu\S*`
				}
				at := fmt.Sprintf(`(?m)^%d +breakpoint +keep y +0x[0-9a-f]+ in %s at .*f\.c:%d$`, i+1, fn, lines[n])
				if !regexp.MustCompile(at).MatchString(out) {
					t.Errorf("line %d (%s): not in %s:\n%s", lines[n], n, fn, out)
				}
			}

			// The stops, the backtrace, the index.
			out = gdbRun(fmt.Sprintf("break f.c:%d", lines["before"]), fmt.Sprintf("break f.c:%d", lines["innerbody"]),
				"run", "bt", "continue", "print i", "print k", "bt", "kill")
			if !regexp.MustCompile(fmt.Sprintf(`(?m)^Breakpoint 1, work \(n=256, use=1\) at .*f\.c:%d$`, lines["before"])).MatchString(out) {
				t.Errorf("no stop at line %d in work:\n%s", lines["before"], out)
			}
			if !regexp.MustCompile(fmt.Sprintf(`(?m)Breakpoint 2, work_\d+_cpu\S* \(.*\) at .*f\.c:%d$`, lines["innerbody"])).MatchString(out) {
				t.Errorf("no stop at line %d in the kernel:\n%s", lines["innerbody"], out)
			}
			if !regexp.MustCompile(`(?m)^\$1 = \d+$`).MatchString(out) || !regexp.MustCompile(`(?m)^\$2 = 0$`).MatchString(out) {
				t.Errorf("print i, print k: want the indices' values:\n%s", out)
			}
			if !regexp.MustCompile(fmt.Sprintf(`(?m)^#\d+ +0x[0-9a-f]+ in work \(n=256, use=1\) at .*f\.c:%d$`, lines["directive"])).MatchString(out) {
				t.Errorf("the backtrace has no frame of work at line %d:\n%s", lines["directive"], out)
			}
			for _, m := range regexp.MustCompile(`(?m)^#\d+ .* at \S*f\.c:(\d+)$`).FindAllStringSubmatch(out, -1) {
				if n, _ := strconv.Atoi(m[1]); n > last {
					t.Errorf("frame at line %s, past the end of f.c (%d lines):\n%s", m[1], last, out)
				}
			}

			// The line table of f.c: no line past its end.
			table := gdbRun("maint info line-table f.c")
			in := false
			for _, l := range strings.Split(table, "\n") {
				if strings.HasPrefix(l, "symtab: ") {
					in = regexp.MustCompile(`^symtab: \S*/f\.c `).MatchString(l)
					continue
				}
				f := strings.Fields(l)
				if !in || len(f) < 3 {
					continue
				}
				if _, err := strconv.Atoi(f[0]); err != nil {
					continue
				}
				if n, err := strconv.Atoi(f[1]); err == nil && n > last {
					t.Errorf("line table of f.c: line %d, past its end (%d lines)", n, last)
				}
			}
		})
	}
}

// TestDebugLinesCUDA checks the line directives of the .acc.cu that
// -acc=gpu -g prints for gdbProgram, which cuda-gdb reads
// (scripts/gpu-tools.sh stops there on the GPU machine): each line of a
// construct's body is the line of one line of code of the kernels and
// no other, so that a breakpoint on it stops once, where the line's
// variables are in scope; a loop's own line is its index's declaration
// only, not its trip count or for header; no line lies past the end of
// the file.
func TestDebugLinesCUDA(t *testing.T) {
	accc := acctest.Accc(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.c"), []byte(gdbProgram), 0o666); err != nil {
		t.Fatal(err)
	}
	build := exec.Command(accc, "-acc=gpu", "-g", "-w", "--emit=source", "f.c")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", build.Args, err, out)
	}
	cu, err := os.ReadFile(filepath.Join(dir, "f.acc.cu"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Split(gdbProgram, "\n")
	line := map[string]int{}
	for i, l := range src {
		if m := regexp.MustCompile(`/\* L:(\w+) \*/`).FindStringSubmatch(l); m != nil {
			line[m[1]] = i + 1
		}
	}
	// places[n] are the lines of code of the .cu that line n of f.c is.
	places := map[int][]string{}
	directive := regexp.MustCompile(`^#line (\d+) "(.*)"$`)
	comment := regexp.MustCompile(`/\*.*?\*/|//.*`)
	file, next := "", 0
	for _, l := range strings.Split(string(cu), "\n") {
		if m := directive.FindStringSubmatch(l); m != nil {
			next, _ = strconv.Atoi(m[1])
			file = m[2]
			continue
		}
		code := strings.Trim(comment.ReplaceAllString(l, ""), " {}") != ""
		if file == "f.c" && code {
			places[next] = append(places[next], strings.TrimSpace(l))
		}
		if next > 0 {
			next++
		}
	}
	for _, n := range []string{"body", "inner", "innerbody", "ifbody"} {
		if got := places[line[n]]; len(got) != 1 {
			t.Errorf("line %d (%s) is %d lines of the .cu, want 1: %q", line[n], n, len(got), got)
		}
	}
	for _, p := range places[line["loop"]] {
		if !strings.HasPrefix(p, "int i = ") {
			t.Errorf("line %d (loop) is %q: want the index's declaration only", line["loop"], p)
		}
	}
	for n, p := range places {
		if n > len(src)-1 || n < line["directive"] {
			t.Errorf("line %d of f.c, outside the constructs, is %q", n, p)
		}
	}
	if !strings.Contains(string(cu), `#line `) || !strings.Contains(string(cu), `"f.acc.cu"`) {
		t.Errorf("no line of the .cu maps to the .cu itself:\n%s", cu)
	}
}
