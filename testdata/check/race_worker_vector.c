// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 'c[0:8*8]', element 0 (kernel main_19): iterations k=0 and k=1 of the loop at
// stderr: race_worker_vector.c:24 both write it (
// stderr: race_worker_vector.c:25,
// stderr: race_worker_vector.c:25)
/* Three levels: a gang loop on i, a worker loop on j and a vector loop
   on k whose iterations all store into c[i*8+j]: the vector iterations of
   one worker iteration race (a reduction over k is what was meant). The
   gang and worker iterations write different elements. */
#include <stdio.h>
#define N 8
int main(void) {
    double a[N][N][N], c[N * N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++)
                a[i][j][k] = k;
#pragma acc parallel loop gang copyin(a) copy(c[0:N*N])
    for (int i = 0; i < N; i++) {
#pragma acc loop worker
        for (int j = 0; j < N; j++) {
#pragma acc loop vector
            for (int k = 0; k < N; k++)
                c[i * N + j] = a[i][j][k];
        }
    }
    printf("c[9]=%g\n", c[9]);
    return 0;
}
