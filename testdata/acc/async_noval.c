// run
/* acc_async_noval and acc_async_sync as async arguments (OpenACC 3.4
   §2.16.1, openacc.h): async(acc_async_noval) and async without an
   argument both use the default queue, so they run in order and
   wait(acc_async_noval) waits for both; async(acc_async_sync) is
   synchronous, so the host may read an update done with it at once.
   Needs openacc.h, hence testdata/acc.
   a[i] = i: +1 then *2 on the default queue (2i + 2); update self with
   acc_async_sync: H = sum(2i + 2) = 1001000; a kernel with
   async(acc_async_sync) subtracts 2 (2i); copy out at the end of the
   region: H = 999000. */
#include <openacc.h>
#include <stdio.h>
#define N 1000
double a[N];

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc data copy(a)
    {
#pragma acc parallel loop present(a) async(acc_async_noval)
        for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc parallel loop present(a) async
        for (int i = 0; i < N; i++) a[i] *= 2;
#pragma acc wait(acc_async_noval)
#pragma acc update self(a) async(acc_async_sync)
        printf("%.1f\n", hsum());
#pragma acc parallel loop present(a) async(acc_async_sync)
        for (int i = 0; i < N; i++) a[i] -= 2;
    }
    printf("%.1f\n", hsum());
    return 0;
}
