package opt

import (
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// A scheduler gives the loops of one kernel (or routine) their levels:
// the construct, and where the walk of the kernel's body stands.
type scheduler struct {
	c *Construct
	// noAutoGang is set where a loop of a parallel construct that the
	// compiler schedules may not take the gang level (Schedule).
	noAutoGang bool
	// gangDims is, inside a gang(dim:d) loop, d - 1: the highest
	// dimension a gang loop inside may partition; 0 elsewhere.
	gangDims int
}

// AssignLevels gives the loops of ns their levels, as the schedule pass
// does for a kernel's body, where the levels avail are free: for a
// routine's body (§2.15.1), the routine's own level and finer ones. The
// coalesce pass must have seen ns.
func (c *Construct) AssignLevels(ns []ir.Node, avail ir.Level) {
	(&scheduler{c: c}).assign(ns, avail)
}

// assign gives each loop its partitioning levels (§2.9.2–§2.9.4): those
// written on it, or for loops the compiler may partition, gang for the
// outermost, vector for the next, and gang+vector for a single loop.
func (s *scheduler) assign(ns []ir.Node, avail ir.Level) {
	for _, n := range ns {
		switch x := n.(type) {
		case *ir.Stmt:
			save := s.noAutoGang
			if x.Head != nil {
				avail = s.c.seqAvail(avail)
				s.noAutoGang = s.noAutoGang || s.c.R.Kind == ir.Parallel
			}
			s.assign(x.Body, avail)
			s.noAutoGang = save
		case *ir.Loop:
			info := s.c.Loops[x]
			// A loop the compiler schedules takes only levels coarser
			// than those the loops inside it name (§2.9: gang contains
			// worker contains vector).
			free := avail
			if info.Explicit == 0 {
				free &= coarserThan(s.c.explicitInside(x.Body))
			}
			switch {
			case x.Seq:
			case info.Explicit != 0:
				if info.Explicit&^avail != 0 {
					s.c.errorf(x.Pos, diag.CodeLoopNest, "this loop's %s level is already used by an enclosing loop, or nested inside a finer level (gang contains worker contains vector)", LevelNames(info.Explicit&^avail))
					return
				}
				x.Levels = info.Explicit
				if x.Levels.Has(ir.Gang) && !s.gangDim(x) {
					return
				}
			case (info.Auto || info.Implicit || s.c.R.Kind == ir.Kernels) && !info.Indep:
				// The depend pass left it sequential and said why.
			case free.Has(ir.Gang) && !(s.noAutoGang && (info.Auto || info.Implicit)) && !info.Redundant:
				x.Levels = ir.Gang
				if free.Has(ir.Vector) && (!s.c.innerParallel(x.Body) || x.Coalesce) {
					x.Levels |= ir.Vector
				}
			case (s.c.R.Kind == ir.Kernels || info.Redundant && s.c.R.NumWorkers != nil) && free.Has(ir.Worker) && s.c.innerParallel(x.Body):
				x.Levels = ir.Worker
			case free.Has(ir.Vector):
				x.Levels = ir.Vector
			}
			if x.Levels == 0 {
				save := s.noAutoGang
				s.noAutoGang = s.noAutoGang || s.c.R.Kind == ir.Parallel
				s.assign(x.Body, s.c.seqAvail(avail))
				s.noAutoGang = save
				continue
			}
			if x.Levels == ir.Gang && x.GangDim > 1 {
				// Gang loops of lower dimensions may nest inside
				// (§2.9.2: gang(dim:n)).
				save := s.gangDims
				s.gangDims = x.GangDim - 1
				s.assign(x.Body, avail)
				s.gangDims = save
				continue
			}
			s.assign(x.Body, inner(avail, x.Levels))
		}
	}
}

// gangDim checks the dimension of gang loop l against the gang loops
// around it (OpenACC 3.3 §2.9.2: a gang(dim:d) loop may contain gang
// loops of dimensions below d only): it reports an error and returns
// false if it does not fit.
func (s *scheduler) gangDim(l *ir.Loop) bool {
	d := max(l.GangDim, 1)
	limit := s.gangDims
	if limit == 0 {
		limit = 3 // no gang loop around
	}
	switch {
	case d > limit:
		s.c.errorf(l.Pos, diag.CodeLoopNest, "a gang(dim:%d) loop inside a gang(dim:%d) loop: a gang loop may contain only gang loops of lower dimensions", d, limit+1)
		return false
	case d > 1 && l.Levels != ir.Gang:
		s.c.errorf(l.Pos, diag.CodeUnsupported, "a gang(dim:%d) loop that is also a worker or vector loop is not supported yet: partition the workers or vector lanes in a loop inside it", d)
		return false
	}
	return true
}

// topLevelCode counts the nodes of a kernel's body that are not
// declarations: the code each gang runs.
func topLevelCode(ns []ir.Node) int {
	n := 0
	for _, x := range ns {
		if s, ok := x.(*ir.Stmt); ok && s.Decl {
			continue
		}
		n++
	}
	return n
}

// seqAvail returns the levels the loops inside a sequential loop may use.
// In a kernels construct the compiler, not the user, answers for the
// result: an iteration of the sequential loop may read what the previous
// one wrote anywhere, and gangs cannot wait for each other, so loops
// inside it stay within one gang (whose threads synchronise after each
// partitioned loop).
func (c *Construct) seqAvail(avail ir.Level) ir.Level {
	if c.R.Kind == ir.Kernels {
		return avail &^ ir.Gang
	}
	return avail
}

// inner returns the levels loops inside a loop at levels l may use.
func inner(avail, l ir.Level) ir.Level {
	switch {
	case l.Has(ir.Vector):
		return 0
	case l.Has(ir.Worker):
		return avail & ir.Vector
	case l.Has(ir.Gang):
		return avail & (ir.Worker | ir.Vector)
	}
	return avail
}

// innerParallel reports whether ns holds a loop that will be partitioned
// by the default rules.
func (c *Construct) innerParallel(ns []ir.Node) bool {
	return ir.Any(ns, func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Stmt:
			return x.ParCall != nil // a gang, worker or vector routine's loops
		case *ir.Loop:
			info := c.Loops[x]
			return !x.Seq && (!info.Auto && !info.Implicit || info.Indep) && (info.Explicit != 0 || c.R.Kind != ir.Kernels || info.Indep)
		}
		return false
	})
}

// explicitInside returns the levels the loop directives inside ns name.
func (c *Construct) explicitInside(ns []ir.Node) ir.Level {
	var l ir.Level
	ir.Visit(ns, func(n ir.Node) {
		if x, ok := n.(*ir.Loop); ok && !x.Seq {
			if info := c.Loops[x]; info != nil {
				l |= info.Explicit
			}
		}
	})
	return l
}

// coarserThan returns the levels coarser than every level of l.
func coarserThan(l ir.Level) ir.Level {
	switch {
	case l.Has(ir.Gang):
		return 0
	case l.Has(ir.Worker):
		return ir.Gang
	case l.Has(ir.Vector):
		return ir.Gang | ir.Worker
	}
	return ir.Gang | ir.Worker | ir.Vector
}
