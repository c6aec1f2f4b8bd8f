package ir

import (
	"regexp"
	"strings"
)

// constWord matches the const qualifier in declaration text.
var constWord = regexp.MustCompile(`\bconst\b`)

// A Statement is a C statement of a compute region, as a tree: what the
// loop scheduler does not restructure (an ir.Stmt) is one of these, and
// code generators print it with FormatStatement.
type Statement interface {
	SrcLine() int
	statement()
}

type (
	// An ExprStmt is an expression statement; X is nil for ";".
	ExprStmt struct {
		Line int
		X    Expr
	}

	// A Block is { List }.
	Block struct {
		Line int
		List []Statement
	}

	// A DeclStmt declares local variables, each printed from its
	// declaration specifiers and declarator as written ("const double",
	// "*p"), so that qualifiers, storage classes and array bounds stay,
	// and its initializer, an expression. A declaration the IR does not split into
	// variables (a typedef, a tag definition) is Opaque, printed as
	// written.
	DeclStmt struct {
		Line   int
		Locals []*Local
		Opaque Code
	}

	// An If is if (Cond) Then [else Else].
	If struct {
		Line       int
		Cond       Expr
		Then, Else Statement
	}

	// A For is for (Init; Cond; Post) Body. Init is a DeclStmt, an
	// ExprStmt or nil; Cond and Post may be nil.
	For struct {
		Line       int
		Init       Statement
		Cond, Post Expr
		Body       Statement
	}

	// A While is while (Cond) Body.
	While struct {
		Line int
		Cond Expr
		Body Statement
	}

	// A DoWhile is do Body while (Cond);.
	DoWhile struct {
		Line int
		Body Statement
		Cond Expr
	}

	// A Switch is switch (Tag) Body.
	Switch struct {
		Line int
		Tag  Expr
		Body Statement
	}

	// A Label labels Stmt: case Value (through Hi for GNU's case ranges),
	// default, or a goto label Name.
	Label struct {
		Line      int
		Value, Hi Expr
		Default   bool
		Name      string
		Stmt      Statement
	}

	// A Jump is break, continue, return [Value] or goto Name.
	Jump struct {
		Line  int
		Kind  JumpKind
		Value Expr
		Name  string
	}

	// An Atomic is an atomic construct (§2.12) and its statement. Plain
	// is the statement as written (an ExprStmt, or a Block of two for the
	// structured capture form); analyses see its references, and
	// sequential code runs it as is. The operands: read is V = X; write
	// X = E; update X = X Op E (Rev: X = E Op X; ++ and -- are + and -
	// of 1); capture an update or, with Op "", a swap (V = X; X = E),
	// with V receiving X's value after the update when New, before it
	// otherwise. If, when set, is the if clause: atomic only when true.
	// Object is set for the update of an _Atomic object written without
	// the construct: C code may see X's type with the qualifier.
	Atomic struct {
		Line    int
		Form    AtomicForm
		Op      string
		Rev     bool
		New     bool
		X, V, E Expr
		If      Expr
		Plain   Statement
		Object  bool
	}

	// An OpaqueStmt is a statement the IR does not model (asm), printed
	// as written; analyses assume it reads and writes anything.
	OpaqueStmt struct {
		Line int
		Code Code
	}
)

// AtomicForm is the form of an atomic construct.
type AtomicForm uint8

const (
	AtomicUpdate AtomicForm = iota
	AtomicRead
	AtomicWrite
	AtomicCapture
)

func (f AtomicForm) String() string {
	return [...]string{"update", "read", "write", "capture"}[f]
}

// JumpKind says which jump statement a Jump is.
type JumpKind uint8

const (
	Break JumpKind = iota
	Continue
	Return
	Goto
)

