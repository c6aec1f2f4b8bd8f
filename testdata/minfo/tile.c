// minfo -acc=gpu -Minfo=loop
// The tile clause (OpenACC 3.4 §2.9.8) as -Minfo reports what the kernel
// does: the sizes it runs, innermost first as the clause lists them (a *
// replaced by accc's choice), with gang on the tile loops and vector on
// the element loops (worker on the element loops without vector, on the
// tile loops with it), the vector length a tile's elements; the tiled
// loops "/* tiled */"; and a sequential loop runs as written.
#define N 1000
float a[N][N], b[N][N], c[64][64][64];

void levels(int n) {
#pragma acc parallel loop tile(32, 4) copyin(a) copyout(b)
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, vector(128) tile(32,4) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < N; j++) // want remark:"  /* tiled */"
            b[j][i] = a[i][j];
#pragma acc parallel loop gang worker vector tile(8, 8) copy(b)
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, worker(4), vector(32) tile(8,8) /* blockIdx.x threadIdx.y threadIdx.x */"
        for (int j = 0; j < N; j++) // want remark:"  /* tiled */"
            b[i][j] += 1;
#pragma acc parallel loop gang worker tile(4, 2) copy(b)
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, worker(4) tile(4,2) /* blockIdx.x threadIdx.y */"
        for (int j = 0; j < N; j++) // want remark:"  /* tiled */"
            b[i][j] += 1;
#pragma acc parallel loop tile(*, *, *) copy(c)
    for (int i = 0; i < 64; i++) // want remark:"#pragma acc loop gang, vector(256) tile(32,8,1) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < 64; j++) // want remark:"  /* tiled */"
            for (int k = 0; k < 64; k++) // want remark:"  /* tiled */"
                c[i][j][k] *= 2;
#pragma acc parallel loop gang copy(b)
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector tile(64)
        for (int j = 0; j < N; j++) // want remark:"#pragma acc loop vector(64) tile(64) /* threadIdx.x */"
            b[i][j] += 1;
    }
#pragma acc parallel loop gang tile(2, 2) copy(c)
    for (int i = 0; i < 64; i++) // want remark:"#pragma acc loop gang tile(2,2) /* blockIdx.x */"
        for (int j = 0; j < 64; j++) { // want remark:"  /* tiled */"
#pragma acc loop vector
            for (int k = 0; k < 64; k++) // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                c[i][j][k] += 1;
        }
}

void sequential(int n) {
#pragma acc parallel loop seq tile(4) copy(b)
    for (int i = 1; i < N; i++) // want remark:"#pragma acc loop seq" remark:"  tile not applied: a sequential loop runs its iterations in source order"
        b[i][0] = b[i - 1][0] + 1;
#pragma acc kernels loop tile(8, 8) copy(a)
    for (int i = 1; i < N; i++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i][j] written at line 51, a[i - 1][j] read at line 51: distance 1, direction (<,=)" remark:"  tile not applied: a sequential loop runs its iterations in source order"
        for (int j = 0; j < N; j++) // want remark:"  /* collapsed */"
            a[i][j] = a[i - 1][j] + 1;
#pragma acc kernels loop tile(*, 16) copyin(b) copyout(a)
    for (int i = 0; i < N; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(256) tile(16,16) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < N; j++) // want remark:"  /* tiled */"
            a[i][j] = b[i][j] * 2;
}
