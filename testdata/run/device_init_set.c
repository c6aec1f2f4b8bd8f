// run
/* init, set and shutdown (OpenACC 3.4 §2.14.1–2.14.3): the program
   initialises the device, selects device 0, makes queue 5 the default
   async queue (so async without an argument and wait(5) name the same
   queue), does its work, and shuts the device down at the end. A set
   with if(0) changes nothing. */
#include <stdio.h>
#define N 1000
float a[N], b[N];

int main(void) {
    int n = N;
#pragma acc init
#pragma acc set device_num(0)
#pragma acc set default_async(5)
#pragma acc set device_type(nvidia) if(0)
    for (int i = 0; i < n; i++) { a[i] = i; b[i] = 0; }
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
#pragma acc parallel loop present(a[0:n], b[0:n]) async
    for (int i = 0; i < n; i++) b[i] = a[i] * 3;
#pragma acc parallel loop present(a[0:n], b[0:n]) async
    for (int i = 0; i < n; i++) a[i] = b[i] - a[i]; /* 2i */
#pragma acc update self(a[0:n], b[0:n]) async
#pragma acc wait(5)
    double s = 0;
    int bad = 0;
    for (int i = 0; i < n; i++) { s += a[i] + b[i]; bad += a[i] != 2 * i || b[i] != 3 * i; }
#pragma acc exit data delete(a[0:n], b[0:n])
#pragma acc init device_num(0) if(0)
#pragma acc shutdown
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
