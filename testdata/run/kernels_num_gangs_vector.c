// run
/* A kernels construct's num_gangs sizes its gang loops (OpenACC 3.4
   2.5.3, 2.5.10); a kernel with no gang loop (a vector or worker loop
   alone) runs once, in one gang: a kernels construct has no
   gang-redundant mode, so updates in place must happen once. */
#include <stdio.h>

#define N 1000

static unsigned a[N], b[N];
static double c[64][N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 2 * i;
    }
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < N; j++)
            c[i][j] = i + j;
    int t;
#pragma acc kernels num_gangs(64) copy(a) copyin(b)
    {
#pragma acc loop vector(64) private(t)
        for (int i = 0; i < N; i++) {
            t = 5;
            a[i] = (a[i] + t + b[i]) % 1021u;
        }
    }
#pragma acc kernels num_gangs(1000) num_workers(4) copy(a)
    {
#pragma acc loop worker
        for (int i = 0; i < N; i++)
            a[i] += 1;
    }
    /* With a gang loop, num_gangs applies and each row is done once. */
#pragma acc kernels num_gangs(7) copy(c)
    {
#pragma acc loop gang
        for (int i = 0; i < 64; i++)
#pragma acc loop vector
            for (int j = 0; j < N; j++)
                c[i][j] += 1;
    }
    unsigned long s = 0;
    double d = 0;
    for (int i = 0; i < N; i++)
        s += a[i] * (unsigned long)(i % 13 + 1);
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < N; j++)
            d += c[i][j];
    printf("%lu %.1f\n", s, d);
    return 0;
}
