// run
/* Synchronous work after async work that nobody waited for (OpenACC 3.4
   §2.16; V&V acc_copyin_async.c, acc_copyout_async.c): accc, like NVHPC,
   orders a synchronous operation after everything queued on async queues
   before it, so the programs below, which never wait for queues 1 and 2
   before a synchronous copy-out, free or update, see the kernels' results.
   On a GPU the kernels are slow (F iterates K = 20000 times per element),
   so that a copy that overtook them would read stale device memory;
   elsewhere K = 50. f is F on the host, a table of its values.
   1. data copyin(a, b) copyout(c): async(1) a = f(a), async(2) b = f(b),
      async(2) wait(1) c = a + b; the region's synchronous exit copies c
      out (and frees a and b) with no wait before it.
   2. enter data create(c); data copyin(a, b): async(1) c = f(a) + f(b),
      update self(c) async(1), async(1) c += f(a) + f(b), update self(c)
      async(1); after the region (a synchronous exit that frees a and b)
      the host reads c with no wait: c = 2(f(a) + f(b)).
   3. async(1) d = f(a) on present data, then a synchronous update
      self(d).
   4. async(1) d = f(b), then a synchronous kernel d += 1, then update
      self(d): d = f(b) + 1.
   Each line counts the wrong elements. */
#include <stdio.h>
#ifdef _OPENACC
#include <openacc.h>
#endif
#define N (1 << 15)
#define M 1001 /* a and b take values below M */
long a[N], b[N], c[N], d[N], a0[N], b0[N], fv[M];

/* x = f(x), as a statement for the kernels. */
#define F(x, K) for (int k = 0; k < K; k++) x = (x * 3 + 7) % 1000003

static int iterations(void) {
#ifdef _OPENACC
    if (acc_get_device_type() == acc_device_nvidia)
        return 20000;
#endif
    return 50;
}

static void init(void) {
    for (int i = 0; i < N; i++) {
        a[i] = a0[i] = i % 1000;
        b[i] = b0[i] = (7 * i) % M;
        c[i] = d[i] = -1;
    }
}

int main(void) {
    int bad = 0, K = iterations();
    for (int v = 0; v < M; v++) {
        long x = v;
        F(x, K);
        fv[v] = x;
    }
    init();
#pragma acc data copyin(a, b) copyout(c)
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

    init();
    bad = 0;
#pragma acc enter data create(c)
#pragma acc data copyin(a, b)
    {
#pragma acc parallel loop present(c) async(1)
        for (int i = 0; i < N; i++) { long x = a[i], y = b[i]; F(x, K); F(y, K); c[i] = x + y; }
#pragma acc update self(c) async(1)
#pragma acc parallel loop present(c) async(1)
        for (int i = 0; i < N; i++) { long x = a[i], y = b[i]; F(x, K); F(y, K); c[i] += x + y; }
#pragma acc update self(c) async(1)
    }
    for (int i = 0; i < N; i++) bad += c[i] != 2 * (fv[a0[i]] + fv[b0[i]]);
    printf("2: %d wrong\n", bad);
#pragma acc exit data delete(c)

    bad = 0;
#pragma acc data copyin(a, b) create(d)
    {
#pragma acc parallel loop present(d) async(1)
        for (int i = 0; i < N; i++) { long x = a[i]; F(x, K); d[i] = x; }
#pragma acc update self(d)
        for (int i = 0; i < N; i++) bad += d[i] != fv[a0[i]];
        printf("3: %d wrong\n", bad);

        bad = 0;
#pragma acc parallel loop present(d) async(1)
        for (int i = 0; i < N; i++) { long x = b[i]; F(x, K); d[i] = x; }
#pragma acc parallel loop present(d)
        for (int i = 0; i < N; i++) d[i] += 1;
#pragma acc update self(d)
        for (int i = 0; i < N; i++) bad += d[i] != fv[b0[i]] + 1;
        printf("4: %d wrong\n", bad);
    }
    return 0;
}
