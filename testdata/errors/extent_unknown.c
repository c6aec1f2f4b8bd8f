// errorcheck -acc=host -fmax-errors=0
/* Extents accc does not infer, where inferring one could map less than
   the code touches; the errors suggest a section with the bounds of the
   loops whose indices subscript the data, in names visible at the
   directive, or a placeholder. One construct per function. The
   subscripts (i * 7) % n say nothing of the extent: only the allocation
   could. A pointer named in a clause without a section is the pointer
   itself (§2.7.1): a warning suggests the section. */
#include <stdlib.h>

/* The count's variable changes between the allocation and the
   construct. */
void count_changed(int n) {
    double *p = malloc(n * sizeof *p);
    n = n + 1;
#pragma acc parallel loop
    for (int i = 0; i < 10; i++)
        p[(i * 7) % n] = 1; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
}

/* The allocation is in a branch. */
void in_branch(int n, int c) {
    double *p = 0;
    if (c)
        p = malloc(n * sizeof *p);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 7) % n] = 1; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
}

/* The pointer is assigned again, or its address is taken. */
void reassigned(int n, double *q) {
    double *p = malloc(n * sizeof *p);
    p = q;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 7) % n] = 1; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
}

void address_taken(int n) {
    double *p = malloc(n * sizeof *p);
    double **pp = &p;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 7) % n] = 1; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
    (void)pp;
}

/* A loop around the construct changes the count after it. */
void loop_changes(int n, int steps) {
    double *p = malloc(n * sizeof *p);
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            p[(i * 7) % n] += 1; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
        n--;
    }
}

/* The count's name means another variable at the directive. */
void shadowed(int n) {
    double *p = malloc(n * sizeof *p);
    {
        int n = 3;
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            p[(i * 7) % n] = 1; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
    }
}

/* Bytes that are not a whole number of elements, or not a product. */
void inexact(int n) {
    double *p = malloc(n * 4);
    double *q = malloc(n * sizeof(double) + 16);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 7) % n] = q[(i * 5) % n]; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)" error:"the extent of the data 'q' points to is unknown; add a data clause such as copyin(q[0:<count>]) or present(q)"
}

/* A jump into the code between the allocation and the construct. */
void label_between(int n, int c) {
    if (c)
        goto skip;
    double *p = malloc(n * sizeof *p);
skip:
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        p[(i * 7) % n] = 1; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
}

/* A parameter declared double a[n][m] whose n changes before the
   directive. */
void param_changed(int n, int m, double a[n][m]) {
    n = 2;
#pragma acc data copyin(a) // want error:"the extent of pointer 'a' is unknown: its declared bound 'n' may have changed since the function's entry; write a section such as copyin(a[0:<count>])"
    { }
}

/* Symbolic strides whose inner range does not fit in the stride, or
   varies in the region. */
void wide_inner(int n, int w, double *m) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        for (int j = 0; j < w; j++)
            m[i * n + j] = 1; // want error:"the extent of the data 'm' points to is unknown; add a data clause such as copy(m[0:<count>]) or present(m)"
}

void inner_inclusive(int n, double *m) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= n; j++)
            m[i * n + j] = 1; // want error:"the extent of the data 'm' points to is unknown; add a data clause such as copy(m[0:<count>]) or present(m)"
}

void stride_written(int n, double *m) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++) {
        n = 3;
        for (int j = 0; j < n; j++)
            m[i * n + j] = 1; // want error:"the extent of the data 'm' points to is unknown; add a data clause such as copy(m[0:<count>]) or present(m)"
    }
}

/* Suggestions: the loop bounds that subscript the data, per dimension;
   a placeholder where a subscript is no loop index. */
void suggest_bounds(int n, int m, const float *a, float **pp) {
    float s = 0;
#pragma acc parallel loop reduction(+:s)
    for (int i = 1; i < n - 1; i++)
        for (int j = 0; j <= m; j++)
            s += a[(i * j) % n] + pp[i + 1][j]; // want error:"the extent of the data 'a' points to is unknown; add a data clause such as copyin(a[0:<count>]) or present(a)" error:"the extent of the data 'pp' points to is unknown; add a data clause such as copyin(pp[2:n-2][0:m+1]) or present(pp)"
}

void suggest_clause(int n, double *p, int *idx) {
#pragma acc parallel loop copyout(p) // want warning:"'p' in copyout(p) is the pointer itself, not the data it points to (OpenACC §2.7.1); for the data, write a section such as copyout(p[0:n-2])"
    for (int k = 2; k < n; k++)
        p[k - 2] = idx[k * k]; // want error:"the extent of the data 'idx' points to is unknown; add a data clause such as copyin(idx[0:<count>]) or present(idx)"
}

void suggest_locals(int n, double *p) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++) {
        int lim = i + 4;
        for (int j = 0; j < lim; j++)
            p[j] = 0; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
    }
}

void suggest_rows(int n, int m, double **pp) {
#pragma acc parallel loop copy(pp[0:n][2]) // want error:"the rows of 'pp[0:n][2]' need a section with a length, such as pp[0:n][0:m]"
    for (int i = 0; i < n; i++)
        for (int j = 1; j < m; j++)
            pp[i][j] = pp[i][j - 1];
}
