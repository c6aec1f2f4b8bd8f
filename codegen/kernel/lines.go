package kernel

import (
	"fmt"

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
