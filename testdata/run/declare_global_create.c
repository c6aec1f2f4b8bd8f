// run
/* declare create at file scope (OpenACC 3.4 §2.13): the globals have a
   device copy for the whole program, used by compute constructs without
   data clauses, and moved only by update. The scalar factor is kept equal
   on host and device (update device after each host change), so it reads
   the same whether a construct takes it as present or firstprivate. */
#include <stdio.h>
#define N 1000
double g[N];
double h[N];
float factor;
#pragma acc declare create(g, h)
#pragma acc declare create(factor)

int main(void) {
    for (int i = 0; i < N; i++) { g[i] = i; h[i] = 0; }
    factor = 2;
#pragma acc update device(g, factor)
#pragma acc parallel loop present(g, h)
    for (int i = 0; i < N; i++) h[i] = g[i] * factor;
#pragma acc update self(h[0:N])
    double s1 = 0;
    for (int i = 0; i < N; i++) s1 += h[i];
    factor = 0.5f;
#pragma acc update device(factor)
#pragma acc parallel loop
    for (int i = 0; i < N; i++) g[i] = h[i] * factor + 1; /* i + 1 */
#pragma acc kernels
    for (int i = 0; i < N; i++) h[i] = g[i] - i; /* 1 */
#pragma acc update self(g, h)
    double s2 = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s2 += g[i] + h[i]; bad += g[i] != i + 1 || h[i] != 1; }
    printf("%.1f %.1f bad %d\n", s1, s2, bad);
    return 0;
}
