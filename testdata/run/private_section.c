// run
/* private and firstprivate sections of pointers on compute constructs
   (OpenACC 3.4 §2.5.13, §2.5.14): each gang gets its own elements, which
   the pointer addresses at the section's place; a firstprivate copy starts
   from the original elements. The workers of a gang fill its copy and a
   sequential loop reads all of it, so one copy per gang is needed. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int n = 100;
    double *a = malloc(10 * n * sizeof *a), *c = malloc(n * sizeof *c), *d = malloc(10 * sizeof *d);
    int *e = malloc(40 * sizeof *e), *f = malloc(10 * sizeof *f);
    for (int i = 0; i < 10 * n; i++)
        a[i] = i % 7;
    for (int i = 0; i < 40; i++)
        e[i] = i;
#pragma acc parallel num_gangs(10) num_workers(4) private(c[0:n]) copyin(a[0:10*n]) copyout(d[0:10])
    {
#pragma acc loop gang
        for (int x = 0; x < 10; x++) {
#pragma acc loop worker
            for (int y = 0; y < n; y++)
                c[y] = a[x * n + y] * 2 + x;
            d[x] = 0;
#pragma acc loop seq
            for (int y = 0; y < n; y++)
                d[x] += c[(y + 1) % n];
        }
    }
#pragma acc parallel loop gang firstprivate(e[5:20]) copyout(f[0:10])
    for (int x = 0; x < 10; x++) {
        e[5 + x] += 100;
        f[x] = e[5 + x] + e[24];
        e[5 + x] -= 100;
    }
#pragma acc serial firstprivate(e[10:10]) copyout(f[0:1])
    {
        for (int i = 10; i < 20; i++)
            e[i] *= 2;
        f[0] = e[10] + e[19];
        for (int i = 10; i < 20; i++)
            e[i] /= 2; /* plain C shares e: leave it as it was */
    }
    double sd = 0;
    for (int x = 0; x < 10; x++)
        sd += d[x];
    long sf = 0, se = 0;
    for (int x = 0; x < 10; x++)
        sf += f[x];
    for (int i = 0; i < 40; i++)
        se += e[i];
    printf("d %g f %ld e %ld f0 %d\n", sd, sf, se, f[0]);
    free(a), free(c), free(d), free(e), free(f);
    return 0;
}
