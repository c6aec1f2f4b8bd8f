package kernel

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// openmpDialect prints C with OpenMP threads (-acc=multicore): sequential
// C (cDialect), but the outermost gang loop of a kernel runs its gangs on
// OpenMP threads (§2.5.1: gangs run in parallel), each with its own
// copies of the kernel's variables, reducing into copies of its own;
// what gangs update together (data in device memory, a construct's
// scalars reduced in place) is updated in critical sections, and atomic
// constructs are OpenMP's.
type openmpDialect struct{ cDialect }

func (openmpDialect) atomic(a *ir.Atomic, expr func(ir.Expr) string) []ir.PrintedLine {
	return ompAtomic(a, expr)
}

// outermostGang reports whether l is the loop whose gangs run on OpenMP
// threads: a gang loop in no other gang loop (gang(dim:) loops nest;
// those inside run in each thread).
func outermostGang(l *ir.Loop, ctx ir.Level) bool {
	return l.Levels.Has(ir.Gang) && !ctx.Has(ir.Gang)
}

// head: '#pragma omp parallel for' before the outermost gang loop, whose
// OpenMP threads reduce the construct's reductions the loop does not
// reduce itself into copies of their own (constructReductions), seen
// under the variables' names.
func (d openmpDialect) head(e *emitter, l *ir.Loop, ctx ir.Level, h loopHead) {
	var gangReds []*ir.Reduction
	if outermostGang(l, ctx) {
		gangReds = e.constructReductions(l)
		e.line("%s", e.ompPragma(l, h.arrays, gangReds))
	}
	d.cDialect.head(e, l, ctx, h)
	for _, red := range gangReds {
		if red.Section != nil {
			e.line("%s;", e.redView(red, ir.RedBufName(red.Name), ir.RedLoName(red.Name))) // this gang's copy
		}
	}
}

// iteration: each gang's thread points the kernel's private sections at
// its own buffer (cDialect.privateSection).
func (openmpDialect) iteration(e *emitter, l *ir.Loop, ctx ir.Level) {
	if !outermostGang(l, ctx) {
		return
	}
	for _, v := range e.sections {
		e.line("%s = %s - %s;", e.id(v.Name), ir.PrivBufName(v.Name), ir.PrivLoName(v.Name))
	}
}

// combineArray: in a critical section where the gangs' threads update
// the elements together (device data inside the gang loop).
func (d openmpDialect) combineArray(e *emitter, a arrayReduction, ctx ir.Level) {
	if ctx.Has(ir.Gang) && deviceData(a.red.Var) {
		e.line("#pragma omp critical(%s)", ir.CriticalName) // other gangs' threads update it too
	}
	d.cDialect.combineArray(e, a, ctx)
}

// combineShared: in a critical section inside the gang loop, unless the
// variable is an enclosing loop's private copy (own).
func (d openmpDialect) combineShared(e *emitter, l *ir.Loop, red *ir.Reduction, ctx ir.Level, own bool) {
	if ctx.Has(ir.Gang) && !own {
		e.line("#pragma omp critical(%s)", ir.CriticalName) // other gangs' threads update it too
	}
	d.cDialect.combineShared(e, l, red, ctx, own)
}

// ompPragma parallelises a gang loop over OpenMP threads: every kernel
// variable in scope is firstprivate (each gang had its own copy), the
// loop's reductions are OpenMP reductions.
func (e *emitter) ompPragma(l *ir.Loop, arrays []arrayReduction, gangReds []*ir.Reduction) string {
	reduced := map[string]bool{}
	var reds []string
	for _, r := range gangReds {
		name := r.Name
		if r.Section != nil {
			name = ir.RedBufName(r.Name)
			reduced[r.Name] = true // the view is declared again in the loop
		}
		reduced[name] = true
		reds = append(reds, fmt.Sprintf("reduction(%s:%s)", r.Op, name))
	}
	for _, r := range l.Reduce {
		if r.Section != nil {
			continue
		}
		reduced[r.Name] = true
		reds = append(reds, fmt.Sprintf("reduction(%s:%s)", r.Op, r.Name))
	}
	for _, a := range arrays {
		// OpenMP 4.5 array reductions: each thread's copy of the whole
		// buffer starts from the identity.
		reds = append(reds, fmt.Sprintf("reduction(%s:%s)", a.red.Op, a.buf))
	}
	var fp, pv []string
	seen := map[string]bool{}
	for i := len(e.scope) - 1; i >= 0; i-- {
		s := e.scope[i]
		if seen[s.name] || reduced[s.name] {
			continue
		}
		seen[s.name] = true
		if s.private {
			pv = append(pv, s.name)
		} else {
			fp = append(fp, s.name)
		}
	}
	out := "#pragma omp parallel for"
	if len(fp) > 0 {
		out += " firstprivate(" + strings.Join(fp, ", ") + ")"
	}
	if len(pv) > 0 {
		out += " private(" + strings.Join(pv, ", ") + ")"
	}
	for _, r := range reds {
		out += " " + r
	}
	return out
}

