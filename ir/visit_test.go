package ir_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// tree is a kernel body whose nodes are named by their lines:
//
//	1 stmt
//	2 loop
//	    3 stmt
//	    4 loop
//	        5 stmt
//	6 stmt (a sequential loop around partitioned ones)
//	    7 loop
//	8 stmt
func tree() []ir.Node {
	return []ir.Node{
		&ir.Stmt{Line: 1},
		&ir.Loop{Line: 2, Body: []ir.Node{
			&ir.Stmt{Line: 3},
			&ir.Loop{Line: 4, Levels: ir.Vector, Body: []ir.Node{&ir.Stmt{Line: 5}}},
		}},
		&ir.Stmt{Line: 6, Body: []ir.Node{&ir.Loop{Line: 7, Levels: ir.Gang}}},
		&ir.Stmt{Line: 8},
	}
}

func lineOf(n ir.Node) int {
	switch x := n.(type) {
	case *ir.Stmt:
		return x.Line
	case *ir.Loop:
		return x.Line
	}
	return -1
}

func TestVisit(t *testing.T) {
	var got []int
	ir.Visit(tree(), func(n ir.Node) { got = append(got, lineOf(n)) })
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8}; !slices.Equal(got, want) {
		t.Errorf("Visit order %v, want %v (depth first, parents first)", got, want)
	}
	ir.Visit(nil, func(ir.Node) { t.Error("Visit(nil) called its function") })
}

func TestAny(t *testing.T) {
	for _, tc := range []struct {
		stop  int // the line cond answers true for; 0: none
		found bool
		calls []int
	}{
		{stop: 5, found: true, calls: []int{1, 2, 3, 4, 5}},
		{stop: 7, found: true, calls: []int{1, 2, 3, 4, 5, 6, 7}},
		{stop: 1, found: true, calls: []int{1}},
		{found: false, calls: []int{1, 2, 3, 4, 5, 6, 7, 8}},
	} {
		var calls []int
		found := ir.Any(tree(), func(n ir.Node) bool {
			calls = append(calls, lineOf(n))
			return lineOf(n) == tc.stop
		})
		if found != tc.found || !slices.Equal(calls, tc.calls) {
			t.Errorf("Any(line %d) = %v after %v, want %v after %v", tc.stop, found, calls, tc.found, tc.calls)
		}
	}
	if ir.Any(nil, func(ir.Node) bool { return true }) {
		t.Error("Any(nil) = true")
	}
}

func TestInspectNodes(t *testing.T) {
	var got []int
	// Prune at loops: their bodies are not visited, the rest is.
	ir.InspectNodes(tree(), func(n ir.Node) bool {
		got = append(got, lineOf(n))
		_, loop := n.(*ir.Loop)
		return !loop
	})
	if want := []int{1, 2, 6, 7, 8}; !slices.Equal(got, want) {
		t.Errorf("InspectNodes pruning loops visited %v, want %v", got, want)
	}
}

func TestInspectWith(t *testing.T) {
	// The levels the loops around each node partition, the way the
	// verifier and the calls pass carry them.
	var got []string
	ir.InspectWith(tree(), ir.Level(0), func(n ir.Node, ctx ir.Level) (ir.Level, bool) {
		got = append(got, fmt.Sprintf("%d:%d", lineOf(n), ctx))
		if l, ok := n.(*ir.Loop); ok {
			return ctx | l.Levels | ir.Worker, true
		}
		return ctx, true
	})
	// Line 6 is a sibling of loop 2: it gets the root's value, not what
	// loop 2 handed its children.
	want := "1:0 2:0 3:2 4:2 5:6 6:0 7:0 8:0"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("InspectWith gave %s, want %s", s, want)
	}
	got = nil
	ir.InspectWith(tree(), 0, func(n ir.Node, depth int) (int, bool) {
		got = append(got, fmt.Sprintf("%d:%d", lineOf(n), depth))
		return depth + 1, lineOf(n) != 2
	})
	if s, want := strings.Join(got, " "), "1:0 2:0 6:0 7:1 8:0"; s != want {
		t.Errorf("InspectWith pruning loop 2 gave %s, want %s", s, want)
	}
}

func TestEditChildren(t *testing.T) {
	ns := tree()
	outer := ns[1].(*ir.Loop)
	old := outer.Body
	// A copy of the loop whose children are copies, as a serial
	// fallback kernel copies its loops.
	var cp func(ir.Node) ir.Node
	cp = func(n ir.Node) ir.Node {
		switch x := n.(type) {
		case *ir.Stmt:
			s := *x
			s.Line += 100
			n = &s
		case *ir.Loop:
			l := *x
			l.Line += 100
			n = &l
		}
		ir.EditChildren(n, cp)
		return n
	}
	copied := ir.EditList(ns, cp)
	var got, orig []int
	ir.Visit(copied, func(n ir.Node) { got = append(got, lineOf(n)) })
	ir.Visit(ns, func(n ir.Node) { orig = append(orig, lineOf(n)) })
	if want := []int{101, 102, 103, 104, 105, 106, 107, 108}; !slices.Equal(got, want) {
		t.Errorf("copied tree %v, want %v", got, want)
	}
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8}; !slices.Equal(orig, want) || &outer.Body[0] != &old[0] {
		t.Errorf("editing a copy changed the original: %v", orig)
	}
	if ir.EditList(nil, cp) != nil {
		t.Error("EditList(nil) is not nil")
	}
	leaf := &ir.Stmt{}
	if ir.EditChildren(leaf, cp); leaf.Body != nil {
		t.Error("EditChildren gave a node without children an empty Body")
	}
}

