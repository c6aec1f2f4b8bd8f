package lower

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// exprType returns the C type of a clause item, or nil when it cannot be
// determined.
func exprType(p *frontend.Pragma, x directives.Expr) cc.Type {
	switch e := x.(type) {
	case *directives.Ident:
		if d := p.Lookup(e.Name); d != nil {
			return d.Type()
		}
	case *directives.Paren:
		return exprType(p, e.X)
	case *directives.Section:
		return elemType(exprType(p, e.X))
	case *directives.Index:
		return elemType(exprType(p, e.X))
	case *directives.Unary:
		if e.Op == "*" {
			return elemType(exprType(p, e.X))
		}
	case *directives.Member:
		t := exprType(p, e.X)
		if t == nil {
			return nil
		}
		if e.Arrow {
			t = elemType(t)
		}
		switch st := t.(type) {
		case *cc.StructType:
			if f := st.FieldByName(e.Name); f != nil {
				return f.Type()
			}
		case *cc.UnionType:
			if f := st.FieldByName(e.Name); f != nil {
				return f.Type()
			}
		}
	}
	return nil
}

func elemType(t cc.Type) cc.Type {
	switch x := t.(type) {
	case *cc.ArrayType:
		return x.Elem()
	case *cc.PointerType:
		return x.Elem()
	}
	return nil
}

// dims splits an item into its base and its subscripts, outermost first:
// a[1:2][3] gives a and [1:2], [3].
func dims(x directives.Expr) (directives.Expr, []directives.Expr) {
	var ds []directives.Expr
	for {
		switch e := x.(type) {
		case *directives.Section:
			ds = append([]directives.Expr{e}, ds...)
			x = e.X
		case *directives.Index:
			ds = append([]directives.Expr{e}, ds...)
			x = e.X
		default:
			return x, ds
		}
	}
}

// section returns the section a data clause or update item names. A
// section must be contiguous: every dimension after the first partial one
// covers its whole extent (§2.7.1). A two-dimensional section of a
// pointer to pointers (or an array of pointers), p[lo:n][off:len], is a
// Rows section: the pointer array's part, and the part of each row that
// is mapped with it (PGI's deep copy of row pointers; in OpenACC terms
// the array, each row and an attach of each row pointer, §2.6.8).
func (b *builder) section(p *frontend.Pragma, cl *directives.Clause, x directives.Expr, vars map[*cc.Declarator]*ir.Var) (*ir.Section, bool) {
	c := b.clauseConv(p, vars)
	text := directives.ExprString(x)
	base, ds := dims(x)
	bt := exprType(p, base)
	if bt == nil {
		b.errorf(x.Pos(), diag.CodeDataClause, "cannot determine the type of '%s' in clause '%s'", text, cl.Kind)
		return nil, false
	}
	if et := elemType(bt); len(ds) == 2 && et != nil && et.Kind() == cc.Ptr {
		row, ok := ds[1].(*directives.Section)
		if !ok || row.Len == nil {
			var d *cc.Declarator
			if id, ok := base.(*directives.Ident); ok {
				d = p.Lookup(id.Name)
			}
			lo, ln := b.suggestDims(p, d, 2)
			b.errorf(ds[1].Pos(), diag.CodeDataExtent, "the rows of '%s' need a section with a length, such as %s[%s:%s]", text, directives.ExprString(ds[0]), lo[1], ln[1])
			return nil, false
		}
		s, ok := b.sectionDims(c, cl, ds[0], directives.ExprString(ds[0]), base, ds[:1], bt)
		if !ok {
			return nil, false
		}
		lo := ir.Expr(ir.IntConst(0))
		if row.Lo != nil {
			lo = c.expr(row.Lo)
		}
		s.Dims = append(s.Dims, ir.Dim{Lo: lo, Len: c.expr(row.Len)})
		s.Rows = true
		s.Elem = irElem(s.Elem)
		return s, true
	}
	return b.sectionDims(c, cl, x, text, base, ds, bt)
}

