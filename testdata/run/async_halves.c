// run
/* Two queues working on disjoint halves of the same mapped array
   (OpenACC 3.4 §2.16): each half gets two kernels and an update self of
   its own section on its own queue; one wait for both queues precedes the
   host's read. The halves never touch each other, so no cross-queue
   wait is needed. */
#include <stdio.h>
#define N 2000
#define H (N / 2)
float a[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc enter data copyin(a)
#pragma acc parallel loop present(a[0:H]) async(1)
    for (int i = 0; i < H; i++) a[i] = a[i] * 2;
#pragma acc parallel loop present(a[H:H]) async(2)
    for (int i = H; i < N; i++) a[i] = a[i] + 1;
#pragma acc parallel loop present(a[0:H]) async(1)
    for (int i = 0; i < H; i++) a[i] = a[i] + 3; /* 2i + 3 */
#pragma acc parallel loop present(a[H:H]) async(2)
    for (int i = H; i < N; i++) a[i] = a[i] * 0.5f; /* (i + 1) / 2 */
#pragma acc update self(a[0:H]) async(1)
#pragma acc update self(a[H:H]) async(2)
#pragma acc wait(1, 2)
#pragma acc exit data delete(a)
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        float want = i < H ? 2 * i + 3 : (i + 1) * 0.5f;
        s += a[i];
        bad += a[i] != want;
    }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
