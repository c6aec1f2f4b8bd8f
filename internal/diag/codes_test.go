package diag_test

import (
	"bufio"
	"go/ast"
	"go/build"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
)

// TestCodesDocumented checks that the code constants of package diag and
// the tables of docs/diagnostics.md agree: every constant of type Code has
// a row, every row's code is a constant, and a remark code (one of
// RemarkKinds) is a row of the Remarks table while any other code is a row
// of another table.
func TestCodesDocumented(t *testing.T) {
	root := repoRoot(t)
	m := newModuleChecker(t, root)
	pkg := m.pkg(t, m.module+"/internal/diag")
	consts := map[diag.Code]string{} // code → constant name
	for _, name := range pkg.Scope().Names() {
		c, ok := pkg.Scope().Lookup(name).(*types.Const)
		if !ok || !isCode(c.Type()) {
			continue
		}
		code := diag.Code(constant.StringVal(c.Val()))
		if old, dup := consts[code]; dup {
			t.Errorf("constants %s and %s are both %q", old, name, code)
		}
		consts[code] = name
	}
	if len(consts) == 0 {
		t.Fatal("found no constants of type diag.Code")
	}
	remarks := map[diag.Code]bool{}
	for _, k := range diag.RemarkKinds() {
		remarks[k.Code] = true
		if _, ok := consts[k.Code]; !ok {
			t.Errorf("remark code %q of RemarkKinds is not a constant", k.Code)
		}
	}

	docs := filepath.Join(root, "docs", "diagnostics.md")
	rows := codeRows(t, docs)
	for _, code := range slices.Sorted(maps.Keys(rows)) {
		table := rows[code]
		name, ok := consts[diag.Code(code)]
		switch {
		case !ok:
			t.Errorf("%s: table %q lists code %q, which is no constant of package diag", docs, table, code)
		case remarks[diag.Code(code)] != (table == remarksTable):
			t.Errorf("%s: %s (%q) is in table %q; remark codes belong in %q, others in the tables of errors and warnings",
				docs, name, code, table, remarksTable)
		}
	}
	for _, code := range slices.Sorted(maps.Keys(consts)) {
		name := consts[code]
		if _, ok := rows[string(code)]; !ok {
			t.Errorf("%s (%q) has no row in the tables of %s", name, code, docs)
		}
	}
}

// remarksTable is the heading of docs/diagnostics.md's table of remark codes.
const remarksTable = "Remarks (-Minfo)"

// codeRows returns the codes of the rows of file's tables whose first
// column is "code", each with the heading of its section.
func codeRows(t *testing.T, file string) map[string]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := regexp.MustCompile("^\\| `([^`]+)` \\|")
	rows := map[string]string{}
	heading, inTable := "", false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
			heading = strings.TrimSpace(strings.TrimLeft(line, "#"))
		case strings.HasPrefix(line, "| code |"):
			inTable = true
		case !strings.HasPrefix(line, "|"):
			inTable = false
		case inTable:
			if m := row.FindStringSubmatch(line); m != nil {
				if old, dup := rows[m[1]]; dup {
					t.Errorf("%s: code %q has rows in %q and %q", file, m[1], old, heading)
				}
				rows[m[1]] = heading
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no table with a first column \"code\"", file)
	}
	return rows
}

