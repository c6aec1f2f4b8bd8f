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
// declared in a function at pos: ir.LocalTypeName, with the column
// added when another declaration of the name on that line took it.
func (c *typeConv) localName(name string, pos token.Position) string {
	key := fmt.Sprintf("%s:%d:%s", pos.Filename, pos.Offset, name)
	if n, ok := c.local[key]; ok {
		return n
	}
	n := ir.LocalTypeName(name, pos.Line, 0)
	if c.taken[n] {
		n = ir.LocalTypeName(name, pos.Line, pos.Column)
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
		d = &ir.TypeDef{Name: name, Text: "typedef " + s.Decl(name) + ";\n", Local: local,
			CXX: "typedef " + cxx.Decl(s, ir.CXXName(name)) + ";\n", Deps: needs(s)}
		for e := s; e != nil; e = e.Elem {
			if e.Def != nil {
				d.Uses = append(d.Uses, e.Def)
			}
		}
		d.Uses = append(d.Uses, ir.FuncDeps(s)...)
		c.defs[name] = d
	}
	r.Def = d
	return &r
}

// cxx spells types for the .acc.cu.
var cxx = ir.Printer{CXX: true}

// needs returns the definitions a declaration of type t needs before it
// in a kernel file: the records it holds by value (through typedefs and
// arrays), and the records it spells by a name that no declaration can
// announce (a typedef of an anonymous struct) wherever they appear,
// behind pointers and in function types too. A struct or union that is
// only pointed to needs none: kernel files declare every tag first
// (ir.TypeDef.Forward), and C declares one where a member first names it.
func needs(t *ir.Type) []*ir.TypeDef {
	var out []*ir.TypeDef
	for e := t; e != nil && e.Kind != ir.Pointer && e.Kind != ir.Function; e = e.Elem {
		if e.Def != nil {
			out = append(out, e.Def)
		}
	}
	var named func(t *ir.Type)
	named = func(t *ir.Type) {
		for e := t; e != nil; e = e.Elem {
			if e.Kind == ir.Record && e.Def != nil && e.Def.Forward() == "" {
				out = append(out, e.Def)
			}
			for _, p := range e.Params {
				named(p)
			}
		}
	}
	named(t)
	return out
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
		c.record(t, r)
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

// record names a struct or union type r and defines it for kernel files:
// fields in order, with the layout checked by static assertions. r is
// named before its fields are converted, which may point back to it.
func (c *typeConv) record(t cc.Type, r *ir.Type) {
	kw := recordKeyword(t)
	tag, local := c.tagName(t)
	name := kw + " " + tag
	if tag == "" {
		name = kw + " " + ir.AnonTag(len(c.defs))
		local = true
	}
	if td := t.Typedef(); td != nil && tag == "" {
		name, local = c.typedefName(td)
	}
	r.Name = name
	if d, ok := c.defs[name]; ok {
		r.Def = d
		return
	}
	d := &ir.TypeDef{Name: name, Local: local}
	r.Def = d
	c.defs[name] = d
	if t.IsIncomplete() && strings.HasPrefix(name, kw+" ") {
		d.Text = name + ";\n" // only pointed to: declared (in C++ by Forward), never defined
		c.order = append(c.order, d)
		return
	}
	cn := ir.CXXTypeName(name)
	var mb, mbx strings.Builder
	check := []string{fmt.Sprintf("sizeof(%s) == %d", cn, t.Size())}
	align, known := c.members(t, 0, d, &mb, &mbx, &check, "    ")
	// The alignment attributes of the record and of its members
	// (__attribute__((aligned)), _Alignas) are given back as offsets and
	// an alignment (members); cc/v4 lays out a packed record as if it were
	// not: the attribute is given back, and the check, whose numbers would
	// be wrong, left out.
	attr := ""
	switch {
	case packed(t):
		attr, known = "__attribute__((packed)) ", false
	case int64(t.Align()) > align:
		attr = fmt.Sprintf("__attribute__((aligned(%d))) ", t.Align())
	}
	var b, bx strings.Builder
	if strings.HasPrefix(name, kw+" ") {
		fmt.Fprintf(&b, "%s %s%s {\n", kw, attr, strings.TrimPrefix(name, kw+" "))
		fmt.Fprintf(&bx, "%s %s%s {\n", kw, attr, strings.TrimPrefix(cn, kw+" "))
	} else {
		fmt.Fprintf(&b, "typedef %s %s{\n", kw, attr)
		fmt.Fprintf(&bx, "typedef %s %s{\n", kw, attr)
	}
	b.WriteString(mb.String())
	bx.WriteString(mbx.String())
	if strings.HasPrefix(name, kw+" ") {
		b.WriteString("};\n")
		bx.WriteString("};\n")
	} else {
		fmt.Fprintf(&b, "} %s;\n", name)
		fmt.Fprintf(&bx, "} %s;\n", ir.CXXName(name))
	}
	d.Text, d.CXX = b.String(), bx.String()
	if known {
		d.Check = fmt.Sprintf("static_assert(%s, \"layout of %s differs between host and device\");\n", strings.Join(check, " && "), name)
	}
	c.order = append(c.order, d)
}

// packed reports whether a struct or union has the packed attribute.
func packed(t cc.Type) bool {
	a := t.Attributes()
	return a != nil && (a.IsAttrSet("packed") || a.IsAttrSet("__packed__"))
}

// printedAlign returns the alignment of t as kernel files spell it: its
// structural type's, without what a typedef's alignment attribute adds;
// a struct or union keeps its own, which its definition gives back.
func printedAlign(t cc.Type) int64 {
	switch {
	case t.Kind() == cc.Array:
		return printedAlign(t.(*cc.ArrayType).Elem())
	case t.Kind() == cc.Struct || t.Kind() == cc.Union:
		return int64(t.Align())
	case cc.IsComplexType(t):
		return t.Size() / 2
	}
	return t.Size()
}

// recordKeyword returns "struct" or "union" for a struct or union type,
// "" for others.
func recordKeyword(t cc.Type) string {
	switch t.(type) {
	case *cc.StructType:
		return "struct"
	case *cc.UnionType:
		return "union"
	}
	return ""
}

// members prints the members of the struct or union t at byte offset off
// of the record d defines, one a line indented by ind, in C (b) and C++
// (bx), with the definitions they need added to d and the conditions
// that check their offsets to check. An anonymous struct or union member
// (C11 6.7.2.1) is printed with its members in place: they are the
// record's own. A member that its alignment attribute puts past where its
// type would is printed with that alignment. members returns the
// alignment of t as printed, and whether cc/v4 knows the layout of the
// members (not when one holds a packed record).
func (c *typeConv) members(t cc.Type, off int64, d *ir.TypeDef, b, bx *strings.Builder, check *[]string, ind string) (align int64, known bool) {
	nf, field := recordFields(t)
	cn := ir.CXXTypeName(d.Name)
	align, known = 1, true
	next := int64(0) // where the next member goes by its type's alignment; -1 after a bit-field
	for i := 0; i < nf; i++ {
		f := field(i)
		if f == nil {
			continue
		}
		if kw := recordKeyword(f.Type()); f.Name() == "" && !f.IsBitfield() && kw != "" {
			fmt.Fprintf(b, "%s%s {\n", ind, kw)
			fmt.Fprintf(bx, "%s%s {\n", ind, kw)
			a, k := c.members(f.Type(), off+f.Offset(), d, b, bx, check, ind+"    ")
			fmt.Fprintf(b, "%s};\n", ind)
			fmt.Fprintf(bx, "%s};\n", ind)
			align, known = max(align, a), known && k
			if t.Kind() == cc.Struct {
				next = f.Offset() + f.Type().Size()
			}
			continue
		}
		known = known && !unknownLayout(f.Type())
		ft := c.convert(f.Type())
		d.Deps = append(d.Deps, needs(ft)...)
		if ft.Def != nil {
			d.Uses = append(d.Uses, ft.Def)
		}
		for e := ft; e.Kind == ir.Array || e.Kind == ir.Pointer; e = e.Elem {
			if e.Elem.Def != nil && e.Kind == ir.Array {
				d.Uses = append(d.Uses, e.Elem.Def)
			}
		}
		d.Uses = append(d.Uses, ir.FuncDeps(ft)...)
		decl, declx := ft.Decl(f.Name()), cxx.Decl(ft, ir.CXXName(f.Name()))
		fa := printedAlign(f.Type())
		if f.IsBitfield() {
			decl += fmt.Sprintf(" : %d", f.ValueBits())
			declx += fmt.Sprintf(" : %d", f.ValueBits())
		} else {
			if next >= 0 && f.Offset() > (next+fa-1)/fa*fa {
				// The largest power of two the offset is a multiple of
				// puts the member there: no less than its alignment,
				// no more than the record's.
				fa = min(f.Offset()&-f.Offset(), int64(t.Align()))
				decl += fmt.Sprintf(" __attribute__((aligned(%d)))", fa)
				declx += fmt.Sprintf(" __attribute__((aligned(%d)))", fa)
			}
			if f.Name() != "" {
				*check = append(*check, fmt.Sprintf("offsetof(%s, %s) == %d", cn, ir.CXXName(f.Name()), off+f.Offset()))
			}
		}
		align = max(align, fa)
		switch {
		case f.IsBitfield():
			next = -1
		case t.Kind() == cc.Struct:
			next = f.Offset() + f.Type().Size()
		}
		fmt.Fprintf(b, "%s%s;\n", ind, decl)
		fmt.Fprintf(bx, "%s%s;\n", ind, declx)
	}
	return align, known
}

// unknownLayout reports whether cc/v4 does not know the layout of t: a
// packed struct or union, held by value (through arrays and records).
func unknownLayout(t cc.Type) bool {
	for t.Kind() == cc.Array {
		t = t.(*cc.ArrayType).Elem()
	}
	nf, field := recordFields(t)
	if field == nil {
		return false
	}
	if packed(t) {
		return true
	}
	for i := 0; i < nf; i++ {
		if f := field(i); f != nil && unknownLayout(f.Type()) {
			return true
		}
	}
	return false
}

// recordFields returns the number of fields of a struct or union type and
// its field accessor; nil for other types.
func recordFields(t cc.Type) (int, func(int) *cc.Field) {
	switch x := t.(type) {
	case *cc.StructType:
		return x.NumFields(), x.FieldByIndex
	case *cc.UnionType:
		return x.NumFields(), x.FieldByIndex
	}
	return 0, nil
}
