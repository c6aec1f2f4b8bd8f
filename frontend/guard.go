package frontend

import (
	"bytes"
	"errors"
	"time"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/internal/diag"
)

// cc/v4 (v4.31.0) can loop forever on some malformed input: inside a
// declarator whose pointer is followed by garbage up to the end of the file,
// its parser keeps shifting the EOF token (parser.go, typeQualifierList).
// accc guards against that three ways: an unclosed '(' or '[' at the end of
// the main file is reported before cc/v4 runs; endSentinel follows the main
// file so that the loop meets an identifier before EOF; and any other run of
// cc/v4 longer than translateTimeout is reported as an error instead of
// hanging the build.

// blankEmptyPragmaOperators returns src with every `_Pragma("")` (an
// operand of white space only) replaced by spaces of the same length, or src
// itself if there is none. An empty pragma does nothing, but cc/v4's
// preprocessor scans its operand forever waiting for a newline
// (cpp.go, parsePragma).
func blankEmptyPragmaOperators(src []byte) []byte {
	var out []byte
	for i := 0; i+len("_Pragma") <= len(src); i++ {
		if src[i] != '_' || !bytes.HasPrefix(src[i:], []byte("_Pragma")) || i > 0 && isIdentByte(src[i-1]) {
			continue
		}
		j := skipBlanks(src, i+len("_Pragma"))
		if j >= len(src) || src[j] != '(' {
			continue
		}
		j = skipBlanks(src, j+1)
		if j >= len(src) || src[j] != '"' {
			continue
		}
		k := skipBlanks(src, j+1)
		if k >= len(src) || src[k] != '"' {
			continue
		}
		k = skipBlanks(src, k+1)
		if k >= len(src) || src[k] != ')' {
			continue
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for n := i; n <= k; n++ {
			out[n] = ' '
		}
		i = k
	}
	if out == nil {
		return src
	}
	return out
}

func skipBlanks(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// endSentinel is a declaration cc/v4 reads after the main file (the host
// compiler never sees it). It is valid C after any complete translation
// unit, and its `static` ends cc/v4's type-qualifier loop.
var endSentinel = cc.Source{Name: "<accc-end>", Value: "\nstatic int __accc_end_of_translation_unit;\n"}

// translateTimeout bounds one cc/v4 run; real translation units take
// milliseconds to seconds.
var translateTimeout = 120 * time.Second

// errTranslateTimeout is a cc/v4 run that did not finish.
var errTranslateTimeout = errors.New("the C frontend did not finish")

// translateGuarded runs cc.Translate with the timeout; a panic inside cc/v4
// becomes a *frontendPanic.
func translateGuarded(cfg *cc.Config, sources []cc.Source) (*cc.AST, error) {
	type result struct {
		ast *cc.AST
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{err: &frontendPanic{r}}
			}
		}()
		ast, err := cc.Translate(cfg, sources)
		done <- result{ast, err}
	}()
	timer := time.NewTimer(translateTimeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.ast, r.err
	case <-timer.C:
		return nil, errTranslateTimeout
	}
}

// unclosedBracket finds a '(' or '[' of src still open at the end of the
// file, skipping comments, literals and preprocessor lines. Braces are not
// checked: macros such as `#define BEGIN {` make them legitimately unbalanced
// in the source text.
func unclosedBracket(file string, src []byte) (diag.Pos, byte, bool) {
	type open struct {
		c   byte
		pos diag.Pos
	}
	var stack []open
	line, col := 1, 1
	atLineStart, inDirective := true, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		pos := diag.Pos{File: file, Line: line, Col: col, Offset: i}
		step := func(n int) {
			for k := 0; k < n && i < len(src); k++ {
				if src[i] == '\n' {
					line++
					col = 1
				} else {
					col++
				}
				i++
			}
			i-- // the loop's i++
		}
		switch {
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			step(2)
			continue
		case c == '\n':
			atLineStart, inDirective = true, false
			line++
			col = 1
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			col++
			continue
		case c == '#' && atLineStart:
			inDirective = true
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			n := 0
			for i+n < len(src) && src[i+n] != '\n' {
				n++
			}
			step(n)
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			n := 2
			for i+n < len(src) && !(src[i+n] == '*' && i+n+1 < len(src) && src[i+n+1] == '/') {
				n++
			}
			step(n + 2)
			atLineStart = false
			continue
		case c == '"' || c == '\'':
			n := 1
			for i+n < len(src) && src[i+n] != c && src[i+n] != '\n' {
				if src[i+n] == '\\' {
					n++
				}
				n++
			}
			step(n + 1)
			atLineStart = false
			continue
		case inDirective:
		case c == '(' || c == '[':
			stack = append(stack, open{c, pos})
		case c == ')' || c == ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
		atLineStart = false
		col++
	}
	if len(stack) == 0 {
		return diag.Pos{}, 0, false
	}
	o := stack[len(stack)-1]
	return o.pos, o.c, true
}
