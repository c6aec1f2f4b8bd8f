package kernel

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/internal/diag"
)

// Lines says how generated code maps its lines back to where the user
// wrote them (#line): the IR's line numbers are lines of File, which Map,
// when set, turns into the files and lines of a preprocessed unit's
// sources (headers, #include'd .c files, code after #line).
type Lines struct {
	File string
	Map  *diag.LineMap
	// Markers prints GNU line markers (# N "file") instead of #line: the
	// host file of a preprocessed unit is compiled as preprocessed text
	// (-fpreprocessed), where #line is not a directive.
	Markers bool
	// Generated maps the code accc adds around the user's statements
	// (CPU kernels) away from the lines the statements do not write, so
	// that a debugger's breakpoint on a user line finds the code that
	// line became and nothing else: each iteration's indices to their
	// loops' lines, code a statement needs around it to the statement's,
	// and the rest (a kernel's entry and exit, a loop's control code, a
	// copy of the code that does not carry the user's lines) to the
	// generated file itself (GenMarker).
	Generated bool
}

// At returns the file and line where line n of File was written.
func (l Lines) At(n int) (string, int) {
	if l.Map == nil {
		return l.File, n
	}
	return l.Map.Line(n)
}

// Directive returns the line directive that maps the next line to line n
// of File's sources.
func (l Lines) Directive(n int) string {
	f, m := l.At(n)
	return l.DirectiveAt(f, m)
}

// DirectiveAt returns the line directive that maps the next line to line
// n of file.
func (l Lines) DirectiveAt(file string, n int) string {
	if l.Markers {
		return fmt.Sprintf("# %d %s\n", n, Quote(file))
	}
	return fmt.Sprintf("#line %d %s\n", n, Quote(file))
}

// GenMarker is the line that maps the lines after it to the generated
// file itself (Lines.Generated): the file that holds the code resolves
// it (ResolveGenerated) once it knows the line's number.
const GenMarker = "#line accc-generated\n"

// ResolveGenerated replaces each GenMarker line of text, a whole
// generated file named file, by the line directive that maps the next
// line to its own number in the file. A line directive without flags
// right before the marker, which would map nothing, goes.
func (l Lines) ResolveGenerated(text, file string) string {
	if !strings.Contains(text, GenMarker) {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	out := lines[:0]
	for _, line := range lines {
		if line == GenMarker {
			if n := len(out); n > 0 && plainDirective(out[n-1]) {
				out = out[:n-1]
			}
			line = l.DirectiveAt(file, len(out)+2)
		}
		out = append(out, line)
	}
	return strings.Join(out, "")
}

// plainDirective reports whether line is a line directive without flags,
// as DirectiveAt writes them: #line N "file" or # N "file".
func plainDirective(line string) bool {
	rest, ok := strings.CutPrefix(line, "#line ")
	if !ok {
		rest, ok = strings.CutPrefix(line, "# ")
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if !ok || i == 0 || !strings.HasPrefix(rest[i:], " \"") {
		return false
	}
	return strings.HasSuffix(rest, "\"\n") // flags would follow the name
}

// codeLine reports whether a printed line of generated C may hold code
// that a line directive should place: not a line of braces, else and
// comments alone.
func codeLine(text string) bool {
	t := strings.TrimSpace(text)
	for t != "" {
		switch {
		case t[0] == '{' || t[0] == '}' || t[0] == ' ':
			t = t[1:]
		case strings.HasPrefix(t, "else"):
			t = t[len("else"):]
		case strings.HasPrefix(t, "/*") && strings.Contains(t, "*/"):
			t = t[strings.Index(t, "*/")+2:]
		default:
			return true
		}
	}
	return false
}

// Pin maps each line of text that may hold code, code accc generates
// for a directive, to line n of File's sources, except the bytes of
// text in the ranges keep, which map themselves: a debugger then finds
// the directive's code at the directive's line and nowhere else.
func (l Lines) Pin(text string, n int, keep ...[2]int) string {
	var b strings.Builder
	dir := l.Directive(n)
	for off := 0; off < len(text); {
		line := text[off:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		kept := false
		for _, k := range keep {
			kept = kept || off >= k[0] && off < k[1]
		}
		if !kept && !strings.HasPrefix(line, "#") && codeLine(line) {
			b.WriteString(dir)
		}
		b.WriteString(line)
		off += len(line)
	}
	return b.String()
}
