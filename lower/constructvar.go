package lower

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// Variables declared at the top level of a kernels construct. Each loop
// nest of the construct is a kernel of its own (§2.5.3), and the
// declaration's scope is the whole block: its variables are variables of
// the construct (ir.Var.Construct), which every kernel reaches in device
// memory that lives as long as the construct (an implicit create, no
// transfer), and each initializer is a statement of a serial kernel at
// the declaration's place, so that the kernels after it see the value.

// constructVars records the variables declared at the top level of a
// kernels construct's block (rg.construct) and reports the declarations
// that cannot declare variables of the construct.
func (rg *region) constructVars() {
	st := rg.p.Stmt
	if st.Case != cc.StatementCompound {
		return
	}
	for l := st.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		if l.BlockItem.Case != cc.BlockItemDecl {
			continue
		}
		decl := l.BlockItem.Declaration
		if decl.Case != cc.DeclarationDecl || decl.InitDeclaratorList == nil || definesType(decl.DeclarationSpecifiers) {
			rg.errorf(posOf(decl), diag.CodeUnsupported, "a type declared at the top level of a kernels construct is not supported: declare it before the construct")
			continue
		}
		for il := decl.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
			d := il.InitDeclarator.Declarator
			what := ""
			switch t := d.Type(); {
			case t.Kind() == cc.Function:
				continue // a function's prototype
			case d.StorageDuration() != cc.Automatic:
				what = "a static or extern variable"
			case hasVLA(t):
				what = "a variable-length array"
			}
			if what != "" {
				rg.errorf(posOf(d), diag.CodeUnsupported, "'%s' is %s declared at the top level of a kernels construct, which is not supported: declare it before the construct", d.Name(), what)
				continue
			}
			rg.construct[d] = decl
		}
	}
}

// hostDecl declares the host's storage for d, a variable of a kernels
// construct that decl declares: its declaration specifiers without the
// storage class and its declarator, under name, with the size an
// initializer gives an array declared without one (int k[] = {1, 2}).
func hostDecl(decl *cc.Declaration, d *cc.Declarator, name string) string {
	p := &printer{refs: map[int]*ir.Var{}, subst: map[int]string{}}
	nt := d.NameTok()
	p.subst[nt.Seq()] = name
	dropStorageClass(p, decl)
	if at, ok := d.Type().(*cc.ArrayType); ok {
		for dd := d.DirectDeclarator; dd != nil; dd = dd.DirectDeclarator {
			if dd.Case == cc.DirectDeclaratorArr && dd.DirectDeclarator != nil && dd.DirectDeclarator.Case == cc.DirectDeclaratorIdent {
				if dd.AssignmentExpression == nil {
					p.subst[dd.Token2.Seq()] = fmt.Sprintf("%d]", at.Len())
				}
				break
			}
		}
	}
	return strings.TrimSpace(p.code(decl.DeclarationSpecifiers).Text()) + " " + strings.TrimSpace(p.code(d).Text())
}

// dropStorageClass prints the storage class specifiers of decl (auto,
// register) as nothing.
func dropStorageClass(p *printer, decl *cc.Declaration) {
	walk(decl.DeclarationSpecifiers, func(n cc.Node) bool {
		if sc, ok := n.(*cc.StorageClassSpecifier); ok {
			p.subst[sc.Token.Seq()] = ""
		}
		return true
	})
}

// constructInit lowers the initializers of a declaration of variables of
// a kernels construct to the statements that assign them: v = e for an
// expression, and for braces or an array a local initialized as
// written, copied into v's device copy.
func (rg *region) constructInit(decl *cc.Declaration) []ir.Node {
	var ns []ir.Node
	for il := decl.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
		id := il.InitDeclarator
		d := id.Declarator
		if id.Initializer == nil || rg.construct[d] == nil {
			continue
		}
		v := rg.varOf(d)
		line := d.Position().Line
		var tree ir.Statement
		if in := id.Initializer; in.Case == cc.InitializerExpr && v.Type.Kind != ir.Array {
			tree = &ir.ExprStmt{Line: line, X: &ir.Assign{Op: "=", L: &ir.Ref{Var: v}, R: rg.expr(in.AssignmentExpression), T: v.Type}}
		} else {
			const tmp = ir.InitTempName
			nt := d.NameTok()
			rg.pr.subst[nt.Seq()] = tmp
			dropStorageClass(rg.pr, decl)
			local := &ir.Local{Var: &ir.Var{Name: tmp, Type: v.Type, Local: true, Class: ir.PrivateVar},
				Spec: rg.pr.code(decl.DeclarationSpecifiers), Declarator: rg.pr.code(d),
				Init: &ir.Opaque{Code: rg.pr.code(in), T: v.Type}}
			dst := "accrt_copy(&"
			if v.Type.Kind == ir.Array {
				dst = "accrt_copy("
			}
			copyTo := &ir.Opaque{Code: ir.Code{{Text: dst}, {Var: v}, {Text: ", &" + tmp + ", sizeof " + tmp + ")"}}}
			tree = &ir.Block{Line: line, List: []ir.Statement{&ir.DeclStmt{Line: line, Locals: []*ir.Local{local}},
				&ir.ExprStmt{Line: line, X: copyTo}}}
		}
		s := &ir.Stmt{Line: line, Tree: tree}
		effects(s)
		ns = append(ns, s)
	}
	return ns
}
