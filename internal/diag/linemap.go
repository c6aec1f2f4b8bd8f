package diag

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
)

// A LineMap maps the lines of a preprocessed translation unit (the output
// of `cc -E`) to the files and lines where they were written, as its line
// markers (`# 12 "file.h" 1 3`) say. accc reads every C file with
// directives as one preprocessed text, so that directives in headers, in
// #include'd .c files and after #line are compiled like any other; positions
// inside accc are lines of that text, and a LineMap turns them back into the
// user's files and lines wherever a position leaves accc (diagnostics,
// #line in generated code, the runtime's error sites).
//
// The nil LineMap is the identity: positions already name the user's files.
type LineMap struct {
	file  string // the name positions in the preprocessed text carry
	marks []mark // by phys, ascending
}

type mark struct {
	phys   int    // the first physical line the marker applies to
	file   string // the file that line was written in
	line   int    // and its line number there
	system bool   // flag 3: a system header
}

// ParseLineMarkers builds the LineMap of text, a preprocessed file whose
// positions carry the name file. Both GNU line markers and #line directives
// count.
func ParseLineMarkers(file string, text []byte) *LineMap {
	m := &LineMap{file: file}
	phys := 0
	for len(text) > 0 {
		phys++
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		if len(line) == 0 || line[0] != '#' {
			continue
		}
		if n, f, flags, ok := parseMarker(string(line)); ok {
			m.marks = append(m.marks, mark{phys: phys + 1, file: f, line: n, system: strings.Contains(flags, "3")})
		}
	}
	return m
}

// parseMarker splits `# N "file" flags` or `#line N "file"`.
func parseMarker(s string) (line int, file, flags string, ok bool) {
	s = strings.TrimLeft(s[1:], " \t")
	s = strings.TrimPrefix(s, "line")
	s = strings.TrimLeft(s, " \t")
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, "", "", false
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil {
		return 0, "", "", false
	}
	rest := strings.TrimLeft(s[i:], " \t")
	if !strings.HasPrefix(rest, `"`) {
		return 0, "", "", false // #line N alone keeps the file: not produced by cc -E
	}
	name, tail, ok := unquoteMarker(rest)
	if !ok {
		return 0, "", "", false
	}
	return n, name, tail, true
}

// unquoteMarker reads the string literal at the start of s as cpp writes
// file names (backslash escapes for \ and ", octal escapes for other bytes)
// and returns it and what follows.
func unquoteMarker(s string) (string, string, bool) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), s[i+1:], true
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] >= '0' && s[i] <= '7' {
				v, j := 0, i
				for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
					v = v*8 + int(s[j]-'0')
					j++
				}
				b.WriteByte(byte(v))
				i = j - 1
				continue
			}
			b.WriteByte(s[i])
		default:
			b.WriteByte(c)
		}
	}
	return "", "", false
}

// File is the name the positions of the preprocessed text carry.
func (m *LineMap) File() string {
	if m == nil {
		return ""
	}
	return m.file
}

func (m *LineMap) find(phys int) (mark, bool) {
	if m == nil {
		return mark{}, false
	}
	i := sort.Search(len(m.marks), func(i int) bool { return m.marks[i].phys > phys }) - 1
	if i < 0 {
		return mark{}, false
	}
	return m.marks[i], true
}

// Line returns the file and line where physical line phys of the
// preprocessed text was written; without a marker before it, the text's own
// name and phys.
func (m *LineMap) Line(phys int) (string, int) {
	k, ok := m.find(phys)
	if !ok {
		return m.File(), phys
	}
	return k.file, k.line + phys - k.phys
}

// System reports whether physical line phys comes from a system header.
func (m *LineMap) System(phys int) bool {
	k, ok := m.find(phys)
	return ok && k.system
}

// Pos maps a position in the preprocessed text to where it was written.
// Other positions, and positions without a line, come back unchanged; the
// column and offset are kept (the offset still indexes the preprocessed
// text).
func (m *LineMap) Pos(p Pos) Pos {
	if m == nil || p.File != m.file || !p.IsValid() {
		return p
	}
	p.File, p.Line = m.Line(p.Line)
	return p
}

// Diagnostic maps every position of d.
func (m *LineMap) Diagnostic(d Diagnostic) Diagnostic {
	if m == nil {
		return d
	}
	d.Pos = m.Pos(d.Pos)
	d.Region = m.Pos(d.Region)
	if len(d.Related) > 0 {
		rel := make([]Related, len(d.Related))
		for i, r := range d.Related {
			r.Pos = m.Pos(r.Pos)
			rel[i] = r
		}
		d.Related = rel
	}
	return d
}

// Sink returns a Sink that maps each diagnostic's positions and passes it
// on to s.
func (m *LineMap) Sink(s Sink) Sink {
	if m == nil {
		return s
	}
	return Func(func(d Diagnostic) { s.Report(m.Diagnostic(d)) })
}
