package lower_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// The access pass reads subscripts as polynomials in the loop indices:
// linearised (i*n + j), multi-dimensional, pointer arithmetic, members;
// indirect and quadratic subscripts, and coefficients the kernel assigns,
// are not affine.
func TestAccessSummaries(t *testing.T) {
	p, ds := build(t, `
struct pt { float x[4]; };
void f(int n, int m, float *restrict a, const float *b, double c[64][64], int *idx, struct pt *s) {
#pragma acc parallel loop collapse(2) copy(a[0:n*m]) copyin(b[0:n*m], c[0:64], idx[0:n], s[0:n])
    for (int i = 1; i < n; i++)
        for (int j = 0; j < m; j++) {
            a[i*m + j] = b[(i-1)*m + j] + *(b + j) + c[j][i+1];
            a[idx[i]] += s[i].x[2] + s->x[j];
            int k = i;
            k = k + 1;
            a[i*i] = a[j*k];
        }
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	var got []string
	var visit func(ns []ir.Node)
	visit = func(ns []ir.Node) {
		for _, n := range ns {
			switch x := n.(type) {
			case *ir.Loop:
				visit(x.Body)
			case *ir.Stmt:
				for _, a := range x.Accesses {
					if !a.Element {
						continue
					}
					s := a.String()
					if !a.Affine {
						s += " non-affine"
					}
					got = append(got, s)
				}
				visit(x.Body)
			}
		}
	}
	visit(p.Constructs[0].Region.Kernels[0].Body)
	text := strings.Join(got, "\n")
	for _, w := range []string{
		"R b[i*m + j - m]", "R b[j]", "R c[j][i + 1]", "W a[i*m + j]",
		"R idx[i]", "R a[?] non-affine", "W a[?] non-affine",
		"R s[i].x[2]", "R s[0].x[j]",
		"R a[j*k] non-affine", // k is assigned in the kernel
		"W a[i*i] non-affine", // i*i is not affine
	} {
		if !strings.Contains(text+"\n", w+"\n") {
			t.Errorf("no access %q in:\n%s", w, text)
		}
	}
}

// Casts and sizeof keep the type as written, qualifiers included.
func TestCastsKeepQualifiers(t *testing.T) {
	p, ds := build(t, `
void f(int n, float *a, int *flag) {
#pragma acc parallel loop copy(a[0:n], flag[0:1])
    for (int i = 0; i < n; i++) {
        const float *c = (const float *)a;
        a[i] = c[i] * sizeof(const float);
        *(volatile int *)flag = 1;
    }
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	var text []string
	for _, n := range p.Constructs[0].Region.Kernels[0].Body[0].(*ir.Loop).Body {
		text = append(text, n.(*ir.Stmt).Text())
	}
	got := strings.Join(text, "\n")
	for _, want := range []string{"(const float *)a", "sizeof(const float)", "*(volatile int *)flag = 1;"} {
		if !strings.Contains(got, want) {
			t.Errorf("kernel code lacks %q:\n%s", want, got)
		}
	}
}
