// minfo -acc=gpu -Minfo=accel
/* -Minfo for reductions of arrays and sections (OpenACC 2.7+): the
   reduction with its section, and the copy the reduction implies
   (§2.5.15). */
void f(int n, const double *a, double *h) {
    double c[10];
    int t[4];
    for (int j = 0; j < 10; j++)
        c[j] = 0;
#pragma acc parallel loop reduction(+:c[0:10]) copyin(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(+:c[:10])" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating implicit copy(c[:10]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:c[:10])"
        c[i % 10] += a[i];
#pragma acc parallel loop reduction(max:h[2:4]) copyin(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(max:h[2:4])" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating implicit copy(h[2:4]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:h[2:4])"
        h[2 + i % 4] = h[2 + i % 4] > a[i] ? h[2 + i % 4] : a[i];
#pragma acc parallel loop gang private(t) copyin(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]"
    for (int g = 0; g < 8; g++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector reduction(+:t)
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:t[:])"
            t[i % 4] += (int)a[i];
    }
}
