package kernel

import (
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// RoutineDecl declares the device version of a routine (§2.15.1) without
// the final semicolon: in CUDA an extern "C" __device__ function, so that
// relocatable device code of other files links to it by name; in C a
// plain function. A routine of a static function is static.
func RoutineDecl(d Dialect, rt *ir.Routine) string {
	dl := dialectOf(d)
	sp := dl.printer()
	var params []string
	for _, p := range rt.Params {
		params = append(params, sp.Decl(p.Type, sp.Ident(p.Name)))
	}
	for i, c := range rt.ParamDecls {
		if i < len(params) && c != nil {
			params[i] = sp.Code(c) // as written, with its qualifiers
		}
	}
	for _, g := range rt.Globals {
		params = append(params, paramDecl(dl, g))
	}
	if len(params) == 0 {
		params = []string{"void"}
	}
	name := ir.DeviceName(rt.Name)
	if len(rt.Globals) > 0 {
		name = ir.GlobalsName(rt.Name)
	}
	return dl.routine(rt, sp.Decl(rt.Result, name+"("+strings.Join(params, ", ")+")"))
}

// Routine prints the device version of a routine: its body as device code
// that runs with the levels coarser than the routine's partitioned by the
// caller (ir.Level.Ctx), so that its own loops spread over the caller's
// threads and its other statements run as in gang-redundant,
// worker-single or vector-single code.
func Routine(d Dialect, lines Lines, rt *ir.Routine) string {
	return RoutineAtomics(d, d, lines, rt)
}

// RoutineAtomics is Routine with its atomic constructs (§2.12) printed in
// dialect atomics: on multicore a C routine runs in OpenMP threads, and
// its atomics must be OpenMP's.
func RoutineAtomics(d, atomics Dialect, lines Lines, rt *ir.Routine) string {
	e := newEmitter(d, atomics, lines, rt.Region, rt.Kernel)
	e.routine = true
	e.b.WriteString(RoutineDecl(d, rt))
	e.b.WriteString("\n{\n")
	e.depth = 1
	for _, p := range rt.Params {
		e.scope = append(e.scope, scoped{name: p.Name})
	}
	for _, g := range rt.Globals {
		e.scope = append(e.scope, scoped{name: g.Name})
	}
	e.nodes(rt.Kernel.Body, rt.Level.Ctx(), false)
	e.b.WriteString("}\n")
	return e.b.String()
}

// CalledRoutines returns the names of the routines device code ns calls,
// in order of first call.
func CalledRoutines(ns []ir.Node) []string {
	var out []string
	seen := map[string]bool{}
	ir.Visit(ns, func(n ir.Node) {
		var exprs []ir.Expr
		switch x := n.(type) {
		case *ir.Stmt:
			x.Exprs(func(e ir.Expr) { exprs = append(exprs, e) })
		case *ir.Loop:
			exprs = x.Bounds()
		}
		for _, e := range exprs {
			ir.Inspect(e, func(y ir.Expr) bool {
				if c, ok := y.(*ir.Call); ok && c.Routine != nil && !seen[c.Routine.Name] {
					seen[c.Routine.Name] = true
					out = append(out, c.Routine.Name)
				}
				return true
			})
		}
	})
	return out
}
