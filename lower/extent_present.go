package lower

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/ir"
)

// Extents from enclosing data regions: a pointer that a data construct
// around a directive maps with a section (data copy(p[0:n])), or an
// enter data directive before it in the same function, has that section
// at the directive, when the section's expressions still have the values
// they had at the data directive (the same stable variables) and the
// pointer still holds the address it had. A compute construct then finds
// the data present with that section (implicit present(p[:n])), and an
// update or data clause that names p alone means it.

// enclosingDims returns the dimensions, for evaluation at directive c.p,
// of the section with which an enclosing data construct (the innermost
// that names d), or else an enter data directive before c.p, maps the
// pointer d; nil when it cannot be carried to c.p. found reports
// whether such a directive exists.
func (c *clauseConv) enclosingDims(d *cc.Declarator) (ds []ir.Dim, found bool) {
	b, p := c.b, c.p
	f := b.facts(p)
	if f == nil || p.Lookup(d.Name()) != d {
		return nil, false
	}
	at := b.at(p)
	// The innermost data construct around p that names d.
	var data *frontend.Pragma
	for _, q := range b.u.Pragmas {
		if q.Dir == nil || q.Pos.File != b.u.File || q.Dir.Kind != directives.DirData || q.Stmt == nil || q == p {
			continue
		}
		if s := b.at(q); s.start < at.start && at.end <= s.end && clauseItems(q, d) > 0 {
			if data == nil || q.Start > data.Start {
				data = q
			}
		}
	}
	if data != nil {
		return c.carriedDims(f, data, d, at), true
	}
	// An enter data directive of the same function, in a block around p
	// and before it.
	var enter *frontend.Pragma
	for _, q := range b.u.Pragmas {
		if q.Dir == nil || q.Pos.File != b.u.File || q.Dir.Kind != directives.DirEnterData || q.Func != p.Func ||
			q.End > at.start || clauseItems(q, d) == 0 {
			continue
		}
		if enter != nil || q.Block == nil {
			return nil, true // two of them: which section holds is not clear
		}
		enter = q
	}
	if enter == nil {
		return nil, false
	}
	if bs := f.byteSpan(enter.Block); !bs.contains(at.start) || at.end > bs.end || f.jumpsBetween(enter.End, at.start) {
		return nil, true
	}
	return c.carriedDims(f, enter, d, at), true
}

// clauseItems counts the items of q's data clauses whose variable is d.
func clauseItems(q *frontend.Pragma, d *cc.Declarator) int {
	n := 0
	for _, cl := range q.Dir.Clauses {
		if !cl.Kind.IsData() {
			continue
		}
		for _, x := range cl.Vars {
			if q.Lookup(baseName(x)) == d {
				n++
			}
		}
	}
	return n
}

// carriedDims converts the section with which directive q maps pointer
// d for evaluation at c.p (spanning at), where q's effect holds (it
// encloses or dominates c.p).
func (c *clauseConv) carriedDims(f *funcFacts, q *frontend.Pragma, d *cc.Declarator, at byteSpan) []ir.Dim {
	if clauseItems(q, d) != 1 || !f.stable(d, q.Start, at) {
		return nil
	}
	for _, cl := range q.Dir.Clauses {
		if !cl.Kind.IsData() {
			continue
		}
		for _, x := range cl.Vars {
			if q.Lookup(baseName(x)) != d {
				continue
			}
			switch cl.Kind {
			case directives.ClauseCopy, directives.ClauseCopyin, directives.ClauseCopyout, directives.ClauseCreate,
				directives.ClausePresent:
			default:
				return nil // no_create, deviceptr...: the data need not be there with a section
			}
			base, ds := dims(x)
			if _, ok := base.(*directives.Ident); !ok {
				return nil
			}
			switch {
			case len(ds) == 0 && movesData(cl.Kind):
				// q's own extent for d was inferred: the allocation's,
				// which holds at c.p too when it can be found there.
				if n := c.allocCount(d); n != nil {
					return []ir.Dim{{Lo: ir.IntConst(0), Len: n, Whole: true}}
				}
				return nil
			case len(ds) != 1:
				return nil
			}
			s, ok := ds[0].(*directives.Section)
			if !ok || s.Len == nil || !c.sameAt(f, q, s.Len, at) || s.Lo != nil && !c.sameAt(f, q, s.Lo, at) {
				return nil
			}
			dim := ir.Dim{Lo: ir.IntConst(0), Len: c.expr(s.Len)}
			if s.Lo != nil {
				dim.Lo = c.expr(s.Lo)
			}
			return []ir.Dim{dim}
		}
	}
	return nil
}

// sameAt reports whether clause expression x of directive q has, at c.p
// (spanning at), the value it had at q: its identifiers name the same
// stable variables (or the same constants) at both, and it has no calls,
// members, subscripts or side effects.
func (c *clauseConv) sameAt(f *funcFacts, q *frontend.Pragma, x directives.Expr, at byteSpan) bool {
	ok := true
	var visit func(x directives.Expr)
	visit = func(x directives.Expr) {
		switch e := x.(type) {
		case *directives.Ident:
			d := q.Lookup(e.Name)
			if d == nil {
				v1, ok1 := q.ConstValue(e)
				v2, ok2 := c.p.ConstValue(e)
				ok = ok && ok1 && ok2 && v1 == v2 && c.p.Lookup(e.Name) == nil
				return
			}
			ok = ok && c.p.Lookup(e.Name) == d && f.stable(d, q.Start, at)
		case *directives.Lit, *directives.SizeofType:
		case *directives.Paren:
			visit(e.X)
		case *directives.Unary:
			if e.Op != "-" && e.Op != "+" && e.Op != "~" && e.Op != "!" {
				ok = false
				return
			}
			visit(e.X)
		case *directives.Binary:
			visit(e.X)
			visit(e.Y)
		case *directives.Cond:
			visit(e.C)
			visit(e.T)
			visit(e.F)
		case *directives.Cast:
			visit(e.X)
		default:
			ok = false
		}
	}
	visit(x)
	return ok
}
