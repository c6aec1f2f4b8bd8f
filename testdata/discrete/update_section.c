// run
/* update of a middle part of an array (OpenACC 3.4 §2.14.4, §2.7.1),
   with separate device memory: only the named section moves.
   a[i] = i; enter data copyin(a); kernel a = -a (D = -i).
   1. update self(a[10:50]): host a[10..59] = -i, the rest still i:
      H = 499500 - 2 * sum_{10..59} i = 499500 - 3450 = 496050;
      negative elements: 50.
   2. The host sets a[i] = 1000 + i; update device(a[100:20]): D is
      1000 + i for i in 100..119 and -i elsewhere; the host is unchanged:
      H = 1499500.
   3. update self(a[0:N]): H = sum_{100..119}(1000 + i) - (499500 - 2190)
      = 22190 - 497310 = -475120; elements >= 1000: 20; negative: 979
      (all but those 20 and a[0] = -0). */
#include <stdio.h>
#define N 1000
double a[N];

static void report(const char *tag) {
    double s = 0;
    int neg = 0, big = 0;
    for (int i = 0; i < N; i++) { s += a[i]; neg += a[i] < 0; big += a[i] >= 1000; }
    printf("%s sum %.1f neg %d big %d\n", tag, s, neg, big);
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc enter data copyin(a)
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] = -a[i];
#pragma acc update self(a[10:50])
    report("1:");
    for (int i = 0; i < N; i++) a[i] = 1000 + i;
#pragma acc update device(a[100:20])
    report("2:");
#pragma acc update self(a[0:N])
    report("3:");
#pragma acc exit data delete(a)
    return 0;
}
