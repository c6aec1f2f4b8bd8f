// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 's[0:512]', element 1 (kernel main_20): iteration i=1 of the loop at
// stderr: race_kernels_independent.c:20 writes it (
// stderr: race_kernels_independent.c:21) and iteration i=2 reads it (
// stderr: race_kernels_independent.c:21)
/* A prefix sum under kernels with loop independent: the clause asserts
   what is false (iteration i reads s[i-1], which iteration i-1 writes),
   and accc trusts it (§2.9.6) where its own analysis would have kept the
   loop sequential (issue 26's corpus, race_kernels_independent.c). */
#include <stdio.h>
#define N 512
int main(void) {
    static float s[N];
    for (int i = 0; i < N; i++)
        s[i] = 1.0f;
#pragma acc kernels copy(s[0:N])
    {
#pragma acc loop independent
        for (int i = 1; i < N; i++)
            s[i] = s[i - 1] + s[i];
    }
    printf("s[N-1]=%g\n", s[N - 1]);
    return 0;
}
