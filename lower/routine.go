package lower

import (
	"fmt"
	"sort"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// This file lowers the routine directive (OpenACC 3.4 §2.15.1): the device
// versions of functions. A function gets one when a routine directive
// names it (the unnamed form before its prototype or definition, or
// routine(name)), or, implicitly as seq (§2.15.1: "the compiler may
// apply routine seq"), when device code calls it and its body is in the
// file. The body is lowered like a compute region's (the same IR
// statements and loops) into an ir.Routine whose loops are partitioned at
// the routine's level and finer ones; device code calls it by its device
// name, ir.DeviceName, on every target, so that a routine defined in one
// file is called from another through the linker.

// routineDecl is what the file says about one function's device version.
type routineDecl struct {
	name     string
	level    ir.Level
	bind     string // the function device code calls instead, or ""
	nohost   bool
	pos      diag.Pos // the routine directive, or for an implicit routine the function
	explicit bool     // a routine directive names it
	// implicit says why the compiler gave the function a device version
	// without a directive ("" when one names it).
	implicit string
	def      *frontend.FunctionExtent // the definition in this file, or nil
	decl     *cc.Declarator           // a declaration of the function
	info     *ir.CallInfo
	rt       *ir.Routine
	// calls are the device calls of its body, for the recursion check.
	calls []routineCall
	// globals are the file-scope variables with a declare directive the
	// routine uses, itself or through its callees (routineglobal.go).
	globals []*cc.Declarator
	// infer is set for an implicit routine whose level its body decides
	// (routineinfer.go).
	infer bool
}

type routineCall struct {
	callee string
	pos    diag.Pos
}

// routines reads the routine directives, finds the functions device code
// calls that need an implicit device version, and lowers every device
// version whose body is in the file, callees first.
func (b *builder) routines() {
	b.routineByName = map[string]*routineDecl{}
	for _, p := range b.u.Pragmas {
		// Routine directives of headers count too: a header that
		// declares a routine defined in another file is how separate
		// compilation shares it.
		if p.Dir == nil || p.Dir.Kind != directives.DirRoutine {
			continue
		}
		b.handled[p] = true
		if p.Pos.File == b.u.File {
			b.prog.Drop = append(b.prog.Drop, [2]int{p.Start, p.End})
		}
		b.routineDirective(p)
	}
	b.discoverRoutines()
	done := map[*routineDecl]bool{}
	var lower func(rd *routineDecl)
	lower = func(rd *routineDecl) {
		if done[rd] {
			return
		}
		done[rd] = true
		for _, c := range rd.calls {
			if cd := b.routineByName[c.callee]; cd != nil {
				lower(b.target(cd))
			}
		}
		if rd.def != nil {
			b.lowerRoutine(rd)
		}
	}
	for _, rd := range b.routineOrder {
		lower(rd)
	}
	seen := map[string]bool{}
	for _, rd := range b.routineOrder {
		if rd.rt != nil {
			b.prog.Routines = append(b.prog.Routines, rd.rt)
			continue
		}
		t := b.target(rd)
		if t.def != nil || seen[t.info.Name] {
			continue
		}
		seen[t.info.Name] = true
		if x := b.externRoutine(rd, t.info.Name); x != nil {
			b.prog.Externs = append(b.prog.Externs, x)
		}
	}
	sort.SliceStable(b.prog.Routines, func(i, j int) bool { return b.prog.Routines[i].End < b.prog.Routines[j].End })
}

// addRoutine records a routine.
func (b *builder) addRoutine(rd *routineDecl) {
	rd.info = &ir.CallInfo{Name: rd.name, Level: rd.level, Writes: rd.def == nil}
	b.routineByName[rd.name] = rd
	b.routineOrder = append(b.routineOrder, rd)
}

// target returns the routine whose device code a call of rd runs: its bind
// target when it has one (§2.15.1 bind).
func (b *builder) target(rd *routineDecl) *routineDecl {
	if rd.bind != "" {
		if t := b.routineByName[rd.bind]; t != nil {
			return t
		}
	}
	return rd
}

// callInfo returns what a call of the named function in device code
// calls, or nil when the function has no device version.
func (b *builder) callInfo(name string) *ir.CallInfo {
	rd := b.routineByName[name]
	if rd == nil {
		return nil
	}
	return b.target(rd).info
}

// routineDirective reads one routine directive.
func (b *builder) routineDirective(p *frontend.Pragma) {
	var name string
	var pos diag.Pos
	switch {
	case p.Dir.Name != nil:
		name, pos = p.Dir.Name.Name, p.Dir.Name.NamePos
	case p.Func != nil:
		b.errorf(p.Pos, diag.CodeUnsupported, "the unnamed 'routine' directive inside a function body is not supported yet; put it before the function's prototype at file scope, or use routine(name)")
		return
	default:
		name = b.nextFunction(p.Pos.File, p.End)
		if name == "" {
			b.errorf(p.Pos, diag.CodeDirectivePlacement, "'routine' without a name must be followed by a function prototype or definition (OpenACC 3.4 §2.15.1)")
			return
		}
		pos = p.Pos
	}
	if deviceLibrary(name) {
		return // device code has the library's own (routine(fmin) seq)
	}
	level := ir.Level(0)
	seen := false
	var bind string
	nohost := false
	apply := func(cl *directives.Clause) {
		switch cl.Kind {
		case directives.ClauseGang:
			level, seen = ir.Gang, true
			for _, g := range cl.Gang {
				if g.Kind == directives.GangDim {
					if n, ok := p.ConstValue(g.X); !ok || n != 1 {
						b.errorf(g.Pos, diag.CodeUnsupported, "routine gang(dim:%s) is not supported yet: gangs have one dimension (gang(dim:1) is gang)", directives.ExprString(g.X))
					}
				}
			}
		case directives.ClauseWorker:
			level, seen = ir.Worker, true
		case directives.ClauseVector:
			level, seen = ir.Vector, true
		case directives.ClauseSeq:
			level, seen = 0, true
		case directives.ClauseBind:
			switch x := cl.Args[0].(type) {
			case *directives.Ident:
				bind = x.Name
			case *directives.Lit:
				bind = strings.Trim(x.Value, `"`)
			}
		case directives.ClauseNohost:
			nohost = true
		}
	}
	for _, cl := range p.Dir.Clauses {
		if cl.Group == nil {
			apply(cl)
		}
	}
	// device_type(nvidia) and device_type(*) clauses override the
	// general ones: every accc target compiles NVIDIA-style device code.
	for _, cl := range p.Dir.Clauses {
		if g := cl.Group; g != nil {
			for _, t := range g.DeviceTypes {
				if t == "*" || t == "nvidia" || t == "acc_device_nvidia" {
					apply(cl)
					break
				}
			}
		}
	}
	if !seen {
		// §2.15.1 requires one; the directive checker reports its
		// absence. Treat it as seq.
		level = 0
	}
	if rd := b.routineByName[name]; rd != nil {
		if rd.level != level || rd.bind != bind {
			b.errorf(pos, diag.CodeRoutineError, "routine '%s' was already declared %s at line %d; its directives must agree", name, opt.LevelNames(rd.level), b.conv.src.line(rd.pos.Line))
		}
		rd.nohost = rd.nohost || nohost
		return
	}
	rd := &routineDecl{name: name, level: level, bind: bind, nohost: nohost, pos: pos, explicit: true}
	rd.def = b.funcDef(name)
	rd.decl = b.funcDecl(name)
	b.addRoutine(rd)
}

// nextFunction returns the name of the function the first file-scope
// declaration of file at or after off declares or defines, or "".
func (b *builder) nextFunction(file string, off int) string {
	for l := b.u.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil {
			continue
		}
		pos := ed.Position()
		if pos.Filename != file || pos.Offset < off {
			continue
		}
		switch {
		case ed.FunctionDefinition != nil:
			return ed.FunctionDefinition.Declarator.Name()
		case ed.Declaration != nil:
			for il := ed.Declaration.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
				if d := il.InitDeclarator.Declarator; d != nil && d.Type().Kind() == cc.Function {
					return d.Name()
				}
			}
		}
		return ""
	}
	return ""
}

