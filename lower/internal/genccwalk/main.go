// Command genccwalk writes lower/ccwalk_gen.go: the children function,
// which lists, for each node type of modernc.org/cc/v4's AST, the child
// nodes a node holds, so that lower's walks need neither reflection nor a
// hand-written table.
//
// It reads cc/v4's source (the version go.mod names, found by go/build)
// and type-checks it with go/types. The node types are those reachable
// from *cc.TranslationUnit through node-typed fields; a field is a child
// when it is exported and its type is a pointer to a node type or an
// interface that embeds cc.Node (ExpressionNode). Tokens are leaves: the
// walk does not visit them. Children are visited in the order cc/v4
// declares the fields (in "a = b" and "a * b", b first), except for the
// types of the order table below and those lower/ccwalk.go handles by
// hand.
//
// Usage (from lower's go:generate line):
//
//	go run ./internal/genccwalk -o ccwalk_gen.go
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
)

// ccPath is the import path of the AST package.
const ccPath = "modernc.org/cc/v4"

// order gives the order of the children of the node types whose walk
// does not follow cc/v4's declaration order (which is mostly alphabetical,
// not the order of the source). Each entry lists all of the type's child
// fields: the generator fails when cc/v4 adds or removes one, so that the
// new field's place is decided here. The orders are those of the walk as
// it was written by hand before this generator; walks depend on them
// (which reference, declaration or statement they meet first), so they
// stay as they are, including the few that are not source order
// (marked "as written").
var order = map[string][]string{
	// Source order: the pointer before the declarator it applies to,
	// the inner declarator before the array size or parameters.
	"AbstractDeclarator":       {"Pointer", "DirectAbstractDeclarator"},
	"Declarator":               {"Pointer", "DirectDeclarator"},
	"DirectAbstractDeclarator": {"AbstractDeclarator", "DirectAbstractDeclarator", "ParameterTypeList", "TypeQualifiers", "AssignmentExpression"},
	"DirectDeclarator":         {"Declarator", "DirectDeclarator", "IdentifierList", "ParameterTypeList", "TypeQualifiers", "AssignmentExpression"},
	"StructDeclarator":         {"Declarator", "ConstantExpression"},
	"TypeName":                 {"SpecifierQualifierList", "AbstractDeclarator"},
	"GenericAssociation":       {"TypeName", "AssignmentExpression"},
	"Asm":                      {"AsmQualifierList", "AsmArgList"},

	// Source order: specifiers, declarator, initializer or body. A
	// nested function definition (BlockItemFuncDef) is a BlockItem.
	"BlockItem":          {"Declaration", "DeclarationSpecifiers", "LabelDeclaration", "Statement", "Declarator", "CompoundStatement"},
	"FunctionDefinition": {"DeclarationSpecifiers", "Declarator", "DeclarationList", "CompoundStatement"},
	"InitDeclarator":     {"Declarator", "Asm", "Initializer", "AttributeSpecifierList"},

	// The operand before the subscript, the arguments or the member; a
	// compound literal's type before its initializers.
	"PostfixExpression": {"PostfixExpression", "PrimaryExpression", "TypeName", "ArgumentExpressionList", "ExpressionList", "InitializerList"},

	// As written: GNU attribute lists after the other parts (cc/v4
	// declares them first; most stand last in the source), specifiers
	// before declarators.
	"Declaration":            {"DeclarationSpecifiers", "StaticAssertDeclaration", "Declarator", "InitDeclaratorList", "AttributeSpecifierList", "Initializer"},
	"DeclarationSpecifiers":  {"AlignmentSpecifier", "DeclarationSpecifiers", "FunctionSpecifier", "StorageClassSpecifier", "TypeQualifier", "TypeSpecifier", "AttributeSpecifierList"},
	"ExpressionStatement":    {"ExpressionList", "AttributeSpecifierList"},
	"InitDeclaratorList":     {"InitDeclarator", "InitDeclaratorList", "AttributeSpecifierList"},
	"ParameterDeclaration":   {"DeclarationSpecifiers", "AbstractDeclarator", "Declarator", "AttributeSpecifierList"},
	"SpecifierQualifierList": {"AlignmentSpecifier", "SpecifierQualifierList", "TypeQualifier", "TypeSpecifier", "AttributeSpecifierList"},
	"StructDeclaration":      {"SpecifierQualifierList", "StaticAssertDeclaration", "StructDeclaratorList", "AttributeSpecifierList"},
	"StructOrUnionSpecifier": {"StructOrUnion", "StructDeclarationList", "AttributeSpecifierList", "AttributeSpecifierList2"},

	// As written: "c ? t : f" visits f, c, t.
	"ConditionalExpression": {"ConditionalExpression", "LogicalOrExpression", "ExpressionList"},
	// As written: the rest of the list before the element's initializer.
	"InitializerList": {"Designation", "InitializerList", "Initializer"},
	// As written: "case lo ... hi: s" visits lo, s, hi.
	"LabeledStatement": {"ConstantExpression", "Statement", "ConstantExpression2"},
}

// byHand names the node types whose children lower/ccwalk.go lists by
// hand, and the function that does: their order depends on the node's
// Case, which a field order cannot say.
var byHand = map[string]string{
	// "do s while (e);" visits s first, the other loops last.
	"IterationStatement": "iterationStatementChildren",
}

