// run
/* acc_copyin and acc_copyout (§3.2.18-3.2.19) with dynamic reference
   counts: the data stays on the device until the last copyout, which
   copies it back; compute regions find it present. */
#include <openacc.h>
#include <stdio.h>

#define N 1000
double a[N], b[N];

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = -1; }
    double *d = acc_copyin(a, sizeof a);
    printf("device address returned: %d\n", d != NULL);
    printf("same address again: %d\n", acc_copyin(a, sizeof a) == d);  /* count 2 */
    printf("alias pcopyin: %d\n", acc_pcopyin(a, sizeof a) == d);       /* count 3 */
    printf("alias present_or_copyin: %d\n", acc_present_or_copyin(a + 10, 8) == d + 10); /* count 4 */
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] = a[i] * 3;
    acc_copyout(a, sizeof a);
    acc_copyout(a, sizeof a);
    acc_copyout(a, sizeof a);
    printf("present before the last copyout: %d\n", acc_is_present(a, sizeof a));
    acc_copyout(a, sizeof a);
    printf("present after it: %d\n", acc_is_present(a, sizeof a));
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    printf("sum %.0f\n", s);

    /* copyout of data that is not present does nothing */
    acc_copyout(b, sizeof b);
    printf("b untouched: %.0f\n", b[5]);

    /* copyin inside a data region: the region keeps the data, the
       copyout of the dynamic reference does not copy back */
#pragma acc data copy(b)
    {
        acc_copyin(b, sizeof b);
#pragma acc parallel loop present(b)
        for (int i = 0; i < N; i++) b[i] = i;
        acc_copyout(b, sizeof b);
        printf("inside the region: present %d\n", acc_is_present(b, sizeof b));
    }
    s = 0;
    for (int i = 0; i < N; i++) s += b[i];
    printf("sum %.0f\n", s);

    /* async: the copy back completes by acc_wait */
    acc_copyin_async(a, sizeof a, 3);
#pragma acc parallel loop present(a) async(3)
    for (int i = 0; i < N; i++) a[i] = 1;
    acc_copyout_async(a, sizeof a, 3);
    acc_wait(3);
    s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    printf("sum %.0f present %d\n", s, acc_is_present(a, sizeof a));
    return 0;
}
