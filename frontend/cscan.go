package frontend

import "github.com/accc-compiler/accc/internal/diag"

// codeByte is one byte of C source outside comments and character and
// string literals, as walkCode reports it.
type codeByte struct {
	off       int
	pos       diag.Pos
	directive bool // on a preprocessor line (continuations included)
	define    bool // on a #define line
}

// walkCode calls visit for every byte of src that is C code: not white
// space, not in a comment and not in a character or string literal (the
// opening quote is reported, so callers can look at a literal themselves).
// visit returns how many bytes it consumed; 0 means one.
func walkCode(file string, src []byte, visit func(b codeByte) int) {
	line, col := 1, 1
	atLineStart, directive, define := true, false, false
	advance := func(i, n int) int {
		for k := 0; k < n && i < len(src); k++ {
			if src[i] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			i++
		}
		return i
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i = advance(i, 2)
			continue
		case c == '\n':
			atLineStart, directive, define = true, false, false
			i = advance(i, 1)
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i = advance(i, 1)
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i = advance(i, 1)
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i = advance(i, 2)
			for i < len(src) && !(src[i] == '*' && i+1 < len(src) && src[i+1] == '/') {
				i = advance(i, 1)
			}
			i = advance(i, 2)
			continue
		case c == '#' && atLineStart:
			directive, define = true, isDefine(src[i+1:])
		}
		atLineStart = false
		n := visit(codeByte{off: i, pos: diag.Pos{File: file, Line: line, Col: col, Offset: i}, directive: directive, define: define})
		if n > 0 {
			i = advance(i, n)
			continue
		}
		if c == '"' || c == '\'' {
			i = advance(i, literalEnd(src, i)+1-i)
			continue
		}
		i = advance(i, 1)
	}
}
