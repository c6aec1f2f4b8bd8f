package lower

import (
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// maxGPUReduceBytes bounds the private copy of an array reduction on the
// GPU target: each thread keeps its copy in local memory (one for the
// construct and one per reducing loop), which the device reserves for
// every thread that can be resident at once.
const maxGPUReduceBytes = 4096

// reductionItem checks one item of a reduction clause and returns its
// reduction: a scalar variable, or (OpenACC 2.7+, §2.5.15, §2.9.11) an
// array, a contiguous section of an array or pointer (of one or more
// dimensions), or an array element, each of whose elements is reduced
// independently. Sections need a constant length. It reports an error
// and returns nil for the forms it cannot reduce.
func (rg *region) reductionItem(cl *directives.Clause, x directives.Expr, v *ir.Var) *ir.Reduction {
	text := directives.ExprString(x)
	_, ds := dims(x)
	if isMember(x) && v.Of == nil {
		if v = rg.memberVar(x, v); v == nil {
			return nil
		}
	}
	red := &ir.Reduction{Op: ir.ReductionOp(cl.Op), Var: v, Name: v.Name, Type: v.Type}
	if len(ds) == 0 && v.Type.Kind == ir.Scalar {
		if !opt.ReductionTypeOK(ir.ReductionOp(cl.Op), v.Type) {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction operator '%s' cannot be applied to '%s' of type %s", cl.Op, v.Name, v.Type)
			return nil
		}
		return red
	}
	if len(ds) == 0 && v.Type.Kind != ir.Array || len(ds) > 0 && v.Type.Kind != ir.Array && v.Type.Kind != ir.Pointer {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' of type %s is not supported", text, v.Type)
		return nil
	}
	// The reduced elements: the subscripted dimensions' lengths, then
	// the whole of each array level below them; the section is
	// contiguous (rg.b.section checks it), so the elements are Len
	// consecutive ones from the index Reduction.Lo.
	elem := v.Type
	red.Len = 1
	for i, d := range ds {
		if elem.Kind != ir.Array && (elem.Kind != ir.Pointer || i > 0) {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' is not supported: its rows are reached through pointers; reduce an array or a section of one, or of a pointer to the elements", text)
			return nil
		}
		if i > 0 && elem.Len <= 0 {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the section '%s' needs rows of a constant size", text)
			return nil
		}
		n, ok := rg.sectionLen(d, elem)
		if !ok {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the section '%s' needs a constant length", text)
			return nil
		}
		red.Len *= n
		elem = elem.Elem
	}
	for ; elem.Kind == ir.Array; elem = elem.Elem {
		if elem.Len <= 0 {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the array '%s' needs a constant size", text)
			return nil
		}
		red.Len *= elem.Len
	}
	if elem.Kind != ir.Scalar || !opt.ReductionTypeOK(ir.ReductionOp(cl.Op), elem) {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction operator '%s' cannot be applied to '%s' of type %s", cl.Op, text, elem)
		return nil
	}
	if red.Len <= 0 {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the section '%s' has no elements", text)
		return nil
	}
	if rg.b.opts.Target == "gpu" && red.Len*elem.Size > maxGPUReduceBytes {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' (%d bytes) is not supported on the GPU: each thread's private copy of an array reduction is limited to %d bytes", text, red.Len*elem.Size, maxGPUReduceBytes)
		return nil
	}
	s, ok := rg.b.section(rg.p, cl, x, rg.vars)
	if !ok {
		rg.ok = false
		return nil
	}
	red.Section, red.Type = s, elem
	return red
}

// sectionLen returns the constant length of the subscript d of a
// variable of type t: 1 for an index [i], len for [lo:len], the rest of
// a fixed-size dimension for [lo:].
func (rg *region) sectionLen(d directives.Expr, t *ir.Type) (int64, bool) {
	switch e := d.(type) {
	case *directives.Index:
		return 1, true
	case *directives.Section:
		if e.Len != nil {
			return rg.p.ConstValue(e.Len)
		}
		if t.Kind != ir.Array || t.Len < 0 {
			return 0, false
		}
		lo := int64(0)
		if e.Lo != nil {
			n, ok := rg.p.ConstValue(e.Lo)
			if !ok {
				return 0, false
			}
			lo = n
		}
		return t.Len - lo, true
	}
	return 0, false
}

// memberVar returns the variable that stands for the struct member x, a
// member of a struct v or of the struct v points to (s.x, p->x), which a
// reduction clause names (OpenACC 2.7+, §2.5.15, §2.9.11: a member is
// reduced as a variable of its type). The statements of the region use
// the variable wherever they name the member (rg.postfix), so that the
// reduction privatises and combines it as it does any scalar, and its
// device copy is the member of the struct's device copy (rg.placeMembers).
// It reports an error and returns nil for the members it cannot reduce.
func (rg *region) memberVar(x directives.Expr, v *ir.Var) *ir.Var {
	text := directives.ExprString(x)
	m, ok := x.(*directives.Member)
	if !ok {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' is not supported: reduce a scalar member of a struct, such as s.x or p->x", text)
		return nil
	}
	if _, ok := m.X.(*directives.Ident); !ok {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' is not supported: reduce a member of a struct variable or of the struct a pointer points to, such as s.x or p->x", text)
		return nil
	}
	for _, ws := range [][]*ir.Var{rg.members, rg.dataMembers} {
		for _, w := range ws {
			if w.Of == v && w.Member == text {
				return w // a data clause's member reduces in its own device copy
			}
		}
	}
	if v.Local {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the member '%s' of a struct declared in the compute region is not supported", text)
		return nil
	}
	t := rg.memberType(v, m)
	if t == nil {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' is not supported: '%s' is not a struct or a pointer to a struct", text, v.Name)
		return nil
	}
	if t.Kind != ir.Scalar {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the member '%s' of type %s is not supported: reduce a scalar member", text, t)
		return nil
	}
	w := &ir.Var{Name: ir.MemberName(text), Type: t, Class: ir.ByPointer, Written: true, Member: text, Of: v}
	rg.members = append(rg.members, w)
	rg.firstUse[w] = x.Pos()
	rg.r.Vars = append(rg.r.Vars, w)
	return w
}

// memberType returns the type of the member m names of the struct v is
// (m.Arrow: points to), nil if v is no such struct.
func (rg *region) memberType(v *ir.Var, m *directives.Member) *ir.Type {
	var d *cc.Declarator
	for dd, w := range rg.vars {
		if w == v {
			d = dd
		}
	}
	if d == nil {
		return nil
	}
	t := d.Type()
	if m.Arrow {
		pt, ok := t.(*cc.PointerType)
		if !ok {
			return nil
		}
		t = pt.Elem()
	}
	var f *cc.Field
	switch st := t.(type) {
	case *cc.StructType:
		f = st.FieldByName(m.Name)
	case *cc.UnionType:
		f = st.FieldByName(m.Name)
	}
	if f == nil {
		return nil
	}
	return rg.b.conv.convert(f.Type())
}

// member returns the variable that stands for the member x names, when a
// reduction clause (memberVar) or a data clause (dataMember) of the
// region names it, else nil. A use
// of a reduced member spelled otherwise ((&s)->x, p[0].x) is an error:
// the kernels would update the struct's copy beside the reduction's.
func (rg *region) member(x *cc.PostfixExpression) *ir.Var {
	if len(rg.members)+len(rg.dataMembers) == 0 {
		return nil
	}
	if v, path, ok := rg.ccMemberPath(x); ok {
		for _, ws := range [][]*ir.Var{rg.members, rg.dataMembers} {
			for _, w := range ws {
				if w.Of == v && w.Member == path {
					return w
				}
			}
		}
	}
	name := x.Token2.SrcStr()
	var v *ir.Var
	if p, ok := x.PostfixExpression.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		v = rg.pr.refs[p.Token.Seq()]
	}
	for _, w := range rg.members {
		m := w.Member[strings.LastIndexAny(w.Member, ".>")+1:]
		if m != name {
			continue
		}
		if v == nil && namesVar(x.PostfixExpression, rg, w.Of) {
			rg.errorf(posOf(x), diag.CodeReduction, "the reduced member '%s' is used under another name: write %s", w.Member, w.Member)
		}
	}
	return nil
}

// namesVar reports whether expression n names the region variable v.
func namesVar(n cc.Node, rg *region, v *ir.Var) bool {
	found := false
	walk(n, func(c cc.Node) bool {
		if p, ok := c.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent && rg.pr.refs[p.Token.Seq()] == v {
			found = true
		}
		return !found
	})
	return found
}

// placeMembers gives the variables that stand for reduced struct
// members (memberVar) the map of their struct: their device copy is the
// member of the struct's device copy. The struct must be mapped: a
// private or firstprivate struct has no device copy the construct's
// result could reach.
func (rg *region) placeMembers() {
	for _, w := range rg.members {
		of := w.Of
		if w.Map != nil {
			continue // mapped by a data clause of its own (dataMember)
		}
		if (of.Class != ir.ByPointer && of.Class != ir.ArrayData) || of.Map == nil {
			rg.errorf(rg.firstUse[w], diag.CodeReduction, "reduction on the member '%s': the struct must be in device memory (a data clause, or the implicit copy of a struct), not private, firstprivate or a device pointer", w.Member)
			continue
		}
		w.Map = of.Map
	}
}