// sectionDims builds the section of item x (spelled text): base with the
// subscripts ds, outermost first, where base has the type bt.
func (b *builder) sectionDims(c *clauseConv, cl *directives.Clause, x directives.Expr, text string, base directives.Expr, ds []directives.Expr, bt cc.Type) (*ir.Section, bool) {
	p := c.p
	s := c.object(base)
	if len(ds) == 0 {
		return b.wholeItem(c, cl, x, text, base, bt, s)
	}
	// Subscripts: each is [lo:len] or [i] (= [i:1]).
	t := bt
	partial := false
	for i, d := range ds {
		if t == nil || (t.Kind() != cc.Array && t.Kind() != cc.Ptr) {
			b.errorf(d.Pos(), diag.CodeDataClause, "'%s' has more subscripts than its type has dimensions", text)
			return nil, false
		}
		if t.Kind() == cc.Ptr && i > 0 {
			b.errorf(d.Pos(), diag.CodeUnsupported, "section of a pointer inside '%s' needs a deep copy of row pointers, which is not supported yet", text)
			return nil, false
		}
		var lo, ln directives.Expr
		switch e := d.(type) {
		case *directives.Section:
			lo, ln = e.Lo, e.Len
		case *directives.Index:
			lo = e.Index
			ln = &directives.Lit{ValuePos: e.Lbrack, Kind: directives.LitInt, Value: "1"}
		}
		dim := ir.Dim{Lo: ir.IntConst(0)}
		if lo != nil {
			dim.Lo = c.expr(lo)
		}
		full := lo == nil || isConst(p, lo, 0)
		at, _ := t.(*cc.ArrayType)
		var dimLen int64 = -1
		if at != nil && !at.IsVLA() && !at.IsIncomplete() {
			dimLen = at.Len()
		}
		switch {
		case ln != nil && dimLen >= 0:
			dim.Len = c.expr(ln)
			full = full && isConst(p, ln, dimLen)
		case ln != nil:
			// A variable-length dimension is whole when the length is
			// its size expression: a[0:n][0:m] of double a[n][m].
			dim.Len = c.expr(ln)
			full = full && at != nil && at.IsVLA() && at.SizeExpression() != nil && sameExpr(p, at.SizeExpression(), ln)
		case dimLen >= 0:
			// a[lo:]: the rest of the dimension.
			dim.Rest = true
			dim.Len = ir.IntConst(dimLen)
			if !full {
				dim.Len = &ir.Binary{Op: "-", X: dim.Len, Y: dim.Lo, T: dim.Lo.Type()}
			}
		default:
			loText := "0"
			if lo != nil {
				loText = directives.ExprString(lo)
			}
			b.errorf(d.Pos(), diag.CodeDataExtent, "the length of the section of '%s' is unknown; write it: %s[%s:n]", directives.ExprString(base), directives.ExprString(base), loText)
			return nil, false
		}
		if partial && !full {
			b.errorf(d.Pos(), diag.CodeDataClause, "section '%s' is not contiguous: after a partial dimension, every dimension must be whole", text)
			return nil, false
		}
		if i == 0 {
			if !full && (ln == nil || !isConst(p, ln, 1)) {
				partial = true
			}
		} else if !full {
			// Only a section with one row at the outer level can be partial
			// inside: a[i][lo:len].
			for _, o := range ds[:i] {
				if s, ok := o.(*directives.Section); ok && (s.Len == nil || !isConst(p, s.Len, 1)) {
					b.errorf(d.Pos(), diag.CodeDataClause, "section '%s' is not contiguous: after a partial dimension, every dimension must be whole", text)
					return nil, false
				}
			}
			partial = true
		}
		dim.Whole = full
		s.Dims = append(s.Dims, dim)
		s.Elem = irElem(s.Elem)
		t = elemType(t)
	}
	return s, true
}

