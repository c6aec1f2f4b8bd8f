package driver_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/accc-compiler/accc/internal/acctest"
)

// slowCC is a host compiler that compiles nothing: for -c it writes its
// process id to $SLOWCC_MARK and sleeps in its place (exec), anything else
// (the preprocessor runs) goes to gcc.
const slowCC = `#!/bin/sh
for a; do
  if [ "$a" = -c ]; then echo $$ > "$SLOWCC_MARK.tmp"; mv "$SLOWCC_MARK.tmp" "$SLOWCC_MARK"; exec sleep 60; fi
done
exec gcc "$@"
`

// TestSignalRemovesTemporaries interrupts accc while its host compiler
// runs: the compiler gets the signal, accc's temporary directories (its work
// directory, a runtime build in the cache) and unfinished outputs are
// removed, and the exit status is a shell's.
func TestSignalRemovesTemporaries(t *testing.T) {
	acctest.NeedCC(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	const src = "#include <stdio.h>\nint main(void) {\n  int a[4];\n#pragma acc parallel loop copyout(a)\n  for (int i = 0; i < 4; i++) a[i] = i;\n  printf(\"%d\\n\", a[3]);\n  return 0;\n}\n"
	tests := []struct {
		name   string
		sig    syscall.Signal
		status int
		args   []string
		cache  bool // a fresh runtime cache: the signal comes while the runtime is being built in it
	}{
		{"SIGTERM during cc -c", syscall.SIGTERM, 143, []string{"-c", "x.c", "-o", "x.o"}, false},
		{"SIGINT during the runtime build", syscall.SIGINT, 130, []string{"-acc=host", "-o", "x", "x.c"}, true},
		{"SIGHUP during a link's compile", syscall.SIGHUP, 129, []string{"-acc=emulate", "-o", "x", "x.c"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "x.c", src)
			tmp := filepath.Join(dir, "tmp")
			cache := filepath.Join(dir, "cache")
			os.Mkdir(tmp, 0o700)
			cc := filepath.Join(dir, "slowcc")
			if err := os.WriteFile(cc, []byte(slowCC), 0o755); err != nil {
				t.Fatal(err)
			}
			mark := filepath.Join(dir, "mark")
			// The last value of a variable in Env is the one used.
			env := append(os.Environ(), "CC="+cc, "SLOWCC_MARK="+mark, "TMPDIR="+tmp)
			if tt.cache {
				env = append(env, "ACCC_CACHE_DIR="+cache)
			}
			cmd := exec.Command(acctest.Accc(t), tt.args...)
			cmd.Dir, cmd.Env = dir, env
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitc := make(chan error, 1)
			go func() { waitc <- cmd.Wait() }()
			pid := waitForMark(t, waitc, mark, &stderr)
			if names := accTemps(t, tmp, cache); len(names) == 0 {
				t.Fatalf("no temporary directory in %s while the compiler runs", tmp)
			}
			cmd.Process.Signal(tt.sig)
			err := <-waitc
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != tt.status {
				t.Errorf("accc after %v: %v, want exit status %d\n%s", tt.sig, err, tt.status, stderr.String())
			}
			if names := accTemps(t, tmp, cache); len(names) != 0 {
				t.Errorf("left behind after %v: %q", tt.sig, names)
			}
			for _, out := range []string{"x.o", "x"} {
				if _, err := os.Stat(filepath.Join(dir, out)); err == nil {
					t.Errorf("%s was left behind", out)
				}
			}
			// The compiler got the signal too.
			for deadline := time.Now().Add(30 * time.Second); syscall.Kill(pid, 0) == nil; time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					syscall.Kill(pid, syscall.SIGKILL)
					t.Fatalf("the compiler accc ran (pid %d) still runs", pid)
				}
			}
		})
	}
}

// waitForMark waits until the slow compiler has started and returns its
// process id; waitc gets accc's end.
func waitForMark(t *testing.T, waitc chan error, mark string, stderr *bytes.Buffer) int {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
		select {
		case err := <-waitc:
			t.Fatalf("accc ended before the compiler started: %v\n%s", err, stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
		if data, err := os.ReadFile(mark); err == nil {
			pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
	}
	t.Fatal("the slow compiler never started")
	return 0
}

// accTemps lists what accc left in tmp and the temporary directories of the
// runtime cache.
func accTemps(t *testing.T, tmp, cache string) []string {
	t.Helper()
	var names []string
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	filepath.WalkDir(cache, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), ".tmp") {
			names = append(names, path)
		}
		return nil
	})
	return names
}
