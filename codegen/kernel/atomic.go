package kernel

import (
	"github.com/accc-compiler/accc/ir"
)

// atomicPrinter prints atomic constructs (§2.12) for dialect d:
// sequential C runs the statement as written; OpenMP threads use
// '#pragma omp atomic' with the same form, its statement printed in a
// form OpenMP accepts; CUDA calls accrt_device.h's helpers, which use
// the hardware atomic where the type and operator have one and a
// compare-and-swap loop elsewhere. p prints the statement as written.
//
// An atomic construct on a variable that only the executing thread
// reaches (own) runs as the statement as written in every dialect.
func atomicPrinter(d Dialect, p ir.Printer, own func(*ir.Atomic) bool) ir.AtomicPrinter {
	return func(a *ir.Atomic, expr func(ir.Expr) string) []ir.PrintedLine {
		var body []ir.PrintedLine
		switch {
		case d == CPU || own(a):
			return p.Statement(a.Plain)
		case d == OpenMP:
			body = ompAtomic(a, expr)
		default:
			body = []ir.PrintedLine{{Line: a.Line, Text: cudaAtomic(a, expr)}}
		}
		if a.If == nil {
			return body
		}
		// if (c) atomic; else the statement as written.
		out := []ir.PrintedLine{{Line: a.Line, Text: "if (" + expr(a.If) + ") {"}}
		for _, l := range body {
			l.Depth++
			out = append(out, l)
		}
		out = append(out, ir.PrintedLine{Text: "} else {"})
		for _, l := range p.Statement(a.Plain) {
			l.Depth++
			out = append(out, l)
		}
		return append(out, ir.PrintedLine{Text: "}"})
	}
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

// atomicCodes are accrt_device.h's operator codes.
var atomicCodes = map[string]string{"+": "ACCRT_AT_ADD", "-": "ACCRT_AT_SUB", "*": "ACCRT_AT_MUL", "/": "ACCRT_AT_DIV",
	"&": "ACCRT_AT_AND", "|": "ACCRT_AT_OR", "^": "ACCRT_AT_XOR", "<<": "ACCRT_AT_SHL", ">>": "ACCRT_AT_SHR", "": "ACCRT_AT_SET",
	"max": "ACCRT_AT_MAX", "min": "ACCRT_AT_MIN"}

// cudaAtomic prints the CUDA statement of an atomic construct.
func cudaAtomic(a *ir.Atomic, expr func(ir.Expr) string) string {
	p := "&(" + expr(a.X) + ")"
	switch a.Form {
	case ir.AtomicRead:
		return expr(a.V) + " = accrt_atomic_read(" + p + ");"
	case ir.AtomicWrite:
		return "accrt_atomic_write(" + p + ", " + expr(a.E) + ");"
	}
	code := atomicCodes[a.Op]
	if a.Rev {
		code += "_REV"
	}
	call := func(after bool) string {
		b := "false"
		if after {
			b = "true"
		}
		return "accrt_atomic_rmw<" + code + ", " + b + ">(" + p + ", " + expr(a.E) + ")"
	}
	if a.Form == ir.AtomicUpdate {
		return "(void)" + call(false) + ";"
	}
	return expr(a.V) + " = " + call(a.New) + ";"
}
