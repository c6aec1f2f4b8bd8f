package driver

import (
	"bytes"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
)

// TestInternalErrorReport checks how an internal error of a pass is
// reported: its position, the pass and the panic's value on one line, the
// request for a bug report, the status of internal errors, and the stack
// of the panic only with ACCC_DEBUG=1.
func TestInternalErrorReport(t *testing.T) {
	ie := &diag.InternalError{Pass: "schedule", Pos: diag.Pos{File: "x.c", Line: 12, Col: 9},
		Err: "runtime error: index out of range [3] with length 3", Stack: []byte("goroutine 1 [running]:\nlower.(*region).schedule\n")}
	for _, debug := range []string{"", "1"} {
		t.Setenv("ACCC_DEBUG", debug)
		var stderr bytes.Buffer
		c := &compilation{stderr: &stderr, current: "x.c"}
		if status := c.internalError(ie); status != exitInternal {
			t.Errorf("ACCC_DEBUG=%q: status %d, want %d", debug, status, exitInternal)
		}
		out := stderr.String()
		first, _, _ := strings.Cut(out, "\n")
		if want := "x.c:12:9: internal error in pass schedule: runtime error: index out of range [3] with length 3"; first != want {
			t.Errorf("ACCC_DEBUG=%q: first line %q, want %q", debug, first, want)
		}
		if !strings.Contains(out, "Please report this bug") {
			t.Errorf("ACCC_DEBUG=%q: no request for a bug report:\n%s", debug, out)
		}
		if got := strings.Contains(out, "goroutine 1 [running]"); got != (debug == "1") {
			t.Errorf("ACCC_DEBUG=%q: stack printed: %v\n%s", debug, got, out)
		}
	}
}

// TestPanicReport checks that any other panic is reported against the
// file being compiled, without a stack unless ACCC_DEBUG=1.
func TestPanicReport(t *testing.T) {
	t.Setenv("ACCC_DEBUG", "")
	var stderr bytes.Buffer
	c := &compilation{stderr: &stderr, current: "y.c"}
	if status := c.internalError("boom"); status != exitInternal {
		t.Errorf("status %d, want %d", status, exitInternal)
	}
	if out := stderr.String(); !strings.HasPrefix(out, "y.c: internal compiler error: boom\n") || strings.Contains(out, "goroutine") {
		t.Errorf("report:\n%s", out)
	}
}
