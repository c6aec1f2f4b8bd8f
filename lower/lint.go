package lower

import (
	"fmt"
	"slices"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// A hostLoop is a loop of the function around the construct, and what
// its host part does: the loop's code but the construct's statement and
// those of the other compute constructs in it that run on the device
// (those without if or self). Clause expressions the host evaluates (a
// section's bounds, async and num_gangs arguments, update items) are
// host code too.
type hostLoop struct {
	stmt *cc.IterationStatement
	span byteSpan
	// names are the variables the host part names.
	names map[*cc.Declarator]bool
	// call: the host part calls a function that harmlessCalls does not
	// list, or uses one's address; store: it assigns something other
	// than a variable named directly (an element, a member, *p); jump:
	// it holds a return, a goto or a label, which may leave or enter a
	// data construct around the loop.
	call, store, jump bool
	// devices are the other compute constructs in the loop whose code
	// runs on the device.
	devices []*frontend.Pragma
}

// harmlessCalls, with mathFuncs, are library functions that touch no
// memory but what their arguments point to (and the standard streams):
// a host loop that calls them touches only the data of the variables it
// names. (Not exit: the functions atexit registered run, and the data
// construct would not have copied the device's data back.)
var harmlessCalls = map[string]bool{}

func init() {
	for _, f := range strings.Fields(`fprintf puts putchar fputs fputc putc fflush malloc calloc
		aligned_alloc free memcpy memmove memset rand srand clock time abort __assert_fail
		__builtin_expect`) {
		harmlessCalls[f] = true
	}
}

// loopsAround returns the loops of the function around the construct,
// innermost first, with their host parts' facts.
func (rg *region) loopsAround() []*hostLoop {
	var out []*hostLoop
	walk(rg.p.Func, func(n cc.Node) bool {
		if is, ok := n.(*cc.IterationStatement); ok {
			if s, e := rg.b.stmtRange(is); s <= rg.c.DirStart && rg.c.StmtEnd <= e {
				out = append(out, &hostLoop{stmt: is, span: byteSpan{s, e}})
			}
		}
		return true
	})
	slices.Reverse(out)
	for _, l := range out {
		rg.scanHost(l)
	}
	return out
}

// deviceConstruct reports whether q is a compute construct whose
// statement runs on the device only: it has no if or self clause.
func deviceConstruct(q *frontend.Pragma) bool {
	if q.Dir == nil || !q.Dir.Kind.IsCompute() || q.Stmt == nil {
		return false
	}
	return q.Dir.Clause(directives.ClauseIf) == nil && q.Dir.Clause(directives.ClauseSelf) == nil
}

// scanHost collects the facts of l's host part.
func (rg *region) scanHost(l *hostLoop) {
	l.names = map[*cc.Declarator]bool{}
	file := rg.b.u.File
	device := map[*cc.Statement]bool{}
	var ranges []byteSpan // the device constructs, directive to statement end
	hostExprs := func(q *frontend.Pragma, bounds bool) {
		add := func(x directives.Expr) {
			dirIdents(x, func(name string) {
				if d := q.Lookup(name); d != nil {
					if d.Type().Kind() == cc.Function {
						l.call = true
					}
					l.names[d] = true
				}
			})
		}
		for _, cl := range q.Dir.Clauses {
			for _, x := range cl.Args {
				add(x)
			}
			for _, x := range cl.Vars {
				if !bounds {
					add(x)
					continue
				}
				_, ds := dims(x)
				for _, dim := range ds {
					switch e := dim.(type) {
					case *directives.Section:
						add(e.Lo)
						add(e.Len)
					case *directives.Index:
						add(e.Index)
					}
				}
			}
		}
	}
	for _, q := range rg.b.u.Pragmas {
		if q.Dir == nil || q.Pos.File != file || !l.span.contains(q.Start) {
			continue
		}
		if q == rg.p || deviceConstruct(q) {
			s, e := rg.b.stmtRange(q.Stmt)
			device[q.Stmt] = true
			ranges = append(ranges, byteSpan{q.Start, e}.with(s))
			hostExprs(q, true)
			if q != rg.p {
				l.devices = append(l.devices, q)
			}
		}
	}
	for _, q := range rg.b.u.Pragmas {
		if q.Dir == nil || q.Pos.File != file || !l.span.contains(q.Start) || q == rg.p || deviceConstruct(q) {
			continue
		}
		inside := false
		for _, r := range ranges {
			inside = inside || r.contains(q.Start)
		}
		if !inside {
			hostExprs(q, false) // update self(q[0:n]) writes q's data
		}
	}
	harmless := map[*cc.PrimaryExpression]bool{}
	walk(l.stmt, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.Statement:
			return !device[x]
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionCall:
				if fn, ok := peel(x.PostfixExpression).(*cc.PrimaryExpression); ok && fn.Case == cc.PrimaryExpressionIdent &&
					(harmlessCalls[fn.Token.SrcStr()] || pureLibrary(fn.Token.SrcStr())) && rg.library(fn) {
					harmless[fn] = true
				} else {
					l.call = true
				}
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				l.store = l.store || rootIdent(x.PostfixExpression) == nil
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
				l.store = l.store || rootIdent(x.UnaryExpression) == nil
			}
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				l.store = l.store || rootIdent(x.UnaryExpression) == nil
			}
		case *cc.JumpStatement:
			l.jump = l.jump || x.Case == cc.JumpStatementGoto || x.Case == cc.JumpStatementGotoExpr || x.Case == cc.JumpStatementReturn
		case *cc.LabeledStatement:
			l.jump = l.jump || x.Case == cc.LabeledStatementLabel
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionIdent {
				break
			}
			if d := declOf(x); d != nil {
				if d.Type().Kind() == cc.Function {
					l.call = l.call || !harmless[x]
				} else {
					l.names[d] = true
				}
			}
		}
		return true
	})
}

