package acctest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// limitHint says where a time limit came from: the variable name and its
// value d, which Limit scaled.
func limitHint(name string, d time.Duration) string {
	return fmt.Sprintf("%s %v scaled for the load average; $%s multiplies it", name, d, TimeoutScaleEnv)
}

// Time limits for RunProgram on an idle machine, scaled by Limit for the
// load and $ACCC_TEST_TIMEOUT_SCALE. Tests may change them before running.
var (
	CompileTimeout = 5 * time.Minute // one compilation, accc and nvcc included
	RunTimeout     = 2 * time.Minute // one run of a compiled program
)

// Programs returns the run programs of dir (testdata/run): its *.c files,
// sorted by name. A test typically loops over them with t.Run(filepath.Base(f), ...).
func Programs(t testing.TB, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.c"))
	if err != nil {
		t.Fatal(err)
	}
	return files // Glob sorts
}

// ProgramRecipe reads the recipe line of a run program. The words after
// "run" (Recipe.Args) are accc options; tests that compile with accc pass
// them on as extra arguments, tests that compile with plain cc do not.
func ProgramRecipe(t testing.TB, cfile string) Recipe {
	t.Helper()
	src, err := os.ReadFile(cfile)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ParseRecipe(src)
	if err != nil {
		t.Fatalf("%s: %v", cfile, err)
	}
	return r
}

// RunProgram builds the run program cfile with compilerCmd (the compiler
// and its options: {"cc"} or {accc, "-acc=emulate"}) and extraArgs, as
//
//	compilerCmd... extraArgs... -o TMP/NAME cfile -lm
//
// runs it, and compares its standard output, exactly, with the file
// NAME.out next to cfile; a mismatch shows a diff. A program that exits
// non-zero, or that the compiler or the program itself does not finish
// within CompileTimeout or RunTimeout (scaled by Limit), fails. The program
// runs in the test's environment plus OpenMPEnv's settings and those of
// its "// env: NAME=VALUE ..." lines (ProgramEnv). A program whose recipe
// is "// skip: reason" is skipped; one whose recipe is not "// run ..."
// fails.
func RunProgram(t testing.TB, cfile string, compilerCmd []string, extraArgs ...string) {
	t.Helper()
	KnownFailures(nil).RunProgram(t, cfile, compilerCmd, extraArgs...)
}

// KnownFailures lists run programs that are known not to work yet (in one
// configuration: keep a map per compiler and target), from program to
// reason. A program is named by its path as given to RunProgram, with
// slashes, or by its base name ("reduce.c"). Reasons begin "won't fix:" or
// "todo(#N):". A listed program that fails is skipped with its reason; a
// listed program that passes fails the test, so that the list cannot go
// stale.
type KnownFailures map[string]string

// Reason returns why cfile is a known failure, or "".
func (k KnownFailures) Reason(cfile string) string {
	for _, key := range []string{cfile, filepath.ToSlash(cfile), filepath.Base(cfile)} {
		if r, ok := k[key]; ok {
			return r
		}
	}
	return ""
}

// RunProgram is the package's RunProgram, minding the known failures.
func (k KnownFailures) RunProgram(t testing.TB, cfile string, compilerCmd []string, extraArgs ...string) {
	t.Helper()
	k.RunProgramEnvs(t, cfile, [][]string{nil}, compilerCmd, extraArgs...)
}

// RunProgramEnvs is RunProgram with the program built once and run once
// in each of envs, settings NAME=VALUE added to its environment (after
// its "// env:" lines): every run must print NAME.out.
func (k KnownFailures) RunProgramEnvs(t testing.TB, cfile string, envs [][]string, compilerCmd []string, extraArgs ...string) {
	t.Helper()
	reason := k.Reason(cfile)
	if reason != "" && !strings.HasPrefix(reason, "won't fix:") && !strings.HasPrefix(reason, "todo(") {
		t.Errorf("known failure %s: reason %q must begin with \"won't fix:\" or \"todo(#N):\"", cfile, reason)
	}
	skip, err := runProgram(t.TempDir(), cfile, compilerCmd, extraArgs, envs,
		Limit(t, CompileTimeout), Limit(t, RunTimeout))
	switch {
	case skip != "":
		t.Skip(skip)
	case reason == "" && err != nil:
		t.Error(err)
	case reason != "" && err == nil:
		t.Errorf("%s passes but is listed as a known failure (%s): remove it from the list", cfile, reason)
	case reason != "":
		t.Logf("%v", err)
		t.Skipf("known failure: %s", reason)
	}
}

