package frontend

import (
	"bytes"
	"slices"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// omitUnused returns the preprocessed text src with the function
// declarations of system headers that nothing names blanked (spaces for
// every byte but line ends, so offsets, lines and columns stay), and the
// names it blanked. A preprocessed unit carries every prototype of
// <stdio.h>, <stdlib.h>, <math.h> (each of them once per floating type),
// openacc.h and accrt.h; the C frontend would read, type-check and keep
// them all, which is most of a small file's compile time, and a
// declaration no token of the unit names takes no part in its meaning.
// The host compiler still reads src whole.
//
// Only what can be decided from the tokens is blanked: a file-scope
// declaration, all of it in system headers, of the form
//
//	[specifiers] NAME ( parameters ) [__attribute__ (...) | __asm__ (...)]... ;
//
// with no braces, no initializer, no second declarator, no struct, union
// or enum specifier outside the parameters (which could declare a tag at
// file scope), no typedef, no directive inside it (not even a line
// marker) and none but line markers just before it (a `#pragma acc
// routine` applies to the declaration after it). NAME is
// blanked only when every occurrence of it as a word (in any token of
// src, strings and directives included, or in extra, the other sources
// the frontend reads: <predefined>, <builtin>) is inside such
// declarations, and not when it has the prefix of accc's generated names,
// which CheckReservedNames reports wherever they are declared.
func omitUnused(src []byte, extra ...string) ([]byte, []string) {
	decls := omissibleDecls(src)
	if len(decls) == 0 {
		return src, nil
	}
	// Per NAME: its occurrences inside its declarations, and everywhere.
	index := map[string]int{}
	var inDecls, total []int
	for _, d := range decls {
		k, ok := index[d.name]
		if !ok {
			k = len(inDecls)
			index[d.name] = k
			inDecls, total = append(inDecls, 0), append(total, 0)
		}
		inDecls[k] += countWord(src[d.start:d.end], d.name)
	}
	count := func(b []byte) {
		forEachWord(b, func(w []byte) {
			if k, ok := index[string(w)]; ok {
				total[k]++
			}
		})
	}
	count(src)
	for _, e := range extra {
		count([]byte(e))
	}
	var out []byte
	var names []string
	for _, d := range decls {
		if k := index[d.name]; total[k] != inDecls[k] {
			continue
		}
		if out == nil {
			out = bytes.Clone(src)
		}
		for i := d.start; i < d.end; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
		if len(names) == 0 || names[len(names)-1] != d.name {
			names = append(names, d.name)
		}
	}
	if out == nil {
		return src, nil
	}
	slices.Sort(names)
	return out, slices.Compact(names)
}

// omissibleDecl is a declaration omitUnused may blank: src[start:end]
// declares the function name.
type omissibleDecl struct {
	name       string
	start, end int
}

// A tok is one token of the preprocessed text: an identifier (word set),
// a punctuator (punct), or another token (a number, a string or character
// literal).
type tok struct {
	start, end int
	word       []byte // a slice of the text
	punct      byte
}

// omissibleDecls scans src's file-scope declarations and returns those of
// omitUnused's form.
func omissibleDecls(src []byte) []omissibleDecl {
	var (
		decls      []omissibleDecl
		chunk      []tok
		paren      int  // ( and [ depth
		brace      int  // { depth
		system     bool // the current line is in a system header
		keep       bool // the chunk is not to be blanked
		funcBody   bool // the chunk's braces are a function's body
		lineStart  = true
		prevClosed bool // the previous token was ')'
	)
	flush := func() {
		if !keep && len(chunk) > 0 {
			if name, ok := declaredFunction(chunk); ok {
				decls = append(decls, omissibleDecl{name: name, start: chunk[0].start, end: chunk[len(chunk)-1].end})
			}
		}
		chunk, keep, funcBody = chunk[:0], false, false
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '#' && lineStart:
			end := lineEnd(src, i)
			sys, marker := markerSystem(src[i:end])
			switch {
			case len(chunk) > 0:
				keep = true // blanking would blank the directive too
			case !marker:
				keep = true // the next chunk: it may be what the directive is about
			}
			if marker {
				system = sys
			}
			i = end // past the newline: lineStart stays
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			if j := bytes.Index(src[i+2:], []byte("*/")); j >= 0 {
				i += 2 + j + 2
			} else {
				i = len(src)
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			i, lineStart = lineEnd(src, i), true
			continue
		}
		lineStart = false
		t := tok{start: i}
		switch {
		case isIdentByte(c) && !isDigit(c):
			j := i
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			t.word = src[i:j]
			i = j
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			j := i + 1
			for j < len(src) && (isIdentByte(src[j]) || src[j] == '.' ||
				(src[j] == '+' || src[j] == '-') && strings.IndexByte("eEpP", src[j-1]) >= 0) {
				j++
			}
			i = j
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = min(j+1, len(src))
		default:
			t.punct = c
			i++
		}
		t.end = i
		if !system {
			keep = true
		}
		chunk = append(chunk, t)
		switch t.punct {
		case '(', '[':
			paren++
		case ')', ']':
			paren--
		case '{':
			if brace == 0 && paren == 0 && prevClosed {
				funcBody = true
			}
			brace++
			keep = true
		case '}':
			brace--
			if brace == 0 && paren == 0 && funcBody {
				flush()
			}
		case ';':
			if brace == 0 && paren == 0 {
				flush()
			}
		}
		prevClosed = t.punct == ')'
	}
	return decls
}

// declaredFunction returns the function chunk declares when the chunk has
// omitUnused's form.
func declaredFunction(chunk []tok) (string, bool) {
	if chunk[len(chunk)-1].punct != ';' {
		return "", false
	}
	chunk = chunk[:len(chunk)-1]
	var name []byte
	i := 0
	// The specifiers and the declarator up to its parameters.
	for ; i < len(chunk); i++ {
		t := chunk[i]
		switch {
		case t.punct == '*':
			name = nil
		case t.punct == '(':
			if name == nil {
				return "", false
			}
		case isAttributeWord(t.word):
			j, ok := skipParens(chunk, i+1)
			if !ok {
				return "", false
			}
			i, name = j-1, nil
			continue
		case string(t.word) == "__extension__":
			name = nil
		case t.word != nil && !tagOrStorageWord[string(t.word)]:
			name = t.word
		default:
			return "", false
		}
		if t.punct == '(' {
			break
		}
	}
	if i == len(chunk) || typeWord[string(name)] || bytes.HasPrefix(name, []byte(ir.GenPrefix)) {
		return "", false
	}
	j, ok := skipParens(chunk, i)
	if !ok {
		return "", false
	}
	// Attributes and an assembler name, nothing else.
	for j < len(chunk) {
		if w := string(chunk[j].word); !isAttributeWord(chunk[j].word) && w != "__asm__" && w != "__asm" && w != "asm" {
			return "", false
		}
		if j, ok = skipParens(chunk, j+1); !ok {
			return "", false
		}
	}
	return string(name), true
}

// skipParens returns the index after the balanced parentheses that start
// at chunk[i]; false when chunk[i] is not '(' or they do not close.
func skipParens(chunk []tok, i int) (int, bool) {
	if i >= len(chunk) || chunk[i].punct != '(' {
		return 0, false
	}
	depth := 0
	for ; i < len(chunk); i++ {
		switch chunk[i].punct {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return 0, false
}

func isAttributeWord(w []byte) bool {
	return string(w) == "__attribute__" || string(w) == "__attribute"
}

// tagOrStorageWord are the words that make a declaration something other
// than omitUnused's form: a tag at file scope, a typedef, a declaration
// whose declarator is not a plain name.
var tagOrStorageWord = map[string]bool{
	"struct": true, "union": true, "enum": true, "typedef": true,
	"_Static_assert": true, "static_assert": true,
	"typeof": true, "__typeof__": true, "__typeof": true, "typeof_unqual": true, "__typeof_unqual__": true,
	"_Alignas": true, "alignas": true, "__declspec": true, "_Pragma": true,
	"__asm__": true, "__asm": true, "asm": true,
}

// typeWord are the keywords that cannot name a function.
var typeWord = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true, "double": true,
	"signed": true, "unsigned": true, "_Bool": true, "bool": true, "_Complex": true, "__complex__": true,
	"const": true, "volatile": true, "restrict": true, "__restrict": true, "__restrict__": true,
	"inline": true, "__inline": true, "__inline__": true, "static": true, "extern": true,
	"register": true, "auto": true, "_Noreturn": true, "_Thread_local": true, "__thread": true,
	"__int128": true, "_Float16": true, "_Float32": true, "_Float64": true, "_Float128": true,
	"_Float32x": true, "_Float64x": true, "__float128": true, "_Atomic": true, "__const": true,
	"__volatile__": true, "__signed__": true, "sizeof": true, "_Alignof": true, "__alignof__": true,
}

// markerSystem reads a line marker (# 12 "file" 1 3): whether its flags
// say a system header; false when line is another directive.
func markerSystem(line []byte) (system, ok bool) {
	s := bytes.TrimLeft(line[1:], " \t")
	s = bytes.TrimPrefix(s, []byte("line"))
	s = bytes.TrimLeft(s, " \t")
	if len(s) == 0 || !isDigit(s[0]) {
		return false, false
	}
	for len(s) > 0 && isDigit(s[0]) {
		s = s[1:]
	}
	s = bytes.TrimLeft(s, " \t")
	if len(s) == 0 || s[0] != '"' {
		return false, len(s) == 0
	}
	j := 1
	for j < len(s) && s[j] != '"' {
		if s[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(s) {
		return false, false
	}
	for _, f := range bytes.Fields(s[j+1:]) {
		if string(f) == "3" {
			return true, true
		}
	}
	return false, true
}

// forEachWord calls f with each identifier-like word of b (a run of
// identifier characters not starting with a digit, and not inside a
// number).
func forEachWord(b []byte, f func([]byte)) {
	for i := 0; i < len(b); {
		if !isIdentByte(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && isIdentByte(b[j]) {
			j++
		}
		if !isDigit(b[i]) {
			f(b[i:j])
		}
		i = j
	}
}

// countWord counts the occurrences of the word w in b.
func countWord(b []byte, w string) int {
	n := 0
	forEachWord(b, func(x []byte) {
		if string(x) == w {
			n++
		}
	})
	return n
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