// library reports whether the function identifier fn names a library
// function: one the main file does not declare.
func (rg *region) library(fn *cc.PrimaryExpression) bool {
	d := declOf(fn)
	return d == nil || !rg.b.conv.src.inMainFile(d.Position())
}

// dirIdents calls fn with each identifier of clause expression x.
func dirIdents(x directives.Expr, fn func(string)) {
	switch e := x.(type) {
	case *directives.Ident:
		fn(e.Name)
	case *directives.Unary:
		dirIdents(e.X, fn)
	case *directives.Postfix:
		dirIdents(e.X, fn)
	case *directives.Binary:
		dirIdents(e.X, fn)
		dirIdents(e.Y, fn)
	case *directives.Cond:
		dirIdents(e.C, fn)
		dirIdents(e.T, fn)
		dirIdents(e.F, fn)
	case *directives.Call:
		dirIdents(e.Fun, fn)
		for _, a := range e.Args {
			dirIdents(a, fn)
		}
	case *directives.Member:
		dirIdents(e.X, fn)
	case *directives.Index:
		dirIdents(e.X, fn)
		dirIdents(e.Index, fn)
	case *directives.Section:
		dirIdents(e.X, fn)
		dirIdents(e.Lo, fn)
		dirIdents(e.Len, fn)
	case *directives.Cast:
		dirIdents(e.X, fn)
	case *directives.Paren:
		dirIdents(e.X, fn)
	}
}

// keepAround reports whether a data construct around loop l that maps
// m's section of d would keep the program's meaning while sparing the
// construct's transfers of it in l's iterations, and with which clause.
// It would when
//
//   - d is declared outside l, and neither d nor the variables of the
//     section's bounds are assigned in l (before or after the
//     construct; l's own header included): the data construct
//     evaluates them once, before the loop. Variables that calls or
//     stores through pointers may change (globals, statics, those
//     whose address is taken) must not meet either in l's host part;
//     bounds must be arithmetic on variables and constants;
//   - l's host part does not touch the data: it does not name d (a
//     read, a write, free(p), p passed to a function, an update), and,
//     unless d's data are reached through d alone (privateData), it
//     calls no function beyond harmlessCalls and names no other
//     variable that may point to them (mayReach). The host would
//     otherwise need update directives, which accc does not place;
//   - l holds no return, goto or label: a data construct is left and
//     entered only through its ends;
//   - every other compute construct in l that uses d runs on the
//     device only, maps it with copy, copyout, or with copyin or
//     create when it never writes it (a copy it discards each
//     iteration would persist), or present, with no modifiers, as the
//     same section (it would find it present), or uses it
//     implicitly.
//
// The clause is the union of the directions the constructs in l move d
// in: copy when one copies in and one copies out (an implicit use may
// do both).
func (rg *region) keepAround(f *funcFacts, l *hostLoop, d *cc.Declarator, m *ir.Map, decl map[*ir.Var]*cc.Declarator,
	private func() bool) (string, bool) {
	if f == nil || l.jump || !rg.stableIn(f, l, d) {
		return "", false
	}
	for _, dim := range m.Section.Dims {
		if !rg.stableExpr(f, l, dim.Lo, decl) || !rg.stableExpr(f, l, dim.Len, decl) {
			return "", false
		}
	}
	if l.names[d] {
		return "", false
	}
	if !private() {
		if l.call {
			return "", false
		}
		for q := range l.names {
			if q != d && rg.mayReach(q, d) {
				return "", false
			}
		}
	}
	in, out := m.Clause != ir.Copyout, m.Clause != ir.Copyin
	for _, q := range l.devices {
		i, o, ok := rg.deviceUse(q, d, m)
		if !ok {
			return "", false
		}
		in, out = in || i, out || o
	}
	switch {
	case in && out:
		return "copy", true
	case in:
		return "copyin", true
	}
	return "copyout", true
}

