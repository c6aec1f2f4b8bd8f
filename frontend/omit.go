package frontend

import (
	"bytes"
	"slices"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// omitUnused returns the preprocessed text src with the declarations of
// system headers that nothing needs blanked (spaces for every byte but
// line ends, so offsets, lines and columns stay), and the names they
// declared. A preprocessed unit carries every prototype of <stdio.h>,
// <stdlib.h>, <math.h> (each of them once per floating type), openacc.h
// and accrt.h, and their inline functions and typedefs; the C frontend
// would read, type-check and keep them all, which is most of a small
// file's compile time, and a declaration of a name no other token of the
// unit names takes no part in its meaning. The host compiler still reads
// src whole.
//
// Only what can be decided from the tokens is blanked: a file-scope
// declaration, all of it in system headers, of one of the forms
//
//	[specifiers] NAME ( parameters ) [__attribute__ (...) | __asm__ (...)]... ;
//	[specifiers] NAME ( parameters ) [__attribute__ (...)]... { body }
//	typedef specifiers NAME ;
//	typedef specifiers NAME ( parameters ) [__attribute__ (...)]... ;
//
// with no initializer, no second declarator, no struct, union or enum
// specifier outside the parameters and the body (which could declare a
// tag or enumeration constants at file scope), no directive inside it
// (not even a line marker) and none but line markers just before it (a
// `#pragma acc routine` applies to the declaration after it). Such a
// declaration is blanked when every occurrence of its NAME as a word (in
// any token of src, strings and directives included, or in extra, the
// other sources the frontend reads: <predefined>, <builtin>) is in a
// declaration of NAME of these forms or in one blanked already: an inline
// function that only other unused inline functions call goes too. Not
// blanked: names with the prefix of accc's generated names, which
// CheckReservedNames reports wherever they are declared, and the typedefs
// cc/v4 looks up by name (size_t, ptrdiff_t, wchar_t).
func omitUnused(src []byte, extra ...string) ([]byte, []string) {
	decls := omissibleDecls(src)
	if len(decls) == 0 {
		return src, nil
	}
	// Names by number; each declaration's words that are names.
	index := map[string]int{}
	for _, d := range decls {
		if _, ok := index[d.name]; !ok {
			index[d.name] = len(index)
		}
	}
	words := make([][]int, len(decls))
	own := make([]int, len(decls))     // occurrences of a declaration's NAME in it
	inDecls := make([]int, len(index)) // per name: occurrences in its declarations left
	for i, d := range decls {
		k := index[d.name]
		forEachWord(src[d.start:d.end], func(w []byte) {
			if j, ok := index[string(w)]; ok {
				words[i] = append(words[i], j)
				if j == k {
					own[i]++
				}
			}
		})
		inDecls[k] += own[i]
	}
	total := make([]int, len(index)) // per name: occurrences outside blanked declarations
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
	blanked := make([]bool, len(decls))
	for changed := true; changed; {
		changed = false
		for i, d := range decls {
			if k := index[d.name]; blanked[i] || total[k] != inDecls[k] {
				continue
			}
			blanked[i], changed = true, true
			for _, j := range words[i] {
				total[j]--
			}
			inDecls[index[d.name]] -= own[i]
		}
	}
	var out []byte
	var names []string
	for i, d := range decls {
		if !blanked[i] {
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
		names = append(names, d.name)
	}
	if out == nil {
		return src, nil
	}
	slices.Sort(names)
	return out, slices.Compact(names)
}

// omissibleDecl is a declaration omitUnused may blank: src[start:end]
// declares name.
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
		tagged     bool // the chunk has struct, union or enum outside parentheses and braces
		lineStart  = true
		prevClosed bool // the previous token was ')'
	)
	flush := func() {
		if !keep && len(chunk) > 0 {
			if name, ok := declaredName(chunk); ok {
				decls = append(decls, omissibleDecl{name: name, start: chunk[0].start, end: chunk[len(chunk)-1].end})
			}
		}
		chunk, keep, funcBody, tagged = chunk[:0], false, false, false
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
			i = min(literalEnd(src, i)+1, len(src))
		default:
			t.punct = c
			i++
		}
		t.end = i
		if !system {
			keep = true
		}
		chunk = append(chunk, t)
		if brace == 0 && paren == 0 && isTagWord(t.word) {
			tagged = true
		}
		switch t.punct {
		case '(', '[':
			paren++
		case ')', ']':
			paren--
		case '{':
			if brace == 0 && paren == 0 && prevClosed && !tagged {
				funcBody = true
			}
			brace++
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

// declaredName returns the name chunk declares when the chunk has one of
// omitUnused's forms.
func declaredName(chunk []tok) (string, bool) {
	head := chunk[:len(chunk)-1] // without the ;
	switch chunk[len(chunk)-1].punct {
	case ';':
	case '}':
		b := slices.IndexFunc(chunk, func(t tok) bool { return t.punct == '{' })
		head = chunk[:b]
	default:
		return "", false
	}
	body := len(head) < len(chunk)-1
	// The specifiers and the declarator up to its parameters.
	var name []byte
	typedef := false
	i := 0
	for ; i < len(head) && head[i].punct != '('; i++ {
		t := head[i]
		switch {
		case t.punct == '*':
			name = nil
		case isAttributeWord(t.word):
			j, ok := skipParens(head, i+1)
			if !ok {
				return "", false
			}
			i, name = j-1, nil
		case string(t.word) == "__extension__":
			name = nil
		case string(t.word) == "typedef":
			typedef, name = true, nil
		case t.word != nil && !tagOrStorageWord[string(t.word)]:
			name = t.word
		default:
			return "", false
		}
	}
	if name == nil || typeWord[string(name)] || lookedUpTypedef[string(name)] ||
		bytes.HasPrefix(name, []byte(ir.GenPrefix)) || typedef && body {
		return "", false
	}
	if i == len(head) {
		// No parameters: only a typedef's name is the last word.
		return string(name), typedef && head[i-1].word != nil
	}
	if i == 0 || head[i-1].word == nil {
		return "", false // ( not right after NAME: (*f)(...)
	}
	j, ok := skipParens(head, i)
	if !ok {
		return "", false
	}
	// Attributes and an assembler name, nothing else.
	for j < len(head) {
		w := string(head[j].word)
		if !isAttributeWord(head[j].word) && (body || w != "__asm__" && w != "__asm" && w != "asm") {
			return "", false
		}
		if j, ok = skipParens(head, j+1); !ok {
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

func isTagWord(w []byte) bool {
	return string(w) == "struct" || string(w) == "union" || string(w) == "enum"
}

func isAttributeWord(w []byte) bool {
	return string(w) == "__attribute__" || string(w) == "__attribute"
}

// tagOrStorageWord are the words that make a declaration something other
// than omitUnused's forms: a tag at file scope, a declaration whose
// declarator is not a plain name.
var tagOrStorageWord = map[string]bool{
	"struct": true, "union": true, "enum": true,
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

// lookedUpTypedef are the typedefs cc/v4 looks up by name where the
// builtin ones (__predefined_size_t...) are missing.
var lookedUpTypedef = map[string]bool{"size_t": true, "ptrdiff_t": true, "wchar_t": true}

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
	j := literalEnd(s, 0)
	if j >= len(s) || s[j] != '"' {
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
