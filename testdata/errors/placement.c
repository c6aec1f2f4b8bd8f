// errorcheck -acc=host
#pragma acc parallel // want error:"'#pragma acc parallel' must appear inside a function body"
int g;

void f(int n, int *p) {
    int late;
#pragma acc loop // want error:"'#pragma acc loop' must be followed by a 'for' loop"
    while (n--) late = n;
    if (n)
#pragma acc update self(p[0:n]) // want error:"cannot be the body of an if, switch, label or loop statement"
        n++;
#pragma acc kernels // want error:"'#pragma acc kernels' must be followed by a statement, not a declaration"
    int x = late;
    {
#pragma acc serial // want error:"'#pragma acc serial' must be followed by a statement"
    }
    p[0] = x;
}
