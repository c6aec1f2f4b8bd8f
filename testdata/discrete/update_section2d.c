// run
// env: ACCC_CHECK=bounds,undefined,async
// It reads stale copies on purpose (what it tests), which ACCC_CHECK=stale reports.
/* update of parts of a two-dimensional array (OpenACC 3.4 §2.14.4,
   §2.7.1), with separate device memory: a band of whole rows
   m[2:3][0:C], part of one row m[7][10:20], and one row m[5][0:C] the
   other way. m[i][j] = 100i + j on the host; enter data copyin(m); a
   kernel sets D = -(100i + j) - 1.
   1. update self(m[2:3][0:C]) and update self(m[7][10:20]): the host has
      negative values in rows 2..4 (3 * 40 = 120 elements) and in row 7,
      columns 10..29 (20 elements): 140 negative; the rest unchanged.
   2. The host sets row 5 to 7 and update device(m[5][0:C]) sends it; a
      kernel adds 1 everywhere (D: row 5 is 8, the rest -(100i + j)).
      Host unchanged except row 5 (7): 140 negative, row 5 sum 280.
   3. exit data copyout(m): host row 5 is 8 (sum 320) and every other
      element is -(100i + j) <= 0: 1000 - 40 - 1 = 959 negative (m[0][0]
      is 0). */
#include <stdio.h>
#define R 25
#define C 40
int m[R][C];

static void report(const char *tag) {
    long long s = 0, row5 = 0;
    int neg = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            s += m[i][j];
            neg += m[i][j] < 0;
            if (i == 5) row5 += m[i][j];
        }
    printf("%s sum %lld neg %d row5 %lld\n", tag, s, neg, row5);
}

int main(void) {
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) m[i][j] = 100 * i + j;
#pragma acc enter data copyin(m)
#pragma acc parallel loop collapse(2) present(m)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) m[i][j] = -m[i][j] - 1;
#pragma acc update self(m[2:3][0:C])
#pragma acc update self(m[7][10:20])
    report("1:");
    for (int j = 0; j < C; j++) m[5][j] = 7;
#pragma acc update device(m[5][0:C])
#pragma acc parallel loop collapse(2) present(m)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) m[i][j] += 1;
    report("2:");
#pragma acc exit data copyout(m)
    report("3:");
    return 0;
}
