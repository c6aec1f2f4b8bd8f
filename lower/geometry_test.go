package lower_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// TestKernelGrid checks the launch geometry the launch pass describes
// (ir.Grid, opt/geometry.go): each case is one compute construct, and
// want is its first kernel's grid as formatGrid writes it.
func TestKernelGrid(t *testing.T) {
	tests := []struct {
		name, decls, acc, want string
	}{
		{"gang vector loop: blocks of fewer threads where it is short", "int n", `
#pragma acc parallel loop
for (int i = 0; i < n; i++) a[i] = 0;`, "x=T(i)/128<=16777216 y=1<=1 z=1<=1 adapt"},
		{"reduction: gangs the device holds", "int n", `
#pragma acc parallel loop reduction(+:s)
for (int i = 0; i < n; i++) s += a[i];`, "x=T(i)/1024,resident128<=2097152 y=1<=1 z=1<=1"},
		{"2-D blocks of 32 columns by 8 rows", "int n", `
#pragma acc parallel loop gang vector collapse(2)
for (int i = 0; i < 4096; i++)
    for (int j = 0; j < 4096; j++) a[i * 4096 + j] = 0;`, "x=T(j)/32<=128 y=T(i)/8,rows<=512 z=1<=1"},
		{"2-D blocks whose trip counts the device computes", "int n", `
#pragma acc parallel
{
    int m = n / 2;
#pragma acc loop gang vector collapse(2)
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++) a[i * m + j] = 0;
}`, "x=1024<=1024 y=1<=1 z=1<=1"},
		{"tile: the gangs take tiles", "int n", `
#pragma acc parallel loop tile(8, 4)
for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i * n + j] = 0;`, "x=T(i,j)tile[4 8]/1<=2147483647 y=1<=1 z=1<=1"},
		{"num_gangs(expr): no bound", "int n, int g", `
#pragma acc parallel loop gang num_gangs(g)
for (int i = 0; i < n; i++) a[i] = 0;`, "x=num_gangs(g,T(i)/1)<=0 y=1<=1 z=1<=1"},
		{"constant num_gangs", "int n", `
#pragma acc parallel loop num_gangs(1024)
for (int i = 0; i < n; i++) a[i] = 0;`, "x=num_gangs(1024,T(i)/128)<=1024 y=1<=1 z=1<=1"},
		{"bound a region local: 1024 gangs", "int n", `
#pragma acc parallel
{
    int m = n / 2;
#pragma acc loop gang vector
    for (int i = 0; i < m; i++) a[i] = 0;
}`, "x=1024<=1024 y=1<=1 z=1<=1"},
		{"serial", "int n", `
#pragma acc serial
for (int i = 0; i < n; i++) a[i] = 0;`, "x=1<=1 y=1<=1 z=1<=1"},
		{"num_gangs with three values: the constant of the first bounds x", "int n", `
#pragma acc parallel num_gangs(4, 2, 3)
{
#pragma acc loop gang
    for (int i = 0; i < n; i++) a[i] = 0;
}`, "x=num_gangs(4,T(i)/1)<=4 y=limit(num_gangs(2,1))<=0 z=limit(num_gangs(3,1))<=0 Z"},
		{"gang(dim:2) loops: each dimension its first loop's", "int n", `
#pragma acc parallel
{
#pragma acc loop gang(dim:2)
    for (int i = 0; i < n; i++) {
#pragma acc loop gang(dim:1) vector
        for (int j = 0; j < n; j++) a[i * n + j] = 0;
    }
}`, "x=T(j)/128<=0 y=limit(T(i)/1)<=0 z=1<=0"},
		{"split rows", "int m, int n, const double *restrict x, double *restrict y", `
#pragma acc parallel loop present(a[0:m*n], x[0:m], y[0:n])
for (int j = 0; j < n; j++) {
    double s = 0.0;
    for (int i = 0; i < m; i++)
        s += a[(long)i * n + j] * x[i];
    y[j] += s;
}`, "x=T(j)/32<=67108864 y=1<=1 z=1<=1 rows(T(j))"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := fmt.Sprintf("#include <stddef.h>\nfloat f(%s, float *restrict a) {\n    float s = 0;\n#pragma acc data deviceptr(a)\n{%s\n}\n    return s;\n}\n", tc.decls, tc.acc)
			p, ds := build(t, src)
			if e := errorsOf(ds); e != "" {
				t.Fatal(e)
			}
			var got string
			for _, c := range p.Constructs {
				if c.Region != nil && got == "" {
					got = formatGrid(c.Region.Kernels[0].Grid)
				}
			}
			if got != tc.want {
				t.Errorf("grid %s, want %s\n%s", got, tc.want, src)
			}
		})
	}
}

// formatGrid writes a grid compactly: each dimension's gangs (T(i, j)/per
// for trip counts, T(i, j)tile[4 8]/per for a tiled loop's tile counts,
// with resident and rows, num_gangs(value, gangs),
// limit(gangs)) and bound, then Z, adapt and rows(trip).
func formatGrid(g ir.Grid) string {
	trip := func(ivs []*ir.IndexVar) string {
		var names []string
		for _, iv := range ivs {
			names = append(names, iv.Var.Name)
		}
		return "T(" + strings.Join(names, ",") + ")"
	}
	var out []string
	for i, d := range g.Dims {
		s := fmt.Sprint(d.Gangs)
		if d.Trip != nil {
			s = trip(d.Trip)
			if d.Tile != nil {
				s += fmt.Sprintf("tile%v", d.Tile)
			}
			s = fmt.Sprintf("%s/%d", s, d.Per)
			if d.Resident > 0 {
				s += fmt.Sprintf(",resident%d", d.Resident)
			}
			if d.Rows {
				s += ",rows"
			}
		}
		if d.NumGangs != nil {
			s = fmt.Sprintf("num_gangs(%s,%s)", ir.Format(d.NumGangs, nil), s)
		}
		if d.Limit {
			s = "limit(" + s + ")"
		}
		out = append(out, fmt.Sprintf("%c=%s<=%d", "xyz"[i], s, d.Max))
	}
	if g.Z {
		out = append(out, "Z")
	}
	if g.AdaptVector {
		out = append(out, "adapt")
	}
	if g.Rows {
		out = append(out, "rows("+trip(g.RowTrip)+")")
	}
	return strings.Join(out, " ")
}
