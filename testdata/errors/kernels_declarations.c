// errorcheck -acc=multicore -fmax-errors=0
/* Declarations at the top level of a kernels construct declare variables
   of the construct, which its kernels share in device memory; what cannot
   be one is an error. Declarations inside a loop, and in parallel
   constructs, are the kernels' own. */
extern int ext[];

void f(int n, double *a) {
#pragma acc kernels copy(a[0:n])
    {
        static int calls = 0; // want error:"'calls' is a static or extern variable declared at the top level of a kernels construct, which is not supported: declare it before the construct"
        extern int glob; // want error:"'glob' is a static or extern variable declared at the top level of a kernels construct"
        double tmp[n]; // want error:"'tmp' is a variable-length array declared at the top level of a kernels construct"
        typedef double real; // want error:"a type declared at the top level of a kernels construct is not supported: declare it before the construct"
        struct point { double x, y; } pt; // want error:"a type declared at the top level of a kernels construct"
        int proto(int);
        double ok = 1;
        for (int i = 0; i < n; i++)
            a[i] += ok;
    }
#pragma acc parallel copy(a[0:n])
    {
        double local = 2;
#pragma acc loop
        for (int i = 0; i < n; i++)
            a[i] *= local;
    }
}
