package frontend

import (
	"sort"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/internal/diag"
)

// FunctionExtent is a function definition and the byte range it covers.
type FunctionExtent struct {
	Def        *cc.FunctionDefinition
	Name       string
	File       string
	Start, End int // from the first token to just past the closing brace
}

// item is a statement or a declaration in a function body: a place a
// directive can attach to.
type item struct {
	start     int
	stmt      *cc.Statement // nil for a declaration
	decl      cc.Node       // the declaration, when stmt is nil
	blockItem bool          // a direct member of a compound statement
	scope     *cc.Scope
}

// block is a compound statement and its byte range.
type block struct {
	cs         *cc.CompoundStatement
	start, end int // offsets of '{' and '}'
}

// funcBody is what the attacher knows of one function definition.
type funcBody struct {
	ext    *FunctionExtent
	items  []item // by start offset
	blocks []block
}

// attacher attaches each pragma to its place in the AST and checks it.
type attacher struct {
	unit   *Unit
	sink   *reporter
	funcs  []*funcBody
	expand func([]directives.Token) []directives.Token
}

func newAttacher(u *Unit, sink *reporter) *attacher {
	a := &attacher{unit: u, sink: sink}
	a.expand = newExpander(u.AST.Macros).expand
	for l := u.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
		fd := l.ExternalDeclaration.FunctionDefinition
		if fd == nil || l.ExternalDeclaration.Case != cc.ExternalDeclarationFuncDef {
			continue
		}
		a.addFunc(fd)
	}
	return a
}

func (a *attacher) addFunc(fd *cc.FunctionDefinition) {
	start := fd.Position()
	body := fd.CompoundStatement
	ext := &FunctionExtent{
		Def:   fd,
		Name:  fd.Declarator.Name(),
		File:  start.Filename,
		Start: start.Offset,
		End:   body.Token2.Position().Offset + 1,
	}
	if ext.File == a.unit.File {
		a.unit.Funcs = append(a.unit.Funcs, ext)
	}
	f := &funcBody{ext: ext}
	a.compound(f, body)
	sort.SliceStable(f.items, func(i, j int) bool { return f.items[i].start < f.items[j].start })
	a.funcs = append(a.funcs, f)
}

func (a *attacher) compound(f *funcBody, cs *cc.CompoundStatement) {
	open := cs.Token.Position().Offset
	f.blocks = append(f.blocks, block{cs: cs, start: open, end: cs.Token2.Position().Offset})
	scope := cs.LexicalScope()
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		bi := l.BlockItem
		switch bi.Case {
		case cc.BlockItemStmt:
			a.stmt(f, bi.Statement, scope, true)
		case cc.BlockItemFuncDef: // GNU nested function
			a.compound(f, bi.CompoundStatement)
		default:
			off := bi.Position().Offset
			if off == open { // cc/v4's implicit __func__ declaration
				continue
			}
			f.items = append(f.items, item{start: off, decl: bi, blockItem: true, scope: scope})
		}
	}
}

func (a *attacher) stmt(f *funcBody, s *cc.Statement, scope *cc.Scope, blockItem bool) {
	if s == nil {
		return
	}
	f.items = append(f.items, item{start: s.Position().Offset, stmt: s, blockItem: blockItem, scope: scope})
	switch s.Case {
	case cc.StatementCompound:
		a.compound(f, s.CompoundStatement)
	case cc.StatementLabeled:
		a.stmt(f, s.LabeledStatement.Statement, scope, false)
	case cc.StatementSelection:
		ss := s.SelectionStatement
		a.stmt(f, ss.Statement, ss.LexicalScope(), false)
		a.stmt(f, ss.Statement2, ss.LexicalScope(), false)
	case cc.StatementIteration:
		is := s.IterationStatement
		a.stmt(f, is.Statement, is.LexicalScope(), false)
	}
}

// attachAll parses every pragma, finds its place and checks its clauses.
func (a *attacher) attachAll() {
	for _, p := range a.unit.Pragmas {
		d := directives.Parse(p.Toks, a.sink, &directives.Options{Expand: a.expand, TypeName: a.fileTypedef})
		if d == nil {
			continue
		}
		p.Dir = d
		f := a.funcAt(p.Pos.File, p.Start)
		var sc *lookupScope
		if f == nil {
			sc = a.fileScope(p)
		} else {
			sc = a.inFunction(f, p)
		}
		if sc != nil {
			p.Scope = sc.scope
			p.Seq = sc.seq
			p.lookup = sc
			directives.Check(d, sc, a.sink)
		}
	}
}