// stableIn reports whether variable d, declared outside loop l, keeps
// in l the value it has on entering it: no statement of l assigns it,
// and, unless only the function's own stores change it, l's host part
// neither calls a function nor stores through a pointer.
func (rg *region) stableIn(f *funcFacts, l *hostLoop, d *cc.Declarator) bool {
	if !d.IsParam() && d.Position().Filename == rg.b.u.File && l.span.contains(d.Position().Offset) {
		return false
	}
	for _, w := range f.writes[d] {
		if l.span.contains(w.start) {
			return false
		}
	}
	if d.Type().Kind() == cc.Array && !d.IsParam() {
		return true // an array is not assigned
	}
	return f.local(d) || !l.call && !l.store
}

// stableExpr reports whether the host expression e (a section bound) has
// one value throughout loop l: arithmetic on constants and on variables
// stable in l.
func (rg *region) stableExpr(f *funcFacts, l *hostLoop, e ir.Expr, decl map[*ir.Var]*cc.Declarator) bool {
	return !ir.AnyExpr(e, func(x ir.Expr) bool {
		switch x := x.(type) {
		case *ir.Ref:
			d := decl[x.Var]
			return d == nil || !rg.stableIn(f, l, d)
		case *ir.Unary:
			return !(x.Op == "-" || x.Op == "+" || x.Op == "~" || x.Op == "!" || x.Op == "sizeof") || x.Post
		case *ir.Const, *ir.Binary, *ir.Cond, *ir.Cast, *ir.SizeofType:
			return false
		}
		return true
	})
}

// privateData reports whether d's data are reached in the function's
// host code through d alone, so that neither a call nor another name
// can touch them: d is a local array, a restrict pointer parameter (or
// any pointer parameter with -Msafeptr), or a local pointer assigned
// only from malloc, calloc or aligned_alloc; its address is never
// taken; and outside the device code of compute constructs the
// function names it only to subscript it (d[i], *d), to free it and to
// assign it.
func (rg *region) privateData(f *funcFacts, d *cc.Declarator) bool {
	if !f.local(d) {
		return false
	}
	t := d.Type()
	switch {
	case d.IsParam():
		if t.Kind() != cc.Ptr || !declRestrict(d) && !rg.b.opts.NoAlias {
			return false
		}
	case t.Kind() == cc.Array:
	case t.Kind() == cc.Ptr:
		for _, w := range f.writes[d] {
			if w.rhs == nil {
				return false
			}
			if name, _ := allocCall(w.rhs); name != "malloc" && name != "calloc" && name != "aligned_alloc" {
				return false
			}
		}
	default:
		return false
	}
	return !rg.hostEscapes(f, d)
}

// hostEscapes reports whether the function's host code (outside the
// device code of compute constructs) names d other than to subscript it
// (d[i], *d), to free it and to assign it, or takes its address: other
// names may then reach its data.
func (rg *region) hostEscapes(f *funcFacts, d *cc.Declarator) bool {
	device := map[*cc.Statement]bool{}
	for _, q := range rg.b.u.Pragmas {
		if q.Func == rg.p.Func && deviceConstruct(q) {
			device[q.Stmt] = true
		}
	}
	ok := map[*cc.PrimaryExpression]bool{}
	escapes := false
	walk(f.body, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.Statement:
			return !device[x]
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionIndex:
				if r := rootIdent(x.PostfixExpression); r != nil {
					ok[r] = true
				}
			case cc.PostfixExpressionCall:
				if name, args := allocCall(x); name == "free" && len(args) == 1 {
					if r := rootIdent(args[0]); r != nil {
						ok[r] = true
					}
				}
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionDeref:
				if r := rootIdent(x.CastExpression); r != nil {
					ok[r] = true
				}
			case cc.UnaryExpressionAddrof:
				escapes = escapes || mentions(x.CastExpression, d)
			case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionAlignofExpr:
				return false
			}
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionAssign {
				if r := rootIdent(x.UnaryExpression); r != nil {
					ok[r] = true
				}
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent && declOf(x) == d && !ok[x] {
				escapes = true
			}
		}
		return !escapes
	})
	return escapes
}

