package acctest

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
)

// A Want is one expectation of a // want annotation.
type Want struct {
	File        string
	Line        int           // the line the expectation is about
	CommentLine int           // the line of the // want comment (differs with @+N, @-N)
	Severity    diag.Severity // meaningful only if HasSeverity
	HasSeverity bool
	Text        string         // the literal substring, or the regexp's source
	Re          *regexp.Regexp // non-nil for re"…"
}

// String is the expectation as written in the annotation, such as
// "Loop is parallelizable", error:"unknown reduction" or re"kernel \d+".
func (w Want) String() string {
	var b strings.Builder
	if w.HasSeverity {
		b.WriteString(w.Severity.String())
		b.WriteByte(':')
	}
	if w.Re != nil {
		b.WriteString("re")
	}
	b.WriteByte('"')
	for _, r := range w.Text {
		if r == '"' || (r == '\\' && w.Re == nil) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// Matches reports whether d satisfies w, position aside: its severity, if
// w names one, and its message.
func (w Want) Matches(d diag.Diagnostic) bool {
	if w.HasSeverity && d.Severity != w.Severity {
		return false
	}
	if w.Re != nil {
		return w.Re.MatchString(d.Msg)
	}
	return strings.Contains(d.Msg, w.Text)
}

// ParseWants returns the expectations of every // want annotation in src,
// in order. file is the name that diagnostics about src carry. Malformed
// annotations are errors ("file:line: ..."), all of them joined in one.
func ParseWants(file string, src []byte) ([]Want, error) {
	lines := strings.Split(string(src), "\n")
	var wants []Want
	var errs []error
	for i, line := range lines {
		rest, ok := wantComment(line)
		if !ok {
			continue
		}
		lineNo := i + 1
		ws, err := parseWantLine(file, lineNo, len(lines), rest)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: malformed // want annotation: %v", file, lineNo, err))
			continue
		}
		wants = append(wants, ws...)
	}
	return wants, errors.Join(errs...)
}

// wantComment finds a "// want" comment in line and returns the text after
// "want". "// wanted" and "// want_x" are not annotations.
func wantComment(line string) (string, bool) {
	for i := 0; ; {
		j := strings.Index(line[i:], "//")
		if j < 0 {
			return "", false
		}
		i += j + 2
		rest := strings.TrimLeft(line[i:], " \t")
		if !strings.HasPrefix(rest, "want") {
			continue
		}
		rest = rest[len("want"):]
		if rest != "" && isIdentByte(rest[0]) {
			continue
		}
		return rest, true
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// parseWantLine parses what follows "want": an optional @+N or @-N, then
// one or more expectations.
func parseWantLine(file string, line, nlines int, s string) ([]Want, error) {
	target := line
	if strings.HasPrefix(s, "@") {
		end := 1
		for end < len(s) && s[end] != ' ' && s[end] != '\t' {
			end++
		}
		off := s[1:end]
		if len(off) < 2 || (off[0] != '+' && off[0] != '-') {
			return nil, fmt.Errorf("bad line offset %q: want @+N or @-N", s[:end])
		}
		n, err := strconv.Atoi(off)
		if err != nil || n == 0 {
			return nil, fmt.Errorf("bad line offset %q: want @+N or @-N", s[:end])
		}
		target += n
		if target < 1 || target > nlines {
			return nil, fmt.Errorf("line offset %s points outside the file (line %d)", s[:end], target)
		}
		s = s[end:]
	}
	if s != "" && s[0] != ' ' && s[0] != '\t' {
		return nil, fmt.Errorf("unexpected %q after want", s)
	}
	var wants []Want
	for {
		s = strings.TrimLeft(s, " \t\r")
		if s == "" {
			break
		}
		w := Want{File: file, Line: target, CommentLine: line}
		for _, sev := range []diag.Severity{diag.Error, diag.Warning, diag.Remark} {
			if p := sev.String() + ":"; strings.HasPrefix(s, p) {
				w.Severity, w.HasSeverity = sev, true
				s = s[len(p):]
				break
			}
		}
		isRe := strings.HasPrefix(s, `re"`)
		if isRe {
			s = s[2:]
		}
		if !strings.HasPrefix(s, `"`) {
			return nil, fmt.Errorf(`expected "text", re"regexp" or a severity such as error:"text", found %q`, s)
		}
		text, rest, err := unquoteWant(s, isRe)
		if err != nil {
			return nil, err
		}
		s = rest
		if text == "" {
			return nil, errors.New(`empty expectation ""`)
		}
		w.Text = text
		if isRe {
			re, err := regexp.Compile(text)
			if err != nil {
				return nil, err
			}
			w.Re = re
		}
		if s != "" && s[0] != ' ' && s[0] != '\t' && s[0] != '\r' {
			return nil, fmt.Errorf("expected a space after %s, found %q", w, s)
		}
		wants = append(wants, w)
	}
	if len(wants) == 0 {
		return nil, errors.New("no expectations")
	}
	return wants, nil
}

// unquoteWant reads a quoted expectation at the start of s. A backslash
// escapes a double quote; in plain text it also escapes a backslash, and
// otherwise it stands for itself, so that regexps keep theirs (re"\d+").
func unquoteWant(s string, isRe bool) (text, rest string, err error) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), s[i+1:], nil
		case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || (s[i+1] == '\\' && !isRe)):
			b.WriteByte(s[i+1])
			i++
		default:
			b.WriteByte(c)
		}
	}
	return "", "", fmt.Errorf("unterminated string %s", s)
}

