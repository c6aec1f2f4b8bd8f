// run
// env: ACCC_CHECK=bounds,undefined,async
// It reads stale copies on purpose (what it tests), which ACCC_CHECK=stale reports.
/* A struct's pointer member with separate device memory (OpenACC 3.4
   §2.6.8, §2.14.4): enter data copyin(s) then copyin(s.a[0:N]) attaches
   the member in the device copy of s, so a kernel using s.a[i] changes the
   device array; the host array stays stale until an update of a member
   section, which moves only that part; the host's s.a keeps pointing at
   the host array throughout. s.a[i] = i.
   1. kernel s.a[i] = 3i + s.k (s.k = 1): H = sum i = 499500.
   2. update self(s.a[10:10]): host a[10..19] = 3i + 1:
      H = 499500 + sum_{10..19}(2i + 1) = 499500 + 300 = 499800.
   3. exit data copyout(s.a[0:N]) then delete(s): H = sum(3i + 1) =
      1499500; s.a is still the host pointer. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
struct vec {
    int k;
    double *a;
};

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    struct vec s;
    double *host = malloc(N * sizeof *host);
    s.k = 1;
    s.a = host;
    for (int i = 0; i < N; i++) s.a[i] = i;
#pragma acc enter data copyin(s)
#pragma acc enter data copyin(s.a[0:N])
#pragma acc parallel loop present(s)
    for (int i = 0; i < N; i++) s.a[i] = 3 * s.a[i] + s.k;
    printf("1: %.1f\n", hsum(host));
#pragma acc update self(s.a[10:10])
    printf("2: %.1f\n", hsum(host));
#pragma acc exit data copyout(s.a[0:N])
#pragma acc exit data delete(s)
    printf("3: %.1f same %d\n", hsum(host), s.a == host);
    free(host);
    return 0;
}