// mentions reports whether the code n names variable d.
func mentions(n cc.Node, d *cc.Declarator) bool {
	found := false
	walk(n, func(c cc.Node) bool {
		if x, ok := c.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent && declOf(x) == d {
			found = true
		}
		return !found
	})
	return found
}

// mayReach reports whether the host code naming variable q may touch the
// data of d through it: q is not an arithmetic scalar, an array of
// numbers when d is an array too (distinct objects), a standard stream,
// or (with -Msafeptr) a pointer; and neither is a restrict parameter
// while the other is a parameter or an array, which cannot hold a
// pointer based on it (C11 6.7.3.1: data modified through a restrict
// pointer are reached only through pointers based on it).
func (rg *region) mayReach(q, d *cc.Declarator) bool {
	notBased := func(v *cc.Declarator) bool { return v.IsParam() || v.Type().Kind() == cc.Array }
	restrictParam := func(v *cc.Declarator) bool { return v.IsParam() && v.Type().Kind() == cc.Ptr && declRestrict(v) }
	if restrictParam(d) && notBased(q) || restrictParam(q) && notBased(d) {
		return false
	}
	t := q.Type()
	switch {
	case t.Kind() == cc.Function || cc.IsArithmeticType(t):
		return false
	case t.Kind() == cc.Ptr:
		if rg.b.opts.NoAlias {
			return false
		}
		if n := q.Name(); (n == "stdin" || n == "stdout" || n == "stderr") && !rg.b.conv.src.inMainFile(q.Position()) {
			return false
		}
	case t.Kind() == cc.Array && !q.IsParam():
		e := t
		for e.Kind() == cc.Array {
			e = e.(*cc.ArrayType).Elem()
		}
		if cc.IsArithmeticType(e) && d.Type().Kind() == cc.Array && !d.IsParam() {
			return false
		}
	}
	return true
}

// deviceUse says how compute construct q, in a loop with the construct
// and running on the device, uses d: whether a data construct around the
// loop must copy d in (in) and out (out) for it, and false when q uses d
// in a way a data construct around the loop would change (keepAround).
func (rg *region) deviceUse(q *frontend.Pragma, d *cc.Declarator, m *ir.Map) (in, out, ok bool) {
	named := false
	for _, cl := range q.Dir.Clauses {
		for _, x := range cl.Vars {
			if q.Lookup(baseName(x)) != d {
				continue
			}
			named = true
			if _, isMember := x.(*directives.Member); isMember || cl.Group != nil || cl.Mods&^directives.ModReadonly != 0 ||
				!rg.sameSection(q, x, m) {
				return false, false, false
			}
			switch cl.Kind {
			case directives.ClauseCopy:
				in, out = true, true
			case directives.ClauseCopyin:
				if deviceMayWrite(q.Stmt, d) {
					return false, false, false
				}
				in = true
			case directives.ClauseCopyout:
				out = true
			case directives.ClauseCreate:
				if deviceMayWrite(q.Stmt, d) {
					return false, false, false
				}
			case directives.ClausePresent:
			default:
				return false, false, false
			}
		}
	}
	if !named && mentions(q.Stmt, d) {
		in, out = true, deviceMayWrite(q.Stmt, d)
	}
	return in, out, true
}

