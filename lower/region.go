package lower

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// region lowers one compute construct.
type region struct {
	b          *builder
	p          *frontend.Pragma
	c          *ir.Construct
	r          *ir.Region
	start, end int
	vars       map[*cc.Declarator]*ir.Var
	locals     map[*cc.Declarator]*ir.Var // declared inside the region, when a clause names them
	// atomicPlain is the atomic construct's statement being converted as
	// written (rg.atomic's plain statement).
	atomicPlain *cc.Statement
	pr          *printer
	firstUse    map[*ir.Var]diag.Pos
	written     map[*cc.Declarator]bool
	indexVars   map[*cc.Declarator]bool   // control variables of for loops
	explicit    map[*ir.Var]bool          // named in a clause of the construct
	reduced     map[*ir.Var]*ir.Reduction // construct-level reductions
	// members are the variables that stand for the struct members
	// reduction clauses name (memberVar), in the order of the clauses;
	// dataMembers those that stand for the members data clauses map
	// (dataMember, members.go).
	members, dataMembers []*ir.Var
	// kernelsShared are the scalars a kernels construct writes outside
	// its partitioned loops: they stay in device memory (implicit copy).
	kernelsShared map[*ir.Var]bool
	// escaped are the variables whose address the region uses other
	// than to reach their data (escapes).
	escaped map[*ir.Var]bool
	// loopPrivate are the private variables of a combined construct's
	// loop: declared by the loop, not by the kernel.
	loopPrivate map[*ir.Var]bool
	// privClause is the private or firstprivate clause item that names
	// each of the construct's private variables, as written
	// (privateOnce).
	privClause  map[*ir.Var]string
	info        map[*ir.Loop]*loopInfo
	decls       []*cc.Declarator // keys of vars, in order of first use
	defaultKind directives.DefaultKind
	// probing is set while implicitLoop tries a loop: canonical then
	// reports nothing.
	probing bool
	// loopDepth counts the loops around the statement being lowered;
	// gangDepth those of them that may be gang loops: where it is 0, a
	// parallel construct's code is gang-redundant (§2.5.1).
	loopDepth, gangDepth int
	// vlaRows are the variables with variable-length rows the region
	// uses (vla.go).
	vlaRows []*cc.Declarator
	// caches are the cache directives in the construct (cache.go).
	caches []*frontend.Pragma
	// routine is, when the region is a routine's body (routine.go), the
	// routine, and fn its definition.
	routine *routineDecl
	fn      *cc.FunctionDefinition
	fnFile  string // the file fn is in
	// assigned are the locals a goto jumps past on the GPU, declared
	// without their initializer and then assigned (gotoBypass).
	assigned map[*cc.Declarator]bool
	// construct are the declarators of the declarations at the top
	// level of a kernels construct, the construct's variables
	// (constructVars), with their declarations.
	construct map[*cc.Declarator]*cc.Declaration
	// conds numbers the variables that hold the conditions of if
	// statements with an else around loop directives (selection).
	conds int
	// atomicStmts are the expression statements that update _Atomic
	// objects (atomicObjects).
	atomicStmts map[*cc.Statement]bool
	// callPos is where a gang, worker or vector routine is first called.
	callPos map[*ir.CallInfo]diag.Pos
	// subtree numbers the region's nodes (subtree.go), once asked.
	subtree *subtreeIndex
	ok      bool
	// o is the construct as package opt's passes see it (opt).
	o *opt.Construct
}

// opt returns the construct as the passes of package opt see it.
func (rg *region) opt() *opt.Construct {
	if rg.o == nil {
		rg.o = &opt.Construct{C: rg.c, R: rg.r, Target: rg.b.opts.Target, Names: &rg.b.kernelNames,
			NoAlias: rg.b.opts.NoAlias, Explicit: rg.explicit, UserLine: rg.b.conv.src.line, Report: rg.b.sink.Report}
		if rg.p != nil {
			rg.o.NumGangs.V, rg.o.NumGangs.OK = rg.numGangs()
		}
	}
	rg.o.Loops = rg.info // the kernels pass makes the map
	return rg.o
}

// numGangs returns the value of the construct's num_gangs clause when it
// is an integer constant.
func (rg *region) numGangs() (int64, bool) {
	for _, cl := range rg.p.Dir.Clauses {
		if cl.Group == nil && cl.Kind == directives.ClauseNumGangs && len(cl.Args) > 0 {
			return rg.p.ConstValue(cl.Args[0])
		}
	}
	return 0, false
}

func (rg *region) errorf(pos diag.Pos, code diag.Code, format string, args ...any) {
	rg.ok = false
	rg.b.errorf(pos, code, format, args...)
}

func (rg *region) inside(n cc.Node) bool {
	pos := n.Position()
	return pos.Filename == rg.file() && rg.start <= pos.Offset && pos.Offset < rg.end
}

// isLocal reports whether d declares a variable of the region's own code:
// inside it, and not a variable of a kernels construct (construct).
func (rg *region) isLocal(d *cc.Declarator) bool {
	return rg.inside(d) && rg.construct[d] == nil
}

// file is the file the region's code is in: the main file, or for a
// routine defined in a header, the header.
func (rg *region) file() string {
	if rg.fnFile != "" {
		return rg.fnFile
	}
	return rg.b.u.File
}

