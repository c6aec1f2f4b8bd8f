// minfo -acc=gpu -Minfo=accel
// Data-movement lint: a compute construct inside a host loop copies its
// arrays in every iteration unless a data construct around the loop
// keeps them on the device; accc names the data directive that would
// move them once.
void step(int n, float *restrict a, float *restrict b, int steps) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copy(b[:n]) [if not already present]" warning:"'a' is copied to the device in every iteration of the loop at line 7; a '#pragma acc data copyin(a[:n])' around that loop would move it once" warning:"'b' is copied to and from the device in every iteration of the loop at line 7; a '#pragma acc data copy(b[:n])' around that loop would move it once"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += a[i];
    }
#pragma acc data copyin(a[0:n]) copy(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copy(b[:n]) [if not already present]"
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop present(a[0:n]) copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating present(a[:n])" remark:"Generating copy(b[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += a[i];
    }
}

// Data in a copyout clause that the construct never writes (the clauses
// are swapped: a, which the loop overwrites, needs no copy in).
void never(int n, float *restrict a, float *restrict b) {
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" warning:"'a' is copied to the device but the construct writes every element before reading it; create(a[:n]) would skip the transfer" warning:"'b' is in a copyout clause but the construct never writes it: copying it back replaces the host's values with uninitialised device memory; use copy or create"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        a[i] = b[i];
}
