// run
/* Pointer-member sections that do not start at element 0 (OpenACC 3.4
   §2.6.8, §2.7.2): with s present, copy(s.a[10:20]) maps only elements
   10..29 and attaches s.a so that s.a[i] on the device reaches the device
   copy of element i (the pointer is biased by the section's start, since
   s.a[0] itself is not mapped). Elements outside the section keep their
   host values. The same with a heap struct and enter data:
   copyin(f->b[5:10]). */
#include <stdio.h>
#include <stdlib.h>
#define N 40
struct vec {
    int n;
    double *a, *b;
};

int main(void) {
    struct vec s, *f = malloc(sizeof *f);
    s.n = N;
    s.a = malloc(N * sizeof *s.a);
    f->n = N;
    f->a = NULL;
    f->b = malloc(N * sizeof *f->b);
    for (int i = 0; i < N; i++) { s.a[i] = i; f->b[i] = 100 + i; }
#pragma acc data copyin(s) copy(s.a[10:20])
    {
#pragma acc parallel loop present(s)
        for (int i = 10; i < 30; i++) s.a[i] = -s.a[i];
    }
#pragma acc enter data copyin(f[0:1])
#pragma acc enter data copyin(f->b[5:10])
#pragma acc parallel loop present(f[0:1])
    for (int i = 5; i < 15; i++) f->b[i] *= 2;
#pragma acc exit data copyout(f->b[5:10])
#pragma acc exit data delete(f[0:1])
    double sa = 0, sb = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sa += s.a[i];
        sb += f->b[i];
        bad += s.a[i] != (i >= 10 && i < 30 ? -i : i);
        bad += f->b[i] != (i >= 5 && i < 15 ? 2 * (100 + i) : 100 + i);
    }
    printf("a %.1f b %.1f bad %d\n", sa, sb, bad);
    free(s.a);
    free(f->b);
    free(f);
    return 0;
}
