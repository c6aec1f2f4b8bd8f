// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 'last[0]' (kernel main_16): iterations i=0 and i=2 of the loop at
// stderr: race_write_write.c:17 both write it (
// stderr: race_write_write.c:19,
// stderr: race_write_write.c:19)
/* The "last value" idiom: every iteration stores into last[0], which
   keeps whichever iteration a GPU runs last, not the sequential loop's
   last one (§2.9: no order between the iterations). */
#include <stdio.h>
#define N 100
int main(void) {
    int a[N], last[1] = {-1};
    for (int i = 0; i < N; i++)
        a[i] = i * 3;
#pragma acc parallel loop copyin(a) copy(last)
    for (int i = 0; i < N; i++)
        if (a[i] % 2 == 0)
            last[0] = a[i];
    printf("last=%d\n", last[0]);
    return 0;
}