// funcDef returns the definition of the named function in the main file
// or in a header it includes (a static inline helper, say).
func (b *builder) funcDef(name string) *frontend.FunctionExtent {
	for _, f := range b.u.Funcs {
		if f.File == b.u.File && f.Name == name {
			return f
		}
	}
	for l := b.u.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil || ed.FunctionDefinition == nil || ed.FunctionDefinition.Declarator.Name() != name {
			continue
		}
		fd := ed.FunctionDefinition
		start := fd.Position()
		if _, ok := b.u.Src[start.Filename]; !ok {
			return nil // a system header's: not the user's code
		}
		return &frontend.FunctionExtent{Def: fd, Name: name, File: start.Filename, Start: start.Offset,
			End: fd.CompoundStatement.Token2.Position().Offset + 1}
	}
	return nil
}

// funcDecl returns a file-scope declaration of the named function.
func (b *builder) funcDecl(name string) *cc.Declarator {
	if f := b.funcDef(name); f != nil {
		return f.Def.Declarator
	}
	for _, n := range b.u.AST.Scope.Nodes[name] {
		if d, ok := n.(*cc.Declarator); ok && d.Type().Kind() == cc.Function {
			return d
		}
	}
	return nil
}

// discoverRoutines gives the functions that device code calls and whose
// bodies are in the file a device version (implicitly seq, with a -Minfo
// remark), and records each routine's calls.
func (b *builder) discoverRoutines() {
	var work []*routineDecl
	need := func(name string) {
		rd := b.routineByName[name]
		if rd == nil {
			f := b.funcDef(name)
			if f == nil {
				return // the call is an error (scan)
			}
			rd = &routineDecl{name: name, pos: posOf(f.Def.Declarator), def: f, decl: f.Def.Declarator,
				implicit: "Generating implicit acc routine seq", infer: true}
			b.addRoutine(rd)
			work = append(work, rd)
		}
		if rd.bind != "" && b.routineByName[rd.bind] == nil {
			// bind(g): device calls run g's device version. Without a
			// directive of its own g is, like any function device code
			// calls, implicitly seq.
			if f := b.funcDef(rd.bind); f != nil {
				t := &routineDecl{name: rd.bind, pos: posOf(f.Def.Declarator), def: f,
					decl: f.Def.Declarator, implicit: fmt.Sprintf("Generating implicit acc routine seq (bind(%s) of '%s')", rd.bind, rd.name)}
				b.addRoutine(t)
				work = append(work, t)
			}
		}
	}
	for _, rd := range b.routineOrder {
		if rd.def != nil {
			work = append(work, rd)
		}
		if rd.bind != "" {
			need(rd.name)
			if b.routineByName[rd.bind] == nil {
				// Bound to a device function of another file.
				rd.info.Name, rd.info.Writes = rd.bind, true
			}
		}
	}
	for _, p := range b.u.Pragmas {
		if p.Dir != nil && p.Pos.File == b.u.File && p.Dir.Kind.IsCompute() && p.Stmt != nil {
			for _, c := range deviceCalls(p.Stmt) {
				need(c.callee)
			}
		}
	}
	for len(work) > 0 {
		rd := work[0]
		work = work[1:]
		if rd.calls != nil {
			continue
		}
		rd.calls = deviceCalls(rd.def.Def.CompoundStatement)
		if rd.calls == nil {
			rd.calls = []routineCall{}
		}
		for _, c := range rd.calls {
			need(c.callee)
		}
	}
	b.inferRoutineLevels()
	b.checkRecursion()
	b.checkHostCalls()
}

