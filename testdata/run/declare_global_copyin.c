// run
/* declare copyin at file scope (OpenACC 3.4 §2.13): the device copies of
   the statically initialised tables are made when the program starts, so
   compute constructs read them without data clauses or update; a later
   host change reaches the device with update device. */
#include <stdio.h>
#define N 1000
static const int tab[8] = {3, 1, 4, 1, 5, 9, 2, 6};
double coef[4] = {0.5, 0.25, 2.0, 4.0};
#pragma acc declare copyin(tab, coef)
int out[N];

int main(void) {
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < N; i++) out[i] = tab[i % 8] * (int)(coef[i % 4] * 4);
    long long s1 = 0;
    for (int i = 0; i < N; i++) s1 += out[i];
    coef[0] = 1.0;
    coef[3] = 0.0;
#pragma acc update device(coef[0:4])
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < N; i++) out[i] = tab[i % 8] * (int)(coef[i % 4] * 4);
    long long s2 = 0;
    for (int i = 0; i < N; i++) s2 += out[i];
    printf("%lld %lld\n", s1, s2);
    return 0;
}
