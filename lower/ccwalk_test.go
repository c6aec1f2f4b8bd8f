package lower

import (
	"reflect"
	"testing"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
	"modernc.org/cc/v4"
)

// children visits every node-typed field that is set, for every node of
// a translation unit that uses most of C's grammar: reflection finds the
// fields here, so that the walk itself needs none.
func TestChildrenCoverAST(t *testing.T) {
	acctest.NeedCC(t)
	src := `
typedef struct pt { int x : 4; float y[3]; union { int u; } w; } pt;
enum color { RED = 1, GREEN = RED << 1 };
static int g(int a, ...) { return a; }
_Static_assert(sizeof(pt) > 0, "pt");
int f(int n, double *restrict a, const pt *p, int (*fp)(int)) {
    int i, j = 0, k[4] = {1, [2] = 3}, *q = &j;
    pt s = {.x = 1, .y = {1, 2}};
    double (*row)[4] = (double (*)[4])a;
    __attribute__((unused)) long z = _Alignof(double) + sizeof j + sizeof(pt);
    for (i = 0; i < n; i++) {
        if (a[i] > 0 && !(i % 2) || ~i) a[i] = -a[i]; else a[i] *= 2.0;
        switch (i) { case 1: case 2 ... 3: j++; break; default: --j; }
    }
    for (int m = 0; m < n; m += 2) a[m] = m ? (double)m : 1e3;
    while (j > 0) j >>= 1;
    do { j ^= 1; j |= 2; j &= 3; j <<= 1; j -= 1; j /= 1; j %= 5; } while (0);
    s.x = p->x + (*p).y[0] + row[0][1] + (int)RED + fp(1) + g(1, 2, 3);
    q = (int[]){1, 2};
    j = ({ int t = 3; t; });
    goto out;
out:
    return i, j != k[0] ? j <= 1 : j >= 2 == (i < j) + (i > j) - *q;
}`
	var ds diag.List
	u, err := frontend.LoadSource(&frontend.Config{}, "t.c", []byte(src), &ds)
	if err != nil {
		t.Fatalf("frontend: %v %v", err, ds.Sorted())
	}
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
		"ConditionalExpression", "AbstractDeclarator", "ParameterDeclaration", "StaticAssertDeclaration"} {
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