// compute lowers a compute construct (§2.5) or combined construct (§2.11).
func (b *builder) compute(p *frontend.Pragma) *ir.Construct {
	if p.Stmt == nil {
		return nil
	}
	rg := &region{b: b, p: p, c: b.construct(p, ir.Compute), r: &ir.Region{Kind: computeKind(p.Dir.Kind.Compute())},
		vars: map[*cc.Declarator]*ir.Var{}, locals: map[*cc.Declarator]*ir.Var{}, pr: &printer{refs: map[int]*ir.Var{}, subst: map[int]string{}},
		firstUse: map[*ir.Var]diag.Pos{}, written: map[*cc.Declarator]bool{}, indexVars: map[*cc.Declarator]bool{},
		explicit: map[*ir.Var]bool{}, reduced: map[*ir.Var]*ir.Reduction{}, kernelsShared: map[*ir.Var]bool{},
		loopPrivate: map[*ir.Var]bool{}, assigned: map[*cc.Declarator]bool{},
		atomicStmts: map[*cc.Statement]bool{}, construct: map[*cc.Declarator]*cc.Declaration{}, ok: true}
	rg.c.Region = rg.r
	rg.c.NoHostCall = b.noHostCall(p.Stmt)
	rg.start, rg.end = rg.c.StmtStart, rg.c.StmtEnd
	for _, q := range b.u.Pragmas {
		// Directives in the construct's statement, and a loop directive
		// between the construct's line and its for statement
		// ("#pragma acc parallel" then "#pragma acc loop").
		if q.Pos.File == b.u.File && q != p && rg.c.DirEnd <= q.Start && q.Start < rg.end {
			b.handled[q] = true
			if q.Dir != nil && q.Dir.Kind == directives.DirCache {
				rg.ok = rg.cacheDirective(q) && rg.ok // cache.go
				continue
			}
			if q.Dir != nil && q.Dir.Kind != directives.DirLoop && q.Dir.Kind != directives.DirAtomic {
				rg.errorf(q.Pos, diag.CodeUnsupported, "'#pragma acc %s' inside a compute construct is not supported yet", q.Dir.Kind)
			}
		}
	}
	b.checkJumps(p, p.Dir.Kind.String())
	if rg.r.Kind == ir.Kernels {
		rg.constructVars()
	}
	b.conv.inRegion = rg.insidePos
	defer func() { b.conv.inRegion = nil }()
	var facts ir.Facts
	for _, ps := range computePasses {
		rg.runPass(ps)
		if !rg.ok {
			return nil
		}
		b.dump(ps.name, rg.c)
		if ps.facts != nil && b.dumps(ps.name) {
			ps.facts(rg, b.opts.DumpTo)
		}
		facts |= ps.provides
		b.verify(ps.name, rg.c.Pos, func() []ir.Problem { return ir.Verify(rg.c, facts) })
	}
	return rg.c
}

// varOf returns the region variable for a declaration outside the region.
func (rg *region) varOf(d *cc.Declarator) *ir.Var {
	if v, ok := rg.vars[d]; ok {
		return v
	}
	v := &ir.Var{Name: d.Name(), Type: rg.b.conv.convert(d.Type()), Global: d.StorageDuration() == cc.Static,
		Class: ir.ByValue}
	if decl := rg.construct[d]; decl != nil {
		name := ir.ConstructVarName(d.Name())
		v.Construct, v.Name, v.HostDecl = true, name, hostDecl(decl, d, name)
	}
	rg.vars[d] = v
	rg.decls = append(rg.decls, d)
	return v
}

// localVar returns a Var for a declaration inside the region (named in a
// loop's private or reduction clause).
func (rg *region) localVar(d *cc.Declarator) *ir.Var {
	if v, ok := rg.locals[d]; ok {
		return v
	}
	v := &ir.Var{Name: d.Name(), Type: rg.b.conv.convert(d.Type()), Class: ir.PrivateVar}
	rg.locals[d] = v
	return v
}

// hasVLA reports whether t is, or points to, a variable-length array type.
func hasVLA(t cc.Type) bool {
	for t != nil {
		switch x := t.(type) {
		case *cc.ArrayType:
			if x.IsVLA() {
				return true
			}
			t = x.Elem()
		case *cc.PointerType:
			t = x.Elem()
		default:
			return false
		}
	}
	return false
}

// hasInnerVLA reports whether t has a variable-length array type below
// its outermost array dimension: a VLA whose rows have a constant size
// (double c[n], double c[n][4]) is passed to kernels as a pointer to
// its first element, as an array parameter would be.
func hasInnerVLA(t cc.Type) bool {
	if at, ok := t.(*cc.ArrayType); ok {
		return hasVLA(at.Elem())
	}
	return hasVLA(t)
}

// reductionVars makes the variables of the reduction clauses of the
// construct and of its loop directives region variables, written: the
// result of a reduction updates the original variable (§2.5.15,
// §2.9.11), whether the code names it or not. (A member's variable is
// made with its reduction, memberVar.)
func (rg *region) reductionVars() {
	add := func(v *ir.Var, x directives.Expr) {
		d := rg.declOf(v)
		if d == nil {
			return // a local of the region
		}
		rg.written[d] = true
		if _, ok := rg.firstUse[v]; !ok {
			rg.firstUse[v] = x.Pos()
		}
	}
	for _, cl := range rg.p.Dir.Clauses {
		if cl.Kind == directives.ClauseReduction {
			for _, x := range cl.Vars {
				if !isMember(x) {
					if v, _ := rg.clauseVar(x); v != nil {
						add(v, x)
					}
				}
			}
		}
	}
	walk(rg.p.Stmt, func(n cc.Node) bool {
		s, ok := n.(*cc.Statement)
		if !ok || rg.b.loopAt[s] == nil {
			return true
		}
		for _, cl := range rg.b.loopAt[s].Dir.Clauses {
			if cl.Kind == directives.ClauseReduction {
				for _, x := range cl.Vars {
					if v := rg.loopVar(x); v != nil && !isMember(x) {
						add(v, x)
					}
				}
			}
		}
		return true
	})
}

