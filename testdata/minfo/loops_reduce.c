// minfo -acc=gpu -Minfo=accel
// Dependence-analysis corpus: scalar reductions the compiler recognises in
// kernels loops (each in its own construct, since a reduction combines over
// the whole construct), the forms NVHPC accepts, and look-alikes that are
// no reduction: the variable used by another statement, two operators, an
// operator that does not associate.
#include <math.h>
#define N 64

double sum_forms(int n, const double *restrict v) {
    double s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
    // s += x
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s1)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s1)"
        s1 += v[i];
    // s = s + x
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s2)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s2)"
        s2 = s2 + v[i] * v[i];
    // s = x + s
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s3)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s3)"
        s3 = 2 * v[i] + s3;
    // s -= x: a sum of the negated terms
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s4)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s4)"
        s4 -= v[i];
    // s = s - x
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s5)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s5)"
        s5 = s5 - v[i];
    return s1 + s2 + s3 + s4 + s5;
}

double product_forms(int n, const double *restrict v) {
    double p1 = 1, p2 = 1;
    // p *= x
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(*:p1)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(*:p1)"
        p1 *= v[i];
    // p = p * x
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(*:p2)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(*:p2)"
        p2 = p2 * (1 + v[i]);
    return p1 + p2;
}

double minmax_forms(int n, const double *restrict v, const float *restrict f) {
    double m1 = -1e300, m2 = 1e300, m3 = -1e300, m4 = 1e300, m5 = -1e300, m6 = 1e300;
    float m7 = -1e30f;
    // m = fmax(m, x)
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(max:m1)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:m1)"
        m1 = fmax(m1, v[i]);
    // m = fmin(x, m)
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(min:m2)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(min:m2)"
        m2 = fmin(v[i], m2);
    // if (x > m) m = x
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(max:m3)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:m3)"
        if (v[i] > m3)
            m3 = v[i];
    // if (x < m) m = x
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(min:m4)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(min:m4)"
        if (v[i] < m4)
            m4 = v[i];
    }
    // m = x > m ? x : m
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(max:m5)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:m5)"
        m5 = v[i] > m5 ? v[i] : m5;
    // m = m < x ? m : x (a minimum)
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(min:m6)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(min:m6)"
        m6 = m6 < v[i] ? m6 : v[i];
    // float maximum through fmaxf
#pragma acc kernels copyin(f[0:n]) // want remark:"Generating reduction(max:m7)" remark:"Generating copyin(f[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:m7)"
        m7 = fmaxf(m7, f[i]);
    return m1 + m2 + m3 + m4 + m5 + m6 + m7;
}

int int_forms(int n, const int *restrict k) {
    int band = -1, bor = 0, bxor = 0, land = 1, lor = 0, imax = -2147483647;
    // integer &
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(&:band)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(&:band)"
        band &= k[i];
    // integer | written out
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(|:bor)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(|:bor)"
        bor = bor | k[i];
    // integer ^
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(^:bxor)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(^:bxor)"
        bxor ^= k[i];
    // logical &&
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(&&:land)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(&&:land)"
        land = land && k[i] > 0;
    // logical ||
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(||:lor)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(||:lor)"
        lor = lor || k[i] < 0;
    // integer maximum through a selection
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(max:imax)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:imax)"
        if (k[i] > imax)
            imax = k[i];
    return band + bor + bxor + land + lor + imax;
}

double nests(int n, const double *restrict v, double *restrict rows) {
    double s = 0, t;
    // a sum over a 2-D nest: both loops reduce into s
#pragma acc kernels copyin(v[0:n*n]) // want remark:"Generating reduction(+:s)" remark:"Generating copyin(v[:n*n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */" remark:"Generating reduction(+:s)"
        for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:s)"
            s += v[i * n + j];
    // row sums: t is private to each row, each inner loop reduces into it
#pragma acc kernels copyin(v[0:n*n]) copyout(rows[0:n]) // want remark:"Generating copyin(v[:n*n]) [if not already present]" remark:"Generating copyout(rows[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
        t = 0;
        for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:t)"
            t += v[i * n + j];
        rows[i] = t;
    }
    return s;
}

double not_reductions(int n, const double *restrict v, double *restrict w) {
    double s1 = 0, s2 = 0, s3 = 1, s4 = 0, s5 = 0, s6 = 0, m = -1e300;
    int at = -1;
    // a running sum stored in every iteration (a scan): s1 is read by another statement
#pragma acc kernels copyin(v[0:n]) copyout(w[0:n]) // want remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating copyout(w[:n]) [if not already present]" remark:"Generating implicit copy(s1) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for s1 at line 139,140"
        s1 += v[i];
        w[i] = s1;
    }
    // s2 is summed in one loop and read by the next loop of the construct
#pragma acc kernels copyin(v[0:n]) copyout(w[0:n]) // want remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating copyout(w[:n]) [if not already present]" remark:"Generating implicit copy(s2) [if not already present]"
    {
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for s2 at line 146"
            s2 += v[i];
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            w[i] = v[i] / s2;
    }
    // two operators on one variable
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating implicit copy(s3) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for s3 at line 153,154"
        s3 += v[i];
        s3 *= 0.5;
    }
    // s = x - s does not associate
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating implicit copy(s4) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for s4 at line 159"
        s4 = v[i] - s4;
    // division is no reduction operator
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating implicit copy(s5) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for s5 at line 163"
        s5 = s5 / v[i];
    // the condition reads the partial sum
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating implicit copy(s6) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for s6 at line 167,168"
        if (s6 < 100)
            s6 += v[i];
    // the maximum and where it is (argmax): the test reads m (and at's last value is needed)
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating implicit copy(m) [if not already present]" remark:"Generating implicit copy(at) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for m at line 172"
        if (v[i] > m) {
            m = v[i];
            at = i;
        }
    return s1 + s2 + s3 + s4 + s5 + s6 + m + at;
}

