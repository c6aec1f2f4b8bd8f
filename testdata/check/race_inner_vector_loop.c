// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 'x1[0]' (kernel main_24): iterations j=0 and j=1 of the loop at
// stderr: race_inner_vector_loop.c:27 both write it (
// stderr: race_inner_vector_loop.c:28,
// stderr: race_inner_vector_loop.c:28)
// stderr: OpenACC 3.4 §2.9
/* PolyBench-ACC mvt's shape (issue 26's corpus, race_mvt_inner_loop.c)
   with an update that is no reduction (x1[i] = e - x1[i], which accc
   cannot reduce as it reduces mvt's +=): the loop directive on j makes j
   a vector loop (§2.9.6), whose iterations all write x1[i]. On emulate
   the vector loop runs in order, and the race check names the
   iterations. */
#include <stdio.h>
#define N 64
static double A[N][N], x1[N], y[N];
int main(void) {
    for (int i = 0; i < N; i++) {
        x1[i] = 0;
        y[i] = 1.0;
        for (int j = 0; j < N; j++)
            A[i][j] = 1.0;
    }
#pragma acc parallel loop copy(x1) copyin(A, y)
    for (int i = 0; i < N; i++) {
#pragma acc loop
        for (int j = 0; j < N; j++)
            x1[i] = A[i][j] * y[j] - x1[i];
    }
    double s = 0;
    for (int i = 0; i < N; i++)
        s += x1[i];
    printf("sum=%g\n", s);
    return 0;
}