// fileTypedef reports whether name is a typedef at file scope, so that a
// clause argument such as a[(size_t)i * n : n] parses as a cast
// (directives.Options.TypeName). A directive's place, and so its block
// scope, is found only after it is parsed: typedefs declared in a block are
// not seen, and a block's variable that hides a file-scope typedef is
// reported by the checker.
func (a *attacher) fileTypedef(name string) bool {
	for _, n := range a.unit.AST.Scope.Nodes[name] {
		if d, ok := n.(*cc.Declarator); ok && d.IsTypename() {
			return true
		}
	}
	return false
}

func (a *attacher) funcAt(file string, off int) *funcBody {
	for _, f := range a.funcs {
		if f.ext.File == file && f.ext.Start <= off && off < f.ext.End {
			return f
		}
	}
	return nil
}

// fileScope places a directive outside any function. Only declarative
// directives may appear there (OpenACC 3.4 §2.13, §2.15.1).
func (a *attacher) fileScope(p *Pragma) *lookupScope {
	d := p.Dir
	if d.Kind.Assoc() != directives.AssocDecl {
		a.sink.errorf(p.Pos, diag.CodeDirectivePlacement, "'%s' must appear inside a function body", directiveName(d))
		return nil
	}
	seq := a.unit.AST.EOF.Seq()
	for l := a.unit.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		pos := ed.Position()
		if pos.Filename == p.Pos.File && pos.Offset >= p.End {
			if toks := cc.NodeTokens(ed); len(toks) > 0 {
				seq = toks[0].Seq()
			}
			break
		}
	}
	return &lookupScope{scope: a.unit.AST.Scope, seq: seq, ast: a.unit.AST}
}

// inFunction attaches a directive inside a function body.
func (a *attacher) inFunction(f *funcBody, p *Pragma) *lookupScope {
	d := p.Dir
	p.Func = f.ext.Def
	var blk *block
	for i := range f.blocks {
		b := &f.blocks[i]
		if b.start < p.Start && p.Start < b.end && (blk == nil || b.start > blk.start) {
			blk = b
		}
	}
	if blk == nil { // between the declarator and the body: K&R parameter declarations
		a.sink.errorf(p.Pos, diag.CodeDirectivePlacement, "'%s' must appear inside a function body", directiveName(d))
		return nil
	}
	p.Block = blk.cs
	var next *item
	i := sort.Search(len(f.items), func(i int) bool { return f.items[i].start >= p.End })
	if i < len(f.items) && f.items[i].start < blk.end {
		next = &f.items[i]
	}
	scope := &lookupScope{scope: blk.cs.LexicalScope(), seq: blk.cs.Token2.Seq(), ast: a.unit.AST}
	if next != nil {
		scope.scope = next.scope
		scope.seq = firstSeq(next)
	}
	name := directiveName(d)
	switch d.Kind.Assoc() {
	case directives.AssocNone:
		if next != nil && !next.blockItem {
			// A pragma is not a statement: the statement after it would
			// become the body instead (OpenACC 3.4 §2.1).
			a.sink.errorf(p.Pos, diag.CodeDirectivePlacement, "'%s' cannot be the body of an if, switch, label or loop statement; enclose it in braces", name)
			return nil
		}
	case directives.AssocDecl:
		// declare and routine may appear among declarations and statements.
	default:
		switch {
		case next == nil:
			a.sink.errorf(p.Pos, diag.CodeDirectivePlacement, "'%s' must be followed by a statement", name)
			return nil
		case next.stmt == nil:
			a.sink.errorf(p.Pos, diag.CodeDirectivePlacement, "'%s' must be followed by a statement, not a declaration", name)
			return nil
		}
		p.Stmt = next.stmt
		switch d.Kind.Assoc() {
		case directives.AssocLoop:
			if !isForLoop(next.stmt) {
				a.sink.errorf(p.Pos, diag.CodeDirectivePlacement, "'%s' must be followed by a 'for' loop", name)
				return nil
			}
		case directives.AssocAtomic:
			if next.stmt.Case != cc.StatementExpr && next.stmt.Case != cc.StatementCompound {
				a.sink.errorf(p.Pos, diag.CodeDirectivePlacement, "'%s' must be followed by an expression statement or, for 'capture', a compound statement", name)
				return nil
			}
		}
	}
	return scope
}

func isForLoop(s *cc.Statement) bool {
	if s.Case != cc.StatementIteration {
		return false
	}
	c := s.IterationStatement.Case
	return c == cc.IterationStatementFor || c == cc.IterationStatementForDecl
}

// firstSeq returns the token sequence number where it begins, which decides
// which declarations are visible there.
func firstSeq(it *item) int {
	var n cc.Node = it.decl
	if it.stmt != nil {
		n = it.stmt
	}
	if toks := cc.NodeTokens(n); len(toks) > 0 {
		return toks[0].Seq()
	}
	return 0
}
