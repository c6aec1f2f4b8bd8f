// run
/* Struct members in data clauses (OpenACC 3.4 §2.7.2, §2.6.8): copyin(s)
   maps the struct; copyin(s.a[0:N]) and copy(s.b[0:N]) map what its
   pointer members point to and attach the members (implicit attach,
   since the struct is present), so compute constructs reach the data
   through s.a and s.b. A struct with a fixed-size array member moves
   whole with copy. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
struct vec {
    int n;
    double scale;
    double *a, *b;
};
struct fixed {
    int k;
    double v[N];
};

int main(void) {
    struct vec s;
    static struct fixed fs;
    s.n = N;
    s.scale = 3;
    s.a = malloc(N * sizeof *s.a);
    s.b = malloc(N * sizeof *s.b);
    fs.k = 2;
    for (int i = 0; i < N; i++) { s.a[i] = i; s.b[i] = 1; fs.v[i] = i % 5; }
#pragma acc data copyin(s) copyin(s.a[0:N]) copy(s.b[0:N])
    {
#pragma acc parallel loop present(s)
        for (int i = 0; i < s.n; i++) s.b[i] += s.a[i] * s.scale; /* 3i + 1 */
#pragma acc parallel loop present(s) copy(fs)
        for (int i = 0; i < N; i++) fs.v[i] = fs.v[i] * fs.k + s.b[i]; /* 2(i % 5) + 3i + 1 */
    }
    double sb = 0, sv = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sb += s.b[i];
        sv += fs.v[i];
        bad += s.a[i] != i || s.b[i] != 3 * i + 1 || fs.v[i] != 2 * (i % 5) + 3 * i + 1;
    }
    printf("b %.1f v %.1f bad %d\n", sb, sv, bad);
    free(s.a);
    free(s.b);
    return 0;
}
