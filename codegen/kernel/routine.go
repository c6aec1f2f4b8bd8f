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
	sp := spelling(d)
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
		params = append(params, ParamDecl(g, d))
	}
	if len(params) == 0 {
		params = []string{"void"}
	}
	name := ir.DeviceName(rt.Name)
	if len(rt.Globals) > 0 {
		name = ir.GlobalsName(rt.Name)
	}
	s := sp.Decl(rt.Result, name+"("+strings.Join(params, ", ")+")")
	switch {
	case d == CUDA && rt.Static:
		return "static __device__ " + s
	case d == CUDA:
		return "extern \"C\" __device__ " + s
	case rt.Static:
		return "static __inline__ " + s // no unused-function warning where no device code calls it; inline in every -std (no macro: the host file of a preprocessed unit has none)
	}
	return s
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
	e := &emitter{d: d, lines: lines, r: rt.Region, k: rt.Kernel, routine: true, atomics: &atomics, atomicVars: atomicVars(rt.Kernel.Body)}
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

// parCall prints a statement that calls a gang, worker or vector routine
// (ir.Stmt.ParCall): every thread of the routine's levels calls it, and
// one stores its result where the store has effects beyond the thread.
// Code that runs worker-redundantly (gang-redundant code) lets one
// worker call a vector routine (worker-single mode, §2.5.1).
func (e *emitter) parCall(s *ir.Stmt, ctx ir.Level, rx, ry bool) {
	single := s.ParCall.Level.Ctx().Has(ir.Worker) && ry
	if single {
		e.line("if (threadIdx.y == 0) { /* worker-single: one worker calls vector routine %s */", s.ParCall.Name)
		e.depth++
	}
	tree := s.Tree
	if ds, ok := tree.(*ir.DeclStmt); ok && single {
		// Declared before the worker-single block, assigned in it.
		l := ds.Locals[0]
		e.depth--
		e.code(&ir.DeclStmt{Line: ds.Line, Locals: []*ir.Local{{Var: l.Var, Spec: l.Spec, Declarator: l.Declarator}}})
		e.depth++
		tree = &ir.ExprStmt{Line: ds.Line, X: &ir.Assign{Op: "=", L: &ir.Ref{Var: l.Var}, R: l.Init, T: l.Var.Type}}
	}
	cond := singleThread(rx, ry && !single)
	as, isAssign := ir.Expr(nil), false
	if es, ok := tree.(*ir.ExprStmt); ok {
		if a, ok := es.X.(*ir.Assign); ok {
			as, isAssign = a, true
		}
	}
	if !isAssign || !s.Shared() || cond == "" {
		e.code(tree)
	} else {
		a := as.(*ir.Assign)
		e.line("{ /* every thread calls %s; one stores the result */", s.ParCall.Name)
		e.depth++
		e.line("%s = %s;", e.decl(a.R.Type(), ir.RoutineResultName), e.expr(a.R))
		e.line("if (%s)", cond)
		e.line("    %s = %s;", e.expr(a.L), ir.RoutineResultName)
		e.depth--
		e.line("}")
		switch {
		case !single && !ctx.Has(ir.Worker) && !ctx.Has(ir.Vector):
			e.barrier("__syncthreads();", "")
		case rx && !ctx.Has(ir.Vector):
			e.workerSync()
		}
	}
	if single {
		e.depth--
		e.line("}")
		e.barrier("__syncthreads();", "")
	}
}