// declOf returns the declaration of region variable v.
func (rg *region) declOf(v *ir.Var) *cc.Declarator {
	for d, w := range rg.vars {
		if w == v {
			return d
		}
	}
	return nil
}

// dropAtomic prints the _Atomic qualifier or type specifier n as
// nothing, _Atomic(T) as T: kernel code declares _Atomic objects without
// it (CUDA C++ has none) and updates them atomically (atomicqual.go).
func (rg *region) dropAtomic(n cc.Node) {
	switch x := n.(type) {
	case *cc.TypeQualifier:
		if x.Case == cc.TypeQualifierAtomic {
			rg.pr.subst[x.Token.Seq()] = ""
		}
	case *cc.AtomicTypeSpecifier:
		for _, t := range []cc.Token{x.Token, x.Token2, x.Token3} {
			rg.pr.subst[t.Seq()] = ""
		}
	}
}

// insidePos reports whether a declaration at pos is inside the region.
func (rg *region) insidePos(pos token.Position) bool {
	return pos.Filename == rg.file() && rg.start <= pos.Offset && pos.Offset < rg.end
}

// enumConst prints an enumeration constant declared outside the region as
// its value with its type: kernel code is placed where the enumeration
// is not in scope (CPU kernels go before the enclosing function, and the
// .acc.cu has no enumerations). The constants of openacc.h (acc_device_t)
// stay: the kernel files include it, and C++ would not pass an int where
// acc_on_device takes an acc_device_t.
func (rg *region) enumConst(x *cc.PrimaryExpression, e *cc.Enumerator) {
	if pos := e.Token.Position(); rg.insidePos(pos) || filepath.Base(rg.b.conv.src.writtenIn(pos)) == "openacc.h" {
		return
	}
	var val string
	switch v := x.Value().(type) {
	case cc.Int64Value:
		val = fmt.Sprint(int64(v))
	case cc.UInt64Value:
		val = fmt.Sprint(uint64(v)) + "u"
	default:
		rg.errorf(posOf(x), diag.CodeUnsupported, "the value of enumeration constant '%s' is not known", x.Token.SrcStr())
		return
	}
	t := rg.b.conv.convert(x.Type())
	if t.Kind != ir.Scalar {
		t = &ir.Type{Kind: ir.Scalar, Name: "int"}
	}
	rg.pr.subst[x.Token.Seq()] = "((" + t.Name + ")" + val + ")"
}

// keepName keeps an identifier of kernel code that is not a name of the
// program's own (a typedef of a system header such as wchar_t, a name
// the compiler predefines) as it is in C++, where the names the program
// declares that C++ reserves are renamed (ir.CXXName).
func (rg *region) keepName(t cc.Token) {
	if n := t.SrcStr(); ir.CXXReserved(n) {
		rg.pr.subst[t.Seq()] = n
	}
}

// typeRef renames the type names that kernel code uses but that are
// declared in the enclosing function outside the region: typedef names
// and struct or union tags get their file-scope names (typeConv), and an
// enumerated type declared outside the region becomes its integer type
// (its constants are printed as values, see enumConst).
func (rg *region) typeRef(n cc.Node) {
	switch x := n.(type) {
	case *cc.TypeSpecifier:
		if x.Case != cc.TypeSpecifierTypeName {
			return
		}
		td := typedefOf(x)
		if td != nil && rg.b.conv.src.inSystemHeader(td.Position()) {
			rg.keepName(x.Token)
		}
		if td == nil || rg.inside(td) || !blockScope(td.LexicalScope()) {
			return
		}
		t := rg.b.conv.convert(td.Type())
		rg.r.Types = append(rg.r.Types, t)
		name, _ := rg.b.conv.typedefName(td)
		rg.pr.subst[x.Token.Seq()] = name
	case *cc.StructOrUnionSpecifier:
		if x.Case != cc.StructOrUnionSpecifierTag || rg.insidePos(tagPos(x.Type())) {
			return
		}
		name, local := rg.b.conv.tagName(x.Type())
		if !local {
			return
		}
		rg.r.Types = append(rg.r.Types, rg.b.conv.convert(x.Type()))
		rg.pr.subst[x.Token.Seq()] = name
	case *cc.EnumSpecifier:
		if pos := tagPos(x.Type()); x.Case != cc.EnumSpecifierTag || rg.insidePos(pos) || filepath.Base(rg.b.conv.src.writtenIn(pos)) == "openacc.h" {
			return
		}
		t := rg.b.conv.convert(x.Type())
		rg.pr.subst[x.Token.Seq()] = t.Name
		rg.pr.subst[x.Token2.Seq()] = ""
	}
}

// tagPos returns the position of a tagged type's definition.
func tagPos(t cc.Type) token.Position {
	switch x := t.(type) {
	case *cc.StructType:
		return x.Tag().Position()
	case *cc.UnionType:
		return x.Tag().Position()
	case *cc.EnumType:
		return x.Tag().Position()
	}
	return token.Position{}
}

// typedefOf returns the typedef declaration a type specifier names.
func typedefOf(ts *cc.TypeSpecifier) *cc.Declarator {
	name := ts.Token.SrcStr()
	for sc := ts.LexicalScope(); sc != nil; sc = sc.Parent {
		for _, n := range sc.Nodes[name] {
			if d, ok := n.(*cc.Declarator); ok && d.Visible() <= ts.Token.Seq() {
				if d.IsTypename() {
					return d
				}
				return nil
			}
		}
	}
	return nil
}