func (s *ExprStmt) SrcLine() int   { return s.Line }
func (s *Block) SrcLine() int      { return s.Line }
func (s *DeclStmt) SrcLine() int   { return s.Line }
func (s *If) SrcLine() int         { return s.Line }
func (s *For) SrcLine() int        { return s.Line }
func (s *While) SrcLine() int      { return s.Line }
func (s *DoWhile) SrcLine() int    { return s.Line }
func (s *Switch) SrcLine() int     { return s.Line }
func (s *Label) SrcLine() int      { return s.Line }
func (s *Jump) SrcLine() int       { return s.Line }
func (s *OpaqueStmt) SrcLine() int { return s.Line }
func (s *Atomic) SrcLine() int     { return s.Line }

func (*ExprStmt) statement()   {}
func (*Block) statement()      {}
func (*DeclStmt) statement()   {}
func (*If) statement()         {}
func (*For) statement()        {}
func (*While) statement()      {}
func (*DoWhile) statement()    {}
func (*Switch) statement()     {}
func (*Label) statement()      {}
func (*Jump) statement()       {}
func (*OpaqueStmt) statement() {}
func (*Atomic) statement()     {}

// InspectStatement calls fn for s and the statements nested in it, in
// source order, and expr for every expression they hold (declaration
// initializers included).
func InspectStatement(s Statement, fn func(Statement) bool, expr func(Expr)) {
	if s == nil || (fn != nil && !fn(s)) {
		return
	}
	e := func(x Expr) {
		if x != nil && expr != nil {
			expr(x)
		}
	}
	rec := func(t Statement) { InspectStatement(t, fn, expr) }
	switch x := s.(type) {
	case *ExprStmt:
		e(x.X)
	case *Block:
		for _, t := range x.List {
			rec(t)
		}
	case *DeclStmt:
		for _, l := range x.Locals {
			e(l.Init)
		}
	case *If:
		e(x.Cond)
		rec(x.Then)
		rec(x.Else)
	case *For:
		rec(x.Init)
		e(x.Cond)
		e(x.Post)
		rec(x.Body)
	case *While:
		e(x.Cond)
		rec(x.Body)
	case *DoWhile:
		rec(x.Body)
		e(x.Cond)
	case *Switch:
		e(x.Tag)
		rec(x.Body)
	case *Label:
		e(x.Value)
		e(x.Hi)
		rec(x.Stmt)
	case *Jump:
		e(x.Value)
	case *Atomic:
		e(x.If)
		rec(x.Plain)
	}
}

// Exprs calls fn for each expression of the statement: its tree, or the
// header of a Body statement.
func (s *Stmt) Exprs(fn func(Expr)) {
	InspectStatement(s.Tree, nil, fn)
	InspectStatement(s.Head, nil, fn)
}

// RegionVars returns the variables declared outside the region that e
// names, in order of appearance, each once.
func RegionVars(e Expr) []*Var {
	var out []*Var
	for _, v := range ExprVars(e) {
		if !v.Local {
			out = append(out, v)
		}
	}
	return out
}

// A PrintedLine is one printed line of a statement: its text, its nesting
// depth below the statement, and the source line it comes from.
type PrintedLine struct {
	Line  int
	Depth int
	Text  string
}

// FormatStatement prints s as C lines, one statement or brace per line,
// each variable printed by ref (nil: by name).
func FormatStatement(s Statement, ref func(*Var) string) []PrintedLine {
	return FormatStatementWith(s, ref, nil)
}

// An AtomicPrinter prints an atomic construct for one target: its lines,
// each Depth relative to the construct's; expr prints an expression.
type AtomicPrinter func(a *Atomic, expr func(Expr) string) []PrintedLine

// FormatStatementWith is FormatStatement with atomic constructs printed
// by atomic (nil: the directive, its operands in a comment, and the
// statement as written).
func FormatStatementWith(s Statement, ref func(*Var) string, atomic AtomicPrinter) []PrintedLine {
	return FormatStatementSubst(s, ref, atomic, nil)
}

// FormatStatementSubst is FormatStatementWith with the expression nodes
// of subst printed as its text (a postfix expression).
func FormatStatementSubst(s Statement, ref func(*Var) string, atomic AtomicPrinter, subst map[Expr]string) []PrintedLine {
	return Printer{Ref: ref, Atomic: atomic, Subst: subst}.Statement(s)
}

