package diag_test

import (
	"go/ast"
	"go/build"
	"go/constant"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
)

// TestWarningCodesListed checks that the code of every warning the
// module's Go code reports (a diag.Diagnostic literal with Severity
// diag.Warning) is one IsWarningCode knows: -Wno-CODE and -Werror=CODE
// (cmd/accc) accept exactly those.
func TestWarningCodesListed(t *testing.T) {
	root := repoRoot(t)
	m := newModuleChecker(t, root)
	scope := m.pkg(t, m.module+"/internal/diag").Scope()
	found := 0
	for _, dir := range m.dirs(t) {
		bp, err := build.ImportDir(dir, 0)
		if err != nil {
			continue
		}
		for _, f := range m.parse(t, dir, bp.GoFiles) {
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				var warning bool
				var code string
				for _, e := range lit.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					key, _ := kv.Key.(*ast.Ident)
					name := ""
					switch v := kv.Value.(type) {
					case *ast.SelectorExpr:
						name = v.Sel.Name
					case *ast.Ident:
						name = v.Name
					}
					switch {
					case key == nil:
					case key.Name == "Severity":
						warning = name == "Warning"
					case key.Name == "Code":
						code = name
					}
				}
				if !warning || code == "" {
					return true
				}
				c, ok := scope.Lookup(code).(*types.Const)
				if !ok {
					return true // a variable (Warnf's code)
				}
				found++
				if v := diag.Code(constant.StringVal(c.Val())); !diag.IsWarningCode(v) {
					t.Errorf("%s: a warning with code %q, which IsWarningCode does not list (internal/diag/warnings.go)",
						filepath.Base(m.fset.Position(lit.Pos()).Filename), v)
				}
				return true
			})
		}
	}
	if found < 8 {
		t.Errorf("found %d warnings in the module's code; expected more: does the scan work?", found)
	}
}

func TestWarningPolicy(t *testing.T) {
	l := &diag.List{Policy: diag.WarningPolicy{Off: map[diag.Code]bool{diag.CodeDataMovement: true}, Error: map[diag.Code]bool{diag.CodeCacheReadonly: true}}}
	for _, d := range []diag.Diagnostic{
		{Severity: diag.Warning, Code: diag.CodeDataPointer, Msg: "a"},
		{Severity: diag.Warning, Code: diag.CodeDataMovement, Msg: "b"},
		{Severity: diag.Error, Code: diag.CodeDataMovement, Msg: "c"},
	} {
		l.Report(d)
	}
	if l.HasErrors() != true || l.Len() != 2 {
		t.Fatalf("%v: want the error and the data-pointer warning", l.Sorted())
	}
	l = &diag.List{Policy: diag.WarningPolicy{Error: map[diag.Code]bool{diag.CodeCacheReadonly: true}}}
	l.Report(diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeCacheReadonly, Msg: "d"})
	got := l.Sorted()
	want := diag.Diagnostic{Severity: diag.Error, Code: diag.CodeCacheReadonly, Msg: "d [-Werror=cache-readonly]"}
	if !l.HasErrors() || len(got) != 1 || got[0].Severity != want.Severity || got[0].Msg != want.Msg {
		t.Errorf("got %v, want %v", got, want)
	}

	// -w drops every warning; -Werror makes each an error but those
	// -Wno-error=CODE names and the command line's own.
	l = &diag.List{Policy: diag.WarningPolicy{None: true}}
	l.Report(diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeRaceIndependent, Msg: "e"})
	l.Report(diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeDriver, Msg: "f"})
	if l.Len() != 0 {
		t.Errorf("-w: %v, want nothing", l.Sorted())
	}
	l = &diag.List{Policy: diag.WarningPolicy{Errors: true, NoError: map[diag.Code]bool{diag.CodeDataStale: true}}}
	l.Report(diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeRaceIndependent, Msg: "g"})
	l.Report(diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeDataStale, Msg: "h"})
	l.Report(diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeDriver, Msg: "i"})
	var sev []string
	for _, d := range l.Sorted() {
		sev = append(sev, d.Msg+":"+d.Severity.String())
	}
	if got, want := strings.Join(sev, " "), "g [-Werror]:error h:warning i:warning"; got != want {
		t.Errorf("-Werror: %s, want %s", got, want)
	}
}
