package diag

import (
	"fmt"
	"sort"
	"sync"
)

// Pos is a position in a source file. Line and Col are 1-based; Col counts
// bytes, as gcc and clang do. Offset is the 0-based byte offset in the file,
// or -1 when unknown. The zero Pos means "no position".
type Pos struct {
	File   string
	Line   int
	Col    int
	Offset int
}

// IsValid reports whether p names a line in a file.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as file:line:col, omitting what is unknown.
func (p Pos) String() string {
	switch {
	case !p.IsValid() && p.File == "":
		return "<unknown>"
	case !p.IsValid():
		return p.File
	case p.Col <= 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Before reports whether p sorts before q: by file name, line, then column.
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Severity orders diagnostics; only Error fails a compilation.
type Severity uint8

const (
	Remark  Severity = iota // compiler feedback (-Minfo), printed only on request
	Warning                 // suspicious or deprecated input; compilation goes on
	Error                   // the input is rejected; the exit status is 1
)

func (s Severity) String() string {
	switch s {
	case Remark:
		return "remark"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// Code is a stable identifier for a kind of diagnostic, e.g.
// "clause-not-allowed". Every code is a constant of codes.go
// (CodeClauseNotAllowed), documented in docs/diagnostics.md; the codes of
// remarks form the taxonomy of RemarkKinds, whose family (the prefix
// before the first '-') -Minfo selects by.
type Code string

// Related is a secondary position attached to a diagnostic
// ("data region opened here").
type Related struct {
	Pos Pos
	Msg string
}

// A Diagnostic is a message tied to a source position.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Code     Code
	Func     string // enclosing C function, for -Minfo grouping ("" at file scope)
	Region   Pos    // enclosing construct, for -Minfo nesting (zero if none)
	Msg      string
	Related  []Related

	// Nested lists the remark under Region in -Minfo output even when it
	// is on Region's own line. Remarks on other lines than Region's are
	// nested anyway; this only serves NVHPC's layout for a kernel generated
	// at a loop, whose schedule is listed under the loop's own line number.
	Nested bool

	// Neg marks a negative remark: why the compiler did not do something
	// (a loop it could not parallelise). -Mneginfo selects these; -Minfo=par
	// leaves them out. RemarkKind.Neg says which codes are negative.
	Neg bool
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
}

// A Sink receives diagnostics. Passes report to a sink and never print.
type Sink interface {
	Report(Diagnostic)
}

// List is a Sink that keeps every diagnostic it receives. It is safe for
// concurrent use.
type List struct {
	// Policy silences warnings or makes them errors as they arrive
	// (-Wno-CODE, -Werror=CODE), so that HasErrors sees the errors.
	Policy WarningPolicy
	mu     sync.Mutex
	diags  []Diagnostic
}

// Report implements Sink.
func (l *List) Report(d Diagnostic) {
	d, keep := l.Policy.apply(d)
	if !keep {
		return
	}
	l.mu.Lock()
	l.diags = append(l.diags, d)
	l.mu.Unlock()
}

// Errorf reports an error at pos.
func (l *List) Errorf(pos Pos, code Code, format string, args ...any) {
	l.Report(Diagnostic{Pos: pos, Severity: Error, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// Warnf reports a warning at pos.
func (l *List) Warnf(pos Pos, code Code, format string, args ...any) {
	l.Report(Diagnostic{Pos: pos, Severity: Warning, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// HasErrors reports whether any error was reported.
func (l *List) HasErrors() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range l.diags {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Len returns the number of diagnostics reported so far.
func (l *List) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.diags)
}

// Sorted returns the diagnostics in position order with exact duplicates
// (same position, severity and message) removed. Diagnostics without a
// position come first, in the order they were reported.
func (l *List) Sorted() []Diagnostic {
	l.mu.Lock()
	ds := append([]Diagnostic(nil), l.diags...)
	l.mu.Unlock()
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Pos.Before(ds[j].Pos) })
	out := ds[:0]
	for i, d := range ds {
		if i > 0 {
			p := out[len(out)-1]
			if p.Pos == d.Pos && p.Severity == d.Severity && p.Msg == d.Msg {
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

// Func wraps a function as a Sink.
type Func func(Diagnostic)

// Report implements Sink.
func (f Func) Report(d Diagnostic) { f(d) }
