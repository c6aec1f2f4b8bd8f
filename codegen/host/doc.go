// Package host prints the host file of a translation unit (file.acc.c):
// the user's text kept byte for byte except the OpenACC directives, which
// become calls into the runtime (accrt.h) and kernel launches. For the GPU
// target the kernels are in the .cu file (package cuda) and the host file
// calls their launch stubs; for the CPU targets the kernels are C
// functions placed in the host file before the function that uses them.
package host
