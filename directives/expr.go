package directives

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accc-compiler/accc/internal/diag"
)

// An Expr is a C expression in a clause argument. The set of node types is
// closed: Ident, Lit, Unary, Postfix, Binary, Cond, Call, Member, Index,
// Section, Cast, SizeofType, Paren and Star. Every node keeps the position
// of its first token.
type Expr interface {
	Pos() diag.Pos
	exprNode()
}

// LitKind classifies literals.
type LitKind uint8

const (
	LitInt LitKind = iota
	LitFloat
	LitChar
	LitString
)

type (
	// Ident is an identifier.
	Ident struct {
		NamePos diag.Pos
		Name    string
	}
	// Lit is a literal, spelled as in the source ("0x1fUL", "1e-3f", "'a'").
	Lit struct {
		ValuePos diag.Pos
		Kind     LitKind
		Value    string
	}
	// Unary is a prefix operator: + - ! ~ * & ++ -- sizeof.
	Unary struct {
		OpPos diag.Pos
		Op    string
		X     Expr
	}
	// Postfix is x++ or x--.
	Postfix struct {
		X  Expr
		Op string
	}
	// Binary is x op y for the C binary operators other than assignment
	// and comma.
	Binary struct {
		X     Expr
		OpPos diag.Pos
		Op    string
		Y     Expr
	}
	// Cond is c ? t : f.
	Cond struct {
		C, T, F Expr
	}
	// Call is fun(args).
	Call struct {
		Fun  Expr
		Args []Expr
	}
	// Member is x.name or x->name.
	Member struct {
		X       Expr
		Arrow   bool
		NamePos diag.Pos
		Name    string
	}
	// Index is x[i].
	Index struct {
		X      Expr
		Lbrack diag.Pos
		Index  Expr
	}
	// Section is one dimension of an array section x[lo:len] (OpenACC 3.4
	// §2.7.1); Lo or Len is nil when omitted. a[0:n][2:m] is a Section
	// whose X is a Section; a section may also follow index dimensions.
	Section struct {
		X      Expr
		Lbrack diag.Pos
		Lo     Expr
		Len    Expr
	}
	// Cast is (type)x.
	Cast struct {
		Lparen diag.Pos
		Type   *TypeName
		X      Expr
	}
	// SizeofType is sizeof(type).
	SizeofType struct {
		OpPos diag.Pos
		Type  *TypeName
	}
	// Paren is (x).
	Paren struct {
		Lparen diag.Pos
		X      Expr
	}
	// Star is '*' where a size expression may be "compiler's choice":
	// tile(*), gang(static:*).
	Star struct {
		StarPos diag.Pos
	}
)

// TypeName is a type in a cast or sizeof: specifier words ("unsigned",
// "long", "struct s", or a typedef name accepted by Options.TypeName)
// followed by Ptr levels of '*'.
type TypeName struct {
	NamePos diag.Pos
	Words   []string
	Ptr     int
}

func (x *Ident) Pos() diag.Pos      { return x.NamePos }
func (x *Lit) Pos() diag.Pos        { return x.ValuePos }
func (x *Unary) Pos() diag.Pos      { return x.OpPos }
func (x *Postfix) Pos() diag.Pos    { return x.X.Pos() }
func (x *Binary) Pos() diag.Pos     { return x.X.Pos() }
func (x *Cond) Pos() diag.Pos       { return x.C.Pos() }
func (x *Call) Pos() diag.Pos       { return x.Fun.Pos() }
func (x *Member) Pos() diag.Pos     { return x.X.Pos() }
func (x *Index) Pos() diag.Pos      { return x.X.Pos() }
func (x *Section) Pos() diag.Pos    { return x.X.Pos() }
func (x *Cast) Pos() diag.Pos       { return x.Lparen }
func (x *SizeofType) Pos() diag.Pos { return x.OpPos }
func (x *Paren) Pos() diag.Pos      { return x.Lparen }
func (x *Star) Pos() diag.Pos       { return x.StarPos }

func (*Ident) exprNode()      {}
func (*Lit) exprNode()        {}
func (*Unary) exprNode()      {}
func (*Postfix) exprNode()    {}
func (*Binary) exprNode()     {}
func (*Cond) exprNode()       {}
func (*Call) exprNode()       {}
func (*Member) exprNode()     {}
func (*Index) exprNode()      {}
func (*Section) exprNode()    {}
func (*Cast) exprNode()       {}
func (*SizeofType) exprNode() {}
func (*Paren) exprNode()      {}
func (*Star) exprNode()       {}

