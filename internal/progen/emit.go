package progen

import (
	"fmt"
	"strings"
)

// An emitter writes one segment's C: its file-scope declarations (top)
// and its function (body), and names the optional clauses it writes so a
// reducer can drop them (Program.Drop).
type emitter struct {
	top, decls, body strings.Builder
	indent           int
	seg              int
	nopt             int
	declared         map[string]bool // variables declared at the function's top
	drop             map[string]bool
	style            int // pragmaLine, pragmaOperator or pragmaMacro
	nmacro           int
	prefix           string // of file-scope names: programs packed in one file
}

// line writes one line of the function at the current indentation.
func (e *emitter) line(format string, args ...any) {
	e.body.WriteString(strings.Repeat("    ", e.indent))
	fmt.Fprintf(&e.body, format, args...)
	e.body.WriteByte('\n')
}

// open writes a line that opens a block; "" opens a bare block.
func (e *emitter) open(format string, args ...any) {
	if format == "" {
		e.line("{")
	} else {
		e.line(format+" {", args...)
	}
	e.indent++
}

// insert writes lines generated apart (emitter.sub) at the current
// indentation.
func (e *emitter) insert(text string) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	min := -1
	for _, l := range lines {
		if n := len(l) - len(strings.TrimLeft(l, " ")); l != "" && (min < 0 || n < min) {
			min = n
		}
	}
	for _, l := range lines {
		if l == "" {
			continue
		}
		e.body.WriteString(strings.Repeat("    ", e.indent))
		e.body.WriteString(l[min:])
		e.body.WriteByte('\n')
	}
}

// declOnce declares a variable the segment's constructs share (a loop
// index declared outside its loops).
func (e *emitter) declOnce(name, text string) {
	if e.declared == nil {
		e.declared = map[string]bool{}
	}
	if !e.declared[name] {
		e.declared[name] = true
		e.decl("%s", text)
	}
}

// decl writes a declaration at the top of the segment's function.
func (e *emitter) decl(format string, args ...any) {
	e.decls.WriteString("    ")
	fmt.Fprintf(&e.decls, format, args...)
	e.decls.WriteByte('\n')
}

func (e *emitter) close() {
	e.indent--
	e.line("}")
}

// topf writes file-scope text.
func (e *emitter) topf(format string, args ...any) {
	fmt.Fprintf(&e.top, format, args...)
	e.top.WriteByte('\n')
}

// opt is clause unless the reducer dropped it; optional clauses are those
// whose absence keeps the program well defined (schedules, sizes, hints,
// explicit copies of arrays whose implicit copy is the same).
func (e *emitter) opt(clause string) string {
	e.nopt++
	if clause == "" || e.drop[e.optName(e.nopt)] {
		return ""
	}
	return clause
}

func (e *emitter) optName(k int) string { return fmt.Sprintf("s%d.c%d", e.seg, k) }

// pragma writes #pragma acc with the clauses that are not empty, in the
// segment's style: a #pragma line, the _Pragma operator, or a macro that
// expands to _Pragma (OpenACC §2.1: macros in directives are expanded
// where the directive stands).
func (e *emitter) pragma(directive string, clauses ...string) {
	text := pragmaText(directive, clauses)
	switch e.style {
	case pragmaOperator:
		e.line("_Pragma(\"%s\")", strings.TrimPrefix(text, "#pragma "))
	case pragmaMacro:
		e.nmacro++
		name := fmt.Sprintf("%sACC_S%d_%d", e.prefix, e.seg, e.nmacro)
		e.topf("#define %s _Pragma(\"%s\")", name, strings.TrimPrefix(text, "#pragma "))
		e.line("%s", name)
	default:
		e.line("%s", text)
	}
}

// How a segment writes its directives.
const (
	pragmaLine = iota
	pragmaOperator
	pragmaMacro
)

func pragmaText(directive string, clauses []string) string {
	s := "#pragma acc " + directive
	for _, c := range clauses {
		if c != "" {
			s += " " + c
		}
	}
	return s
}
