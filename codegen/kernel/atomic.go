package kernel

import (
	"github.com/accc-compiler/accc/ir"
)

// atomicPrinter prints atomic constructs (§2.12) in dialect d (its atomic
// method): sequential C runs the statement as written; OpenMP threads use
// '#pragma omp atomic' with the same form, its statement printed in a
// form OpenMP accepts; CUDA calls accrt_device.h's helpers, which use
// the hardware atomic where the type and operator have one and a
// compare-and-swap loop elsewhere. p prints the statement as written.
//
// An atomic construct on a variable that only the executing thread
// reaches (own) runs as the statement as written in every dialect.
func atomicPrinter(d dialect, p ir.Printer, own func(*ir.Atomic) bool) ir.AtomicPrinter {
	return func(a *ir.Atomic, expr func(ir.Expr) string) []ir.PrintedLine {
		if own(a) {
			return p.Statement(a.Plain)
		}
		body := d.atomic(a, expr)
		if body == nil {
			return p.Statement(a.Plain)
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