// binaryPrec gives the C precedence of the binary operators (higher binds
// tighter); assignment and comma are not clause-expression operators.
var binaryPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5,
	"==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
	"<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

// typeWords are the keywords that may start a type name in a cast.
var typeWords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "signed": true, "unsigned": true, "_Bool": true, "_Complex": true,
	"const": true, "volatile": true, "restrict": true, "struct": true, "union": true, "enum": true,
}

// cKeywords may not be used as identifiers in expressions.
var cKeywords = map[string]bool{
	"auto": true, "break": true, "case": true, "continue": true, "default": true, "do": true,
	"else": true, "extern": true, "for": true, "goto": true, "if": true, "inline": true,
	"register": true, "return": true, "static": true, "switch": true, "typedef": true, "while": true,
	"sizeof": true, "_Alignof": true, "_Generic": true, "_Static_assert": true,
}

// syntaxError is raised (by panic) inside the expression parser and
// recovered at the clause boundary, so one bad argument costs one message.
type syntaxError struct {
	pos diag.Pos
	msg string
}

// exprParser parses the tokens of one clause argument.
type exprParser struct {
	cursor // its end is where a missing token would be: the closing ')'
	isType func(string) bool
}

func (p *exprParser) fail(pos diag.Pos, format string, args ...any) {
	panic(syntaxError{pos, fmt.Sprintf(format, args...)})
}

func (p *exprParser) next() Token {
	t := p.toks[p.i]
	p.i++
	return t
}

func (p *exprParser) got(s string) bool {
	if p.peek() == s && !p.atEnd() {
		p.i++
		return true
	}
	return false
}

// describe names the next token for messages.
func (p *exprParser) describe() string {
	if p.atEnd() {
		return "end of argument"
	}
	return "'" + p.peek() + "'"
}

func (p *exprParser) expect(s, context string) Token {
	if p.peek() != s || p.atEnd() {
		p.fail(p.pos(), "expected '%s' %s", s, context)
	}
	return p.next()
}

// expr parses a conditional-expression (C11 §6.5.15): any C expression
// without assignment or comma operators.
func (p *exprParser) expr() Expr {
	c := p.binary(1)
	if !p.got("?") {
		return c
	}
	t := p.expr()
	p.expect(":", "in conditional expression")
	f := p.expr()
	return &Cond{C: c, T: t, F: f}
}

func (p *exprParser) binary(min int) Expr {
	x := p.unary()
	for {
		op := p.peek()
		prec, ok := binaryPrec[op]
		if !ok || prec < min || p.atEnd() {
			return x
		}
		t := p.next()
		y := p.binary(prec + 1)
		x = &Binary{X: x, OpPos: t.Pos, Op: op, Y: y}
	}
}

func (p *exprParser) unary() Expr {
	switch p.peek() {
	case "+", "-", "!", "~", "*", "&", "++", "--":
		t := p.next()
		return &Unary{OpPos: t.Pos, Op: t.Text, X: p.unary()}
	case "sizeof":
		t := p.next()
		if p.peek() == "(" && p.isTypeStart(p.peekAt(1)) {
			p.next()
			tn := p.typeName()
			p.expect(")", "after type name")
			return &SizeofType{OpPos: t.Pos, Type: tn}
		}
		return &Unary{OpPos: t.Pos, Op: "sizeof", X: p.unary()}
	case "(":
		if p.isTypeStart(p.peekAt(1)) {
			lp := p.next()
			tn := p.typeName()
			p.expect(")", "after type name")
			if p.peek() == "{" {
				p.fail(p.pos(), "compound literals are not allowed in clause arguments")
			}
			return &Cast{Lparen: lp.Pos, Type: tn, X: p.unary()}
		}
	}
	return p.postfix(p.primary(), false)
}

func (p *exprParser) isTypeStart(s string) bool {
	return typeWords[s] || p.isType != nil && isIdent(s) && !cKeywords[s] && p.isType(s)
}

func (p *exprParser) typeName() *TypeName {
	tn := &TypeName{NamePos: p.pos()}
	for p.isTypeStart(p.peek()) {
		w := p.next().Text
		if w == "struct" || w == "union" || w == "enum" {
			if !isIdent(p.peek()) {
				p.fail(p.pos(), "expected tag name after '%s'", w)
			}
			w += " " + p.next().Text
		}
		tn.Words = append(tn.Words, w)
	}
	for p.got("*") {
		tn.Ptr++
		for p.peek() == "const" || p.peek() == "volatile" || p.peek() == "restrict" {
			p.next()
		}
	}
	return tn
}

