package driver

import "bytes"

// hasAccPragma reports whether preprocessed text holds what may be an
// OpenACC directive: a line `#pragma acc`, or _Pragma("acc ...") where a
// macro body still holds one (the words may be separated by blanks and
// tabs; acc ends a word). A scan of the lines, not a regular expression,
// which took a tenth of a small file's compile time on the headers before
// its first directive.
func hasAccPragma(text []byte) bool {
	for rest := text; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		s := skipBlanks(line)
		if len(s) == 0 || s[0] != '#' {
			continue
		}
		s = skipBlanks(s[1:])
		if !bytes.HasPrefix(s, []byte("pragma")) {
			continue
		}
		s = s[len("pragma"):]
		if t := skipBlanks(s); len(t) < len(s) && accWord(t) {
			return true
		}
	}
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte("_Pragma"))
		if j < 0 {
			return false
		}
		i += j + len("_Pragma")
		s := skipBlanks(text[i:])
		if len(s) == 0 || s[0] != '(' {
			continue
		}
		s = skipBlanks(s[1:])
		if len(s) == 0 || s[0] != '"' {
			continue
		}
		if accWord(skipBlanks(s[1:])) {
			return true
		}
	}
}

// skipBlanks returns s after its leading blanks and tabs.
func skipBlanks(s []byte) []byte {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	return s
}

// accWord reports whether s begins with the word acc.
func accWord(s []byte) bool {
	if !bytes.HasPrefix(s, []byte("acc")) {
		return false
	}
	if len(s) == 3 {
		return true
	}
	c := s[3]
	return !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9')
}
