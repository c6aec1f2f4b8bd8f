package kernel

import "github.com/accc-compiler/accc/ir"

// MemoryRecurrence reports whether a sequential loop carries a value from
// one iteration to the next through memory: an array element it stores is
// loaded elsewhere in the loop through another subscript (a[j] = a[j - 1]
// + ..., a prefix sum). Updates of one element in place (c[i][j] +=
// ...) are not recurrences. The CUDA dialect keeps nvcc from unrolling
// such loops (cudaDialect.head).
func MemoryRecurrence(l *ir.Loop) bool {
	stores := map[string]map[string]bool{} // array -> subscripted stores
	loads := map[string]map[string]bool{}
	add := func(m map[string]map[string]bool, x ir.Expr) {
		root := x
		for {
			ix, ok := root.(*ir.Index)
			if !ok {
				break
			}
			root = ix.X
		}
		if root == x {
			return
		}
		name := ir.Format(root, nil)
		if m[name] == nil {
			m[name] = map[string]bool{}
		}
		m[name][ir.Format(x, nil)] = true
	}
	var visit func(x ir.Expr, store bool)
	visit = func(x ir.Expr, store bool) {
		ir.Inspect(x, func(y ir.Expr) bool {
			switch y := y.(type) {
			case *ir.Assign:
				add(stores, y.L)
				if y.Op != "=" {
					add(loads, y.L)
				}
				visitSubscripts(y.L, func(s ir.Expr) { visit(s, false) })
				visit(y.R, false)
				return false
			case *ir.Index:
				add(loads, y)
				visitSubscripts(y, func(s ir.Expr) { visit(s, false) })
				return false
			}
			return true
		})
	}
	ir.Visit(l.Body, func(n ir.Node) {
		if st, ok := n.(*ir.Stmt); ok && st.Tree != nil {
			ir.InspectStatement(st.Tree, nil, func(x ir.Expr) { visit(x, false) })
		}
	})
	for a, ss := range stores {
		for ld := range loads[a] {
			if !ss[ld] {
				return true
			}
		}
	}
	return false
}

// visitSubscripts calls f for each subscript of an Index chain.
func visitSubscripts(x ir.Expr, f func(ir.Expr)) {
	for {
		ix, ok := x.(*ir.Index)
		if !ok {
			f(x)
			return
		}
		f(ix.I)
		x = ix.X
	}
}
