package lower

import (
	"strconv"
	"strings"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"modernc.org/cc/v4"
)

// This file turns the cc/v4 AST of a compute region's code into IR
// expressions and statements: a typed walk over cc/v4's productions, in
// the manner of modernc.org/ccgo/v4. Each production either passes its
// single operand on (cc/v4's grammar nests a cast expression inside a
// multiplicative expression, and so on) or becomes one IR node. What the
// IR does not model becomes an Opaque node with the tokens.

// expr converts an expression of the region.
func (rg *region) expr(n cc.ExpressionNode) ir.Expr {
	switch x := n.(type) {
	case nil:
		return nil
	case *cc.ExpressionList:
		var list []cc.ExpressionNode
		for l := x; l != nil; l = l.ExpressionList {
			list = append(list, l.AssignmentExpression)
		}
		e := rg.expr(list[0])
		for _, y := range list[1:] {
			r := rg.expr(y)
			e = &ir.Binary{Op: ",", X: e, Y: r, T: r.Type()}
		}
		return e
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return rg.expr(x.ConditionalExpression)
		}
		a := &ir.Assign{Op: x.Token.SrcStr(), L: rg.expr(x.UnaryExpression), R: rg.expr(x.AssignmentExpression), T: rg.typeOf(x)}
		if a.Op == "=" {
			a.R = fromVoidPointer(a.L.Type(), a.R)
		}
		return a
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return rg.expr(x.LogicalOrExpression)
		}
		if x.ExpressionList == nil { // GNU a ?: b
			return rg.opaque(x)
		}
		return &ir.Cond{C: rg.expr(x.LogicalOrExpression), X: rg.expr(x.ExpressionList), Y: rg.expr(x.ConditionalExpression), T: rg.typeOf(x)}
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return rg.expr(x.LogicalAndExpression)
		}
		return rg.binary(x, x.Token, x.LogicalOrExpression, x.LogicalAndExpression)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return rg.expr(x.InclusiveOrExpression)
		}
		return rg.binary(x, x.Token, x.LogicalAndExpression, x.InclusiveOrExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return rg.expr(x.ExclusiveOrExpression)
		}
		return rg.binary(x, x.Token, x.InclusiveOrExpression, x.ExclusiveOrExpression)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return rg.expr(x.AndExpression)
		}
		return rg.binary(x, x.Token, x.ExclusiveOrExpression, x.AndExpression)
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return rg.expr(x.EqualityExpression)
		}
		return rg.binary(x, x.Token, x.AndExpression, x.EqualityExpression)
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionRel {
			return rg.expr(x.RelationalExpression)
		}
		return rg.binary(x, x.Token, x.EqualityExpression, x.RelationalExpression)
	case *cc.RelationalExpression:
		if x.Case == cc.RelationalExpressionShift {
			return rg.expr(x.ShiftExpression)
		}
		return rg.binary(x, x.Token, x.RelationalExpression, x.ShiftExpression)
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			return rg.expr(x.AdditiveExpression)
		}
		return rg.binary(x, x.Token, x.ShiftExpression, x.AdditiveExpression)
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			return rg.expr(x.MultiplicativeExpression)
		}
		return rg.binary(x, x.Token, x.AdditiveExpression, x.MultiplicativeExpression)
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionCast {
			return rg.expr(x.CastExpression)
		}
		return rg.binary(x, x.Token, x.MultiplicativeExpression, x.CastExpression)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return rg.expr(x.UnaryExpression)
		}
		return &ir.Cast{X: rg.expr(x.CastExpression), T: rg.b.conv.convert(x.TypeName.Type()), Spell: rg.pr.code(x.TypeName)}
	case *cc.UnaryExpression:
		return rg.unary(x)
	case *cc.PostfixExpression:
		return rg.postfix(x)
	case *cc.PrimaryExpression:
		return rg.primary(x)
	}
	return rg.opaque(n)
}

func (rg *region) typeOf(n cc.ExpressionNode) *ir.Type {
	t := n.Type()
	if t == nil || t.Kind() == cc.InvalidKind {
		return nil
	}
	return rg.b.conv.convert(t)
}

