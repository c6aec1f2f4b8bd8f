// run
/* A three-level nest: gang over i, worker over j, vector over k. */
#include <stdio.h>
#define NI 7
#define NJ 5
#define NK 130
int a[NI][NJ][NK];
int main(void) {
#pragma acc parallel num_gangs(4) num_workers(4) vector_length(32) copyout(a)
    {
#pragma acc loop gang
        for (int i = 0; i < NI; i++)
#pragma acc loop worker
            for (int j = 0; j < NJ; j++)
#pragma acc loop vector
                for (int k = 0; k < NK; k++)
                    a[i][j][k] = i * 10000 + j * 1000 + k;
    }
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++) { s += a[i][j][k]; bad += a[i][j][k] != i * 10000 + j * 1000 + k; }
    printf("sum %lld bad %d\n", s, bad);
#pragma acc parallel loop gang worker copy(a)
    for (int i = 0; i < NI; i++)
#pragma acc loop vector
        for (int k = 0; k < NK; k++) a[i][0][k] = -a[i][0][k];
    s = 0;
    for (int i = 0; i < NI; i++) for (int k = 0; k < NK; k++) s += a[i][0][k];
    printf("row0 sum %lld\n", s);
    return 0;
}
