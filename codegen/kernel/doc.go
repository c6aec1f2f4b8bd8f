// Package kernel prints the body of a kernel from the IR, for the CUDA
// backend (a __global__ function) and the CPU targets (a C function run
// sequentially or with OpenMP threads). The dialects share one emitter
// (kernel.go), so that what runs on the CPU targets in CI is the code
// the GPU runs, with the thread mapping left out: it prints the loop
// structure (trip counts, grid-stride loops whose counter is decoded
// into the nest's indices, private copies, the reductions' start and
// combine, #line), and asks its dialect, an implementation of the
// dialect interface (dialect.go), wherever they part: names and
// qualifiers, parameters, where private copies live, thread indices and
// loop headers, barriers, statements one thread runs for the others,
// atomics and reductions. CUDA's is dialect_cuda.go, with the loop forms
// of its own (tiles, staged loops, split loops); sequential C's is
// dialect_c.go; OpenMP's dialect_openmp.go is sequential C but for its
// gang loops, critical sections and atomics. A kernel's launch geometry
// is not decided here: the launch pass describes it (ir.Grid), and
// GridParams declares what of it the launch stub takes.
package kernel