// noHost reports whether the function name is a routine nohost that has
// no host version (§2.15.1): its definition in the file is left out of
// the host file, and another file has none either. One defined in a
// header keeps its definition (lowerRoutine).
func (b *builder) noHost(name string) bool {
	rd := b.routineByName[name]
	return rd != nil && rd.nohost && (rd.def == nil || rd.def.File == b.u.File)
}

// checkHostCalls reports the calls of routines without a host version in
// host code: the file's functions outside their compute constructs,
// routines with a host version included ("All calls to this procedure
// must appear within compute regions", §2.15.1). Host code that called
// one would call a function the host file does not define.
func (b *builder) checkHostCalls() {
	device := map[*cc.Statement]bool{}
	for _, p := range b.u.Pragmas {
		if p.Dir != nil && p.Dir.Kind.IsCompute() && p.Stmt != nil {
			device[p.Stmt] = true
		}
	}
	for _, f := range b.u.Funcs {
		if f.File != b.u.File || b.noHost(f.Name) {
			continue
		}
		walk(f.Def.CompoundStatement, func(n cc.Node) bool {
			if st, ok := n.(*cc.Statement); ok && device[st] {
				return false
			}
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
				if c := calleeFunc(x.PostfixExpression); c != nil && b.noHost(c.Token.SrcStr()) {
					b.errorf(posOf(c), diag.CodeRoutineError, "'%s' is a routine nohost, which has no host version, and host code in '%s' calls it: call it only in compute constructs and nohost routines", c.Token.SrcStr(), f.Name)
				}
			}
			return true
		})
	}
}

