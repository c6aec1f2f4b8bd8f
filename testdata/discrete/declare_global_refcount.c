// run
/* The device copy of a global with declare create lives for the whole
   program (OpenACC 3.4 §2.13, §2.6.7): data constructs and enter/exit
   data on it find it present and never copy it out or release it, even
   exit data copyout with finalize; only update moves data. g[i] = i;
   update device(g) (D = i); kernel g *= 2 (D = 2i).
   1. data copy(g) around a kernel g += 1 (D = 2i + 1): present, so no
      copy out at its end: H = sum i = 499500.
   2. enter data copyin(g) then exit data copyout(g) finalize: no copy
      out, still present: H = 499500.
   3. A kernel with present(g) still works: g += 1 (D = 2i + 2);
      update self(g): H = sum(2i + 2) = 1001000. */
#include <stdio.h>
#define N 1000
double g[N];
#pragma acc declare create(g)

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += g[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) g[i] = i;
#pragma acc update device(g)
#pragma acc parallel loop present(g)
    for (int i = 0; i < N; i++) g[i] *= 2;
#pragma acc data copy(g)
    {
#pragma acc parallel loop present(g)
        for (int i = 0; i < N; i++) g[i] += 1;
    }
    printf("1: %.1f\n", hsum());
#pragma acc enter data copyin(g)
#pragma acc exit data copyout(g) finalize
    printf("2: %.1f\n", hsum());
#pragma acc parallel loop present(g)
    for (int i = 0; i < N; i++) g[i] += 1;
#pragma acc update self(g)
    printf("3: %.1f\n", hsum());
    return 0;
}
