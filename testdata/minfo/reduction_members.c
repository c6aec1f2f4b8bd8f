// minfo -acc=gpu -Minfo=accel
/* -Minfo for reductions of struct members (OpenACC 2.7+): the member as
   the clause names it, the struct's implicit copy, and the construct's
   reduction that loops updating it without a clause reduce implicitly. */
struct acc { double sum; int max; };

void f(int n, const double *a, struct acc *p) {
    struct acc s = {0, 0};
#pragma acc parallel reduction(+:s.sum) copyin(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(+:s.sum)" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating implicit copy(s) [if not already present]"
    {
#pragma acc loop
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating implicit reduction(+:s.sum)"
            s.sum += a[i];
    }
#pragma acc parallel loop reduction(max:p->max) copyin(a[0:n]) copy(p[0:1]) // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(max:p->max)" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copy(p[:1]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:p->max)"
        p->max = p->max > (int)a[i] ? p->max : (int)a[i];
}