// calleeFunc returns the function a call's callee designates, or nil when
// it is a pointer value: f, (f), (&f) and (*f) designate the function f.
func calleeFunc(n cc.Node) *cc.PrimaryExpression {
	for {
		switch x := n.(type) {
		case *cc.PrimaryExpression:
			switch x.Case {
			case cc.PrimaryExpressionIdent:
				if d := declOf(x); d != nil && d.Type().Kind() == cc.Function {
					return x
				}
				return nil
			case cc.PrimaryExpressionExpr:
				n = x.ExpressionList
				continue
			}
			return nil
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return nil
			}
			n = x.AssignmentExpression
		case *cc.PostfixExpression:
			if x.Case != cc.PostfixExpressionPrimary {
				return nil
			}
			n = x.PrimaryExpression
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionPostfix:
				n = x.PostfixExpression
			case cc.UnaryExpressionDeref, cc.UnaryExpressionAddrof:
				n = x.CastExpression
			default:
				return nil
			}
		case *cc.CastExpression:
			if x.Case != cc.CastExpressionUnary {
				return nil
			}
			n = x.UnaryExpression
		default:
			return nil
		}
	}
}

// markWritten records the variable an lvalue is rooted at.
func (rg *region) markWritten(n cc.ExpressionNode) {
	if id := rootIdent(n); id != nil {
		if d := declOf(id); d != nil {
			rg.written[d] = true
		}
	}
}

// rootIdent returns the identifier an lvalue expression designates
// directly (x, (x)), or nil for element, member and indirect accesses.
func rootIdent(n cc.Node) *cc.PrimaryExpression {
	for {
		switch x := n.(type) {
		case *cc.PrimaryExpression:
			switch x.Case {
			case cc.PrimaryExpressionIdent:
				return x
			case cc.PrimaryExpressionExpr:
				n = x.ExpressionList
				continue
			}
			return nil
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionPrimary {
				n = x.PrimaryExpression
				continue
			}
			return nil
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionPostfix {
				n = x.PostfixExpression
				continue
			}
			return nil
		default:
			return nil
		}
	}
}

// assignedIdent returns x in the expression "x = e".
func assignedIdent(n cc.ExpressionNode) *cc.PrimaryExpression {
	if l, ok := n.(*cc.ExpressionList); ok && l.ExpressionList == nil {
		n = l.AssignmentExpression
	}
	if a, ok := n.(*cc.AssignmentExpression); ok && a.Case == cc.AssignmentExpressionAssign {
		return rootIdent(a.UnaryExpression)
	}
	return nil
}

// clauseVar resolves a clause item's variable: the region variable (for
// declarations outside the region) or a local.
func (rg *region) clauseVar(x directives.Expr) (*ir.Var, *cc.Declarator) {
	name := baseName(x)
	d := rg.p.Lookup(name)
	if d == nil {
		return nil, nil
	}
	return rg.varOf(d), d
}

// clauses applies the compute construct's clauses. Loop clauses of a
// combined construct are read when its loop is lowered.
func (rg *region) clauses() {
	d := rg.p.Dir
	for _, cl := range d.Clauses {
		if cl.Group != nil {
			continue
		}
		switch cl.Kind {
		case directives.ClauseNumGangs:
			rg.r.NumGangs = rg.b.hostExpr(rg.p, cl.Args[0])
			for i, a := range cl.Args[1:] {
				// The gangs along dimensions 2 and 3 (§2.5.10), which
				// gang(dim:) loops partition.
				rg.r.NumGangsYZ[i] = rg.b.hostExpr(rg.p, a)
			}
		case directives.ClauseNumWorkers:
			rg.r.NumWorkers = rg.b.hostCount(rg.p, cl.Args[0])
		case directives.ClauseVectorLength:
			rg.r.VectorLength = rg.b.hostCount(rg.p, cl.Args[0])
		case directives.ClauseDefault:
			rg.defaultKind = cl.Default
		case directives.ClauseFirstprivate:
			for _, x := range cl.Vars {
				v, _ := rg.clauseVar(x)
				if v == nil || !rg.privateOnce(cl.Kind, x, v) {
					continue
				}
				rg.explicit[v] = true
				if _, ds := dims(x); len(ds) > 0 && v.Type.Kind == ir.Pointer {
					rg.privSection(cl, x, v, true)
					continue
				}
				switch v.Type.Kind {
				case ir.Array:
					if v.Type.Size <= 0 {
						rg.errorf(x.Pos(), diag.CodeDataExtent, "firstprivate array '%s' must have a constant size", v.Name)
					}
					v.Class = ir.FirstArray
				default:
					v.Class = ir.ByValue
				}
				rg.r.Privates = append(rg.r.Privates, v)
			}
		case directives.ClausePrivate:
			if d.Kind.IsCombined() {
				// The loop's copies (§2.11): the construct maps none
				// of them, and the kernel declares them in the loop.
				for _, x := range cl.Vars {
					if v, _ := rg.clauseVar(x); v != nil {
						rg.explicit[v] = true
						rg.loopPrivate[v] = true
						v.Class = ir.PrivateVar
					}
				}
				continue
			}
			for _, x := range cl.Vars {
				if v, _ := rg.clauseVar(x); v != nil && rg.privateOnce(cl.Kind, x, v) {
					rg.explicit[v] = true
					if _, ds := dims(x); len(ds) > 0 && v.Type.Kind == ir.Pointer {
						rg.privSection(cl, x, v, false)
						continue
					}
					v.Class = ir.PrivateVar
					rg.r.Privates = append(rg.r.Privates, v)
				}
			}
		case directives.ClauseReduction:
			for _, x := range cl.Vars {
				if v, _ := rg.clauseVar(x); v != nil {
					rg.reduce(cl, x, v)
				}
			}
		case directives.ClauseDeviceptr:
			for _, x := range cl.Vars {
				if v, _ := rg.clauseVar(x); v != nil {
					rg.explicit[v] = true
					v.Class = ir.DevicePtr
				}
			}
		default:
			if !cl.Kind.IsData() {
				continue
			}
			for _, x := range cl.Vars {
				v, _ := rg.clauseVar(x)
				m := rg.b.mapItem(rg.p, cl, x, rg.vars)
				if m == nil {
					rg.ok = false
					continue
				}
				rg.c.Maps = append(rg.c.Maps, m)
				if a := implicitAttach(rg.p, m, x); a != nil {
					rg.c.Maps = append(rg.c.Maps, a)
				}
				if v == nil || cl.Kind == directives.ClauseAttach || cl.Kind == directives.ClauseDetach {
					continue
				}
				if isMember(x) {
					// A member's data: the struct keeps its own data
					// attributes (members.go).
					if w := rg.dataMember(x, v, m); w != nil {
						m.Var = w
						rg.explicit[w] = true
					}
					continue
				}
				rg.explicit[v] = true
				m.Var = v
				if v.Map == nil || (v.Class == ir.ByPointer && !m.Section.Object()) {
					v.Map = m // copy(p) copy(p[0:n]): the data's own
				}
				switch {
				case v.Type.Kind == ir.Pointer && v.Map.Section.Object():
					v.Class = ir.ByPointer // the pointer itself (§2.7.1)
				case v.Type.Kind == ir.Array, v.Type.Kind == ir.Pointer:
					v.Class = ir.ArrayData
				default:
					v.Class = ir.ByPointer
				}
			}
		}
	}
}

