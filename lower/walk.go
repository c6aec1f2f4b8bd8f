package lower

import (
	"strings"

	"github.com/accc-compiler/accc/ir"
	"modernc.org/cc/v4"
)

// walk calls fn for n and, while fn returns true, for the nodes under it
// in source order (children). Tokens are not visited. A block's list of
// items, which cc/v4 chains (each list node holds an item and the rest
// of the list), is followed in a loop: recursion as deep as a block is
// long costs a stack of that depth (100,000 statements: hundreds of
// megabytes to grow, copy and scan).
func walk(n cc.Node, fn func(cc.Node) bool) {
	for n != nil && fn(n) {
		l, ok := n.(*cc.BlockItemList)
		if !ok || l == nil {
			children(n, func(c cc.Node) { walk(c, fn) })
			return
		}
		if l.BlockItem != nil {
			walk(l.BlockItem, fn)
		}
		if l.BlockItemList == nil {
			return
		}
		n = l.BlockItemList
	}
}

// declOf returns the declarator an identifier expression refers to, or
// nil (enumeration constants, functions without declarators, builtins).
func declOf(pe *cc.PrimaryExpression) *cc.Declarator {
	switch x := pe.ResolvedTo().(type) {
	case *cc.Declarator:
		return x
	case *cc.Parameter:
		return x.Declarator
	}
	return nil
}

// printer turns cc/v4 subtrees into Code: the tokens as the preprocessor
// produced them (macros expanded), with their white space, references to
// region variables as Var pieces, and identifiers that C++ reserves as
// Ident pieces, which the .acc.cu renames (ir.CXXName).
type printer struct {
	refs map[int]*ir.Var // token sequence number → the variable it names
	// subst replaces tokens whose meaning kernel code cannot see by name:
	// enumeration constants by their values, type names declared in the
	// enclosing function by their file-scope names; and keeps names that
	// are not the program's own (a typedef of a system header, wchar_t)
	// as they are.
	subst map[int]string
}

// code prints n. The first token's leading white space is dropped.
func (p *printer) code(n cc.Node) ir.Code {
	return p.tokens(cc.NodeTokens(n))
}

func (p *printer) tokens(toks []cc.Token) ir.Code {
	var c ir.Code
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			c = append(c, ir.Piece{Text: b.String()})
			b.Reset()
		}
	}
	for i := range toks {
		t := &toks[i]
		if i > 0 {
			b.WriteString(separator(t.Sep()))
		}
		if v := p.refs[t.Seq()]; v != nil {
			flush()
			c = append(c, ir.Piece{Var: v})
			continue
		}
		if s, ok := p.subst[t.Seq()]; ok {
			b.WriteString(s)
			continue
		}
		if (t.Ch == rune(cc.IDENTIFIER) || t.Ch == rune(cc.TYPENAME)) && ir.CXXReserved(t.SrcStr()) {
			flush()
			c = append(c, ir.Piece{Text: t.SrcStr(), Ident: true})
			continue
		}
		b.Write(t.Src())
	}
	flush()
	return c
}

// separator keeps the line structure of the white space between two
// tokens and drops the rest: comments and line continuations become a
// space, so that no '#' or '\' ends up where it means something else.
func separator(sep []byte) string {
	if len(sep) == 0 {
		return ""
	}
	s := string(sep)
	if !strings.ContainsAny(s, "/\\#") {
		return s
	}
	if strings.Contains(s, "\n") {
		return "\n" + s[strings.LastIndexByte(s, '\n')+1:]
	}
	return " "
}
