package difftest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/internal/progen"
)

// Config says how to compile and run programs.
type Config struct {
	Accc    string   // the accc binary
	CC      string   // the oracle's C compiler (default cc)
	Targets []string // accc -acc= targets: host, multicore, emulate, gpu
	Flags   []string // flags for both compilers (default -O1)
	// GPUFlags are added for -acc=gpu (default -gpu=cc90).
	GPUFlags []string
	// CompileOnly compiles every target without running (gpu without a GPU).
	CompileOnly bool
	Timeout     time.Duration // one compilation or run (default 3 min: tiny programs, but busy machines)
}

func (c *Config) defaults() {
	if c.CC == "" {
		c.CC = "cc"
	}
	if len(c.Flags) == 0 {
		c.Flags = []string{"-O1"}
	}
	if len(c.GPUFlags) == 0 {
		c.GPUFlags = []string{"-gpu=cc90"}
	}
	if c.Timeout == 0 {
		c.Timeout = 3 * time.Minute
	}
}

// A Kind classifies a finding.
type Kind string

const (
	OK        Kind = "ok"
	Mismatch  Kind = "mismatch"  // the output differs from the oracle's
	Crash     Kind = "crash"     // the program exited non-zero or by a signal
	Timeout   Kind = "timeout"   // a compilation or run took longer than Config.Timeout
	Rejected  Kind = "rejected"  // accc reported an error on the valid program
	Generated Kind = "generated" // the host compiler or nvcc rejected accc's generated code
	Internal  Kind = "internal"  // accc panicked or reported an internal error
	Warned    Kind = "warned"    // a static check (diag.StaticChecks) warned about the valid program: a false positive
	Oracle    Kind = "oracle"    // the plain compiler or run failed: a generator bug
)

// A Result is one target's outcome.
type Result struct {
	Target string
	Kind   Kind
	Detail string // the first lines of the message or of the difference
}

func (r Result) String() string {
	if r.Kind == OK {
		return r.Target + ": ok"
	}
	return fmt.Sprintf("%s: %s: %s", r.Target, r.Kind, r.Detail)
}

// Check writes files to dir and runs the oracle and every target.
func (c Config) Check(dir string, files progen.Files) ([]Result, error) {
	c.defaults()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, progen.MainName), []byte(files.Main), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, progen.HeaderName), []byte(files.Header), 0o644); err != nil {
		return nil, err
	}
	want, r := c.build(dir, "oracle", append([]string{c.CC}, c.Flags...))
	if r.Kind != OK {
		r.Kind = Oracle
		return []Result{r}, nil
	}
	var rs []Result
	for _, t := range c.Targets {
		argv := append([]string{c.Accc, "-acc=" + t}, c.Flags...)
		// A static check that fires on a generated program is a
		// finding: -Werror=CODE makes it fail the compilation.
		for _, code := range diag.StaticChecks {
			argv = append(argv, "-Werror="+string(code))
		}
		if t == "gpu" {
			argv = append(argv, c.GPUFlags...)
		}
		got, r := c.build(dir, t, argv)
		if r.Kind == OK && !c.CompileOnly && got != want {
			r = Result{Target: t, Kind: Mismatch, Detail: firstDifference(want, got)}
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// build compiles prog.c with argv into dir/name and runs it.
func (c Config) build(dir, name string, argv []string) (string, Result) {
	exe := filepath.Join(dir, name)
	argv = append(argv, "-o", exe, progen.MainName, "-lm")
	out, err := c.run(dir, argv...)
	if err != nil {
		return "", Result{Target: name, Kind: compileKind(err, out), Detail: firstLines(out, 6)}
	}
	if c.CompileOnly && name != "oracle" {
		return "", Result{Target: name, Kind: OK}
	}
	stdout, err := c.runOut(dir, exe)
	if err != nil {
		k := Crash
		if errors.Is(err, context.DeadlineExceeded) {
			k = Timeout
		}
		return stdout, Result{Target: name, Kind: k, Detail: err.Error()}
	}
	os.Remove(exe)
	return stdout, Result{Target: name, Kind: OK}
}

var internalRE = regexp.MustCompile(`(?i)internal error|panic:|goroutine \d+`)

func compileKind(err error, out string) Kind {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return Timeout
	case internalRE.MatchString(out):
		return Internal
	case strings.Contains(out, "[-Werror="):
		return Warned
	case strings.Contains(out, "exit status") || strings.Contains(out, ".cu(") || strings.Contains(out, ".acc.c:"):
		return Generated
	}
	return Rejected
}

// run runs argv in dir and returns its combined output.
func (c Config) run(dir string, argv ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	// accc checks its IR after each lowering pass (--verify-ir).
	cmd.Env = append(os.Environ(), "ACCC_VERIFY_IR=1")
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	err := cmd.Run()
	if ctx.Err() != nil {
		return b.String(), ctx.Err()
	}
	return b.String(), err
}

// runOut runs a compiled program and returns its standard output; its
// standard error goes into the error.
func (c Config) runOut(dir, exe string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Dir = dir
	// ACCC_CHECK: the checks of -acc=emulate (other targets ignore it),
	// race included (not part of all: it costs more); a report on a
	// generated program, which is correct, is a finding.
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=2", "OMP_WAIT_POLICY=passive", "ACCC_CHECK=all,stale,race")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ctx.Err() != nil {
		return o.String(), ctx.Err()
	}
	if err != nil {
		return o.String(), fmt.Errorf("%v: %s", err, firstLines(e.String(), 4))
	}
	return o.String(), nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// firstDifference names the first output line that differs.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for k := 0; k < len(w) || k < len(g); k++ {
		var a, b string
		if k < len(w) {
			a = w[k]
		}
		if k < len(g) {
			b = g[k]
		}
		if a != b {
			return fmt.Sprintf("line %d: want %q, got %q", k+1, a, b)
		}
	}
	return "outputs differ"
}
