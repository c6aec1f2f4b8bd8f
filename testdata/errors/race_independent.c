// errorcheck -acc=gpu -Wno-data-movement
/* race-independent (opt/races.go): a loop the program asserts
   independent (any loop directive of a parallel construct without seq or
   auto, OpenACC 3.4 §2.9.6; independent in a kernels construct) whose
   iterations certainly touch one element, one of them writing it. The
   negative cases below are correct programs of the same shapes, or
   dependences that are only possible: no warning. */
#define N 256
static double A[N][N], x1[N], y[N], g[N][N];

/* PolyBench-ACC mvt: the j loop is a vector loop, and every j updates
   x1[i]: accc reduces it (opt/assertedreductions.go) and says so. */
void mvt(void) {
#pragma acc parallel loop copy(x1) copyin(A, y)
    for (int i = 0; i < N; i++) {
#pragma acc loop // want warning:"the loop at line 16 is independent (in a parallel construct a loop directive without seq or auto is, OpenACC §2.9.6), but every iteration updates x1[i] (line 18); accc reduces it as reduction(+:x1[i]) would, which the program should say: add the clause (other compilers run the updates in parallel and race)"
        for (int j = 0; j < N; j++)
            x1[i] += A[i][j] * y[j];
    }
}

/* A flow dependence of distance 1 under parallel loop. */
void shift(int *a) {
#pragma acc parallel loop copy(a[0:1000]) // want warning:"but iteration i writes a[i + 1] (line 26), which iteration i + 1 reads as a[i] (line 26): a dependence of distance 1 between iterations, so the result depends on the order they run in; make the loop '#pragma acc loop seq', or restructure it (read the old values from a copy of 'a')"
    for (int i = 0; i < 1000 - 1; i++)
        a[i + 1] = a[i] + 1;
}

/* independent asserted on a prefix sum in kernels. */
void prefix(int n, float *restrict s, const float *restrict v) {
#pragma acc kernels copy(s[0:n]) copyin(v[0:n])
    {
#pragma acc loop independent // want warning:"the loop at line 33 is independent (its independent clause), so its iterations may run in parallel, but iteration i writes s[i] (line 35), which iteration i + 1 reads as s[i - 1] (line 35)"
        for (int i = 1; i < n; i++)
            s[i] = s[i - 1] + v[i];
    }
}

/* An anti-dependence, a distance of 2, a down-counting loop. */
void others(int n, float *restrict a) {
#pragma acc parallel loop copy(a[0:n + 2]) // want warning:"but iteration i reads a[i + 1] (line 43), which iteration i + 1 writes as a[i] (line 43): a dependence of distance 1"
    for (int i = 0; i < n; i++)
        a[i] = a[i + 1] * 2;
#pragma acc parallel loop copy(a[0:n + 2]) // want warning:"but iteration i writes a[i + 2] (line 46), which iteration i + 2 reads as a[i] (line 46): a dependence of distance 2"
    for (int i = 0; i < n; i++)
        a[i + 2] = a[i];
#pragma acc parallel loop copy(a[0:n]) // want warning:"but iteration i reads a[i] (line 49), which iteration i + 1 writes as a[i - 1] (line 49)"
    for (int i = n - 1; i > 0; i--)
        a[i - 1] = a[i] + 1;
}

/* Two dimensions, and a linearised array, in an inner vector loop. */
void rows(int n, int m, float *restrict p) {
#pragma acc parallel loop copy(g)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector // want warning:"iteration j writes g[i][j + 1] (line 58), which iteration j + 1 reads as g[i][j] (line 58)"
        for (int j = 0; j < N - 1; j++)
            g[i][j + 1] = g[i][j] * 0.5;
    }
#pragma acc parallel loop copy(p[0:n * m])
    for (int i = 0; i < n; i++) {
#pragma acc loop // want warning:"iteration j writes p[i * m + j + 1] (line 64), which iteration j + 1 reads as p[i * m + j] (line 64)"
        for (int j = 0; j < m - 1; j++)
            p[i * m + j + 1] = p[i * m + j];
    }
}

/* The same element in every iteration: a shared temporary array, one
   counter for all, a collapsed nest over both indices. */
void shared(int n, const float *restrict a, float *restrict b, float *restrict tmp, float *restrict cnt) {
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n]) create(tmp[0:2]) // want warning:"every iteration writes tmp[0] (line 73) and reads tmp[0] (line 74), the same element in each: a data race on 'tmp'; if each iteration needs a copy of its own, add private(tmp) to the loop; otherwise make it '#pragma acc loop seq'"
    for (int i = 0; i < n; i++) {
        tmp[0] = a[i] * 2;
        b[i] = tmp[0] + 1;
    }
#pragma acc parallel loop gang copy(cnt[0:1]) // want warning:"every iteration reads and writes cnt[0] (line 78), the same element in each: a data race on 'cnt'; add reduction(+:cnt[0]) to the loop"
    for (int i = 0; i < n; i++)
        cnt[0]++;
