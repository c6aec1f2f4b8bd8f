package difftest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/progen"
)

func TestMain(m *testing.M) { acctest.Main(m) }

// The bounded differential set of make test: 60 fixed seeds, in packs of
// ten, on the CPU targets. A failure prints the reduced program.
func TestGeneratedPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs generated programs")
	}
	cc := acctest.NeedCC(t)
	accc := acctest.Accc(t)
	cfg := Config{Accc: accc, CC: cc, Targets: []string{"host", "multicore", "emulate"},
		Timeout: acctest.Limit(t, 5*time.Minute)}
	dir := t.TempDir()
	b := Batch{Config: cfg, Seed: 1, Count: 60, Jobs: 2, Pack: 10, Work: dir}
	sum, err := b.Run()
	if err != nil {
		t.Fatal(err)
	}
	if sum.Programs != 60 {
		t.Errorf("%d programs checked, want 60", sum.Programs)
	}
	for _, f := range sum.Findings {
		p := progen.Generate(f.Seed, progen.Options{})
		q, qr := cfg.Reduce(filepath.Join(dir, "reduce"), p, f.Result.Target, f.Result)
		files := q.Render()
		t.Errorf("seed %d: %s\nreduced (%s):\n%s\n--- %s\n%s", f.Seed, f.Result, qr, files.Main, progen.HeaderName, files.Header)
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
		{"prog.c:5:9: error: the loop at line 5 is independent ... [-Werror=race-independent]", Warned},
	} {
		if got := compileKind(errExit{}, tc.out); got != tc.want {
			t.Errorf("compileKind(%q) = %s, want %s", tc.out, got, tc.want)
		}
	}
}

// A static check's warning on a program is a finding of its own kind:
// the generated programs are correct, so it is a false positive. This
// program's race (a[i+1] = a[i] + 1 under parallel loop) stands in.
func TestStaticCheckIsAFinding(t *testing.T) {
	cc := acctest.NeedCC(t)
	cfg := Config{Accc: acctest.Accc(t), CC: cc, Targets: []string{"host"}, Timeout: acctest.Limit(t, time.Minute)}
	files := progen.Files{Header: "", Main: `#include <stdio.h>
static int a[100];
int main(void) {
#pragma acc parallel loop copy(a)
    for (int i = 0; i < 99; i++)
        a[i + 1] = a[i] + 1;
    printf("%d\n", a[99]);
    return 0;
}
`}
	rs, err := cfg.Check(t.TempDir(), files)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || rs[0].Kind != Warned || !strings.Contains(rs[0].Detail, "race-independent") {
		t.Errorf("got %v, want a %s finding naming race-independent", rs, Warned)
	}
}

type errExit struct{}

func (errExit) Error() string { return "exit status 1" }

// A batch past its Until starts nothing, and one with time left checks a
// contiguous run of seeds from Seed on.
func TestUntil(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles generated programs")
	}
	cc := acctest.NeedCC(t)
	dir := t.TempDir()
	cfg := Config{Accc: "/nonexistent", CC: cc, Targets: nil}
	b := Batch{Config: cfg, Seed: 7, Count: 50, Jobs: 2, Pack: 5, Work: dir, Until: time.Now().Add(-time.Second)}
	if sum, err := b.Run(); err != nil || sum.Programs != 0 {
		t.Fatalf("past Until: %d programs checked (%v), want 0", sum.Programs, err)
	}
	b.Until = time.Now().Add(time.Hour)
	b.Count = 10
	if sum, err := b.Run(); err != nil || sum.Programs != 10 {
		t.Fatalf("within Until: %d programs checked (%v), want 10", sum.Programs, err)
	}
}