// runProgram does RunProgramEnvs's work in tmp, with the time limits
// compileLimit and runLimit (each run's). It returns a reason to skip, or
// the failure.
func runProgram(tmp, cfile string, compilerCmd, extraArgs []string, envs [][]string, compileLimit, runLimit time.Duration) (skip string, err error) {
	if len(compilerCmd) == 0 {
		return "", errors.New("RunProgram: no compiler command")
	}
	src, err := os.ReadFile(cfile)
	if err != nil {
		return "", err
	}
	r, err := ParseRecipe(src)
	if err != nil {
		return "", fmt.Errorf("%s: %v", cfile, err)
	}
	switch r.Kind {
	case "skip":
		return r.Reason, nil
	case "run":
	default:
		return "", fmt.Errorf("%s: recipe is // %s, want // run or // skip: reason", cfile, r.Kind)
	}
	abs, err := filepath.Abs(cfile)
	if err != nil {
		return "", err
	}
	outFile := strings.TrimSuffix(cfile, filepath.Ext(cfile)) + ".out"
	want, err := os.ReadFile(outFile)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	haveWant := err == nil

	exe := filepath.Join(tmp, strings.TrimSuffix(filepath.Base(cfile), filepath.Ext(cfile)))
	args := append(append(append([]string(nil), compilerCmd[1:]...), extraArgs...), "-o", exe, abs, "-lm")
	ctx, cancel := context.WithTimeout(context.Background(), compileLimit)
	defer cancel()
	cc := exec.CommandContext(ctx, compilerCmd[0], args...)
	cc.Dir = tmp
	if out, err := cc.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("timed out after %v (%s)", compileLimit, limitHint("CompileTimeout", CompileTimeout))
		}
		return "", fmt.Errorf("%s: compiling failed: %v\n$ %s\n%s", cfile, err, shellLine(cc.Args), out)
	}

	env, err := ProgramEnv(src)
	if err != nil {
		return "", fmt.Errorf("%s: %v", cfile, err)
	}
	var errs []error
	for _, extra := range envs {
		name := cfile
		if len(extra) > 0 {
			name = fmt.Sprintf("%s (with %s)", cfile, strings.Join(extra, " "))
		}
		runEnv := append(append(CheckEnv(compilerCmd), env...), extra...)
		errs = append(errs, runOnce(tmp, name, exe, runEnv, runLimit, outFile, want, haveWant))
	}
	return "", errors.Join(errs...)
}

// runOnce runs exe in tmp with env added to the environment and compares
// its output with want, the contents of outFile (if haveWant); name names
// the run in errors.
func runOnce(tmp, name, exe string, env []string, runLimit time.Duration, outFile string, want []byte, haveWant bool) error {
	rctx, rcancel := context.WithTimeout(context.Background(), runLimit)
	defer rcancel()
	run := exec.CommandContext(rctx, exe)
	run.Dir = tmp
	run.Env = append(append(os.Environ(), OpenMPEnv(os.Getenv, runtime.NumCPU())...), env...)
	var stdout, stderr bytes.Buffer
	run.Stdout, run.Stderr = &stdout, &stderr
	err := run.Run()
	if rctx.Err() != nil {
		return fmt.Errorf("%s: timed out after %v (%s)\nstdout:\n%s\nstderr:\n%s", name, runLimit, limitHint("RunTimeout", RunTimeout), stdout.Bytes(), stderr.Bytes())
	}
	if err != nil {
		return fmt.Errorf("%s: %v\nstdout:\n%s\nstderr:\n%s", name, err, stdout.Bytes(), stderr.Bytes())
	}
	if !haveWant {
		return fmt.Errorf("%s: no expected output %s; the program printed:\n%s", name, outFile, stdout.Bytes())
	}
	if d := Diff(outFile, string(want), "stdout", stdout.String()); d != "" {
		msg := fmt.Sprintf("%s: output differs from %s (-want +got):\n%s", name, outFile, d)
		if stderr.Len() > 0 {
			msg += "stderr:\n" + stderr.String()
		}
		return errors.New(msg)
	}
	return nil
}

// ProgramEnv returns the environment settings a run program asks for:
// the NAME=VALUE words of each "// env:" line among the // comment lines
// that open the file, after its recipe line, as in
//
//	// run
//	// env: ACCC_EMULATE_DEVICES=2
//
// (ACCC_EMULATE_DEVICES gives -acc=emulate programs several emulated
// devices). They add to the test's environment, and override it. A word
// that is not NAME=VALUE is an error.
func ProgramEnv(src []byte) ([]string, error) {
	var env []string
	lines := strings.Split(string(src), "\n")
	for _, line := range lines[min(1, len(lines)):] {
		body, ok := strings.CutPrefix(strings.TrimSpace(line), "//")
		if !ok {
			break
		}
		rest, ok := strings.CutPrefix(strings.TrimSpace(body), "env:")
		if !ok {
			continue
		}
		for _, w := range strings.Fields(rest) {
			if name, _, ok := strings.Cut(w, "="); !ok || name == "" {
				return nil, fmt.Errorf("// env: %q is not NAME=VALUE", w)
			}
			env = append(env, w)
		}
	}
	return env, nil
}

// CheckEnv is the environment that turns on the checks of -acc=emulate
// (ACCC_CHECK, runtime/src/check.c: all of them, and stale) for programs
// the compiler command builds for it: every correct program that runs on
// emulate in the tests is also a test that the checks report nothing on a
// correct program. A program's own // env: lines come after, and win
// (testdata/discrete programs that read stale copies on purpose).
func CheckEnv(compilerCmd []string) []string {
	if slices.Contains(compilerCmd, "-acc=emulate") {
		return []string{"ACCC_CHECK=all,stale"}
	}
	return nil
}

// shellLine formats a command for a failure message.
func shellLine(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$*?[]{}()<>|&;#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}
