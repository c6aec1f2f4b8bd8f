package directives

import (
	"strings"
)

// String prints d in canonical form: the directive name, its argument, and
// its clauses separated by single spaces, aliases resolved and legacy
// directives translated ("kernels copy(a[0:n+1]) create(b[0:n])"). The
// text does not include "acc".
func (d *Directive) String() string {
	var b strings.Builder
	b.WriteString(d.Kind.String())
	switch d.Kind {
	case DirAtomic:
		b.WriteString(" " + d.Atomic.String())
	case DirRoutine:
		if d.Name != nil {
			b.WriteString("(" + d.Name.Name + ")")
		}
	case DirWait:
		if d.Wait != nil {
			b.WriteString("(" + d.Wait.String() + ")")
		}
	case DirCache:
		b.WriteString("(")
		if d.Readonly {
			b.WriteString("readonly:")
		}
		b.WriteString(exprList(d.Cache) + ")")
	}
	for _, c := range d.Clauses {
		b.WriteString(" " + c.String())
	}
	return b.String()
}

// String prints c in canonical form.
func (c *Clause) String() string {
	name := c.Kind.String()
	switch c.Kind {
	case ClauseDefault:
		return name + "(" + c.Default.String() + ")"
	case ClauseDeviceType:
		return name + "(" + strings.Join(c.DeviceTypes, ", ") + ")"
	case ClauseReduction:
		return name + "(" + string(c.Op) + ":" + exprList(c.Vars) + ")"
	case ClauseWait:
		if c.Wait != nil {
			return name + "(" + c.Wait.String() + ")"
		}
		return name
	case ClauseGang:
		if len(c.Gang) == 0 {
			return name
		}
		args := make([]string, len(c.Gang))
		for i, g := range c.Gang {
			args[i] = gangArgNames[g.Kind] + ":" + ExprString(g.X)
		}
		return name + "(" + strings.Join(args, ", ") + ")"
	case ClauseCollapse:
		if c.Force {
			return name + "(force:" + exprList(c.Args) + ")"
		}
	}
	switch {
	case c.Vars != nil:
		mods := ""
		if c.Mods != 0 {
			mods = c.Mods.String() + ":"
		}
		return name + "(" + mods + exprList(c.Vars) + ")"
	case c.Args != nil:
		return name + "(" + exprList(c.Args) + ")"
	}
	return name
}

// String prints a wait argument: "devnum:1:queues:2, 3".
func (w *WaitArg) String() string {
	s := ""
	if w.DevNum != nil {
		s = "devnum:" + ExprString(w.DevNum) + ":"
	}
	if w.Queues {
		s += "queues:"
	}
	return s + exprList(w.List)
}

func exprList(xs []Expr) string {
	ss := make([]string, len(xs))
	for i, x := range xs {
		ss[i] = ExprString(x)
	}
	return strings.Join(ss, ", ")
}

// Precedence levels for printing.
const (
	precCond    = 0
	precUnary   = 11
	precPostfix = 12
	precPrimary = 13
)

func prec(x Expr) int {
	switch x := x.(type) {
	case *Cond:
		return precCond
	case *Binary:
		return binaryPrec[x.Op]
	case *Unary, *Cast, *SizeofType:
		return precUnary
	case *Postfix, *Call, *Member, *Index, *Section:
		return precPostfix
	}
	return precPrimary
}

// ExprString prints x as C, without spaces around binary operators except
// where tokens would merge, and with parentheses where precedence needs
// them (parentheses written by the user are kept as Paren nodes).
func ExprString(x Expr) string { return exprAt(x, precCond) }

func exprAt(x Expr, min int) string {
	s := expr1(x)
	if prec(x) < min {
		return "(" + s + ")"
	}
	return s
}

func expr1(x Expr) string {
	switch x := x.(type) {
	case nil:
		return ""
	case *Ident:
		return x.Name
	case *Lit:
		return x.Value
	case *Star:
		return "*"
	case *Paren:
		return "(" + ExprString(x.X) + ")"
	case *Unary:
		s := exprAt(x.X, precUnary)
		if x.Op == "sizeof" {
			if strings.HasPrefix(s, "(") {
				return "sizeof" + s
			}
			return "sizeof " + s
		}
		return joinOp(x.Op, s)
	case *Postfix:
		return exprAt(x.X, precPostfix) + x.Op
	case *Binary:
		p := binaryPrec[x.Op]
		l := exprAt(x.X, p)
		r := exprAt(x.Y, p+1)
		return joinOp(joinOp(l, x.Op), r)
	case *Cond:
		return exprAt(x.C, 1) + " ? " + ExprString(x.T) + " : " + exprAt(x.F, precCond)
	case *Call:
		return exprAt(x.Fun, precPostfix) + "(" + exprList(x.Args) + ")"
	case *Member:
		op := "."
		if x.Arrow {
			op = "->"
		}
		return exprAt(x.X, precPostfix) + op + x.Name
	case *Index:
		return exprAt(x.X, precPostfix) + "[" + ExprString(x.Index) + "]"
	case *Section:
		return exprAt(x.X, precPostfix) + "[" + ExprString(x.Lo) + ":" + ExprString(x.Len) + "]"
	case *Cast:
		return "(" + x.Type.String() + ")" + exprAt(x.X, precUnary)
	case *SizeofType:
		return "sizeof(" + x.Type.String() + ")"
	}
	return "?"
}

// joinOp appends s to a text ending in an operator, with a space where
// the two would scan as other tokens ("a- -b", "a+ ++b", "a/ *p").
func joinOp(left, s string) string {
	if left == "" || s == "" {
		return left + s
	}
	l, r := left[len(left)-1], s[0]
	if (l == r && (l == '+' || l == '-' || l == '&' || l == '|' || l == '<' || l == '>')) || l == '/' && r == '*' ||
		(r == '+' || r == '-') && endsInExponentMark(left) {
		return left + " " + s
	}
	return left + s
}

// endsInExponentMark reports whether s ends with a pp-number whose last
// character is e, E, p or P: a sign after it would be scanned as part of the
// number (C11 §6.4.8), so "0E - x" must not print as "0E-x".
func endsInExponentMark(s string) bool {
	i := len(s)
	for i > 0 && (isIdentChar(s[i-1]) || s[i-1] == '.') {
		i--
	}
	word := s[i:]
	if word == "" || !(word[0] >= '0' && word[0] <= '9' || word[0] == '.' && len(word) > 1 && word[1] >= '0' && word[1] <= '9') {
		return false
	}
	switch word[len(word)-1] {
	case 'e', 'E', 'p', 'P':
		return true
	}
	return false
}

// String prints the type name: "unsigned long", "double *".
func (t *TypeName) String() string {
	s := strings.Join(t.Words, " ")
	if t.Ptr > 0 {
		s += " " + strings.Repeat("*", t.Ptr)
	}
	return s
}
