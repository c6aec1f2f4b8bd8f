// errorcheck -acc=host -fmax-errors=0
#define N 100
struct pt { double x, y; };

void f(int n, double d, int *p, float *q, struct pt s) {
    double sum = 0;
    int bits = 0;
#pragma acc parallel loop num_gangs(d) // want error:"num_gangs"
    for (int i = 0; i < n; i++) p[i] = i;
#pragma acc parallel copy(r[0:n]) // want error:"use of undeclared identifier 'r'"
    p[0] = 1;
#pragma acc parallel loop reduction(maxx:sum) // want error:"unknown reduction operator 'maxx'"
    for (int i = 0; i < n; i++) sum += q[i];
#pragma acc parallel loop reduction(|:sum) // want error:"reduction"
    for (int i = 0; i < n; i++) sum += q[i];
#pragma acc parallel loop collapse(n) // want error:"collapse"
    for (int i = 0; i < n; i++) p[i] = 0;
#pragma acc parallel loop tile(n, *) // want error:"argument of 'tile' must be an integer constant expression"
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) p[i] = j;
#pragma acc loop seq independent // want error:"clauses 'seq' and 'independent' are mutually exclusive"
    for (int i = 0; i < n; i++) p[i] = 0;
#pragma acc loop copyin(q[0:n]) // want error:"clause 'copyin' is not allowed on 'loop'"
    for (int i = 0; i < n; i++) p[i] = 0;
#pragma acc update // want error:"'update' requires at least one of"
#pragma acc parallel loop copyin(q[0:N]) reduction(|:bits) copy(s)
    for (int i = 0; i < N; i++) bits |= (int)q[i];
#pragma acc paralel // want error:"unknown OpenACC directive 'paralel'"
    p[0] = bits;
#pragma acc parallel loop copyinn(q[0:n]) // want error:"unknown clause 'copyinn'"
    for (int i = 0; i < n; i++) p[i] = 0;
}
