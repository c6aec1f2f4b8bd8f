package ir

// The visitors of the IR's trees, after cmd/compile's ir.Visit, ir.Any,
// ir.DoChildren and ir.EditChildren: a walk asks the visitor that fits
// it instead of recursing by hand. Visit calls a function for every
// node; Any stops at the first node that answers a question;
// InspectNodes prunes (the function says whether to descend, as
// DoChildren's callers do by calling it or not); InspectWith also hands
// each node what the nodes around it decided (the levels the loops
// around it partition, the variables they privatise); EditChildren and
// EditList rewrite. InspectHost walks a kernels construct's host code.
//
// The children of a node are its Body: the nodes nested in a Stmt (a
// block, or a sequential loop around partitioned ones) or in a Loop.
// Every walk goes in order, depth first, a node before its children.
// Expressions have Inspect and AnyExpr; statement trees,
// InspectStatement.

// children returns the nodes nested in n.
func children(n Node) []Node {
	switch x := n.(type) {
	case *Stmt:
		return x.Body
	case *Loop:
		return x.Body
	}
	return nil
}

// Visit calls visit for each node of ns and each node nested in them.
func Visit(ns []Node, visit func(Node)) {
	for _, n := range ns {
		visit(n)
		Visit(children(n), visit)
	}
}

// Any reports whether cond holds for a node of ns or nested in them. It
// calls cond in Visit's order and stops at the first node for which it
// returns true.
func Any(ns []Node, cond func(Node) bool) bool {
	for _, n := range ns {
		if cond(n) || Any(children(n), cond) {
			return true
		}
	}
	return false
}

// InspectNodes calls fn for each node of ns and, where fn returns true,
// for the nodes nested in it: false prunes the node's children.
func InspectNodes(ns []Node, fn func(Node) bool) {
	for _, n := range ns {
		if fn(n) {
			InspectNodes(children(n), fn)
		}
	}
}

// InspectWith is InspectNodes carrying a value down the tree: fn gets
// each node with the value of its parent (c for the nodes of ns) and
// returns the value for the node's children and whether to visit them.
// A value fn derives from its argument must not share memory the
// argument's other users see (append to a full slice, copy a map).
func InspectWith[C any](ns []Node, c C, fn func(n Node, c C) (C, bool)) {
	for _, n := range ns {
		if inner, ok := fn(n, c); ok {
			InspectWith(children(n), inner, fn)
		}
	}
}

// EditChildren replaces the children of n by the results of edit on
// each, in a new list (EditList): a copy of n that still shares its
// Body with n may be edited without changing n.
func EditChildren(n Node, edit func(Node) Node) {
	switch x := n.(type) {
	case *Stmt:
		x.Body = EditList(x.Body, edit)
	case *Loop:
		x.Body = EditList(x.Body, edit)
	}
}

// EditList returns a new list of the results of edit on each node of
// ns, in order; nil for nil.
func EditList(ns []Node, edit func(Node) Node) []Node {
	if ns == nil {
		return nil
	}
	out := make([]Node, len(ns))
	for i, n := range ns {
		out[i] = edit(n)
	}
	return out
}

// InspectHost calls fn for each step of a kernels construct's host code
// ns and, where fn returns true, for the steps of a HostLoop's Body.
func InspectHost(ns []HostNode, fn func(HostNode) bool) {
	for _, n := range ns {
		if fn(n) {
			if hl, ok := n.(*HostLoop); ok {
				InspectHost(hl.Body, fn)
			}
		}
	}
}

// AnyExpr reports whether cond holds for e (nil: none) or one of its
// operands, at any depth. It calls cond in Inspect's order and stops at
// the first expression for which it returns true.
func AnyExpr(e Expr, cond func(Expr) bool) bool {
	if e == nil {
		return false
	}
	if cond(e) {
		return true
	}
	for _, c := range Children(e) {
		if AnyExpr(c, cond) {
			return true
		}
	}
	return false
}