// reducedInPlace gives the construct's reduction variables their class
// whatever the order of the clauses that name them, and a present-or-copy
// map where an enclosing data construct or declare maps them: a reduction
// on a compute construct implies a copy clause (OpenACC 3.4 §2.5.15), so
// the reduction starts from and ends in the variable's device copy, and
// the copy back is ordered on the construct's queue.
func (rg *region) reducedInPlace() {
	for _, d := range rg.decls {
		v := rg.vars[d]
		if rg.reduced[v] == nil {
			continue
		}
		v.Class = ir.Reduced
		if red := rg.reduced[v]; v.Map == nil && red.Section != nil {
			// An array reduction always combines into the device
			// copy of the part it reduces: present or copied.
			m := &ir.Map{Pos: rg.firstUse[v], Clause: dataKind(directives.ClauseCopy), Implicit: true, Var: v, Text: red.Section.String(), Section: red.Section}
			v.Map = m
			rg.c.Maps = append(rg.c.Maps, m)
		} else if v.Map == nil && v.Construct {
			rg.addImplicit(v, directives.ClauseCreate, false) // the construct's own device copy
		} else if v.Map == nil && rg.b.presentAround(d, rg.start) {
			rg.addImplicit(v, directives.ClauseCopy, false)
		}
	}
}

// privateOnce reports whether the private or firstprivate clause item x
// names v for the first time on the construct. A variable named again has
// the one copy; one named as two different sections is an error: the
// specification gives it no meaning (§2.5.13, §2.5.14). The directive
// checker reports a variable in both kinds of clause.
func (rg *region) privateOnce(kind directives.ClauseKind, x directives.Expr, v *ir.Var) bool {
	text := directives.ExprString(x)
	if old, ok := rg.privClause[v]; ok {
		if old != text {
			rg.errorf(x.Pos(), diag.CodePrivate, "'%s' appears in %s clauses as '%s' and '%s'", v.Name, kind, old, text)
		}
		return false
	}
	if rg.privClause == nil {
		rg.privClause = map[*ir.Var]string{}
	}
	rg.privClause[v] = text
	return true
}

// privSection records a private or firstprivate section of a pointer,
// p[lo:len] (§2.5.13, §2.5.14): each gang gets len elements of its own,
// which p points into at the section's place. A firstprivate section
// starts as a copy of the original, brought to the device with an
// implicit present-or-copyin of the section.
func (rg *region) privSection(cl *directives.Clause, x directives.Expr, v *ir.Var, first bool) {
	_, ds := dims(x)
	sec, ok := ds[0].(*directives.Section)
	if len(ds) != 1 || !ok || sec.Len == nil || isMember(x) {
		rg.errorf(x.Pos(), diag.CodeUnsupported, "%s of '%s' is not supported: a pointer's private copy must be a one-dimensional section with a length, such as %s[0:n]", cl.Kind, directives.ExprString(x), v.Name)
		return
	}
	conv := rg.b.clauseConv(rg.p, rg.vars)
	dim := ir.Dim{Lo: ir.IntConst(0), Len: conv.expr(sec.Len)}
	if sec.Lo != nil {
		dim.Lo = conv.expr(sec.Lo)
	}
	ps := &ir.PrivSection{Section: &ir.Section{Var: v, Base: &ir.Ref{Var: v}, Elem: v.Type.Elem, Dims: []ir.Dim{dim}}, First: first}
	if first {
		src := &directives.Clause{Kind: directives.ClauseCopyin, Pos: cl.Pos}
		m := rg.b.mapItem(rg.p, src, x, rg.vars)
		if m == nil {
			rg.ok = false
			return
		}
		m.Implicit = true
		rg.c.Maps = append(rg.c.Maps, m)
		ps.Src = m
	}
	v.Class = ir.PrivateSection
	v.Section = ps
	rg.r.Privates = append(rg.r.Privates, v)
}

