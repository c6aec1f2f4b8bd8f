package lower

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
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

// constInt evaluates a constant integer expression of literals (no
// identifiers in scope).
func constInt(x directives.Expr) (int64, bool) { return directives.ConstValue(x, nil) }

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

func paren(s string) string {
	if isSimple(s) {
		return s
	}
	return "(" + s + ")"
}

func isSimple(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

// extent returns the host address and byte length of a clause item, and
// its -Minfo spelling. Sections must be contiguous: every dimension after
// the first partial one covers its whole extent (§2.7.1).
func (b *builder) extent(p *frontend.Pragma, cl *directives.Clause, x directives.Expr) (host, bytes, minfo string, ok bool) {
	host, bytes, minfo, _, ok = b.extentRows(p, cl, x)
	return host, bytes, minfo, ok
}

// extentRows is extent that also accepts a two-dimensional section of a
// pointer to pointers (or an array of pointers), p[lo:n][off:len]: host
// and bytes are then the pointer array's, and rows says which part of
// each row is mapped with it (PGI's deep copy of row pointers; in
// OpenACC terms the array, each row and an attach of each row pointer,
// §2.6.8).
func (b *builder) extentRows(p *frontend.Pragma, cl *directives.Clause, x directives.Expr) (host, bytes, minfo string, rows *ir.Rows, ok bool) {
	text := directives.ExprString(x)
	base, ds := dims(x)
	bt := exprType(p, base)
	if bt == nil {
		b.errorf(x.Pos(), "data-clause", "cannot determine the type of '%s' in clause '%s'", text, cl.Kind)
		return "", "", "", nil, false
	}
	if et := elemType(bt); len(ds) == 2 && et != nil && et.Kind() == cc.Ptr {
		row, ok := ds[1].(*directives.Section)
		if !ok || row.Len == nil {
			b.errorf(ds[1].Pos(), "data-extent", "the rows of '%s' need a section with a length, such as %s[0:m]", text, directives.ExprString(ds[0]))
			return "", "", "", nil, false
		}
		outer := ds[0]
		host, bytes, minfo, ok := b.extent(p, cl, outer)
		if !ok {
			return "", "", "", nil, false
		}
		base := directives.ExprString(base)
		lo := "0"
		if row.Lo != nil {
			lo = directives.ExprString(row.Lo)
		}
		elem := "sizeof(" + paren(base) + "[0][0])"
		rows = &ir.Rows{Off: "(size_t)(" + lo + ") * " + elem, Bytes: "(size_t)(" + directives.ExprString(row.Len) + ") * " + elem}
		if lo == "0" {
			minfo += "[:" + directives.ExprString(row.Len) + "]"
		} else {
			minfo += "[" + lo + ":" + directives.ExprString(row.Len) + "]"
		}
		return host, bytes, minfo, rows, true
	}
	host, bytes, minfo, ok = b.extent1(cl, x, text, base, ds, bt)
	return host, bytes, minfo, nil, ok
}

func (b *builder) extent1(cl *directives.Clause, x directives.Expr, text string, base directives.Expr, ds []directives.Expr, bt cc.Type) (host, bytes, minfo string, ok bool) {
	baseText := directives.ExprString(base)
	if len(ds) == 0 {
		minfo = baseText
		for t := bt; t != nil && t.Kind() == cc.Array; t = elemType(t) {
			minfo += "[:]"
		}
		if bt.Kind() == cc.Ptr && movesData(cl.Kind) {
			b.errorf(x.Pos(), "data-extent", "the extent of pointer '%s' is unknown; write a section such as %s(%s[0:n])", text, cl.Kind, text)
			return "", "", "", false
		}
		if bt.Kind() == cc.Array {
			if at := bt.(*cc.ArrayType); at.IsVLA() || at.IsIncomplete() {
				b.errorf(x.Pos(), "data-extent", "the extent of array '%s' is unknown; write a section such as %s(%s[0:n])", text, cl.Kind, text)
				return "", "", "", false
			}
		}
		return "&" + paren(text), "sizeof(" + text + ")", minfo, true
	}
	// Subscripts: each is [lo:len] or [i] (= [i:1]).
	t := bt
	var los []string
	partial := false
	bytes = ""
	minfo = baseText
	for i, d := range ds {
		if t == nil || (t.Kind() != cc.Array && t.Kind() != cc.Ptr) {
			b.errorf(d.Pos(), "data-clause", "'%s' has more subscripts than its type has dimensions", text)
			return "", "", "", false
		}
		if t.Kind() == cc.Ptr && i > 0 {
			b.errorf(d.Pos(), "unsupported", "section of a pointer inside '%s' needs a deep copy of row pointers, which is not supported yet", text)
			return "", "", "", false
		}
		var lo, ln directives.Expr
		switch s := d.(type) {
		case *directives.Section:
			lo, ln = s.Lo, s.Len
		case *directives.Index:
			lo = s.Index
			ln = &directives.Lit{Kind: directives.LitInt, Value: "1"}
		}
		loText := "0"
		if lo != nil {
			loText = directives.ExprString(lo)
		}
		var dimLen int64 = -1
		if at, ok := t.(*cc.ArrayType); ok && !at.IsVLA() && !at.IsIncomplete() {
			dimLen = at.Len()
		}
		lnText := ""
		switch {
		case ln != nil:
			lnText = directives.ExprString(ln)
		case dimLen >= 0:
			lnText = fmt.Sprintf("%d - %s", dimLen, paren(loText))
			if loText == "0" {
				lnText = fmt.Sprint(dimLen)
			}
		default:
			b.errorf(d.Pos(), "data-extent", "the length of the section of '%s' is unknown; write it: %s[%s:n]", directives.ExprString(base), directives.ExprString(base), loText)
			return "", "", "", false
		}
		full := loText == "0" || isZero(lo)
		if dimLen >= 0 && ln != nil {
			v, ok := constInt(ln)
			full = full && ok && v == dimLen
		} else if ln != nil {
			// A variable-length dimension is whole when the length is
			// written as its size expression: a[0:n][0:m] of double a[n][m].
			at, ok := t.(*cc.ArrayType)
			full = full && ok && at.IsVLA() && at.SizeExpression() != nil &&
				squeeze(cc.NodeSource(at.SizeExpression())) == squeeze(lnText)
		}
		if partial && !full {
			b.errorf(d.Pos(), "data-clause", "section '%s' is not contiguous: after a partial dimension, every dimension must be whole", text)
			return "", "", "", false
		}
		if i == 0 {
			elem := elemType(t)
			bytes = paren(lnText) + " * sizeof(" + paren(baseText) + "[0])"
			if elem == nil {
				return "", "", "", false
			}
			if !full && (ln == nil || !isOne(ln)) {
				partial = true
			}
		} else if !full {
			// Only a section with one row at the outer level can be partial
			// inside: a[i][lo:len].
			for _, o := range ds[:i] {
				if s, ok := o.(*directives.Section); ok && (s.Len == nil || !isOne(s.Len)) {
					b.errorf(d.Pos(), "data-clause", "section '%s' is not contiguous: after a partial dimension, every dimension must be whole", text)
					return "", "", "", false
				}
			}
			inner := baseText
			for range ds[:i+1] {
				inner += "[0]"
			}
			bytes = paren(lnText) + " * sizeof(" + inner + ")"
			partial = true
		}
		los = append(los, loText)
		if loText == "0" && ln == nil {
			minfo += "[:]"
		} else if loText == "0" {
			minfo += "[:" + lnText + "]"
		} else {
			minfo += "[" + loText + ":" + lnText + "]"
		}
		t = elemType(t)
	}
	host = "&" + paren(baseText)
	for _, lo := range los {
		host += "[" + lo + "]"
	}
	return host, bytes, minfo, true
}

// squeeze removes white space, for comparing expressions as written.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

func isZero(x directives.Expr) bool {
	v, ok := constInt(x)
	return ok && v == 0
}

func isOne(x directives.Expr) bool {
	v, ok := constInt(x)
	return ok && v == 1
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

// mapItem lowers one item of a data clause.
func (b *builder) mapItem(p *frontend.Pragma, cl *directives.Clause, x directives.Expr, v *ir.Var) *ir.Map {
	m := &ir.Map{Pos: x.Pos(), Clause: dataKind(cl.Kind), Var: v, Text: directives.ExprString(x), Mods: mapMods(cl.Mods)}
	switch cl.Kind {
	case directives.ClauseAttach, directives.ClauseDetach:
		t := exprType(p, x)
		if t == nil || t.Kind() != cc.Ptr {
			b.errorf(x.Pos(), "data-clause", "'%s' in clause '%s' must be a pointer", m.Text, cl.Kind)
			return nil
		}
		m.Host, m.Bytes, m.Minfo = "&"+paren(m.Text), "sizeof("+m.Text+")", m.Text
		return m
	case directives.ClauseDeviceptr:
		t := exprType(p, x)
		if t == nil || t.Kind() != cc.Ptr {
			b.errorf(x.Pos(), "data-clause", "'%s' in clause 'deviceptr' must be a pointer", m.Text)
			return nil
		}
		m.Minfo = m.Text
		return m
	case directives.ClausePresent, directives.ClauseNoCreate:
		// A pointer without a section: its target must be present; one
		// element is looked up.
		if t := exprType(p, x); t != nil && t.Kind() == cc.Ptr {
			if _, ds := dims(x); len(ds) == 0 {
				m.Host, m.Bytes, m.Minfo = m.Text, "sizeof(*"+paren(m.Text)+")", m.Text+"[:]"
				m.Base = m.Text
				return m
			}
		}
	}
	host, bytes, minfo, rows, ok := b.extentRows(p, cl, x)
	if !ok {
		return nil
	}
	m.Host, m.Bytes, m.Minfo, m.Rows = host, bytes, minfo, rows
	base, _ := dims(x)
	if bt := exprType(p, base); bt != nil && (bt.Kind() == cc.Array || bt.Kind() == cc.Ptr) {
		m.Base = directives.ExprString(base)
	}
	return m
}

// implicitAttach returns the attach map implied by a section of a pointer
// member (copy(s.p[0:n]) attaches s.p; §2.7.2), or nil.
func implicitAttach(p *frontend.Pragma, m *ir.Map, x directives.Expr) *ir.Map {
	base, ds := dims(x)
	if len(ds) == 0 {
		return nil
	}
	if _, ok := base.(*directives.Member); !ok {
		return nil
	}
	t := exprType(p, base)
	if t == nil || t.Kind() != cc.Ptr {
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
	bt := directives.ExprString(base)
	a := &ir.Map{Pos: m.Pos, Clause: kind, Implicit: true, Text: bt, Minfo: bt,
		Host: "&" + paren(bt), Bytes: "sizeof(" + bt + ")"}
	if s, ok := ds[0].(*directives.Section); ok && s.Lo != nil && !isZero(s.Lo) {
		a.AttachOff = "(size_t)(" + directives.ExprString(s.Lo) + ") * sizeof(" + paren(bt) + "[0])"
	} else if ix, ok := ds[0].(*directives.Index); ok && !isZero(ix.Index) {
		a.AttachOff = "(size_t)(" + directives.ExprString(ix.Index) + ") * sizeof(" + paren(bt) + "[0])"
	}
	return a
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
