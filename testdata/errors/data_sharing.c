// errorcheck -acc=host -fmax-errors=0
/* A variable in two kinds of private, firstprivate and reduction clauses
   of one directive: which copy the construct gets is not defined. */
void data_sharing(int n, float *a) {
    float t = 1, w[4] = {0}, s = 0;
#pragma acc parallel private(t) firstprivate(t) copy(a[0:n]) // want error:"'t' appears in both 'private' and 'firstprivate'"
    a[0] = t;
#pragma acc parallel firstprivate(w) private(w) copy(a[0:n]) // want error:"'w' appears in both 'firstprivate' and 'private'"
    a[0] = w[0];
#pragma acc parallel loop reduction(+:w) private(w) copy(a[0:n]) // want error:"'w' appears in both 'reduction' and 'private'"
    for (int i = 0; i < n; i++)
        w[0] += a[i];
#pragma acc parallel loop firstprivate(s) reduction(+:s) copy(a[0:n]) // want error:"'s' appears in both 'firstprivate' and 'reduction'"
    for (int i = 0; i < n; i++)
        s += a[i];
}
