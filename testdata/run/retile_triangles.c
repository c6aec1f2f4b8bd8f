// run
/* Triangular nests (a gang loop over i, a vector loop over j whose bound
   depends on i, a product loop over k), which the GPU runs re-tiled over
   the rectangle that bounds them, masked (opt/retile.go): every bound
   form, offsets, sizes that are not multiples of the 32x8 tiles, empty
   triangles and a rectangle; each checked against the nest run
   sequentially on the host, and the elements outside the triangle left
   as they were. Values are small integers: the sums are exact. */
#include <stdio.h>
#include <stdlib.h>

#define NEST(NAME, ILO, IHI, JLO, JCMP, JHI)                                                             \
    static void NAME(int n, int m, const double *restrict A, double *restrict C, int dev) {             \
        if (dev) {                                                                                       \
            _Pragma("acc parallel loop gang copyin(A[0:n*m]) copy(C[0:n*n])")                            \
            for (int i = ILO; i < IHI; i++) {                                                            \
                _Pragma("acc loop vector")                                                               \
                for (int j = JLO; j JCMP JHI; j++) {                                                     \
                    double s = C[i * n + j] * 2;                                                         \
                    for (int k = 0; k < m; k++) s += A[i * m + k] * A[j * m + k];                        \
                    C[i * n + j] = s;                                                                    \
                }                                                                                        \
            }                                                                                            \
        } else {                                                                                         \
            for (int i = ILO; i < IHI; i++)                                                              \
                for (int j = JLO; j JCMP JHI; j++) {                                                     \
                    double s = C[i * n + j] * 2;                                                         \
                    for (int k = 0; k < m; k++) s += A[i * m + k] * A[j * m + k];                        \
                    C[i * n + j] = s;                                                                    \
                }                                                                                        \
        }                                                                                                \
    }

NEST(le, 0, n, 0, <=, i)                   /* j <= i: syrk */
NEST(lt, 0, n, 0, <, i)                    /* j < i: row 0 empty */
NEST(le_plus, 0, n - 1, 0, <=, i + 1)      /* j <= i + 1 */
NEST(lt_minus, 0, n, 0, <, i - 3)          /* j < i - 3: rows 0..3 empty */
NEST(gt, 0, n, i + 1, <, n)                /* j > i: correlation's */
NEST(ge, 0, n, i, <, n)                    /* j >= i */
NEST(ge_minus, 2, n, i - 2, <=, n - 1)     /* j >= i - 2 */
NEST(gt_far, 0, n, i + 40, <, n)           /* j > i + 39: empty when n <= 40 */
NEST(empty, 0, n, 0, <, i - 100)           /* no iterations at all (n <= 100) */
NEST(rect, 1, n - 1, 2, <, n - 3)          /* a rectangle */

/* Correlation's form: a store before the vector loop (the diagonal),
   which the GPU runs once per row, and the mirrored store. */
#define ONCE(NAME, JLO, JCMP, JHI)                                                                       \
    static void NAME(int n, int m, const double *restrict A, double *restrict C, int dev) {             \
        if (dev) {                                                                                       \
            _Pragma("acc parallel loop gang copyin(A[0:n*m]) copy(C[0:n*n])")                            \
            for (int i = 0; i < n; i++) {                                                                \
                C[i * n + i] = A[i * m] + 1;                                                             \
                _Pragma("acc loop vector")                                                               \
                for (int j = JLO; j JCMP JHI; j++) {                                                     \
                    double s = 0;                                                                        \
                    for (int k = 0; k < m; k++) s += A[j * m + k] * A[i * m + k];                        \
                    C[i * n + j] = s;                                                                    \
                    C[j * n + i] = s + 1;                                                                \
                }                                                                                        \
            }                                                                                            \
        } else {                                                                                         \
            for (int i = 0; i < n; i++) {                                                                \
                C[i * n + i] = A[i * m] + 1;                                                             \
                for (int j = JLO; j JCMP JHI; j++) {                                                     \
                    double s = 0;                                                                        \
                    for (int k = 0; k < m; k++) s += A[j * m + k] * A[i * m + k];                        \
                    C[i * n + j] = s;                                                                    \
                    C[j * n + i] = s + 1;                                                                \
                }                                                                                        \
            }                                                                                            \
        }                                                                                                \
    }

ONCE(once_gt, i + 1, <, n)                 /* j > i, correlation's */
ONCE(once_lt, 0, <, i)                     /* j < i */
ONCE(once_far, i + 3, <=, n - 1)           /* j >= i + 3 */

typedef void nest_fn(int, int, const double *restrict, double *restrict, int);

static int check(const char *name, nest_fn *f, int n, int m) {
    double *A = malloc(sizeof(double) * n * m), *C = malloc(sizeof(double) * n * n), *R = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n * m; i++) A[i] = (i * 7 + 3) % 5;
    for (int i = 0; i < n * n; i++) C[i] = R[i] = (i * 5 + 1) % 3;
    f(n, m, A, C, 1);
    f(n, m, A, R, 0);
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < n * n; i++) {
        bad += C[i] != R[i];
        sum += C[i];
    }
    printf("%-9s n %3d m %3d: %s, sum %.0f\n", name, n, m, bad ? "WRONG" : "ok", sum);
    free(A);
    free(C);
    free(R);
    return bad != 0;
}

int main(void) {
    static const int sizes[][2] = {{1, 33}, {31, 40}, {45, 33}, {64, 70}, {77, 5}};
    int bad = 0;
    for (int s = 0; s < 5; s++) {
        int n = sizes[s][0], m = sizes[s][1];
        bad += check("le", le, n, m);
        bad += check("lt", lt, n, m);
        bad += check("le_plus", le_plus, n, m);
        bad += check("lt_minus", lt_minus, n, m);
        bad += check("gt", gt, n, m);
        bad += check("ge", ge, n, m);
        bad += check("ge_minus", ge_minus, n, m);
        bad += check("gt_far", gt_far, n, m);
        bad += check("empty", empty, n, m);
        bad += check("rect", rect, n, m);
        bad += check("once_gt", once_gt, n, m);
        bad += check("once_lt", once_lt, n, m);
        bad += check("once_far", once_far, n, m);
    }
    return bad;
}
