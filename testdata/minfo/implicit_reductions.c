// minfo -acc=gpu -Minfo=accel -w
// Implicit reductions of loops a parallel construct's directives make
// independent (opt/assertedreductions.go): a scalar of the gang, and an
// array element the loop updates in every iteration (y[i], C[i][j]),
// reduced as their reduction clauses would. A loop without a directive
// that holds a vector loop stays sequential (opt/schedule.go's
// coarserThan).
#define N 64
double A[N][N], x[N], y[N], C[N][N];

void f(void) {
#pragma acc parallel loop gang copyin(A, x) copy(y) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(A[:][:]) [if not already present]" remark:"Generating copyin(x[:]) [if not already present]" remark:"Generating copy(y[:]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        double s = 0;
#pragma acc loop
        for (int j = 0; j < N; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating implicit reduction(+:s)" remark:"Generating implicit reduction(max:y[i:1])"
            s += A[i][j] * x[j];
            y[i] = y[i] > A[j][i] ? y[i] : A[j][i];
        }
        y[i] += s;
    }
#pragma acc parallel loop gang copyin(A) copy(C) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(A[:][:]) [if not already present]" remark:"Generating copy(C[:][:]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j < N; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
#pragma acc loop vector
            for (int k = 0; k < N; k++) // want remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating implicit reduction(+:C[i:1][j:1])"
                C[i][j] += A[i][k] * A[j][k];
}
