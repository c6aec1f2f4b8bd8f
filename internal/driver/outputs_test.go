package driver_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestOutputIsAnInput: an output that is one of the inputs, however it is
// spelled, is an error as in gcc, and the input is left as it was.
func TestOutputIsAnInput(t *testing.T) {
	acctest.NeedCC(t)
	const src = "int f(int x) { return x + 1; }\n"
	const accSrc = "void g(int n, float *a) {\n#pragma acc parallel loop copy(a[0:n])\n  for (int i = 0; i < n; i++) a[i] += 1;\n}\n"
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) // besides x.c
		args  []string
		input string // the input the message names
	}{
		{"-c -o the source", nil, []string{"-c", "x.c", "-o", "x.c"}, "x.c"},
		{"-c -o another spelling", nil, []string{"-c", "x.c", "-o", "./x.c"}, "x.c"},
		{"-c -o a hard link", func(t *testing.T, dir string) {
			os.Link(filepath.Join(dir, "x.c"), filepath.Join(dir, "same.c"))
		}, []string{"-c", "x.c", "-o", "same.c"}, "x.c"},
		{"-c -o a symbolic link", func(t *testing.T, dir string) {
			os.Symlink("x.c", filepath.Join(dir, "link.c"))
		}, []string{"-c", "x.c", "-o", "link.c"}, "x.c"},
		{"link -o the source", nil, []string{"x.c", "-o", "x.c"}, "x.c"},
		{"-E -o the source", nil, []string{"-E", "x.c", "-o", "x.c"}, "x.c"},
		{"-acc -c -o the source", nil, []string{"-acc=host", "-c", "x.c", "-o", "x.c"}, "x.c"},
		{"link -o an input object", func(t *testing.T, dir string) {
			writeFile(t, dir, "m.c", "int main(void) { return 0; }\n")
			if _, stderr, status := accc(t, dir, "-c", "m.c"); status != 0 {
				t.Fatalf("accc -c m.c: %s", stderr)
			}
		}, []string{"m.o", "-o", "m.o"}, "m.o"},
		{"-c without -o onto an object input", func(t *testing.T, dir string) {
			writeFile(t, dir, "x.o", src)
		}, []string{"-c", "x.c", "x.o"}, "x.o"},
		{"-MF the source", nil, []string{"-c", "x.c", "-o", "x.o", "-MD", "-MF", "x.c"}, "x.c"},
		{"--keep onto the source", func(t *testing.T, dir string) {
			writeFile(t, dir, "k.acc.c", accSrc)
		}, []string{"-acc=host", "--keep", "-c", "k.acc.c", "-o", "k.o"}, "k.acc.c"},
		{"--emit=source onto the source", func(t *testing.T, dir string) {
			writeFile(t, dir, "k.acc.c", accSrc)
		}, []string{"-acc=host", "--emit=source", "k.acc.c", "-o", "k.c"}, "k.acc.c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "x.c", src)
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			before, err := os.ReadFile(filepath.Join(dir, tt.input))
			if err != nil {
				t.Fatal(err)
			}
			_, stderr, status := accc(t, dir, tt.args...)
			if want := fmt.Sprintf("accc: error: input file '%s' is the same as output file", tt.input); status != 1 || !strings.Contains(stderr, want) {
				t.Errorf("accc %s: status %d, stderr:\n%s\nwant status 1 and %q", strings.Join(tt.args, " "), status, stderr, want)
			}
			if after, err := os.ReadFile(filepath.Join(dir, tt.input)); err != nil || !bytes.Equal(after, before) {
				t.Errorf("%s was changed: %v\n%s", tt.input, err, after)
			}
			if _, err := os.Stat(filepath.Join(dir, "x.o")); tt.input != "x.o" && err == nil {
				t.Errorf("x.o was left behind")
			}
		})
	}
	t.Run("another file of the same name", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, dir, "x.c", src)
		os.Mkdir(filepath.Join(dir, "out"), 0o755)
		if _, stderr, status := accc(t, dir, "-c", "x.c", "-o", "out/x.c"); status != 0 {
			t.Errorf("accc -c x.c -o out/x.c: status %d\n%s", status, stderr)
		}
	})
}

// TestNoOutputWhenDependencyFileFails: an output whose dependency file
// cannot be written is removed, so that make does not take it for up to
// date.
func TestNoOutputWhenDependencyFileFails(t *testing.T) {
	acctest.NeedCC(t)
	const src = "#include <stdio.h>\nint main(void) {\n  float a[8];\n#pragma acc parallel loop copyout(a)\n  for (int i = 0; i < 8; i++) a[i] = i;\n  printf(\"%g\\n\", a[7]);\n  return 0;\n}\n"
	tests := []struct {
		name string
		args []string
		out  string
	}{
		{"-c", []string{"-c", "x.c", "-o", "x.o"}, "x.o"},
		{"-c without -o", []string{"-c", "x.c"}, "x.o"},
		{"-acc=host -c", []string{"-acc=host", "-c", "x.c", "-o", "x.o"}, "x.o"},
		{"-E -o", []string{"-E", "x.c", "-o", "x.i"}, "x.i"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "x.c", src)
			args := append(tt.args, "-MD", "-MF", "missing/x.d")
			_, stderr, status := accc(t, dir, args...)
			if status == 0 || !strings.Contains(stderr, "missing/x.d") {
				t.Errorf("accc %s: status %d, stderr:\n%s\nwant an error naming missing/x.d", strings.Join(args, " "), status, stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, tt.out)); err == nil {
				t.Errorf("%s was left behind without its dependency file", tt.out)
			}
			// The same with a dependency file that can be written.
			args = append(tt.args, "-MD", "-MF", "x.d")
			if _, stderr, status := accc(t, dir, args...); status != 0 {
				t.Fatalf("accc %s: status %d\n%s", strings.Join(args, " "), status, stderr)
			}
			for _, f := range []string{tt.out, "x.d"} {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Errorf("%s: %v", f, err)
				}
			}
		})
	}
}
