// errorcheck -acc=host -fmax-errors=0
/* A routine nohost has no host version (OpenACC 3.4 §2.15.1): host code
   may not call it, a routine's host version included ("If this
   procedure is called from other procedures, those other procedures must
   also have a matching routine directive with the nohost clause"). The
   host file called a function it does not define (found by FuzzBackend). */
#pragma acc routine seq nohost
double dev(double x) { return x + 1; }

#pragma acc routine seq nohost
double dev2(double x) { return dev(x) * 2; }

#pragma acc routine seq
double both(double x) { return dev(x); } // want error:"'dev' is a routine nohost, which has no host version, and host code in 'both' calls it: call it only in compute constructs and nohost routines"

double host_only(double *a, int n) {
    double s = dev2(1.0); // want error:"'dev2' is a routine nohost, which has no host version, and host code in 'host_only' calls it"
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = dev2(a[i]) + both(a[i]);
    return s;
}
