package lower_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// sectionText describes a map's section: base, bounds and the printers'
// results.
func sectionText(s *ir.Section) string {
	var b strings.Builder
	b.WriteString(s.String())
	for _, d := range s.Dims {
		if d.Whole {
			b.WriteString(" whole")
		} else {
			b.WriteString(" part")
		}
	}
	b.WriteString(" | " + s.HostAddr(nil) + " | " + s.ByteLen(nil) + " | " + s.MinfoText())
	return b.String()
}

// Clause items become sections whose bounds are IR expressions:
// parentheses go, enumeration constants keep their names and values,
// casts keep their type names, and a variable-length dimension is whole
// when the length is its size expression (the same declarations, not the
// same text).
func TestSectionConversion(t *testing.T) {
	p, ds := build(t, `
enum { LO = 0, N = 10 };
double c[N][4];
void f(int n, int m, long k, double a[n][m], double b[n][m], float *x) {
#pragma acc data copyin(a[0:n][0:m]) copy(b[1:(n)-2][0:(m)]) copyin(c[LO:N], c[1][(int)k:2], x[(int)k:n*m+1])
    {
    }
}
`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	want := []string{
		"a[0:n][0:m] part whole | &a[0][0] | n * sizeof(a[0]) | a[:n][:m]",
		"b[1:n - 2][0:m] part whole | &b[1][0] | (n - 2) * sizeof(b[0]) | b[1:n-2][:m]",
		"c[LO:N] whole | &c[LO] | N * sizeof(c[0]) | c[:N]",
		"c[1:1][(int)k:2] part part | &c[1][(int)k] | 2 * sizeof(c[0][0]) | c[1:1][(int)k:2]",
		"x[(int)k:n * m + 1] part | &x[(int)k] | (n * m + 1) * sizeof(x[0]) | x[(int)k:n*m+1]",
	}
	maps := p.Constructs[0].Maps
	if len(maps) != len(want) {
		t.Fatalf("%d maps, want %d", len(maps), len(want))
	}
	for i, m := range maps {
		if got := sectionText(m.Section); got != want[i] {
			t.Errorf("map %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
	lo := maps[2].Section.Dims[0].Lo
	if v, ok := ir.IntValue(lo); !ok || v != 0 {
		t.Errorf("LO: %v %v", v, ok)
	}
	if c, ok := maps[4].Section.Dims[0].Lo.(*ir.Cast); !ok || c.T.String() != "int" || !c.T.IsScalar() {
		t.Errorf("cast bound: %#v", maps[4].Section.Dims[0].Lo)
	}
}

// A length that names another declaration than the dimension's size is
// not the whole dimension, whatever its spelling.
func TestSectionShadowedSize(t *testing.T) {
	_, ds := build(t, `
void g(int n, double a[n][n]) {
    {
        int n = 3;
#pragma acc enter data copyin(a[0:2][0:n])
    }
}
`)
	if got, want := errorsOf(ds), "section 'a[0:2][0:n]' is not contiguous"; !strings.Contains(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
}

// In a compute construct the bounds and bases refer to the region's
// variables.
func TestSectionRegionVars(t *testing.T) {
	p, ds := build(t, `
void f(int n, float *x, float *y) {
#pragma acc parallel loop copyin(x[0:n]) copyout(y[1:n-1])
    for (int i = 1; i < n; i++)
        y[i] = x[i] + x[i - 1];
}
`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	c := p.Constructs[0]
	vars := map[string]*ir.Var{}
	for _, v := range c.Region.Vars {
		vars[v.Name] = v
	}
	for _, m := range c.Maps {
		s := m.Section
		if s.Var == nil || s.Var != vars[s.Var.Name] || s.Base.(*ir.Ref).Var != s.Var {
			t.Errorf("%s: base %v is not the region's variable", m.Text, s.Var)
		}
		found := false
		ir.Inspect(s.Dims[0].Len, func(e ir.Expr) bool {
			if r, ok := e.(*ir.Ref); ok && r.Var.Name == "n" {
				found = r.Var == vars["n"]
			}
			return true
		})
		if !found {
			t.Errorf("%s: the length does not refer to the region's n", m.Text)
		}
	}
	if got, want := c.Maps[1].Section.ByteLen(nil), "(n - 1) * sizeof(y[0])"; got != want {
		t.Errorf("bytes %q, want %q", got, want)
	}
}
