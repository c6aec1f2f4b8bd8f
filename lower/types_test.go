package lower_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// defsText returns the type definitions the kernels of p need, as the
// .acc.cu prints them.
func defsText(p *ir.Program) string {
	var types []*ir.Type
	for _, c := range p.Constructs {
		if c.Region == nil {
			continue
		}
		for _, v := range c.Region.Vars {
			types = append(types, v.Type)
		}
		types = append(types, c.Region.Types...)
	}
	var b strings.Builder
	for _, d := range ir.Defs(types) {
		b.WriteString(d.Text)
	}
	return b.String()
}

// Function pointer members are spelled in full (double (*g)(double) for
// unary g), and the typedefs their signatures use are defined too.
func TestFunctionPointerTypes(t *testing.T) {
	p, ds := build(t, `
typedef double real;
typedef real (*unary)(real);
struct vec;
struct ops { int (*f)(int); unary g; void (*h[2])(void); int (*(*pick)(int))(int); void (*cb)(struct vec *, const char *, ...); };
void f(int n, int *a, struct ops o) {
#pragma acc parallel loop copyout(a[0:n]) copyin(o)
    for (int i = 0; i < n; i++) a[i] = o.g != 0;
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	got := defsText(p)
	for _, want := range []string{"typedef double (*unary)(double);", "int (*f)(int);", "double (*g)(double);",
		"void (*h[2])(void);", "int (*(*pick)(int))(int);", "void (*cb)(struct vec *, char *, ...);"} {
		if !strings.Contains(got, want) {
			t.Errorf("definitions lack %q:\n%s", want, got)
		}
	}
	if !strings.Contains(got, "typedef double real;") {
		t.Errorf("real is not defined:\n%s", got)
	}
}

// Types declared in functions get names of their own in kernel files, and
// enumeration constants are printed as their values.
func TestBlockScopeTypes(t *testing.T) {
	p, ds := build(t, `
enum { K = 3 };
void f(int n, int *a) {
    enum { N = 10 };
    typedef float elem;
    struct pt { elem x; };
    struct pt p[N];
#pragma acc parallel loop copyout(a[0:n], p)
    for (int i = 0; i < n; i++) { struct pt q = { (elem)i }; p[i % N] = q; a[i] = K; }
}
void g(void) {
    struct pt { long y; };
    struct pt p[4];
#pragma acc parallel loop copyout(p)
    for (int i = 0; i < 4; i++) p[i].y = i;
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	got := defsText(p)
	for _, want := range []string{"typedef float accc_t5_elem;", "struct accc_t6_pt {\n    float x;\n};", "struct accc_t12_pt {\n    long y;\n};"} {
		if !strings.Contains(got, want) {
			t.Errorf("definitions lack %q:\n%s", want, got)
		}
	}
	var body []string
	for _, n := range p.Constructs[0].Region.Kernels[0].Body {
		if l, ok := n.(*ir.Loop); ok {
			for _, s := range l.Body {
				body = append(body, s.(*ir.Stmt).Text())
			}
		}
	}
	want := []string{"struct accc_t6_pt q = { (accc_t5_elem)i };", "p[i % ((int)10)] = q;", "a[i] = ((int)3);"}
	if strings.Join(body, "|") != strings.Join(want, "|") {
		t.Errorf("kernel code %q, want %q", body, want)
	}
}

// kernelDefs returns the type definitions the kernels of p need, in the
// order kernel files print them.
func kernelDefs(p *ir.Program) []*ir.TypeDef {
	var types []*ir.Type
	for _, c := range p.Constructs {
		if c.Region == nil {
			continue
		}
		for _, v := range c.Region.Vars {
			types = append(types, v.Type)
		}
		types = append(types, c.Region.Types...)
	}
	return ir.Defs(types)
}

// cxxDefsText returns the type definitions the kernels of p need as the
// .acc.cu prints them: the tags declared first, then the definitions in
// C++.
func cxxDefsText(p *ir.Program) string {
	var b strings.Builder
	defs := kernelDefs(p)
	for _, d := range defs {
		b.WriteString(d.Forward())
	}
	for _, d := range defs {
		b.WriteString(d.CXX)
	}
	return b.String()
}

// Records that point to themselves and to one another, through typedefs
// too, are defined after the records they hold by value and after the
// typedef'd anonymous structs they name, whatever the order the walk
// meets them in.
func TestRecordOrder(t *testing.T) {
	p, ds := build(t, `
struct Bs;
typedef struct Bs B_t;
typedef struct A *A_ptr;
struct A { B_t *bp; int a; };
struct Bs { A_ptr p; struct C *c; int b; };
struct C { struct A a; B_t *b; int c; };
typedef struct { struct D *d; int v; } item_t;
struct D { item_t *items; struct D *self; int n; };
typedef struct node *link;
struct node { link next; int val; };
void f(int n, int *a, struct Bs *bs, struct D *d, struct node *l, struct C *c) {
#pragma acc parallel loop copyout(a[0:n]) copyin(bs[0:1], d[0:1], l[0:1], c[0:1])
    for (int i = 0; i < n; i++) a[i] = bs->b + d->n + l->val + c->c;
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	got := cxxDefsText(p)
	before := func(a, b string) {
		t.Helper()
		i, j := strings.Index(got, a), strings.Index(got, b)
		if i < 0 || j < 0 || i > j {
			t.Errorf("%q is not defined before %q:\n%s", a, b, got)
		}
	}
	for _, fwd := range []string{"struct Bs;", "struct A;", "struct C;", "struct D;", "struct node;"} {
		before(fwd, "struct Bs {")
	}
	before("struct A {", "struct C {")
	before("} item_t;", "struct D {")
	for _, want := range []string{"struct node {\n    struct node *next;\n    int val;\n};", "struct A *p;"} {
		if !strings.Contains(got, want) {
			t.Errorf("definitions lack %q:\n%s", want, got)
		}
	}
}

// Anonymous struct and union members are defined in place; names C++
// reserves are renamed in the C++ definitions, whose layout checks name
// every member's offset.
func TestRecordCXX(t *testing.T) {
	p, ds := build(t, `
struct class { int new; union { int this; float f; }; struct { short a, b; } public; unsigned bits : 3; };
typedef struct { struct class x[2]; } template;
void f(int n, int *a, template *t) {
#pragma acc parallel loop copyout(a[0:n]) copyin(t[0:1])
    for (int i = 0; i < n; i++) a[i] = t->x[1].new + t->x[0].this + t->x[0].public.a;
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	got := defsText(p)
	for _, want := range []string{"struct class {\n    int new;\n    union {\n        int this;\n        float f;\n    };\n",
		"struct accc_anon", "    unsigned bits : 3;\n};", "typedef struct {\n    struct class x[2];\n} template;"} {
		if !strings.Contains(got, want) {
			t.Errorf("C definitions lack %q:\n%s", want, got)
		}
	}
	got = cxxDefsText(p)
	for _, want := range []string{"struct accc_cxx_class;", "struct accc_cxx_class {\n    int accc_cxx_new;\n    union {\n        int accc_cxx_this;\n        float f;\n    };\n",
		" accc_cxx_public;", "typedef struct {\n    struct accc_cxx_class x[2];\n} accc_cxx_template;"} {
		if !strings.Contains(got, want) {
			t.Errorf("C++ definitions lack %q:\n%s", want, got)
		}
	}
	var checks string
	for _, d := range kernelDefs(p) {
		checks += d.Check
	}
	if want := "static_assert(sizeof(struct accc_cxx_class) == 16 && offsetof(struct accc_cxx_class, accc_cxx_new) == 0 && " +
		"offsetof(struct accc_cxx_class, accc_cxx_this) == 4 && offsetof(struct accc_cxx_class, f) == 4 && " +
		"offsetof(struct accc_cxx_class, accc_cxx_public) == 8, \"layout of struct class differs between host and device\");"; !strings.Contains(checks, want) {
		t.Errorf("checks lack %q:\n%s", want, checks)
	}
}
