// Package kernel prints the body of a kernel from the IR, for the CUDA
// backend (a __global__ function) and the CPU targets (a C function run
// sequentially or with OpenMP threads). Both dialects share the loop
// structure, so that what runs on the CPU targets in CI is the code the
// GPU runs, with the thread mapping left out.
package kernel
