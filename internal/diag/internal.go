package diag

import (
	"fmt"
	"runtime/debug"
)

// An InternalError is a failure of accc itself while it compiles one
// construct: a panic in one of its passes, or IR that the verifier
// (ir.Verify) finds broken after a pass. Pos is the construct's position
// as the user wrote it, Pass the pass's name, Err the panic's value or
// the verifier's finding, and Stack, for a panic, the goroutine's stack
// where it happened. The driver reports it as
//
//	x.c:12:5: internal error in pass schedule: <Err>
//
// and exits with the status of internal errors, printing Stack only on
// request (ACCC_DEBUG=1).
type InternalError struct {
	Pass  string
	Pos   Pos
	Err   any
	Stack []byte
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("%s: internal error in pass %s: %v", e.Pos, e.Pass, e.Err)
}

// Guard, deferred, turns a panic of the function that defers it into an
// *InternalError of pass at pos, and panics with that; a panic that is
// an *InternalError already (from a pass inside) goes on unchanged.
//
//	defer diag.Guard("schedule", pos)
func Guard(pass string, pos Pos) {
	r := recover()
	if r == nil {
		return
	}
	if _, ok := r.(*InternalError); ok {
		panic(r)
	}
	panic(&InternalError{Pass: pass, Pos: pos, Err: r, Stack: debug.Stack()})
}