// noHostCall returns the first routine without a host version that the
// statement st calls, or "": the host cannot run st.
func (b *builder) noHostCall(st *cc.Statement) string {
	for _, c := range deviceCalls(st) {
		if b.noHost(c.callee) {
			return c.callee
		}
	}
	return ""
}

// deviceCalls lists the calls of functions by name in n that are not the
// library functions device code has.
func deviceCalls(n cc.Node) []routineCall {
	var out []routineCall
	walk(n, func(m cc.Node) bool {
		if x, ok := m.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
			if f := calleeFunc(x.PostfixExpression); f != nil {
				name := f.Token.SrcStr()
				if !deviceLibrary(name) {
					out = append(out, routineCall{callee: name, pos: posOf(f)})
				}
			}
		}
		return true
	})
	return out
}

// checkRecursion rejects a device routine that calls itself, directly or
// through others: accc's device code has no call stack to spare for it.
func (b *builder) checkRecursion() {
	state := map[string]int{} // 1: on the path, 2: done
	reported := map[string]bool{}
	var visit func(name string, path []string)
	visit = func(name string, path []string) {
		rd := b.routineByName[name]
		if rd == nil || state[name] == 2 {
			return
		}
		state[name] = 1
		for _, c := range rd.calls {
			callee := c.callee
			if cd := b.routineByName[callee]; cd != nil {
				callee = b.target(cd).name
			}
			switch state[callee] {
			case 1:
				if !reported[callee] {
					reported[callee] = true
					cycle := append(append([]string{}, path...), name, callee)
					i := 0
					for cycle[i] != callee {
						i++
					}
					b.errorf(c.pos, diag.CodeRoutineError, "recursive call of '%s' in device code (%s): recursion is not supported in OpenACC routines", callee, strings.Join(cycle[i:], " -> "))
				}
			case 0:
				visit(callee, append(path, name))
			}
		}
		state[name] = 2
	}
	for _, rd := range b.routineOrder {
		visit(rd.name, nil)
	}
}

// externRoutine returns the declaration of a routine another file
// defines, with rd's signature, under the name device code calls it by.
func (b *builder) externRoutine(rd *routineDecl, name string) *ir.Routine {
	if rd.decl == nil {
		return nil
	}
	ft, ok := rd.decl.Type().(*cc.FunctionType)
	if !ok {
		return nil
	}
	if ft.IsVariadic() {
		b.errorf(rd.pos, diag.CodeRoutineError, "variadic function '%s' cannot have a device version (OpenACC routines take a fixed parameter list)", rd.name)
		return nil
	}
	x := &ir.Routine{Name: name, Pos: rd.pos, Line: rd.pos.Line, Level: rd.level, Result: b.conv.convert(ft.Result()),
		Static: rd.decl.Linkage() == cc.Internal}
	prms := ft.Parameters()
	for i, prm := range prms {
		if prm.Type().Kind() == cc.Void && len(prms) == 1 {
			break
		}
		n := prm.Name()
		if n == "" {
			n = ir.RoutineParamName(i)
		}
		x.Params = append(x.Params, &ir.Var{Name: n, Type: b.conv.convert(prm.Type()).Decay(), Local: true})
		if prm.Declarator != nil && prm.Name() != "" {
			x.ParamDecls = append(x.ParamDecls, paramDecl(rd.decl, prm.Declarator, &printer{refs: map[int]*ir.Var{}, subst: map[int]string{}}))
		}
	}
	return x
}

// paramDecl returns the declaration of parameter d of the function
// declarator fd as written, or nil when it is not found. The size of a
// parameter declared as an array (double v[n], double a[static 4][8]) is
// left out: C adjusts it to a pointer to the element, so the size says
// nothing, and C++ (the .acc.cu) accepts no variable or static size
// there. The other dimensions stay.
func paramDecl(fd, d *cc.Declarator, pr *printer) ir.Code {
	for dd := d.DirectDeclarator; dd != nil; dd = dd.DirectDeclarator {
		switch dd.Case {
		case cc.DirectDeclaratorArr, cc.DirectDeclaratorStaticArr, cc.DirectDeclaratorArrStatic, cc.DirectDeclaratorStar:
			if in := dd.DirectDeclarator; in != nil && in.Case == cc.DirectDeclaratorIdent {
				toks := cc.NodeTokens(dd)
				for _, t := range toks[len(cc.NodeTokens(in))+1 : len(toks)-1] { // between [ and ]
					pr.subst[t.Seq()] = ""
				}
			}
		}
	}
	var out ir.Code
	walk(fd, func(n cc.Node) bool {
		if pd, ok := n.(*cc.ParameterDeclaration); ok && pd.Declarator == d {
			out = pr.code(pd)
		}
		return out == nil
	})
	return out
}

