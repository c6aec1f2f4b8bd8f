package lower

import "modernc.org/cc/v4"

// A coverScan holds what covered learns of the function once, for every
// read readsAfter asks about: the nodes around the construct, the list
// of each block item, and for each block and variable d, the items
// before which a plain assignment "d = e;" stands with the construct not
// in between. Without it each read would rescan its blocks from their
// first item: reads times block length.
type coverScan struct {
	around map[cc.Node]bool // the nodes that hold the construct
	head   map[*cc.BlockItem]*cc.BlockItemList
	killed map[coverKey]map[*cc.BlockItem]bool
	// fromItem is covered's answer for the reads in an item.
	fromItem map[itemKey]bool
}

type itemKey struct {
	item *cc.BlockItem
	d    *cc.Declarator
}

type coverKey struct {
	list *cc.BlockItemList
	d    *cc.Declarator
}

func (rg *region) newCoverScan(parent map[cc.Node]cc.Node) *coverScan {
	cs := &coverScan{around: map[cc.Node]bool{}, head: map[*cc.BlockItem]*cc.BlockItemList{}, killed: map[coverKey]map[*cc.BlockItem]bool{},
		fromItem: map[itemKey]bool{}}
	for n := cc.Node(rg.p.Stmt); n != nil; n = parent[n] {
		cs.around[n] = true
	}
	return cs
}

// listOf returns the list of the block that holds item, nil if none.
func (cs *coverScan) listOf(item *cc.BlockItem, parent map[cc.Node]cc.Node) *cc.BlockItemList {
	if l, ok := cs.head[item]; ok {
		return l
	}
	var list *cc.BlockItemList
	for p := parent[item]; p != nil; p = parent[p] {
		if l, ok := p.(*cc.BlockItemList); ok {
			list = l
		}
		if _, ok := p.(*cc.CompoundStatement); ok {
			break
		}
	}
	if list == nil {
		cs.head[item] = nil
		return nil
	}
	for l := list; l != nil; l = l.BlockItemList {
		cs.head[l.BlockItem] = list
	}
	return list
}

// killedBefore reports whether, in list, an assignment "d = e;" before
// item kills d with the construct (which starts at start) not after it.
func (cs *coverScan) killedBefore(list *cc.BlockItemList, item *cc.BlockItem, d *cc.Declarator, start int) bool {
	k := coverKey{list, d}
	m, ok := cs.killed[k]
	if !ok {
		m = map[*cc.BlockItem]bool{}
		killed := false
		pos := list.BlockItem.Position().Offset
		for l := list; l != nil; l = l.BlockItemList {
			bi := l.BlockItem
			m[bi] = killed
			if l.BlockItemList == nil {
				break
			}
			next := l.BlockItemList.BlockItem.Position().Offset
			if pos <= start && start < next {
				killed = false // the construct is in this item, after any assignment before it
			}
			if kills(bi, d) {
				killed = true
			}
			pos = next
		}
		cs.killed[k] = m
	}
	return m[item]
}

// funcReads is what readsAfter reads of a function's syntax tree, the
// same for every construct of the function: one walk of the function
// answers them all, where a walk per construct (and per variable asked
// about) made the time of a function the product of its size and its
// constructs.
type funcReads struct {
	fn     *cc.FunctionDefinition
	parent map[cc.Node]cc.Node // made when a read needs it (parents)
	labels bool                // a labeled statement (goto target)
	// idents are the identifier expressions naming each variable, in
	// source order; writes those that plain assignments store to.
	idents map[*cc.Declarator][]*cc.PrimaryExpression
	writes map[*cc.PrimaryExpression]bool
}

// funcReadsOf returns fn's funcReads (fn nil: file scope, nothing).
func (b *builder) funcReadsOf(fn *cc.FunctionDefinition) *funcReads {
	if fr := b.reads[fn]; fr != nil {
		return fr
	}
	fr := &funcReads{fn: fn, idents: map[*cc.Declarator][]*cc.PrimaryExpression{},
		writes: map[*cc.PrimaryExpression]bool{}}
	if fn != nil {
		walk(fn, func(n cc.Node) bool {
			switch x := n.(type) {
			case *cc.LabeledStatement:
				fr.labels = fr.labels || x.Case == cc.LabeledStatementLabel
			case *cc.AssignmentExpression:
				if x.Case == cc.AssignmentExpressionAssign {
					if id := rootIdent(x.UnaryExpression); id != nil && declOf(id) != nil {
						fr.writes[id] = true
					}
				}
			case *cc.PrimaryExpression:
				if x.Case == cc.PrimaryExpressionIdent {
					if d := declOf(x); d != nil {
						fr.idents[d] = append(fr.idents[d], x)
					}
				}
			}
			return true
		})
	}
	if b.reads == nil {
		b.reads = map[*cc.FunctionDefinition]*funcReads{}
	}
	b.reads[fn] = fr
	return fr
}

// parents returns the parent of each node of the function, made on first
// use: most constructs ask about no read outside themselves.
func (fr *funcReads) parents() map[cc.Node]cc.Node {
	if fr.parent == nil {
		fr.parent = map[cc.Node]cc.Node{}
		walk(fr.fn, func(n cc.Node) bool {
			children(n, func(c cc.Node) { fr.parent[c] = n })
			return true
		})
	}
	return fr.parent
}
