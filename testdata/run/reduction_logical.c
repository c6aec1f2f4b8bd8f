// run
/* reduction(&&) and reduction(||) on int, char and double, with all-true,
   one-false and none-true data. */
#include <stdio.h>
#define N 900
int a[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = i + 1;
    int all = 1, one_false = 1, any = 0, none = 0;
    char call = 1, cany = 0;
    double dall = 1, dany = 0;
#pragma acc parallel loop reduction(&&:all, one_false, call, dall) reduction(||:any, none, cany, dany)
    for (int i = 0; i < N; i++) {
        all = all && a[i] > 0;
        one_false = one_false && a[i] != 613;
        call = call && a[i] % 1000;
        double h = a[i] * 0.5, g = a[i] - 900.0;
        dall = dall && h;
        any = any || a[i] == 777;
        none = none || a[i] > N;
        cany = cany || a[i] % 450 == 0;
        dany = dany || g;
    }
    printf("&& %d %d %d %g\n", all, one_false, call, dall);
    printf("|| %d %d %d %g\n", any, none, cany, dany);
    int t = 0;
#pragma acc parallel loop reduction(||:t)
    for (int i = 0; i < N; i++) t = t || a[i] == 900;
    printf("last %d\n", t);
    return 0;
}
