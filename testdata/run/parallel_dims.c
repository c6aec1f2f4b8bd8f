// run
/* num_gangs, num_workers and vector_length, including sizes that are not
   powers of two and more gangs than iterations: every iteration runs once. */
#include <stdio.h>
#define N 1001
int hit[N];
static int check(const char *what, int n, int k) {
    int bad = 0;
    for (int i = 0; i < N; i++) bad += hit[i] != (i < n ? k : 0);
    printf("%s bad %d\n", what, bad);
    for (int i = 0; i < N; i++) hit[i] = 0;
    return bad;
}
int main(void) {
    int n = N;
#pragma acc parallel loop gang vector num_gangs(3) vector_length(32)
    for (int i = 0; i < n; i++) hit[i] += 1;
    check("g3v32", n, 1);
#pragma acc parallel loop gang worker vector num_gangs(2) num_workers(3) vector_length(96)
    for (int i = 0; i < n; i++) hit[i] += 2;
    check("g2w3v96", n, 2);
    n = 5;
#pragma acc parallel loop num_gangs(1000) vector_length(128)
    for (int i = 0; i < n; i++) hit[i] += 3;
    check("g1000n5", n, 3);
    n = N;
#pragma acc parallel num_gangs(7) num_workers(2) vector_length(64)
    {
#pragma acc loop gang worker vector
        for (int i = 0; i < n; i++) hit[i] += 4;
    }
    check("region", n, 4);
    return 0;
}
