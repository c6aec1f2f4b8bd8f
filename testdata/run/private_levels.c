// run
/* Private copies at each level (OpenACC 3.4 §2.5.13, §2.9.10): a copy
   private to a gang (or a worker) is shared by the gang's (worker's)
   vector lanes, so values one lane writes are read by another. Each part
   writes its private array in one vector loop and reads it shifted in the
   next one, or fills it in gang-redundant code and reads it in a vector
   loop; a per-thread copy gives wrong sums on a GPU. */
#include <stdio.h>
#define N 300
#define M 64
int main(void) {
    int tmp[M], t;
    int row[M];
    int fp[M];
    long long a[N], b[N], c[N], d[N], e[N];
    int bias = 3, coef = 2;
    for (int k = 0; k < M; k++) fp[k] = k;

    /* private(tmp, t) on a combined gang loop: one copy per gang. */
#pragma acc parallel loop gang private(tmp, t) firstprivate(bias, coef) copyout(a)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector
        for (int k = 0; k < M; k++) tmp[k] = i * coef + k;
        t = 0;
#pragma acc loop vector reduction(+:t)
        for (int k = 0; k < M; k++) t += tmp[(k + 1) % M];
        a[i] = t + bias;
    }

    /* private on the parallel construct: filled in gang-redundant code. */
#pragma acc parallel num_gangs(20) vector_length(32) private(tmp) copyout(b)
    {
#pragma acc loop gang
        for (int i = 0; i < N; i++) {
            for (int k = 0; k < M; k++) tmp[k] = i - k;
            long long s = 0;
#pragma acc loop vector reduction(+:s)
            for (int k = 0; k < M; k++) s += tmp[M - 1 - k] * k;
            b[i] = s;
        }
    }

    /* private to a worker loop, shared by the worker's vector lanes. */
#pragma acc parallel loop gang num_workers(4) vector_length(16) copyout(c)
    for (int i = 0; i < N / 10; i++) {
#pragma acc loop worker private(row)
        for (int j = 0; j < 10; j++) {
#pragma acc loop vector
            for (int k = 0; k < M; k++) row[k] = i * 10 + j + k;
            long long s = 0;
#pragma acc loop vector reduction(+:s)
            for (int k = 0; k < M; k++) s += row[M - 1 - k];
            c[i * 10 + j] = s;
        }
    }

    /* firstprivate array: one initialised copy per gang, changed in
       gang-redundant code and read by the vector lanes. */
#pragma acc parallel loop gang firstprivate(fp) copyout(d)
    for (int i = 0; i < N; i++) {
        fp[i % M] += 1000;
        long long s = 0;
#pragma acc loop vector reduction(+:s)
        for (int k = 0; k < M; k++) s += fp[k];
        d[i] = s;
    }

    /* gang vector loop: a copy per iteration. */
#pragma acc parallel loop private(tmp) copyout(e)
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < M; k++) tmp[k] = i + k;
        long long s = 0;
        for (int k = 0; k < M; k++) s += tmp[k] * tmp[M - 1 - k];
        e[i] = s;
    }

    /* arrays declared in the gang loop's body are private to the gang
       too: shared by its vector lanes, initialised once. */
    long long g[N];
#pragma acc parallel loop gang vector_length(64) copyout(g)
    for (int i = 0; i < N; i++) {
        int loc[M];
        int w[4] = {1, 2, 3, 4};
#pragma acc loop vector
        for (int k = 0; k < M; k++)
            loc[k] = i + k * w[k % 4];
        long long s = 0;
#pragma acc loop vector reduction(+:s)
        for (int k = 0; k < M; k++)
            s += loc[(k + 7) % M];
        g[i] = s;
    }

    int bad = 0;
    long long sum = 0;
    for (int i = 0; i < N; i++) {
        long long ea = 0, eb = 0, ec = 0, ee = 0;
        for (int k = 0; k < M; k++) {
            ea += i * 2 + k;
            eb += (long long)(i - (M - 1 - k)) * k;
            ec += (long long)i + k;
            ee += (long long)(i + k) * (i + M - 1 - k);
        }
        ea += 3;
        /* one gang's copy of fp after its iterations: the rest depends on
           how iterations fall on gangs, but element i % M was raised at
           least once and the others by multiples of 1000. */
        long long base = (long long)M * (M - 1) / 2;
        bad += a[i] != ea;
        bad += b[i] != eb;
        bad += c[i] != ec;
        bad += d[i] < base + 1000 || (d[i] - base) % 1000 != 0;
        bad += e[i] != ee;
        long long eg = 0;
        for (int k = 0; k < M; k++)
            eg += i + k * (k % 4 + 1);
        bad += g[i] != eg;
        sum += a[i] + b[i] + c[i] + e[i];
    }
    printf("sum %lld bad %d\n", sum, bad);
    return 0;
}
