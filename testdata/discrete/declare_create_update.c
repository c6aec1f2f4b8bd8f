// run
/* declare create of a global (OpenACC 3.4 §2.13), with separate device
   memory: the device copy exists for the whole program and only update
   moves data between the copies. g[i] = i on the host.
   1. update device(g); kernel g *= 2 (D = 2i): the host is stale:
      H = sum i = 499500.
   2. update self(g[0:N/2]): host g[i] = 2i for i < 500:
      H = 249500 + 374750 = 624250.
   3. A kernel with no data clause adds 1 (D = 2i + 1); the host sets
      g[999] = 0 and update self(g[0:10]): H = 624250 + 10 - 999 = 623261.
   4. update self(g): H = sum(2i + 1) = 1000000. */
#include <stdio.h>
#define N 1000
double g[N];
#pragma acc declare create(g)

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += g[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) g[i] = i;
#pragma acc update device(g)
#pragma acc parallel loop present(g)
    for (int i = 0; i < N; i++) g[i] *= 2;
    printf("1: %.1f\n", hsum());
#pragma acc update self(g[0:N/2])
    printf("2: %.1f\n", hsum());
#pragma acc parallel loop
    for (int i = 0; i < N; i++) g[i] += 1;
    g[N - 1] = 0;
#pragma acc update self(g[0:10])
    printf("3: %.1f\n", hsum());
#pragma acc update self(g)
    printf("4: %.1f\n", hsum());
    return 0;
}