// wholeItem completes the section s of item x (spelled text), a
// variable or member named without subscripts, of type bt: the whole
// object, or for a pointer or a variable-length array the extent its
// declaration, its allocation or an enclosing data region gives
// (extent_*.go).
func (b *builder) wholeItem(c *clauseConv, cl *directives.Clause, x directives.Expr, text string, base directives.Expr, bt cc.Type, s *ir.Section) (*ir.Section, bool) {
	p := c.p
	var d *cc.Declarator
	if id, ok := base.(*directives.Ident); ok {
		d = p.Lookup(id.Name)
	}
	if n := declaredRows(p, base); bt.Kind() == cc.Ptr && n != nil {
		// A parameter declared double A[N][M] (a pointer to its first
		// row): its declaration says it has N rows, while N keeps the
		// value it had on entry.
		if s.Dims = c.paramDims(d, n); s.Dims == nil {
			b.errorf(x.Pos(), diag.CodeDataExtent, "the extent of pointer '%s' is unknown: its declared bound '%s' may have changed since the function's entry; write a section such as %s(%s)",
				text, strings.TrimSpace(cc.NodeSource(n)), cl.Kind, b.suggestion(p, d, text))
			return nil, false
		}
		for range s.Dims {
			s.Elem = irElem(s.Elem)
		}
		return s, true
	}
	if bt.Kind() == cc.Ptr && movesData(cl.Kind) {
		// A pointer without a section is the pointer itself, not the
		// data it points to (§2.7.1): its value moves, and it is
		// attached to its target where that is present (implicitAttach).
		b.sink.Report(diag.Diagnostic{Pos: x.Pos(), Severity: diag.Warning, Code: diag.CodeDataPointer,
			Msg: fmt.Sprintf("'%s' in %s(%s) is the pointer itself, not the data it points to (OpenACC §2.7.1); for the data, write a section such as %s(%s)",
				text, cl.Kind, text, cl.Kind, b.suggestion(p, d, text))})
		return s, true
	}
	if bt.Kind() == cc.Array {
		at := bt.(*cc.ArrayType)
		if at.IsVLA() && d != nil && !d.IsParam() {
			// A local variable-length array: all of it.
			s.Dims = c.vlaDims(d, bt)
			for range s.Dims {
				s.Elem = irElem(s.Elem)
			}
			return s, true
		}
		if at.IsVLA() || at.IsIncomplete() {
			b.errorf(x.Pos(), diag.CodeDataExtent, "the extent of array '%s' is unknown; write a section such as %s(%s)", text, cl.Kind, b.suggestion(p, d, text))
			return nil, false
		}
	}
	return s, true
}

// object is the section of the whole variable or member x.
func (c *clauseConv) object(x directives.Expr) *ir.Section {
	base := c.expr(x)
	return &ir.Section{Var: c.regionVar(x), Base: base, Elem: base.Type()}
}

// isConst reports whether x is an integer constant expression of value v
// in the directive's scope.
func isConst(p *frontend.Pragma, x directives.Expr, v int64) bool {
	n, ok := p.ConstValue(x)
	return ok && n == v
}

// irElem is the element type of an array or pointer type, or nil.
func irElem(t *ir.Type) *ir.Type {
	if t != nil && (t.Kind == ir.Array || t.Kind == ir.Pointer) {
		return t.Elem
	}
	return nil
}

// movesData reports whether a clause allocates or copies data, so that it
// needs the item's extent.
func movesData(k directives.ClauseKind) bool {
	switch k {
	case directives.ClauseCopy, directives.ClauseCopyin, directives.ClauseCopyout, directives.ClauseCreate,
		directives.ClauseDelete, directives.ClauseSelf, directives.ClauseHost, directives.ClauseDevice:
		return true
	}
	return false
}

// mapItem lowers one item of a data clause; vars are the compute
// region's variables (nil for data directives).
func (b *builder) mapItem(p *frontend.Pragma, cl *directives.Clause, x directives.Expr, vars map[*cc.Declarator]*ir.Var) *ir.Map {
	m := &ir.Map{Pos: x.Pos(), Clause: dataKind(cl.Kind), Text: directives.ExprString(x), Mods: mapMods(cl.Mods)}
	c := b.clauseConv(p, vars)
	switch cl.Kind {
	case directives.ClauseAttach, directives.ClauseDetach:
		t := exprType(p, x)
		if t == nil || t.Kind() != cc.Ptr {
			b.errorf(x.Pos(), diag.CodeDataClause, "'%s' in clause '%s' must be a pointer", m.Text, cl.Kind)
			return nil
		}
		m.Section = c.object(x)
		return m
	case directives.ClauseDeviceptr:
		t := exprType(p, x)
		if t == nil || t.Kind() != cc.Ptr {
			b.errorf(x.Pos(), diag.CodeDataClause, "'%s' in clause 'deviceptr' must be a pointer", m.Text)
			return nil
		}
		m.Section = c.object(x)
		return m
	case directives.ClausePresent, directives.ClauseNoCreate:
		// A pointer without a section: its target must be present; one
		// element is looked up.
		if t := exprType(p, x); t != nil && t.Kind() == cc.Ptr {
			if _, ds := dims(x); len(ds) == 0 {
				m.Section = c.object(x)
				m.Section.Pointee = true
				m.Section.Elem = irElem(m.Section.Elem)
				return m
			}
		}
	}
	s, ok := b.section(p, cl, x, vars)
	if !ok {
		return nil
	}
	m.Section = s
	return m
}

