package lower

import (
	"slices"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/ir"
)

// A member of a struct in a data clause of a compute construct (OpenACC
// 3.4 §2.7.1: a member of a composite variable is data of its own) maps
// the member, not the struct: copy(s.p[0:n]) the n elements s.p points
// to, present(t.s) the bytes of t.s. The region reaches the member's
// data through a variable that stands for the member (dataMember), so
// that the struct needs no device copy of its own, and a member present
// without its struct (data copy(t.s) around parallel present(t.s)) is
// found; the struct gets its data attributes from its own clauses or
// the implicit rules only where the region uses it otherwise.

// memberPath returns the path of member accesses a clause item's base
// is, root.m1->m2... as ExprString spells it, and its root identifier;
// ok is false where the path has subscripts, dereferences or parentheses
// (a[i].p: the element the region uses may vary).
func memberPath(x directives.Expr) (root string, path string, ok bool) {
	var segs []string
	for {
		switch e := x.(type) {
		case *directives.Member:
			op := "."
			if e.Arrow {
				op = "->"
			}
			segs = append(segs, op+e.Name)
			x = e.X
		case *directives.Ident:
			if len(segs) == 0 {
				return "", "", false
			}
			slices.Reverse(segs)
			return e.Name, e.Name + strings.Join(segs, ""), true
		default:
			return "", "", false
		}
	}
}

// ccMemberPath returns the path of member accesses x is, spelled as
// memberPath spells it, and the region variable at its root; ok is false
// for any other expression.
func (rg *region) ccMemberPath(x *cc.PostfixExpression) (root *ir.Var, path string, ok bool) {
	root, path, _, ok = rg.ccMemberKey(x)
	return root, path, ok
}

// ccMemberKey is ccMemberPath with the root's declaration.
func (rg *region) ccMemberKey(x *cc.PostfixExpression) (root *ir.Var, path string, d *cc.Declarator, ok bool) {
	var segs []string
	var n cc.Node = x
	for {
		switch e := n.(type) {
		case *cc.PostfixExpression:
			switch e.Case {
			case cc.PostfixExpressionSelect:
				segs = append(segs, "."+e.Token2.SrcStr())
				n = e.PostfixExpression
				continue
			case cc.PostfixExpressionPSelect:
				segs = append(segs, "->"+e.Token2.SrcStr())
				n = e.PostfixExpression
				continue
			case cc.PostfixExpressionPrimary:
				n = e.PrimaryExpression
				continue
			}
		case *cc.PrimaryExpression:
			v := rg.pr.refs[e.Token.Seq()]
			if e.Case != cc.PrimaryExpressionIdent || v == nil || len(segs) == 0 {
				return nil, "", nil, false
			}
			slices.Reverse(segs)
			return v, e.Token.SrcStr() + strings.Join(segs, ""), declOf(e), true
		}
		return nil, "", nil, false
	}
}

// implicitMembers gives the pointer members the region reaches by a
// path of members (s.p[i], p->q->r) a variable that stands for them, with
// an implicit present of their data, where no clause of the construct
// maps them but a data construct or declare directive around it, or an
// enter data directive, maps them by that path (data copy(s.p[0:n])
// around the construct): as a pointer whose data is present (§2.6.2),
// rather than through the struct's implicit copy, whose pointer holds
// the host's address unless the struct was present when the data was
// attached.
func (rg *region) implicitMembers() {
	walk(rg.p.Stmt, func(n cc.Node) bool {
		x, ok := n.(*cc.PostfixExpression)
		if !ok || (x.Case != cc.PostfixExpressionSelect && x.Case != cc.PostfixExpressionPSelect) || x.Type().Kind() != cc.Ptr {
			return true
		}
		v, path, d, ok := rg.ccMemberKey(x)
		if !ok || v.Local || rg.assignsMember(path) {
			return true
		}
		item := rg.b.memberAround(memberKey{d, path}, rg.start)
		if item == nil {
			return true
		}
		for _, ws := range [][]*ir.Var{rg.members, rg.dataMembers} {
			for _, w := range ws {
				if w.Of == v && w.Member == path {
					return true
				}
			}
		}
		t := rg.b.conv.convert(x.Type())
		w := &ir.Var{Name: ir.MemberName(path), Type: t, Class: ir.ArrayData, Member: path, Of: v}
		// One element of the section around is looked up: the device
		// address of the pointer's target follows from any present
		// element of it (s.p[10:20] does not map s.p[0]).
		s := &ir.Section{Var: v, Base: rg.memberExpr(x), Elem: t.Elem, Pointee: true}
		var lo directives.Expr
		if _, ds := dims(item); len(ds) > 0 {
			switch e := ds[0].(type) {
			case *directives.Section:
				lo = e.Lo
			case *directives.Index:
				lo = e.Index
			}
		}
		if lo != nil && !isConst(rg.p, lo, 0) {
			s.Pointee = false
			s.Dims = []ir.Dim{{Lo: rg.b.clauseConv(rg.p, rg.vars).expr(lo), Len: ir.IntConst(1)}}
		}
		w.Map = &ir.Map{Pos: posOf(x), Clause: ir.Present, Implicit: true, Var: w, Text: path, Section: s}
		rg.c.Maps = append(rg.c.Maps, w.Map)
		rg.explicit[w] = true
		rg.dataMembers = append(rg.dataMembers, w)
		rg.firstUse[w] = posOf(x)
		rg.r.Vars = append(rg.r.Vars, w)
		return true
	})
}

