// errorcheck -acc=gpu -Wno-data-movement
/* race-scalar (opt/racescalar.go): a scalar in device memory (a data
   clause of the construct or of a data construct around it) that every
   iteration of a loop the program asserts independent updates from its
   own value, with no reduction; and a kernels loop whose independent
   clause such a scalar keeps accc from applying. firstprivate-lost
   (lower/hostchecks.go): a scalar a parallel or serial construct makes
   firstprivate by default (OpenACC 3.4 §2.6.2), assigns, and the host
   reads after the construct. Negative cases: correct programs of the
   same shapes, and updates that only may race. */
#include <stdio.h>
#define N 1000
static double a[N], g[N][N];

double sums(void) {
    double sum = 0, h = 1, total = 0;
    int cnt = 0;
#pragma acc parallel loop copyin(a) copy(sum) // want warning:"the loop at line 18 is independent (in a parallel construct a loop directive without seq or auto is, OpenACC §2.9.6), so its iterations may run in parallel, but every iteration updates 'sum' (line 20), which a data clause puts in device memory that all of them share: the updates race and some are lost; add reduction(+:sum) to the loop"
    for (int i = 0; i < N; i++)
        sum += a[i];
#pragma acc data copy(h)
    {
#pragma acc parallel loop copyin(a) // want warning:"every iteration updates 'h' (line 25), which a data clause puts in device memory that all of them share: the updates race and some are lost; make the loop '#pragma acc loop seq'"
        for (int i = 0; i < N; i++)
            h = h * 0.5 + a[i];
    }
#pragma acc parallel loop gang copyin(g) copy(total)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector // want warning:"every iteration updates 'total' (line 31)"
        for (int j = 0; j < N; j++)
            total += g[i][j];
    }
#pragma acc parallel loop copyin(a) copy(cnt) // want warning:"every iteration updates 'cnt' (line 35), which a data clause puts in device memory that all of them share: the updates race and some are lost; add reduction(+:cnt) to the loop"
    for (int i = 0; i < N; i++)
        cnt++;
    return sum + h + total + cnt;
}

/* independent asserted where a scalar carries a value: accc runs the
   loop sequentially (correct) but the assertion is not. */
double carried(const double *restrict x, double *restrict c) {
    double carry = 0;
#pragma acc kernels loop independent copyin(x[0:N]) copyout(c[0:N]) // want warning:"the loop at line 43 says its iterations are independent, but every iteration updates 'carry' (line 45) from the value the one before left, which no reduction can combine; accc runs the loop sequentially and ignores the clause: remove independent, or compute each iteration's value without 'carry'"
    for (int i = 0; i < N; i++) {
        carry = carry * 0.5 + x[i];
        c[i] = carry;
    }
    return carry;
}

/* The value a parallel or serial construct assigns to its firstprivate
   copy never reaches the host. */
int lost(const int *restrict v, int n) {
    int last = -1, flag = 0, total = 0;
#pragma acc parallel loop copyin(v[0:n]) // want warning:"'last' is firstprivate in this parallel construct (a scalar in no data clause, OpenACC §2.6.2): its assignment at line 57 changes the construct's copy only, and the host reads the value from before the construct at line 65; to bring the value back, give it a reduction clause (a value the loop accumulates) or copy(last) (a value one thread assigns)"
    for (int i = 0; i < n; i++)
        if (v[i] > last) last = v[i];
#pragma acc parallel copyin(v[0:n]) // want warning:"'flag' is firstprivate in this parallel construct"
    {
        flag = v[0] > 0;
    }
#pragma acc serial copyin(v[0:n]) // want warning:"'total' is firstprivate in this serial construct"
    for (int i = 0; i < n; i++)
        total += v[i];
    printf("%d %d\n", last, flag);
    return total;
}

/* Correct programs: no warning. */
double correct(const int *restrict v, int n, double *restrict b) {
    double sum = 0, m = 0, s2 = 0, c2 = 0, one = 0;
    int last = -1, mx = -1, kept = 7, late = 0, fp = 3;
#pragma acc parallel loop copyin(a) copy(sum) reduction(+:sum)
    for (int i = 0; i < N; i++)
        sum += a[i];
    /* A max under a condition, an atomic update: at most possible
       races, or none. */
#pragma acc parallel loop copyin(a) copy(m)
    for (int i = 0; i < N; i++)
        if (a[i] > m)
            m = a[i];
#pragma acc parallel loop copyin(a) copy(s2)
    for (int i = 0; i < N; i++) {
#pragma acc atomic update
        s2 += a[i];
    }
    /* kernels: a loop without independent is auto (sequential here), a
       sum becomes an implicit reduction. */
#pragma acc kernels loop gang copyin(a) copyout(b[0:N])
    for (int i = 0; i < N; i++) {
        c2 = c2 * 0.5 + a[i];
        b[i] = c2;
    }
#pragma acc kernels loop independent copyin(a)
    for (int i = 0; i < N; i++)
        sum += a[i];
    /* One iteration. */
#pragma acc parallel loop copy(one)
    for (int i = 0; i < 1; i++)
        one += 1;
    /* Firstprivate by choice, reductions, copies, values the host
       assigns again before reading them, a construct with if. */
#pragma acc parallel loop copyin(v[0:n]) firstprivate(kept)
    for (int i = 0; i < n; i++)
        kept = v[i];
#pragma acc parallel loop copyin(v[0:n]) reduction(max:mx)
    for (int i = 0; i < n; i++)
        if (v[i] > mx) mx = v[i];
#pragma acc serial copyin(v[0:n]) copy(last)
    for (int i = 0; i < n; i++)
        last = v[i];
#pragma acc parallel copyin(v[0:n])
    {
        late = v[0];
    }
    late = 0;
#pragma acc parallel copyin(v[0:n]) if(n > 100)
    {
        fp = v[0];
    }
    printf("%d %d %d %d %d\n", kept, mx, last, late, fp);
    return sum + m + s2 + c2 + one;
}