// implicitAttach returns the attach map implied by a section of a pointer
// member (copy(s.p[0:n]) attaches s.p; §2.7.2) or by a pointer named
// without a section in a clause that maps it on entry (copyin(p) maps
// the pointer itself, whose device copy then points to the device copy
// of its target where that is present; §2.6.8), or nil.
func implicitAttach(p *frontend.Pragma, m *ir.Map, x directives.Expr) *ir.Map {
	base, ds := dims(x)
	t := exprType(p, base)
	if t == nil || t.Kind() != cc.Ptr {
		return nil
	}
	if len(ds) == 0 {
		if !m.Section.Object() || p.Dir.Kind == directives.DirExitData {
			return nil
		}
		switch m.Clause {
		case ir.Copy, ir.Copyin, ir.Copyout, ir.Create:
			s := m.Section
			return &ir.Map{Pos: m.Pos, Clause: ir.Attach, Implicit: true, Text: m.Text,
				Section: &ir.Section{Var: s.Var, Base: s.Base, Elem: s.Elem}}
		}
		return nil
	}
	if _, ok := base.(*directives.Member); !ok {
		return nil
	}
	kind := ir.Attach
	switch m.Clause {
	case ir.Copy, ir.Copyin, ir.Copyout, ir.Create,
		ir.Present, ir.NoCreate:
		if p.Dir.Kind == directives.DirExitData {
			kind = ir.Detach // exit data copyout(s.p[0:n])
		}
	case ir.Delete:
		kind = ir.Detach
	default:
		return nil
	}
	s := m.Section
	return &ir.Map{Pos: m.Pos, Clause: kind, Implicit: true, Text: directives.ExprString(base),
		Section: &ir.Section{Var: s.Var, Base: s.Base, Elem: s.Base.Type()}, AttachTo: s}
}

// dataKind is the IR's name of a data clause's action.
func dataKind(k directives.ClauseKind) ir.DataKind {
	return map[directives.ClauseKind]ir.DataKind{
		directives.ClauseCopy: ir.Copy, directives.ClauseCopyin: ir.Copyin, directives.ClauseCopyout: ir.Copyout,
		directives.ClauseCreate: ir.Create, directives.ClauseNoCreate: ir.NoCreate, directives.ClausePresent: ir.Present,
		directives.ClauseDeviceptr: ir.Deviceptr, directives.ClauseAttach: ir.Attach, directives.ClauseDetach: ir.Detach,
		directives.ClauseDelete: ir.Delete, directives.ClauseDeviceResident: ir.DeviceResident, directives.ClauseLink: ir.Link,
	}[k]
}

// mapMods is the IR's set of data clause modifiers.
func mapMods(m directives.Modifier) ir.MapMod {
	var out ir.MapMod
	for _, x := range []struct {
		d directives.Modifier
		i ir.MapMod
	}{{directives.ModAlways, ir.Always}, {directives.ModAlwaysin, ir.AlwaysIn}, {directives.ModAlwaysout, ir.AlwaysOut},
		{directives.ModReadonly, ir.Readonly}, {directives.ModZero, ir.Zero}, {directives.ModCapture, ir.Capture}} {
		if m&x.d != 0 {
			out |= x.i
		}
	}
	return out
}

// declaredRows returns the size expression of the first dimension of a
// parameter declared as an array (void f(int n, double a[n][m]) or
// a[N]), which C turns into a pointer: how many elements the caller
// passes, by the declaration. nil for anything else.
func declaredRows(p *frontend.Pragma, base directives.Expr) cc.ExpressionNode {
	id, ok := base.(*directives.Ident)
	if !ok {
		return nil
	}
	d := p.Lookup(id.Name)
	if d == nil || !d.IsParam() {
		return nil
	}
	var size cc.ExpressionNode
	for dd := d.DirectDeclarator; dd != nil; dd = dd.DirectDeclarator {
		switch dd.Case {
		case cc.DirectDeclaratorArr, cc.DirectDeclaratorStaticArr, cc.DirectDeclaratorArrStatic:
			size = dd.AssignmentExpression // the last one seen is the first dimension
		case cc.DirectDeclaratorIdent:
			return size
		default:
			return nil
		}
	}
	return nil
}