// MatchWants checks ds against wants both ways and returns the problems,
// sorted by file and line:
//
//	file:line: unexpected error: msg
//	file:line: no diagnostic was reported matching "text"
//
// Each diagnostic satisfies at most one expectation and each expectation
// at most one diagnostic, on the expectation's line (the best pairing is
// found, so the order of expectations on a line does not matter). The
// line of an unmatched expectation is its comment's; " (for line N)" is
// added when it is about another line. Diagnostics are matched to wants by
// file name, cleaned; related positions are not checked.
func MatchWants(wants []Want, ds []diag.Diagnostic) []string {
	type key struct {
		file string
		line int
	}
	wantsAt := map[key][]int{}
	for i, w := range wants {
		k := key{filepath.Clean(w.File), w.Line}
		wantsAt[k] = append(wantsAt[k], i)
	}
	diagsAt := map[key][]int{}
	var keys []key
	for i, d := range ds {
		k := key{filepath.Clean(d.Pos.File), d.Pos.Line}
		if diagsAt[k] == nil {
			keys = append(keys, k)
		}
		diagsAt[k] = append(diagsAt[k], i)
	}

	type problem struct {
		file string
		line int
		msg  string
	}
	var probs []problem
	wantUsed := make([]bool, len(wants))
	for _, k := range keys {
		di, wi := diagsAt[k], wantsAt[k]
		match := bipartite(len(di), len(wi), func(a, b int) bool { return wants[wi[b]].Matches(ds[di[a]]) })
		for a, b := range match {
			if b >= 0 {
				wantUsed[wi[b]] = true
				continue
			}
			d := ds[di[a]]
			where := "accc"
			if d.Pos.IsValid() || d.Pos.File != "" {
				where = d.Pos.File
				if d.Pos.IsValid() {
					where += ":" + strconv.Itoa(d.Pos.Line)
				}
			}
			probs = append(probs, problem{d.Pos.File, d.Pos.Line,
				fmt.Sprintf("%s: unexpected %s: %s", where, d.Severity, d.Msg)})
		}
	}
	for i, w := range wants {
		if wantUsed[i] {
			continue
		}
		msg := fmt.Sprintf("%s:%d: no diagnostic was reported matching %s", w.File, w.CommentLine, w)
		if w.Line != w.CommentLine {
			msg += fmt.Sprintf(" (for line %d)", w.Line)
		}
		probs = append(probs, problem{w.File, w.CommentLine, msg})
	}
	sort.SliceStable(probs, func(i, j int) bool {
		if probs[i].file != probs[j].file {
			return probs[i].file < probs[j].file
		}
		return probs[i].line < probs[j].line
	})
	out := make([]string, len(probs))
	for i, p := range probs {
		out[i] = p.msg
	}
	return out
}