func isMember(x directives.Expr) bool {
	base, _ := dims(x)
	_, ok := base.(*directives.Member)
	return ok
}

// reduce records a construct-level reduction (§2.5.15).
func (rg *region) reduce(cl *directives.Clause, x directives.Expr, v *ir.Var) {
	if isMember(x) {
		if v = rg.memberVar(x, v); v == nil {
			return
		}
	}
	red := rg.reductionItem(cl, x, v)
	if red == nil {
		return
	}
	if r, ok := rg.reduced[v]; ok {
		// The same item twice reduces it once.
		rg.sameReduction(x, r, red)
		return
	}
	rg.explicit[v] = true
	v.Class = ir.Reduced
	rg.reduced[v] = red
	rg.r.Reductions = append(rg.r.Reductions, red)
	rg.reductionVar(v)
}

// reductionVar makes v, a variable of a reduction clause, one of the
// region's variables (Region.Vars, which the kernels' parameters come
// from) if the region's code does not use it: the loops that reduce it
// combine into it all the same (§2.5.15, §2.9.11).
func (rg *region) reductionVar(v *ir.Var) {
	if !slices.Contains(rg.r.Vars, v) {
		rg.r.Vars = append(rg.r.Vars, v)
	}
}

// sameReduction reports an error unless red, of a clause item x, reduces
// what r, of an earlier clause of the directive, does with the same
// operator: a variable reduced in two ways, or two sections of it, has no
// meaning (§2.5.15, §2.9.11).
func (rg *region) sameReduction(x directives.Expr, r, red *ir.Reduction) {
	switch {
	case r.Op != red.Op:
		rg.errorf(x.Pos(), diag.CodeReduction, "'%s' appears in reductions with different operators", red.Var.Name)
	case r.Text() != red.Text():
		rg.errorf(x.Pos(), diag.CodeReduction, "'%s' appears in reductions of different sections, '%s' and '%s': reduce one section that holds both",
			red.Var.Name, r.Text(), red.Text())
	}
}

// boundsPrivate gives its class to v, a private variable of a combined
// construct that the construct uses outside the loop's copies: in the
// loop's bounds or step, which the construct evaluates before the loop
// runs and its private clause applies (§2.11, §2.9.1). There v has the
// construct's value, as a scalar without a data clause does: firstprivate
// (§2.6.2).
func (rg *region) boundsPrivate(v *ir.Var) {
	if v.Type.Kind != ir.Scalar {
		rg.errorf(rg.firstUse[v], diag.CodeUnsupported, "'%s' is private to the loop and used in its bounds or step: only a scalar can be (declare a copy for the bounds)", v.Name)
		return
	}
	v.Class = ir.ByValue
	delete(rg.loopPrivate, v)
}

// privateOnly returns the region variables that are used only inside
// loops with the variable in their private clause.
func (rg *region) privateOnly() map[*ir.Var]bool {
	outside := map[*ir.Var]bool{}
	only := map[*ir.Var]bool{}
	code := func(c ir.Expr, priv map[*ir.Var]bool) {
		for _, v := range ir.RegionVars(c) {
			if !priv[v] {
				outside[v] = true
			}
		}
	}
	// priv: the variables the loops around n privatise.
	visit := func(n ir.Node, priv map[*ir.Var]bool) (map[*ir.Var]bool, bool) {
		switch x := n.(type) {
		case *ir.Stmt:
			x.Exprs(func(e ir.Expr) { code(e, priv) })
		case *ir.Loop:
			for _, iv := range x.Nest {
				code(iv.Lo, priv)
				code(iv.Hi, priv)
				code(iv.Step, priv)
			}
			for _, r := range x.Reduce {
				if !priv[r.Var] {
					outside[r.Var] = true
				}
			}
			if len(x.Private) > 0 {
				inner := map[*ir.Var]bool{}
				for v := range priv {
					inner[v] = true
				}
				for _, v := range x.Private {
					inner[v] = true
					only[v] = true
				}
				return inner, true
			}
		}
		return priv, true
	}
	for _, k := range rg.r.Kernels {
		ir.InspectWith(k.Body, map[*ir.Var]bool{}, visit)
	}
	for v := range outside {
		delete(only, v)
	}
	return only
}

// readOnly returns the region's arrays whose data no kernel may write:
// none written through by name, none whose address escapes, and no
// store through a computed pointer or a pointer that may point into
// them (one that is not restrict) anywhere in the region.
func (rg *region) readOnly() map[*ir.Var]bool {
	written, unknown := rg.deviceWrites()
	if unknown {
		return nil
	}
	for v := range written {
		if v.Type.Kind == ir.Pointer && !rg.b.opts.NoAlias && !rg.restrictVar(v) {
			return nil
		}
	}
	escaped := rg.escapes()
	out := map[*ir.Var]bool{}
	for _, v := range rg.r.Vars {
		if v.Type.Kind == ir.Array && !written[v] && !escaped[v] {
			out[v] = true
		}
	}
	return out
}

// deviceWrites returns the region variables whose data some kernel of
// the region may write through (writtenThrough over every kernel), and
// whether a store's target cannot be traced.
func (rg *region) deviceWrites() (map[*ir.Var]bool, bool) {
	written, unknown := map[*ir.Var]bool{}, false
	for _, k := range rg.r.Kernels {
		w, u := writtenThrough(k.Body)
		for v := range w {
			written[v] = true
		}
		unknown = unknown || u
	}
	return written, unknown
}

