// minfo -acc=gpu -Minfo=accel
// Scalars a kernels construct writes in loops that their clauses partition
// (OpenACC 3.4 §2.6.2: the construct shares them with the host): a
// reduction the loop performs implicitly, a copy per iteration, atomic
// updates, or a sequential loop that says why its clauses are not applied.
#define N 1000

double x[N], b[N], c[N];

double levels(void) {
    double s = 0, t = 0, u = 0, v = 0;
#pragma acc kernels loop gang worker // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(+:s)" remark:"Generating implicit copyin(x[:]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, worker(4) /* blockIdx.x threadIdx.y */" remark:"Generating implicit reduction(+:s)"
        s += x[i];
#pragma acc kernels loop vector // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(t) [if not already present]" remark:"Generating implicit copyin(x[:]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating implicit reduction(+:t)"
        t = t + x[i] * x[i];
#pragma acc kernels loop independent // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(max:u)" remark:"Generating implicit copyin(x[:]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating implicit reduction(max:u)"
        if (x[i] > u)
            u = x[i];
#pragma acc kernels // want remark:"Generating reduction(*:v)" remark:"Generating implicit copyin(x[:]) [if not already present]"
    {
#pragma acc loop gang
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang /* blockIdx.x */" remark:"Generating implicit reduction(*:v)"
            v *= x[i];
    }
    return s + t + u + v;
}

double copies(void) {
    double tmp, last, carry = 0, sum = 0;
    int hits = 0;
    // written before it is read, not read after the loop: each
    // iteration's own
#pragma acc kernels loop gang vector // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(x[:]) [if not already present]" remark:"Generating implicit copy(b[:]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        tmp = x[i] * 2;
        b[i] = tmp + 1;
    }
    // its last value is read after the loop
#pragma acc kernels loop gang vector // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"Generating implicit copyin(x[:]) [if not already present]" remark:"Generating implicit copy(last) [if not already present]" remark:"Generating implicit copy(b[:]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for last at line 64" remark:"  the loop's gang, vector clauses are not applied: a kernels construct shares last with the host (implicit copy)"
        last = x[i] * 2;
        b[i] = last + 1;
    }
    // carried from one iteration to the next
#pragma acc kernels loop gang worker // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"Generating implicit copy(carry) [if not already present]" remark:"Generating implicit copyin(x[:]) [if not already present]" remark:"Generating implicit copy(c[:]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for carry at line 50,51" remark:"  the loop's gang, worker clauses are not applied: a kernels construct shares carry with the host (implicit copy)"
        carry = carry * 0.5 + x[i];
        c[i] = carry;
    }
    // updated only by atomic constructs
#pragma acc kernels loop independent // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(x[:]) [if not already present]" remark:"Generating implicit copy(hits) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        if (x[i] > 0) {
#pragma acc atomic update
            hits++;
        }
    // a loop whose own clause reduces the variable
#pragma acc kernels loop auto reduction(+:sum) // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(+:sum)" remark:"Generating implicit copyin(x[:]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:sum)"
        sum += x[i];
    return last + carry + hits + sum;
}
