package lower_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// mapsOf describes every map of the program's constructs, one a line:
// clause, then section (sectionText).
func mapsOf(p *ir.Program) string {
	var b strings.Builder
	for _, c := range p.Constructs {
		for _, m := range c.Maps {
			b.WriteString(m.Clause.String() + " " + sectionText(m.Section) + "\n")
		}
		for _, u := range c.Updates {
			b.WriteString("update " + sectionText(u.Section) + "\n")
		}
	}
	return b.String()
}

// Extent inference: each case's maps (or its error). The byte lengths
// are what the runtime moves, so they are checked exactly.
func TestExtentInference(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // lines of mapsOf, or the error
	}{
		{"malloc", `#include <stdlib.h>
void f(int n) {
    double *p = malloc(n * sizeof *p);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n] += 1;
}`, []string{"copy p[0:n] whole | &p[0] | n * sizeof(p[0]) | p[:n]"}},
		{"cast and type size first", `#include <stdlib.h>
void f(int n) {
    double *p;
    p = (double *)malloc(sizeof(double) * (n + 1));
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n] += 1;
}`, []string{"copy p[0:n + 1] whole | &p[0] | (n + 1) * sizeof(p[0]) | p[:n+1]"}},
		{"calloc and constant multiples", `#include <stdlib.h>
void f(int n) {
    float *p = calloc(2 * n, sizeof(double));
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n] += 1;
}`, []string{"copy p[0:4 * n] whole | &p[0] | 4 * n * sizeof(p[0]) | p[:4*n]"}},
		{"rows of a variable length", `#include <stdlib.h>
void f(int n, int m) {
    double (*p)[m] = malloc(n * sizeof *p);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n][0] += 1;
}`, []string{"copy p[0:n] whole | &p[0] | n * sizeof(p[0]) | p[:n]"}},
		{"not a whole number of elements", `#include <stdlib.h>
void f(int n) {
    double *p = malloc(n * 12);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n] += 1;
}`, []string{"error: the extent of the data 'p' points to is unknown"}},
		{"count assigned after the allocation", `#include <stdlib.h>
void f(int n) {
    double *p = malloc(n * sizeof *p);
    if (n > 4) n = 4;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n] += 1;
}`, []string{"error: the extent of the data 'p' points to is unknown"}},
		{"count assigned before the allocation", `#include <stdlib.h>
void f(int n) {
    n *= 2;
    double *p = malloc(n * sizeof *p);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n] += 1;
}`, []string{"copy p[0:n] whole | &p[0] | n * sizeof(p[0]) | p[:n]"}},
		{"count assigned after the construct in a loop around both", `#include <stdlib.h>
void f(int n, int s) {
    for (int t = 0; t < s; t++) {
        double *p = malloc(n * sizeof *p);
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            p[(i * 5) % n] += 1;
        n++;
    }
}`, []string{"copy p[0:n] whole | &p[0] | n * sizeof(p[0]) | p[:n]"}},
		{"count assigned after the construct in a loop around the construct only", `#include <stdlib.h>
void f(int n, int s) {
    double *p = malloc(n * sizeof *p);
    for (int t = 0; t < s; t++) {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            p[(i * 5) % n] += 1;
        n--;
    }
}`, []string{"error: the extent of the data 'p' points to is unknown"}},
		{"allocation in a loop not around the construct", `#include <stdlib.h>
void f(int n, int s) {
    double *p;
    for (int t = 0; t < s; t++)
        p = malloc(n * sizeof *p);
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            p[(i * 5) % n] += 1;
}`, []string{"error: the extent of the data 'p' points to is unknown"}},
		{"a global count", `#include <stdlib.h>
int n;
void f(void) {
    double *p = malloc(n * sizeof *p);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n] += 1;
}`, []string{"error: the extent of the data 'p' points to is unknown"}},
		{"not an allocator", `#include <stdlib.h>
double *mine(size_t);
void f(int n) {
    double *p = mine(n * sizeof *p);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 5) % n] += 1;
}`, []string{"error: the extent of the data 'p' points to is unknown"}},
		{"implicit map of an allocation", `#include <stdlib.h>
void f(int n) {
    double *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        q[(i * 3) % n] = p[(i * 5) % n];
}`, []string{
			"copyin p[0:n] whole | &p[0] | n * sizeof(p[0]) | p[:n]",
			"copy q[0:n] whole | &q[0] | n * sizeof(q[0]) | q[:n]"}},
		{"present with the data region's section", `void f(int n, double *p) {
#pragma acc data copy(p[1:n])
    {
#pragma acc parallel loop
        for (int i = 1; i <= n; i++) p[i] = 0;
    }
}`, []string{
			"copy p[1:n] part | &p[1] | n * sizeof(p[0]) | p[1:n]",
			"present p[1:n] part | &p[1] | n * sizeof(p[0]) | p[1:n]"}},
		{"present but the section changed", `void f(int n, double *p) {
#pragma acc data copy(p[0:n])
    {
        n--;
#pragma acc parallel loop
        for (int i = 0; i < n; i++) p[i] = 0;
    }
}`, []string{
			"copy p[0:n] part | &p[0] | n * sizeof(p[0]) | p[:n]",
			"present p | p | sizeof(*p) | p[:]"}},
		{"after enter data", `void f(int n, double *p) {
#pragma acc enter data copyin(p[0:n])
#pragma acc parallel loop
    for (int i = 0; i < n; i++) p[i] = 0;
}`, []string{
			"copyin p[0:n] part | &p[0] | n * sizeof(p[0]) | p[:n]",
			"present p[0:n] part | &p[0] | n * sizeof(p[0]) | p[:n]"}},
		{"a pointer without a section is the pointer", `#include <stdlib.h>
void f(int n) {
    double *p = malloc(n * sizeof *p);
#pragma acc enter data copyin(p[0:n]) create(p)
#pragma acc update self(p)
#pragma acc exit data delete(p) copyout(p[0:n])
}`, []string{
			"copyin p[0:n] part | &p[0] | n * sizeof(p[0]) | p[:n]",
			"create p | &p | sizeof(p) | p",
			"attach p | &p | sizeof(p) | p",
			"update p | &p | sizeof(p) | p",
			"delete p | &p | sizeof(p) | p"}},
		{"local variable-length array", `void f(int n, int m) {
    double a[4][n][m + 1];
#pragma acc data copy(a)
    { }
}`, []string{"copy a[0:4][0:n][0:m + 1] whole whole whole | &a[0][0][0] | 4 * sizeof(a[0]) | a[:4][:n][:m+1]"}},
		{"variable-length array whose bound changed", `void f(int n, int m) {
    double a[n][m];
    n = 1;
#pragma acc data copy(a)
    { }
}`, []string{"copy a | &a | sizeof(a) | a[:][:]"}},
		{"variable-length array whose inner bound changed", `void f(int n, int m) {
    double a[n][m];
    m = 1;
#pragma acc data copy(a)
    { }
}`, []string{"copy a[0:n][0:sizeof(a[0]) / sizeof(a[0][0])] whole whole | &a[0][0] | n * sizeof(a[0]) | a[:n][:]"}},
		{"array parameter", `void f(int n, int m, double a[n][m]) {
#pragma acc data copyin(a)
    { }
}`, []string{"copyin a[0:n][0:m] whole whole | &a[0][0] | n * sizeof(a[0]) | a[:n][:m]"}},
		{"array parameter whose bound changed", `void f(int n, int m, double a[n][m]) {
    n--;
#pragma acc data copyin(a)
    { }
}`, []string{"error: the extent of pointer 'a' is unknown: its declared bound 'n' may have changed"}},
		{"symbolic stride", `void f(int n, double *restrict m) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            m[i * n + j + 2] = 0;
}`, []string{"copy m[2:n * n] part | &m[2] | n * n * sizeof(m[0]) | m[2:n*n]"}},
		{"sibling loops reuse an index with other bounds", `void f(int n, double *restrict a) {
    int i;
#pragma acc kernels
    {
        for (i = 0; i < 2 * n; i++) a[i] = 1;
        for (i = 0; i < n; i++) a[i] += 1;
    }
}`, []string{"error: the extent of the data 'a' points to is unknown"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ds := build(t, tt.src)
			got := errorsOf(ds)
			if got == "" {
				got = mapsOf(p)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got:\n%s\nwant a line with: %s", got, w)
				}
			}
		})
	}
}
