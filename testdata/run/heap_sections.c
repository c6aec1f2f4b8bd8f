// run
/* Data clauses on heap blocks of each kind, with sections that stay
 * inside them (the whole block, a part, the last elements, none), and on
 * stack and global arrays: on emulate with ACCC_CHECK=all, the bounds
 * check of heap blocks (runtime/src/heap.c) must report none of them. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vec {
  int n;
  double *v;
};

static double glob[300];

int main(void) {
  int n = 1000;
  double s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  double stack[200];
  double *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++) a[i] = i;
  /* the whole block, a part of it, its last elements, nothing */
#pragma acc parallel loop copyin(a[0:n]) reduction(+:s1)
  for (int i = 0; i < n; i++) s1 += a[i];
#pragma acc parallel loop copyin(a[10:20]) reduction(+:s2)
  for (int i = 10; i < 30; i++) s2 += a[i];
#pragma acc parallel loop copyin(a[n-5:5]) reduction(+:s3)
  for (int i = n - 5; i < n; i++) s3 += a[i];
#pragma acc data copyin(a[0:0], a[n:0])
  s4 = 1;
  printf("malloc: %g %g %g %g\n", s1, s2, s3, s4);

  /* calloc, and a block realloc made larger, with a section of its new size */
  int *c = calloc(n, sizeof *c);
  int *r = malloc(10 * sizeof *r);
  r = realloc(r, 2 * n * sizeof *r);
  for (int i = 0; i < 2 * n; i++) r[i] = 1;
  long t1 = 0;
#pragma acc parallel loop copyin(c[0:n], r[0:2*n]) reduction(+:t1)
  for (int i = 0; i < n; i++) t1 += c[i] + r[i] + r[n + i];
  printf("calloc, realloc: %ld\n", t1);

  /* aligned blocks */
  float *x = aligned_alloc(64, 256 * sizeof *x);
  float *z = memalign(128, 256 * sizeof *z);
  float *w = valloc(256 * sizeof *w);
  void *vp;
  if (posix_memalign(&vp, 256, 256 * sizeof(float)) != 0) return 1;
  float *y = vp;
  for (int i = 0; i < 256; i++) x[i] = z[i] = w[i] = 1;
#pragma acc parallel loop copyin(x[0:256], z[0:256], w[0:256]) copyout(y[0:256])
  for (int i = 0; i < 256; i++) y[i] = x[i] + z[i] + w[i];
  printf("aligned: %g %g\n", y[0], y[255]);

  /* a large block, and a section in its middle */
  int big = 200000;
  double *b = malloc(big * sizeof *b);
  for (int i = 0; i < big; i++) b[i] = 0.5;
  s1 = 0;
#pragma acc parallel loop copyin(b[big/2:1000]) reduction(+:s1)
  for (int i = big / 2; i < big / 2 + 1000; i++) s1 += b[i];
  printf("large: %g\n", s1);

  /* a struct member, a string from strdup, a block of 0 bytes */
  struct vec sv;
  sv.n = 50;
  sv.v = malloc(sv.n * sizeof *sv.v);
  for (int i = 0; i < sv.n; i++) sv.v[i] = 2;
  char *str = strdup("openacc");
  int len = (int)strlen(str);
  char *none = malloc(0);
  s1 = 0;
  long t2 = 0;
#pragma acc parallel loop copyin(sv.v[0:sv.n], str[0:len+1], none[0:0]) reduction(+:s1, t2)
  for (int i = 0; i < sv.n; i++) {
    s1 += sv.v[i];
    if (i <= len) t2 += str[i];
  }
  printf("member, strdup: %g %ld\n", s1, t2);

  /* many small blocks, each mapped whole */
  enum { NB = 3000 };
  static int *blk[NB];
  long t3 = 0;
  for (int k = 0; k < NB; k++) {
    int m = 1 + k % 37;
    blk[k] = malloc(m * sizeof(int));
    for (int i = 0; i < m; i++) blk[k][i] = 1;
  }
  for (int k = 0; k < NB; k += 7) {
    int m = 1 + k % 37, *p = blk[k];
#pragma acc parallel loop copyin(p[0:m]) reduction(+:t3)
    for (int i = 0; i < m; i++) t3 += p[i];
  }
  printf("small blocks: %ld\n", t3);

  /* stack and global arrays */
  for (int i = 0; i < 200; i++) stack[i] = 1;
  for (int i = 0; i < 300; i++) glob[i] = 2;
  s1 = 0;
#pragma acc parallel loop copyin(stack[0:200], glob[100:200]) reduction(+:s1)
  for (int i = 0; i < 200; i++) s1 += stack[i] + glob[100 + i];
  printf("stack, global: %g\n", s1);

  for (int k = 0; k < NB; k++) free(blk[k]);
  free(none); free(str); free(sv.v); free(b);
  free(y); free(w); free(z); free(x);
  free(r); free(c); free(a);
  return 0;
}
