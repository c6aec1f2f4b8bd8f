package driver_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// unreachableLoweringErrors are the messages of lowering error sites that
// no C input reaches: defensive checks behind an earlier phase that
// rejects the same input first (and lowering does not run on a file with
// errors). Each is the format string exactly as written in lower/*.go,
// with the reason. An entry that no longer names a site, or that an
// annotation covers after all, fails TestAnnotationsCoverLoweringErrors:
// take it out.
var unreachableLoweringErrors = map[string]string{
	"internal error: the nest re-tiled over its triangle could not be staged": "opt/retile.go's retileStaged admits a nest " +
		"with statements run once per row only where stageLoop's tests (one sequential loop with operands to stage, the same block) pass",
	"%s in %s is not compiled: the host compiler cannot preprocess OpenACC directives (-fopenacc), so only those of %s itself are; use gcc as the host compiler (CC=gcc)": "reached only with a host compiler that " +
		"cannot expand acc pragmas, which the test machines' gcc can; lower's TestDirectiveInHeaderWithoutPreprocessedUnit tests it",
	"'#pragma acc %s' is not supported yet": "builder.directive has a case for every directive kind of the directives table but " +
		"routine, which lower/routine.go handles before it; the default guards kinds the table may add",
	"reduction on '%s' is not supported: '%s' is not a struct or a pointer to a struct": "directives.Check types every member item: " +
		"x.m of a value that is not a struct or union, x->m of one that is not a pointer to one, and a member the struct lacks are " +
		"its errors (\"member reference base ... is not a struct or union\")",
	"cannot determine the type of '%s' in clause '%s'": "directives.Check resolves every clause item first: an undeclared name, " +
		"a name that is not a variable or a member a struct lacks is its error, so exprType finds a type for every item lowering sees",
	"'%s' has more subscripts than its type has dimensions": "directives.Check rejects a subscript or section of a value that is not an " +
		"array or a pointer (\"subscripted value ... is not an array or pointer\", \"array section of ... is not an array or pointer\")",
	"the length of the section of '%s' is unknown; write it: %s[%s:n]": "directives.Check requires a length in a section of a pointer or of an " +
		"array of unknown extent (\"array section of ... needs a length: its extent is unknown\"); lowering sees the same types",
	"'%s' in clause '%s' must be a pointer": "attach and detach items that are not pointers are rejected by directives.Check " +
		"(\"'attach' requires a pointer, but ... has type ...\")",
	"'%s' in clause 'deviceptr' must be a pointer": "directives.Check requires deviceptr items to be variables of pointer type, on " +
		"data constructs and on declare alike (\"'deviceptr' variable ... must have pointer type\")",
	"'%s' in use_device is not declared": "directives.Check reports an undeclared use_device name (\"use of undeclared identifier\") and " +
		"one that is not a variable; Pragma.Lookup finds every variable the checker's scope finds",
	"'%s' is not declared": "a loop directive lies inside its compute construct, and its clauses were checked in its own scope: a " +
		"name visible there is declared in the region (loopVar finds it by walking the region) or visible at the construct (Pragma.Lookup)",
	"reduction operator '%s' cannot be applied to '%s' of type %s": "directives.Check rejects &, | and ^ on floating and complex types, " +
		"the only scalar types reductionTypeOK refuses; other types fail the scalar check with its own message first",
	"the value of enumeration constant '%s' is not known": "cc/v4 gives every enumeration constant an Int64Value or a UInt64Value, or " +
		"reports the enumerator as an error (\"cannot evaluate constant expression\", \"internal error: cc.Float64Value\")",
}

// minWantLiteral is how many characters of a message format's literal
// text an annotation must pin down to count as a test of it (fewer when
// the format has fewer).
const minWantLiteral = 16

