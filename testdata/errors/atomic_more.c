// errorcheck -acc=multicore
/* More atomic construct errors (OpenACC 3.4 §2.12): x of a pointer type,
   an if clause naming a variable the region does not otherwise use, and
   minimum and maximum updates in forms accc does not take (fmax on an
   integer x, a conditional choosing another expression). */
double fmax(double, double);
void g(int n, int *a) {
    int c = 0;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        int *q = &a[i];
#pragma acc atomic update
        q++; // want error:"'atomic update': 'q' must have an integer or floating type of at most 8 bytes"
    }
#pragma acc parallel loop copy(c)
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        c = fmax(c, a[i]); // want error:"'atomic update': the statement must have the form"
#pragma acc atomic update
        c = c > a[i] ? a[i] + 1 : c; // want error:"'atomic update': the statement must have the form"
    }
    int use = 1;
#pragma acc parallel loop copy(c)
    for (int i = 0; i < n; i++) {
#pragma acc atomic update if(use) // want error:"the if clause of 'atomic' uses 'use', which the compute region does not use otherwise; this is not supported yet"
        c += 1;
    }
}
