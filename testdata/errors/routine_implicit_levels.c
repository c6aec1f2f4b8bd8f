// errorcheck -acc=multicore
/* The callers of implicit routines (OpenACC 3.4 §2.15.1) are checked as
   those of an explicit routine of the level accc infers: a function with a
   vector loop is a vector routine, one that calls a worker routine outside
   its loops a worker routine, and neither is called inside a loop of its
   level. */
double dot(const double *a, const double *b, int n)
{
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

void vecs(double *a, double *out, int m, int n) {
#pragma acc parallel loop gang vector copyin(a[0:m*n]) copyout(out[0:m])
    for (int r = 0; r < m; r++) {
        double d = dot(a + r * n, a + r * n, n); // want error:"'dot' is a vector routine (implicitly: the level of its loop directives and the routines it calls): it cannot be called inside a vector loop"
        out[r] = d;
    }
}

static double inner(const double *a, int n) {
    double s = 0;
#pragma acc loop worker reduction(+:s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

double outer(const double *a, int n) {
    double t = 0;
#pragma acc loop vector reduction(+:t)
    for (int i = 0; i < n; i++) {
        double x = inner(a, n); // want error:"'inner' is a worker routine (implicitly"
        t += x;
    }
    return t;
}

void serial_call(double *a, double *out, int n) {
#pragma acc parallel loop gang worker copyin(a[0:n]) copyout(out[0:n])
    for (int i = 0; i < n; i++) {
        double x = outer(a, n); // want error:"'outer' is a worker routine (implicitly"
        out[i] = x;
    }
}
