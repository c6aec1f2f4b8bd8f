package lower

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/ir"
	"modernc.org/cc/v4"
	"modernc.org/token"
)

// typeConv converts cc/v4 types, collecting the definitions they need.
type typeConv struct {
	cache map[cc.Type]*ir.Type
	defs  map[string]*ir.TypeDef
	order []*ir.TypeDef
	// local names the types declared in functions: declaration position
	// → the name kernel files use.
	local map[string]string
	taken map[string]bool
	// inRegion reports whether a position is inside the compute construct
	// being lowered: the types declared there keep their names, as kernel
	// code declares them itself.
	inRegion func(token.Position) bool
	src      sourceFiles
}

func newTypeConv(src sourceFiles) *typeConv {
	return &typeConv{cache: map[cc.Type]*ir.Type{}, defs: map[string]*ir.TypeDef{},
		local: map[string]string{}, taken: map[string]bool{}, src: src}
}

// blockScope reports whether a declaration in scope s is inside a
// function (not at file scope).
func blockScope(s *cc.Scope) bool { return s != nil && s.Parent != nil }

// localName returns the file-scope name of a type name (typedef or tag)
// declared in a function at pos: accc_<name>_<line>, with the column
// added when another declaration of the name on that line took it.
func (c *typeConv) localName(name string, pos token.Position) string {
	key := fmt.Sprintf("%s:%d:%s", pos.Filename, pos.Offset, name)
	if n, ok := c.local[key]; ok {
		return n
	}
	n := fmt.Sprintf("accc_%s_%d", name, pos.Line)
	if c.taken[n] {
		n = fmt.Sprintf("accc_%s_%d_%d", name, pos.Line, pos.Column)
	}
	c.taken[n] = true
	c.local[key] = n
	return n
}

// typedefName returns the name kernel files give a typedef, and whether
// it is declared in a function.
func (c *typeConv) typedefName(td *cc.Declarator) (string, bool) {
	if blockScope(td.LexicalScope()) && !c.keep(td.Position()) {
		return c.localName(td.Name(), td.Position()), true
	}
	return td.Name(), false
}

// tagName returns the tag kernel files give a struct, union or enum type
// ("" for none), and whether the type is declared in a function.
func (c *typeConv) tagName(t cc.Type) (string, bool) {
	var tag cc.Token
	var scope *cc.Scope
	switch x := t.(type) {
	case *cc.StructType:
		tag, scope = x.Tag(), x.LexicalScope()
	case *cc.UnionType:
		tag, scope = x.Tag(), x.LexicalScope()
	case *cc.EnumType:
		tag, scope = x.Tag(), x.LexicalScope()
	}
	name := tag.SrcStr()
	if name == "" || !blockScope(scope) || c.keep(tag.Position()) {
		return name, false
	}
	return c.localName(name, tag.Position()), true
}

// keep reports whether a type declared in a function at pos keeps its
// name: it is declared in the compute construct's own code.
func (c *typeConv) keep(pos token.Position) bool {
	return c.inRegion != nil && c.inRegion(pos)
}

// systemTypedefs are typedefs that kernel files get from the headers they
// include (accrt_device.h includes <cstdint>, <cstddef>).
var systemTypedefs = map[string]bool{
	"size_t": true, "ptrdiff_t": true, "intptr_t": true, "uintptr_t": true,
	"int8_t": true, "int16_t": true, "int32_t": true, "int64_t": true,
	"uint8_t": true, "uint16_t": true, "uint32_t": true, "uint64_t": true,
	"intmax_t": true, "uintmax_t": true, "bool": true,
}

var scalarNames = map[cc.Kind]string{
	cc.Bool: "_Bool", cc.Char: "char", cc.SChar: "signed char", cc.UChar: "unsigned char",
	cc.Short: "short", cc.UShort: "unsigned short", cc.Int: "int", cc.UInt: "unsigned",
	cc.Long: "long", cc.ULong: "unsigned long", cc.LongLong: "long long",
	cc.ULongLong: "unsigned long long", cc.Float: "float", cc.Double: "double",
	cc.LongDouble: "long double", cc.Void: "void",
}

func (c *typeConv) convert(t cc.Type) *ir.Type {
	if r, ok := c.cache[t]; ok {
		return r
	}
	td := t.Typedef()
	if td == nil || systemTypedefs[td.Name()] {
		return c.structural(t)
	}
	name, local := c.typedefName(td)
	if c.src.inSystemHeader(td.Position()) && isScalarKind(t.Kind()) {
		return c.structural(t) // __uint32_t and friends: spelled as their type
	}
	s := c.structural(t)
	if s.Kind == ir.Record && s.Name == name {
		return s // typedef struct { ... } name;
	}
	r := *s
	c.cache[t] = &r
	d, ok := c.defs[name]
	if !ok {
		d = &ir.TypeDef{Name: name, Text: "typedef " + s.Decl(name) + ";\n", Local: local}
		for e := s; e != nil; e = e.Elem {
			if e.Def != nil {
				d.Deps = append(d.Deps, e.Def)
			}
		}
		d.Deps = append(d.Deps, ir.FuncDeps(s)...)
		c.defs[name] = d
	}
	r.Def = d
	return &r
}

