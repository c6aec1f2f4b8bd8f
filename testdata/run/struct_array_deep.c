// run
/* Deep copy of an array of structs with pointer members, element by
   element (OpenACC 3.4 §2.6.8, §2.7.2): enter data copyin(parts[0:K])
   maps the array, then a host loop maps each element's buffer with
   copyin(parts[k].p[0:parts[k].n]), which attaches parts[k].p in the
   device copy of the array; a kernel walks all of them through the
   device array of structs; a second loop copies each buffer back and
   detaches it before the array is deleted. The buffers have different
   lengths. */
#include <stdio.h>
#include <stdlib.h>
#define K 6
struct part {
    int n;
    double w;
    double *p;
};

int main(void) {
    struct part *parts = malloc(K * sizeof *parts);
    int total = 0;
    for (int k = 0; k < K; k++) {
        parts[k].n = 100 + 37 * k;
        parts[k].w = k + 1;
        parts[k].p = malloc(parts[k].n * sizeof(double));
        for (int i = 0; i < parts[k].n; i++) parts[k].p[i] = i;
        total += parts[k].n;
    }
#pragma acc enter data copyin(parts[0:K])
    for (int k = 0; k < K; k++) {
#pragma acc enter data copyin(parts[k].p[0:parts[k].n])
    }
#pragma acc parallel loop gang present(parts[0:K])
    for (int k = 0; k < K; k++) {
#pragma acc loop vector
        for (int i = 0; i < parts[k].n; i++) parts[k].p[i] = parts[k].p[i] * parts[k].w + k;
    }
    for (int k = 0; k < K; k++) {
#pragma acc exit data copyout(parts[k].p[0:parts[k].n])
    }
#pragma acc exit data delete(parts[0:K])
    double s = 0;
    int bad = 0;
    for (int k = 0; k < K; k++)
        for (int i = 0; i < parts[k].n; i++) {
            s += parts[k].p[i];
            bad += parts[k].p[i] != i * (k + 1.0) + k;
        }
    printf("elements %d sum %.1f bad %d\n", total, s, bad);
    for (int k = 0; k < K; k++) free(parts[k].p);
    free(parts);
    return 0;
}
