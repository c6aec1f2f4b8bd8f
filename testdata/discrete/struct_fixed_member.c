// run
/* A struct with a fixed-size array member and scalar members, with
   separate device memory (OpenACC 3.4 §2.7.1, §2.14.4): update of a
   section of the array member and of one scalar member move only those
   bytes. fs.k = 2, fs.v[i] = i; enter data copyin(fs).
   1. kernel v = v * k (D: v = 2i); update self(fs.v[100:50]): host v is
      2i for 100..149, i elsewhere: sum = 499500 + 6225 = 505725; k 2.
   2. host k = 5, update device(fs.k); host sets every v to 0 (device
      unchanged); kernel v += k (D: v = 2i + 5); update self(fs.v[0:10]):
      host sum = sum_{i<10}(2i + 5) = 140.
   3. exit data copyout(fs): v = 2i + 5 (sum 1004000), k 5. */
#include <stdio.h>
#define N 1000
struct fixed {
    int k;
    double v[N];
};
struct fixed fs;

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += fs.v[i];
    return s;
}

int main(void) {
    fs.k = 2;
    for (int i = 0; i < N; i++) fs.v[i] = i;
#pragma acc enter data copyin(fs)
#pragma acc parallel loop present(fs)
    for (int i = 0; i < N; i++) fs.v[i] *= fs.k;
#pragma acc update self(fs.v[100:50])
    printf("1: %.1f k %d\n", hsum(), fs.k);
    fs.k = 5;
#pragma acc update device(fs.k)
    for (int i = 0; i < N; i++) fs.v[i] = 0;
#pragma acc parallel loop present(fs)
    for (int i = 0; i < N; i++) fs.v[i] += fs.k;
#pragma acc update self(fs.v[0:10])
    printf("2: %.1f\n", hsum());
#pragma acc exit data copyout(fs)
    printf("3: %.1f k %d\n", hsum(), fs.k);
    return 0;
}
