// run -Wno-race-independent
// env: ACCC_CHECK_ORDER=reverse
/* ACCC_CHECK_ORDER=reverse runs the iterations of the loops a program
   says are independent (gang, worker and vector loops: parallel's loops,
   loop independent) backwards, so that a loop that is not independent
   gives a wrong result, as on a GPU (issue 26's corpus,
   race_shift_forward.c and race_kernels_independent.c: each iteration
   reads what the one before wrote; accc warns of both at compile time,
   race-independent, off here). A seq loop and a reduction keep their
   results. */
#include <stdio.h>
#define N 1000
int main(void) {
    static int a[N];
    static float s[N], v[N];
    int sum = 0, seq[8];
    for (int i = 0; i < N; i++) { a[i] = 0; v[i] = 1.0f; s[i] = 0.0f; }
    s[0] = v[0];
#pragma acc parallel loop copy(a[0:N])
    for (int i = 0; i < N - 1; i++)
        a[i + 1] = a[i] + 1;
#pragma acc kernels copy(s[0:N]) copyin(v[0:N])
    {
#pragma acc loop independent
        for (int i = 1; i < N; i++)
            s[i] = s[i - 1] + v[i];
    }
#pragma acc parallel loop reduction(+:sum) copyin(a[0:N])
    for (int i = 0; i < N; i++)
        sum += a[i];
#pragma acc serial copyout(seq)
    {
        seq[0] = 1;
#pragma acc loop seq
        for (int i = 1; i < 8; i++)
            seq[i] = seq[i - 1] * 2;
    }
    printf("a[N-1]=%d (expected 999) s[N-1]=%g (expected 1000) sum=%d seq[7]=%d\n", a[N - 1], s[N - 1], sum, seq[7]);
    return 0;
}
