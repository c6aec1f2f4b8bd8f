package acctest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// program writes NAME.c and, if out is not nil, NAME.out into dir.
func program(t *testing.T, dir, name, src string, out *string) string {
	t.Helper()
	c := filepath.Join(dir, name+".c")
	if err := os.WriteFile(c, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := os.WriteFile(filepath.Join(dir, name+".out"), []byte(*out), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

func ptr(s string) *string { return &s }

const hello = `// run
#include <stdio.h>
#include <math.h>
int main(void) {
	printf("sum %d\n", 1 + 2);
	printf("sqrt %.3f\n", sqrt(2.0));
	return 0;
}
`

func TestRunProgram(t *testing.T) {
	cc := NeedCC(t)
	dir := t.TempDir()
	ok := program(t, dir, "ok", hello, ptr("sum 3\nsqrt 1.414\n"))
	wrong := program(t, dir, "wrong", hello, ptr("sum 4\nsqrt 1.414\n"))
	noOut := program(t, dir, "noout", hello, nil)
	skip := program(t, dir, "skip", "// skip: not today\nint main(void) { return 0; }\n", nil)
	notRun := program(t, dir, "notrun", "// errorcheck\nint main(void) { return 0; }\n", nil)
	bad := program(t, dir, "bad", "// run\nint main(void) { return undefined_thing; }\n", ptr(""))
	exit := program(t, dir, "exit", "// run\n#include <stdio.h>\nint main(void) { fprintf(stderr, \"boom\\n\"); return 3; }\n", ptr(""))

	if got := Programs(t, dir); len(got) != 7 || filepath.Base(got[0]) != "bad.c" {
		t.Errorf("Programs = %q", got)
	}

	f := capture(t, func(tb testing.TB) { RunProgram(tb, ok, []string{cc}) })
	if len(f.errs) != 0 || f.skipped != "" {
		t.Errorf("ok: %+v", f)
	}

	f = capture(t, func(tb testing.TB) { RunProgram(tb, wrong, []string{cc}, "-O1") })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "output differs from") ||
		!strings.Contains(f.errs[0], "@@ -1,2 +1,2 @@\n-sum 4\n+sum 3\n sqrt 1.414\n") {
		t.Errorf("wrong: %q", f.errs)
	}

	f = capture(t, func(tb testing.TB) { RunProgram(tb, noOut, []string{cc}) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "no expected output") || !strings.Contains(f.errs[0], "sum 3\n") {
		t.Errorf("noout: %q", f.errs)
	}

	f = capture(t, func(tb testing.TB) { RunProgram(tb, skip, []string{cc}) })
	if f.skipped != "not today" {
		t.Errorf("skip: %+v", f)
	}

	f = capture(t, func(tb testing.TB) { RunProgram(tb, notRun, []string{cc}) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "recipe is // errorcheck") {
		t.Errorf("notrun: %q", f.errs)
	}

	f = capture(t, func(tb testing.TB) { RunProgram(tb, bad, []string{cc}) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "compiling failed") || !strings.Contains(f.errs[0], "undefined_thing") {
		t.Errorf("bad: %q", f.errs)
	}

	f = capture(t, func(tb testing.TB) { RunProgram(tb, exit, []string{cc}) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "exit status 3") || !strings.Contains(f.errs[0], "boom") {
		t.Errorf("exit: %q", f.errs)
	}

	// Known failures: a failing listed program is skipped with its reason,
	// a passing one fails, and a reason must say what kind it is.
	known := KnownFailures{"wrong.c": "todo(#12): wrong sum", filepath.ToSlash(ok): "won't fix: just because"}
	f = capture(t, func(tb testing.TB) { known.RunProgram(tb, wrong, []string{cc}) })
	if len(f.errs) != 0 || f.skipped != "known failure: todo(#12): wrong sum" || len(f.logs) != 1 {
		t.Errorf("known failure: %+v", f)
	}
	f = capture(t, func(tb testing.TB) { known.RunProgram(tb, ok, []string{cc}) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "passes but is listed as a known failure (won't fix: just because)") {
		t.Errorf("unexpected pass: %q", f.errs)
	}
	known = KnownFailures{"wrong.c": "it is broken"}
	f = capture(t, func(tb testing.TB) { known.RunProgram(tb, wrong, []string{cc}) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], `must begin with "won't fix:" or "todo(#N):"`) {
		t.Errorf("bad reason: %q", f.errs)
	}
}

func TestRunProgramTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a timeout")
	}
	cc := NeedCC(t)
	dir := t.TempDir()
	loop := program(t, dir, "loop", "// run\nint main(void) { for (;;) ; }\n", ptr(""))
	defer func(d time.Duration) { RunTimeout = d }(RunTimeout)
	RunTimeout = 500 * time.Millisecond
	f := capture(t, func(tb testing.TB) { RunProgram(tb, loop, []string{cc}) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "timed out after ") || !strings.Contains(f.errs[0], "(RunTimeout 500ms scaled") {
		t.Errorf("loop: %q", f.errs)
	}
}

// A program's // env: lines set its environment.
func TestRunProgramEnv(t *testing.T) {
	cc := NeedCC(t)
	dir := t.TempDir()
	const src = `// run
// env: ACCTEST_A=1 ACCTEST_B=two=2
/* the comment lines end here */
// env: ACCTEST_C=3
#include <stdio.h>
#include <stdlib.h>
int main(void) {
	const char *c = getenv("ACCTEST_C");
	printf("%s %s %s\n", getenv("ACCTEST_A"), getenv("ACCTEST_B"), c ? c : "unset");
	return 0;
}
`
	env := program(t, dir, "env", src, ptr("1 two=2 unset\n"))
	f := capture(t, func(tb testing.TB) { RunProgram(tb, env, []string{cc}) })
	if len(f.errs) != 0 || f.skipped != "" {
		t.Errorf("env: %+v", f)
	}
	bad := program(t, dir, "badenv", "// run\n// env: NOVALUE\nint main(void) { return 0; }\n", ptr(""))
	f = capture(t, func(tb testing.TB) { RunProgram(tb, bad, []string{cc}) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], `// env: "NOVALUE" is not NAME=VALUE`) {
		t.Errorf("badenv: %q", f.errs)
	}
}

func TestProgramRecipe(t *testing.T) {
	dir := t.TempDir()
	c := program(t, dir, "p", "// run -acc=emulate\nint main(void) { return 0; }\n", nil)
	if r := ProgramRecipe(t, c); r.Kind != "run" || len(r.Args) != 1 || r.Args[0] != "-acc=emulate" {
		t.Errorf("ProgramRecipe = %+v", r)
	}
}

func TestShellLine(t *testing.T) {
	if got := shellLine([]string{"cc", "-o", "a b", "it's", ""}); got != `cc -o 'a b' 'it'\''s' ''` {
		t.Errorf("shellLine = %s", got)
	}
}
