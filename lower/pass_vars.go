package lower

import (
	"strconv"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"modernc.org/cc/v4"
)

// vars finds the variables the region uses and what it writes.
func vars(rg *region) {
	// Function designators that are called (the others are addresses),
	// and those of a callee already reported.
	called, reported := map[*cc.PrimaryExpression]bool{}, map[*cc.PrimaryExpression]bool{}
	walk(rg.p.Stmt, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionIdent {
				return true
			}
			if funcNameIdent(x.Token.SrcStr()) {
				// C99 §6.4.2.2: the enclosing function's name, a
				// static array with no device copy (assert uses it):
				// kernels use its string literal.
				rg.pr.subst[x.Token.Seq()] = strconv.Quote(rg.funcName())
				return true
			}
			if e, ok := x.ResolvedTo().(*cc.Enumerator); ok {
				rg.enumConst(x, e)
				return true
			}
			if r := x.ResolvedTo(); r == nil || rg.b.conv.src.inSystemHeader(r.Position()) {
				rg.keepName(x.Token)
			}
			d := declOf(x)
			if d == nil {
				return true
			}
			if d.Type().Kind() == cc.Function {
				switch {
				case reported[x]:
				case !called[x]:
					rg.errorf(posOf(x), diag.CodeUnsupported, "the address of function '%s' is used in device code, which is not supported: device code cannot use a host function address", d.Name())
				case !deviceLibrary(d.Name()) && rg.b.callInfo(d.Name()) == nil:
					rg.routineCallError(x, d)
				}
				return true
			}
			if rg.isLocal(d) {
				return true
			}
			if rg.routine != nil {
				if !rg.b.declaredGlobal(d) {
					rg.errorf(posOf(x), diag.CodeRoutineError, "routine '%s' uses the global variable '%s', which has no declare directive: give it a device copy with '#pragma acc declare create(%s)' (or copyin(%s)) at file scope, or pass it as an argument (OpenACC 3.4 §2.15.1)", rg.routine.name, d.Name(), d.Name(), d.Name())
					return true
				}
				rg.pr.refs[x.Token.Seq()] = rg.routineGlobal(d)
				return true
			}
			v := rg.varOf(d)
			if _, seen := rg.firstUse[v]; !seen && hasInnerVLA(d.Type()) {
				rg.vlaRows = append(rg.vlaRows, d) // vla.go
			}
			rg.pr.refs[x.Token.Seq()] = v
			if _, ok := rg.firstUse[v]; !ok {
				rg.firstUse[v] = posOf(x)
			}
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				rg.markWritten(x.UnaryExpression)
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
				rg.markWritten(x.PostfixExpression)
			}
			if x.Case == cc.PostfixExpressionCall {
				if f := calleeFunc(x.PostfixExpression); f != nil {
					called[f] = true
					rg.calleeGlobals(f)
				} else {
					rg.errorf(posOf(x.PostfixExpression), diag.CodeRoutineError, "call through the function pointer '%s' in device code is not supported: device code cannot call a host function address; call a function with '#pragma acc routine' by name", cc.NodeSource(x.PostfixExpression))
					walk(x.PostfixExpression, func(n cc.Node) bool {
						if pe, ok := n.(*cc.PrimaryExpression); ok {
							reported[pe] = true
						}
						return true
					})
				}
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec, cc.UnaryExpressionAddrof:
				rg.markWritten(x.UnaryExpression)
				if x.Case == cc.UnaryExpressionAddrof {
					rg.markWritten(x.CastExpression)
				}
			}
		case *cc.IterationStatement:
			if x.Case == cc.IterationStatementFor {
				if id := assignedIdent(x.ExpressionList); id != nil {
					if d := declOf(id); d != nil {
						rg.indexVars[d] = true
					}
				}
			}
		case *cc.Declarator:
			rg.r.Types = append(rg.r.Types, rg.b.conv.convert(x.Type()))
		case *cc.TypeName:
			rg.r.Types = append(rg.r.Types, rg.b.conv.convert(x.Type()))
		case *cc.TypeSpecifier, *cc.StructOrUnionSpecifier, *cc.EnumSpecifier:
			rg.typeRef(x)
		case *cc.TypeQualifier, *cc.AtomicTypeSpecifier:
			rg.dropAtomic(x)
		}
		return true
	})
	if rg.routine == nil {
		rg.reductionVars()
	}
	for _, d := range rg.decls {
		v := rg.vars[d]
		if rg.written[d] {
			v.Written = true
		}
	}
	rg.r.Vars = make([]*ir.Var, len(rg.decls))
	for i, d := range rg.decls {
		rg.r.Vars[i] = rg.vars[d]
	}
	for _, d := range rg.vlaRows {
		rg.flatten(d, rg.vars[d]) // vla.go
	}
}

// funcNameIdent reports whether name is C's predefined identifier of the
// enclosing function's name, or one of GCC's spellings of it.
func funcNameIdent(name string) bool {
	return name == "__func__" || name == "__FUNCTION__" || name == "__PRETTY_FUNCTION__"
}

// funcName is the name of the function the region's code is in.
func (rg *region) funcName() string {
	if rg.routine != nil {
		return rg.routine.name
	}
	return rg.c.Func
}
