package lower

import (
	"strings"

	"modernc.org/token"

	"github.com/accc-compiler/accc/internal/diag"
)

// Where code was written. Positions of a preprocessed unit (see
// frontend.LoadPreprocessed) are lines of its text, every header included,
// under the main file's name; the unit's line markers say which file each
// line comes from. Questions about that file (is this a system header's
// declaration, is it openacc.h's) go through these functions; questions
// about the unit's text (is this inside that construct) compare positions
// as they are.

// sourceFiles answers where positions of one unit were written.
type sourceFiles struct {
	file  string        // the name the unit's positions carry
	lines *diag.LineMap // nil: positions name their files themselves
}

// writtenIn returns the file pos was written in.
func (s sourceFiles) writtenIn(pos token.Position) string {
	if s.lines != nil && pos.Filename == s.file {
		f, _ := s.lines.Line(pos.Line)
		return f
	}
	return pos.Filename
}

// inMainFile reports whether pos was written in the main file itself (not
// in a header it includes).
func (s sourceFiles) inMainFile(pos token.Position) bool {
	return s.writtenIn(pos) == s.file
}

// inSystemHeader reports whether pos was written in a system header (or
// is one of the C frontend's own predefined sources).
func (s sourceFiles) inSystemHeader(pos token.Position) bool {
	if s.lines != nil && pos.Filename == s.file {
		return s.lines.System(pos.Line)
	}
	return strings.HasPrefix(pos.Filename, "/usr/") || strings.HasPrefix(pos.Filename, "<")
}

// line returns the number of the line, in the file it was written in, of
// line n of the unit's text: the number messages quote.
func (s sourceFiles) line(n int) int {
	if s.lines == nil {
		return n
	}
	_, l := s.lines.Line(n)
	return l
}
