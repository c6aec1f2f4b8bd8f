// run
/* Pointers that an enclosing data construct, or an earlier enter data
   directive, maps with a section: a compute construct finds that
   section present. */
#include <stdio.h>
#include <stdlib.h>

static void region(int n, double *p, double *q) {
#pragma acc data copy(p[0:n]) copyin(q[1:n-2])
    {
#pragma acc parallel loop
        for (int i = 1; i < n - 1; i++)
            p[i] = q[i] * 2 + q[(i * 3) % (n - 2) + 1];
#pragma acc update self(p[0:n])
        printf("region updated %.1f %.1f\n", p[1], p[n - 2]);
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            p[i] += 1;
    }
}

static void unstructured(int n) {
    float *v = malloc(n * sizeof *v);
    float *w = malloc(2 * n * sizeof *w);
    for (int i = 0; i < n; i++) v[i] = i;
    for (int i = 0; i < 2 * n; i++) w[i] = 0;
#pragma acc enter data copyin(v[0:n], w[0:2*n])
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        w[(i * 7) % (2 * n)] = v[(i * 3) % n] + 1;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        v[(i * 7) % n] *= 2;
#pragma acc update self(v[0:n])
    double sv = 0;
    for (int i = 0; i < n; i++) sv += v[i] * (i % 3);
    printf("unstructured v %.1f %.1f\n", sv, (double)v[n - 1]);
#pragma acc exit data copyout(w[0:2*n]) delete(v[0:n])
    double s = 0;
    for (int i = 0; i < 2 * n; i++) s += w[i] * (i % 4);
    printf("unstructured w %.1f\n", s);
    free(v); free(w);
}

int main(void) {
    int n = 100;
    double *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
    for (int i = 0; i < n; i++) { p[i] = i; q[i] = n - i; }
    region(n, p, q);
    double s = 0;
    for (int i = 0; i < n; i++) s += p[i] * (i % 3);
    printf("region %.1f\n", s);
    unstructured(500);
    free(p); free(q);
    return 0;
}
