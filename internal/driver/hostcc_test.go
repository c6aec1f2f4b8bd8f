package driver_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// runProgram runs the executable path and returns its output.
func runProgram(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command(path).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", path, err, out)
	}
	return string(out)
}

// TestCCWithSeveralWords: $CC is a command, a launcher or options after
// the compiler, as in make.
func TestCCWithSeveralWords(t *testing.T) {
	acctest.NeedCC(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	// ACCC_CC_WORD is defined only by $CC's last word: every run of the
	// host compiler (the frontend's, the preprocessing of the unit, the
	// compiles, the dependency run, the link) must pass all the words.
	const src = "#include <stdio.h>\nint main(void) {\n  int a[4];\n#pragma acc parallel loop copyout(a)\n  for (int i = 0; i < 4; i++) a[i] = ACCC_CC_WORD + i;\n  printf(\"%d\\n\", a[3]);\n  return 0;\n}\n"
	for _, cc := range []string{
		"gcc -m64 -DACCC_CC_WORD=7",
		"env LC_ALL=C gcc '-DACCC_CC_WORD=(5 + 2)'",
	} {
		for _, args := range [][]string{
			{"-acc=host", "-MD", "-o", "p", "x.c"},
			{"-acc=multicore", "-c", "x.c"},
			{"-MD", "-o", "p", "x.c"},
			{"-acc=emulate", "-fsyntax-only", "x.c"},
		} {
			t.Run(cc+" "+strings.Join(args, " "), func(t *testing.T) {
				dir := t.TempDir()
				writeFile(t, dir, "x.c", src)
				_, stderr, status := acccEnv(t, dir, []string{"CC=" + cc}, args...)
				if status != 0 || stderr != "" {
					t.Fatalf("CC=%q accc %s: status %d\n%s", cc, strings.Join(args, " "), status, stderr)
				}
				if args[len(args)-3] == "-o" {
					if got := runProgram(t, filepath.Join(dir, "p")); got != "10\n" {
						t.Errorf("program printed %q, want 10", got)
					}
				}
			})
		}
	}
}