func main() {
	out := flag.String("o", "", "write the generated file here (default: standard output)")
	pkg := flag.String("pkg", "lower", "package name of the generated file")
	flag.Parse()
	src, err := generate(*pkg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "genccwalk:", err)
		os.Exit(1)
	}
	if *out == "" {
		_, err = os.Stdout.Write(src)
	} else {
		err = os.WriteFile(*out, src, 0o666)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genccwalk:", err)
		os.Exit(1)
	}
}

// nodeType is one node type of the AST and its child fields, in the order
// the walk visits them.
type nodeType struct {
	name     string
	children []string
}

// generate returns the formatted source of the children function.
func generate(pkg string) ([]byte, error) {
	cc, err := load()
	if err != nil {
		return nil, err
	}
	nodes, err := nodeTypes(cc)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by genccwalk from the AST types of %s; DO NOT EDIT.

package %s

import "%s"

// children calls visit for each child node of n that is set: the fields
// of n's type that hold nodes (tokens are not visited), in the order of
// lower/internal/genccwalk, which is cc/v4's declaration order but for
// the types its order table lists and those listed by hand in ccwalk.go.
func children(n cc.Node, visit func(cc.Node)) {
	switch x := n.(type) {
`, ccPath, pkg, ccPath)
	for _, t := range nodes {
		fmt.Fprintf(&b, "case *cc.%s:\n", t.name)
		if fn := byHand[t.name]; fn != "" {
			fmt.Fprintf(&b, "%s(x, visit)\n", fn)
			continue
		}
		b.WriteString("if x == nil {\nreturn\n}\n")
		for _, f := range t.children {
			fmt.Fprintf(&b, "if x.%[1]s != nil {\nvisit(x.%[1]s)\n}\n", f)
		}
	}
	b.WriteString("}\n}\n")
	return format.Source(b.Bytes())
}

// load parses and type-checks cc/v4 from the module cache.
func load() (*types.Package, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	bp, err := build.Import(ccPath, wd, 0)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(bp.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	return conf.Check(ccPath, fset, files, nil)
}

// nodeTypes returns the node types reachable from TranslationUnit that
// have child fields, sorted by name, each with its children in walk order.
func nodeTypes(cc *types.Package) ([]nodeType, error) {
	node, ok := lookupInterface(cc, "Node")
	if !ok {
		return nil, errors.New("cc.Node is not an interface")
	}
	// A child field: a pointer to a struct type whose pointer is a node,
	// or an interface that is a node (ExpressionNode). Token is a leaf.
	isChild := func(t types.Type) bool {
		switch t := t.(type) {
		case *types.Pointer:
			n, ok := t.Elem().(*types.Named)
			if !ok || n.Obj().Pkg() != cc || n.Obj().Name() == "Token" {
				return false
			}
			_, isStruct := n.Underlying().(*types.Struct)
			return isStruct && types.Implements(t, node)
		case *types.Named:
			return types.IsInterface(t) && types.Implements(t, node)
		}
		return false
	}
	// The concrete types an interface field may hold.
	implementers := func(iface *types.Interface) []string {
		var out []string
		for _, name := range cc.Scope().Names() {
			tn, ok := cc.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if _, isStruct := tn.Type().Underlying().(*types.Struct); isStruct && types.Implements(types.NewPointer(tn.Type()), iface) {
				out = append(out, name)
			}
		}
		return out
	}

	seen := map[string]bool{}
	var nodes []nodeType
	todo := []string{"TranslationUnit"}
	for len(todo) > 0 {
		name := todo[0]
		todo = todo[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		obj := cc.Scope().Lookup(name)
		if obj == nil {
			return nil, fmt.Errorf("cc.%s: no such type", name)
		}
		st, ok := obj.Type().Underlying().(*types.Struct)
		if !ok {
			return nil, fmt.Errorf("cc.%s is not a struct", name)
		}
		var fields []string
		for i := range st.NumFields() {
			f := st.Field(i)
			if !f.Exported() || !isChild(f.Type()) {
				continue
			}
			fields = append(fields, f.Name())
			switch t := f.Type().(type) {
			case *types.Pointer:
				todo = append(todo, t.Elem().(*types.Named).Obj().Name())
			case *types.Named:
				todo = append(todo, implementers(t.Underlying().(*types.Interface))...)
			}
		}
		if len(fields) == 0 {
			continue // a leaf: no case in the switch
		}
		if o, ok := order[name]; ok {
			if !sameSet(o, fields) {
				return nil, fmt.Errorf("cc.%s has the child fields %v; the order table lists %v", name, fields, o)
			}
			fields = o
		}
		nodes = append(nodes, nodeType{name, fields})
	}
	for name := range order {
		if !slices.ContainsFunc(nodes, func(t nodeType) bool { return t.name == name }) {
			return nil, fmt.Errorf("the order table lists cc.%s, which is not a node type with children", name)
		}
	}
	for name := range byHand {
		if !slices.ContainsFunc(nodes, func(t nodeType) bool { return t.name == name }) {
			return nil, fmt.Errorf("cc.%s, listed by hand, is not a node type with children", name)
		}
	}
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].name < nodes[j].name })
	return nodes, nil
}

// lookupInterface returns the interface type of cc's type name.
func lookupInterface(cc *types.Package, name string) (*types.Interface, bool) {
	obj := cc.Scope().Lookup(name)
	if obj == nil {
		return nil, false
	}
	iface, ok := obj.Type().Underlying().(*types.Interface)
	return iface, ok
}

// sameSet reports whether a and b hold the same names (b, struct field
// names, holds each once).
func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