func (rg *region) binary(n cc.ExpressionNode, op cc.Token, x, y cc.ExpressionNode) ir.Expr {
	return &ir.Binary{Op: op.SrcStr(), X: rg.expr(x), Y: rg.expr(y), T: rg.typeOf(n)}
}

func (rg *region) opaque(n cc.Node) ir.Expr {
	var t *ir.Type
	if e, ok := n.(cc.ExpressionNode); ok {
		t = rg.typeOf(e)
	}
	return &ir.Opaque{Code: rg.pr.code(n), T: t}
}

var unaryOps = map[cc.UnaryExpressionCase]string{
	cc.UnaryExpressionInc: "++", cc.UnaryExpressionDec: "--", cc.UnaryExpressionAddrof: "&",
	cc.UnaryExpressionDeref: "*", cc.UnaryExpressionPlus: "+", cc.UnaryExpressionMinus: "-",
	cc.UnaryExpressionCpl: "~", cc.UnaryExpressionNot: "!", cc.UnaryExpressionSizeofExpr: "sizeof",
	cc.UnaryExpressionAlignofExpr: "_Alignof", cc.UnaryExpressionImag: "__imag__", cc.UnaryExpressionReal: "__real__",
}

func (rg *region) unary(x *cc.UnaryExpression) ir.Expr {
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return rg.expr(x.PostfixExpression)
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofType:
		if n, ok := intValue(x); ok && x.Case != cc.UnaryExpressionSizeofType {
			// The size the C program sees: kernels reach arrays through
			// pointers, whose size sizeof would give (and C++ spells
			// _Alignof alignof).
			t := rg.typeOf(x)
			return &ir.Const{Text: "((" + t.Name + ")" + strconv.FormatInt(n, 10) + ")", T: t, Int: n, IsInt: true}
		}
		if x.Case == cc.UnaryExpressionSizeofType || x.Case == cc.UnaryExpressionAlignofType {
			return &ir.SizeofType{Of: rg.b.conv.convert(x.TypeName.Type()), Align: x.Case == cc.UnaryExpressionAlignofType, T: rg.typeOf(x),
				Spell: rg.pr.code(x.TypeName)}
		}
		return &ir.Unary{Op: unaryOps[x.Case], X: rg.expr(x.UnaryExpression), T: rg.typeOf(x)}
	case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
		return &ir.Unary{Op: unaryOps[x.Case], X: rg.expr(x.UnaryExpression), T: rg.typeOf(x)}
	case cc.UnaryExpressionLabelAddr:
		return rg.opaque(x)
	}
	op, ok := unaryOps[x.Case]
	if !ok {
		return rg.opaque(x)
	}
	return &ir.Unary{Op: op, X: rg.expr(x.CastExpression), T: rg.typeOf(x)}
}

func (rg *region) postfix(x *cc.PostfixExpression) ir.Expr {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return rg.expr(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		if e, ok := rg.flatIndex(x); ok { // vla.go
			return e
		}
		return &ir.Index{X: rg.expr(x.PostfixExpression), I: rg.expr(x.ExpressionList), T: rg.typeOf(x)}
	case cc.PostfixExpressionCall:
		f := calleeFunc(x.PostfixExpression)
		if f == nil {
			return rg.opaque(x)
		}
		c := &ir.Call{Func: f.Token.SrcStr(), T: rg.typeOf(x)}
		if ci := rg.b.callInfo(f.Token.SrcStr()); ci != nil {
			c.Func, c.Routine = ir.DeviceName(ci.Name), ci
		} else if c.Func == "acc_on_device" && rg.b.opts.Target == "emulate" {
			// Device code of -acc=emulate runs on the host but answers
			// as the emulated device (§3.2.15).
			c.Func = "accrt_emulated_on_device"
		}
		for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
			c.Args = append(c.Args, rg.expr(l.AssignmentExpression))
		}
		if c.Routine != nil {
			rg.routineArgs(c, declOf(f))
		}
		if c.Routine != nil && c.Routine.Globals {
			c.Func = ir.GlobalsName(c.Routine.Name)
			c.Args = append(c.Args, rg.globalArgs(f.Token.SrcStr())...)
		}
		return c
	case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		if w := rg.member(x); w != nil {
			return &ir.Ref{Var: w} // a reduced member (memberVar)
		}
		return &ir.Member{X: rg.expr(x.PostfixExpression), Name: x.Token2.SrcStr(), Arrow: x.Case == cc.PostfixExpressionPSelect, T: rg.typeOf(x), Bitfield: bitfield(x), Array: arrayMember(x)}
	case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
		op := "++"
		if x.Case == cc.PostfixExpressionDec {
			op = "--"
		}
		return &ir.Unary{Op: op, Post: true, X: rg.expr(x.PostfixExpression), T: rg.typeOf(x)}
	}
	return rg.opaque(x) // compound literals
}

