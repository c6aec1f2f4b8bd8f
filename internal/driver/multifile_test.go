package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// The multi-file programs of testdata/multifile/NAME: C files and a
// Makefile that builds the program NAME with $(CC) -c per file and a
// link, as a user's build does with CC=accc; expected.out is its output.
// Routines defined in one file and called on the device in another
// (OpenACC 3.4 §2.15.1) and declare'd globals used across files must
// work without the Makefile knowing about device code.

func multifilePrograms(t *testing.T) []string {
	t.Helper()
	dirs, _ := filepath.Glob(filepath.Join(acctest.RepoRoot(t), "testdata", "multifile", "*"))
	if len(dirs) == 0 {
		t.Fatal("no testdata/multifile programs")
	}
	return dirs
}

// makeProgram copies dir to a temporary directory and runs make there with
// CC and ACCFLAGS set; it returns the copy.
func makeProgram(t *testing.T, dir, accc string, flags ...string) string {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make not found")
	}
	work := t.TempDir()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("make", "-s", "CC="+accc, "ACCFLAGS="+strings.Join(flags, " "))
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make in %s: %v\n%s", filepath.Base(dir), err, out)
	}
	return work
}

// TestMultifileTargets builds each multi-file program for the CPU targets
// with its Makefile and compares the output with expected.out.
func TestMultifileTargets(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	for _, dir := range multifilePrograms(t) {
		name := filepath.Base(dir)
		want, err := os.ReadFile(filepath.Join(dir, "expected.out"))
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range []string{"host", "multicore", "emulate"} {
			t.Run(name+"/"+target, func(t *testing.T) {
				t.Parallel()
				work := makeProgram(t, dir, accc, "-acc="+target)
				out, err := exec.Command(filepath.Join(work, name)).Output()
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if string(out) != string(want) {
					t.Errorf("%s -acc=%s printed %q, want %q", name, target, out, want)
				}
			})
		}
	}
}

// TestMultifileGPU builds each multi-file program for the GPU: the files
// with routines compile to relocatable device code and accc's link step
// device-links them (nvcc -dlink), which needs nvcc but no GPU; on a
// machine with a GPU the program runs too.
func TestMultifileGPU(t *testing.T) {
	nvcc := acctest.NeedNVCC(t)
	accc := acctest.Accc(t)
	t.Setenv("ACCC_NVCC", nvcc)
	for _, dir := range multifilePrograms(t) {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			work := makeProgram(t, dir, accc, "-acc=gpu")
			if _, err := os.Stat(filepath.Join(work, name)); err != nil {
				t.Fatalf("no program: %v", err)
			}
			if os.Getenv("ACCC_TEST_GPU") == "" {
				if _, err := exec.LookPath("nvidia-smi"); err != nil {
					return // built and linked; nothing to run it on
				}
			}
			want, _ := os.ReadFile(filepath.Join(dir, "expected.out"))
			out, err := exec.Command(filepath.Join(work, name)).Output()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if string(out) != string(want) {
				t.Errorf("%s -acc=gpu printed %q, want %q", name, out, want)
			}
		})
	}
}

// TestNvlinkAdvice links a program that calls on the device a routine no
// file defines: nvlink's undefined reference becomes an OpenACC error
// naming the routine, not nvlink's own words.
func TestNvlinkAdvice(t *testing.T) {
	nvcc := acctest.NeedNVCC(t)
	accc := acctest.Accc(t)
	t.Setenv("ACCC_NVCC", nvcc)
	dir := t.TempDir()
	src := filepath.Join(dir, "main.c")
	if err := os.WriteFile(src, []byte(`#pragma acc routine seq
double missing(double);
int main(void) {
    double a[10];
#pragma acc parallel loop copyout(a)
    for (int i = 0; i < 10; i++) a[i] = missing(i);
    return (int)a[0];
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(accc, "-acc=gpu", src, "-o", filepath.Join(dir, "main")).CombinedOutput()
	if err == nil {
		t.Fatalf("linking a call of an undefined routine succeeded:\n%s", out)
	}
	want := "routine 'missing' is called on the device but no file of the program has its device version"
	if !strings.Contains(string(out), want) {
		t.Errorf("got:\n%s\nwant a message containing %q", out, want)
	}
	if strings.Contains(string(out), "nvlink") {
		t.Errorf("nvlink's own message leaked:\n%s", out)
	}
}

// TestMultifileMinfo checks -Minfo for a compile of several files: each
// file's name heads its messages, in the command line's order.
func TestMultifileMinfo(t *testing.T) {
	acctest.NeedCC(t)
	dir := filepath.Join(acctest.RepoRoot(t), "testdata", "multifile", "vecops")
	for _, order := range [][]string{{"ops.c", "main.c"}, {"main.c", "ops.c"}} {
		args := append([]string{"-acc=emulate", "-Minfo=accel", "-fsyntax-only"}, order...)
		_, stderr, status := accc(t, dir, args...)
		if status != 0 {
			t.Fatalf("accc %v: status %d\n%s", args, status, stderr)
		}
		first, second := strings.Index(stderr, order[0]+":\n"), strings.Index(stderr, order[1]+":\n")
		if first != 0 || second <= first {
			t.Errorf("accc %v: want %s: first and %s: after it\n%s", args, order[0], order[1], stderr)
		}
	}
}
