package kernel

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmitterNamesNoDialect checks that the emitter the dialects share
// tells them apart only through the dialect interface: outside
// dialect.go and the dialect_*.go files, no code names a Dialect
// constant, compares or switches on a Dialect value, or asserts a
// dialect's concrete type.
func TestEmitterNamesNoDialect(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasPrefix(name, "dialect") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, bad := range dialectBranches(f) {
			t.Errorf("%s: %s outside the dialects", fset.Position(bad.Pos()), describeNode(src, fset, bad))
		}
	}
	if checked < 4 {
		t.Fatalf("checked %d files: the package's files moved?", checked)
	}
}

// TestDialectBranchesFound checks that dialectBranches finds each kind
// of dialect branch it looks for.
func TestDialectBranchesFound(t *testing.T) {
	src := `package kernel
func f(d Dialect, x dialect) {
	if d == CUDA {}
	switch d {}
	var e = d
	if e != 0 {}
	if _, ok := x.(cudaDialect); ok {}
	switch x.(type) { case cDialect: }
	g(d)
}`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	// d == CUDA counts twice (the comparison and the constant), then
	// switch d, e != 0, the assertion and the type switch; g(d) passes
	// the dialect on.
	if got := len(dialectBranches(f)); got != 6 {
		t.Errorf("found %d branches, want 6", got)
	}
}

// dialectBranches returns the places in f that tell dialects apart: the
// Dialect constants, comparisons and switches of variables of type
// Dialect, and type assertions and switches naming a dialect type.
func dialectBranches(f *ast.File) []ast.Node {
	dialectVars := map[*ast.Object]bool{}
	isDialectType := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		return ok && id.Name == "Dialect"
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Field:
			if isDialectType(x.Type) {
				for _, id := range x.Names {
					dialectVars[id.Obj] = true
				}
			}
		case *ast.ValueSpec:
			if isDialectType(x.Type) {
				for _, id := range x.Names {
					dialectVars[id.Obj] = true
				}
			}
		}
		return true
	})
	// Variables assigned a Dialect variable are Dialect variables.
	for changed := true; changed; {
		changed = false
		ast.Inspect(f, func(n ast.Node) bool {
			var lhs, rhs []ast.Expr
			switch x := n.(type) {
			case *ast.AssignStmt:
				lhs, rhs = x.Lhs, x.Rhs
			case *ast.ValueSpec:
				for _, id := range x.Names {
					lhs = append(lhs, id)
				}
				rhs = x.Values
			}
			for i := 0; i < len(lhs) && i < len(rhs); i++ {
				l, lok := lhs[i].(*ast.Ident)
				r, rok := rhs[i].(*ast.Ident)
				if lok && rok && l.Obj != nil && dialectVars[r.Obj] && !dialectVars[l.Obj] {
					dialectVars[l.Obj] = true
					changed = true
				}
			}
			return true
		})
	}
	isDialectVar := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		return ok && id.Obj != nil && dialectVars[id.Obj]
	}
	concrete := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		return ok && strings.HasSuffix(id.Name, "Dialect") && id.Name != "Dialect"
	}
	var out []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Ident:
			switch x.Name {
			case "CUDA", "OpenMP", "CPU":
				out = append(out, x)
			}
		case *ast.BinaryExpr:
			if (x.Op == token.EQL || x.Op == token.NEQ) && (isDialectVar(x.X) || isDialectVar(x.Y)) {
				out = append(out, x)
			}
		case *ast.SwitchStmt:
			if x.Tag != nil && isDialectVar(x.Tag) {
				out = append(out, x)
			}
		case *ast.TypeAssertExpr:
			if x.Type != nil && concrete(x.Type) {
				out = append(out, x)
			}
		case *ast.TypeSwitchStmt:
			ast.Inspect(x.Body, func(m ast.Node) bool {
				if c, ok := m.(*ast.CaseClause); ok {
					for _, e := range c.List {
						if concrete(e) {
							out = append(out, x)
						}
					}
				}
				return true
			})
		}
		return true
	})
	return out
}

// describeNode returns n's source text, on one line.
func describeNode(src []byte, fset *token.FileSet, n ast.Node) string {
	s := string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " ..."
	}
	return s
}
