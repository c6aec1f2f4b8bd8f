package driver

import (
	"bytes"
	"strings"
)

// OpenACC §2.1: macros in a directive are replaced as in the program's
// text. gcc -fopenacc does so for the directives it knows, and leaves the
// others as written: the PGI Accelerator region and data region (before
// gcc 13 also init, shutdown and set). So the unit is preprocessed with
// -dD, which keeps each #define and #undef where it stands, and
// expandAccMacros replaces macros in every acc pragma line with the
// definitions in force there, then blanks the definitions (the frontend
// and the host compile read expanded text, and line numbers stay).
// Lines gcc expanded already hold no macro names, so they come out as
// they were.
func expandAccMacros(text []byte) []byte {
	if !bytes.Contains(text, []byte("#define")) {
		return text
	}
	macros := map[string]*macro{}
	out := make([]byte, 0, len(text))
	for len(text) > 0 {
		var line []byte
		line, text = nextLine(text)
		body := bytes.TrimRight(line, "\r\n")
		eol := line[len(body):]
		switch {
		case bytes.HasPrefix(body, []byte("#define ")):
			if m := parseDefine(string(body[len("#define "):])); m != nil {
				macros[m.name] = m
			}
			out = append(out, eol...)
		case bytes.HasPrefix(body, []byte("#undef ")):
			delete(macros, strings.TrimSpace(string(body[len("#undef "):])))
			out = append(out, eol...)
		case isAccPragma(body):
			out = append(out, expand(string(body), macros, nil)...)
			out = append(out, eol...)
		default:
			out = append(out, line...)
		}
	}
	return out
}

// nextLine splits text after its first newline: the line, with its
// newline, and the rest.
func nextLine(text []byte) (line, rest []byte) {
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		return text[:i+1], text[i+1:]
	}
	return text, nil
}

func isAccPragma(line []byte) bool {
	if bytes.IndexByte(line, '#') < 0 {
		return false // most lines: no need to split them
	}
	f := strings.Fields(string(line))
	return len(f) >= 2 && f[0] == "#pragma" && f[1] == "acc" ||
		len(f) >= 1 && f[0] == "#" && len(f) >= 3 && f[1] == "pragma" && f[2] == "acc"
}

// A macro is one #define.
type macro struct {
	name     string
	funcLike bool
	params   []string // "__VA_ARGS__" last when variadic
	body     string
}

func parseDefine(s string) *macro {
	n := 0
	for n < len(s) && isIdentByte(s[n], n == 0) {
		n++
	}
	if n == 0 {
		return nil
	}
	m := &macro{name: s[:n]}
	rest := s[n:]
	if strings.HasPrefix(rest, "(") {
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			return nil
		}
		m.funcLike = true
		for _, p := range strings.Split(rest[1:end], ",") {
			p = strings.TrimSpace(p)
			switch {
			case p == "":
			case p == "...":
				m.params = append(m.params, "__VA_ARGS__")
			case strings.HasSuffix(p, "..."): // GNU named variadic
				m.params = append(m.params, strings.TrimSpace(strings.TrimSuffix(p, "...")))
			default:
				m.params = append(m.params, p)
			}
		}
		rest = rest[end+1:]
	}
	m.body = strings.TrimSpace(rest)
	return m
}

func isIdentByte(b byte, first bool) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || !first && b >= '0' && b <= '9'
}

// expand replaces the macros of s that hide does not name (those being
// expanded already, C11 6.10.3.4), rescanning each replacement.
func expand(s string, macros map[string]*macro, hide map[string]bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\'':
			j := skipQuoted(s, i)
			b.WriteString(s[i:j])
			i = j
		case isIdentByte(c, true):
			j := i
			for j < len(s) && isIdentByte(s[j], false) {
				j++
			}
			name := s[i:j]
			m := macros[name]
			if m == nil || hide[name] || (i > 0 && (s[i-1] >= '0' && s[i-1] <= '9' || s[i-1] == '.')) {
				b.WriteString(name)
				i = j
				continue
			}
			inner := with(hide, name)
			if !m.funcLike {
				b.WriteString(expand(m.body, macros, inner))
				i = j
				continue
			}
			k := j
			for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
				k++
			}
			if k >= len(s) || s[k] != '(' {
				b.WriteString(name)
				i = j
				continue
			}
			args, end, ok := splitArgs(s, k)
			if !ok {
				b.WriteString(s[i:])
				return b.String()
			}
			b.WriteString(expand(substitute(m, args, macros, hide), macros, inner))
			i = end
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && (isIdentByte(s[j], false) || s[j] == '.') {
				j++
			}
			b.WriteString(s[i:j])
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

func with(hide map[string]bool, name string) map[string]bool {
	h := map[string]bool{name: true}
	for k := range hide {
		h[k] = true
	}
	return h
}

func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(s)
}

// splitArgs reads the arguments of a call whose '(' is at s[open]: the
// top-level comma-separated texts and the index after ')'.
func splitArgs(s string, open int) ([]string, int, bool) {
	var args []string
	depth, start := 0, open+1
	for j := open; j < len(s); j++ {
		switch s[j] {
		case '"', '\'':
			j = skipQuoted(s, j) - 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				args = append(args, strings.TrimSpace(s[start:j]))
				return args, j + 1, true
			}
		case ',':
			if depth == 1 {
				args = append(args, strings.TrimSpace(s[start:j]))
				start = j + 1
			}
		}
	}
	return nil, 0, false
}

// substitute replaces m's parameters in its body: arguments expanded,
// except as operands of # (a string) and ## (pasted as written).
func substitute(m *macro, args []string, macros map[string]*macro, hide map[string]bool) string {
	if n := len(m.params); n > 0 && m.params[n-1] == "__VA_ARGS__" && len(args) > n {
		args = append(args[:n-1], strings.Join(args[n-1:], ", "))
	}
	arg := func(p string) (string, bool) {
		for k, q := range m.params {
			if q == p {
				if k < len(args) {
					return args[k], true
				}
				return "", true
			}
		}
		return "", false
	}
	body := m.body
	var b strings.Builder
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '"' || c == '\'':
			j := skipQuoted(body, i)
			b.WriteString(body[i:j])
			i = j
		case c == '#' && i+1 < len(body) && body[i+1] == '#':
			// Paste: drop the operator and the spaces around it.
			s := strings.TrimRight(b.String(), " \t")
			b.Reset()
			b.WriteString(s)
			i += 2
			for i < len(body) && (body[i] == ' ' || body[i] == '\t') {
				i++
			}
			j := i
			for j < len(body) && isIdentByte(body[j], false) {
				j++
			}
			if a, ok := arg(body[i:j]); ok {
				b.WriteString(a)
				i = j
			}
		case c == '#':
			j := i + 1
			for j < len(body) && (body[j] == ' ' || body[j] == '\t') {
				j++
			}
			k := j
			for k < len(body) && isIdentByte(body[k], false) {
				k++
			}
			if a, ok := arg(body[j:k]); ok {
				b.WriteString(`"` + strings.ReplaceAll(strings.ReplaceAll(a, `\`, `\\`), `"`, `\"`) + `"`)
				i = k
				continue
			}
			b.WriteByte(c)
			i++
		case isIdentByte(c, true):
			j := i
			for j < len(body) && isIdentByte(body[j], false) {
				j++
			}
			a, ok := arg(body[i:j])
			pasted := strings.HasPrefix(strings.TrimLeft(body[j:], " \t"), "##")
			switch {
			case ok && pasted:
				b.WriteString(a)
			case ok:
				b.WriteString(expand(a, macros, hide))
			default:
				b.WriteString(body[i:j])
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}