// sameSection reports whether clause item x of directive q names the
// section m maps, or its variable alone when that is a pointer (whose
// section a data construct around the loop would give it): the same
// text as -Minfo spells m, in names that mean the same variables at
// both directives.
func (rg *region) sameSection(q *frontend.Pragma, x directives.Expr, m *ir.Map) bool {
	base, ds := dims(x)
	id, isIdent := base.(*directives.Ident)
	if !isIdent {
		return false
	}
	if len(ds) == 0 {
		if q.Lookup(id.Name).Type().Kind() == cc.Ptr {
			return true
		}
		for _, dim := range m.Section.Dims {
			if !dim.Whole {
				return false
			}
		}
		return true
	}
	text := id.Name
	same := true
	for _, dim := range ds {
		s, isSection := dim.(*directives.Section)
		if !isSection || s.Len == nil {
			return false
		}
		lo := ""
		if s.Lo != nil {
			if v, isConst := q.ConstValue(s.Lo); !isConst || v != 0 {
				lo = directives.ExprString(s.Lo)
			}
		}
		text += "[" + lo + ":" + directives.ExprString(s.Len) + "]"
		for _, e := range []directives.Expr{s.Lo, s.Len} {
			dirIdents(e, func(name string) {
				same = same && q.Lookup(name) == rg.p.Lookup(name)
			})
		}
	}
	strip := func(s string) string { return strings.ReplaceAll(s, " ", "") }
	return same && strip(text) == strip(m.Section.MinfoText())
}

// deviceMayWrite reports whether the device code n may write d's data:
// it assigns, increments or takes the address of an expression that
// names d, or names d other than to subscript it (a pointer copied or
// offset).
func deviceMayWrite(n cc.Node, d *cc.Declarator) bool {
	indexed := map[*cc.PrimaryExpression]bool{}
	found := false
	walk(n, func(c cc.Node) bool {
		switch x := c.(type) {
		case *cc.AssignmentExpression:
			found = found || x.Case != cc.AssignmentExpressionCond && mentions(x.UnaryExpression, d)
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionIndex:
				if r := rootIdent(x.PostfixExpression); r != nil {
					indexed[r] = true
				}
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				found = found || mentions(x.PostfixExpression, d)
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				found = found || mentions(x.UnaryExpression, d)
			case cc.UnaryExpressionAddrof:
				found = found || mentions(x.CastExpression, d)
			}
		case *cc.PrimaryExpression:
			found = found || x.Case == cc.PrimaryExpressionIdent && declOf(x) == d && !indexed[x]
		}
		return !found
	})
	return found
}

// copyoutLint warns about data a copyout clause of the construct names
// but no kernel of it writes: the copy back would overwrite the host's
// values with the device's uninitialised memory.
func (rg *region) copyoutLint() {
	written, unknown := rg.deviceWrites()
	if unknown {
		return
	}
	escaped := rg.escapes()
	for _, m := range rg.c.Maps {
		if m.Implicit || m.Clause != ir.Copyout || m.Var == nil || written[m.Var] || escaped[m.Var] {
			continue
		}
		if k := m.Var.Type.Kind; k != ir.Array && k != ir.Pointer {
			continue
		}
		rg.b.sink.Report(diag.Diagnostic{Pos: m.Pos, Severity: diag.Warning, Code: diag.CodeDataMovement, Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is in a copyout clause but the construct never writes it: copying it back replaces the host's values with uninitialised device memory; use copy or create",
				m.Var.Name)})
	}
}

// copyinLint warns about arrays a copyin or copy clause of the construct
// moves to the device that the construct overwrites before it reads
// them: the values copied in are never seen, so create (for copyin) or
// copyout (for copy) would skip the transfer. A false warning would
// lead the user to drop a copy the program needs, so the lint warns
// only when it proves the transfer dead (overwritten):
//
//   - the first kernel to touch the array runs once, unconditionally, and
//     no kernel before it reads anything that may be the array's data
//     (another name that may alias it, a pointer the code computes);
//   - in that kernel one plain assignment x[f] = e, directly in the body
//     of a nest of canonical unit-step loops with no break or continue,
//     writes every element of the mapped section (coverElements);
//   - every other read of the array in that kernel comes after the
//     assignment in the same iteration and reads the element it wrote
//     (the same subscripts), and the kernel reads nothing else that may
//     alias it. Later kernels of the construct run after the whole
//     kernel and may read anything.
//
// A data construct's copyin is not linted: its first device use may be
// any of the compute constructs of its body, on any path through host
// code.
func (rg *region) copyinLint() {
	escaped := rg.escapes()
	decl := map[*ir.Var]*cc.Declarator{}
	for d, v := range rg.vars {
		decl[v] = d
	}
	order, once := rg.launchOrder()
	for _, m := range rg.c.Maps {
		if m.Implicit || m.Clause != ir.Copyin && m.Clause != ir.Copy {
			continue
		}
		v := m.Var
		if v == nil || v.Map != m || v.Class != ir.ArrayData || escaped[v] || decl[v] == nil ||
			rg.b.presentAround(decl[v], rg.c.DirStart) {
			continue
		}
		dims := rg.sectionDims(m.Section)
		if dims == nil || !rg.overwrittenFirst(v, dims, order, once) {
			continue
		}
		var msg string
		if m.Clause == ir.Copy {
			msg = fmt.Sprintf("'%s' is copied to and from the device but the construct writes every element before reading it; copyout(%s) would skip the copy to the device",
				v.Name, m.Section.MinfoText())
		} else {
			msg = fmt.Sprintf("'%s' is copied to the device but the construct writes every element before reading it; create(%s) would skip the transfer",
				v.Name, m.Section.MinfoText())
		}
		rg.b.sink.Report(diag.Diagnostic{Pos: m.Pos, Severity: diag.Warning, Code: diag.CodeDataMovement, Func: rg.c.Func, Msg: msg})
	}
}

