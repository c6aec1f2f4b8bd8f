// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 'h[0:8]', element 0 (kernel main_20): iterations i=0 and i=8 of the loop at
// stderr: race_indirect_histogram.c:21 both write it (
// stderr: race_indirect_histogram.c:22,
// stderr: race_indirect_histogram.c:22)
/* A histogram through an index array without atomic (issue 26's corpus,
   race_indirect_histogram.c): iterations whose keys are equal update the
   same bin. §2.12's atomic update makes it correct (atomic accesses are
   not checked: see testdata/emulate/race_free.c). */
#include <stdio.h>
#define N 1024
#define B 8
int main(void) {
    static int key[N], h[B];
    for (int i = 0; i < N; i++)
        key[i] = i % B;
    for (int b = 0; b < B; b++)
        h[b] = 0;
#pragma acc parallel loop copyin(key[0:N]) copy(h[0:B])
    for (int i = 0; i < N; i++)
        h[key[i]] += 1;
    printf("h[0]=%d\n", h[0]);
    return 0;
}
