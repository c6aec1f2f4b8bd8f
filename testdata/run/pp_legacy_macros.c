// run
/* Macros in the directives gcc -fopenacc leaves unexpanded (the PGI
   Accelerator region and data region; init, shutdown and set before gcc
   13) are replaced where the directive stands (OpenACC 2.1), as in every
   other directive: object-like, function-like, nested, redefined later. */
#include <stdio.h>

#define N 64
#define LAST (N - 1)
#define SECTION(a, last) a[0:last]
#define COPY(x) copy(x)
#define DEV 0
#define TYPE acc_device_default

static double a[N], b[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 2 * i;
    }
#pragma acc init device_num(DEV)
#pragma acc set device_num(DEV)
    /* PGI subarrays name their last element: a[0:N-1] is all of a. */
#pragma acc data region COPY(SECTION(a, LAST)) copyin(b[0:LAST])
    {
#pragma acc region
        {
            for (int i = 0; i < N; i++)
                a[i] += b[i];
        }
    }
#undef LAST
#define LAST (N / 2 - 1)
#pragma acc region copy(a[0:LAST])
    {
        for (int i = 0; i < N / 2; i++)
            a[i] += 1;
    }
    double s = 0;
    for (int i = 0; i < N; i++)
        s += a[i] * (i % 7 + 1);
#pragma acc shutdown device_num(DEV)
    printf("%.1f %.1f %.1f\n", a[0], a[N - 1], s);
    return 0;
}