// primary parses identifiers, literals and parenthesised expressions.
func (p *exprParser) primary() Expr {
	if p.atEnd() {
		p.fail(p.end, "expected expression")
	}
	t := p.toks[p.i]
	switch c := t.Text[0]; {
	case t.Text == "(":
		p.next()
		x := p.expr()
		p.expect(")", "after expression")
		return &Paren{Lparen: t.Pos, X: x}
	case isDigit(c) || c == '.' && len(t.Text) > 1:
		p.next()
		return &Lit{ValuePos: t.Pos, Kind: numberKind(t.Text), Value: t.Text}
	case isQuoted(t.Text):
		p.next()
		kind := LitChar
		if t.Text[len(t.Text)-1] == '"' {
			kind = LitString
		}
		return &Lit{ValuePos: t.Pos, Kind: kind, Value: t.Text}
	case isIdentStart(c):
		if cKeywords[t.Text] || typeWords[t.Text] {
			p.fail(t.Pos, "unexpected keyword '%s' in expression", t.Text)
		}
		p.next()
		return &Ident{NamePos: t.Pos, Name: t.Text}
	}
	p.fail(t.Pos, "expected expression, found '%s'", t.Text)
	return nil
}

// postfix parses calls, subscripts, member accesses and x++/x--; with
// sections set, a subscript may be an array section [lo:len].
func (p *exprParser) postfix(x Expr, sections bool) Expr {
	for {
		switch p.peek() {
		case "(":
			if p.atEnd() {
				return x
			}
			p.next()
			call := &Call{Fun: x}
			if !p.got(")") {
				for {
					call.Args = append(call.Args, p.expr())
					if p.got(")") {
						break
					}
					p.expect(",", "or ')' in argument list")
				}
			}
			x = call
		case "[":
			if p.atEnd() {
				return x
			}
			lb := p.next()
			var lo Expr
			if p.peek() != ":" || !sections {
				lo = p.expr()
			}
			if sections && p.got(":") {
				s := &Section{X: x, Lbrack: lb.Pos, Lo: lo}
				if p.peek() != "]" {
					s.Len = p.expr()
				}
				p.expect("]", "after array section")
				x = s
				continue
			}
			if p.peek() == ":" {
				p.fail(p.pos(), "array sections are only allowed in variable lists")
			}
			p.expect("]", "after subscript")
			x = &Index{X: x, Lbrack: lb.Pos, Index: lo}
		case ".", "->":
			if p.atEnd() {
				return x
			}
			op := p.next()
			if !isIdent(p.peek()) || p.atEnd() {
				p.fail(p.pos(), "expected member name after '%s'", op.Text)
			}
			n := p.next()
			x = &Member{X: x, Arrow: op.Text == "->", NamePos: n.Pos, Name: n.Text}
		case "++", "--":
			if p.atEnd() {
				return x
			}
			x = &Postfix{X: x, Op: p.next().Text}
		default:
			return x
		}
	}
}

// varItem parses one variable-list entry: a name followed by subscripts,
// sections and member accesses (OpenACC 3.4 §2.7.1).
func (p *exprParser) varItem() Expr {
	if !isIdent(p.peek()) || p.atEnd() || cKeywords[p.peek()] || typeWords[p.peek()] {
		p.fail(p.pos(), "expected variable name, found %s", p.describe())
	}
	t := p.next()
	return p.postfix(&Ident{NamePos: t.Pos, Name: t.Text}, true)
}

func isIdent(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

// numberKind tells integer from floating pp-numbers (C11 §6.4.4.1–2).
func numberKind(s string) LitKind {
	hex := strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X")
	if strings.ContainsAny(s, ".") || hex && strings.ContainsAny(s, "pP") || !hex && strings.ContainsAny(s, "eE") {
		return LitFloat
	}
	return LitInt
}

// intValue returns the value of an integer literal, or false if it is
// malformed or too large.
func intValue(s string) (uint64, bool) {
	t := strings.TrimRight(s, "uUlL")
	if len(s)-len(t) > 3 {
		return 0, false
	}
	base := 10
	switch {
	case strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X"):
		base, t = 16, t[2:]
	case strings.HasPrefix(t, "0b") || strings.HasPrefix(t, "0B"):
		base, t = 2, t[2:]
	case len(t) > 1 && t[0] == '0':
		base, t = 8, t[1:]
	}
	v, err := strconv.ParseUint(t, base, 64)
	return v, err == nil
}

// isQuoted reports whether s is a character or string literal token.
func isQuoted(s string) bool {
	q := strings.IndexAny(s, `'"`)
	return q >= 0 && (q == 0 || isLiteralPrefix(s[:q])) && len(s) > q+1 && s[len(s)-1] == s[q]
}
