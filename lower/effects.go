package lower

import (
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// effects records what a statement writes, read from its references
// (the access pass's reading, without the loops): the region variables
// it assigns (Writes), whether it stores through a subscript, member or
// pointer or prints (MemWrite), the region variables whose data it may
// store into (WritesThrough), and whether a store's target cannot be
// traced to a region variable (WritesUnknown). A Body statement's own
// effects are its loop header's; its items have their own.
func effects(s *ir.Stmt) {
	st := s.Tree
	if s.Body != nil {
		st = s.Head
	}
	for _, a := range opt.Accesses(st) {
		if !a.Write {
			continue
		}
		if a.Var != nil && !a.Unknown && len(a.Subs) == 0 && len(a.Fields) == 0 {
			if !a.Var.Local {
				s.Writes = append(s.Writes, a.Var)
			}
			continue
		}
		s.MemWrite = true
		switch {
		case a.Var == nil || a.Unknown:
			s.WritesUnknown = true
		case a.Var.Local:
			// A local array or struct is the thread's own; a local
			// pointer may point anywhere.
			if k := a.Var.Type.Kind; k != ir.Array && k != ir.Record {
				s.WritesUnknown = true
			}
		default:
			s.WritesThrough = append(s.WritesThrough, a.Var)
		}
	}
	s.Exprs(func(e ir.Expr) {
		if ir.AnyExpr(e, func(x ir.Expr) bool {
			call, ok := x.(*ir.Call)
			return ok && (call.Func == "printf" || call.Routine != nil && call.Routine.Writes)
		}) {
			s.MemWrite = true
		}
	})
}

// escapes returns the region's array and pointer variables whose value
// (an address) the kernels use other than to reach their elements or
// members: stored, passed, compared, offset without a dereference. The
// kernel cannot then treat their data as read-only.
func (rg *region) escapes() map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	note := func(as []*ir.Access) {
		for _, a := range as {
			if a.Var == nil || a.Var.Local {
				continue
			}
			k := a.Var.Type.Kind
			if (k == ir.Pointer || k == ir.Array) && (a.Unknown || !a.Element && len(a.Fields) == 0) {
				out[a.Var] = true
			}
		}
	}
	for _, k := range rg.r.Kernels {
		ir.Visit(k.Body, func(n ir.Node) {
			switch x := n.(type) {
			case *ir.Stmt:
				note(x.Accesses)
			case *ir.Loop:
				note(opt.ExprAccesses(x.Bounds()...))
			}
		})
	}
	return out
}
