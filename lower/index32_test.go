package lower_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// TestIndexWidths checks the launch pass's proof that a loop may count in
// 32 bits (Loop.Index32, opt/index32.go): each case is one compute
// construct, and want lists its loops' widths, outer before inner.
func TestIndexWidths(t *testing.T) {
	tests := []struct {
		name, decls, acc, want string
	}{
		{"int bound", "int n", `
#pragma acc parallel loop
for (int i = 0; i < n; i++) a[i] = 0;`, "32"},
		{"int bound, inner vector", "int n, int m", `
#pragma acc parallel loop gang
for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int j = 1; j < m - 1; j += 2) a[i] += j;
}`, "32 32"},
		{"long bound", "long n", `
#pragma acc parallel loop
for (long i = 0; i < n; i++) a[i] = 0;`, "64"},
		{"size_t bound", "size_t n", `
#pragma acc parallel loop
for (size_t i = 0; i < n; i++) a[i] = 0;`, "64"},
		{"int index, long bound", "long n", `
#pragma acc parallel loop
for (int i = 0; i < n; i++) a[i] = 0;`, "64"},
		{"int lower and upper bound: up to 2^32-1 iterations", "int m, int n", `
#pragma acc parallel loop
for (int i = m; i < n; i++) a[i] = 0;`, "64"},
		{"<= an int: up to 2^31 iterations", "int n", `
#pragma acc parallel loop
for (int i = 0; i <= n; i++) a[i] = 0;`, "64"},
		{"counting down from an int", "int n", `
#pragma acc parallel loop
for (int i = n; i > 0; i--) a[i] = 0;`, "32"},
		{"step of unknown sign and size", "int n, int st", `
#pragma acc parallel loop
for (int i = 0; i < n; i += st) a[i] = 0;`, "32"},
		{"short and unsigned char bounds", "short n, unsigned char m", `
#pragma acc parallel loop collapse(2)
for (int i = -100; i < n; i++)
    for (int j = 0; j < m; j++) a[i] = j;`, "32"},
		{"int collapse(2)", "int n, int m", `
#pragma acc parallel loop collapse(2)
for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) a[i * m + j] = 0;`, "64"},
		{"constant collapse(2)", "int n", `
#pragma acc parallel loop collapse(2)
for (int i = 0; i < 1000; i++)
    for (int j = 0; j < 1000; j++) a[i * 1000 + j] = 0;`, "32"},
		{"constant collapse(2) over 2^31", "int n", `
#pragma acc parallel loop collapse(2)
for (int i = 0; i < 65536; i++)
    for (int j = 0; j < 32768; j++) a[0] = 0;`, "64"},
		{"constant collapse(3) with shifts", "int n", `
#pragma acc parallel loop collapse(3)
for (int i = 0; i < (1 << 10); i++)
    for (int j = 0; j < 1 << 10; j++)
        for (int k = 0; k < (n & 1023); k++) a[0] = 0;`, "32"},
		{"2-D blocked collapse(2) of constants", "int n", `
#pragma acc parallel loop gang vector collapse(2)
for (int i = 0; i < 4096; i++)
    for (int j = 0; j < 4096; j++) a[i * 4096 + j] = 0;`, "32"},
		{"num_gangs(expr)", "int n, int g", `
#pragma acc parallel loop gang num_gangs(g)
for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int j = 0; j < n; j++) a[i] += j;
}`, "64 32"},
		{"constant num_gangs", "int n", `
#pragma acc parallel loop num_gangs(1024)
for (int i = 0; i < n; i++) a[i] = 0;`, "32"},
		{"vector length that does not divide 2^31", "int n", `
#pragma acc parallel loop vector_length(96)
for (int i = 0; i < n; i++) a[i] = 0;`, "64"},
		{"vector length 96, bound below 2^31 - 2^7", "int n", `
#pragma acc parallel loop vector_length(96)
for (int i = 0; i < n / 2; i++) a[i] = 0;`, "32"},
		{"bound a region local: 1024 gangs", "int n", `
#pragma acc parallel
{
    int m = n / 2;
#pragma acc loop gang vector
    for (int i = 0; i < m; i++) a[i] = 0;
}`, "32"},
		{"unsigned bound", "unsigned n", `
#pragma acc parallel loop
for (unsigned i = 0; i < n; i++) a[i] = 0;`, "64"},
		{"unsigned bound narrowed", "unsigned n", `
#pragma acc parallel loop
for (unsigned i = 0; i < n / 2u; i++) a[i] = 0;`, "32"},
		{"wrapping unsigned arithmetic", "unsigned n", `
#pragma acc parallel loop
for (long i = 0; i < (long)(n / 2u - 1u); i++) a[i] = 0;`, "64"},
		{"reduction", "int n", `
#pragma acc parallel loop reduction(+:s)
for (int i = 0; i < n; i++) s += a[i];`, "32"},
		{"tile of constant loops", "int n", `
#pragma acc parallel loop tile(32, 4)
for (int i = 0; i < 4096; i++)
    for (int j = 0; j < 4096; j++) a[i * 4096 + j] = 0;`, "32"},
		{"tile of int loops: up to 2^55 tiles", "int n, int m", `
#pragma acc parallel loop tile(32, 4)
for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) a[i * m + j] = 0;`, "64"},
		{"tile of an int loop: a gang per tile, at most 2^29 of them", "int n", `
#pragma acc parallel loop tile(8)
for (int i = 0; i < n; i++) a[i] = 0;`, "32"},
		{"tile of a loop of 2^31-1 iterations over 2^31 gang and worker threads: the tile counter stays below 2^32", "int n", `
#pragma acc parallel loop gang worker vector tile(1) num_gangs(1 << 30) num_workers(2)
for (int i = 0; i < n; i++) a[i] = 0;`, "32"},
		{"tile of a loop of 2^31-1 iterations over 2^32 gang and worker threads: the tile counter could wrap", "int n", `
#pragma acc parallel loop gang worker vector tile(1) num_gangs(1 << 30) num_workers(4)
for (int i = 0; i < n; i++) a[i] = 0;`, "64"},
		{"tiled vector loop, long bound", "int n, long m", `
#pragma acc parallel loop gang
for (int i = 0; i < n; i++) {
#pragma acc loop vector tile(16)
    for (long j = 0; j < m; j++) a[i] += j;
}`, "32 64"},
		{"seq loop inside a gang loop, long bound", "int n, long m", `
#pragma acc parallel loop gang
for (int i = 0; i < n; i++) {
#pragma acc loop seq
    for (long j = 0; j < m; j++) a[i] += j;
}`, "32 64"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := fmt.Sprintf("#include <stddef.h>\nfloat f(%s, float *restrict a) {\n    float s = 0;\n#pragma acc data deviceptr(a)\n{%s\n}\n    return s;\n}\n", tc.decls, tc.acc)
			p, ds := build(t, src)
			if e := errorsOf(ds); e != "" {
				t.Fatal(e)
			}
			var got []string
			var visit func([]ir.Node)
			visit = func(ns []ir.Node) {
				for _, n := range ns {
					switch x := n.(type) {
					case *ir.Stmt:
						visit(x.Body)
					case *ir.Loop:
						w := "64"
						if x.Index32 {
							w = "32"
						}
						got = append(got, w)
						visit(x.Body)
					}
				}
			}
			for _, c := range p.Constructs {
				if c.Region != nil {
					for _, k := range c.Region.Kernels {
						visit(k.Body)
					}
				}
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("widths %s, want %s\n%s", g, tc.want, src)
			}
		})
	}
}
