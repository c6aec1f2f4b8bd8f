package lower_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/lower"
)

// deepNest is a parallel loop around d-1 loops without directives
// (scripts/ctime.sh times the same at depth 1,000).
func deepNest(d int) string {
	var b strings.Builder
	b.WriteString("void nest(int n, double *restrict a) {\n#pragma acc parallel loop copy(a[0:n])\n")
	for i := range d {
		fmt.Fprintf(&b, "for (int i%d = 0; i%d < n; i%d++)\n", i, i, i)
	}
	fmt.Fprintf(&b, "a[i0] += i%d;\n}\n", d-1)
	return b.String()
}

// largeRegion is a parallel loop whose body is n statements.
func largeRegion(n int) string {
	var b strings.Builder
	b.WriteString("void region(int n, double *restrict a, const double *restrict b) {\n")
	b.WriteString("#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])\nfor (int i = 0; i < n; i++) {\ndouble x = b[i] + a[i];\n")
	for k := range n {
		fmt.Fprintf(&b, "x = x * 0.999 + %d.0;\n", k%97)
	}
	b.WriteString("a[i] = x;\n}}\n")
	return b.String()
}

// lowerAllocs returns the heap allocations lower.Build makes for src on
// target: a count of its work that, unlike a time, a loaded machine does
// not change.
func lowerAllocs(t *testing.T, target, src string) uint64 {
	t.Helper()
	var ds diag.List
	u, err := frontend.LoadSource(&frontend.Config{}, "t.c", []byte(src), &ds)
	if err != nil {
		t.Fatalf("frontend: %v %v", err, ds.Sorted())
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	lower.Build(u, lower.Options{Target: target}, &ds)
	runtime.ReadMemStats(&after)
	if errs := errorsOf(ds.Sorted()); errs != "" {
		t.Fatalf("lowering failed:\n%s", errs)
	}
	return after.Mallocs - before.Mallocs
}

// Lowering's work is linear in the size of the program (issue 28: a
// 1,000-deep nest took 148 s, the time growing with the square of the
// depth and more): four times the program may cost at most six times the
// allocations, where work quadratic in the size would cost sixteen.
func TestLowerWorkLinear(t *testing.T) {
	acctest.NeedCC(t)
	for _, c := range []struct {
		name string
		gen  func(int) string
		n    int
	}{
		{"nest", deepNest, 60},
		{"region", largeRegion, 1000},
	} {
		// The GPU has passes of its own (gotos past declarations).
		for _, target := range []string{"host", "gpu"} {
			t.Run(c.name+"/"+target, func(t *testing.T) {
				small, large := lowerAllocs(t, target, c.gen(c.n)), lowerAllocs(t, target, c.gen(4*c.n))
				ratio := float64(large) / float64(small)
				t.Logf("%s: %d allocations at size %d, %d at %d: ×%.2f", c.name, small, c.n, large, 4*c.n, ratio)
				if ratio > 6 {
					t.Errorf("%s: lowering 4× the program allocates ×%.2f (at most ×6 where the work is linear)", c.name, ratio)
				}
			})
		}
	}
}
