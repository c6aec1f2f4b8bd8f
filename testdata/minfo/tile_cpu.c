// minfo -acc=multicore -Minfo=loop
// The tile clause (OpenACC 3.4 §2.9.8) on a CPU target: the gang loop's
// tile loop runs over the OpenMP threads, each tile's elements in order;
// a tiled vector loop runs its tiles in order in each thread.
#define N 1000
float a[N][N], b[N][N];

void f(void) {
#pragma acc parallel loop tile(32, 4) copyin(a) copyout(b)
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang tile(32,4)"
        for (int j = 0; j < N; j++) // want remark:"  /* tiled */"
            b[j][i] = a[i][j];
#pragma acc parallel loop gang copy(b)
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang"
#pragma acc loop vector tile(64)
        for (int j = 0; j < N; j++) // want remark:"#pragma acc loop seq tile(64)"
            b[i][j] += 1;
    }
}
