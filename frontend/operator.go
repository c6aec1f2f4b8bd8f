package frontend

import (
	"bytes"
	"sort"
	"strings"

	"github.com/accc-compiler/accc/internal/diag"
)

// pragmaOperator is one `_Pragma("acc ...")` found in a source file.
type pragmaOperator struct {
	start, end int      // byte range of `_Pragma ( "..." )`
	litPos     diag.Pos // position of the first byte inside the string literal
	content    string   // the decoded literal
	inDefine   bool     // inside a #define: expanded elsewhere
}

// findPragmaOperators scans C source for _Pragma operators with an "acc"
// operand, skipping comments, and character and string literals.
func findPragmaOperators(file string, src []byte) []pragmaOperator {
	var out []pragmaOperator
	walkCode(file, src, func(b codeByte) int {
		i := b.off
		if src[i] != '_' || !bytes.HasPrefix(src[i:], []byte("_Pragma")) || i > 0 && isIdentByte(src[i-1]) ||
			i+7 < len(src) && isIdentByte(src[i+7]) {
			return 0
		}
		if op, n, ok := parsePragmaOperator(file, src, i, b.pos.Line, b.pos.Col); ok {
			op.inDefine = b.define
			out = append(out, op)
			return n
		}
		if b.define {
			// _Pragma(#x) and the like: the operand is built by the macro,
			// so only the place can be recorded.
			out = append(out, pragmaOperator{start: i, end: i + 7, inDefine: true, litPos: b.pos})
		}
		return 7
	})
	return out
}

// isDefine reports whether the text after '#' starts a #define.
func isDefine(rest []byte) bool {
	s := strings.TrimLeft(string(rest[:min(len(rest), 64)]), " \t")
	return strings.HasPrefix(s, "define") && (len(s) == 6 || !isIdentByte(s[6]))
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// parsePragmaOperator parses `_Pragma ( "acc ..." )` at src[i:]; it returns
// the operator and its length in bytes.
func parsePragmaOperator(file string, src []byte, i, line, col int) (pragmaOperator, int, bool) {
	j := i + len("_Pragma")
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j >= len(src) || src[j] != '(' {
		return pragmaOperator{}, 0, false
	}
	j++
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j >= len(src) || src[j] != '"' {
		return pragmaOperator{}, 0, false
	}
	litCol := col + (j - i) + 1
	j++
	var content strings.Builder
	for j < len(src) && src[j] != '"' && src[j] != '\n' {
		if src[j] == '\\' && j+1 < len(src) && (src[j+1] == '"' || src[j+1] == '\\') {
			j++
		}
		content.WriteByte(src[j])
		j++
	}
	if j >= len(src) || src[j] != '"' {
		return pragmaOperator{}, 0, false
	}
	j++
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j >= len(src) || src[j] != ')' {
		return pragmaOperator{}, 0, false
	}
	j++
	text := content.String()
	if f := strings.Fields(text); len(f) == 0 || f[0] != "acc" {
		return pragmaOperator{}, 0, false
	}
	return pragmaOperator{
		start:   i,
		end:     j,
		litPos:  diag.Pos{File: file, Line: line, Col: litCol, Offset: i + (litCol - col)},
		content: text,
	}, j - i, true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// sortPragmas orders pragmas by file and offset.
func sortPragmas(ps []*Pragma) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i].Pos, ps[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Offset < b.Offset
	})
}
