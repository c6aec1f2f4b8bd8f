// run
/* declare device_resident at file scope (OpenACC 3.4 §2.13): the array
   lives in device memory only; compute constructs fill it and reduce it
   without any data clause or transfer, and the host sees only the
   reduction results. */
#include <stdio.h>
#define N 1000
double work[N];
#pragma acc declare device_resident(work)

int main(void) {
    double s = 0, m = 0;
#pragma acc parallel loop
    for (int i = 0; i < N; i++) work[i] = 0.5 * i;
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < N; i++) s += work[i];
#pragma acc parallel loop
    for (int i = 0; i < N; i++) work[i] = i % 7;
#pragma acc parallel loop reduction(max:m)
    for (int i = 0; i < N; i++) m = m > work[i] * i ? m : work[i] * i;
    printf("sum %.1f max %.1f\n", s, m);
    return 0;
}
