package frontend

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/ir"
)

// lookupScope implements directives.Scope over a cc/v4 lexical scope at one
// point of the program: only declarations visible at token sequence number
// seq are found, as C's scoping rules require.
type lookupScope struct {
	scope *cc.Scope
	seq   int
	ast   *cc.AST
	types typeCache
}

// Lookup implements directives.Scope.
func (s *lookupScope) Lookup(name string) (*directives.Symbol, bool) {
	for sc := s.scope; sc != nil; sc = sc.Parent {
		var found cc.Node
		for _, n := range sc.Nodes[name] {
			switch x := n.(type) {
			case *cc.Declarator:
				if x.Visible() <= s.seq && (found == nil || !x.Type().IsIncomplete()) {
					found = x
				}
			case *cc.Enumerator:
				if x.Visible() <= s.seq {
					found = x
				}
			case *cc.Parameter:
				if x.Visible() <= s.seq && x.Declarator != nil {
					found = x.Declarator
				}
			}
		}
		if found != nil {
			return s.symbol(name, found, sc.Parent == nil), true
		}
	}
	return nil, false
}

func (s *lookupScope) symbol(name string, n cc.Node, fileScope bool) *directives.Symbol {
	sym := &directives.Symbol{Name: name, Pos: ccPos(n.Position())}
	switch x := n.(type) {
	case *cc.Enumerator:
		sym.Kind = directives.SymEnumConst
		sym.Type = s.types.convert(x.Type())
		if v, ok := x.Value().(cc.Int64Value); ok {
			sym.Value = int64(v)
		} else if v, ok := x.Value().(cc.UInt64Value); ok {
			sym.Value = int64(v)
		}
	case *cc.Declarator:
		t := x.Type()
		sym.Type = s.types.convert(t)
		sym.Global = fileScope || x.StorageDuration() == cc.Static
		switch {
		case x.IsTypename():
			sym.Kind = directives.SymTypedef
		case t.Kind() == cc.Function:
			sym.Kind = directives.SymFunc
		default:
			sym.Kind = directives.SymVar
		}
	}
	return sym
}

// typeCache converts cc/v4 types to ir.Types for the directive checker,
// once each, so that self-referential structs become cyclic Types instead
// of infinite ones. Every Type is named as the user spells it (cc/v4's
// String), for the checker's messages.
type typeCache map[cc.Type]*ir.Type

func (c *typeCache) convert(t cc.Type) *ir.Type {
	if t == nil {
		return &ir.Type{Kind: ir.Invalid, Name: "<invalid>", Len: -1}
	}
	if *c == nil {
		*c = typeCache{}
	}
	if r, ok := (*c)[t]; ok {
		return r
	}
	r := &ir.Type{Name: t.String(), Size: t.Size(), Len: -1}
	(*c)[t] = r
	switch k := t.Kind(); {
	case k == cc.Void:
		r.Kind = ir.Other
	case k == cc.Bool:
		r.Kind, r.Unsigned = ir.Scalar, true
	case cc.IsIntegerType(t):
		r.Kind = ir.Scalar
		r.Unsigned = !cc.IsSignedInteger(t)
	case cc.IsFloatingPointType(t):
		r.Kind, r.Float = ir.Scalar, true
	case cc.IsComplexType(t):
		r.Kind, r.Float, r.Complex = ir.Scalar, true, true
	case k == cc.Ptr:
		r.Kind = ir.Pointer
		r.Elem = c.convert(t.(*cc.PointerType).Elem())
	case k == cc.Array:
		at := t.(*cc.ArrayType)
		r.Kind = ir.Array
		r.Elem = c.convert(at.Elem())
		if !at.IsIncomplete() && !at.IsVLA() {
			r.Len = at.Len()
		}
	case k == cc.Struct:
		r.Kind = ir.Record
		r.Fields = c.fields(t.(*cc.StructType))
	case k == cc.Union:
		r.Kind = ir.Record
		r.Fields = c.fields(t.(*cc.UnionType))
	case k == cc.Function:
		ft := t.(*cc.FunctionType)
		r.Kind = ir.Function
		r.Elem = c.convert(ft.Result())
		for _, p := range ft.Parameters() {
			r.Params = append(r.Params, c.convert(p.Type()).Decay())
		}
		r.Variadic = ft.IsVariadic()
	default:
		r.Kind = ir.Invalid
	}
	return r
}

// fields converts the members of a struct or union type.
func (c *typeCache) fields(t interface {
	NumFields() int
	FieldByIndex(int) *cc.Field
}) []ir.RecordField {
	var fs []ir.RecordField
	for i := 0; i < t.NumFields(); i++ {
		f := t.FieldByIndex(i)
		fs = append(fs, ir.RecordField{Name: f.Name(), Type: c.convert(f.Type())})
	}
	return fs
}

// Lookup returns the declaration that name denotes at the directive: a
// variable, parameter or function declarator, or nil when name is not
// visible there or names something else (an enumeration constant, a
// typedef).
func (p *Pragma) Lookup(name string) *cc.Declarator {
	for sc := p.Scope; sc != nil; sc = sc.Parent {
		var found *cc.Declarator
		for _, n := range sc.Nodes[name] {
			switch x := n.(type) {
			case *cc.Declarator:
				if x.Visible() <= p.Seq && (found == nil || !x.Type().IsIncomplete()) {
					found = x
				}
			case *cc.Parameter:
				if x.Visible() <= p.Seq && x.Declarator != nil {
					found = x.Declarator
				}
			case *cc.Enumerator:
				if x.Visible() <= p.Seq {
					return nil
				}
			}
		}
		if found != nil {
			if found.IsTypename() {
				return nil
			}
			return found
		}
	}
	return nil
}
