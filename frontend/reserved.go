package frontend

import (
	"slices"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// CheckReservedNames reports, to sink, every identifier of u's program
// that begins with ir.GenPrefix, which the identifiers of the code accc
// generates begin with (ir/names.go): a variable, function, parameter,
// typedef, enumeration constant or tag so named could be taken for one
// of them, or hide one, in the generated host or kernel code (a user's
// accc_trip read by the launch's own "const long long accc_trip = ...").
// Labels, a namespace of their own, may have any name. The driver calls
// it for a unit whose directives generate code.
func CheckReservedNames(u *Unit, sink diag.Sink) {
	var visit func(s *cc.Scope)
	visit = func(s *cc.Scope) {
		names := make([]string, 0, len(s.Nodes))
		for name := range s.Nodes {
			if strings.HasPrefix(name, ir.GenPrefix) {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		for _, name := range names {
			for _, n := range s.Nodes[name] {
				if _, ok := n.(*cc.LabeledStatement); ok {
					continue
				}
				sink.Report(diag.Diagnostic{Pos: ccPos(n.Position()), Severity: diag.Error, Code: diag.CodeReservedName,
					Msg: "'" + name + "' is reserved: identifiers beginning with '" + ir.GenPrefix + "' are those of the code accc generates; rename it"})
			}
		}
		for _, c := range s.Children {
			visit(c)
		}
	}
	visit(u.AST.Scope)
}
