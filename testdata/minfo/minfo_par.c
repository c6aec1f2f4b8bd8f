// minfo -acc=gpu -Minfo=par
// -Minfo=par: the loops that run in parallel and how (Loop is
// parallelizable, the schedule, reductions); not the kernels, the data
// movement or why the other loops stay sequential (-Mneginfo adds that:
// see mneginfo.c, the same code).
void smooth(int n, float *restrict a, float *restrict b, float *s) {
    float sum = 0.0f;
#pragma acc kernels copyin(b[0:n]) copy(a[0:n]) // want remark:"Generating reduction(+:sum)" warning:"'a' is copied to and from the device but the construct writes every element before reading it; copyout(a[:n]) would skip the copy to the device"
    {
        for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = 2.0f * b[i];
        for (int i = 1; i < n; i++) // want remark:"#pragma acc loop seq"
            a[i] = a[i - 1] + b[i];
        for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:sum)"
            sum += a[i];
    }
#pragma acc parallel loop collapse(2) copy(a[0:n])
    for (int j = 0; j < 4; j++) // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int i = 0; i < n / 4; i++) // want remark:"  /* collapsed */"
            a[j * (n / 4) + i] += 1.0f;
    *s = sum;
}