// TestAnnotationsCoverLoweringErrors checks that every error that package
// lower can report is tested by a // want annotation in testdata/errors
// or testdata/minfo (the files TestAnnotations runs), so that a new
// lowering error without an annotation test fails.
//
// The error sites are the b.errorf and rg.errorf calls of lower/*.go (any
// call of a method named errorf with the format as its third argument),
// and diag.Diagnostic literals with Severity diag.Error; their formats
// must be string literals. An annotation is `// want error:"text"` or
// `// want "text"` (a regexp, re"…", is not compared). Its text fits a
// format when it can be a substring of a message the format produces, a
// verb (%s, %d, %v, ...) standing for any text, and matches at least
// minWantLiteral characters of the format's literal text (all of them
// when it has fewer). It covers the format it fits best: one of which it
// is a whole message, else one of which it is the beginning of a
// message, else any; among those, the one whose literal text it matches
// most of. An annotation that fits two formats equally well covers
// neither, so write more of the message. Identical formats at several
// sites are one entry.
func TestAnnotationsCoverLoweringErrors(t *testing.T) {
	root := acctest.RepoRoot(t)
	sites := loweringErrorSites(t, root)
	if len(sites) == 0 {
		t.Fatal("found no errorf calls in lower/*.go: has the reporting method been renamed?")
	}
	var formats []string
	for f := range sites {
		formats = append(formats, f)
	}
	slices.Sort(formats)

	files, _ := filepath.Glob(filepath.Join(root, "testdata", "errors", "*.c"))
	more, _ := filepath.Glob(filepath.Join(root, "testdata", "minfo", "*.c"))
	files = append(files, more...)
	covered := map[string][]string{} // format → annotations covering it
	ambiguous := map[string][]string{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, file)
		wants, err := acctest.ParseWants(rel, src)
		if err != nil {
			t.Error(err)
		}
		for _, w := range wants {
			if w.Re != nil || (w.HasSeverity && w.Severity != diag.Error) {
				continue
			}
			var best []string
			bestFit := wantFit{}
			for _, f := range formats {
				fit := fitOf(w.Text, f)
				switch {
				case fit.less(bestFit) || fit.literal == 0:
					continue
				case bestFit.less(fit):
					best, bestFit = nil, fit
				}
				best = append(best, f)
			}
			where := fmt.Sprintf("%s:%d: %s", w.File, w.CommentLine, w)
			switch len(best) {
			case 0:
			case 1:
				covered[best[0]] = append(covered[best[0]], where)
			default:
				for _, f := range best {
					ambiguous[f] = append(ambiguous[f], where)
				}
			}
		}
	}

	n := 0
	for _, f := range formats {
		reason, allowed := unreachableLoweringErrors[f]
		switch {
		case allowed && len(covered[f]) > 0:
			t.Errorf("%s: %q is listed as unreachable (%s), but %s tests it: remove it from unreachableLoweringErrors",
				strings.Join(sites[f], ", "), f, reason, strings.Join(covered[f], "; "))
		case !allowed && len(covered[f]) == 0:
			n++
			msg := fmt.Sprintf("%s: no // want annotation in testdata/errors or testdata/minfo tests the lowering error %q; "+
				"add a case with // want error:\"...\" (or, if no input can reach it, an entry with the reason to unreachableLoweringErrors)",
				strings.Join(sites[f], ", "), f)
			if a := ambiguous[f]; len(a) > 0 {
				msg += fmt.Sprintf(" [these fit it and another format equally well: %s]", strings.Join(a, "; "))
			}
			t.Error(msg)
		}
	}
	for f := range unreachableLoweringErrors {
		if _, ok := sites[f]; !ok {
			t.Errorf("unreachableLoweringErrors lists %q, which no errorf call in lower/*.go reports: remove it", f)
		}
	}
	if testing.Verbose() {
		t.Logf("%d lowering error formats: %d covered by annotations, %d listed as unreachable, %d uncovered",
			len(formats), len(covered), len(unreachableLoweringErrors), n)
	}
}

// loweringErrorSites returns the format of each error that lower/*.go and
// opt/*.go report (test files aside), with its sites as "lower/file.go:line".
func loweringErrorSites(t *testing.T, root string) map[string][]string {
	t.Helper()
	var files []string
	for _, pkg := range []string{"lower", "opt"} { // opt: the IR-only passes report errors too
		fs, err := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	sites := map[string][]string{}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, file)
		rel = filepath.ToSlash(rel)
		add := func(n ast.Node, lit ast.Expr, what string) {
			at := fmt.Sprintf("%s:%d", rel, fset.Position(n.Pos()).Line)
			bl, ok := lit.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING {
				t.Errorf("%s: the format of %s is not a string literal, so no annotation can be matched to it", at, what)
				return
			}
			s, err := strconv.Unquote(bl.Value)
			if err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			sites[s] = append(sites[s], at)
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Name.Name == "errorf" {
				continue // errorf itself passes its caller's format on
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CallExpr:
					if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "errorf" {
						if len(x.Args) < 3 {
							t.Errorf("%s:%d: errorf call with %d arguments, want pos, code, format, ...", rel, fset.Position(x.Pos()).Line, len(x.Args))
							return true
						}
						add(x, x.Args[2], "this errorf call")
					}
				case *ast.CompositeLit:
					if msg := errorDiagnosticMsg(x); msg != nil {
						if call, ok := msg.(*ast.CallExpr); ok && isSelector(call.Fun, "fmt", "Sprintf") && len(call.Args) > 0 {
							msg = call.Args[0]
						}
						add(x, msg, "this diag.Diagnostic's Msg")
					}
				}
				return true
			})
		}
	}
	return sites
}