// addImplicit maps v, the whole variable or, with pointee, the data the
// pointer v points to (present(p)).
func (rg *region) addImplicit(v *ir.Var, kind directives.ClauseKind, pointee bool) *ir.Map {
	s := &ir.Section{Var: v, Base: &ir.Ref{Var: v}, Elem: v.Type, Pointee: pointee}
	if pointee {
		s.Elem = irElem(v.Type)
	}
	m := &ir.Map{Pos: rg.firstUse[v], Clause: dataKind(kind), Implicit: true, Var: v, Text: v.Name, Section: s}
	v.Map = m
	rg.c.Maps = append(rg.c.Maps, m)
	return m
}

// usedVars returns the region variables kernel k uses. A variable the
// kernel uses only inside loops that privatise it is not among them: the
// loops' copies stand for it (§2.9.10), whatever its class in the
// construct's other kernels.
func usedVars(k *ir.Kernel) map[*ir.Var]bool {
	used := map[*ir.Var]bool{}
	use := func(v *ir.Var, priv map[*ir.Var]bool) {
		if !priv[v] {
			used[v] = true
		}
	}
	// priv: the variables the loops around n privatise.
	ir.InspectWith(k.Body, map[*ir.Var]bool(nil), func(n ir.Node, priv map[*ir.Var]bool) (map[*ir.Var]bool, bool) {
		code := func(c ir.Expr) {
			for _, v := range ir.RegionVars(c) {
				use(v, priv)
			}
		}
		switch x := n.(type) {
		case *ir.Stmt:
			x.Exprs(code)
		case *ir.Loop:
			for _, iv := range x.Nest {
				use(iv.Var, priv)
				code(iv.Lo)
				code(iv.Hi)
				code(iv.Step)
			}
			inner := priv
			if len(x.Private) > 0 {
				inner = map[*ir.Var]bool{}
				for v := range priv {
					inner[v] = true
				}
				for _, v := range x.Private {
					inner[v] = true
				}
			}
			for _, r := range x.Reduce {
				if r.Var != nil && !r.Local {
					use(r.Var, priv) // combined into the copy around the loop
				}
				if r.Section != nil && r.Var.Class != ir.Reduced {
					code(r.Lo()) // the loop's kernel code evaluates it
				}
			}
			return inner, true
		}
		return priv, true
	})
	return used
}

// Kinds of -Minfo kernel remarks per target.
func (b *builder) codeRemark() string {
	switch b.opts.Target {
	case "multicore":
		return "Generating Multicore code"
	case "host":
		return "Generating host code"
	case "emulate":
		return "Generating emulated device code"
	}
	return "Generating NVIDIA GPU code"
}

// note reports a remark of the remarks pass with its code (the taxonomy
// of diag.RemarkKinds); the taxonomy says whether it is negative.
func (rg *region) note(code diag.Code, pos, region diag.Pos, nested bool, format string, args ...any) {
	k, _ := diag.LookupRemark(code)
	rg.b.sink.Report(diag.Diagnostic{Pos: pos, Severity: diag.Remark, Code: code, Func: rg.c.Func, Region: region,
		Nested: nested, Neg: k.Neg, Msg: fmt.Sprintf(format, args...)})
}

