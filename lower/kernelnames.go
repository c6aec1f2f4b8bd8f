package lower

import (
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/ir"
)

// kernelNameClashes returns whether a kernel name, or a name the code
// generators derive from it (the CPU kernel, the launch stub, the tags of
// its firstprivate structs: ir/names.go), is an identifier that u's
// program declares, in any scope: the kernel then takes the next number,
// as where another kernel took the name, instead of meeting the user's
// function or variable in the generated code. Kernel names do not begin
// with ir.GenPrefix, which the user may not use (PGI's <func>_<line>_gpu
// is the scheme users know).
func kernelNameClashes(u *frontend.Unit) func(string) bool {
	user := map[string]bool{}
	var visit func(s *cc.Scope)
	visit = func(s *cc.Scope) {
		for name := range s.Nodes {
			user[name] = true
		}
		for _, c := range s.Children {
			visit(c)
		}
	}
	if u.AST != nil {
		visit(u.AST.Scope)
	}
	for _, name := range u.Omitted {
		user[name] = true
	}
	return func(k string) bool {
		if user[k] || user[ir.CPUKernelName(k)] || user[ir.LaunchName(k)] {
			return true
		}
		tags := ir.FirstArrayTag(k, "")
		for name := range user {
			if strings.HasPrefix(name, tags) {
				return true
			}
		}
		return false
	}
}
