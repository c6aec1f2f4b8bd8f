package difftest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/progen"
)

func TestMain(m *testing.M) { acctest.Main(m) }

// The bounded differential set of make test: fixed seeds on the CPU
// targets (and the GPU target compiled, where nvcc is). A failure prints
// the reduced program.
func TestGeneratedPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs generated programs")
	}
	cc := acctest.NeedCC(t)
	accc := acctest.Accc(t)
	targets := []string{"host", "multicore", "emulate"}
	seeds := 24
	for k := 0; k < seeds; k++ {
		seed := int64(k + 1)
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			t.Parallel()
			cfg := Config{Accc: accc, CC: cc, Targets: targets}
			checkSeed(t, cfg, seed)
		})
	}
}

func checkSeed(t *testing.T, cfg Config, seed int64) {
	dir := t.TempDir()
	p := progen.Generate(seed, progen.Options{})
	rs, err := cfg.Check(dir, p.Render())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Kind == OK {
			continue
		}
		q, qr := cfg.Reduce(filepath.Join(dir, "reduce"), p, r.Target, r)
		t.Errorf("seed %d: %s\nreduced (%s):\n%s\n--- %s\n%s", seed, r, qr, q.Render().Main, progen.HeaderName, q.Render().Header)
	}
}

// The reducer keeps what shows the finding and nothing else: a stand-in
// compiler that rejects atomic capture leaves one atomic segment.
func TestReduce(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles generated programs")
	}
	cc := acctest.NeedCC(t)
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake-accc")
	script := "#!/bin/sh\n" +
		"if grep -q 'atomic capture' prog.c; then echo 'prog.c:1:1: error: atomic capture is not supported'; exit 1; fi\n" +
		"for a; do shift; case $a in -acc=*) ;; *) set -- \"$@\" \"$a\";; esac; done\n" +
		"exec " + cc + " \"$@\"\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Accc: fake, CC: cc, Targets: []string{"host"}}
	var p *progen.Program
	for seed := int64(1); seed < 500 && p == nil; seed++ {
		q := progen.Generate(seed, progen.Options{})
		if m := q.Render().Main; strings.Contains(m, "atomic capture") && strings.Count(m, "static void seg") >= 4 {
			p = q
		}
	}
	if p == nil {
		t.Fatal("no program with an atomic capture among 500 seeds")
	}
	rs, err := cfg.Check(filepath.Join(dir, "check"), p.Render())
	if err != nil || len(rs) != 1 || rs[0].Kind != Rejected {
		t.Fatalf("check: %v %v", rs, err)
	}
	q, qr := cfg.Reduce(filepath.Join(dir, "reduce"), p, "host", rs[0])
	m := q.Render().Main
	if qr.Kind != Rejected || !strings.Contains(m, "atomic capture") {
		t.Fatalf("the reduced program lost the finding: %s\n%s", qr, m)
	}
	if n := strings.Count(m, "static void seg"); n != 1 {
		t.Errorf("reduced program has %d segments, want 1:\n%s", n, m)
	}
	if q.N > 2 {
		t.Errorf("N = %d after reduction, want 1 or 2", q.N)
	}
}

func TestCompileKind(t *testing.T) {
	for _, tc := range []struct {
		out  string
		want Kind
	}{
		{"prog.c:3:4: error: clause 'x' is not allowed", Rejected},
		{"prog.c:3:4: internal error in pass schedule: index out of range", Internal},
		{"panic: runtime error\ngoroutine 1 [running]:", Internal},
		{"prog.c:9:1: error: expected ';'\naccc: error: gcc returned 1 exit status", Generated},
	} {
		if got := compileKind(errExit{}, tc.out); got != tc.want {
			t.Errorf("compileKind(%q) = %s, want %s", tc.out, got, tc.want)
		}
	}
}

type errExit struct{}

func (errExit) Error() string { return "exit status 1" }