// launchOrder returns the region's kernels in the order the host
// launches them, and which of them it launches exactly once whenever
// the construct runs (not inside a host loop).
func (rg *region) launchOrder() ([]*ir.Kernel, map[*ir.Kernel]bool) {
	once := map[*ir.Kernel]bool{}
	if rg.r.Host == nil {
		for _, k := range rg.r.Kernels {
			once[k] = true
		}
		return rg.r.Kernels, once
	}
	var order []*ir.Kernel
	ir.InspectHost(rg.r.Host, func(n ir.HostNode) bool {
		if x, ok := n.(*ir.Launch); ok {
			order = append(order, x.Kernel)
		}
		return true
	})
	for _, n := range rg.r.Host {
		if x, ok := n.(*ir.Launch); ok {
			once[x.Kernel] = true // not inside a host loop
		}
	}
	return order, once
}

// A sectionSpan is the range of subscripts [lo, lo+len) a section covers in
// one dimension.
type sectionSpan struct{ lo, len ir.Affine }

// sectionDims returns the section's spans, one per subscript of an
// element reference, outermost first: the section's own dimensions,
// then the whole extent of the array dimensions it leaves. nil unless
// the section is one of an array or pointer variable whose elements
// are scalars and whose bounds the host has.
func (rg *region) sectionDims(s *ir.Section) []sectionSpan {
	if s == nil || s.Var == nil || s.Pointee || s.Rows {
		return nil
	}
	if r, ok := s.Base.(*ir.Ref); !ok || r.Var != s.Var {
		return nil
	}
	t := s.Var.Type
	var lens []int64 // the extent of each dimension; -1: a pointer's
	switch t.Kind {
	case ir.Pointer:
		lens, t = append(lens, -1), t.Elem
	case ir.Array:
	default:
		return nil
	}
	for ; t.Kind == ir.Array; t = t.Elem {
		lens = append(lens, t.Len)
	}
	if t.Kind != ir.Scalar || len(s.Dims) > len(lens) {
		return nil
	}
	var out []sectionSpan
	for i, n := range lens {
		var sp sectionSpan
		if i < len(s.Dims) {
			sp = sectionSpan{ir.Linear(s.Dims[i].Lo), ir.Linear(s.Dims[i].Len)}
		} else if n > 0 {
			sp = sectionSpan{ir.Constant(0), ir.Constant(n)}
		} else {
			return nil
		}
		if !rg.regionConstant(sp.lo, nil) || !rg.regionConstant(sp.len, nil) {
			return nil
		}
		out = append(out, sp)
	}
	return out
}

// regionConstant reports whether polynomial a has one value throughout
// the construct, the host's: its variables are region scalars the construct
// never assigns, none of them a loop index (skip).
func (rg *region) regionConstant(a ir.Affine, skip map[*ir.Var]bool) bool {
	if !a.OK {
		return false
	}
	for _, t := range a.Terms {
		for _, w := range t.Vars {
			if w.Local || w.Written || w.Type.Kind != ir.Scalar || skip[w] || rg.r.HostIndex(w) {
				return false
			}
		}
	}
	return true
}

// overwrittenFirst reports whether the construct writes every element
// of v's section (dims) before it reads any, as copyinLint describes.
func (rg *region) overwrittenFirst(v *ir.Var, dims []sectionSpan, order []*ir.Kernel, once map[*ir.Kernel]bool) bool {
	for _, k := range order {
		as := kernelAccesses(k)
		touches := false
		for _, a := range as {
			touches = touches || a.Var == v
		}
		if !touches {
			// Nothing it reads may be v's data.
			for _, a := range as {
				if a.Unknown || !a.Write && rg.mayReadData(v, a) {
					return false
				}
			}
			continue
		}
		if !once[k] || opt.GotoIn(k.Body) {
			return false
		}
		for _, w := range rg.coveringWrites(k, v, dims) {
			if rg.readsAfterOnly(k, as, v, w) {
				return true
			}
		}
		return false
	}
	return false
}

