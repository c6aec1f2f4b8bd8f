// run
/* Declarations at the top level of a kernels construct (OpenACC 3.4
   §2.5.3: each loop nest is a kernel of its own; the declarations' scope
   is the whole block): scalars initialized with constants and with data
   an earlier kernel wrote, a const scalar, a pointer into another one, a
   struct and arrays with braces, a two-dimensional array, a string,
   an array sized by its initializer, several declarators where one
   initializer reads another, a variable assigned by a serial statement,
   summed by a loop and used as a loop bound and as a loop index, a name
   that hides a variable the construct's clause uses, and a variable
   declared register. Loop directives under if, else and switch in the
   same constructs and in parallel constructs. */
#include <stdio.h>
#define N 64

struct pair {
    int lo, hi;
};

int main(void) {
    static double a[N], b[N], c[N];
    static int d[N];
    int n = N, base = N / 2, sel = 1, t = 0, u = 0;
    for (int i = 0; i < N; i++)
        a[i] = i;
#pragma acc kernels copy(a[0:base], b, c, d) copyin(n)
    {
        int base = 3;
        const double scale = 0.5;
        for (int i = 0; i < N / 2; i++)
            a[i] = a[i] * scale + base;
        double w[3] = {1, 10, 100};
        double first = a[4], *p = &w[1];
        struct pair r = {2, N - 2};
        int m[2][2] = {{1, 2}, {3, 4}};
        char tag[] = "acc";
        int k[] = {5, 6, 7, 8}, kn = sizeof k / sizeof k[0], half = kn / 2;
        register int reg = 7;
        double sum;
        int i;
        sum = 0;
        for (int j = 0; j < N; j++)
            b[j] = first + w[j % 3] + m[j % 2][(j / 2) % 2] + tag[j % 3];
        for (int j = r.lo; j < r.hi; j++)
            b[j - 1] += k[j % kn] + half + p[j % 2];
        for (int j = 0; j < N / 2; j++)
            sum += a[j];
        for (i = 0; i < kn; i++)
            c[i] = sum + reg;
        c[N - 1] = i;
        if (sel) {
#pragma acc loop independent
            for (int j = 0; j < N; j++)
                d[j] = j * base;
        } else {
#pragma acc loop independent
            for (int j = 0; j < N; j++)
                d[j] = -j;
        }
    }
#pragma acc parallel copy(a, t, u, d) firstprivate(sel)
    {
        if (sel > 0) {
#pragma acc loop gang reduction(+:t)
            for (int i = 0; i < N; i++)
                t += (int)a[i];
        } else {
#pragma acc loop gang reduction(+:t)
            for (int i = 0; i < N; i++)
                t -= 1;
        }
        switch (sel) {
        case 0:
#pragma acc loop gang
            for (int i = 0; i < N; i++)
                d[i] = 0;
            break;
        case 1:
#pragma acc loop gang
            for (int i = 0; i < N; i++)
                d[i] += 1;
        default:
#pragma acc loop gang reduction(+:u)
            for (int i = 0; i < N; i++)
                u += d[i];
        }
    }
    double sb = 0, sc = 0;
    long sd = 0;
    for (int i = 0; i < N; i++) {
        sb += b[i] * (i % 7 + 1);
        sc += c[i];
        sd += d[i];
    }
    printf("%g %g %g %g %g\n", a[0], a[31], a[32], sb, sc);
    printf("%ld %d %d %d\n", sd, t, u, base);
    return 0;
}