func (rg *region) primary(x *cc.PrimaryExpression) ir.Expr {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		if v := rg.pr.refs[x.Token.Seq()]; v != nil {
			if v.Rows != nil {
				// flatIndex converts the uses subscripted in every
				// dimension; the kernel has no row type for the others.
				rg.errorf(posOf(x), diag.CodeUnsupported, "'%s' has variable-length rows (%s): compute regions use it only subscripted in every dimension (%s)", v.Name, declOf(x).Type(), v.Name+subscripts(len(v.Rows)+1))
			}
			return &ir.Ref{Var: v}
		}
		if s, ok := rg.pr.subst[x.Token.Seq()]; ok {
			c := &ir.Const{Text: s, T: rg.typeOf(x)}
			c.Int, c.IsInt = intValue(x)
			return c
		}
		if d := declOf(x); d != nil && rg.isLocal(d) && d.Type().Kind() != cc.Function {
			return &ir.Ref{Var: rg.local(d)}
		}
		return rg.opaque(x) // enumeration constants of the region, functions
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionFloat, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
		c := &ir.Const{Text: x.Token.SrcStr(), T: rg.typeOf(x)}
		if x.Case == cc.PrimaryExpressionInt {
			c.Int, c.IsInt = intValue(x)
		}
		return c
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		return &ir.Const{Text: rg.pr.code(x).Text(), T: rg.typeOf(x)}
	case cc.PrimaryExpressionExpr:
		return rg.expr(x.ExpressionList)
	}
	return rg.opaque(x) // statement expressions, _Generic
}

// one is the constant 1, the step of i++.
func (rg *region) one() ir.Expr {
	return &ir.Const{Text: "1", T: &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4, Len: -1}, Int: 1, IsInt: true}
}

// intValue returns the value of an integer constant expression.
func intValue(x cc.ExpressionNode) (int64, bool) {
	if t := x.Type(); t == nil || !cc.IsIntegerType(t) {
		return 0, false
	}
	switch v := x.Value().(type) {
	case cc.Int64Value:
		return int64(v), true
	case cc.UInt64Value:
		if int64(v) >= 0 {
			return int64(v), true
		}
	}
	return 0, false
}

// local returns the variable of a declaration inside the region.
func (rg *region) local(d *cc.Declarator) *ir.Var {
	v := rg.localVar(d)
	v.Local = true
	if rg.b.opts.Target == "gpu" && hasVLA(d.Type()) {
		// C++ has no variable-length arrays; the CPU targets' C does.
		rg.errorf(posOf(d), diag.CodeUnsupported, "'%s' has a variable-length array type, which CUDA device code does not have: give it a constant size, or allocate it outside the compute construct", d.Name())
	}
	return v
}

