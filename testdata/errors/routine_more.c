// errorcheck -acc=emulate
/* More misuse of routines (OpenACC 3.4 §2.15.1): what a routine body may
   not contain, conflicting and misplaced routine directives, and calls of
   variadic functions in device code. */
#pragma acc routine seq
int withgoto(int x)
{
    if (x)
        goto out; /* a seq routine runs on one thread: C's goto */
    x = 1;
out:
    return x;
}

#pragma acc routine seq
void upd(double *a, int n)
{
#pragma acc update device(a[0:n]) // want error:"'#pragma acc update' inside routine 'upd' is not supported: a routine's body is device code"
}

#pragma acc routine gang
double gsum(const double *a, int n)
{
    double s = 0;
#pragma acc loop gang reduction(+:s) // want error:"reduction(+:s) on a gang loop of routine 'gsum' is not supported yet"
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

#pragma acc routine vector
void vzero(double *a, int n);
#pragma acc routine(vzero) worker // want error:"routine 'vzero' was already declared vector at line 31; its directives must agree"

#pragma acc routine gang(dim:2) // want error:"routine gang(dim:2) is not supported yet"
void g2(double *a);

#pragma acc routine seq // want error:"'routine' without a name must be followed by a function prototype or definition"
int notafunction;

int logmsg(const char *fmt, ...);

void g(int n, double *a)
{
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = logmsg("%d", i); // want error:"variadic function 'logmsg' cannot be called in device code"
}

#pragma acc routine vector
int vfind(const int *a, int n, int *where)
{
#pragma acc loop vector
    for (int i = 0; i < n; i++)
        if (a[i] == 0)
            return i; // want error:"'return' inside a partitioned loop is not supported in vector routine 'vfind'"
    if (n < 0) {
        *where = -1;
        return -1; // want error:"'return' in a statement that also stores to memory (which one thread runs for the others) is not supported in vector routine 'vfind'"
    }
    return n;
}

#pragma acc routine seq
double corner(int n, int m, double v[n][m]) { return v[n - 1][m - 1]; } // want error:"parameter 'v' of routine 'corner' has variable-length rows (pointer to array of double), which device routines do not support yet"

#pragma acc routine vector
void vgoto(double *a, int n)
{
    if (n < 0)
        goto out; // want error:"'goto' in vector routine 'vgoto' is not supported yet"
#pragma acc loop vector
    for (int i = 0; i < n; i++)
        a[i] = 0;
out:;
}