func (rg *region) loopRemark(k *ir.Kernel, l *ir.Loop, kpos diag.Pos) {
	b, c := rg.b, rg.c
	pos := diag.Pos{File: c.Pos.File, Line: l.Line}
	nested := l.Line == kpos.Line
	say := func(code diag.Code, format string, args ...any) {
		rg.note(code, pos, kpos, nested, format, args...)
	}
	info := rg.info[l]
	if info != nil && info.Proven {
		say(diag.CodeLoopParallel, "Loop is parallelizable")
	}
	if len(l.Versioned) > 0 && k.Fallback != nil {
		say(diag.CodeLoopParallel, "Loop versioned: parallel when %s do not overlap at run time, else kernel %s runs it sequentially", versionedText(l.Versioned), k.Fallback.Name)
	}
	if info != nil {
		for _, v := range info.PrivArrays {
			say(diag.CodeLoopParallel, "Generating implicit private(%s)", v.Name)
		}
	}
	if l.Levels == 0 {
		say(diag.CodeLoopSchedule, "#pragma acc loop seq")
		if k.Stage != nil && k.Stage.Loop == l {
			var refs []string
			for _, t := range k.Stage.Bufs {
				refs = append(refs, ir.Format(t.Refs[0], nil))
			}
			say(diag.CodeLoopStage, "Staging %s through shared memory, %d iterations at a time", strings.Join(refs, ", "), ir.StageChunk)
		}
		if l.Why.Kind != ir.NoReason {
			say(reasonCode(l.Why), "%s", b.conv.src.reasonText(l.Why))
		}
		if l.Detail.Kind != ir.NoReason {
			say(reasonCode(l.Detail), "  %s", b.conv.src.reasonText(l.Detail))
		}
		if len(l.Tile) > 0 {
			// §2.9.8's tile loops would reorder the iterations.
			say(diag.CodeLoopSchedule, "  tile not applied: a sequential loop runs its iterations in source order")
		}
	} else {
		var parts, hw []string
		gpu := b.opts.Target == "gpu" || b.opts.Target == "emulate"
		if l.Levels.Has(ir.Gang) && l.GangDim > 1 {
			parts = append(parts, fmt.Sprintf("gang(dim:%d)", l.GangDim))
			hw = append(hw, "blockIdx."+[...]string{"", "", "y", "z"}[l.GangDim])
		} else if l.Levels.Has(ir.Gang) {
			parts = append(parts, "gang")
			hw = append(hw, "blockIdx.x")
		}
		if l.Levels.Has(ir.Worker) && gpu && rg.routine != nil {
			parts = append(parts, "worker") // the caller's workers
			hw = append(hw, "threadIdx.y")
		} else if l.Levels.Has(ir.Worker) && gpu {
			parts = append(parts, fmt.Sprintf("worker(%d)", k.Workers))
			hw = append(hw, "threadIdx.y")
		}
		if l.Levels.Has(ir.Vector) && gpu && rg.routine != nil {
			parts = append(parts, "vector") // the caller's lanes
			hw = append(hw, "threadIdx.x")
		} else if l.Levels.Has(ir.Vector) && gpu {
			parts = append(parts, fmt.Sprintf("vector(%d)", k.Vector))
			hw = append(hw, "threadIdx.x")
		}
		if len(parts) == 0 {
			// The CPU runs vector and worker loops sequentially (a
			// tiled one in its tiles).
			s := "#pragma acc loop seq"
			if l.Tiled() {
				s += " " + l.TileText()
			}
			say(diag.CodeLoopSchedule, "%s", s)
		} else {
			s := "#pragma acc loop " + strings.Join(parts, ", ")
			if l.Tiled() {
				s += " " + l.TileText() // §2.9.8: gang on the tiles, vector on their elements
			} else if len(l.Nest) > 1 {
				s += fmt.Sprintf(" collapse(%d)", len(l.Nest))
			}
			if gpu {
				s += " /* " + strings.Join(hw, " ") + " */"
			}
			say(diag.CodeLoopSchedule, "%s", s)
		}
	}
	if text := retileRemark(k, l); text != "" {
		say(diag.CodeLoopSchedule, "%s", text)
	}
	for _, r := range l.Reduce {
		if r.Implicit {
			say(diag.CodeLoopReduction, "Generating implicit reduction(%s:%s)", r.Op, r.Text())
			continue
		}
		say(diag.CodeLoopReduction, "Generating reduction(%s:%s)", r.Op, r.Text())
	}
	for i := 1; i < len(l.Nest); i++ {
		lp := diag.Pos{File: c.Pos.File, Line: l.Nest[i].Line}
		if info != nil && info.Collapsed {
			// The collapse pass merged this loop: it was proven too.
			rg.note(diag.CodeLoopParallel, lp, kpos, true, "Loop is parallelizable")
		}
		if l.Tiled() {
			rg.note(diag.CodeLoopSchedule, lp, kpos, true, "  /* tiled */")
		} else {
			rg.note(diag.CodeLoopSchedule, lp, kpos, true, "  /* collapsed */")
		}
	}
}

// writtenThrough returns the variables whose data the nodes may write
// through subscripts, members or dereferences, and whether some write
// cannot be traced to a variable.
func writtenThrough(ns []ir.Node) (map[*ir.Var]bool, bool) {
	written, unknown := map[*ir.Var]bool{}, false
	ir.Visit(ns, func(n ir.Node) {
		if x, ok := n.(*ir.Stmt); ok {
			for _, v := range x.WritesThrough {
				written[v] = true
			}
			unknown = unknown || x.WritesUnknown
		}
	})
	return written, unknown
}

// restrict marks the region's pointers whose data no other name of the
// region reaches (Var.Restrict): those the user declared restrict, and
// every one under -Msafeptr. Arrays are distinct objects, but marking them
// restrict too made laplace's stencil kernels 10% slower on an H100 (nvcc
// then loads the read-only one through the non-coherent path), so only
// the user's promise adds restrict. A pointer whose value the kernels
// store, pass or offset without a dereference (escapes) is not: the
// kernel may then reach its data by another name.
func (rg *region) restrict() {
	for _, d := range rg.decls {
		v := rg.vars[d]
		if v.Class == ir.ArrayData && v.Type.Kind == ir.Pointer && (rg.b.opts.NoAlias || declRestrict(d)) && !rg.escaped[v] {
			v.Restrict = true
		}
	}
}

// declRestrict reports whether d declares a restrict-qualified pointer
// (int *restrict p).
func declRestrict(d *cc.Declarator) bool {
	// In int (*restrict p)[n] the pointer that makes p a pointer is in
	// the parenthesised declarator around the name.
	for dd := d.DirectDeclarator; dd != nil; dd = dd.DirectDeclarator {
		if dd.Case == cc.DirectDeclaratorDecl && dd.Declarator != nil {
			if dd.Declarator.Pointer != nil {
				return declRestrict(dd.Declarator)
			}
			dd = dd.Declarator.DirectDeclarator
			if dd == nil {
				break
			}
		}
	}
	p := d.Pointer
	for p != nil && p.Pointer != nil {
		p = p.Pointer
	}
	if p == nil {
		return false
	}
	for q := p.TypeQualifiers; q != nil; q = q.TypeQualifiers {
		if q.TypeQualifier != nil && q.TypeQualifier.Case == cc.TypeQualifierRestrict {
			return true
		}
	}
	return false
}

// computeKind is the IR's name of a compute construct.
func computeKind(k directives.DirKind) ir.ComputeKind {
	switch k {
	case directives.DirSerial:
		return ir.Serial
	case directives.DirKernels:
		return ir.Kernels
	}
	return ir.Parallel
}