// constructReductions returns the construct-level reductions of the
// kernel that gang loop l does not reduce itself: the OpenMP threads
// that run its gangs each reduce into a copy of their own (§2.5.15),
// which OpenMP combines when the loop ends.
func (e *emitter) constructReductions(l *ir.Loop) []*ir.Reduction {
	var out []*ir.Reduction
	for _, red := range e.k.Reductions {
		own := false
		for _, r := range l.Reduce {
			own = own || r.Var == red.Var
		}
		if !own {
			out = append(out, red)
		}
	}
	return out
}

// ompAtomic prints '#pragma omp atomic' and its statement.
func ompAtomic(a *ir.Atomic, expr func(ir.Expr) string) []ir.PrintedLine {
	if a.Op == "max" || a.Op == "min" {
		return casMinMax(a, expr)
	}
	x := expr(a.X)
	if a.Object {
		// OpenMP's atomic construct refuses an _Atomic lvalue: the
		// object as its type without the qualifier (a comma expression
		// is not an lvalue, so its type has none).
		x = "(*(__typeof__((void)0, " + x + ") *)&(" + x + "))"
	}
	update := ""
	switch {
	case a.Op == "":
		update = x + " = " + expr(a.E) + ";"
	case a.Rev:
		update = x + " = (" + expr(a.E) + ") " + a.Op + " " + x + ";"
	default:
		update = x + " " + a.Op + "= " + expr(a.E) + ";"
	}
	line := func(depth int, text string) ir.PrintedLine {
		return ir.PrintedLine{Line: a.Line, Depth: depth, Text: text}
	}
	head := line(0, "#pragma omp atomic "+a.Form.String())
	switch a.Form {
	case ir.AtomicRead:
		return []ir.PrintedLine{head, line(0, expr(a.V)+" = "+x+";")}
	case ir.AtomicWrite:
		return []ir.PrintedLine{head, line(0, x+" = "+expr(a.E)+";")}
	case ir.AtomicUpdate:
		return []ir.PrintedLine{head, line(0, update)}
	}
	capture := line(1, expr(a.V)+" = "+x+";")
	if a.New {
		return []ir.PrintedLine{head, line(0, "{"), line(1, update), capture, line(0, "}")}
	}
	return []ir.PrintedLine{head, line(0, "{"), capture, line(1, update), line(0, "}")}
}

// casMinMax prints a minimum or maximum update for OpenMP threads, which
// OpenMP's atomic construct has no form for: a compare-and-swap loop on
// GCC's __atomic builtins, the same lock-free instructions omp atomic
// uses, so that the two mix on one variable.
func casMinMax(a *ir.Atomic, expr func(ir.Expr) string) []ir.PrintedLine {
	t := a.X.Type()
	x := expr(a.X)
	old, val, nw := ir.AtomicOldName, ir.AtomicExprName, ir.AtomicNewName
	pick := old + " > " + val + " ? " + old + " : " + val
	switch {
	case t.Float && a.Op == "max":
		pick = "fmax(" + old + ", " + val + ")"
	case t.Float:
		pick = "fmin(" + old + ", " + val + ")"
	case a.Op == "min":
		pick = old + " < " + val + " ? " + old + " : " + val
	}
	line := func(depth int, text string) ir.PrintedLine {
		return ir.PrintedLine{Depth: depth, Text: text} // the lines of the block's first
	}
	out := []ir.PrintedLine{
		{Line: a.Line, Text: "{ /* atomic " + a.Op + " */"},
		line(1, t.Decl(val)+" = "+expr(a.E)+";"),
		line(1, t.Decl(old)+", "+nw+";"),
		line(1, "__atomic_load(&("+x+"), &"+old+", 0 /* __ATOMIC_RELAXED */);"),
		line(1, "do {"),
		line(2, nw+" = "+pick+";"),
		line(1, "} while (!__atomic_compare_exchange(&("+x+"), &"+old+", &"+nw+", 0, 0, 0 /* __ATOMIC_RELAXED */));"),
	}
	if a.Form == ir.AtomicCapture {
		v := old
		if a.New {
			v = nw
		}
		out = append(out, line(1, expr(a.V)+" = "+v+";"))
	}
	return append(out, line(0, "}"))
}
