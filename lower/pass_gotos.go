package lower

import (
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"modernc.org/cc/v4"
)

// gotos checks each goto of the region's kernels against its label.
func gotos(rg *region) {
	labels := map[string]gotoSite{}
	gotos := map[string][]gotoSite{}
	for _, k := range rg.r.Kernels {
		// path: the nodes around n, outermost first.
		ir.InspectWith(k.Body, nil, func(n ir.Node, path []ir.Node) ([]ir.Node, bool) {
			p := append(path[:len(path):len(path)], n)
			if x, ok := n.(*ir.Stmt); ok {
				for _, t := range []ir.Statement{x.Tree, x.Head} {
					ir.InspectStatement(t, func(s ir.Statement) bool {
						switch j := s.(type) {
						case *ir.Jump:
							if j.Kind == ir.Goto {
								gotos[j.Name] = append(gotos[j.Name], gotoSite{k, p, j.Line})
							}
						case *ir.Label:
							if j.Name != "" {
								labels[j.Name] = gotoSite{k, p, j.Line}
							}
						}
						return true
					}, nil)
				}
			}
			return p, true
		})
	}
	if len(gotos) == 0 {
		return
	}
	stmts := map[string][]*cc.JumpStatement{}
	walk(rg.p.Stmt, func(n cc.Node) bool {
		if js, ok := n.(*cc.JumpStatement); ok && js.Case == cc.JumpStatementGoto {
			stmts[js.Token2.SrcStr()] = append(stmts[js.Token2.SrcStr()], js)
		}
		return true
	})
	for name, uses := range gotos {
		to, found := labels[name]
		if !found {
			continue // outside the construct (checkJumps), or in code lowered to nothing
		}
		for _, from := range uses {
			var js *cc.JumpStatement
			for _, s := range stmts[name] {
				if js == nil || s.Position().Line == from.line {
					js = s
				}
			}
			if js == nil {
				continue
			}
			if why := rg.gotoProblem(from, to); why != "" {
				rg.errorf(posOf(js), diag.CodeLoopForm, "'goto %s' %s", name, why)
			}
		}
	}
}