// kernelAccesses lists every reference of kernel k: its statements' and
// its loops' bounds'.
func kernelAccesses(k *ir.Kernel) []*ir.Access {
	var out []*ir.Access
	ir.Visit(k.Body, func(n ir.Node) {
		switch x := n.(type) {
		case *ir.Stmt:
			out = append(out, x.Accesses...)
		case *ir.Loop:
			out = append(out, opt.ExprAccesses(x.Bounds()...)...)
		}
	})
	return out
}

// mayReadData reports whether read a, of a variable other than v, may
// read v's data: an element or member reached through a name that may
// alias v (a pointer that is not restrict, a pointer the region
// declares, a pointer member of a struct).
func (rg *region) mayReadData(v *ir.Var, a *ir.Access) bool {
	w := a.Var
	if w == nil {
		return true
	}
	if w == v {
		return true
	}
	if !a.Element {
		return false
	}
	switch {
	case w.Local:
		return w.Type.Kind != ir.Array || len(a.Fields) > 0
	case w.Type.Kind == ir.Record:
		return !rg.b.opts.NoAlias && !rg.restrictVar(v)
	}
	return rg.opt().MayAlias(v, w)
}

// A coverWrite is an assignment that writes every element of a section:
// the statement, its write access, and the loop body it is directly in.
type coverWrite struct {
	stmt *ir.Stmt
	acc  *ir.Access
	body []ir.Node
}

// coveringWrites finds kernel k's assignments to v that write every
// element of dims: plain assignments directly in the body of a nest of
// loops (coverElements says which nests) that run every iteration (no
// break or continue), with nothing but loops and plain blocks between
// the kernel's body and them.
func (rg *region) coveringWrites(k *ir.Kernel, v *ir.Var, dims []sectionSpan) []coverWrite {
	var out []coverWrite
	// A node's place: the loops around it and the body that holds it.
	type place struct {
		chain []*ir.Loop
		body  []ir.Node
	}
	ir.InspectWith(k.Body, place{body: k.Body}, func(n ir.Node, p place) (place, bool) {
		switch x := n.(type) {
		case *ir.Loop:
			return place{append(p.chain[:len(p.chain):len(p.chain)], x), x.Body}, !x.Break && !x.Continue
		case *ir.Stmt:
			if x.Body != nil {
				return place{p.chain, x.Body}, x.Head == nil && !x.Break && !x.Continue
			}
			if len(p.chain) == 0 {
				break
			}
			es, ok := x.Tree.(*ir.ExprStmt)
			if !ok {
				break
			}
			if as, isAssign := es.X.(*ir.Assign); !isAssign || as.Op != "=" {
				break
			}
			var w *ir.Access
			for _, a := range x.Accesses {
				if a.Var == v && a.Write {
					w = a
				}
			}
			if w != nil && rg.coverElements(w, p.chain, dims) {
				out = append(out, coverWrite{stmt: x, acc: w, body: p.body})
			}
		}
		return p, false
	})
	return out
}

