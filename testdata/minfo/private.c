// minfo -acc=gpu -Minfo=accel
// Private variables are never mapped (OpenACC 3.4 §2.5.13, §2.9.10): a
// private clause on a combined construct or on a loop gives each gang,
// worker or lane its own copy, and -Minfo reports no data movement for it.
#define N 1000
void f(int *out, int bias, int coef) {
    int tmp[8], t, row[16];
#pragma acc parallel loop private(tmp, t) firstprivate(bias, coef) copyout(out[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyout(out[:1000]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        for (int k = 0; k < 8; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
            tmp[k] = i + k;
        t = 0;
        for (int k = 0; k < 8; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
            t += tmp[k] * coef;
        out[i] = t + bias;
    }
#pragma acc parallel loop gang copyout(out[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyout(out[:1000]) [if not already present]"
    for (int i = 0; i < N / 16; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop worker private(row)
        for (int j = 0; j < 16; j++) { // want remark:"#pragma acc loop worker(4) /* threadIdx.y */"
#pragma acc loop vector
            for (int k = 0; k < 16; k++) // want remark:"#pragma acc loop vector(32) /* threadIdx.x */"
                row[k] = i + j + k;
            out[i * 16 + j] = row[15 - j];
        }
    }
#pragma acc parallel loop copyout(out[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyout(out[:1000]) [if not already present]" remark:"Generating implicit copy(tmp[:]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector private(tmp)
        for (int k = 0; k < 8; k++) // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            tmp[k] = i;
        out[i] = tmp[0]; /* used outside the private loop: the shared array */
    }
}
