package driver

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// FuzzBackend takes mutated OpenACC programs (fuzzmut_test.go) through the
// whole compiler for every target, as --emit=source does: the frontend,
// lowering and code generation run in this process, the host compiler
// preprocesses. accc may reject a program, with a positioned error; a
// program it accepts must give a host file that the host compiler accepts
// (cc -fsyntax-only, as the driver compiles it) and, with ACCC_NVCC set, a
// .acc.cu that nvcc compiles. A panic anywhere fails too. A host file the
// host compiler rejects counts only when the program itself, compiled as
// plain C, is accepted: cc/v4 takes some C that gcc does not.
//
// An input is a seed program, by its number among the run and -Minfo
// programs of testdata (fuzzSeedDirs, in order) and fuzzSeed after them,
// and the mutations to make. The programs are not part of the input: the
// fuzzer changes the mutations and the choice of program, which keeps the
// inputs small and their minimisation cheap. Reduced failures are kept as
// programs in testdata, which the run and annotation tests build.
func FuzzBackend(f *testing.F) {
	acctest.NeedCC(f)
	root := acctest.RepoRoot(f)
	var seeds []string
	for _, dir := range fuzzSeedDirs {
		files, err := filepath.Glob(filepath.Join(root, "testdata", dir, "*.c"))
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			seeds = append(seeds, string(src))
		}
	}
	seeds = append(seeds, fuzzSeed)
	own := uint16(len(seeds) - 1)
	f.Add(own, []byte(nil))
	f.Add(own, []byte{1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
	if fuzzing() {
		for i := 0; i < len(seeds); i += 16 {
			f.Add(uint16(i), []byte(nil))
			f.Add(uint16(i+1), []byte{4, 1, 1, 2, 2, 3})
		}
	}
	b := newBackendChecker(f, root)
	f.Fuzz(func(t *testing.T, seed uint16, ops []byte) {
		b.check(t, mutateProgram(seeds[int(seed)%len(seeds)], ops))
	})
}

// fuzzSeedDirs are the directories of testdata whose programs seed
// FuzzBackend.
var fuzzSeedDirs = []string{"run", "acc", "discrete", "minfo"}

// fuzzSeed is a small program of the common constructs.
const fuzzSeed = `#include <stdio.h>
#define N 64
int main(void) {
    double a[N], b[N], s = 0;
    int n = N;
    for (int i = 0; i < n; i++) { a[i] = i; b[i] = 0; }
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
    {
#pragma acc parallel loop reduction(+:s)
        for (int i = 0; i < n; i++) {
            b[i] = 2 * a[i];
            s += a[i];
        }
    }
    printf("%g %g\n", s, b[n - 1]);
    return 0;
}
`

// fuzzing reports whether the test binary runs with -fuzz.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// backendChecker holds what every input's check needs.
type backendChecker struct {
	cc      []string // the host compiler's command
	hdrDir  string
	include []string // -I for the seeds' headers
	nvcc    string   // ACCC_NVCC, or "" to leave the .acc.cu unchecked
}

func newBackendChecker(f *testing.F, root string) *backendChecker {
	cc, err := FindCC()
	if err != nil {
		f.Fatal(err)
	}
	hc := &compilation{cfg: &Config{}, diags: &diag.List{}, work: f.TempDir()}
	hdr, err := hc.headerDir()
	if err != nil {
		f.Fatal(err)
	}
	return &backendChecker{
		cc:      cc,
		hdrDir:  hdr,
		include: []string{filepath.Join(root, "testdata", "run"), filepath.Join(root, "testdata", "minfo")},
		nvcc:    os.Getenv("ACCC_NVCC"),
	}
}

// strictC makes the host compiler reject what newer gccs reject by default
// (gcc 14: implicit declarations, int conversions, incompatible pointers).
var strictC = []string{"-Werror=implicit-function-declaration", "-Werror=implicit-int",
	"-Werror=int-conversion", "-Werror=incompatible-pointer-types"}

// fuzzTargets are the targets each input is compiled for.
var fuzzTargets = []Target{TargetHost, TargetMulticore, TargetEmulate, TargetGPU}

// check compiles src for every target and fails t where accc accepts it
// and the host compiler or nvcc rejects what accc generated.
func (b *backendChecker) check(t *testing.T, src string) {
	dir := t.TempDir()
	in := filepath.Join(dir, "fuzz.c")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	plainOK := 0 // 1: the program compiles as plain C, -1: it does not
	// host and multicore preprocess the file alike (preprocessedFlags:
	// gpu leaves out string.h, emulate adds accrt_emulate.h), and lowering
	// only reads the unit: they share one.
	units := map[Target]*frontend.Unit{}
	for _, target := range fuzzTargets {
		var stderr bytes.Buffer
		c := &compilation{
			cfg: &Config{Inputs: []Input{{Path: in, Kind: InputC}}, Mode: ModeEmitSource, ACC: true, Target: target,
				OptLevel: "-O2", IncludeDirs: b.include},
			stdout: io.Discard,
			stderr: &stderr,
			diags:  &diag.List{},
			run:    &runner{stdout: io.Discard, stderr: &stderr},
			cc:     b.cc,
			work:   dir,
			hdrDir: b.hdrDir,
		}
		flavour := target
		if target == TargetMulticore {
			flavour = TargetHost
		}
		u := units[flavour]
		if u == nil {
			var err error
			if u, err = c.load(in); err != nil {
				b.checkRejected(t, c, target, err, &stderr, src)
				return // the frontend's answer is the same for every target
			}
			units[flavour] = u
		}
		if !c.accelerated(u) {
			return
		}
		g, err := c.generate(in, u)
		if err != nil {
			b.checkRejected(t, c, target, err, &stderr, src)
			continue
		}
		hostC := filepath.Join(dir, "fuzz-"+string(target)+".acc.c")
		if err := os.WriteFile(hostC, g.host, 0o644); err != nil {
			t.Fatal(err)
		}
		argv := append(append([]string{}, b.cc...), "-fsyntax-only", "-fpreprocessed", "-O2")
		if target == TargetMulticore {
			argv = append(argv, "-fopenmp")
		}
		argv = append(argv, strictC...)
		if out, err := exec.Command(argv[0], append(argv[1:], hostC)...).CombinedOutput(); err != nil {
			if plainOK == 0 {
				plainOK = b.plainC(in)
			}
			if plainOK < 0 {
				return
			}
			t.Fatalf("-acc=%s: the host compiler rejects the generated host file:\n%s\n%s", target, firstLines(string(out), 30), numbered(src))
		}
		if g.cu == nil || b.nvcc == "" {
			continue
		}
		cu := filepath.Join(dir, "fuzz.acc.cu")
		if err := os.WriteFile(cu, g.cu, 0o644); err != nil {
			t.Fatal(err)
		}
		nv := []string{b.nvcc, "-c", "-std=c++17", "-arch=sm_90", "-I" + b.hdrDir, "-w", cu, "-o", filepath.Join(dir, "fuzz.cu.o")}
		if g.rdc {
			nv = append(nv, "-rdc=true")
		}
		if out, err := exec.Command(nv[0], nv[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("-acc=gpu: nvcc rejects the generated .acc.cu:\n%s\n%s", firstLines(string(out), 30), numbered(src))
		}
	}
}

// checkRejected checks a rejection: an error of the host preprocessor
// (it reports its own), or accc's errors, each with a position.
func (b *backendChecker) checkRejected(t *testing.T, c *compilation, target Target, err error, stderr *bytes.Buffer, src string) {
	var te *toolError
	if errors.As(err, &te) {
		return
	}
	if !errors.Is(err, errRejected) && !errors.Is(err, frontend.ErrRejected) {
		t.Fatalf("-acc=%s: %v\n%s\n%s", target, err, stderr, numbered(src))
	}
	if !c.diags.HasErrors() {
		t.Fatalf("-acc=%s: rejected without an error\n%s", target, numbered(src))
	}
	for _, d := range c.diags.Sorted() {
		if d.Severity == diag.Error && (!d.Pos.IsValid() || d.Msg == "") {
			t.Fatalf("-acc=%s: an error without a position or a message: %v\n%s", target, d, numbered(src))
		}
	}
}

// plainC reports whether the host compiler accepts in as plain C (the
// directives ignored, openacc.h found): 1 if so, -1 if not.
func (b *backendChecker) plainC(in string) int {
	argv := append(append([]string{}, b.cc...), "-fsyntax-only", "-O2", "-Wno-unknown-pragmas", "-I", b.hdrDir)
	for _, d := range b.include {
		argv = append(argv, "-I"+d)
	}
	argv = append(argv, strictC...)
	if exec.Command(argv[0], append(argv[1:], in)...).Run() != nil {
		return -1
	}
	return 1
}

func firstLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...\n")
	}
	return strings.Join(lines, "")
}

// numbered returns src with line numbers, as failures show it.
func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}
