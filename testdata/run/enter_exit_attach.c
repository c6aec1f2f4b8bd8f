// run
/* attach and detach with attachment counters (OpenACC 3.4 §2.6.8,
   §2.7.13–2.7.14): the struct and the buffer its member points to are
   mapped separately, so nothing is attached until attach(v.p); a data
   region's attach and a second enter data attach raise the counter, and
   the pointer stays attached until detach (or detach with finalize)
   brings it back to zero. Every kernel goes through the device copy of
   v, so it only works while v.p is attached. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
struct vec {
    int n;
    double *p;
};

int main(void) {
    struct vec v;
    double *buf = malloc(N * sizeof *buf);
    v.n = N;
    v.p = buf;
    for (int i = 0; i < N; i++) buf[i] = i;
#pragma acc enter data copyin(v) copyin(buf[0:N])
#pragma acc enter data attach(v.p)
#pragma acc data attach(v.p)
    {
#pragma acc parallel loop present(v)
        for (int i = 0; i < N; i++) v.p[i] = v.p[i] * 2 + 1; /* 2i + 1 */
    }
#pragma acc enter data attach(v.p)
#pragma acc exit data detach(v.p)
#pragma acc parallel loop present(v)
    for (int i = 0; i < N; i++) v.p[i] += 1; /* 2i + 2 */
#pragma acc exit data detach(v.p) finalize
#pragma acc exit data copyout(buf[0:N]) delete(v)
    double s = 0;
    int bad = v.p != buf;
    for (int i = 0; i < N; i++) { s += buf[i]; bad += buf[i] != 2 * i + 2; }
    printf("sum %.1f bad %d\n", s, bad);
    free(buf);
    return 0;
}