// TestNoCodeLiterals checks that no Go file outside package diag spells a
// diagnostic code as a string literal: every code is one of diag's
// constants (TestCodesDocumented ties those to the documentation). It
// type-checks the module's packages, their tests included, and reports
// every constant expression of type diag.Code that is not a name: a
// literal passed where a Code is wanted ("errorf(pos, \"loop-form\", ...)"),
// a Code: field, a conversion, a comparison with d.Code.
func TestNoCodeLiterals(t *testing.T) {
	root := repoRoot(t)
	m := newModuleChecker(t, root)
	diagDir := filepath.Join(root, "internal", "diag")
	found := 0
	for _, dir := range m.dirs(t) {
		if dir == diagDir {
			continue
		}
		bp, err := build.ImportDir(dir, 0)
		if err != nil {
			continue // no Go files
		}
		rel, _ := filepath.Rel(root, dir)
		importPath := path.Join(m.module, filepath.ToSlash(rel))
		for _, names := range [][]string{append(slices.Clone(bp.GoFiles), bp.TestGoFiles...), bp.XTestGoFiles} {
			if len(names) == 0 {
				continue
			}
			files := m.parse(t, dir, names)
			info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
			m.check(importPath, files, info)
			for _, f := range files {
				ast.Inspect(f, func(n ast.Node) bool {
					e, ok := n.(ast.Expr)
					if !ok {
						return true
					}
					tv, ok := info.Types[e]
					if !ok || tv.Value == nil || !isCode(tv.Type) {
						return true
					}
					switch e.(type) {
					case *ast.Ident, *ast.SelectorExpr:
						found++ // a constant by its name
					default:
						t.Errorf("%s: %s used as a diag.Code: use (or add) a constant of internal/diag/codes.go",
							m.fset.Position(e.Pos()), tv.Value)
					}
					return false
				})
			}
		}
	}
	// The check sees codes only where it could type the code; a broken
	// type check would find none.
	if found < 100 {
		t.Errorf("found %d uses of code constants outside package diag; expected hundreds: does the type check work?", found)
	}
}

// isCode reports whether typ is diag.Code.
func isCode(typ types.Type) bool {
	n, ok := typ.(*types.Named)
	return ok && n.Obj().Name() == "Code" && n.Obj().Pkg() != nil &&
		strings.HasSuffix(n.Obj().Pkg().Path(), "/internal/diag")
}

// repoRoot returns the root of the module, two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// A moduleChecker type-checks the module's packages from their source. It
// gives every package outside the module (the standard library, cc/v4) as
// an empty package, so that uses of them are type errors the checker
// ignores: the checks here need only the module's own types, and do not
// pay for type-checking cc/v4.
type moduleChecker struct {
	root, module string
	fset         *token.FileSet
	pkgs         map[string]*types.Package
	t            *testing.T
}

func newModuleChecker(t *testing.T, root string) *moduleChecker {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(gomod)
	if mod == nil {
		t.Fatal("go.mod has no module line")
	}
	return &moduleChecker{root: root, module: string(mod[1]), fset: token.NewFileSet(), pkgs: map[string]*types.Package{}, t: t}
}

// dirs returns the module's directories that may hold packages.
func (m *moduleChecker) dirs(t *testing.T) []string {
	var dirs []string
	err := filepath.WalkDir(m.root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if n := d.Name(); p != m.root && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
			return filepath.SkipDir
		}
		dirs = append(dirs, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

func (m *moduleChecker) parse(t *testing.T, dir string, names []string) []*ast.File {
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(m.fset, filepath.Join(dir, n), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// check type-checks files as the package importPath, ignoring type errors.
func (m *moduleChecker) check(importPath string, files []*ast.File, info *types.Info) *types.Package {
	conf := types.Config{Importer: m, Error: func(error) {}}
	pkg, _ := conf.Check(importPath, m.fset, files, info)
	return pkg
}

// pkg returns the module's package importPath, its test files aside.
func (m *moduleChecker) pkg(t *testing.T, importPath string) *types.Package {
	if p, ok := m.pkgs[importPath]; ok {
		return p
	}
	dir := filepath.Join(m.root, filepath.FromSlash(strings.TrimPrefix(importPath, m.module)))
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatalf("%s: %v", importPath, err)
	}
	p := m.check(importPath, m.parse(t, dir, bp.GoFiles), nil)
	m.pkgs[importPath] = p
	return p
}

// Import implements types.Importer: the module's packages from source,
// any other as an empty package.
func (m *moduleChecker) Import(importPath string) (*types.Package, error) {
	if importPath == m.module || strings.HasPrefix(importPath, m.module+"/") {
		return m.pkg(m.t, importPath), nil
	}
	name := path.Base(importPath)
	if strings.HasPrefix(name, "v") && strings.Trim(name[1:], "0123456789") == "" {
		name = path.Base(path.Dir(importPath)) // modernc.org/cc/v4 is cc
	}
	p := types.NewPackage(importPath, name)
	p.MarkComplete()
	return p, nil
}
