// run
/* async and wait on data constructs (OpenACC 3.4 §2.6.5, §2.16): the
   region's copy-in, its kernels and its copy-out all go on queue 1 in
   order, so the host needs one wait(1) after the region before it reads
   the results. A second region on queue 2 first waits for queue 1 with
   its wait clause. */
#include <stdio.h>
#define N 1000
double a[N], b[N];

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 1; }
#pragma acc data copy(a) async(1)
    {
#pragma acc parallel loop present(a) async(1)
        for (int i = 0; i < N; i++) a[i] = a[i] * 2;
#pragma acc parallel loop present(a) async(1)
        for (int i = 0; i < N; i++) a[i] = a[i] + 1; /* 2i + 1 */
    }
#pragma acc data copyin(a) copy(b) async(2) wait(1)
    {
#pragma acc parallel loop present(a, b) async(2)
        for (int i = 0; i < N; i++) b[i] = a[i] + b[i]; /* 2i + 2 */
    }
#pragma acc wait(2)
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i] + b[i]; bad += a[i] != 2 * i + 1 || b[i] != 2 * i + 2; }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
