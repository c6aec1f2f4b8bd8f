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
	walkCode(file, src, func(b codeByte) int {
		if b.directive {
			return 0
		}
		switch c := src[b.off]; c {
		case '(', '[':
			stack = append(stack, open{c, b.pos})
		case ')', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
		return 0
	})
	if len(stack) == 0 {
		return diag.Pos{}, 0, false
	}
	o := stack[len(stack)-1]
	return o.pos, o.c, true
}
