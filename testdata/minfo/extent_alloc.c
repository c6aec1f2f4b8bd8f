// minfo -acc=gpu -Minfo=accel
// Extents from allocations: a pointer assigned once, before the
// construct in a block around it, from malloc, calloc or aligned_alloc
// has the allocation's elements (the byte count over the element size,
// when that division is exact on the factors). The subscripts (i * 7) %
// n say nothing of the extent: the allocation does.
#include <stdlib.h>

void calls(int n) {
    double *a = malloc(n * sizeof *a);
    double *b = (double *)malloc(sizeof(double) * n);
    float *c = calloc(n, sizeof(float));
    char *s = aligned_alloc(64, 3 * n);
    float *r = malloc(n * sizeof(double));
    long *k = malloc(8 * 1024);
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(a[:n]) [if not already present]" remark:"Generating implicit copyin(b[:n]) [if not already present]" remark:"Generating implicit copyin(c[:n]) [if not already present]" remark:"Generating implicit copyin(s[:3*n]) [if not already present]" remark:"Generating implicit copyin(r[:2*n]) [if not already present]" remark:"Generating implicit copy(k[:1024]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        k[(i * 3) % 1024] = a[(i * 7) % n] + b[(i * 7) % n] + c[(i * 7) % n] + s[(i * 7) % n] + r[(i * 7) % n];
}

void implicit(int n, int m) {
    double *a;
    a = malloc(n * m * sizeof *a);
    double *b = malloc((n + 1) * sizeof(double));
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(b[:n+1]) [if not already present]" remark:"Generating implicit copy(a[:n*m]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        a[(i * 7) % (n * m)] = b[(i * 3) % n];
}

void rows(int n, int m) {
    double (*r)[16] = malloc(n * sizeof *r);
    double (*v)[m] = malloc(n * sizeof *v);
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(r[:n]) [if not already present]" remark:"Generating implicit copy(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        v[(i * 5) % n][0] = r[(i * 3) % n][1];
}

// In a loop around the construct, the allocation runs before it in
// every iteration.
void loop(int n, int steps) {
    for (int t = 0; t < steps; t++) {
        double *p = malloc(n * sizeof *p);
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(p[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            p[(i * 5) % n] = t;
        free(p);
        n--;
    }
}
