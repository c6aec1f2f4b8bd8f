// run
/* accc names the kernel of the construct at line 24 of sum sum_24_gpu
   (PGI's scheme), its C function on the CPU targets sum_24_cpu and its
   launch stub sum_24_gpu_launch. The program declares those names
   itself: the kernel takes the next number (sum_24_2_gpu) instead of
   meeting them in the generated code, where the host compiler would
   reject a second sum_24_cpu or call the user's function. Keep the
   directive at line 24. */
#include <stdio.h>
#define N 100

static int sum_24_cpu(int x) { return x + 1; }
static int sum_24_gpu_launch = 5;
static int sum_24_gpu = 7;







static long sum(const int *a, int n) {
    long s = 0;
#pragma acc parallel loop reduction(+:s) copyin(a[0:n])
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

int main(void) {
    int a[N];
    for (int i = 0; i < N; i++)
        a[i] = i;
    printf("%ld %d %d %d\n", sum(a, N), sum_24_cpu(1), sum_24_gpu_launch, sum_24_gpu);
    return 0;
}
