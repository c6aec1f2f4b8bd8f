package lower

import (
	"reflect"
	"strings"
	"sync"

	"modernc.org/cc/v4"
)

// This file gives the byte ranges of statements in the main file with
// work linear in the size of the translation unit: cc.NodeTokens walks a
// subtree by reflection and sorts its tokens, so asking it for every loop
// of a nest, every store of a function and the function body at each
// directive costs the product of depth and size (a 1,000-deep nest: the
// whole nest per loop). spanCache computes each node's end once, from its
// own tokens and its children's ends, and keeps it.

// spanCache memoizes the end of each node's text in one file: the end of
// its last token whose text is the file's text at its position
// (stmtRange's rule), or -1 when it has none.
type spanCache struct {
	file string
	src  []byte
	ends map[cc.Node]int
	// seqs makes the cache answer the greatest sequence number of a
	// node's tokens (the last of cc.NodeTokens) instead of an end.
	seqs bool
}

// stmtRange returns the byte range of s in the unit's main file: its
// first token to just past its last. Tokens that a macro expansion made
// carry the position of the macro's name with text of their own
// (openacc.h's acc_copyout(...) expands to a call with __FILE__'s path):
// only tokens whose text is the file's text at their position count.
func (b *builder) stmtRange(s cc.Node) (start, end int) {
	if b.spans == nil {
		b.spans = &spanCache{file: b.u.File, src: b.prog.Src, ends: map[cc.Node]int{}}
	}
	start = s.Position().Offset
	return start, max(start, b.spans.end(s))
}

// end returns the end of n's text, or -1. It visits what cc.NodeTokens
// visits: the exported fields whose names begin with Token, holding
// tokens, and the other exported fields that hold nodes.
func (c *spanCache) end(n cc.Node) int {
	if e, ok := c.ends[n]; ok {
		return e
	}
	if l, ok := n.(*cc.BlockItemList); ok && l != nil {
		return c.listEnd(l)
	}
	v := reflect.ValueOf(n)
	ptr := v.Kind() == reflect.Pointer
	if ptr {
		if v.IsNil() {
			return -1
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return -1
	}
	if t, ok := n.(cc.Token); ok {
		return c.tokenEnd(&t)
	}
	if !ptr { // a node held by value: its fields need an address
		a := reflect.New(v.Type()).Elem()
		a.Set(v)
		v = a
	}
	e := -1
	if !v.IsZero() {
		for _, f := range nodeFieldsOf(v.Type()) {
			fv := v.Field(f.index)
			if f.token {
				e = max(e, c.tokenEnd(fv.Addr().Interface().(*cc.Token)))
			} else if m, ok := fv.Interface().(cc.Node); ok {
				e = max(e, c.end(m))
			}
		}
	}
	if ptr {
		c.ends[n] = e
	}
	return e
}

// listEnd is end for a block's chain of items, in a loop from its last
// item rather than a recursion as deep as the block is long (walk).
func (c *spanCache) listEnd(l *cc.BlockItemList) int {
	var chain []*cc.BlockItemList
	for ; l != nil; l = l.BlockItemList {
		if _, done := c.ends[l]; done {
			break
		}
		chain = append(chain, l)
	}
	e := -1
	if l != nil {
		e = c.ends[l]
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if it := chain[i].BlockItem; it != nil {
			e = max(e, c.end(it))
		}
		c.ends[chain[i]] = e
	}
	return c.ends[chain[0]]
}

// tokenEnd is the end of t's text when it is the file's text at t's
// position, else -1.
func (c *spanCache) tokenEnd(t *cc.Token) int {
	if t.Seq() == 0 {
		return -1
	}
	if c.seqs {
		return t.Seq()
	}
	pos := t.Position()
	if pos.Filename != c.file {
		return -1
	}
	text := t.Src()
	e := pos.Offset + len(text)
	if pos.Offset < 0 || e > len(c.src) || string(c.src[pos.Offset:e]) != string(text) {
		return -1
	}
	return e
}

// A nodeField is a field of an AST node's struct type that
// cc.NodeTokens visits.
type nodeField struct {
	index int
	token bool // a Token* field; else a field that may hold a node
}

var (
	nodeFieldsMu sync.Mutex
	nodeFields   = map[reflect.Type][]nodeField{}
	nodeType     = reflect.TypeFor[cc.Node]()
	tokenType    = reflect.TypeFor[cc.Token]()
)

// nodeFieldsOf returns the fields of struct type t that cc.NodeTokens
// visits, once per type.
func nodeFieldsOf(t reflect.Type) []nodeField {
	nodeFieldsMu.Lock()
	defer nodeFieldsMu.Unlock()
	if fs, ok := nodeFields[t]; ok {
		return fs
	}
	var fs []nodeField
	for i := range t.NumField() {
		f := t.Field(i)
		switch {
		case !f.IsExported():
		case strings.HasPrefix(f.Name, "Token"):
			if f.Type == tokenType {
				fs = append(fs, nodeField{index: i, token: true})
			}
		case f.Type.Kind() == reflect.Interface || f.Type.Implements(nodeType):
			fs = append(fs, nodeField{index: i})
		}
	}
	nodeFields[t] = fs
	return fs
}
