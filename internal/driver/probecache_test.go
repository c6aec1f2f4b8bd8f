package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestProbeCache: the host compiler's probes (predefined macros, include
// directories, -fopenacc) run once, are then read from the cache, and run
// again when the compiler's file changes. The compiler is a script that
// logs its arguments and runs the real one.
func TestProbeCache(t *testing.T) {
	host := acctest.NeedCC(t)
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	if err := os.Mkdir(cache, 0o700); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "log")
	cc := filepath.Join(dir, "cc")
	script := "#!/bin/sh\necho \"$*\" >>" + log + "\nexec " + host + " \"$@\"\n"
	if err := os.WriteFile(cc, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "x.c", "void f(int n, double *a) {\n#pragma acc parallel loop copy(a[0:n])\n  for (int i = 0; i < n; i++) a[i] += 1;\n}\n")
	env := []string{"CC=" + cc, "ACCC_CACHE_DIR=" + cache}
	// probes runs accc and returns how many of its runs of the compiler
	// were each probe.
	probes := func() (macros, dirs, acc int) {
		t.Helper()
		os.Remove(log)
		if _, stderr, status := acccEnv(t, dir, env, "-acc=host", "-fsyntax-only", "x.c"); status != 0 {
			t.Fatalf("accc: status %d\n%s", status, stderr)
		}
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			switch {
			case strings.HasSuffix(line, "-dM -E -"):
				macros++
			case strings.HasSuffix(line, "-v -E -"):
				dirs++
			case strings.HasSuffix(line, "-fopenacc -E -x c -"):
				acc++
			}
		}
		return
	}
	if m, d, a := probes(); m != 1 || d != 1 || a != 1 {
		t.Fatalf("first run: %d, %d, %d runs of the probes (macros, directories, -fopenacc); want 1 each", m, d, a)
	}
	if m, d, a := probes(); m+d+a != 0 {
		t.Fatalf("second run: %d, %d, %d runs of the probes; want none (the cache answers)", m, d, a)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(cc, later, later); err != nil {
		t.Fatal(err)
	}
	if m, d, a := probes(); m != 1 || d != 1 || a != 1 {
		t.Fatalf("after the compiler changed: %d, %d, %d runs of the probes; want 1 each", m, d, a)
	}
	if m, d, a := probes(); m+d+a != 0 {
		t.Fatalf("fourth run: %d, %d, %d runs of the probes; want none", m, d, a)
	}
}
