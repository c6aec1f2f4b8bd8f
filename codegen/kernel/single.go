package kernel

import (
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
	e.line("{ /* one thread runs the loop at line %d for its %s */", e.userLine(l.Line), who)
	e.depth++
	for _, v := range vars {
		e.line("__shared__ %s;", e.decl(v.Type, ir.BroadcastName(v.Name)))
	}
	e.line("if (%s) {", singleThread(rx, ry))
	e.depth++
	e.inGuard, e.alone = true, true
	e.loop(l, ctx, false)
	e.inGuard, e.alone = false, false
	for _, v := range vars {
		e.line("%s = %s;", ir.BroadcastName(v.Name), e.ref(v))
	}
	e.depth--
	e.line("}")
	sync := e.workerSync
	if gang {
		sync = func() { e.barrier("__syncthreads();", "") }
	}
	sync()
	for _, v := range vars {
		e.line("%s = %s;", e.ref(v), ir.BroadcastName(v.Name))
	}
	e.depth--
	e.line("}")
	if len(vars) > 0 {
		// No thread overwrites the values before every thread has them.
		sync()
	}
	return true
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
		case v.Type.Kind == ir.Array || v.Type.Kind == ir.Record || e.sharedCopy(v) || e.dl.place(e, v, ctx) != perThread:
			continue // in memory the threads share
		}
		switch v.Class {
		case ir.ByPointer, ir.Reduced, ir.ArrayData, ir.DevicePtr:
			continue // in device memory
		}
		vars = append(vars, v)
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
