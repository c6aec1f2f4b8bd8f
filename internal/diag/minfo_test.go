package diag

import (
	"strconv"
	"strings"
	"testing"
)

// remarks builds remarks from a compact notation, one per line:
//
//	FUNC LINE [rREGION] [nested] | MESSAGE
//
// FUNC "-" means file scope; "rREGION" sets Region's line; "nested" sets
// Nested. Blank lines are ignored.
func remarks(t *testing.T, spec string) []Diagnostic {
	t.Helper()
	var ds []Diagnostic
	for _, line := range strings.Split(spec, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		head, msg, ok := strings.Cut(line, " | ")
		if !ok {
			t.Fatalf("bad spec line %q", line)
		}
		f := strings.Fields(head)
		n, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("bad spec line %q", line)
		}
		d := Diagnostic{Pos: Pos{File: "t.c", Line: n, Col: 1}, Severity: Remark, Code: "accel-test", Func: f[0], Msg: msg}
		if d.Func == "-" {
			d.Func = ""
		}
		for _, x := range f[2:] {
			switch {
			case x == "nested":
				d.Nested = true
			case strings.HasPrefix(x, "r"):
				r, err := strconv.Atoi(x[1:])
				if err != nil {
					t.Fatalf("bad spec line %q", line)
				}
				d.Region = Pos{File: "t.c", Line: r, Col: 1}
			default:
				t.Fatalf("bad spec line %q", line)
			}
		}
		ds = append(ds, d)
	}
	return ds
}

func minfoString(ds []Diagnostic) string {
	var b strings.Builder
	WriteMinfo(&b, ds)
	return b.String()
}

