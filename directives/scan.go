package directives

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/accc-compiler/accc/internal/diag"
)

// puncts lists the C punctuators (C11 §6.4.6), longest first within each
// leading byte so that Scan takes the longest match.
var puncts = []string{
	"%:%:", "...", "<<=", ">>=",
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
	"<:", ":>", "<%", "%>", "%:",
	"[", "]", "(", ")", "{", "}", ".", "&", "*", "+", "-", "~", "!",
	"/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#",
}

// digraphs maps the C digraphs to the punctuators they stand for.
var digraphs = map[string]string{"<:": "[", ":>": "]", "<%": "{", "%>": "}", "%:": "#", "%:%:": "##"}

// scanner walks directive text keeping the position of the next byte.
type scanner struct {
	src  string
	i    int
	pos  diag.Pos
	sink diag.Sink
}

// Scan splits directive text (everything after "#pragma", starting with
// "acc") into preprocessing tokens; start is the position of src[0].
// Comments and backslash-newlines are skipped; a bad character or an
// unterminated literal is reported to sink and skipped.
func Scan(src string, start diag.Pos, sink diag.Sink) []Token {
	s := &scanner{src: src, pos: start, sink: sink}
	var toks []Token
	for {
		s.skipSpace()
		if s.i >= len(s.src) {
			return toks
		}
		pos := s.pos
		c := s.src[s.i]
		var text string
		switch {
		case isIdentStart(c):
			j := s.i
			for j < len(s.src) && isIdentChar(s.src[j]) {
				j++
			}
			if j < len(s.src) && (s.src[j] == '\'' || s.src[j] == '"') && isLiteralPrefix(s.src[s.i:j]) {
				text = s.literal(j)
			} else {
				text = s.take(j)
			}
		case isDigit(c) || c == '.' && s.i+1 < len(s.src) && isDigit(s.src[s.i+1]):
			text = s.number()
		case c == '\'' || c == '"':
			text = s.literal(s.i)
		default:
			text = s.punct()
		}
		if text != "" {
			toks = append(toks, Token{Text: text, Pos: pos})
		}
	}
}

func isLiteralPrefix(s string) bool { return s == "L" || s == "u" || s == "U" || s == "u8" }

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (s *scanner) errorf(pos diag.Pos, format string, args ...any) {
	if s.sink != nil {
		s.sink.Report(diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: diag.CodeDirectiveSyntax, Msg: fmt.Sprintf(format, args...)})
	}
}

// advance moves past one byte, updating the position.
func (s *scanner) advance() {
	if s.src[s.i] == '\n' {
		s.pos.Line++
		s.pos.Col = 1
	} else {
		s.pos.Col++
	}
	if s.pos.Offset >= 0 {
		s.pos.Offset++
	}
	s.i++
}

// take returns src[i:j] and moves to j; the text holds no newline.
func (s *scanner) take(j int) string {
	t := s.src[s.i:j]
	for s.i < j {
		s.advance()
	}
	return t
}

// skipSpace skips white space, comments and backslash-newlines.
func (s *scanner) skipSpace() {
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			s.advance()
		case c == '\\' && s.i+1 < len(s.src) && (s.src[s.i+1] == '\n' || s.src[s.i+1] == '\r'):
			s.advance()
		case strings.HasPrefix(s.src[s.i:], "//"):
			for s.i < len(s.src) && s.src[s.i] != '\n' {
				s.advance()
			}
		case strings.HasPrefix(s.src[s.i:], "/*"):
			pos := s.pos
			end := strings.Index(s.src[s.i+2:], "*/")
			if end < 0 {
				s.errorf(pos, "unterminated comment")
				for s.i < len(s.src) {
					s.advance()
				}
				return
			}
			for j := s.i + 2 + end + 2; s.i < j; {
				s.advance()
			}
		default:
			return
		}
	}
}

// number scans a pp-number (C11 §6.4.8): digits, letters, '.', '_' and
// sign characters after an exponent letter.
func (s *scanner) number() string {
	j := s.i
	for j < len(s.src) {
		c := s.src[j]
		if (c == '+' || c == '-') && j > s.i && strings.ContainsRune("eEpP", rune(s.src[j-1])) {
			j++
			continue
		}
		if !isIdentChar(c) && c != '.' {
			break
		}
		j++
	}
	return s.take(j)
}

// literal scans a character or string literal whose quote is at q
// (after an optional encoding prefix starting at s.i).
func (s *scanner) literal(q int) string {
	start, pos := s.i, s.pos
	quote := s.src[q]
	j := q + 1
	for j < len(s.src) && s.src[j] != quote && s.src[j] != '\n' {
		if s.src[j] == '\\' && j+1 < len(s.src) {
			j++
		}
		j++
	}
	if j >= len(s.src) || s.src[j] != quote {
		kind := "string"
		if quote == '\'' {
			kind = "character"
		}
		s.errorf(pos, "unterminated %s literal", kind)
		s.take(j)
		return ""
	}
	s.take(j + 1)
	return s.src[start : j+1]
}

// punct scans the longest punctuator at the current byte.
func (s *scanner) punct() string {
	rest := s.src[s.i:]
	for _, p := range puncts {
		if strings.HasPrefix(rest, p) {
			s.take(s.i + len(p))
			if d, ok := digraphs[p]; ok {
				return d
			}
			return p
		}
	}
	pos := s.pos
	r, n := utf8.DecodeRuneInString(rest)
	s.errorf(pos, "invalid character %q in directive", r)
	for k := 0; k < n && s.i < len(s.src); k++ {
		s.advance()
	}
	return ""
}
