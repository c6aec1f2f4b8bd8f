// run
/* assert and abort in compute constructs and routines need no routine
   directive: CUDA has a device __assert_fail (what glibc's assert calls)
   and accc's abort stops the kernel. assert's message names the function
   with __func__ (C99 §6.4.2.2), a static array the device has no copy
   of: kernels use its name as a string literal, here printed too. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#define N 1000

#pragma acc routine seq
static int checked(int i) {
    assert(i >= 0 && i < N);
    return (int)sizeof(__func__) - 1 + i;
}

int main(void) {
    int a[N], len = 0;
#pragma acc parallel loop copyout(a) reduction(max:len)
    for (int i = 0; i < N; i++) {
        assert(i < N);
        if (i >= N)
            abort();
        a[i] = checked(i);
        int l = (int)sizeof(__func__);
        len = len > l ? len : l;
    }
    long s = 0;
    for (int i = 0; i < N; i++)
        s += a[i];
    printf("%ld %d %d\n", s, a[0], len);
    return 0;
}