// bipartite returns a maximum matching between n left and m right nodes:
// match[a] is the right node paired with a, or -1. ok(a, b) says whether a
// and b may pair. Kuhn's algorithm; the sets are the diagnostics and
// expectations of one line, so tiny.
func bipartite(n, m int, ok func(a, b int) bool) []int {
	left := slices.Repeat([]int{-1}, n)
	right := slices.Repeat([]int{-1}, m)
	var try func(a int, seen []bool) bool
	try = func(a int, seen []bool) bool {
		for b := 0; b < m; b++ {
			if seen[b] || !ok(a, b) {
				continue
			}
			seen[b] = true
			if right[b] < 0 || try(right[b], seen) {
				left[a], right[b] = b, a
				return true
			}
		}
		return false
	}
	for a := 0; a < n; a++ {
		try(a, make([]bool, m))
	}
	return left
}

// CheckWants parses the // want annotations of srcs (file name → content,
// the names diagnostics carry) and checks ds against them both ways,
// reporting each malformed annotation and each problem as a test error.
func CheckWants(t testing.TB, srcs map[string][]byte, ds []diag.Diagnostic) {
	t.Helper()
	wants, err := ParseAllWants(srcs)
	if err != nil {
		for _, e := range strings.Split(err.Error(), "\n") {
			t.Error(e)
		}
		return
	}
	for _, p := range MatchWants(wants, ds) {
		t.Error(p)
	}
}

// ParseAllWants is ParseWants over several files, in file name order.
func ParseAllWants(srcs map[string][]byte) ([]Want, error) {
	names := make([]string, 0, len(srcs))
	for name := range srcs {
		names = append(names, name)
	}
	slices.Sort(names)
	var all []Want
	var errs []error
	for _, name := range names {
		ws, err := ParseWants(name, srcs[name])
		all = append(all, ws...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	return all, errors.Join(errs...)
}

// A Recipe is the first line of a test C file, which says what to do with
// it (the Go test directory's convention):
//
//	// errorcheck                 compile; check errors and warnings against // want
//	// minfo -Minfo=accel         compile with these flags; check remarks against // want
//	// run                        build and run; compare stdout with NAME.out
//	// run -acc=emulate           the same, with extra accc flags
//	// skip: reason               do nothing, and say why
type Recipe struct {
	Kind   string   // "errorcheck", "minfo", "run", "skip", ...
	Args   []string // the words after Kind, e.g. ["-Minfo=accel"]; none for skip
	Reason string   // for skip: the text after "skip:"
}

var recipeKind = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// ParseRecipe parses the first line of src as a Recipe. A first line that
// is not a // comment, an unknown-looking kind, or a skip without a reason
// is an error.
func ParseRecipe(src []byte) (Recipe, error) {
	first, _, _ := bytes.Cut(src, []byte("\n"))
	line := strings.TrimSpace(string(first))
	body, ok := strings.CutPrefix(line, "//")
	if !ok {
		return Recipe{}, fmt.Errorf("first line %q is not a recipe such as // run, // errorcheck or // skip: reason", line)
	}
	body = strings.TrimSpace(body)
	if rest, ok := strings.CutPrefix(body, "skip:"); ok {
		reason := strings.TrimSpace(rest)
		if reason == "" {
			return Recipe{}, errors.New("recipe // skip: needs a reason")
		}
		return Recipe{Kind: "skip", Reason: reason}, nil
	}
	f := strings.Fields(body)
	if len(f) == 0 || !recipeKind.MatchString(f[0]) {
		return Recipe{}, fmt.Errorf("first line %q is not a recipe such as // run, // errorcheck or // skip: reason", line)
	}
	if f[0] == "skip" {
		return Recipe{}, errors.New("recipe skip needs a reason: // skip: reason")
	}
	return Recipe{Kind: f[0], Args: f[1:]}, nil
}
