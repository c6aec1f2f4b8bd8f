package lower

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
	"modernc.org/cc/v4"
)

// children visits every node-typed field that is set, for every node of
// a translation unit that uses most of C's grammar (testdata/ccwalk's
// t.c): reflection finds the fields here, so that the walk itself needs
// none.
func TestChildrenCoverAST(t *testing.T) {
	acctest.NeedCC(t)
	u := loadWalkUnit(t)
	seen := map[string]bool{}
	var check func(n cc.Node)
	check = func(n cc.Node) {
		want := reflectChildren(n)
		var got []cc.Node
		children(n, func(c cc.Node) { got = append(got, c) })
		if len(got) != len(want) {
			t.Errorf("%T at %v: children visits %d nodes, the struct holds %d", n, n.Position(), len(got), len(want))
		}
		seen[reflect.TypeOf(n).Elem().Name()] = true
		for _, c := range want {
			check(c)
		}
	}
	check(u.AST.TranslationUnit)
	for _, name := range []string{"StructDeclarator", "Designator", "LabeledStatement", "CastExpression",
		"ConditionalExpression", "AbstractDeclarator", "ParameterDeclaration", "StaticAssertDeclaration",
		"GenericAssociation", "AsmStatement", "FunctionDefinition", "IterationStatement"} {
		if !seen[name] {
			t.Errorf("the test program has no %s", name)
		}
	}
}

// reflectChildren returns the node-typed fields of n that are set.
func reflectChildren(n cc.Node) []cc.Node {
	v := reflect.ValueOf(n).Elem()
	var out []cc.Node
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() || (f.Kind() != reflect.Pointer && f.Kind() != reflect.Interface) || f.IsNil() {
			continue
		}
		if c, ok := f.Interface().(cc.Node); ok {
			if _, tok := c.(*cc.Token); !tok {
				out = append(out, c)
			}
		}
	}
	return out
}

// walkArchive holds the program of the walk tests and the order the walk
// visits its nodes in.
const walkArchive = "testdata/ccwalk/order.txtar"

// loadWalkUnit parses walkArchive's t.c.
func loadWalkUnit(t *testing.T) *frontend.Unit {
	t.Helper()
	ar, err := txtar.ParseFile(walkArchive)
	if err != nil {
		t.Fatal(err)
	}
	src, ok := acctest.Section(ar, "t.c")
	if !ok {
		t.Fatalf("%s has no t.c", walkArchive)
	}
	var ds diag.List
	u, err := frontend.LoadSource(&frontend.Config{}, "t.c", src, &ds)
	if err != nil {
		t.Fatalf("frontend: %v %v", err, ds.Sorted())
	}
	return u
}

// TestWalkOrder locks in the order in which walk visits a node's
// children: the order of genccwalk's table, which walks depend on (the
// first reference to a variable decides its place among a kernel's
// parameters, for one).
func TestWalkOrder(t *testing.T) {
	acctest.NeedCC(t)
	u := loadWalkUnit(t)
	acctest.Golden(t, walkArchive, func(*txtar.Archive) map[string]string {
		var b strings.Builder
		var visit func(n cc.Node, depth int)
		visit = func(n cc.Node, depth int) {
			p := n.Position()
			fmt.Fprintf(&b, "%s%s %d:%d\n", strings.Repeat("  ", depth), reflect.TypeOf(n).Elem().Name(), p.Line, p.Column)
			children(n, func(c cc.Node) { visit(c, depth+1) })
		}
		for l := u.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
			if l.ExternalDeclaration.Position().Filename == "t.c" { // not the predefined declarations
				visit(l.ExternalDeclaration, 0)
			}
		}
		return map[string]string{"order": b.String()}
	})
}

// TestCCWalkGenerated fails when ccwalk_gen.go is not what genccwalk
// writes now: after a change of its tables or of cc/v4's AST types, run
// go generate ./lower.
func TestCCWalkGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out := filepath.Join(t.TempDir(), "ccwalk_gen.go")
	if b, err := exec.Command(gocmd, "run", "./internal/genccwalk", "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("genccwalk: %v\n%s", err, b)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("ccwalk_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, have) {
		gl, hl := strings.Split(string(got), "\n"), strings.Split(string(have), "\n")
		i := 0
		for i < len(gl) && i < len(hl) && gl[i] == hl[i] {
			i++
		}
		t.Errorf("ccwalk_gen.go is out of date (run go generate ./lower): line %d differs from the generator's output", i+1)
	}
}
