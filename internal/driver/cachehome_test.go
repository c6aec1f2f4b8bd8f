package driver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestUnwritableHomeFallsBack: without a usable home directory, accc warns
// in one line and builds the runtime in a private directory of $TMPDIR.
func TestUnwritableHomeFallsBack(t *testing.T) {
	acctest.NeedCC(t)
	const src = "#include <stdio.h>\nint main(void) {\n  int a[4];\n#pragma acc parallel loop copyout(a)\n  for (int i = 0; i < 4; i++) a[i] = 2 * i;\n  printf(\"%d\\n\", a[3]);\n  return 0;\n}\n"
	dir := t.TempDir()
	writeFile(t, dir, "x.c", src)
	file := writeFile(t, dir, "file", "")
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o700)
	fallback := filepath.Join(tmp, fmt.Sprintf("accc-cache-%d", os.Getuid()))
	tests := []struct {
		name string
		env  []string
	}{
		{"HOME is a file", []string{"HOME=" + file, "XDG_CACHE_HOME="}},
		{"XDG_CACHE_HOME under a file", []string{"HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(file, "cache")}},
		{"no HOME", []string{"HOME=", "XDG_CACHE_HOME="}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := append(tt.env, "ACCC_CACHE_DIR=", "TMPDIR="+tmp)
			_, stderr, status := acccEnv(t, dir, env, "-acc=host", "-o", "p", "x.c")
			if status != 0 {
				t.Fatalf("status %d\n%s", status, stderr)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "accc: warning: cannot use the runtime cache: ") ||
				!strings.Contains(lines[0], "using "+fallback+" ") {
				t.Errorf("stderr:\n%s\nwant one warning naming %s", stderr, fallback)
			}
			if got := runProgram(t, filepath.Join(dir, "p")); got != "6\n" {
				t.Errorf("program printed %q, want 6", got)
			}
			if fi, err := os.Lstat(fallback); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
				t.Errorf("fallback cache %s: %v, %v; want a directory of mode 0700", fallback, fi.Mode(), err)
			}
		})
	}
}
