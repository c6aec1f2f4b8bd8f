package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// neverWritten draws a data-movement warning: b is copyout but the
// construct never writes it.
const neverWritten = `void f(int n, float *restrict a, float *restrict b) {
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
    for (int i = 0; i < n; i++)
        a[i] = b[i];
}
`

// TestWarningCodeOptions checks -Wno-CODE and -Werror=CODE on accc's own
// warnings: the first silences the warning, the second makes it an error
// that fails the compilation before any object is written; neither
// reaches the host compiler, which would reject an option it does not
// know. -w silences every warning, -Werror makes each an error, but not
// the command line's own (an ignored nvc option stays a warning).
func TestWarningCodeOptions(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "x.c", neverWritten)
	const msg = "'b' is in a copyout clause but the construct never writes it"
	obj := filepath.Join(dir, "x.o")
	for _, tc := range []struct {
		args   []string
		status int
		want   string // in stderr; "" for nothing
	}{
		{nil, 0, "warning: " + msg},
		{[]string{"-Wno-data-movement"}, 0, ""},
		{[]string{"-Werror=data-movement"}, 1, "error: " + msg},
		{[]string{"-Werror=data-movement", "-Wno-error=data-movement"}, 0, "warning: " + msg},
		{[]string{"-Wno-race-independent-typo", "-Wno-unused"}, 0, "warning: " + msg},
		{[]string{"-w"}, 0, ""},
		{[]string{"-Werror"}, 1, "error: " + msg},
		{[]string{"-Werror", "-Wno-error=data-movement"}, 0, "warning: " + msg},
		{[]string{"-Werror", "-Wno-error"}, 0, "warning: " + msg},
		{[]string{"-Werror", "-gpu=safecache"}, 1, "warning: GPU sub-option 'safecache'"},
	} {
		os.Remove(obj)
		args := append([]string{"-acc=host", "-c", "x.c", "-o", obj}, tc.args...)
		_, stderr, status := accc(t, dir, args...)
		if status != tc.status {
			t.Errorf("accc %v: status %d, want %d\n%s", tc.args, status, tc.status, stderr)
		}
		if tc.want == "" && stderr != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("accc %v: stderr %q, want %q", tc.args, stderr, tc.want)
		}
		if _, err := os.Stat(obj); (err == nil) != (tc.status == 0) {
			t.Errorf("accc %v: status %d, but the object exists: %v", tc.args, status, err == nil)
		}
		if tc.status == 1 && !strings.Contains(stderr, "[-Werror") {
			t.Errorf("accc %v: the error does not name the option: %q", tc.args, stderr)
		}
	}
}
