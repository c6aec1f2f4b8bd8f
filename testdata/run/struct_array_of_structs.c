// run
/* Arrays of structs (OpenACC 3.4 §2.7.1): copy(parts[0:N]) of a global
   array and copyin/copyout of sections of a heap array of structs move
   every member of the elements in the section; elements outside a section
   keep their host values. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
struct particle {
    double x, v;
    int id;
    float w[3];
};
struct particle parts[N];

int main(void) {
    struct particle *ps = malloc(N * sizeof *ps);
    for (int i = 0; i < N; i++) {
        parts[i].x = i;
        parts[i].v = 0.5;
        parts[i].id = i;
        for (int k = 0; k < 3; k++) parts[i].w[k] = k;
        ps[i] = parts[i];
        ps[i].id = -1;
    }
#pragma acc parallel loop copy(parts[0:N])
    for (int i = 0; i < N; i++) {
        parts[i].x += parts[i].v * 4; /* i + 2 */
        parts[i].id *= 2;
        parts[i].w[2] += parts[i].w[1]; /* 3 */
    }
#pragma acc parallel loop copyin(parts[0:N]) copyout(ps[100:800])
    for (int i = 100; i < 900; i++) {
        ps[i] = parts[i];
        ps[i].v = parts[i].x * parts[i].w[2]; /* 3i + 6 */
    }
    double s = 0;
    long long ids = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int in = i >= 100 && i < 900;
        s += parts[i].x + ps[i].v + parts[i].w[2];
        ids += parts[i].id + ps[i].id;
        bad += parts[i].x != i + 2 || parts[i].id != 2 * i || parts[i].w[2] != 3;
        bad += in ? ps[i].v != 3 * i + 6 || ps[i].id != 2 * i || ps[i].x != i + 2
                  : ps[i].v != 0.5 || ps[i].id != -1 || ps[i].x != i;
    }
    printf("sum %.1f ids %lld bad %d\n", s, ids, bad);
    free(ps);
    return 0;
}
