// The children of cc/v4's AST nodes: ccwalk_gen.go, generated from
// cc/v4's AST types by lower/internal/genccwalk (TestCCWalkGenerated
// fails when it is out of date), lists each node type's child fields;
// this file holds the walks the generator leaves to hand.

package lower

import "modernc.org/cc/v4"

//go:generate go run ./internal/genccwalk -o ccwalk_gen.go

// iterationStatementChildren visits the children of a loop statement in
// source order, which depends on the kind of loop: "do s while (e);"
// holds its body before its condition, while and for loops after their
// controlling expressions.
func iterationStatementChildren(x *cc.IterationStatement, visit func(cc.Node)) {
	if x == nil {
		return
	}
	if x.Case == cc.IterationStatementDo && x.Statement != nil {
		visit(x.Statement)
	}
	if x.Declaration != nil {
		visit(x.Declaration)
	}
	for _, e := range []cc.ExpressionNode{x.ExpressionList, x.ExpressionList2, x.ExpressionList3} {
		if e != nil {
			visit(e)
		}
	}
	if x.Case != cc.IterationStatementDo && x.Statement != nil {
		visit(x.Statement)
	}
}
