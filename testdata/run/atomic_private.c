// run
/* Atomic constructs (2.12) on variables private to a gang, a worker or a
   vector lane: a lane's own copy is updated in place, a copy the gang's
   or worker's threads share is one object that they update atomically,
   a firstprivate copy is the gang's own; a vector routine's local is
   its worker's, which the lanes of its loop update atomically. */
#include <stdio.h>
#define N 64
#define M 100
int a[N][M];
#pragma acc routine vector
static int count(const int *row, int m) {
    int c = 0;
#pragma acc loop vector
    for (int j = 0; j < m; j++)
        if (row[j] > 2) {
#pragma acc atomic update
            c++;
        }
    return c;
}
int main(void) {
    int lanes = 0, counts[N], rcounts[N], sums[N], tickets[N], wcounts[N], first = 5, dev = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) a[i][j] = (i * 7 + j * 3) % 5;
    /* A lane's own variable. */
#pragma acc parallel loop vector reduction(+:lanes)
    for (int i = 0; i < 1000; i++) {
        int v = 0;
        for (int j = 0; j < 10; j++) {
#pragma acc atomic update
            ++v;
        }
        lanes += v == 10;
    }
    /* A gang's variable, updated by the vector lanes of its loop. */
#pragma acc parallel loop gang copyout(counts)
    for (int i = 0; i < N; i++) {
        int cnt = 0;
#pragma acc loop vector
        for (int j = 0; j < M; j++)
            if (a[i][j] > 2) {
#pragma acc atomic update
                cnt++;
            }
        counts[i] = cnt;
    }
    /* The same count in a vector routine. */
#pragma acc parallel loop gang copyout(rcounts)
    for (int i = 0; i < N; i++)
        rcounts[i] = count(a[i], M);
    /* A gang loop's private variable, and a capture that hands out slots. */
    int s, slot[N][M];
#pragma acc parallel loop gang private(s) copyout(sums, tickets)
    for (int i = 0; i < N; i++) {
        s = 0;
        int n = 0;
#pragma acc loop vector
        for (int j = 0; j < M; j++) {
            int k;
#pragma acc atomic update
            s += a[i][j];
            if (a[i][j] == 4) {
#pragma acc atomic capture
                k = n++;
                slot[i][k] = j;
            }
        }
        int t = 0;
        for (int k = 0; k < n; k++) t += slot[i][k];
        sums[i] = s;
        tickets[i] = t;
    }
    /* A worker's variable, updated by its vector lanes. */
#pragma acc parallel loop gang worker num_workers(4) vector_length(32) copyout(wcounts)
    for (int i = 0; i < N; i++) {
        int w = 0;
#pragma acc loop vector
        for (int j = 0; j < M; j++) {
#pragma acc atomic update
            w += a[i][j] & 1;
        }
        wcounts[i] = w;
    }
    /* A firstprivate scalar: the one gang's copy. */
#pragma acc parallel num_gangs(1) vector_length(64) firstprivate(first) copy(dev)
    {
#pragma acc loop vector
        for (int j = 0; j < M; j++) {
#pragma acc atomic update
            first += 2;
        }
        dev = first;
    }
    long c = 0, rc = 0, sm = 0, tk = 0, wc = 0;
    for (int i = 0; i < N; i++) {
        c += counts[i] * (i + 1);
        rc += rcounts[i] * (i + 1);
        sm += sums[i] * (i + 1);
        tk += tickets[i];
        wc += wcounts[i] * (i + 1);
    }
    printf("%d %ld %ld %ld %ld %ld %d\n", lanes, c, rc, sm, tk, wc, dev);
    return 0;
}