// memberExpr converts a path of members for the host: the root variable
// and its members.
func (rg *region) memberExpr(n cc.ExpressionNode) ir.Expr {
	x, ok := n.(*cc.PostfixExpression)
	if !ok || (x.Case != cc.PostfixExpressionSelect && x.Case != cc.PostfixExpressionPSelect) {
		return rg.expr(n) // the root
	}
	return &ir.Member{X: rg.memberExpr(x.PostfixExpression), Name: x.Token2.SrcStr(), Arrow: x.Case == cc.PostfixExpressionPSelect, T: rg.typeOf(x), Bitfield: bitfield(x), Array: arrayMember(x)}
}

// dataMember returns the variable that stands for the member a data
// clause item x of the compute construct names (x's base: s.p of
// copy(s.p[0:n]), t.s of present(t.s)), with map m, the item's: the
// device address of the section a pointer or array member's item maps
// (ArrayData), or of the member itself (ByPointer: scalars, structs, a
// pointer named alone, which is the pointer itself). It returns nil
// where the region cannot use such a variable: a path with subscripts
// (a[i].p[0:n]), or a pointer or array member the region assigns or
// takes the address of (its value must stay the struct's); the struct
// then reaches the member's data (an implied attach points its pointer
// member at the section, §2.7.2).
func (rg *region) dataMember(x directives.Expr, v *ir.Var, m *ir.Map) *ir.Var {
	base, _ := dims(x)
	_, path, ok := memberPath(base)
	if !ok || v.Local {
		return nil
	}
	t := exprType(rg.p, base)
	if t == nil {
		return nil
	}
	class := ir.ByPointer
	if k := t.Kind(); (k == cc.Ptr || k == cc.Array) && !m.Section.Object() {
		class = ir.ArrayData
		if rg.assignsMember(path) {
			return nil
		}
	}
	for _, w := range rg.members {
		if w.Of == v && w.Member == path {
			w.Map = m // reduced in the member's own device copy (§2.5.15)
			return w
		}
	}
	for _, w := range rg.dataMembers {
		if w.Of == v && w.Member == path {
			if class == ir.ArrayData && w.Class != ir.ArrayData {
				// copy(s.p) copy(s.p[0:n]): the kernel reaches the
				// section directly.
				w.Class, w.Map = class, m
			}
			return w
		}
	}
	w := &ir.Var{Name: ir.MemberName(path), Type: rg.b.conv.convert(t), Class: class, Map: m, Member: path, Of: v}
	rg.dataMembers = append(rg.dataMembers, w)
	rg.firstUse[w] = x.Pos()
	rg.r.Vars = append(rg.r.Vars, w)
	return w
}

// assignsMember reports whether the region assigns the member path
// (s.p = q, s.p++) or takes its address (&s.p).
func (rg *region) assignsMember(path string) bool {
	found := false
	is := func(n cc.Node) bool {
		for {
			switch e := n.(type) {
			case *cc.UnaryExpression:
				if e.Case != cc.UnaryExpressionPostfix {
					return false
				}
				n = e.PostfixExpression
				continue
			case *cc.CastExpression:
				if e.Case != cc.CastExpressionUnary {
					return false
				}
				n = e.UnaryExpression
				continue
			case *cc.PostfixExpression:
				_, p, ok := rg.ccMemberPath(e)
				return ok && p == path
			}
			return false
		}
	}
	walk(rg.p.Stmt, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			found = found || x.Case != cc.AssignmentExpressionCond && is(x.UnaryExpression)
		case *cc.PostfixExpression:
			found = found || (x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec) && is(x.PostfixExpression)
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				found = found || is(x.UnaryExpression)
			case cc.UnaryExpressionAddrof:
				found = found || is(x.CastExpression)
			}
		}
		return !found
	})
	return found
}

// dropMemberRoots takes out of the region the structs whose members
// data clauses map (dataMember) and that the region uses only through
// those members: nothing maps them.
func (rg *region) dropMemberRoots() {
	if len(rg.dataMembers) == 0 {
		return
	}
	used := map[*ir.Var]bool{}
	for _, k := range rg.r.Kernels {
		for v := range usedVars(k) {
			used[v] = true
		}
	}
	for _, w := range rg.members {
		used[w.Of] = true // a reduced member combines in the struct's copy
	}
	drop := map[*ir.Var]bool{}
	for _, w := range rg.dataMembers {
		if v := w.Of; !used[v] && !rg.explicit[v] && !rg.r.HostIndex(v) {
			drop[v] = true
		}
	}
	rg.decls = slices.DeleteFunc(rg.decls, func(d *cc.Declarator) bool { return drop[rg.vars[d]] })
	rg.r.Vars = slices.DeleteFunc(rg.r.Vars, func(v *ir.Var) bool { return drop[v] })
}

// entryOrder orders the items of a construct that maps data on entry:
// whole variables and sections of them first, then the items that reach
// into them (members, a[i].p[0:n]), then the attach actions (§2.6.8).
// A member's range is then found inside its struct's device copy where
// the construct maps both (rather than the struct being partly present),
// and a pointer is attached once the struct that holds it and its target
// are present, whatever the order of the clauses.
func entryOrder(ms []*ir.Map) []*ir.Map {
	rank := func(m *ir.Map) int {
		switch {
		case m.Clause == ir.Attach:
			return 2
		case m.Section == nil:
			return 0
		}
		if _, ok := m.Section.Base.(*ir.Ref); ok {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(ms, func(a, b *ir.Map) int { return rank(a) - rank(b) })
	return ms
}
