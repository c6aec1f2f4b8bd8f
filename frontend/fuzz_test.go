package frontend

import (
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// FuzzFrontend feeds arbitrary C with directives through the whole frontend:
// whatever the input, Load must return a unit or positioned error
// diagnostics, never panic; a panic inside cc/v4 is one of those errors.
func FuzzFrontend(f *testing.F) {
	acctest.NeedCC(f)
	seeds := []string{
		"void f(int n, float *a) {\n#pragma acc parallel loop copy(a[0:n])\nfor (int i = 0; i < n; i++) a[i] = 0;\n}\n",
		"#define N 8\nint v[N];\n#pragma acc declare create(v)\nvoid g(void) {\n#pragma acc update device(v[0:N])\n}\n",
		"void h(double *p, int n) {\ndouble s = 0;\n#pragma acc kernels\n{\n#pragma acc loop reduction(+:s)\nfor (int i = 0; i < n; i++) s += p[i];\n}\n}\n",
		"void k(int n) {\n_Pragma(\"acc wait(1) async(2)\")\n}\n",
		"#pragma acc routine seq\nint sq(int x) { return x * x; }\n",
		"void r(float *a) {\n#pragma acc region\n{ a[0] = 1; }\n}\n",
		"void bad(void) {\n#pragma acc parallel loop gang(num:\n}\n",
		"void e(void) {\n#pragma acc\n}\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var diags diag.List
		u, err := LoadSource(&Config{}, "fuzz.c", []byte(src), &diags)
		if err != nil && err != ErrRejected {
			t.Fatalf("LoadSource: %v", err)
		}
		if err == ErrRejected && !diags.HasErrors() {
			t.Fatalf("rejected without an error diagnostic")
		}
		for _, d := range diags.Sorted() {
			if d.Severity == diag.Error && (d.Msg == "" || !d.Pos.IsValid()) {
				t.Fatalf("an error without a message or a position: %v", d)
			}
		}
		if u != nil {
			for _, p := range u.Pragmas {
				if !p.Pos.IsValid() {
					t.Fatalf("pragma without a position: %v", p.Toks)
				}
			}
		}
	})
}
