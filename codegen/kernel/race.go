package kernel

import (
	"fmt"

	"github.com/accc-compiler/accc/ir"
)

// The race variant of an emulate kernel (ACCC_CHECK=race,
// runtime/src/race.c). OpenACC 3.4 §2.9: the iterations of a gang, worker
// or vector loop run in any order and at once; two of them that touch the
// same element, one writing it, race. Each emulate kernel has a second
// gang function (<kernel>_cpu_race), the first with every load and store
// of memory reached through a pointer (an element a[i], *p, p->f, a
// scalar in device memory) passed through accrt_race_access and every
// partitioned loop telling the runtime its instances and iterations; the
// kernel runs it when the check is on, so that the check costs nothing
// when off. The runtime keeps accesses to device copies only (locals,
// private copies and reduction copies are not device copies): this file
// leaves out what cannot be one (an element of a local array), atomic
// constructs (§2.12: their accesses do not race) and bit-fields (which
// have no address). Routines a kernel calls are not instrumented.

// raceName is the name of kernel k's race variant.
func raceName(k *ir.Kernel) string { return ir.CPUKernelName(k.Name) + "_race" }

// raceLoop reports whether loop l makes iterations for the race check:
// a partitioned loop (a tiled one's tiles and elements are one loop).
func raceLoop(l *ir.Loop) bool { return l.Levels != 0 }

// raceBegin prints the start of an instance of partitioned loop l.
func (e *emitter) raceBegin(l *ir.Loop) {
	file, line := e.lines.At(l.Line)
	index := "(const char *)0" // iterations counted: a collapsed or tiled nest
	if len(l.Nest) == 1 {
		index = Quote(ir.SourceName(l.Nest[0].Var))
	}
	gang := 0
	if l.Levels.Has(ir.Gang) {
		gang = 1
	}
	e.line("accrt_race_loop(%d, %s, %d, %s);", gang, Quote(file), line, index)
}

// raceIteration prints the start of an iteration of partitioned loop l,
// after its indices: the index's value, or the iteration's number in
// the collapsed nest. It is a declaration, as the private copies that
// follow it are (C89 has no declarations after statements).
func (e *emitter) raceIteration(l *ir.Loop) {
	it := "(accrt_llong)" + ir.LoopCountName
	switch {
	case len(l.Nest) == 1:
		it = "(accrt_llong)" + e.ref(l.Nest[0].Var)
	case l.Tiled():
		n := ir.TileIndexName(0)
		for i := 1; i < len(l.Nest); i++ {
			n = fmt.Sprintf("(%s) * %s + %s", n, ir.TripCountName(i), ir.TileIndexName(i))
		}
		it = "(accrt_llong)(" + n + ")"
	}
	e.line("const int %s __attribute__((unused)) = accrt_race_iter(%s);", ir.RaceIterName, it)
}

// An accessMode says how an expression is used: its value read, the
// object written or updated (read and written), its address taken (an
// array that decays, the base of a member, the operand of &), or not
// evaluated at all (sizeof).
type accessMode int

const (
	modeRead accessMode = iota
	modeWrite
	modeUpdate
	modeAddr
)

// An access is an lvalue of memory that the statement reads or writes.
type access struct {
	x    ir.Expr
	mode accessMode
	line int
}

// raceSubst returns p's substitutions (a copy) with the accesses of
// statement s printed through accrt_race_access, innermost first: an
// access inside another's operands is checked when that operand is
// evaluated.
func (e *emitter) raceSubst(s ir.Statement, p ir.Printer) map[ir.Expr]string {
	var accs []access
	ir.InspectStatement(s, func(t ir.Statement) bool {
		line := t.SrcLine()
		walk := func(x ir.Expr, m accessMode) { e.accesses(x, m, line, &accs) }
		switch x := t.(type) {
		case *ir.Atomic:
			return false // §2.12: atomic accesses do not race
		case *ir.ExprStmt:
			walk(x.X, modeRead)
		case *ir.DeclStmt:
			for _, l := range x.Locals {
				walk(l.Init, modeRead)
			}
		case *ir.If:
			walk(x.Cond, modeRead)
		case *ir.For:
			walk(x.Cond, modeRead)
			walk(x.Post, modeRead)
		case *ir.While:
			walk(x.Cond, modeRead)
		case *ir.DoWhile:
			walk(x.Cond, modeRead)
		case *ir.Switch:
			walk(x.Tag, modeRead)
		case *ir.Jump:
			walk(x.Value, modeRead)
		}
		return true
	}, nil)
	subst := map[ir.Expr]string{}
	for x, t := range p.Subst {
		subst[x] = t
	}
	p.Subst = subst
	for _, a := range accs {
		if _, ok := subst[a.x]; ok {
			continue
		}
		text := p.Expr(a.x)
		file, line := e.lines.At(a.line)
		t := a.x.Type()
		ptr, size := "__typeof__("+text+") *", "sizeof("+text+")"
		if t.Kind == ir.Scalar || t.Kind == ir.Pointer || t.Kind == ir.Record {
			ptr, size = e.decl(t, "*"), "sizeof("+e.decl(t, "")+")"
		}
		subst[a.x] = fmt.Sprintf("(*(%s)accrt_race_access(&(%s), %s, %d, %s, %d))", ptr, text, size, a.mode, Quote(file), line)
	}
	return subst
}