// statement converts a statement of the region.
func (rg *region) statement(st *cc.Statement) ir.Statement {
	if st == nil {
		return nil
	}
	if p := rg.b.atomicAt[st]; p != nil && rg.atomicPlain != st {
		return rg.atomic(p, st)
	}
	if rg.atomicStmts[st] && rg.atomicPlain != st {
		return rg.atomicStatement(st)
	}
	line := st.Position().Line
	switch st.Case {
	case cc.StatementLabeled:
		l := rg.label(st.LabeledStatement)
		l.Stmt = rg.statement(st.LabeledStatement.Statement)
		return l
	case cc.StatementCompound:
		return rg.block(st.CompoundStatement)
	case cc.StatementExpr:
		return &ir.ExprStmt{Line: line, X: rg.expr(st.ExpressionStatement.ExpressionList)}
	case cc.StatementSelection:
		ss := st.SelectionStatement
		switch ss.Case {
		case cc.SelectionStatementIf:
			return &ir.If{Line: line, Cond: rg.expr(ss.ExpressionList), Then: rg.statement(ss.Statement)}
		case cc.SelectionStatementIfElse:
			return &ir.If{Line: line, Cond: rg.expr(ss.ExpressionList), Then: rg.statement(ss.Statement), Else: rg.statement(ss.Statement2)}
		case cc.SelectionStatementSwitch:
			return &ir.Switch{Line: line, Tag: rg.expr(ss.ExpressionList), Body: rg.statement(ss.Statement)}
		}
	case cc.StatementIteration:
		s := rg.loopHead(st.IterationStatement)
		switch x := s.(type) {
		case *ir.For:
			x.Body = rg.statement(st.IterationStatement.Statement)
		case *ir.While:
			x.Body = rg.statement(st.IterationStatement.Statement)
		case *ir.DoWhile:
			x.Body = rg.statement(st.IterationStatement.Statement)
		}
		return s
	case cc.StatementJump:
		js := st.JumpStatement
		switch js.Case {
		case cc.JumpStatementGoto:
			return &ir.Jump{Line: line, Kind: ir.Goto, Name: js.Token2.SrcStr()}
		case cc.JumpStatementContinue:
			return &ir.Jump{Line: line, Kind: ir.Continue}
		case cc.JumpStatementBreak:
			return &ir.Jump{Line: line, Kind: ir.Break}
		case cc.JumpStatementReturn:
			j := &ir.Jump{Line: line, Kind: ir.Return, Value: rg.expr(js.ExpressionList)}
			if rg.fn != nil && j.Value != nil {
				if ft, ok := rg.fn.Declarator.Type().(*cc.FunctionType); ok {
					j.Value = fromVoidPointer(rg.b.conv.convert(ft.Result()), j.Value)
				}
			}
			return j
		}
	}
	return &ir.OpaqueStmt{Line: line, Code: rg.pr.code(st)} // asm, computed goto
}

// label converts the label of a labeled statement, without the
// statement.
func (rg *region) label(ls *cc.LabeledStatement) *ir.Label {
	l := &ir.Label{Line: ls.Position().Line}
	switch ls.Case {
	case cc.LabeledStatementLabel:
		l.Name = ls.Token.SrcStr()
	case cc.LabeledStatementCaseLabel:
		l.Value = rg.expr(ls.ConstantExpression)
	case cc.LabeledStatementRange:
		l.Value, l.Hi = rg.expr(ls.ConstantExpression), rg.expr(ls.ConstantExpression2)
	case cc.LabeledStatementDefault:
		l.Default = true
	}
	return l
}

// loopHead converts an iteration statement without its body.
func (rg *region) loopHead(is *cc.IterationStatement) ir.Statement {
	line := is.Position().Line
	switch is.Case {
	case cc.IterationStatementWhile:
		return &ir.While{Line: line, Cond: rg.expr(is.ExpressionList)}
	case cc.IterationStatementDo:
		return &ir.DoWhile{Line: line, Cond: rg.expr(is.ExpressionList)}
	case cc.IterationStatementFor:
		f := &ir.For{Line: line, Cond: rg.expr(is.ExpressionList2), Post: rg.expr(is.ExpressionList3)}
		if is.ExpressionList != nil {
			f.Init = &ir.ExprStmt{Line: line, X: rg.expr(is.ExpressionList)}
		}
		return f
	default: // IterationStatementForDecl
		return &ir.For{Line: line, Init: rg.declStmt(is.Declaration), Cond: rg.expr(is.ExpressionList), Post: rg.expr(is.ExpressionList2)}
	}
}