// coverElements reports whether write w, run in every iteration of the
// loops of chain, writes every element of dims. Each subscript must be
// c + Σ s_k·u_k for distinct loop indices u_k of unit step over
// [lo_k, hi_k] (bounds the host has), where s_1 = 1 and each next s_k
// is the product of the widths hi_j - lo_j + 1 before it, so the
// subscript runs over [c + Σ s_k·lo_k, that + Π widths) without gaps
// (i, i*m + j with j over [0, m)): that range must contain the
// section's span. Every other loop of chain must run at least once.
// With one index per subscript this is exact: a loop that runs no
// iteration leaves a range, and so a span, that is empty. With several,
// a product of two negative widths is positive although nothing is
// written; accc takes b[0:n*m] written as b[i*m + j] over i < n, j < m
// to be covered even so, as no program maps a section of n*m elements
// with n and m both negative.
func (rg *region) coverElements(w *ir.Access, chain []*ir.Loop, dims []sectionSpan) bool {
	if w.Unknown || !w.Element || !w.Affine || len(w.Fields) > 0 || len(w.Subs) != len(dims) {
		return false
	}
	type bound struct{ lo, width ir.Affine }
	idx := map[*ir.Var]*bound{}
	isIndex := map[*ir.Var]bool{}
	for _, l := range chain {
		for _, iv := range l.Nest {
			if iv.Var != nil {
				isIndex[iv.Var] = true
			}
		}
	}
	for _, v := range w.Loops {
		isIndex[v] = true
	}
	for _, l := range chain {
		for _, iv := range l.Nest {
			k, isConst := ir.IntValue(iv.Step)
			if iv.Var == nil || iv.Never || iv.Local || iv.Down || !isConst || k != 1 || iv.Cmp.Descending() {
				continue // not usable as a covering index
			}
			lv := opt.LevelOf(iv)
			if !rg.regionConstant(lv.Min, isIndex) || !rg.regionConstant(lv.Max, isIndex) {
				continue
			}
			idx[iv.Var] = &bound{lo: lv.Min, width: lv.Max.Sub(lv.Min).Add(ir.Constant(1))}
		}
	}
	used := map[*ir.Var]bool{}
	for d, sub := range w.Subs {
		// The loop indices of the subscript and their coefficients.
		coef := map[*ir.Var]ir.Affine{}
		var vars []*ir.Var
		for _, t := range sub.Terms {
			for _, u := range t.Vars {
				if !isIndex[u] {
					continue
				}
				if idx[u] == nil || used[u] {
					return false
				}
				if _, seen := coef[u]; !seen {
					c, ok := sub.Coef(u)
					if !ok || !rg.regionConstant(c, isIndex) {
						return false
					}
					coef[u] = c
					vars = append(vars, u)
				}
			}
		}
		rest := sub.Without(isIndex)
		if !rg.regionConstant(rest, isIndex) {
			return false
		}
		start, size := rest, ir.Constant(1)
		for range vars {
			var next *ir.Var
			for _, u := range vars {
				if _, done := used[u]; done {
					continue
				}
				if diff, ok := coef[u].Sub(size).IntConst(); ok && diff == 0 {
					next = u
					break
				}
			}
			if next == nil {
				return false
			}
			used[next] = true
			b := idx[next]
			start = start.Add(coef[next].Mul(b.lo))
			size = size.Mul(b.width)
		}
		// [start, start+size) ⊇ [lo, lo+len).
		sp := dims[d]
		below, ok1 := start.Sub(sp.lo).IntConst()
		above, ok2 := start.Add(size).Sub(sp.lo.Add(sp.len)).IntConst()
		if !ok1 || !ok2 || below > 0 || above < 0 {
			return false
		}
	}
	// A loop whose index no subscript uses must run at least once: the
	// store is in its body (for (t = 0; t < steps; t++) may run none).
	for _, l := range chain {
		for _, iv := range l.Nest {
			if iv.Var != nil && used[iv.Var] {
				continue
			}
			if iv.Var == nil || idx[iv.Var] == nil {
				return false
			}
			if trips, ok := idx[iv.Var].width.IntConst(); !ok || trips < 1 {
				return false
			}
		}
	}
	return true
}

// readsAfterOnly reports whether kernel k reads v's data only where the
// covering write cw has already written it: in a statement after cw's
// in the same loop body (in the same iteration, so the same thread),
// at the same subscripts; and reads nothing else that may be v's.
func (rg *region) readsAfterOnly(k *ir.Kernel, as []*ir.Access, v *ir.Var, cw coverWrite) bool {
	after := map[*ir.Access]bool{}
	for i, n := range cw.body {
		if n != ir.Node(cw.stmt) {
			continue
		}
		ir.Visit(cw.body[i+1:], func(m ir.Node) {
			if s, ok := m.(*ir.Stmt); ok {
				for _, a := range s.Accesses {
					after[a] = true
				}
			}
		})
	}
	for _, a := range as {
		switch {
		case a.Unknown:
			return false
		case a.Write:
		case a.Var == v:
			if !after[a] || !sameElement(a, cw.acc) {
				return false
			}
		case rg.mayReadData(v, a):
			return false
		}
	}
	return true
}

// sameElement reports whether a and b reference the same element in the
// same iteration: affine references with equal subscripts.
func sameElement(a, b *ir.Access) bool {
	if !a.Element || !a.Affine || !b.Affine || len(a.Fields) > 0 || len(a.Subs) != len(b.Subs) {
		return false
	}
	for i := range a.Subs {
		if d, ok := a.Subs[i].Sub(b.Subs[i]).IntConst(); !ok || d != 0 {
			return false
		}
	}
	return true
}
