// errorcheck -acc=multicore
/* The atomic construct (OpenACC 3.4 §2.12): a statement that is not one
   of its clause's forms, v and x the same location, an expression that
   reads x, and operators an integer x needs, are errors at the statement. */
void f(int n, int *a, float *g, int *out) {
    int c = 0, v = 0;
    float fx = 0;
#pragma acc parallel loop copy(a[0:n], c, v, fx) copyout(out[0:n]) copyin(g[0:n])
    for (int i = 0; i < n; i++) {
        int *q = &a[i];
#pragma acc atomic update
        c = a[i]; // want error:"'atomic update': the statement must have the form x++, x--, ++x, --x, x binop= expr, x = x binop expr, x = expr binop x, x = fmax(x, expr) or x = fmin(x, expr) (floating x), or x = x < expr ? expr : x (integer x; max or min in any order)"
#pragma acc atomic read
        c = c; // want error:"'atomic read': 'v' and 'x' must be different locations, both are 'c'"
#pragma acc atomic update
        c += c * 2; // want error:"'atomic update': 'expr' (c * 2) must not access 'x' or 'v'"
#pragma acc atomic write
        c = c + 1; // want error:"'atomic write': 'expr' (c + 1) must not access 'x' or 'v'"
#pragma acc atomic update
        c = c * i + 1; // want error:"'atomic update': the statement must have the form"
#pragma acc atomic capture
        { // want error:"'atomic capture': the statement must have the form"
            v = c;
            a[i] += 1;
        }
#pragma acc atomic update
        fx <<= 1; // want error:"'atomic update': operator '<<' needs an integer 'x'"
#pragma acc atomic capture
        out[i] = c; // want error:"'atomic capture': the statement must have the form"
#pragma acc atomic update
        a[i++] += 1; // want error:"'atomic update': 'a[i++]' must be a scalar lvalue without side effects"
#pragma acc atomic read
        a[c] = c; // want error:"'atomic read': 'v' (a[c]) must not access 'x' (c)"
    }
}