func (rg *region) block(cs *cc.CompoundStatement) *ir.Block {
	b := &ir.Block{Line: cs.Position().Line}
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		bi := l.BlockItem
		switch bi.Case {
		case cc.BlockItemDecl:
			b.List = append(b.List, rg.declStmt(bi.Declaration))
		case cc.BlockItemStmt:
			b.List = append(b.List, rg.statement(bi.Statement))
		default:
			b.List = append(b.List, &ir.OpaqueStmt{Line: bi.Position().Line, Code: rg.pr.code(bi)})
		}
	}
	return b
}

// declStmt converts a declaration: one Local per declared variable, or
// the declaration as written when it declares something else too (a
// typedef, a struct or enum definition, a function).
func (rg *region) declStmt(decl *cc.Declaration) *ir.DeclStmt {
	ds := &ir.DeclStmt{Line: decl.Position().Line}
	if decl.Case != cc.DeclarationDecl || decl.InitDeclaratorList == nil || definesType(decl.DeclarationSpecifiers) {
		ds.Opaque = rg.pr.code(decl)
		return ds
	}
	spec := rg.pr.code(decl.DeclarationSpecifiers)
	for l := decl.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		id := l.InitDeclarator
		if id == nil || id.Declarator == nil || id.Declarator.IsTypename() || id.Declarator.Type().Kind() == cc.Function ||
			id.Asm != nil || id.AttributeSpecifierList != nil || l.AttributeSpecifierList != nil {
			return &ir.DeclStmt{Line: ds.Line, Opaque: rg.pr.code(decl)}
		}
		loc := &ir.Local{Var: rg.local(id.Declarator), Spec: spec, Declarator: rg.pr.code(id.Declarator), Assign: rg.assigned[id.Declarator]}
		if in := id.Initializer; in != nil {
			if in.Case == cc.InitializerExpr {
				loc.Init = fromVoidPointer(loc.Var.Type, rg.expr(in.AssignmentExpression))
			} else {
				loc.Init = &ir.Opaque{Code: rg.pr.code(in), T: loc.Var.Type}
			}
		}
		ds.Locals = append(ds.Locals, loc)
	}
	return ds
}

// definesType reports whether declaration specifiers hold a typedef or
// the definition of a struct, union or enumeration.
func definesType(ds *cc.DeclarationSpecifiers) bool {
	for ; ds != nil; ds = ds.DeclarationSpecifiers {
		if sc := ds.StorageClassSpecifier; sc != nil && sc.Case == cc.StorageClassSpecifierTypedef {
			return true
		}
		if ts := ds.TypeSpecifier; ts != nil {
			switch ts.Case {
			case cc.TypeSpecifierStructOrUnion:
				if ts.StructOrUnionSpecifier.StructDeclarationList != nil {
					return true
				}
			case cc.TypeSpecifierEnum:
				if ts.EnumSpecifier.EnumeratorList != nil {
					return true
				}
			}
		}
	}
	return false
}

// fromVoidPointer returns e, which C converts to t as if by assignment
// (assignment, initialisation, return; C11 6.5.16.1), with the conversion
// written out where e is a pointer to void and t a pointer to another
// type: C++, which CUDA kernels are, converts a void pointer to no other
// pointer implicitly (malloc's result, for one).
func fromVoidPointer(t *ir.Type, e ir.Expr) ir.Expr {
	et := e.Type()
	if t == nil || et == nil || t.Kind != ir.Pointer || et.Kind != ir.Pointer || !isVoid(et.Elem) || isVoid(t.Elem) {
		return e
	}
	return &ir.Cast{X: e, T: t}
}

// isVoid reports whether t is void, qualified or not.
func isVoid(t *ir.Type) bool {
	return t != nil && t.Kind == ir.Other && strings.TrimSpace(strings.NewReplacer("const", "", "volatile", "").Replace(t.Name)) == "void"
}

// bitfield reports whether member access x names a bit-field.
func bitfield(x *cc.PostfixExpression) bool {
	f := x.Field()
	return f != nil && f.IsBitfield()
}

// arrayMember reports whether member access x names an array.
func arrayMember(x *cc.PostfixExpression) bool {
	f := x.Field()
	return f != nil && f.Type() != nil && f.Type().Kind() == cc.Array
}