int counts(int n, const int *restrict k) {
    int c1 = 0, c2 = 0, c3 = 0, c4 = 100, c5 = 100;
    // a comparison's value summed
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(+:c1)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c1)"
        c1 += k[i] != 0;
    // ++ and -- are sum reductions, postfix or prefix
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(+:c2)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c2)"
        c2++;
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(+:c3)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c3)"
        ++c3;
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(+:c4)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c4)"
        c4--;
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(+:c5)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c5)"
        --c5;
    return c1 + c2 + c3 + c4 + c5;
}

double conditional_forms(int n, const double *restrict v, const int *restrict k, double *restrict w) {
    int c1 = 0, c2 = 0, c3 = 0, c4 = 0;
    double s1 = 0, s2 = 0, s3 = 0, m1 = -1e300, p1 = 1;
    // a conditional count: a sum reduction under an if
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:c1)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c1)"
        if (v[i] > 0)
            c1 += 1;
    // counting with ++ under an if
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(+:c2)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c2)"
        if (k[i] % 3 == 0)
            c2++;
    // counting down with -= under an if
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating reduction(+:c3)" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c3)"
        if (k[i] < 0)
            c3 -= 2;
    }
    // a conditional sum of the values that pass the test
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s1)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s1)"
        if (v[i] > 0)
            s1 += v[i];
    // both branches update with the same operator (a sum of absolute values)
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s2)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s2)"
        if (v[i] > 0)
            s2 += v[i];
        else
            s2 -= v[i];
    }
    // an else-if chain of sums, one branch without an update
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s3)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s3)"
        if (v[i] > 10)
            s3 += 2 * v[i];
        else if (v[i] > 0)
            s3 = s3 + v[i];
        else
            ;
    }
    // the update in a block with another statement that does not use it
#pragma acc kernels copyin(k[0:n]) copyout(w[0:n]) // want remark:"Generating reduction(+:c4)" remark:"Generating copyin(k[:n]) [if not already present]" remark:"Generating copyout(w[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c4)"
        w[i] = 0;
        if (k[i] > 0) {
            c4++;
            w[i] = k[i];
        }
    }
    // a maximum under a test that does not read it
#pragma acc kernels copyin(v[0:n], k[0:n]) // want remark:"Generating reduction(max:m1)" remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating copyin(k[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:m1)"
        if (k[i] % 2 == 0) {
            if (v[i] > m1)
                m1 = v[i];
        }
    // a conditional product
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(*:p1)" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(*:p1)"
        if (v[i] < 0)
            p1 *= -1;
    return c1 + c2 + c3 + c4 + s1 + s2 + s3 + m1 + p1;
}

int conditional_not(int n, const int *restrict k, int *restrict w) {
    int c1 = 0, c2 = 0, c3 = 0, c4 = 1, c5 = 0, c6 = 0;
    _Bool b = 0;
    // the else branch resets the count
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating copyin(k[:n]) [if not already present]" remark:"Generating implicit copy(c1) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for c1 at line 274"
        if (k[i] > 0)
            c1++;
        else
            c1 = 0;
    }
    // the branches use two operators
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating copyin(k[:n]) [if not already present]" remark:"Generating implicit copy(c4) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for c4 at line 282,284"
        if (k[i] > 0)
            c4 *= 2;
        else
            c4 += 1;
    }
    // the condition reads the count
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating copyin(k[:n]) [if not already present]" remark:"Generating implicit copy(c2) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for c2 at line 289,290"
        if (c2 < 10 && k[i] > 0)
            c2++;
    // the count is read by another statement of the loop
#pragma acc kernels copyin(k[0:n]) copyout(w[0:n]) // want remark:"Generating copyin(k[:n]) [if not already present]" remark:"Generating copyout(w[:n]) [if not already present]" remark:"Generating implicit copy(c3) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for c3 at line 295,296"
        if (k[i] > 0)
            c3++;
        w[i] = c3;
    }
    // the count is stored by the statement that increments it
#pragma acc kernels copyin(k[0:n]) copyout(w[0:n]) // want remark:"Generating copyin(k[:n]) [if not already present]" remark:"Generating copyout(w[:n]) [if not already present]" remark:"Generating implicit copy(c5) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for c5 at line 302"
        if (k[i] > 0)
            w[i] = c5++;
    // the count decides a store in its own branch
#pragma acc kernels copyin(k[0:n]) copyout(w[0:n]) // want remark:"Generating copyin(k[:n]) [if not already present]" remark:"Generating copyout(w[:n]) [if not already present]" remark:"Generating implicit copy(c6) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for c6 at line 307,308"
        if (k[i] > 0) {
            c6++;
            if (c6 > 3)
                w[i] = 1;
        }
    // subtracting 1 from a _Bool toggles it: no sum
#pragma acc kernels copyin(k[0:n]) // want remark:"Generating copyin(k[:n]) [if not already present]" remark:"Generating implicit copy(b) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for b at line 315"
        if (k[i] > 0)
            b -= 1;
    return c1 + c2 + c3 + c4 + c5 + c6 + b;
}