// lowerRoutine lowers the body of a routine defined in the file.
func (b *builder) lowerRoutine(rd *routineDecl) {
	f := rd.def
	ft, ok := f.Def.Declarator.Type().(*cc.FunctionType)
	if !ok {
		return
	}
	fpos := posOf(f.Def.Declarator)
	defer diag.Guard("routine", b.userPos(fpos))
	if ft.IsVariadic() {
		b.errorf(fpos, diag.CodeRoutineError, "variadic function '%s' cannot have a device version (OpenACC routines take a fixed parameter list)", rd.name)
		return
	}
	body := &cc.Statement{Case: cc.StatementCompound, CompoundStatement: f.Def.CompoundStatement}
	p := &frontend.Pragma{Pos: fpos, Start: f.Start, End: f.Start, Func: f.Def, Stmt: body,
		Dir: &directives.Directive{Kind: directives.DirRoutine}}
	rg := &region{b: b, p: p, r: &ir.Region{Kind: ir.Parallel},
		vars: map[*cc.Declarator]*ir.Var{}, locals: map[*cc.Declarator]*ir.Var{}, pr: &printer{refs: map[int]*ir.Var{}, subst: map[int]string{}},
		firstUse: map[*ir.Var]diag.Pos{}, written: map[*cc.Declarator]bool{}, indexVars: map[*cc.Declarator]bool{},
		explicit: map[*ir.Var]bool{}, reduced: map[*ir.Var]*ir.Reduction{}, kernelsShared: map[*ir.Var]bool{},
		loopPrivate: map[*ir.Var]bool{}, ok: true, routine: rd, fn: f.Def, fnFile: f.File,
		info: map[*ir.Loop]*loopInfo{}, assigned: map[*cc.Declarator]bool{}, atomicStmts: map[*cc.Statement]bool{}}
	rg.c = &ir.Construct{Kind: ir.Compute, Pos: fpos, Func: rd.name, Line: fpos.Line, FuncStart: f.Start}
	rg.start, rg.end = f.Start, f.End
	for _, q := range b.u.Pragmas {
		if q.Pos.File != f.File || q.Start < f.Start || q.Start >= f.End || q.Dir == nil {
			continue
		}
		b.handled[q] = true
		switch q.Dir.Kind {
		case directives.DirLoop, directives.DirAtomic:
			if f.File == b.u.File {
				b.prog.Drop = append(b.prog.Drop, [2]int{q.Start, q.End})
			}
		case directives.DirRoutine:
		default:
			rg.errorf(q.Pos, diag.CodeUnsupported, "'#pragma acc %s' inside routine '%s' is not supported: a routine's body is device code", q.Dir.Kind, rd.name)
		}
	}
	walk(body, func(n cc.Node) bool {
		// A seq routine runs on one thread: its gotos are C's (checkGotos).
		if js, ok := n.(*cc.JumpStatement); ok && (js.Case == cc.JumpStatementGoto && rd.level != 0 || js.Case == cc.JumpStatementGotoExpr) {
			rg.errorf(posOf(js), diag.CodeUnsupported, "'goto' in %s routine '%s' is not supported yet", opt.LevelNames(rd.level), rd.name)
		}
		return true
	})
	b.conv.inRegion = rg.insidePos
	defer func() { b.conv.inRegion = nil }()
	vars(rg)
	if !rg.ok {
		return
	}
	rt := &ir.Routine{Name: rd.name, Pos: fpos, Line: fpos.Line, Level: rd.level, Start: f.Start, End: f.End, NoHost: rd.nohost,
		Static: f.Def.Declarator.Linkage() == cc.Internal, Result: b.conv.convert(ft.Result()), Region: rg.r}
	if f.File != b.u.File {
		// Defined in a header: every file that includes it has its own
		// copy, after the file's own code (CPU targets).
		rt.Static, rt.NoHost = true, false
		rt.Start, rt.End = len(b.prog.Src), len(b.prog.Src)
	}
	rg.r.Types = append(rg.r.Types, rt.Result)
	for _, g := range rd.globals {
		rt.Globals = append(rt.Globals, rg.vars[g])
	}
	rd.info.Globals = len(rt.Globals) > 0
	walk(f.Def.Declarator, func(n cc.Node) bool {
		rg.dropAtomic(n) // the parameters' declarations
		return true
	})
	for _, prm := range ft.Parameters() {
		d := prm.Declarator
		if d == nil || d.Name() == "" {
			if prm.Type().Kind() == cc.Void && len(ft.Parameters()) == 1 {
				break
			}
			// Unnamed (C23): the body cannot use it.
			rt.Params = append(rt.Params, &ir.Var{Name: ir.UnnamedParamName(len(rt.Params)), Type: b.conv.convert(prm.Type()).Decay(), Local: true})
			rt.ParamDecls = append(rt.ParamDecls, nil)
			continue
		}
		if hasVLA(d.Type()) {
			b.errorf(posOf(d), diag.CodeRoutineError, "parameter '%s' of routine '%s' has variable-length rows (%s), which device routines do not support yet; pass a pointer to the elements and index it flat (a[i * m + j])", d.Name(), rd.name, d.Type())
			return
		}
		v := rg.local(d)
		if v.Type.Kind == ir.Array {
			v = &ir.Var{Name: v.Name, Type: v.Type.Decay(), Local: true, Class: v.Class}
			rg.locals[d] = v
		}
		rt.Params = append(rt.Params, v)
		rt.ParamDecls = append(rt.ParamDecls, paramDecl(f.Def.Declarator, d, rg.pr))
		rg.r.Types = append(rg.r.Types, v.Type)
	}
	rg.gotoBypass()
	rg.atomicObjects()
	k := &ir.Kernel{Name: ir.DeviceName(rd.name), Line: fpos.Line, Body: rg.items(body), Vector: 1, Workers: 1}
	sharedLocals(k.Body)
	rg.r.Kernels = []*ir.Kernel{k}
	if !rg.ok {
		return
	}
	uses := rd.level.Uses()
	if rd.level == 0 {
		uses = 0
	}
	rg.routineLevels(k.Body, uses)
	if !rg.ok {
		return
	}
	o := rg.opt()
	opt.Coalesce(o)
	o.AssignLevels(k.Body, uses)
	rg.ok = rg.ok && !o.Failed
	ir.Visit(k.Body, func(n ir.Node) {
		if l, ok := n.(*ir.Loop); ok && l.Levels.Has(ir.Gang) && len(l.Reduce) > 0 {
			rg.errorf(l.Pos, diag.CodeUnsupported, "reduction(%s:%s) on a gang loop of routine '%s' is not supported yet; reduce on a worker or vector loop", l.Reduce[0].Op, l.Reduce[0].Name, rd.name)
		}
	})
	rg.opt().CheckBreaks(k.Body)
	gotos(rg)
	if rd.level != 0 {
		rg.checkReturns(k.Body, false)
	}
	rg.checkCallLevels(k.Body, rd.level.Ctx())
	if !rg.ok {
		return
	}
	if rd.level != 0 {
		// The caller's block: its vector lanes are a warp (kernels that
		// call vector, worker or gang routines run 32 lanes), workers
		// up to 32; the code reads the actual shape from blockDim.
		k.Vector, k.Workers = 32, 32
	}
	rt.Kernel = k
	writes := ir.Any(k.Body, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		return ok && s.MemWrite
	})
	// A declare'd global the routine uses may be stored to.
	rd.info.Writes = writes || len(rt.Globals) > 0
	rd.rt = rt
	b.verify("routine", fpos, func() []ir.Problem { return ir.VerifyRoutine(rt) })
	b.routineRemarks(rd, rg)
}