// accesses appends the accesses of x, used as m says, to accs in
// post-order.
func (e *emitter) accesses(x ir.Expr, m accessMode, line int, accs *[]access) {
	if x == nil {
		return
	}
	if m == modeRead && designatesArray(x) {
		m = modeAddr // an array or function designator decays to its address
	}
	walk := func(y ir.Expr, m accessMode) { e.accesses(y, m, line, accs) }
	switch y := x.(type) {
	case *ir.Index:
		walk(y.X, modeRead)
		walk(y.I, modeRead)
	case *ir.Member:
		if y.Arrow {
			walk(y.X, modeRead)
		} else {
			walk(y.X, modeAddr)
		}
		if y.Bitfield {
			return
		}
	case *ir.Unary:
		switch y.Op {
		case "sizeof", "_Alignof":
			return // not evaluated
		case "&":
			walk(y.X, modeAddr)
		case "++", "--":
			walk(y.X, modeUpdate)
		case "*":
			walk(y.X, modeRead)
		case "__real__", "__imag__":
			walk(y.X, m)
			return
		default:
			walk(y.X, modeRead)
		}
	case *ir.Assign:
		if y.Op == "=" {
			walk(y.L, modeWrite)
		} else {
			walk(y.L, modeUpdate)
		}
		walk(y.R, modeRead)
		return
	case *ir.Ref:
	default:
		for _, c := range ir.Children(x) {
			walk(c, modeRead)
		}
		return
	}
	if m != modeAddr && !designatesArray(x) && e.memory(x) {
		if t := x.Type(); t != nil && t.Kind != ir.Array && t.Kind != ir.Function && t.Kind != ir.Invalid {
			*accs = append(*accs, access{x, m, line})
		}
	}
}

// designatesArray reports whether lvalue x is an array or a function,
// which decays to its address rather than being loaded: the types of
// expressions are those they decay to, so it is x's operand that says.
func designatesArray(x ir.Expr) bool {
	var op *ir.Type
	switch y := x.(type) {
	case *ir.Member:
		return y.Array
	case *ir.Index:
		op = y.X.Type()
	case *ir.Unary:
		op = y.X.Type()
	case *ir.Ref:
		op = &ir.Type{Kind: ir.Pointer, Elem: y.Var.Type}
	}
	if op == nil || (op.Kind != ir.Pointer && op.Kind != ir.Array) || op.Elem == nil {
		return true // unknown: not checked
	}
	return op.Elem.Kind == ir.Array || op.Elem.Kind == ir.Function
}

// memory reports whether lvalue x may be memory of a device copy: an
// object reached through a pointer, or a variable the kernel reaches
// through its device address, rather than a local or private copy.
func (e *emitter) memory(x ir.Expr) bool {
	switch y := x.(type) {
	case *ir.Ref:
		v := y.Var
		if e.shadow[v] > 0 || e.private[v] > 0 || v.Local {
			return false
		}
		return v.Class == ir.ByPointer // (an ArrayData variable is the address of its elements)
	case *ir.Index:
		if t := y.X.Type(); t != nil && t.Kind == ir.Array {
			if r, ok := y.X.(*ir.Ref); ok {
				// An element of a mapped array, not of a local one.
				v := r.Var
				return e.shadow[v] == 0 && e.private[v] == 0 && !v.Local && (v.Class == ir.ArrayData || v.Class == ir.ByPointer)
			}
			return e.memory(y.X) // an element of the array itself
		}
		return true
	case *ir.Member:
		if y.Arrow {
			return true
		}
		return e.memory(y.X)
	case *ir.Unary:
		return y.Op == "*"
	}
	return false
}
