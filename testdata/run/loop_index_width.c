// run
/* Loop counters and index arithmetic (issue 11): loops whose bounds
   provably fit count in 32 bits, others in 64 bits, and both are exact
   at their limits. A long bound of 2^32 + 5 iterations would wrap a
   32-bit counter; a long index stepping past 2^32 would wrap 32-bit index
   arithmetic; an int bound of INT_MAX is the largest 32-bit loop (on a
   GPU with 2^31 threads its grid-stride increment reaches 2^32 - 2, and a
   wrap would run iterations twice); int loops near INT_MAX and INT_MIN check the index
   formula of 32-bit loops. The big loops only count, which C compilers
   may reduce to a closed form: what they check is the trip count. */
#include <limits.h>
#include <stdio.h>

int main(void) {
    long n = 4294967296L + 5; /* 2^32 + 5 */
    long count = 0;
#pragma acc parallel loop reduction(+:count)
    for (long i = 0; i < n; i++)
        count += 1;
    printf("long bound: %ld iterations\n", count);

    long big = 9000000000L, step = 1000003;
    long sum = 0, far = 0;
#pragma acc parallel loop reduction(+:sum) reduction(max:far)
    for (long i = 5000000000L; i < big; i += step) {
        sum += i % 1000;
        far = i > far ? i : far;
    }
    printf("long index: sum %ld last %ld\n", sum, far);

    int m = INT_MAX;
    long count32 = 0, edge = 0;
#pragma acc parallel loop reduction(+:count32)
    for (int i = 0; i < m; i++)
        count32 += 1;
    /* 2^24 gangs of 128 threads: the last thread's grid-stride increment
       reaches 2^32 - 2, just below where 32 bits would wrap. */
#pragma acc parallel loop num_gangs(16777216) vector_length(128) reduction(+:edge)
    for (int i = 0; i < m; i++)
        edge += 1;
    printf("int bound: %ld and %ld iterations\n", count32, edge);

    long hi = 0, lo = 0;
    int top = 0, lowest = 0;
#pragma acc parallel loop reduction(+:hi) reduction(max:top)
    for (int i = INT_MAX - 1000; i < INT_MAX; i++) {
        hi += i - (INT_MAX - 1000);
        top = i > top ? i : top;
    }
#pragma acc parallel loop reduction(+:lo) reduction(min:lowest)
    for (int i = INT_MIN + 1000; i >= INT_MIN + 2; i -= 3) {
        lo += i - INT_MIN;
        lowest = i < lowest ? i : lowest;
    }
    printf("near INT_MAX: sum %ld top %d\n", hi, top);
    printf("near INT_MIN: sum %ld lowest %d\n", lo, lowest);
    return 0;
}
