// minfo -acc=emulate -gpu=mem:managed -Minfo=accel
// -gpu=mem:managed: the first clause of the file that would move data
// says, once, that heap data is not moved (data-shared); a deviceptr
// clause moves nothing anyway and says nothing of it.
// (On -acc=emulate: -acc=gpu refuses the managed modes until they pass
// on the GPU, docs/memory.md.)
#include <stdlib.h>

double g[100];

void f(double *p, int n) {
#pragma acc parallel loop deviceptr(p) // want remark:"Generating emulated device code"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        p[i] = i;
}

void g2(int n) {
    double *a = malloc(n * sizeof *a);
#pragma acc data copyin(a[0:n]) copy(g) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Heap data is in managed memory (-gpu=mem:managed): data clauses move none of it unless captured; globals and local data are copied" remark:"Generating copy(g[:]) [if not already present]"
    {
#pragma acc parallel loop present(a[0:n], g) // want remark:"Generating emulated device code" remark:"Generating present(a[:n])" remark:"Generating present(g[:])"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            g[i % 100] += a[i];
    }
    free(a);
}
