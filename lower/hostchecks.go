package lower

import (
	"bytes"
	"fmt"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// firstprivateLost warns about a scalar that a parallel or serial
// construct makes firstprivate by default (OpenACC 3.4 §2.6.2: a scalar
// in no data clause of the construct or of a data construct around it)
// and assigns, when the function reads it after the construct: the
// construct assigns its own copy, so the host reads the value from
// before it, not the one the program computed (a last value, a max over
// the loop). Only reads after the construct's statement in the source
// that no assignment covers count (readsAfter), and only for a variable
// of the function that no clause names: firstprivate written out is the
// program's choice. Loop indices and reduction variables are left alone,
// and so are constructs with if or self, whose host version assigns the
// variable itself.
func (rg *region) firstprivateLost() {
	if rg.p.Func == nil || rg.c.If != nil || rg.c.Self != nil || rg.r.Kind == ir.Kernels || rg.c.StmtEnd <= 0 {
		return
	}
	skip := map[*ir.Var]bool{}
	for _, r := range rg.r.Reductions {
		skip[r.Var] = true
	}
	wrote := map[*ir.Var]int{} // the line of the first assignment
	for _, k := range rg.r.Kernels {
		ir.Visit(k.Body, func(n ir.Node) {
			switch x := n.(type) {
			case *ir.Loop:
				for _, iv := range x.Nest {
					skip[iv.Var] = true
				}
				for _, r := range x.Reduce {
					skip[r.Var] = true
				}
			case *ir.Stmt:
				for _, t := range []ir.Statement{x.Tree, x.Head} {
					ir.InspectStatement(t, func(s ir.Statement) bool {
						if v := opt.ForIndex(s); v != nil {
							skip[v] = true
						}
						return true
					}, nil)
				}
				for _, a := range x.Accesses {
					if a.Var != nil && a.Write && !a.Element && len(a.Fields) == 0 && wrote[a.Var] == 0 {
						wrote[a.Var] = x.Line
					}
				}
			}
		})
	}
	end := 1 + bytes.Count(rg.b.prog.Src[:rg.c.StmtEnd-1], []byte("\n")) // the statement's last line
	kind := map[ir.ComputeKind]string{ir.Parallel: "parallel", ir.Serial: "serial"}[rg.r.Kind]
	for _, d := range rg.decls {
		v := rg.vars[d]
		if v.Class != ir.ByValue || v.Type.Kind != ir.Scalar || v.Local || v.Construct || v.Global || rg.explicit[v] ||
			skip[v] || wrote[v] == 0 {
			continue
		}
		live, lines := rg.liveReads(d)
		read := 0
		for _, n := range lines {
			if n > end && (read == 0 || n < read) {
				read = n
			}
		}
		if !live || read == 0 {
			continue
		}
		src := rg.b.conv.src
		rg.b.sink.Report(diag.Diagnostic{Pos: rg.c.Pos, Severity: diag.Warning, Code: diag.CodeFirstprivateLost, Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is firstprivate in this %s construct (a scalar in no data clause, OpenACC §2.6.2): its assignment at line %d changes the construct's copy only, and the host reads the value from before the construct at line %d; to bring the value back, give it a reduction clause (a value the loop accumulates) or copy(%s) (a value one thread assigns)",
				v.Name, kind, src.line(wrote[v]), src.line(read), v.Name)})
	}
}
