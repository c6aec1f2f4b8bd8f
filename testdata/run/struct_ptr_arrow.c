// run
/* A heap struct reached through a pointer (OpenACC 3.4 §2.7.2, §2.6.8):
   enter data copyin(f[0:1]) maps the struct, then copyin(f->p[0:n]) and
   create(f->q[0:n]) map its members' targets and attach f->p and f->q in
   the device copy of *f; a compute construct uses f->p[i] and f->q[i];
   exit data copyout(f->q[0:n]) brings the result back before the struct
   is deleted. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
struct field {
    int n;
    float *p, *q;
};

int main(void) {
    struct field *f = malloc(sizeof *f);
    int n = N;
    f->n = n;
    f->p = malloc(n * sizeof *f->p);
    f->q = malloc(n * sizeof *f->q);
    for (int i = 0; i < n; i++) { f->p[i] = i; f->q[i] = -1; }
#pragma acc enter data copyin(f[0:1])
#pragma acc enter data copyin(f->p[0:n]) create(f->q[0:n])
#pragma acc parallel loop present(f[0:1])
    for (int i = 0; i < n; i++) f->q[i] = f->p[i] * 2 + f->n; /* 2i + N */
#pragma acc serial present(f[0:1])
    {
        f->q[0] = 7;
    }
#pragma acc exit data copyout(f->q[0:n]) delete(f->p[0:n])
#pragma acc exit data delete(f[0:1])
    double s = 0;
    int bad = f->q[0] != 7;
    for (int i = 1; i < n; i++) { s += f->q[i]; bad += f->q[i] != 2 * i + N || f->p[i] != i; }
    printf("q[0] %.1f sum %.1f bad %d\n", f->q[0], s, bad);
    free(f->p);
    free(f->q);
    free(f);
    return 0;
}