// routineLevels rejects loops of a routine at levels its own level leaves
// to the caller (§2.15.1: a worker routine may contain worker and vector
// loops, not gang loops).
func (rg *region) routineLevels(ns []ir.Node, uses ir.Level) {
	ir.InspectNodes(ns, func(n ir.Node) bool {
		x, ok := n.(*ir.Loop)
		if !ok {
			return true
		}
		if bad := rg.info[x].Explicit &^ uses; bad != 0 {
			rg.errorf(x.Pos, diag.CodeRoutineError, "'loop %s' in %s routine '%s': a routine's loops may use only its own level and finer ones (OpenACC 3.4 §2.15.1)", opt.LevelNames(bad), opt.LevelNames(rg.routine.level), rg.routine.name)
			return false
		}
		return true
	})
}

// checkReturns rejects, in a gang, worker or vector routine, a return
// that not every thread of the routine's levels would take together: one
// inside a partitioned loop, or inside a statement that one thread runs
// for the others (a store to memory): the others would go on alone to
// the next barrier.
func (rg *region) checkReturns(ns []ir.Node, inPar bool) {
	ir.InspectWith(ns, inPar, func(n ir.Node, inPar bool) (bool, bool) {
		switch x := n.(type) {
		case *ir.Loop:
			return inPar || x.Levels != 0, true
		case *ir.Stmt:
			if x.Tree == nil || !inPar && !x.Shared() {
				break
			}
			ir.InspectStatement(x.Tree, func(st ir.Statement) bool {
				if j, ok := st.(*ir.Jump); ok && j.Kind == ir.Return {
					why := "inside a partitioned loop"
					if !inPar {
						why = "in a statement that also stores to memory (which one thread runs for the others)"
					}
					rg.errorf(rg.returnPos(j.Line), diag.CodeRoutineError, "'return' %s is not supported in %s routine '%s': every thread of the routine's levels must return together", why, opt.LevelNames(rg.routine.level), rg.routine.name)
				}
				return true
			}, nil)
		}
		return inPar, true
	})
}

