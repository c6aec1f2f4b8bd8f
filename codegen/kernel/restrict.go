package kernel

import "github.com/accc-compiler/accc/ir"

// distinctUpdated returns the array parameters of CUDA kernel k that its
// signature declares __restrict__ although the user did not: the arrays
// the kernel both writes and reads, when every parameter of the kernel
// is a distinct object (C arrays of scalars, scalars: no pointer the
// user holds, no struct that may hold one) and no routine the kernel
// calls could reach an array by another name. Two arrays are never one
// object (C11 6.2.4), so the promise holds. nvcc then keeps an element a
// statement stored in a register for the statements that read it back
// instead of reloading it after every store to another array (NPB BT's
// block solvers update lhs and rhs element by element: x_solve's loads
// 594 -> 226 in its hottest kernel). Arrays the kernel only reads or
// only writes stay unqualified: restrict that lets nvcc prove an array
// read-only moves its loads to the non-coherent path, which made
// laplace's stencils slower (lower's region.restrict).
func distinctUpdated(k *ir.Kernel) map[*ir.Var]bool {
	written := map[*ir.Var]bool{}
	for _, v := range k.Params {
		switch {
		case v.Class == ir.ArrayData && v.Type.Kind == ir.Array && scalarElems(v.Type):
			if !isIn(k.ReadOnly, v) {
				written[v] = true
			}
		case v.Class == ir.ArrayData || !scalarElems(v.Type):
			return nil // a pointer, or a struct that may hold one
		}
	}
	if len(written) == 0 {
		return nil
	}
	// refs counts each array's names in the kernel, stores the names
	// that are only the array a plain assignment stores into.
	refs, stores := map[*ir.Var]int{}, map[*ir.Var]int{}
	opaque := false
	count := func(e ir.Expr) {
		ir.AnyExpr(e, func(x ir.Expr) bool {
			switch y := x.(type) {
			case *ir.Ref:
				refs[y.Var]++
			case *ir.Assign:
				if v := storedArray(y); y.Op == "=" && v != nil {
					stores[v]++
				}
			case *ir.Call:
				opaque = opaque || y.Routine != nil
			case *ir.Opaque:
				opaque = true
			}
			return false
		})
	}
	ir.Visit(k.Body, func(n ir.Node) {
		switch x := n.(type) {
		case *ir.Stmt:
			opaque = opaque || x.WritesUnknown
			x.Exprs(count)
		case *ir.Loop:
			for _, iv := range x.Nest {
				count(iv.Lo)
				count(iv.Hi)
				count(iv.Step)
			}
		}
	})
	if opaque {
		return nil
	}
	out := map[*ir.Var]bool{}
	for v := range written {
		if refs[v] > stores[v] {
			out[v] = true
		}
	}
	return out
}

// storedArray returns the array whose element assignment a stores into
// (a[i][j] = ...), or nil.
func storedArray(a *ir.Assign) *ir.Var {
	x := a.L
	for {
		ix, ok := x.(*ir.Index)
		if !ok {
			break
		}
		x = ix.X
	}
	if r, ok := x.(*ir.Ref); ok && r != a.L {
		return r.Var
	}
	return nil
}

// scalarElems reports whether t is a scalar or an array of scalars.
func scalarElems(t *ir.Type) bool {
	for t.Kind == ir.Array {
		t = t.Elem
	}
	return t.Kind == ir.Scalar
}
