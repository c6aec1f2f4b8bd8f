package lower

import (
	"fmt"
	"sort"
	"strings"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// The remarks pass words the reasons the dependence and schedule passes
// give for the loops they keep sequential (ir.Reason) as NVHPC's -Minfo
// does, with the line numbers of the files the program was written in.

// reasonText words r.
func (s sourceFiles) reasonText(r ir.Reason) string {
	switch r.Kind {
	case ir.EarlyExit:
		return "Loop exits early: not parallelizable"
	case ir.NoTripCount:
		return "Loop without integer trip count will be executed in sequential mode"
	case ir.ComputedStore:
		return "Complex loop carried dependence of a store through a computed pointer prevents parallelization"
	case ir.RowPointers:
		return fmt.Sprintf("Complex loop carried dependence of %s-> prevents parallelization", ir.SourceName(r.Vars[0]))
	case ir.MayAlias:
		names := sortedNames(r.Vars)
		return fmt.Sprintf("Complex loop carried dependence of %s->,%s-> prevents parallelization", names[0], names[1])
	case ir.Carried:
		var names []string
		for _, v := range r.Vars {
			names = append(names, ir.SourceName(v))
		}
		return fmt.Sprintf("Loop carried dependence of %s prevents parallelization", strings.Join(names, ","))
	case ir.ScalarCarried:
		return "Loop carried scalar dependence for " + strings.Join(sortedNames(r.Vars), ",") + s.atLines(r.Lines)
	case ir.LastValue:
		return "Scalar last value needed after loop for " + strings.Join(sortedNames(r.Vars), ",") + s.atLines(r.Lines)
	case ir.ClausesIgnored:
		clauses := "independent"
		if r.Levels != 0 {
			clauses = opt.LevelNames(r.Levels)
		}
		return fmt.Sprintf("the loop's %s clauses are not applied: a kernels construct shares %s with the host (implicit copy)",
			clauses, strings.Join(sortedNames(r.Vars), ","))
	case ir.RestrictHint:
		names := sortedNames(r.Vars)
		return fmt.Sprintf("if %s and %s never reach the same data, declaring them restrict (or -Msafeptr) lets the loop run in parallel", names[0], names[1])
	case ir.DependencePair:
		d := r.Dep
		verb := "read"
		if d.Write {
			verb = "written"
		}
		text := fmt.Sprintf("%s written at line %d, %s %s at line %d", ir.Format(d.W, nil), s.line(d.WLine), ir.Format(d.R, nil), verb, s.line(d.RLine))
		switch {
		case d.Known && d.Direction != "":
			text += fmt.Sprintf(": distance %d, direction %s", d.Distance, d.Direction)
		case d.Known:
			text += fmt.Sprintf(": distance %d", d.Distance)
		case d.Direction != "":
			text += ": direction " + d.Direction
		}
		return text
	}
	return ""
}

// reasonCode returns the remark code of a reason: loop-dependence for a
// dependence between iterations (data or a scalar carried from one to
// the next, possible aliasing, a value needed after the loop) and for
// the details that explain one, loop-sequential for the others (an early
// exit, no integer trip count).
func reasonCode(r ir.Reason) diag.Code {
	if r.Kind == ir.EarlyExit || r.Kind == ir.NoTripCount {
		return diag.CodeLoopSequential
	}
	return diag.CodeLoopDependence
}

// sortedNames returns the names of vs as the program spells them, in
// increasing order.
func sortedNames(vs []*ir.Var) []string {
	var names []string
	for _, v := range vs {
		names = append(names, ir.SourceName(v))
	}
	sort.Strings(names)
	return names
}

// versionedText names the pairs of variables a versioned loop's run-time
// test compares: "x and y, a and b".
func versionedText(pairs [][2]*ir.Var) string {
	var names []string
	for _, p := range pairs {
		names = append(names, p[0].Name+" and "+p[1].Name)
	}
	return strings.Join(names, ", ")
}