// returnPos returns the position of the routine's return statement on
// line (the IR keeps lines only).
func (rg *region) returnPos(line int) diag.Pos {
	pos := diag.Pos{File: rg.file(), Line: line}
	walk(rg.fn, func(n cc.Node) bool {
		if js, ok := n.(*cc.JumpStatement); ok && js.Case == cc.JumpStatementReturn && js.Position().Line == line && pos.Col == 0 {
			pos = posOf(js)
		}
		return true
	})
	return pos
}

// routineRemarks reports a routine's -Minfo remarks, as NVHPC does:
// "Generating acc routine seq" and the code generated, then its loops.
func (b *builder) routineRemarks(rd *routineDecl, rg *region) {
	pos := rd.rt.Pos
	note := func(code diag.Code, format string, args ...any) {
		rg.note(code, pos, diag.Pos{}, false, format, args...)
	}
	if rd.implicit != "" {
		note(diag.CodeRoutine, "%s", rd.implicit)
	} else {
		note(diag.CodeRoutine, "Generating acc routine %s", opt.LevelNames(rd.level))
	}
	note(diag.CodeKernel, "%s", b.codeRemark())
	k := rd.rt.Kernel
	ir.Visit(k.Body, func(n ir.Node) {
		switch x := n.(type) {
		case *ir.Stmt:
			for _, line := range x.SeqLoops {
				rg.note(diag.CodeLoopSchedule, diag.Pos{File: pos.File, Line: line}, pos, false, "#pragma acc loop seq")
			}
		case *ir.Loop:
			rg.loopRemark(k, x, pos)
		}
	})
}

// checkCallLevels checks the calls of gang, worker and vector routines in
// ns, code that runs with the levels ctx partitioned: a routine must be
// called where its levels are free (§2.15.1: a vector routine not from a
// vector loop, a worker routine not from a worker or vector loop, a gang
// routine from gang-redundant code).
func (rg *region) checkCallLevels(ns []ir.Node, ctx ir.Level) {
	ir.InspectWith(ns, ctx, func(n ir.Node, ctx ir.Level) (ir.Level, bool) {
		switch x := n.(type) {
		case *ir.Stmt:
			if ci := x.ParCall; ci != nil && ci.Level.Uses()&ctx != 0 {
				pos := rg.callPos[ci]
				if pos.Line == 0 {
					pos = diag.Pos{File: rg.file(), Line: x.Line}
				}
				rg.errorf(pos, diag.CodeRoutineError, "'%s' is a %s routine%s: it cannot be called inside a %s loop (OpenACC 3.4 §2.15.1); call it where the %s level is not partitioned yet",
					ci.Name, opt.LevelNames(ci.Level), rg.b.inferredWhy(ci.Name), opt.LevelNames(ci.Level.Uses()&ctx), opt.LevelNames(ci.Level))
			}
		case *ir.Loop:
			return ctx | x.Levels, true
		}
		return ctx, true
	})
}