// structural converts t without its outermost typedef name.
func (c *typeConv) structural(t cc.Type) *ir.Type {
	if r, ok := c.cache[t]; ok && t.Typedef() == nil {
		return r
	}
	r := &ir.Type{Size: t.Size(), Len: -1}
	if t.Typedef() == nil {
		c.cache[t] = r
	}
	if td := t.Typedef(); td != nil && systemTypedefs[td.Name()] {
		r.Kind, r.Name = ir.Scalar, td.Name()
		r.Float = t.Kind() == cc.Float || t.Kind() == cc.Double
		r.Unsigned = isUnsignedKind(t.Kind())
		return r
	}
	switch t.Kind() {
	case cc.Ptr:
		r.Kind = ir.Pointer
		r.Elem = c.convert(t.(*cc.PointerType).Elem())
	case cc.Array:
		at := t.(*cc.ArrayType)
		r.Kind = ir.Array
		r.Elem = c.convert(at.Elem())
		if !at.IsVLA() && !at.IsIncomplete() {
			r.Len = at.Len()
		}
	case cc.Struct, cc.Union:
		r.Kind = ir.Record
		r.Name, r.Def = c.record(t)
	case cc.Enum:
		r.Kind = ir.Scalar
		r.Name = "int"
		if t.Size() == 8 {
			r.Name = "long"
		}
	case cc.Function:
		ft := t.(*cc.FunctionType)
		r.Kind = ir.Function
		r.Elem = c.convert(ft.Result())
		for _, p := range ft.Parameters() {
			r.Params = append(r.Params, c.convert(p.Type()).Decay())
		}
		r.Variadic = ft.IsVariadic()
	case cc.Void:
		r.Kind = ir.Other
		r.Name = "void"
	default:
		name, ok := scalarNames[t.Kind()]
		if !ok || t.Kind() == cc.LongDouble {
			r.Kind = ir.Other
			r.Name = t.String()
			return r
		}
		r.Kind, r.Name = ir.Scalar, name
		r.Float = t.Kind() == cc.Float || t.Kind() == cc.Double
		r.Unsigned = isUnsignedKind(t.Kind())
		r.Bool = t.Kind() == cc.Bool
	}
	return r
}

func isScalarKind(k cc.Kind) bool {
	_, ok := scalarNames[k]
	return ok && k != cc.Void
}

func isUnsignedKind(k cc.Kind) bool {
	switch k {
	case cc.Bool, cc.UChar, cc.UShort, cc.UInt, cc.ULong, cc.ULongLong:
		return true
	}
	return false
}

// record names a struct or union type and defines it for kernel files:
// fields in order, with the layout checked by static assertions.
func (c *typeConv) record(t cc.Type) (string, *ir.TypeDef) {
	kw := "struct"
	var nf int
	var field func(int) *cc.Field
	switch x := t.(type) {
	case *cc.StructType:
		nf, field = x.NumFields(), x.FieldByIndex
	case *cc.UnionType:
		kw = "union"
		nf, field = x.NumFields(), x.FieldByIndex
	}
	tag, local := c.tagName(t)
	name := kw + " " + tag
	if tag == "" {
		name = fmt.Sprintf("%s accc_anon%d", kw, len(c.defs))
		local = true
	}
	if td := t.Typedef(); td != nil && tag == "" {
		name, local = c.typedefName(td)
	}
	if d, ok := c.defs[name]; ok {
		return name, d
	}
	d := &ir.TypeDef{Name: name, Local: local}
	c.defs[name] = d
	if t.IsIncomplete() && strings.HasPrefix(name, kw+" ") {
		d.Text = name + ";\n" // only pointed to: declared, never defined
		c.order = append(c.order, d)
		return name, d
	}
	var b strings.Builder
	if strings.HasPrefix(name, kw+" ") {
		fmt.Fprintf(&b, "%s {\n", name)
	} else {
		fmt.Fprintf(&b, "typedef %s {\n", kw)
	}
	for i := 0; i < nf; i++ {
		f := field(i)
		if f == nil {
			continue
		}
		ft := c.convert(f.Type())
		if ft.Def != nil {
			d.Deps = append(d.Deps, ft.Def)
		}
		for e := ft; e.Kind == ir.Array || e.Kind == ir.Pointer; e = e.Elem {
			if e.Elem.Def != nil && e.Kind == ir.Array {
				d.Deps = append(d.Deps, e.Elem.Def)
			}
		}
		d.Deps = append(d.Deps, ir.FuncDeps(ft)...)
		decl := ft.Decl(f.Name())
		if f.IsBitfield() {
			decl += fmt.Sprintf(" : %d", f.ValueBits())
		}
		fmt.Fprintf(&b, "    %s;\n", decl)
	}
	if strings.HasPrefix(name, kw+" ") {
		b.WriteString("};\n")
	} else {
		fmt.Fprintf(&b, "} %s;\n", name)
	}
	d.Text = b.String()
	d.Check = fmt.Sprintf("static_assert(sizeof(%s) == %d, \"layout of %s differs between host and device\");\n", name, t.Size(), name)
	c.order = append(c.order, d)
	return name, d
}
