// run
/* The runtime API's async copies followed by synchronous work with no
   wait between (V&V acc_copyin_async.c, acc_copyout_async.c test 4):
   synchronous operations are ordered after the work queued on async
   queues before them, as on NVHPC. On a GPU the kernels are slow (F
   iterates K = 20000 times per element), elsewhere K = 50.
   1. acc_copyin_async(a, 1), acc_copyin_async(b, 2); data copyout(c)
      present(a, b): async(1) a = f(a), async(2) b = f(b), async(2)
      wait(1) c = a + b; the region's synchronous exit copies c out.
   2. enter data create(c); data copyin(a, b): async(1) c = f(a) + f(b);
      enter data copyin(c); acc_copyout_async(c, 1) (not the last
      reference); async(1) c += f(a) + f(b); acc_copyout_async(c, 1)
      (the last: copied out on queue 1); after the region's synchronous
      exit the host reads c with no wait: c = 2(f(a) + f(b)). */
#include <openacc.h>
#include <stdio.h>
#define N (1 << 15)
#define M 1001
long a[N], b[N], c[N], a0[N], b0[N], fv[M];

#define F(x, K) for (int k = 0; k < K; k++) x = (x * 3 + 7) % 1000003

static void init(void) {
    for (int i = 0; i < N; i++) {
        a[i] = a0[i] = i % 1000;
        b[i] = b0[i] = (7 * i) % M;
        c[i] = -1;
    }
}

int main(void) {
    int bad = 0, K = acc_get_device_type() == acc_device_nvidia ? 20000 : 50;
    for (int v = 0; v < M; v++) {
        long x = v;
        F(x, K);
        fv[v] = x;
    }
    init();
    acc_copyin_async(a, sizeof a, 1);
    acc_copyin_async(b, sizeof b, 2);
#pragma acc data copyout(c) present(a, b)
    {
#pragma acc parallel loop async(1)
        for (int i = 0; i < N; i++) { long x = a[i]; F(x, K); a[i] = x; }
#pragma acc parallel loop async(2)
        for (int i = 0; i < N; i++) { long x = b[i]; F(x, K); b[i] = x; }
#pragma acc parallel loop async(2) wait(1)
        for (int i = 0; i < N; i++) c[i] = a[i] + b[i];
    }
    for (int i = 0; i < N; i++) bad += c[i] != fv[a0[i]] + fv[b0[i]];
    printf("1: %d wrong\n", bad);
    acc_wait_all();
    acc_delete(a, sizeof a);
    acc_delete(b, sizeof b);

    init();
    bad = 0;
#pragma acc enter data create(c)
#pragma acc data copyin(a, b)
    {
#pragma acc parallel loop present(c) async(1)
        for (int i = 0; i < N; i++) { long x = a[i], y = b[i]; F(x, K); F(y, K); c[i] = x + y; }
#pragma acc enter data copyin(c)
        acc_copyout_async(c, sizeof c, 1);
#pragma acc parallel loop present(c) async(1)
        for (int i = 0; i < N; i++) { long x = a[i], y = b[i]; F(x, K); F(y, K); c[i] += x + y; }
        acc_copyout_async(c, sizeof c, 1);
    }
    for (int i = 0; i < N; i++) bad += c[i] != 2 * (fv[a0[i]] + fv[b0[i]]);
    printf("2: %d wrong\n", bad);
    printf("present: %d\n", acc_is_present(c, sizeof c));
    return 0;
}
