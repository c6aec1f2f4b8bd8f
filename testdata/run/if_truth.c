// run
/* The if clause of data, host_data, enter data, exit data and update
   takes any scalar (OpenACC 3.4 §2.6.5, §2.8, §2.14): a double or a
   pointer is true when it is not zero. The condition was converted to int,
   so if(0.5) was false (the data region was not created, and the present
   clause inside failed on -acc=emulate) and a pointer was rejected by the
   host compiler with gcc 14 (found by FuzzBackend). */
#include <stdio.h>
#define N 32
int main(void) {
    double a[N], b[N], half = 0.5, none = 0.0;
    double *p = b;
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; }
#pragma acc data if(half) copy(a)
    {
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc host_data if(p) use_device(a)
        {
            b[0] = 1;
        }
    }
#pragma acc enter data if(p) copyin(b[0:N])
#pragma acc parallel loop present(b[0:N]) copyin(a)
    for (int i = 0; i < N; i++) b[i] = 2 * a[i];
#pragma acc exit data if(half) copyout(b[0:N])
#pragma acc data if(none) copy(a)
    {
#pragma acc update self(a) if(none)
        a[0] = -1;
    }
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i] + b[i];
    printf("sum %g a[0] %g b[%d] %g\n", s, a[0], N - 1, b[N - 1]);
    return 0;
}
