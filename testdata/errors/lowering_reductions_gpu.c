// errorcheck -acc=gpu -fmax-errors=0
/* On the GPU each thread keeps its private copy of an array reduction in
   local memory: accc limits it to 4096 bytes. */

void large(int n, const double *a, double *h) {
    double ok[512] = {0};
#pragma acc parallel loop reduction(+:ok) copyin(a[0:n])
    for (int i = 0; i < n; i++)
        ok[i % 512] += a[i];
#pragma acc parallel loop reduction(+:h[0:513]) copyin(a[0:n]) // want error:"reduction on 'h[0:513]' (4104 bytes) is not supported on the GPU: each thread's private copy of an array reduction is limited to 4096 bytes"
    for (int i = 0; i < n; i++)
        h[i % 513] += a[i];
}
