package lower

import (
	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// The level of an implicit routine (OpenACC 3.4 §2.15.1, implicit
// routine directives): a function device code calls without a routine
// directive gets one, with the level its body needs, as an explicit
// routine of that level would: the coarsest of its loops' gang, worker
// and vector clauses and of the levels of the routines it calls; seq when
// it has none. Its callers are then checked as for an explicit routine of
// that level (a vector routine is not called inside a vector loop).

// inferRoutineLevels gives each implicit routine its level, through the
// calls between them (a function that calls a vector routine outside its
// loops is a vector routine itself).
func (b *builder) inferRoutineLevels() {
	own := map[*routineDecl]ir.Level{}
	for _, rd := range b.routineOrder {
		if rd.infer {
			own[rd] = b.loopLevels(rd.def)
		}
	}
	// Levels only grow coarser: the iteration ends (a recursive cycle
	// too, which checkRecursion reports).
	for changed := true; changed; {
		changed = false
		for _, rd := range b.routineOrder {
			if !rd.infer {
				continue
			}
			l := own[rd]
			for _, c := range rd.calls {
				if cd := b.routineByName[c.callee]; cd != nil {
					l = coarserLevel(l, b.target(cd).level)
				}
			}
			if l != rd.level {
				rd.level, changed = l, true
			}
		}
	}
	for _, rd := range b.routineOrder {
		if rd.infer {
			rd.info.Level = rd.level
			rd.implicit = "Generating implicit acc routine " + opt.LevelNames(rd.level)
		}
	}
}

// coarserLevel returns the coarser of two routine levels (0: seq, the
// finest).
func coarserLevel(a, b ir.Level) ir.Level {
	if a == 0 || b != 0 && b < a { // Gang < Worker < Vector
		return b
	}
	return a
}

// loopLevels returns the coarsest level the loop directives in f's body
// name, or 0 (seq). A loop's device_type(*) or device_type(nvidia)
// clauses count, as they do for a routine directive's.
func (b *builder) loopLevels(f *frontend.FunctionExtent) ir.Level {
	var l ir.Level
	for _, q := range b.u.Pragmas {
		if q.Pos.File != f.File || q.Start < f.Start || q.Start >= f.End || q.Dir == nil || q.Dir.Kind != directives.DirLoop {
			continue
		}
		for _, cl := range q.Dir.Clauses {
			if g := cl.Group; g != nil && !nvidiaGroup(g.DeviceTypes) {
				continue
			}
			switch cl.Kind {
			case directives.ClauseGang:
				l = coarserLevel(l, ir.Gang)
			case directives.ClauseWorker:
				l = coarserLevel(l, ir.Worker)
			case directives.ClauseVector:
				l = coarserLevel(l, ir.Vector)
			}
		}
	}
	return l
}

// nvidiaGroup reports whether a device_type clause's list names the
// devices accc compiles for: every target compiles NVIDIA-style device
// code.
func nvidiaGroup(types []string) bool {
	for _, t := range types {
		if t == "*" || t == "nvidia" || t == "acc_device_nvidia" {
			return true
		}
	}
	return false
}

// inferredWhy says, for an error about a call of the named routine, where
// an implicit routine's level comes from ("" for an explicit one).
func (b *builder) inferredWhy(name string) string {
	rd := b.routineByName[name]
	if rd == nil || !rd.infer {
		return ""
	}
	return " (implicitly: the level of its loop directives and the routines it calls)"
}