// parCall returns the gang, worker or vector routine n calls, or nil.
func (rg *region) parCall(n cc.Node) (*ir.CallInfo, diag.Pos) {
	var ci *ir.CallInfo
	var pos diag.Pos
	walk(n, func(m cc.Node) bool {
		if x, ok := m.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && ci == nil {
			if f := calleeFunc(x.PostfixExpression); f != nil {
				if c := rg.b.callInfo(f.Token.SrcStr()); c != nil && c.Level != 0 {
					ci, pos = c, posOf(f)
				}
			}
		}
		return ci == nil
	})
	return ci, pos
}

// parCallForm checks that a statement calling a gang, worker or vector
// routine has a form every thread of the routine's levels can run: the
// call itself, "x = call", or a declaration initialised by the call; it
// marks the statement.
func (rg *region) parCallForm(s *ir.Stmt, n cc.Node) {
	ci, pos := rg.parCall(n)
	if ci == nil {
		return
	}
	ok := false
	switch t := s.Tree.(type) {
	case *ir.ExprStmt:
		switch x := t.X.(type) {
		case *ir.Call:
			ok = x.Routine == ci && !callsIn(x.Args)
		case *ir.Assign:
			c, isCall := x.R.(*ir.Call)
			ok = x.Op == "=" && isCall && c.Routine == ci && !callsIn(c.Args) && !callsIn([]ir.Expr{x.L})
		}
	case *ir.DeclStmt:
		if len(t.Locals) == 1 {
			c, isCall := t.Locals[0].Init.(*ir.Call)
			ok = isCall && c.Routine == ci && !callsIn(c.Args)
		}
	}
	if !ok {
		rg.errorf(pos, diag.CodeRoutineError, "a call of %s routine '%s' must be a statement of its own, the right side of '=' or a declaration's initializer, not part of a larger expression or statement: every thread of its levels runs it", opt.LevelNames(ci.Level), ci.Name)
		return
	}
	s.ParCall = ci
	if rg.callPos == nil {
		rg.callPos = map[*ir.CallInfo]diag.Pos{}
	}
	if _, seen := rg.callPos[ci]; !seen {
		rg.callPos[ci] = pos
	}
}

// callsIn reports whether the expressions call a device routine.
func callsIn(xs []ir.Expr) bool {
	for _, x := range xs {
		if ir.AnyExpr(x, func(e ir.Expr) bool {
			c, ok := e.(*ir.Call)
			return ok && c.Routine != nil
		}) {
			return true
		}
	}
	return false
}

// callsParRoutine reports whether st calls a gang, worker or vector
// routine: the statements around such a call are lowered as structure,
// like those around a loop directive, so that the call is a statement
// of its own.
func (rg *region) callsParRoutine(st cc.Node) bool {
	ci, _ := rg.parCall(st)
	return ci != nil
}

// routineCallError reports a call in device code of a function that has no
// device version, or a call to a variadic function.
func (rg *region) routineCallError(x *cc.PrimaryExpression, d *cc.Declarator) {
	name := d.Name()
	if ft, ok := d.Type().(*cc.FunctionType); ok && ft.IsVariadic() {
		rg.errorf(posOf(x), diag.CodeRoutineError, "variadic function '%s' cannot be called in device code", name)
		return
	}
	rg.errorf(posOf(x), diag.CodeRoutineError, "function '%s' is called in device code but has no device version, and its body is not in this file: declare it with '#pragma acc routine seq' (or the level its loops need) here and where it is defined", name)
}

// routineArgs converts the pointer arguments of call c of routine fn to
// the parameters' types: kernels declare the arrays they only read
// const, and a routine that reads them through a plain pointer
// parameter (Writes unset, or the array would not be const) takes them
// in C with a warning but not in C++ (the .acc.cu). Only pointers to
// non-pointers are converted: T * converts to const T * by itself,
// T ** to const T ** does not.
func (rg *region) routineArgs(c *ir.Call, fn *cc.Declarator) {
	if fn == nil {
		return
	}
	ft, ok := fn.Type().(*cc.FunctionType)
	if !ok {
		return
	}
	for i, prm := range ft.Parameters() {
		if i >= len(c.Args) {
			break
		}
		pt, ok := prm.Type().(*cc.PointerType)
		if !ok || pt.Elem().Kind() == cc.Ptr || pt.Elem().Kind() == cc.Function {
			continue
		}
		if at := c.Args[i].Type(); at == nil || at.Kind != ir.Pointer && at.Kind != ir.Array {
			continue
		}
		t := rg.b.conv.convert(pt)
		c.Args[i] = &ir.Cast{X: c.Args[i], T: t}
	}
}
