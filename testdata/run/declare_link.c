// run
/* declare link at file scope (OpenACC 3.4 §2.13): only a link is made at
   program start; the global gets device memory when a data clause maps
   it (here a data region, then enter/exit data), and compute constructs
   inside use that copy. */
#include <stdio.h>
#define N 1000
double big[N];
int small[N];
#pragma acc declare link(big, small)

int main(void) {
    for (int i = 0; i < N; i++) { big[i] = i; small[i] = 1; }
#pragma acc data copy(big)
    {
#pragma acc parallel loop present(big)
        for (int i = 0; i < N; i++) big[i] = big[i] * 2 + 1;
    }
#pragma acc enter data copyin(small[0:N])
#pragma acc parallel loop present(small) copyin(big)
    for (int i = 0; i < N; i++) small[i] += (int)big[i];
#pragma acc exit data copyout(small[0:N])
    double sb = 0;
    long long ss = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sb += big[i];
        ss += small[i];
        bad += big[i] != 2 * i + 1 || small[i] != 2 * i + 2;
    }
    printf("big %.1f small %lld bad %d\n", sb, ss, bad);
    return 0;
}
