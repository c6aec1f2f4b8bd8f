// errorcheck -acc=multicore
/* More atomic construct errors (OpenACC 3.4 §2.12): x of a pointer type,
   and an if clause naming a variable the region does not otherwise use. */
void g(int n, int *a) {
    int c = 0;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        int *q = &a[i];
#pragma acc atomic update
        q++; // want error:"'atomic update': 'q' must have an integer or floating type of at most 8 bytes"
    }
    int use = 1;
#pragma acc parallel loop copy(c)
    for (int i = 0; i < n; i++) {
#pragma acc atomic update if(use) // want error:"the if clause of 'atomic' uses 'use', which the compute region does not use otherwise; this is not supported yet"
        c += 1;
    }
}
