package driver

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// toolTimeout bounds one external tool run; a hung tool must not hang make.
const toolTimeout = 30 * time.Minute

// runner runs external tools for one invocation, echoing the commands for
// -v and only printing them for -###.
type runner struct {
	verbose bool
	dryRun  bool
	stdout  io.Writer // where a tool's standard output goes (e.g. -E)
	stderr  io.Writer
}

// run executes argv. The tool's stderr is passed through; a non-zero exit
// becomes an error naming the tool.
func (r *runner) run(argv []string, stdout io.Writer) error {
	if r.verbose || r.dryRun {
		fmt.Fprintln(r.stderr, shellQuote(argv))
	}
	if r.dryRun {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), toolTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	if stdout == nil {
		stdout = r.stderr
	}
	cmd.Stdout = stdout
	cmd.Stderr = r.stderr
	cmd.Stdin = nil
	cmd.Env = append(os.Environ(), NestedEnv+"=1")
	err := cleanups.start(cmd)
	if err == nil {
		err = cleanups.wait(cmd)
	}
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return &toolError{tool: argv[0], status: ee.ExitCode()}
		}
		return fmt.Errorf("cannot run %s: %v", argv[0], err)
	}
	return nil
}

// output runs argv and returns its standard output.
func (r *runner) output(argv []string) (string, error) {
	var b bytes.Buffer
	err := r.run(argv, &b)
	return b.String(), err
}

// toolError is a tool that ran and failed; it has printed its own message.
type toolError struct {
	tool   string
	status int
}

func (e *toolError) Error() string {
	return fmt.Sprintf("%s returned %d exit status", e.tool, e.status)
}

// shellQuote renders argv as a shell command line, as -v prints it.
func shellQuote(argv []string) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=,:+@%", r))
		}) < 0 {
			b.WriteString(a)
			continue
		}
		b.WriteString("'" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	return b.String()
}

// newWorkDir creates the private temporary directory of one invocation (in
// $TMPDIR, mode 0700), removed by the returned function or on an interrupt.
func newWorkDir() (string, func(), error) {
	dir, release, err := cleanups.tempDir("", "accc-")
	if err != nil {
		return "", nil, fmt.Errorf("cannot create a temporary directory: %v", err)
	}
	return dir, release, nil
}
