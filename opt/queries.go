package opt

import (
	"sort"

	"github.com/accc-compiler/accc/ir"
)

func ContainsVar(vs []*ir.Var, v *ir.Var) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

// GotoIn reports whether the nodes hold a goto or a label: a jump may
// skip an assignment that no break or continue skips.
func GotoIn(ns []ir.Node) bool {
	return ir.Any(ns, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		if !ok {
			return false
		}
		found := false
		for _, t := range []ir.Statement{s.Tree, s.Head} {
			ir.InspectStatement(t, func(x ir.Statement) bool {
				switch j := x.(type) {
				case *ir.Label:
					found = found || j.Name != ""
				case *ir.Jump:
					found = found || j.Kind == ir.Goto
				case *ir.OpaqueStmt:
					found = true // asm goto, computed goto
				}
				return !found
			}, nil)
		}
		return found
	})
}

// ReadLines returns the lines of the statements of ns (the innermost
// statements of their trees) and of the loop headers that read v, in
// increasing order, each once. An assignment v = e does not read v.
func ReadLines(ns []ir.Node, v *ir.Var) []int {
	var lines []int
	ir.Visit(ns, func(n ir.Node) {
		switch x := n.(type) {
		case *ir.Loop:
			for _, e := range x.Bounds() {
				if exprReads(e, v) {
					lines = append(lines, x.Line)
					break
				}
			}
		case *ir.Stmt:
			lines = append(lines, StmtReadLines(x, v)...)
		}
	})
	return MergeLines(lines, nil)
}

// StmtReadLines returns the lines of the statements of x's tree (or
// loop header) that read v, not those of its Body.
func StmtReadLines(x *ir.Stmt, v *ir.Var) []int {
	var lines []int
	reads := func(es ...ir.Expr) bool {
		for _, e := range es {
			if exprReads(e, v) {
				return true
			}
		}
		return false
	}
	for _, t := range []ir.Statement{x.Tree, x.Head} {
		ir.InspectStatement(t, func(s ir.Statement) bool {
			r := false
			switch y := s.(type) {
			case *ir.ExprStmt:
				r = reads(y.X)
			case *ir.DeclStmt:
				for _, loc := range y.Locals {
					r = r || reads(loc.Init)
				}
			case *ir.If:
				r = reads(y.Cond)
			case *ir.For:
				r = reads(y.Cond, y.Post)
			case *ir.While:
				r = reads(y.Cond)
			case *ir.DoWhile:
				r = reads(y.Cond)
			case *ir.Switch:
				r = reads(y.Tag)
			case *ir.Label:
				r = reads(y.Value, y.Hi)
			case *ir.Jump:
				r = reads(y.Value)
			case *ir.OpaqueStmt:
				r = ContainsVar(y.Code.Vars(), v)
			}
			if line := s.SrcLine(); r && line > 0 {
				lines = append(lines, line)
			} else if r {
				lines = append(lines, x.Line)
			}
			return true
		}, nil)
	}
	return lines
}

// exprReads reports whether evaluating e (nil: none) reads v: every
// reference but the target of a plain assignment.
func exprReads(e ir.Expr, v *ir.Var) bool {
	switch x := e.(type) {
	case nil:
		return false
	case *ir.Ref:
		return x.Var == v
	case *ir.Opaque:
		return ContainsVar(x.Code.Vars(), v)
	case *ir.Assign:
		if r, ok := x.L.(*ir.Ref); ok && r.Var == v && x.Op == "=" {
			return exprReads(x.R, v)
		}
	}
	for _, c := range ir.Children(e) {
		if exprReads(c, v) {
			return true
		}
	}
	return false
}

// MergeLines returns the lines of a and b in increasing order, each once.
func MergeLines(a, b []int) []int {
	all := append(append([]int(nil), a...), b...)
	sort.Ints(all)
	out := all[:0]
	for i, n := range all {
		if i == 0 || n != all[i-1] {
			out = append(out, n)
		}
	}
	return out
}

// AddPair adds the pair {a, b} to ps unless it holds it already, in
// either order.
func AddPair(ps [][2]*ir.Var, a, b *ir.Var) [][2]*ir.Var {
	if a.Name > b.Name {
		a, b = b, a
	}
	for _, p := range ps {
		if p[0] == a && p[1] == b {
			return ps
		}
	}
	return append(ps, [2]*ir.Var{a, b})
}

// AliasWhy is the reason for a loop that two names which may reach the
// same data keep sequential.
func AliasWhy(p [2]*ir.Var) ir.Reason {
	return ir.Reason{Kind: ir.MayAlias, Vars: p[:]}
}