// Statement prints s as lines, one statement or brace per line.
func (p Printer) Statement(s Statement) []PrintedLine {
	sp := &stmtPrinter{p: p}
	sp.stmt(s, 0)
	return sp.out
}

// AtomicOperands describes an atomic construct's operands for dumps:
// "v=t x=c op=+ e=1 new".
func AtomicOperands(a *Atomic, expr func(Expr) string) string {
	var f []string
	if a.V != nil {
		f = append(f, "v="+expr(a.V))
	}
	f = append(f, "x="+expr(a.X))
	if a.Op != "" {
		op := "op=" + a.Op
		if a.Rev {
			op += " rev"
		}
		f = append(f, op)
	}
	if a.E != nil {
		f = append(f, "e="+expr(a.E))
	}
	if a.Form == AtomicCapture {
		if a.New {
			f = append(f, "new")
		} else {
			f = append(f, "old")
		}
	}
	return strings.Join(f, " ")
}

// FormatHeader prints the header of a statement whose body the caller
// prints: "for (i = 0; i < n; i++)", "while (c)", "if (c)",
// "switch (x)", a label ("case 1:", "default:", "again:"), or "" for a
// block.
func FormatHeader(s Statement, ref func(*Var) string) string {
	return Printer{Ref: ref}.Header(s)
}

// Header is FormatHeader with p's spelling.
func (p Printer) Header(s Statement) string {
	sp := &stmtPrinter{p: p}
	switch x := s.(type) {
	case *For:
		return sp.forHeader(x)
	case *While:
		return "while (" + sp.expr(x.Cond) + ")"
	case *If:
		return "if (" + sp.expr(x.Cond) + ")"
	case *Switch:
		return "switch (" + sp.expr(x.Tag) + ")"
	case *Label:
		sp.stmt(&Label{Value: x.Value, Hi: x.Hi, Default: x.Default, Name: x.Name}, 0)
		return sp.out[0].Text
	}
	return ""
}

// Loops reports whether a Body statement is a loop (its Head a for or
// while loop), not a block, an if, a switch or a labeled statement.
func (s *Stmt) Loops() bool {
	switch s.Head.(type) {
	case *For, *While:
		return true
	}
	return false
}

type stmtPrinter struct {
	p   Printer
	out []PrintedLine
}

func (p *stmtPrinter) expr(e Expr) string { return p.p.Expr(e) }

func (p *stmtPrinter) emit(line, depth int, text string) {
	p.out = append(p.out, PrintedLine{Line: line, Depth: depth, Text: text})
}

func (p *stmtPrinter) decl(l *Local, spec bool) string {
	text := p.p.Code(l.Declarator)
	if spec {
		text = p.p.Code(l.Spec) + " " + text
	}
	if l.Init != nil {
		text += " = " + p.expr(l.Init)
	}
	return text
}

func (p *stmtPrinter) forHeader(x *For) string {
	var init string
	switch in := x.Init.(type) {
	case *ExprStmt:
		if in.X != nil {
			init = p.expr(in.X)
		}
	case *DeclStmt:
		if in.Opaque != nil {
			init = strings.TrimSuffix(strings.TrimSpace(p.p.Code(in.Opaque)), ";")
			break
		}
		// for (int i = 0, j = n; ...): one type for every declarator.
		var parts []string
		for i, l := range in.Locals {
			parts = append(parts, p.decl(l, i == 0))
		}
		init = strings.Join(parts, ", ")
	}
	h := "for (" + init + ";"
	if x.Cond != nil {
		h += " " + p.expr(x.Cond)
	}
	h += ";"
	if x.Post != nil {
		h += " " + p.expr(x.Post)
	}
	return h + ")"
}

// body prints the statement under a header: a block's statements inside
// braces on the header's line, anything else one level deeper.
func (p *stmtPrinter) body(head string, line int, s Statement, depth int) {
	if b, ok := s.(*Block); ok {
		p.emit(line, depth, head+" {")
		for _, t := range b.List {
			p.stmt(t, depth+1)
		}
		p.emit(0, depth, "}")
		return
	}
	p.emit(line, depth, head)
	p.stmt(s, depth+1)
}

