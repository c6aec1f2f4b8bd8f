// run
/* acc_is_present (§3.2.25): whole, partial and zero-length ranges, in and
   out of data regions. */
#include <openacc.h>
#include <stdio.h>

#define N 100
double a[N], b[N];

int main(void) {
    printf("before: %d\n", acc_is_present(a, sizeof a));
#pragma acc data copyin(a[10:50])
    {
        printf("section: %d\n", acc_is_present(a + 10, 50 * sizeof(double)));
        printf("inside it: %d\n", acc_is_present(a + 20, 5 * sizeof(double)));
        printf("one element: %d\n", acc_is_present(a + 59, sizeof(double)));
        printf("zero bytes inside: %d\n", acc_is_present(a + 30, 0));
        printf("zero bytes outside: %d\n", acc_is_present(a + 5, 0));
        printf("running over the end: %d\n", acc_is_present(a + 50, 20 * sizeof(double)));
        printf("starting before: %d\n", acc_is_present(a, 20 * sizeof(double)));
        printf("whole array: %d\n", acc_is_present(a, sizeof a));
        printf("other array: %d\n", acc_is_present(b, sizeof b));
#pragma acc enter data create(b)
        printf("entered: %d\n", acc_is_present(b, sizeof b));
#pragma acc exit data delete(b)
        printf("exited: %d\n", acc_is_present(b, sizeof b));
    }
    printf("after: %d\n", acc_is_present(a + 10, 50 * sizeof(double)));
    printf("null: %d %d\n", acc_is_present(NULL, 0), acc_is_present(NULL, 8));
    return 0;
}
