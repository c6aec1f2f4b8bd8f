// run
/* exit data that must do nothing (OpenACC 3.4 §2.7.9, §2.7.12): copyout
   and delete of data that is not present are no-ops, not errors; inside a
   data region, exit data copyout/delete (even with finalize) of data the
   region mapped finds no dynamic reference, so it neither copies nor
   unmaps: the data stays present for the next construct and is copied
   back once, at the end of the region. */
#include <stdio.h>
#define N 1000
double a[N], b[N];

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 1; }
#pragma acc exit data copyout(a) delete(b)
#pragma acc exit data delete(b[0:N]) finalize
#pragma acc exit data copyout(b[10:20]) finalize
#pragma acc data copy(a)
    {
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc exit data copyout(a)
#pragma acc exit data delete(a) finalize
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] *= 2; /* 2i + 2 */
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i] + b[i]; bad += a[i] != 2 * i + 2 || b[i] != 1; }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
