// run
/* More exit data than enter data (OpenACC 3.4 §2.6.7, §2.7.12): once the
   dynamic count is zero, further exit data delete/copyout take no action;
   in particular they never touch the structured count of an enclosing
   data region. a[i] = i, separate device memory.
   data copy(a) (sref 1, D = i): enter data copyin(a) twice (dref 2, no
   transfer); kernel a += 5 (D = i + 5); exit data delete(a) three times
   and exit data copyout(a) once: dref 2, 1, 0, then no action; the data is
   still present: a kernel with present(a) doubles it (D = 2i + 10) and
   the host is still stale (H = 499500). At the end of the region sref 0,
   dref 0: copy out: H = sum(2i + 10) = 1009000. */
#include <stdio.h>
#define N 1000
double a[N];

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc data copy(a)
    {
#pragma acc enter data copyin(a)
#pragma acc enter data copyin(a)
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] += 5;
#pragma acc exit data delete(a)
#pragma acc exit data delete(a)
#pragma acc exit data delete(a)
#pragma acc exit data copyout(a)
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] *= 2;
        printf("inside: %.1f\n", hsum());
    }
    printf("after: %.1f\n", hsum());
    return 0;
}
