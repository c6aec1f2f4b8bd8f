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

// Function pointer members are spelled as declared, with the typedefs
// their signatures use defined first.
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
	if strings.Index(got, "typedef double real;") > strings.Index(got, "unary") {
		t.Errorf("real is defined after its use:\n%s", got)
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
	for _, want := range []string{"typedef float accc_elem_5;", "struct accc_pt_6 {\n    float x;\n};", "struct accc_pt_12 {\n    long y;\n};"} {
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
	want := []string{"struct accc_pt_6 q = { (accc_elem_5)i };", "p[i % ((int)10)] = q;", "a[i] = ((int)3);"}
	if strings.Join(body, "|") != strings.Join(want, "|") {
		t.Errorf("kernel code %q, want %q", body, want)
	}
}
