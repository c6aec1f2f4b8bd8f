package kernel

import (
	"fmt"

	"github.com/accc-compiler/accc/ir"
)

// singleLoop prints, on the GPU, a sequential loop of code that the
// threads of a gang (or of a worker) run redundantly, vector- or
// worker-single code (§2.5.1), when nothing inside it is partitioned: one
// thread runs the whole loop for the others, which wait at one barrier
// after it, instead of every thread stepping through the loop with a
// guard and a barrier around each statement that writes shared data.
// The scalars the loop assigns, each thread's own copy, reach the other
// threads through shared memory (BroadcastName). It reports false, and
// prints nothing, where the loop does not qualify: it holds a
// partitioned loop, a reduction, private copies in shared memory, a call
// of a vector, worker or gang routine, an atomic construct, a goto or a
// return, or a declaration of data the threads share.
func (e *emitter) singleLoop(l *ir.Loop, ctx ir.Level) bool {
	if e.inGuard || e.routine || e.lanesOn != "" || e.subst != nil {
		return false
	}
	rx, ry := e.redundant(ctx)
	if !rx && !ry {
		return false
	}
	gang := !ctx.Has(ir.Worker) && !ctx.Has(ir.Vector)
	if !gang && !(rx && !ctx.Has(ir.Vector)) {
		return false
	}
	vars, ok := e.singleWrites(l, ctx)
	if !ok || len(vars) > 0 && !gang {
		return false
	}
	who := "worker"
	if gang {
		who = "gang"
	}
	sync := e.workerSync
	if gang {
		sync = func() { e.barrier("__syncthreads();", "") }
	}
	e.single(fmt.Sprintf("one thread runs the loop at line %d for its %s", e.userLine(l.Line), who), singleThread(rx, ry), vars, sync, func() {
		e.inGuard, e.alone = true, true
		e.loop(l, ctx, false)
		e.inGuard, e.alone = false, false
	})
	return true
}

// single prints body for the one thread cond selects, then sync; the
// per-thread scalars vars that body assigns then reach the other threads
// through shared memory, and a second sync keeps the one thread from
// overwriting them before every thread has read them. why, when set,
// comments the block.
func (e *emitter) single(why, cond string, vars []*ir.Var, sync func(), body func()) {
	block := why != "" || len(vars) > 0
	if block {
		if why != "" {
			e.line("{ /* %s */", why)
		} else {
			e.line("{")
		}
		e.depth++
	}
	for _, v := range vars {
		e.line("__shared__ %s;", e.decl(v.Type, ir.BroadcastName(v.Name)))
	}
	e.line("if (%s) {", cond)
	e.depth++
	body()
	for _, v := range vars {
		e.line("%s = %s;", ir.BroadcastName(v.Name), e.ref(v))
	}
	e.depth--
	e.line("}")
	if sync != nil {
		sync()
	}
	for _, v := range vars {
		e.line("%s = %s;", e.ref(v), ir.BroadcastName(v.Name))
	}
	if block {
		e.depth--
		e.line("}")
	}
	if len(vars) > 0 {
		sync()
	}
}

// stmtScalars returns the per-thread scalars that statement s, which one
// thread runs for its gang, assigns and that are declared outside it
// (the index of a for statement, a sum it keeps): the other threads need
// their values.
func (e *emitter) stmtScalars(s *ir.Stmt, ctx ir.Level) []*ir.Var {
	declared := map[string]bool{}
	for _, n := range s.Names {
		declared[n] = true
	}
	var vars []*ir.Var
	seen := map[*ir.Var]bool{}
	for _, a := range s.Accesses {
		if a.Write && a.Var != nil && !a.Element && len(a.Fields) == 0 && !seen[a.Var] && !declared[a.Var.Name] && e.threadScalar(a.Var, ctx) {
			seen[a.Var] = true
			vars = append(vars, a.Var)
		}
	}
	return vars
}

// threadScalar reports whether v is a scalar each thread keeps its own
// copy of.
func (e *emitter) threadScalar(v *ir.Var, ctx ir.Level) bool {
	switch v.Class {
	case ir.ByPointer, ir.Reduced, ir.ArrayData, ir.DevicePtr:
		return false // in device memory
	}
	return v.Type.Kind != ir.Array && v.Type.Kind != ir.Record && !e.sharedCopy(v) && e.dl.place(e, v, ctx) == perThread
}

// singleWrites checks that loop l qualifies for singleLoop and returns the
// per-thread scalars declared outside it that it assigns (its indices
// among them), whose values the other threads need.
func (e *emitter) singleWrites(l *ir.Loop, ctx ir.Level) ([]*ir.Var, bool) {
	ok := true
	declared := map[string]bool{}
	locals := map[*ir.Var]bool{}
	var written []*ir.Var
	seen := map[*ir.Var]bool{}
	write := func(v *ir.Var) {
		if v != nil && !seen[v] {
			seen[v] = true
			written = append(written, v)
		}
	}
	check := func(n ir.Node) {
		switch x := n.(type) {
		case *ir.Loop:
			if x.Levels != 0 || len(x.Reduce) > 0 || x.Tiled() || x == e.k.GangLoop ||
				e.k.Stage != nil && x == e.k.Stage.Loop {
				ok = false
			}
			for _, v := range x.Private {
				// The thread's own copy, in its iterations only.
				locals[v] = true
				if e.dl.place(e, v, ctx) != perThread {
					ok = false
				}
			}
			for _, iv := range x.Nest {
				if iv.Declare {
					declared[iv.Var.Name] = true
					locals[iv.Var] = true
				} else if e.inScope(iv.Var.Name) {
					write(iv.Var)
				}
			}
		case *ir.Stmt:
			if x.ParCall != nil || !singleStatement(x.Tree) || !singleStatement(x.Head) {
				ok = false
			}
			for _, n := range x.Names {
				declared[n] = true
			}
			for _, lc := range x.Locals {
				locals[lc.Var] = true
				if e.dl.place(e, lc.Var, ctx) != perThread {
					ok = false
				}
			}
			for _, a := range x.Accesses {
				if a.Write && a.Var != nil && !a.Element && len(a.Fields) == 0 {
					write(a.Var) // a region variable or a local
				}
			}
		}
	}
	check(l)
	ir.Visit(l.Body, check)
	if !ok {
		return nil, false
	}
	var vars []*ir.Var
	for _, v := range written {
		switch {
		case locals[v]:
			continue
		case declared[v.Name]:
			return nil, false // a name declared inside hides it
		case e.threadScalar(v, ctx):
			vars = append(vars, v)
		}
	}
	return vars, true
}

// singleStatement reports whether one thread may run s for the others:
// it has no atomic construct (its variable may be shared with other
// code's threads), no goto or label and no return (which would leave the
// loop without the barrier), and nothing the IR does not model.
func singleStatement(s ir.Statement) bool {
	ok := true
	ir.InspectStatement(s, func(x ir.Statement) bool {
		switch j := x.(type) {
		case *ir.Atomic, *ir.OpaqueStmt:
			ok = false
		case *ir.Label:
			ok = ok && j.Name == ""
		case *ir.Jump:
			ok = ok && j.Kind != ir.Goto && j.Kind != ir.Return
		}
		return ok
	}, nil)
	return ok
}
