// run
/* collapse(force:2): the loops are not tightly nested; the intervening
   declaration is recomputed for each collapsed iteration. */
#include <stdio.h>
#define R 45
#define C 70
int m[R * C];
int main(void) {
    int off = 3;
#pragma acc parallel loop collapse(force:2) copyout(m)
    for (int i = 0; i < R; i++) {
        int base = i * C;
        for (int j = 0; j < C; j++) m[base + j] = base + j + off;
    }
#pragma acc parallel loop gang vector collapse(force:2) copy(m)
    for (int i = 0; i < R; i++) {
        int sign = i % 2 ? -1 : 1;
        for (int j = 0; j < C; j++) m[i * C + j] *= sign;
    }
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int w = (i * C + j + off) * (i % 2 ? -1 : 1);
            s += m[i * C + j]; bad += m[i * C + j] != w;
        }
    printf("sum %lld bad %d\n", s, bad);
    return 0;
}
