// Package cuda prints the kernel file of a translation unit (file.acc.cu)
// for nvcc: the types the kernels use, one __global__ function per kernel
// (named <func>_<line>_gpu, as PGI names them) and an extern "C" launch
// stub per kernel that the host file calls.
package cuda