// The golden layouts: the targets of DESIGN.md §4 and aesthetics §9.5, and
// the verbatim NVHPC samples of seeds-digest §4.2. Samples that the seeds
// print without their leading spaces (S2's laplace2d.c, S1's k5c.c) are
// given here with NVHPC's real widths.
var minfoGolden = []struct {
	name, in, want string
}{
	{
		name: "design§4",
		in: `
main 39 | Generating copy(temp_prev[:][:]) [if not already present]
main 39 | Generating create(temp[:][:]) [if not already present]
main 42 r42 | Generating NVIDIA GPU code
main 43 r42 | #pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */
main 44 r42 |   /* blockIdx.x threadIdx.x collapsed */
main 48 | Generating implicit copy(worst_dt) [if not already present]
`,
		want: `main:
     39, Generating copy(temp_prev[:][:]) [if not already present]
         Generating create(temp[:][:]) [if not already present]
     42, Generating NVIDIA GPU code
         43, #pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */
         44,   /* blockIdx.x threadIdx.x collapsed */
     48, Generating implicit copy(worst_dt) [if not already present]
`,
	},
	{
		name: "aesthetics§9.5",
		in: `
main 39 | Generating copy(temp_prev[:][:]) [if not already present]
main 39 | Generating create(temp[:][:]) [if not already present]
main 42 | Generating CUDA kernel main_42_gpu
main 43 r42 | #pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */
main 44 r42 |   /* blockIdx.x threadIdx.x collapsed */
main 48 r48 | Generating CUDA kernel main_48_gpu
main 49 r48 | #pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */
main 49 r48 | Generating reduction(max:worst_dt)
`,
		want: `main:
     39, Generating copy(temp_prev[:][:]) [if not already present]
         Generating create(temp[:][:]) [if not already present]
     42, Generating CUDA kernel main_42_gpu
         43, #pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */
         44,   /* blockIdx.x threadIdx.x collapsed */
     48, Generating CUDA kernel main_48_gpu
         49, #pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */
             Generating reduction(max:worst_dt)
`,
	},
	{
		name: "S0 GOL.c",
		in: `
main 31 | Generating local(newGrid[:dim+1][:dim+1])
main 31 | Generating copy(grid[:dim+1][:dim+1])
main 31 | Generating compute capability 1.3 binary
main 34 | Loop carried dependence due to exposed use of 'grid[0:1023][1:1025]' prevents parallelization
main 34 | ...
main 34 | Loop carried dependence due to exposed use of 'grid[1:1024][1:1024]' prevents parallelization
main 34 | Loop carried dependence due to exposed use of 'newGrid[1:1024][1:1024]' prevents parallelization
main 34 | Sequential loop scheduled on host
main 36 | Loop is parallelizable
main 36 | Accelerator kernel generated
main 36 r36 nested | #pragma acc for parallel, vector(32)
main 36 r36 nested | Non-stride-1 accesses for array 'grid'
main 36 r36 nested | CC 1.3 : 4 registers; 24 shared, 116 constant, 0 local memory bytes; 25 occupancy
main 41 | Loop is parallelizable
main 41 | Accelerator kernel generated
main 41 r41 nested | #pragma acc for parallel, vector(256)
main 41 r41 nested | CC 1.3 : 6 registers; 24 shared, 116 constant, 0 local memory bytes; 100 occupancy
main 47 | Loop is parallelizable
main 48 | Loop is parallelizable
main 48 | Accelerator kernel generated
main 47 r48 | #pragma acc for parallel, vector(16)
main 48 r48 nested | #pragma acc for parallel, vector(16)
main 48 r48 nested | Cached references to size [18x18] block of 'grid'
main 48 r48 nested | Using register for 'newGrid'
main 48 r48 nested | CC 1.3 : 20 registers; 1328 shared, 140 constant, 0 local memory bytes; 75 occupancy
main 68 | Loop is parallelizable
main 69 | Loop is parallelizable
main 69 | Accelerator kernel generated
main 68 r69 | #pragma acc for parallel, vector(16)
main 69 r69 nested | #pragma acc for parallel, vector(16)
main 69 r69 nested | CC 1.3 : 7 registers; 28 shared, 120 constant, 0 local memory bytes; 100 occupancy
`,
		want: `main:
     31, Generating local(newGrid[:dim+1][:dim+1])
         Generating copy(grid[:dim+1][:dim+1])
         Generating compute capability 1.3 binary
     34, Loop carried dependence due to exposed use of 'grid[0:1023][1:1025]' prevents parallelization
         ...
         Loop carried dependence due to exposed use of 'grid[1:1024][1:1024]' prevents parallelization
         Loop carried dependence due to exposed use of 'newGrid[1:1024][1:1024]' prevents parallelization
         Sequential loop scheduled on host
     36, Loop is parallelizable
         Accelerator kernel generated
         36, #pragma acc for parallel, vector(32)
             Non-stride-1 accesses for array 'grid'
             CC 1.3 : 4 registers; 24 shared, 116 constant, 0 local memory bytes; 25 occupancy
     41, Loop is parallelizable
         Accelerator kernel generated
         41, #pragma acc for parallel, vector(256)
             CC 1.3 : 6 registers; 24 shared, 116 constant, 0 local memory bytes; 100 occupancy
     47, Loop is parallelizable
     48, Loop is parallelizable
         Accelerator kernel generated
         47, #pragma acc for parallel, vector(16)
         48, #pragma acc for parallel, vector(16)
             Cached references to size [18x18] block of 'grid'
             Using register for 'newGrid'
             CC 1.3 : 20 registers; 1328 shared, 140 constant, 0 local memory bytes; 75 occupancy
     68, Loop is parallelizable
     69, Loop is parallelizable
         Accelerator kernel generated
         68, #pragma acc for parallel, vector(16)
         69, #pragma acc for parallel, vector(16)
             CC 1.3 : 7 registers; 28 shared, 120 constant, 0 local memory bytes; 100 occupancy
`,
	},
	{
		name: "S2 laplace2d.c",
		in: `
main 34 | Loop not vectorized: may not be beneficial
main 34 | Unrolled inner loop 4 times
main 34 | Generated 3 prefetches in scalar loop
main 44 | Loop not vectorized/parallelized: potential early exits
main 48 | Generating copyout(Anew[1:4094][1:4094])
main 48 | Generating copyin(A[:][:])
main 48 | Generating copyout(A[1:4094][1:4094])
main 50 | Loop is parallelizable
main 51 | Loop is parallelizable
main 51 | Accelerator kernel generated
main 51 | Generating Tesla code
main 50 r51 | #pragma acc loop gang, vector(4) /* blockIdx.y threadIdx.y */
main 51 r51 nested | #pragma acc loop gang, vector(32) /* blockIdx.x threadIdx.x */
main 54 r51 | Max reduction generated for error
main 58 | Loop is parallelizable
main 59 | Loop is parallelizable
main 59 | Accelerator kernel generated
main 59 | Generating Tesla code
main 58 r59 | #pragma acc loop gang, vector(4) /* blockIdx.y threadIdx.y */
main 59 r59 nested | #pragma acc loop gang, vector(32) /* blockIdx.x threadIdx.x */
`,
		want: `main:
     34, Loop not vectorized: may not be beneficial
         Unrolled inner loop 4 times
         Generated 3 prefetches in scalar loop
     44, Loop not vectorized/parallelized: potential early exits
     48, Generating copyout(Anew[1:4094][1:4094])
         Generating copyin(A[:][:])
         Generating copyout(A[1:4094][1:4094])
     50, Loop is parallelizable
     51, Loop is parallelizable
         Accelerator kernel generated
         Generating Tesla code
         50, #pragma acc loop gang, vector(4) /* blockIdx.y threadIdx.y */
         51, #pragma acc loop gang, vector(32) /* blockIdx.x threadIdx.x */
         54, Max reduction generated for error
     58, Loop is parallelizable
     59, Loop is parallelizable
         Accelerator kernel generated
         Generating Tesla code
         58, #pragma acc loop gang, vector(4) /* blockIdx.y threadIdx.y */
         59, #pragma acc loop gang, vector(32) /* blockIdx.x threadIdx.x */
`,
	},
	{
		name: "S1 k1c.c",
		in: `
main 11 | Generating copyout(a[:])
main 11 | Generating copyin(b[:],c[:])
main 12 | Loop is parallelizable
main 12 | Accelerator kernel generated
main 12 | Generating Tesla code
main 12 r12 nested | #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */
`,
		want: `main:
     11, Generating copyout(a[:])
         Generating copyin(b[:],c[:])
     12, Loop is parallelizable
         Accelerator kernel generated
         Generating Tesla code
         12, #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */
`,
	},
	{
		// The book prints no function header; file scope has none either.
		name: "S1 k2c.c",
		in: `
- 13 | Loop is parallelizable
- 13 | Accelerator kernel generated
- 13 | Generating Tesla code
- 13 r13 nested | #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */
- 15 | Loop is parallelizable
- 15 | Accelerator kernel generated
- 15 | Generating Tesla code
- 15 r15 nested | #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */
`,
		want: `     13, Loop is parallelizable
         Accelerator kernel generated
         Generating Tesla code
         13, #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */
     15, Loop is parallelizable
         Accelerator kernel generated
         Generating Tesla code
         15, #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */
`,
	},
	{
		name: "S1 k4c.c",
		in: `
- 13 | Loop is parallelizable
- 14 | Loop is parallelizable
- 15 | Loop is parallelizable
- 15 | Accelerator kernel generated
- 15 | Generating Tesla code
- 14 r15 | #pragma acc loop gang, vector(4) /* blockIdx.y threadIdx.y */
- 15 r15 nested | #pragma acc loop gang, vector(32) /* blockIdx.x threadIdx.x */
`,
		want: `     13, Loop is parallelizable
     14, Loop is parallelizable
     15, Loop is parallelizable
         Accelerator kernel generated
         Generating Tesla code
         14, #pragma acc loop gang, vector(4) /* blockIdx.y threadIdx.y */
         15, #pragma acc loop gang, vector(32) /* blockIdx.x threadIdx.x */
`,
	},
	{
		name: "S1 k5c.c",
		in: `
- 14 | Loop is parallelizable
- 14 | Accelerator kernel generated
- 14 | Generating Tesla code
- 14 r14 nested | #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */
- 17 | Loop carried dependence of b prevents parallelization
- 17 | Loop carried backward dependence of b prevents vectorization
- 17 | Accelerator scalar kernel generated
`,
		want: `     14, Loop is parallelizable
         Accelerator kernel generated
         Generating Tesla code
         14, #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */
     17, Loop carried dependence of b prevents parallelization
         Loop carried backward dependence of b prevents vectorization
         Accelerator scalar kernel generated
`,
	},
	{
		// The region line (11, the parallel construct) has no message of
		// its own in the book's excerpt: its nested line stands alone.
		name: "S1 p1c.c",
		in: `
- 12 r11 | #pragma acc loop vector(128) /* threadIdx.x */
- 12 | Loop is parallelizable
- 15 | Loop carried dependence of b prevents parallelization
- 15 | Loop carried backward dependence of b prevents vectorization
`,
		want: `         12, #pragma acc loop vector(128) /* threadIdx.x */
     12, Loop is parallelizable
     15, Loop carried dependence of b prevents parallelization
         Loop carried backward dependence of b prevents vectorization
`,
	},
}

