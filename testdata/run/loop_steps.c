// run
/* Loop steps as C defines them: steps that are variables, counting up and
   down, in parallel, vector and kernels loops (checked when each loop
   starts, OpenACC 3.4 §2.9); a variable step that is zero or goes the
   wrong way while the condition is false from the start (no iteration);
   seq loops that are not counted loops (i *= 2, a zero step left by a
   break) and a kernels loop with a zero step, which run as written. */
#include <stdio.h>
#define N 1000

int main(int argc, char **argv) {
    static int a[N], b[N], c[N];
    int s = argc + 2, t = argc + 6, z = argc - 1, neg = -argc, n = N;
    (void)argv;
    for (int i = 0; i < N; i++)
        a[i] = b[i] = c[i] = 0;
#pragma acc parallel loop copy(a)
    for (int i = 0; i < n; i += s)
        a[i] += 1;
#pragma acc parallel loop copy(a)
    for (int i = n - 1; i >= 0; i -= t)
        a[i] += 2;
#pragma acc parallel loop collapse(2) copy(b)
    for (int i = 0; i < 10; i += s)
        for (int j = 0; j < n; j += t * 10)
            b[i + j] += 1;
#pragma acc parallel loop gang copy(c)
    for (int i = 0; i < 10; i++) {
        int step = i + 1;
#pragma acc loop vector
        for (int j = i; j < n / 10; j += step)
            c[i * (n / 10) + j] += 1; /* each gang its own part of c */
    }
    /* No iteration: the condition is false at the start. */
#pragma acc parallel loop copy(a)
    for (int i = n; i < n; i += z)
        a[i - 1] = -100;
#pragma acc parallel loop copy(a)
    for (int i = 0; i > n; i -= neg)
        a[0] = -100;
    long sa = 0, sb = 0, sc = 0;
    for (int i = 0; i < N; i++) {
        sa += (long)a[i] * (i + 1);
        sb += (long)b[i] * (i + 1);
        sc += (long)c[i] * (i + 1);
    }
    printf("%ld %ld %ld\n", sa, sb, sc);

    /* Sequential loops that are not counted loops run as written. */
    int pow2 = 0, spins = 0, kspins = 0;
#pragma acc parallel loop copy(a) reduction(+:pow2, spins)
    for (int j = 0; j < 4; j++) {
#pragma acc loop seq
        for (int i = 1; i < n; i *= 2)
            pow2 += i;
#pragma acc loop seq
        for (int i = 0; i < n; i += z) {
            spins++;
            if (spins % 5 == 0)
                break;
        }
    }
#pragma acc kernels copy(kspins)
    for (int i = 0; i < n; i += z)
        if (++kspins == 7)
            break;
    printf("%d %d %d\n", pow2, spins, kspins);
    return 0;
}
