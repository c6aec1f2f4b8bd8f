package lower

import (
	"fmt"
	"strings"
	"time"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// panicIn names a pass that panics before it runs: tests set it to check
// how internal errors are reported.
var panicIn string

// runPass runs pass ps over the region; a panic in it becomes an
// internal error of the pass at the construct (diag.InternalError).
func (rg *region) runPass(ps pass) {
	defer diag.Guard(ps.name, rg.b.userPos(rg.c.Pos))
	if ps.name == panicIn {
		panic("test panic in pass " + ps.name)
	}
	if t := rg.b.opts.PassTimes; t != nil {
		start := time.Now()
		defer func() { t.Add(ps.name, time.Since(start)) }()
	}
	ps.run(rg)
}

// userPos maps pos, a position in the unit's text, to the file and line
// the user wrote.
func (b *builder) userPos(pos diag.Pos) diag.Pos { return b.u.Lines.Pos(pos) }

// verify checks, with Options.VerifyIR, what problems lists (ir.Verify's
// findings after pass, for the construct or routine at pos): any is an
// internal error of the pass.
func (b *builder) verify(pass string, pos diag.Pos, problems func() []ir.Problem) {
	if !b.opts.VerifyIR {
		return
	}
	ps := problems()
	if len(ps) == 0 {
		return
	}
	msgs := make([]string, len(ps))
	for i, p := range ps {
		msgs[i] = fmt.Sprintf("line %d: %s", b.conv.src.line(p.Line), p.Msg)
	}
	panic(&diag.InternalError{Pass: pass, Pos: b.userPos(pos), Err: "invalid IR: " + strings.Join(msgs, "; ")})
}
