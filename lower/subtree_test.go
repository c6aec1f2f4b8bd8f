package lower

import (
	"testing"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// TestSubtreeIndex: the index answers gotosLeave and assigns as the walks
// of each node do, for every node of functions with gotos in and out of
// nested loops, a computed goto, and stores, increments and addresses of
// variables at every depth.
func TestSubtreeIndex(t *testing.T) {
	acctest.NeedCC(t)
	const src = `
void f(int n, double *a) {
	int i, j, k = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			if (a[j] < 0) goto out;
			if (a[j] > 1) goto next;
			a[i] += j;
		next:
			k++;
		}
		for (int m = 0; m < n; m++) {
			int *p = &k;
			*p += m;
			{ j = m; }
		}
	}
out:
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			void *to = &&done;
			if (a[i] == j) goto *to;
			--k;
		}
done:
	a[0] = k;
}
`
	var ds diag.List
	u, err := frontend.LoadSource(&frontend.Config{}, "t.c", []byte(src), &ds)
	if err != nil {
		t.Fatalf("frontend: %v %v", err, ds.Sorted())
	}
	var fn *cc.FunctionDefinition
	walk(u.AST.TranslationUnit, func(n cc.Node) bool {
		if f, ok := n.(*cc.FunctionDefinition); ok {
			fn = f
		}
		return fn == nil
	})
	idx := newSubtreeIndex(fn)
	var decls []*cc.Declarator
	walk(fn, func(n cc.Node) bool {
		if d, ok := n.(*cc.Declarator); ok {
			decls = append(decls, d)
		}
		return true
	})
	nodes, leaving, assigning := 0, 0, 0
	walk(fn, func(n cc.Node) bool {
		nodes++
		got, ok := idx.gotosLeave(n)
		if want := gotosLeave(n); !ok || got != want {
			t.Errorf("%T at %v: the index says a goto leaves: %v (known %v), the walk %v", n, n.Position(), got, ok, want)
		}
		if got {
			leaving++
		}
		for _, d := range decls {
			set := map[*cc.Declarator]bool{d: true}
			got, ok := idx.assigns(n, set)
			if want := assigns(n, set); !ok || got != want {
				t.Errorf("%T at %v: the index says %s is assigned: %v (known %v), the walk %v", n, n.Position(), d.Name(), got, ok, want)
			}
			if got {
				assigning++
			}
		}
		return true
	})
	if leaving == 0 || assigning == 0 || nodes < 100 {
		t.Errorf("%d nodes, %d with a goto leaving, %d (node, variable) assignments: the test checks too little", nodes, leaving, assigning)
	}
	if _, ok := idx.gotosLeave(u.AST.TranslationUnit); ok {
		t.Error("the index answers for a node outside it")
	}
}
