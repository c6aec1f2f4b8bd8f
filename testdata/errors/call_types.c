// errorcheck -acc=host
// A call in a clause has the type of the function's result.
double extent(int n);
int count(int n);
int (*counter)(int n);

void f(int n, int *p) {
#pragma acc parallel loop copy(p[0:extent(n)]) // want error:"argument of 'array section' must have integer type, not 'double'"
    for (int i = 0; i < n; i++) p[i] = 0;
#pragma acc parallel loop copy(p[0:count(n)]) num_gangs(counter(n)) if(extent(n))
    for (int i = 0; i < n; i++) p[i] = 0;
#pragma acc parallel loop num_workers(extent(n)) // want error:"argument of 'num_workers' must have integer type, not 'double'"
    for (int i = 0; i < n; i++) p[i] = 0;
}