#pragma acc parallel loop collapse(2) copy(x1) copyin(A) // want warning:"every iteration reads and writes x1[i] (line 82)"
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            x1[i] += A[i][j];
}

/* Correct programs of the same shapes: no warning. */
void correct(int n, int m, float *restrict a, const int *restrict key, float *restrict h, float *restrict b) {
    /* The reductions that make mvt correct. */
#pragma acc parallel loop copy(x1) copyin(A, y)
    for (int i = 0; i < N; i++) {
#pragma acc loop reduction(+:x1[i])
        for (int j = 0; j < N; j++)
            x1[i] += A[i][j] * y[j];
    }
#pragma acc parallel loop copy(x1) copyin(A, y)
    for (int i = 0; i < N; i++) {
        double s = 0;
#pragma acc loop reduction(+:s)
        for (int j = 0; j < N; j++)
            s += A[i][j] * y[j];
        x1[i] = s;
    }
    /* Each iteration its own element; the inner loop sequential. */
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = a[i] + 1;
#pragma acc parallel loop copy(x1) copyin(A)
    for (int i = 0; i < N; i++) {
#pragma acc loop seq
        for (int j = 0; j < N; j++)
            x1[i] += A[i][j];
    }
    /* A private temporary array. */
    float tmp[2];
#pragma acc parallel loop private(tmp) copy(b[0:n]) copyin(a[0:n])
    for (int i = 0; i < n; i++) {
        tmp[0] = a[i] * 2;
        b[i] = tmp[0] + 1;
    }
    /* Conditional writes, an atomic update, a jump: possible races
       only, or none. */
#pragma acc parallel loop copy(b[0:1]) copyin(a[0:n])
    for (int i = 0; i < n; i++)
        if (a[i] > b[0])
            b[0] = a[i];
#pragma acc parallel loop copy(b[0:1]) copyin(a[0:n])
    for (int i = 0; i < n; i++)
        b[0] += a[i] > 0 ? 1 : 0;
#pragma acc parallel loop copy(b[0:1]) copyin(a[0:n])
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        b[0] += a[i];
    }
#pragma acc parallel loop copy(b[0:1]) copyin(a[0:n])
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            continue;
        b[0] += a[i];
    }
    /* An indirect subscript (a histogram: a race only if keys repeat),
       a symbolic distance, subscripts that never meet, a step of 2. */
#pragma acc parallel loop copy(h[0:m]) copyin(key[0:n])
    for (int i = 0; i < n; i++)
        h[key[i]] += 1;
#pragma acc parallel loop copy(a[0:n + m])
    for (int i = 0; i < n; i++)
        a[i + m] = a[i];
#pragma acc parallel loop copy(a[0:2 * n + 2])
    for (int i = 0; i < n; i++)
        a[2 * i + 1] = a[2 * i];
#pragma acc parallel loop copy(a[0:n + 1])
    for (int i = 0; i < n; i += 2)
        a[i + 1] = a[i];
    /* Too few iterations for the distance; one iteration. */
#pragma acc parallel loop copy(a[0:4])
    for (int i = 0; i < 2; i++)
        a[i + 2] = a[i];
#pragma acc parallel loop copy(a[0:1])
    for (int i = 0; i < 1; i++)
        a[0] += 1;
    /* Writes only (every iteration stores the same value), a pointer
       each iteration computes, loops whose schedule is the compiler's. */
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[0] = 1;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        float *q = a + i;
        q[0] += 1;
    }
#pragma acc parallel loop auto copy(a[0:n])
    for (int i = 0; i < n - 1; i++)
        a[i + 1] = a[i] + 1;
#pragma acc kernels copy(a[0:n])
    for (int i = 0; i < n - 1; i++)
        a[i + 1] = a[i] + 1;
    /* seq for some device types. */
#pragma acc parallel loop copy(a[0:n]) device_type(nvidia) seq
    for (int i = 0; i < n - 1; i++)
        a[i + 1] = a[i] + 1;
}

/* Element updates accc does not reduce: the array read elsewhere in the
   loop, a subscript the loop assigns, an update that is no reduction. */
void not_reduced(int n, double *restrict v, const int *restrict key) {
#pragma acc parallel loop copy(x1) copyin(A, y)
    for (int i = 0; i < N; i++) {
#pragma acc loop // want warning:"every iteration reads and writes x1[i] (line 189)"
        for (int j = 0; j < N; j++) {
            x1[i] += A[i][j] * y[j];
            y[j] = x1[i];
        }
    }
#pragma acc parallel loop copy(x1) copyin(A, y)
    for (int i = 0; i < N; i++) {
#pragma acc loop // want warning:"every iteration reads and writes x1[i] (line 197), the same element in each: a data race on 'x1'; make the loop '#pragma acc loop seq'"
        for (int j = 0; j < N; j++)
            x1[i] = A[i][j] - x1[i];
    }
#pragma acc parallel loop copy(v[0:n]) copyin(key[0:n], A)
    for (int i = 0; i < n; i++) {
#pragma acc loop
        for (int j = 0; j < N; j++)
            v[key[i]] += A[i][j];
    }
}
