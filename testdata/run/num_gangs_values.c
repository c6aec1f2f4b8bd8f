// run
/* num_gangs values the program computes at run time (OpenACC 3.4
   §2.5.10) that are zero or negative, as a gang count computed as
   size / 1024 is for a small problem: such a value names no number of
   gangs, and the construct runs with the gangs it takes without the
   clause (on the GPU a launch of no gangs fails). Combined and
   separate loop constructs, kernels, a gang reduction, a call in the
   clause, two grid dimensions. */
#include <stdio.h>

static int gangs_for(int n) { return n / 1024; /* 0 for n < 1024 */ }

int main(void) {
    enum { N = 300, M = 7 };
    static double a[N], b[N][M];
    int zero = gangs_for(N), neg = -5;
    long long wide = -((long long)1 << 40);
    double sum = 0;

#pragma acc parallel loop gang vector num_gangs(zero) copyout(a)
    for (int i = 0; i < N; i++)
        a[i] = i;

#pragma acc parallel num_gangs(neg) vector_length(32) copy(a)
    {
#pragma acc loop gang
        for (int i = 0; i < N; i += 10) {
#pragma acc loop vector
            for (int j = i; j < i + 10; j++)
                a[j] += 0.5;
        }
    }

#pragma acc kernels loop gang num_gangs(wide) copy(a)
    for (int i = 0; i < N; i++)
        a[i] *= 2;

#pragma acc parallel loop gang num_gangs(gangs_for(N)) reduction(+:sum) copyin(a)
    for (int i = 0; i < N; i++)
        sum += a[i];

#pragma acc parallel num_gangs(zero, neg) copyout(b)
#pragma acc loop gang(dim:2)
    for (int i = 0; i < N; i++) {
#pragma acc loop gang(dim:1)
        for (int j = 0; j < M; j++)
            b[i][j] = i * 10 + j;
    }

    double bs = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            bs += b[i][j];
    printf("a: %g %g %g\n", a[0], a[N / 2], a[N - 1]);
    printf("sum %g, b %g %g, b sum %g\n", sum, b[0][0], b[N - 1][M - 1], bs);
    return 0;
}