func (p *stmtPrinter) stmt(s Statement, depth int) {
	switch x := s.(type) {
	case nil:
	case *ExprStmt:
		if x.X == nil {
			p.emit(x.Line, depth, ";")
			return
		}
		p.emit(x.Line, depth, p.expr(x.X)+";")
	case *Block:
		p.emit(x.Line, depth, "{")
		for _, t := range x.List {
			p.stmt(t, depth+1)
		}
		p.emit(0, depth, "}")
	case *DeclStmt:
		if x.Opaque != nil {
			for i, l := range strings.Split(p.p.Code(x.Opaque), "\n") {
				if l = strings.TrimSpace(l); l != "" {
					p.emit(x.Line+i, depth, l)
				}
			}
			return
		}
		for _, l := range x.Locals {
			if l.Assign {
				noConst := func(c Code) string { return strings.TrimSpace(constWord.ReplaceAllString(p.p.Code(c), "")) }
				p.emit(x.Line, depth, noConst(l.Spec)+" "+noConst(l.Declarator)+";")
				if l.Init != nil {
					p.emit(x.Line, depth, p.expr(&Assign{Op: "=", L: &Ref{Var: l.Var}, R: l.Init, T: l.Var.Type})+";")
				}
				continue
			}
			p.emit(x.Line, depth, p.decl(l, true)+";")
		}
	case *If:
		p.body("if ("+p.expr(x.Cond)+")", x.Line, x.Then, depth)
		if x.Else != nil {
			if elif, ok := x.Else.(*If); ok {
				n := len(p.out)
				p.stmt(elif, depth)
				p.out[n].Text = "else " + p.out[n].Text
				return
			}
			p.body("else", x.Else.SrcLine(), x.Else, depth)
		}
	case *For:
		p.body(p.forHeader(x), x.Line, x.Body, depth)
	case *While:
		p.body("while ("+p.expr(x.Cond)+")", x.Line, x.Body, depth)
	case *DoWhile:
		p.body("do", x.Line, x.Body, depth)
		p.emit(0, depth, "while ("+p.expr(x.Cond)+");")
	case *Switch:
		p.body("switch ("+p.expr(x.Tag)+")", x.Line, x.Body, depth)
	case *Label:
		switch {
		case x.Default:
			p.emit(x.Line, depth, "default:")
		case x.Name != "":
			p.emit(x.Line, depth, p.p.Ident(x.Name)+":")
		case x.Hi != nil:
			p.emit(x.Line, depth, "case "+p.expr(x.Value)+" ... "+p.expr(x.Hi)+":")
		default:
			p.emit(x.Line, depth, "case "+p.expr(x.Value)+":")
		}
		if x.Stmt != nil {
			p.stmt(x.Stmt, depth+1)
		}
	case *Jump:
		switch x.Kind {
		case Break:
			p.emit(x.Line, depth, "break;")
		case Continue:
			p.emit(x.Line, depth, "continue;")
		case Goto:
			p.emit(x.Line, depth, "goto "+p.p.Ident(x.Name)+";")
		case Return:
			if x.Value == nil {
				p.emit(x.Line, depth, "return;")
			} else {
				p.emit(x.Line, depth, "return "+p.expr(x.Value)+";")
			}
		}
	case *OpaqueStmt:
		p.emit(x.Line, depth, strings.TrimSpace(p.p.Code(x.Code)))
	case *Atomic:
		if p.p.Atomic != nil {
			for _, l := range p.p.Atomic(x, p.expr) {
				p.emit(l.Line, depth+l.Depth, l.Text)
			}
			return
		}
		head := "#pragma acc atomic " + x.Form.String()
		if x.If != nil {
			head += " if(" + p.expr(x.If) + ")"
		}
		p.emit(x.Line, depth, head+" /* "+AtomicOperands(x, p.expr)+" */")
		p.stmt(x.Plain, depth)
	}
}