// errorDiagnosticMsg returns the Msg of a diag.Diagnostic{...} literal
// with Severity: diag.Error, or nil.
func errorDiagnosticMsg(x *ast.CompositeLit) ast.Expr {
	if !isSelector(x.Type, "diag", "Diagnostic") {
		return nil
	}
	var msg ast.Expr
	isErr := false
	for _, e := range x.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch key, _ := kv.Key.(*ast.Ident); {
		case key == nil:
		case key.Name == "Severity":
			isErr = isSelector(kv.Value, "diag", "Error")
		case key.Name == "Msg":
			msg = kv.Value
		}
	}
	if !isErr {
		return nil
	}
	if msg == nil {
		return &ast.BadExpr{} // reported as not a string literal
	}
	return msg
}

func isSelector(x ast.Expr, pkg, name string) bool {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg
}

// A fmtToken is one character of a format's literal text, or a verb.
type fmtToken struct {
	r    rune
	verb bool
}

// fmtTokens splits a Printf format into literal characters and verbs
// (%% is a literal %).
func fmtTokens(format string) []fmtToken {
	var ts []fmtToken
	rs := []rune(format)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '%' {
			ts = append(ts, fmtToken{r: rs[i]})
			continue
		}
		j := i + 1
		for j < len(rs) && strings.ContainsRune("+-# 0123456789.*[]", rs[j]) {
			j++
		}
		if j < len(rs) && rs[j] == '%' && j == i+1 {
			ts = append(ts, fmtToken{r: '%'})
		} else {
			ts = append(ts, fmtToken{verb: true})
		}
		i = j
	}
	return ts
}

func literalLen(format string) int {
	n := 0
	for _, t := range fmtTokens(format) {
		if !t.verb {
			n++
		}
	}
	return n
}

// A wantFit is how well an annotation's text fits a format: whether it
// is a whole message of the format (2), the beginning of one (1) or a
// substring (0), and how many of the format's literal characters it
// matches then (0: it does not fit).
type wantFit struct{ whole, literal int }

func (a wantFit) less(b wantFit) bool {
	return a.whole < b.whole || a.whole == b.whole && a.literal < b.literal
}

// fitOf returns the best fit of text to format that matches enough of
// the format's literal text.
func fitOf(text, format string) wantFit {
	need := min(minWantLiteral, literalLen(format))
	for _, a := range []struct {
		whole      int
		start, end bool
	}{{2, true, true}, {1, true, false}, {0, false, false}} {
		if n := wantScore(text, format, a.start, a.end); n >= need && n > 0 {
			return wantFit{a.whole, n}
		}
	}
	return wantFit{}
}

// wantScore returns how many literal characters of format text matches,
// at best, when text is placed in a message that format produces (each
// verb produces any text): at its start or anywhere, ending at its end or
// anywhere; -1 when text cannot be placed so.
func wantScore(text, format string, atStart, atEnd bool) int {
	ts := fmtTokens(format)
	ws := []rune(text)
	n := len(ts)
	// cur[i]: the most literal characters matched with ws[:k] consumed
	// and ts[i] next (-1: not possible).
	cur := make([]int, n+1)
	next := make([]int, n+1)
	for i := 1; atStart && i <= n; i++ {
		cur[i] = -1
	}
	for k := 0; ; k++ {
		for i := 0; i < n; i++ { // a verb may produce nothing
			if ts[i].verb && cur[i] >= 0 {
				cur[i+1] = max(cur[i+1], cur[i])
			}
		}
		if k == len(ws) {
			break
		}
		for i := range next {
			next[i] = -1
		}
		for i := 0; i < n; i++ {
			switch {
			case cur[i] < 0:
			case ts[i].verb:
				next[i] = max(next[i], cur[i])
			case ts[i].r == ws[k]:
				next[i+1] = max(next[i+1], cur[i]+1)
			}
		}
		cur, next = next, cur
	}
	if atEnd {
		return cur[n]
	}
	return slices.Max(cur)
}
