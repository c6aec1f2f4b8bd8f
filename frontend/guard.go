package frontend

import (
	"bytes"
	"errors"
	"strings"
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

// unterminatedPragmaOperand finds a `_Pragma("...")` whose operand, read
// as the tokens of a pragma line (C11 6.10.9: destringized, then
// translation phase 3), ends inside a character constant, a string literal
// or a comment, or whose line a final backslash splices away. cc/v4's
// preprocessor reads such an operand forever waiting for the end of its
// line (cpp.go, parsePragma), so it is an error before cc/v4 runs. It
// returns the operator's position and what the operand ends in.
func unterminatedPragmaOperand(file string, src []byte) (diag.Pos, string, bool) {
	var pos diag.Pos
	var what string
	if !bytes.Contains(src, []byte("_Pragma")) {
		return pos, what, false // no operator: no scan of the unit
	}
	walkCode(file, src, func(b codeByte) int {
		i := b.off
		if what != "" || src[i] != '_' || !bytes.HasPrefix(src[i:], []byte("_Pragma")) || i > 0 && isIdentByte(src[i-1]) {
			return 0
		}
		j := skipBlanks(src, i+len("_Pragma"))
		if j >= len(src) || src[j] != '(' {
			return 0
		}
		j = skipBlanks(src, j+1)
		if j >= len(src) || src[j] != '"' {
			return 0
		}
		k := literalEnd(src, j)
		if k >= len(src) || src[k] != '"' {
			return 0 // not a string literal: cc/v4 reports it
		}
		// Destringized as cc/v4 does it.
		op := strings.ReplaceAll(string(src[j+1:k]), `\"`, `"`)
		op = strings.ReplaceAll(op, `\\`, `\`)
		if w := pragmaOperandEnd(op); w != "" {
			pos, what = b.pos, w
		}
		return k + 1 - i
	})
	return pos, what, what != ""
}

// pragmaOperandEnd returns what a destringized _Pragma operand ends inside
// when its pragma line never ends ("a comment", ...), or "" when it does.
// An empty operand is blankEmptyPragmaOperators' case.
func pragmaOperandEnd(op string) string {
	if op == "" {
		return ""
	}
	// cc/v4 ends a source with a newline, then splices lines.
	if !strings.HasSuffix(op, "\n") {
		op += "\n"
	}
	op = strings.ReplaceAll(op, "\\\n", "")
	if !strings.Contains(op, "\n") {
		return "a line splice"
	}
	for i := 0; i < len(op); i++ {
		switch c := op[i]; {
		case c == '\n', c == '/' && strings.HasPrefix(op[i:], "//"):
			return ""
		case c == '/' && strings.HasPrefix(op[i:], "/*"):
			n := strings.Index(op[i+2:], "*/")
			if n < 0 {
				return "a comment"
			}
			i += n + 3
		case c == '\'' || c == '"':
			j := literalEnd(op, i)
			if j >= len(op) || op[j] != c {
				if c == '\'' {
					return "a character constant"
				}
				return "a string literal"
			}
			i = j
		}
	}
	return ""
}

// panicPosition finds where in the main file a cc/v4 panic comes from, for
// its diagnostic: the start of the first top-level declaration whose text
// makes cc/v4 panic, found by translating ever shorter prefixes of the
// file (cc/v4 parses and checks declarations in order). sources are those
// of the failed run; main is the index of the main file among them.
func panicPosition(cfg *cc.Config, sources []cc.Source, main int, file string, src []byte) diag.Pos {
	quiet := *cfg
	quiet.PragmaHandler = func([]cc.Token) error { return nil }
	starts := declarationStarts(file, src)
	panics := func(k int) bool {
		prefix := append([]cc.Source(nil), sources...)
		// Capped: cc/v4 appends a newline to a source that has none.
		prefix[main].Value = blankEmptyPragmaOperators(src[:starts[k]:starts[k]])
		_, err := translateGuarded(&quiet, prefix)
		var fp *frontendPanic
		return errors.As(err, &fp)
	}
	// The smallest k such that the prefix up to declaration k panics; the
	// whole file (k = len(starts)) does.
	lo, hi := 1, len(starts)
	for lo < hi {
		mid := (lo + hi) / 2
		if panics(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return offsetPos(file, src, starts[lo-1])
}

// declarationStarts returns the offsets in src where a top-level
// declaration may start: the first byte of code, and each first byte of
// code after a ';' or '}' outside braces and parentheses.
func declarationStarts(file string, src []byte) []int {
	starts := []int{0}
	depth, after := 0, false
	walkCode(file, src, func(b codeByte) int {
		if b.directive {
			return 0
		}
		c := src[b.off]
		if after && depth == 0 && b.off > starts[len(starts)-1] {
			starts = append(starts, b.off)
		}
		after = false
		switch c {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth = max(depth-1, 0)
		}
		after = depth == 0 && (c == ';' || c == '}')
		return 0
	})
	return starts
}

// offsetPos returns the position of byte off of src.
func offsetPos(file string, src []byte, off int) diag.Pos {
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return diag.Pos{File: file, Line: line, Col: col, Offset: off}
}