func TestInspectHost(t *testing.T) {
	k := func(name string) *ir.Launch { return &ir.Launch{Kernel: &ir.Kernel{Name: name}} }
	host := []ir.HostNode{
		k("a"),
		&ir.HostLoop{Loop: &ir.Loop{Line: 1}, Body: []ir.HostNode{
			k("b"),
			&ir.HostLoop{Loop: &ir.Loop{Line: 2}, Body: []ir.HostNode{k("c")}},
		}},
		k("d"),
	}
	visit := func(prune int) string {
		var got []string
		ir.InspectHost(host, func(n ir.HostNode) bool {
			switch x := n.(type) {
			case *ir.Launch:
				got = append(got, x.Kernel.Name)
			case *ir.HostLoop:
				got = append(got, fmt.Sprint(x.Loop.Line))
				return x.Loop.Line != prune
			}
			return true
		})
		return strings.Join(got, " ")
	}
	if got, want := visit(0), "a 1 b 2 c d"; got != want {
		t.Errorf("InspectHost visited %s, want %s", got, want)
	}
	if got, want := visit(2), "a 1 b 2 d"; got != want {
		t.Errorf("InspectHost pruning host loop 2 visited %s, want %s", got, want)
	}
}

// HostIndex finds the controls of host loops at any depth, and nothing
// else: not a kernel's loop control, not a region without host code.
func TestHostIndex(t *testing.T) {
	t1, t2, i := &ir.Var{Name: "t1", Type: intT}, &ir.Var{Name: "t2", Type: intT}, &ir.Var{Name: "i", Type: intT}
	k := &ir.Kernel{Name: "k", Body: []ir.Node{&ir.Loop{Line: 3, Nest: []*ir.IndexVar{control(i, 3, ir.IntConst(9))}}}}
	r := &ir.Region{Kind: ir.Kernels, Kernels: []*ir.Kernel{k}}
	if r.HostIndex(t1) {
		t.Error("HostIndex without host code")
	}
	r.Host = []ir.HostNode{&ir.HostLoop{Loop: &ir.Loop{Line: 1, Nest: []*ir.IndexVar{control(t1, 1, ir.IntConst(9))}}, Body: []ir.HostNode{
		&ir.HostLoop{Loop: &ir.Loop{Line: 2, Nest: []*ir.IndexVar{control(t2, 2, ir.IntConst(9))}}, Body: []ir.HostNode{&ir.Launch{Kernel: k}}},
	}}}
	for v, want := range map[*ir.Var]bool{t1: true, t2: true, i: false} {
		if got := r.HostIndex(v); got != want {
			t.Errorf("HostIndex(%s) = %v, want %v", v.Name, got, want)
		}
	}
}

func TestAnyExpr(t *testing.T) {
	// a[i] + f(j, 2)
	a := &ir.Var{Name: "a", Type: ptrT}
	i := &ir.Var{Name: "i", Type: intT}
	j := &ir.Var{Name: "j", Type: intT}
	e := &ir.Binary{Op: "+", T: floatT,
		X: &ir.Index{X: ref(a), I: ref(i), T: floatT},
		Y: &ir.Call{Func: "f", Args: []ir.Expr{ref(j), ir.IntConst(2)}, T: floatT}}
	var seen []string
	names := func(v *ir.Var) func(ir.Expr) bool {
		seen = nil
		return func(x ir.Expr) bool {
			seen = append(seen, ir.Format(x, nil))
			r, ok := x.(*ir.Ref)
			return ok && r.Var == v
		}
	}
	if !ir.AnyExpr(e, names(i)) {
		t.Error("AnyExpr did not find i in a[i] + f(j, 2)")
	}
	if want := []string{"a[i] + f(j, 2)", "a[i]", "a", "i"}; !slices.Equal(seen, want) {
		t.Errorf("AnyExpr looked at %q before stopping, want %q", seen, want)
	}
	if ir.AnyExpr(e, names(&ir.Var{Name: "k", Type: intT})) {
		t.Error("AnyExpr found k in a[i] + f(j, 2)")
	}
	if len(seen) != 7 {
		t.Errorf("AnyExpr without a match looked at %d expressions, want all 7: %q", len(seen), seen)
	}
	if ir.AnyExpr(nil, func(ir.Expr) bool { return true }) {
		t.Error("AnyExpr(nil) = true")
	}
}
