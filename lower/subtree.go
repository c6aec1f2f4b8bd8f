package lower

import "modernc.org/cc/v4"

// This file answers, for the loops of a region, what lowering asks of
// each loop's body (does a goto in it leave it, does it assign its control
// variables) with work linear in the region's size: walking each body
// costs the product of depth and size (a 1,000-deep nest: the whole nest
// per loop). A subtreeIndex numbers the region's nodes once, in walk's
// order, each with the number past its last descendant, so that "is this
// node in that body" is two comparisons, and lists the nodes the
// questions are about: the gotos, the labels, and the nodes that assign
// a variable (as assigns reads them).
type subtreeIndex struct {
	span map[cc.Node][2]int // node → its number, and past its descendants'
	next int
	// gotos are the goto statements (computed ones too), labels the
	// label names with the numbers of their statements.
	gotos  []*cc.JumpStatement
	labels map[string][]int
	// stores are, per declarator, the numbers of the nodes that assign
	// it or take its address (assigns' hits).
	stores map[*cc.Declarator][]int
}

// subtrees returns the region's index, built on first use over the
// region's statement (a routine's: its definition).
func (rg *region) subtrees() *subtreeIndex {
	if rg.subtree == nil {
		var root cc.Node = rg.p.Stmt
		if rg.fn != nil {
			root = rg.fn
		}
		rg.subtree = newSubtreeIndex(root)
	}
	return rg.subtree
}

// newSubtreeIndex numbers root and the nodes under it.
func newSubtreeIndex(root cc.Node) *subtreeIndex {
	t := &subtreeIndex{span: map[cc.Node][2]int{}, labels: map[string][]int{}, stores: map[*cc.Declarator][]int{}}
	t.add(root)
	return t
}

// add numbers n and the nodes under it, in walk's order; a block's chain
// of items in a loop, as walk follows it.
func (t *subtreeIndex) add(n cc.Node) {
	if n == nil {
		return
	}
	if l, ok := n.(*cc.BlockItemList); ok {
		if l == nil {
			return
		}
		var chain []*cc.BlockItemList
		for ; l != nil; l = l.BlockItemList {
			chain = append(chain, l)
			t.enter(l)
			t.add(l.BlockItem)
		}
		for _, l := range chain {
			t.span[l] = [2]int{t.span[l][0], t.next}
		}
		return
	}
	at := t.enter(n)
	children(n, t.add)
	t.span[n] = [2]int{at, t.next}
}

// enter numbers n and notes what it is.
func (t *subtreeIndex) enter(n cc.Node) int {
	at := t.next
	t.next++
	t.span[n] = [2]int{at, at + 1}
	switch x := n.(type) {
	case *cc.JumpStatement:
		if x.Case == cc.JumpStatementGoto || x.Case == cc.JumpStatementGotoExpr {
			t.gotos = append(t.gotos, x)
		}
	case *cc.LabeledStatement:
		if x.Case == cc.LabeledStatementLabel {
			name := x.Token.SrcStr()
			t.labels[name] = append(t.labels[name], at)
		}
	}
	assigned(n, func(e cc.Node) {
		if id := rootIdent(e); id != nil {
			if d := declOf(id); d != nil {
				t.stores[d] = append(t.stores[d], at)
			}
		}
	})
	return at
}

// assigned calls hit with the operand n assigns or takes the address of,
// if n is such an expression.
func assigned(n cc.Node, hit func(cc.Node)) {
	switch x := n.(type) {
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			hit(x.UnaryExpression)
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
			hit(x.PostfixExpression)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			hit(x.UnaryExpression)
		case cc.UnaryExpressionAddrof:
			hit(x.CastExpression)
		}
	}
}

// in reports whether the node numbered at is n or under it.
func in(at int, n [2]int) bool { return n[0] <= at && at < n[1] }

// gotosLeave is gotosLeave(n) for a node of the region.
func (rg *region) gotosLeave(n cc.Node) bool {
	if leaves, ok := rg.subtrees().gotosLeave(n); ok {
		return leaves
	}
	return gotosLeave(n)
}

// assigns is assigns(n, ds) for a node of the region.
func (rg *region) assigns(n cc.Node, ds map[*cc.Declarator]bool) bool {
	if found, ok := rg.subtrees().assigns(n, ds); ok {
		return found
	}
	return assigns(n, ds)
}

// gotosLeave is gotosLeave(n); ok is false when n is not in the index.
func (t *subtreeIndex) gotosLeave(n cc.Node) (leaves, ok bool) {
	span, ok := t.span[n]
	if !ok {
		return false, false
	}
	for _, js := range t.gotos {
		if !in(t.span[js][0], span) {
			continue
		}
		if js.Case == cc.JumpStatementGotoExpr {
			return true, true
		}
		inside := false
		for _, at := range t.labels[js.Token2.SrcStr()] {
			inside = inside || in(at, span)
		}
		if !inside {
			return true, true
		}
	}
	return false, true
}

// assigns is assigns(n, ds); ok is false when n is not in the index.
func (t *subtreeIndex) assigns(n cc.Node, ds map[*cc.Declarator]bool) (found, ok bool) {
	span, ok := t.span[n]
	if !ok {
		return false, false
	}
	for d := range ds {
		for _, at := range t.stores[d] {
			if in(at, span) {
				return true, true
			}
		}
	}
	return false, true
}
