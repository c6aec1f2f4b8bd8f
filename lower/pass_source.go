package lower

import (
	"fmt"
	"io"
	"strings"

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

// dumpSource prints the source pass's facts for --dump-ir, one line per
// variable, in the order the construct first uses them.
func dumpSource(rg *region, w io.Writer) {
	for _, d := range rg.decls {
		v := rg.vars[d]
		s, ok := rg.o.Source[v]
		if !ok {
			continue
		}
		var words []string
		for _, f := range []struct {
			on   bool
			word string
		}{{s.Param, "param"}, {s.Restrict, "restrict"}, {s.Deviceptr, "deviceptr"}, {s.ReadAfter, "read-after"}} {
			if f.on {
				words = append(words, f.word)
			}
		}
		if len(s.ReadLines) > 0 {
			lines := make([]string, len(s.ReadLines))
			for i, n := range s.ReadLines {
				lines[i] = fmt.Sprint(rg.b.conv.src.line(n))
			}
			words = append(words, "at "+strings.Join(lines, ","))
		}
		if len(words) == 0 {
			words = []string{"-"}
		}
		fmt.Fprintf(w, "  source %s: %s\n", v.Name, strings.Join(words, " "))
	}
}
