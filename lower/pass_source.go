package lower

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// source is the source pass: it answers, for every variable of the
// construct, the questions about the C program that the IR-only passes
// of package opt ask and the IR cannot answer (opt.VarSource): whether
// it is a parameter, a pointer declared restrict or a device pointer,
// and whether the enclosing function may read the value the construct
// leaves in it, and where.
func source(rg *region) {
	o := rg.opt()
	o.Source = map[*ir.Var]opt.VarSource{}
	// The variables whose reads after the construct the function's
	// syntax tree answers: the others are the construct's own (nothing
	// after it sees them), named in one of its clauses, or global (code
	// elsewhere may read them).
	asked := map[*cc.Declarator]bool{}
	for _, d := range rg.decls {
		v := rg.vars[d]
		if !v.Local && !v.Construct && !v.Global && !rg.explicit[v] && rg.p.Func != nil {
			asked[d] = true
		}
	}
	reads := rg.readsAfter(asked)
	for _, d := range rg.decls {
		v := rg.vars[d]
		s := opt.VarSource{Param: d.IsParam(), Restrict: declRestrict(d), ReadAfter: true}
		s.Deviceptr = rg.b.visibleDeviceptr(d, rg.start) || rg.deviceptrClause(d)
		if asked[d] {
			s.ReadAfter, s.ReadLines = reads[d].live, reads[d].lines
		}
		o.Source[v] = s
	}
}
