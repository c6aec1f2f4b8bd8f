package codegen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/codegen/cuda"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/lower"
)

// retileShim runs a CUDA kernel of accc's on the CPU: the threads of a
// block are threads that meet at a barrier for __syncthreads, __shared__
// objects are static (the blocks run one after another).
const retileShim = `#include <barrier>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>
struct d3 { unsigned x, y, z; };
thread_local d3 threadIdx, blockIdx;
d3 gridDim, blockDim;
std::barrier<> *bar;
#define __syncthreads() bar->arrive_and_wait()
#define __global__
#define __launch_bounds__(x)
#define __shared__ static
#define __restrict__ __restrict
static long long accrt_trip(long long lo, long long hi, long long step, int incl) {
    long long span = hi - lo + (incl ? 1 : 0);
    return span <= 0 || step <= 0 ? 0 : (span + step - 1) / step;
}
`

// TestRetiledKernelsOnCPU runs the CUDA kernels of re-tiled triangles
// (opt/retile.go), which no CPU target prints, on the CPU with a shim
// (retileShim) over grids of several shapes, smaller than the nest
// included (-short skips it), and compares every element of C with the nest run
// sequentially: the masks, the tiles left at once, the loads of rows
// and columns without iterations, the statements run once per row.
func TestRetiledKernelsOnCPU(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the emulated blocks take a while")
	}
	cxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("no g++")
	}
	dir := t.TempDir()
	probe := filepath.Join(dir, "probe.cc")
	os.WriteFile(probe, []byte(retileShim+"int main() { return 0; }\n"), 0o666)
	if out, err := exec.Command(cxx, "-std=c++20", "-pthread", "-o", filepath.Join(dir, "probe"), probe).CombinedOutput(); err != nil {
		t.Skipf("g++ without C++20 <barrier>: %s", out)
	}
	type form struct{ name, ilo, ihi, jlo, jcmp, jhi, once, row, col string }
	syrk, trans := "A[i * m + k]", "A[k * n + i]"
	forms := []form{
		{"le", "0", "n", "0", "<=", "i", "", syrk, "A[j * m + k]"},
		{"lt_minus", "0", "n", "0", "<", "i - 3", "", syrk, "A[j * m + k]"},
		{"le_plus", "0", "n - 2", "0", "<=", "i + 1", "", syrk, "A[j * m + k]"},
		{"gt", "0", "n", "i + 1", "<", "n", "", trans, "A[k * n + j]"},
		{"ge_minus", "2", "n", "i - 2", "<=", "n - 1", "", syrk, "A[j * m + k]"},
		{"symbolic", "n / 2", "n", "0", "<", "i", "", syrk, "A[j * m + k]"},
		{"empty", "0", "n", "i + 200", "<", "n", "", syrk, "A[j * m + k]"},
		{"rect", "1", "n - 1", "2", "<", "n - 3", "", trans, "A[j * m + k]"},
		{"once_gt", "0", "n", "i + 1", "<", "n", "C[i * n + i] = A[i] + 1;", trans, "A[k * n + j]"},
		{"once_lt", "0", "n", "0", "<", "i", "C[i * n + i] = 2;", syrk, "A[j * m + k]"},
	}
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			nest := fmt.Sprintf(`for (int i = %s; i < %s; i++) {
        %s
#pragma acc loop vector
        for (int j = %s; j %s %s; j++) {
            double s = C[i * n + j] * beta;
            for (int k = 0; k < m; k++) s += %s * %s;
            C[i * n + j] = s;
        }
    }`, f.ilo, f.ihi, f.once, f.jlo, f.jcmp, f.jhi, f.row, f.col)
			src := "void f(int n, int m, double beta, const double *restrict A, double *restrict C) {\n" +
				"#pragma acc parallel loop gang copyin(A[0:n*m]) copy(C[0:n*n])\n    " + nest + "\n}\n"
			var diags diag.List
			u, err := frontend.LoadSource(&frontend.Config{}, "t.c", []byte(src), &diags)
			if err != nil {
				t.Fatalf("frontend: %v\n%v", err, diags.Sorted())
			}
			prog := lower.Build(u, lower.Options{Target: "gpu", VerifyIR: true}, &diags)
			if diags.HasErrors() {
				t.Fatal(diags.Sorted())
			}
			cu := string(cuda.Generate(prog, cuda.Options{}))
			if !strings.Contains(cu, "staged through shared memory") {
				t.Fatalf("the nest was not re-tiled and staged:\n%s", cu)
			}
			k0 := strings.Index(cu, "static __global__")
			k1 := strings.Index(cu, "extern \"C\" void")
			kern := cu[k0:k1]
			m := regexp.MustCompile(`\n(\w+)\(([^)]*)\)\n\{`).FindStringSubmatch(kern)
			var args []string
			for _, p := range strings.Split(m[2], ",") {
				fs := strings.FieldsFunc(p, func(r rune) bool { return r == ' ' || r == '*' })
				args = append(args, fs[len(fs)-1])
			}
			seq := strings.ReplaceAll(nest, "#pragma acc loop vector", "")
			main := fmt.Sprintf(`
int main(int argc, char **argv) {
    int n = atoi(argv[1]), m = atoi(argv[2]);
    double beta = 1.25;
    double *A = (double *)malloc(sizeof(double) * n * m), *C = (double *)malloc(sizeof(double) * n * n), *R = (double *)malloc(sizeof(double) * n * n);
    for (int i = 0; i < n * m; i++) A[i] = (i * 7 + 3) %% 19;
    for (int i = 0; i < n * n; i++) C[i] = R[i] = (i * 5 + 1) %% 23;
    { double *C = R; %s }
    unsigned shapes[][2] = {{(unsigned)(n + 31) / 32 + 1, (unsigned)(n + 7) / 8 + 1}, {1, 2}};
    for (auto &g : shapes) {
        for (int i = 0; i < n * n; i++) C[i] = (i * 5 + 1) %% 23;
        gridDim = {g[0], g[1], 1}; blockDim = {256, 1, 1};
        for (unsigned by = 0; by < g[1]; by++) for (unsigned bx = 0; bx < g[0]; bx++) {
            std::barrier<> b(256); bar = &b;
            std::vector<std::thread> ts;
            for (unsigned t = 0; t < 256; t++) ts.emplace_back([=] { threadIdx = {t, 0, 0}; blockIdx = {bx, by, 0}; %s(%s); });
            for (auto &t : ts) t.join();
        }
        for (int i = 0; i < n * n; i++)
            if (C[i] != R[i]) { printf("n %%d grid %%ux%%u: C[%%d] = %%g, want %%g\n", n, g[0], g[1], i, C[i], R[i]); return 1; }
    }
    return 0;
}
`, seq, m[1], strings.Join(args, ", "))
			cc := filepath.Join(dir, f.name+".cc")
			exe := filepath.Join(dir, f.name)
			os.WriteFile(cc, []byte(retileShim+kern+main), 0o666)
			if out, err := exec.Command(cxx, "-std=c++20", "-O1", "-ffp-contract=off", "-pthread", "-w", "-o", exe, cc).CombinedOutput(); err != nil {
				t.Fatalf("g++: %v\n%s", err, out)
			}
			for _, size := range [][2]string{{"45", "40"}, {"1", "33"}} {
				if out, err := exec.Command(exe, size[0], size[1]).CombinedOutput(); err != nil {
					t.Errorf("n %s m %s: %v\n%s", size[0], size[1], err, out)
				}
			}
		})
	}
}
