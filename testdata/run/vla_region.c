// run
/* Local variable-length arrays used inside compute constructs without
   data clauses: each is mapped whole (§2.6.2), from its bounds or, once
   a bound's variable has changed, from the size the array was made
   with. The kernels index them through a pointer to their first row. */
#include <stdio.h>

int n = 100;

static void grow(void) { n = 7; }

int main(void) {
    double c[n];
    double rows[n][4];
    int m = n;
    for (int i = 0; i < m; i++) c[i] = i;
    grow(); /* c and rows keep their 100 rows */
#pragma acc parallel loop
    for (int i = 0; i < m; i++) {
        c[i] = 2 * c[i];
        for (int j = 0; j < 4; j++) rows[i][j] = c[i] + j;
    }
    double s = 0;
    for (int i = 0; i < m; i++) s += c[i] + rows[i][3];
    printf("parallel %.1f\n", s);

    long k = m;
    float v[k];
#pragma acc kernels
    for (long i = 0; i < k; i++) v[i] = (float)i / 2;
    float t = 0;
    for (long i = 0; i < k; i++) t += v[i];
    printf("kernels %.1f\n", t);

#pragma acc data copy(c)
    {
#pragma acc parallel loop
        for (int i = 0; i < m; i++) c[i] += 1;
    }
    s = 0;
    for (int i = 0; i < m; i++) s += c[i];
    printf("data %.1f\n", s);
    return 0;
}
