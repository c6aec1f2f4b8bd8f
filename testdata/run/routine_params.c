// run
/* Routine parameters declared as arrays: double v[n] and
   const double v[static 4] are pointers to their elements (C adjusts
   them), so the device version declares them without a size, which C++
   would reject; a variable-length array's elements reach the routine
   through a pointer to its first row. */
#include <stdio.h>

#pragma acc routine seq
static double sum(int n, double v[n]) {
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}

#pragma acc routine seq
static double pick(int k, const double v[static 4]) { return v[k]; }

int main(void) {
    int n = 8, m = 5;
    double w[n][m], c[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) w[i][j] = i + j;
#pragma acc parallel loop copyin(w, c) copyout(out)
    for (int i = 0; i < n; i++) out[i] = sum(m, &w[i][0]) + pick(i % 4, c);
    for (int i = 0; i < n; i++) printf("%g ", out[i]);
    printf("\n");
    return 0;
}
