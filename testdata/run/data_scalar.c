// run
/* Scalars in data clauses (OpenACC 3.4 §2.6.2, §2.7): a scalar that
   appears in a visible data clause (here, of the enclosing data region)
   is not firstprivate in a compute construct: the construct uses its
   device copy, which the region copies back at its end. Explicit
   present, copy of an already present scalar, update self of a scalar
   and a kernels construct all see the same device copy. */
#include <stdio.h>
#define N 1000
double v[N];

int main(void) {
    int count = 0;
    double total = 1, scale = 2;
    for (int i = 0; i < N; i++) v[i] = i;
#pragma acc data copy(count, total) copyin(scale, v)
    {
#pragma acc serial present(count, total)
        {
            count += 5;
            total *= 3;
        }
#pragma acc serial
        {
            count += 1; /* the device copy: 6 */
            total += v[N - 1] * scale; /* 3 + 1998 = 2001 */
        }
#pragma acc serial copy(count)
        {
            count *= 2; /* present: no transfer; 12 */
        }
#pragma acc update self(count)
        printf("count inside %d\n", count);
#pragma acc kernels
        {
            total -= 1; /* 2000 */
        }
    }
    printf("count %d total %.1f\n", count, total);
    return 0;
}