func TestMinfoGolden(t *testing.T) {
	for _, tc := range minfoGolden {
		t.Run(tc.name, func(t *testing.T) {
			got := minfoString(remarks(t, tc.in))
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestMinfoOrder checks grouping and ordering when the input is not in
// source order: functions by their first line, file scope first, lines
// ascending, and one line's messages in the order reported.
func TestMinfoOrder(t *testing.T) {
	in := remarks(t, `
g 30 | Loop is parallelizable
f 12 r10 | #pragma acc loop gang /* blockIdx.x */
f 10 | Generating CUDA kernel f_10_gpu
f 3 | Generating copyin(x[:n]) [if not already present]
- 40 | Generating create(tab[:]) [if not already present]
f 12 r10 | Generating reduction(+:s)
f 12 r10 | Generating reduction(+:s)
g 25 | Second message first reported
g 25 | Then this one
f 1000 r10 | #pragma acc loop seq
f 1000 r10 | aligned after a wider line number
`)
	want := `     40, Generating create(tab[:]) [if not already present]
f:
      3, Generating copyin(x[:n]) [if not already present]
     10, Generating CUDA kernel f_10_gpu
         12, #pragma acc loop gang /* blockIdx.x */
             Generating reduction(+:s)
         1000, #pragma acc loop seq
               aligned after a wider line number
g:
     25, Second message first reported
         Then this one
     30, Loop is parallelizable
`
	if got := minfoString(in); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestIsNested(t *testing.T) {
	p := func(l int) Pos { return Pos{File: "t.c", Line: l, Col: 1} }
	for _, tc := range []struct {
		d    Diagnostic
		want bool
	}{
		{Diagnostic{Pos: p(5)}, false},
		{Diagnostic{Pos: p(5), Nested: true}, false}, // no region to nest in
		{Diagnostic{Pos: p(5), Region: p(5)}, false},
		{Diagnostic{Pos: p(5), Region: p(5), Nested: true}, true},
		{Diagnostic{Pos: p(6), Region: p(5)}, true},
	} {
		if got := tc.d.IsNested(); got != tc.want {
			t.Errorf("%+v: IsNested() = %v, want %v", tc.d, got, tc.want)
		}
	}
}

// TestMinfoFiles checks a compile of several files: each file's name
// heads its functions, and files keep the order the messages name them
// in (the driver's: the command line's), not their names' order.
func TestMinfoFiles(t *testing.T) {
	in := remarks(t, `
main 7 | Generating emulated device code
sq 3 | Generating acc routine seq
`)
	in[0].Pos.File = "zeta.c"
	in[1].Pos.File = "alpha.c"
	want := `zeta.c:
main:
      7, Generating emulated device code
alpha.c:
sq:
      3, Generating acc routine seq
`
	if got := minfoString(in); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
